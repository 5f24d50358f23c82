package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/guard"
	"github.com/ragaudit/ragaudit/readers"
)

// guardFlags are the flags check and serve share with audit, where they
// mean the same: the model, its thresholds, resolution, markers and the
// embedder; the floor, -q and precomputed vectors say what they do in the
// guard (quiet: what -q does in the command).
func guardFlags(quiet string) []cli.Flag {
	keep := []string{"resolve", "citation-regex", "min-score", "threshold", "config", "embed", "embed-url", "embed-model",
		"embed-key-env", "embed-retries", "embed-timeout", "embed-cache", "quiet", "project", "no-project"}
	own := map[string]cli.Flag{
		"min-score": &cli.Float64Flag{Name: "min-score", Usage: "retrieval floor of the default policy: an answer whose best chunk score is below it is refused when the policy enforces below_floor (0: only an empty retrieval is); replaces the default floor of --policy"},
		"embed":     &cli.StringFlag{Name: "embed", Value: "none", Usage: "embedding signal: none, builtin (offline GloVe), openai (an OpenAI-compatible endpoint, see --embed-url) or precomputed (\"embedding\" vectors in the request)"},
		"quiet":     &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: quiet},
	}
	var out []cli.Flag
	for _, f := range auditCommand().Flags {
		name := f.Names()[0]
		if !slices.Contains(keep, name) {
			continue
		}
		if o, ok := own[name]; ok {
			f = o
		}
		out = append(out, f)
	}
	return append(out,
		&cli.StringFlag{Name: "policy", Usage: "per-tenant policy file (YAML or JSON): floor, enforced classes, drop limits, fallback, fail mode, timeout; serve's tokens (docs/guard.md)"},
		&cli.StringFlag{Name: "decision-log", Usage: "append each decision to this file: one canonical record per line, which ragaudit audit reads back"},
	)
}

// guardOptionsFrom reads the shared flags as audit reads them.
func guardOptionsFrom(c *cli.Context) (auditOptions, error) {
	project, err := applyProject(c, c.App.Commands)
	if err != nil {
		return auditOptions{}, err
	}
	o := flagValues(c)
	o.Project = project.path
	for _, step := range []func(*cli.Context) error{o.embedding, o.model} {
		if err := step(c); err != nil {
			return o, err
		}
	}
	switch {
	case math.IsNaN(o.Audit.MinScore) || math.IsInf(o.Audit.MinScore, 0):
		return o, usageErr("--min-score %v: want a finite retrieval score", o.Audit.MinScore)
	case !(o.Audit.Model.Threshold > 0 && o.Audit.Model.Threshold < 1):
		return o, usageErr("--threshold %v: want a probability strictly between 0 and 1", o.Audit.Model.Threshold)
	}
	return o, nil
}

// newGuard builds the guard of check and serve: the audit's
// configuration, the policy file (--min-score, when given, is the default
// policy's floor) and the decision log. The returned function closes it.
func newGuard(c *cli.Context, o *auditOptions) (*guard.Guard, *guard.PolicyFile, func() error, error) {
	opts := []guard.Option{guard.WithEmbedding(o.pipeline(nil, c.App.ErrWriter).Embed), guard.WithVersion(version)}
	var pf *guard.PolicyFile
	if path := c.String("policy"); path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, nil, usageErr("--policy: %v", err)
		}
		if pf, err = guard.ParsePolicyFile(b); err != nil {
			return nil, nil, nil, usageErr("--policy %s: %v", path, err)
		}
		if c.IsSet("min-score") {
			pf.Default.MinScore = o.Audit.MinScore
		}
		opts = append(opts, guard.WithPolicyFile(pf))
	}
	closeLog := func() error { return nil }
	if path := c.String("decision-log"); path != "" {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			return nil, nil, nil, usageErr("--decision-log: %v", err)
		}
		opts = append(opts, guard.WithLog(f))
		closeLog = f.Close
	}
	g, err := guard.New(o.Audit, opts...)
	if err != nil {
		closeLog()
		return nil, nil, nil, usageErr("%v", err)
	}
	if pf == nil {
		pf = &guard.PolicyFile{}
	}
	return g, pf, closeLog, nil
}

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "check one answer before it is served: its verdict and the policy's decision as JSON",
		ArgsUsage: "[FILE] (one canonical record, or its flat form {conversation_id, tenant, question, answer, retrieval}; default stdin)",
		Description: `Prints the decision as JSON: the action, what to serve, the verdict per claim and citation.
Exit codes: 0 pass; 1 the answer must not be served as it is (drop, fallback,
refuse, reject: serve "content"); 2 usage error or unreadable input; 3 served
unchanged with failures of classes the policy only annotates; 4 served
unchanged, but not all of it could be checked (unverifiable).`,
		Flags: append(guardFlags("no notes or warnings on stderr; the decision is printed as JSON all the same"),
			&cli.BoolFlag{Name: "findings", Usage: "also print the findings, exactly as ragaudit audit writes them to findings.jsonl"},
		),
		Action: func(c *cli.Context) error {
			o, err := guardOptionsFrom(c)
			if err != nil {
				return err
			}
			return runCheck(c, &o)
		},
	}
}

func runCheck(c *cli.Context, o *auditOptions) error {
	if c.NArg() > 1 {
		return usageErr("check reads one answer: give one file, or none for stdin")
	}
	name, in := "stdin", c.App.Reader
	if c.NArg() == 1 && c.Args().First() != readers.Stdin {
		name = c.Args().First()
		f, err := os.Open(name)
		if err != nil {
			return usageErr("%v", err)
		}
		defer f.Close()
		in = f
	}
	b, err := io.ReadAll(io.LimitReader(in, readers.DefaultMaxLineBytes+1))
	if err != nil {
		return usageErr("%s: %v", name, err)
	}
	if len(b) > readers.DefaultMaxLineBytes {
		return usageErr("%s: over %d bytes: one answer is expected", name, readers.DefaultMaxLineBytes)
	}
	req, err := guard.ParseRequest(b)
	if err != nil {
		return usageErr("%s: %v", name, err)
	}
	g, _, closeLog, err := newGuard(c, o)
	if err != nil {
		return err
	}
	d, err := g.Apply(c.Context, req, nil)
	if cerr := closeLog(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("--decision-log: %w", err)
	}
	if !c.Bool("findings") {
		d = d.WithoutFindings()
	}
	enc := json.NewEncoder(c.App.Writer)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(d); err != nil {
		return err
	}
	return decisionOutcome(d.Action)
}

// decisionError carries a decision's exit code (exitCode in main.go).
type decisionError struct{ action string }

func (e *decisionError) Error() string { return "" }

// code is the exit code of a decision, as check's help says.
func (e *decisionError) code() int {
	switch e.action {
	case guard.ActionAnnotate:
		return 3
	case guard.ActionUnverifiable:
		return 4
	}
	return exitFail
}

// decisionOutcome is nil for a pass, else the error whose code says what
// the decision means.
func decisionOutcome(action string) error {
	if action == guard.ActionPass {
		return nil
	}
	return &decisionError{action}
}
