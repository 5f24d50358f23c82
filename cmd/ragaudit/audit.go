package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/embed"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

// auditOptions is the whole configuration of one audit run.
type auditOptions struct {
	Files           []string                 `json:"-"`
	onSkip          func(*readers.SkipError) // also told of every skipped record
	Out             string                   `json:"-"`
	Bar             float64                  `json:"bar"`
	Audit           audit.Config             `json:"audit"`
	Last            int                      `json:"last,omitempty"`
	Tenants         []string                 `json:"tenants,omitempty"`
	Agents          []string                 `json:"agents,omitempty"`
	Strict          bool                     `json:"strict"`
	MaxLineBytes    int                      `json:"max_line_bytes"`
	Format          string                   `json:"format,omitempty"`
	MappingFile     string                   `json:"mapping,omitempty"`
	MappingName     string                   `json:"mapping_name,omitempty"`
	Mappings        []readers.Mapping        `json:"-"`
	Embed           string                   `json:"embedder"`
	EmbedURL        string                   `json:"embed_url,omitempty"`
	EmbedModel      string                   `json:"embed_model,omitempty"`
	EmbedKeyEnv     string                   `json:"embed_key_env,omitempty"` // the name of the variable, never its value
	EmbedCache      string                   `json:"-"`
	EmbedRetries    int                      `json:"-"`
	EmbedTimeout    time.Duration            `json:"-"`
	Workers         int                      `json:"-"` // does not change results
	HTMLMaxFailures int                      `json:"html_max_failures"`
	Reproducible    bool                     `json:"-"`
	Quiet           bool                     `json:"-"`
}

func auditCommand() *cli.Command {
	return &cli.Command{
		Name:        "audit",
		Usage:       "audit conversation logs and write the report",
		ArgsUsage:   "FILE... (JSONL or JSONL.gz, Parquet, or a provider or tracing export: see --format; - reads stdin). Flags go before the files.",
		Description: exitCodesHelp,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "ragaudit-report", Usage: "directory for report.html, findings.jsonl, findings.csv, summary.json, summary.txt"},
			&cli.Float64Flag{Name: "bar", Value: 0.9, Usage: "citation accuracy needed to pass (0..1)"},
			&cli.StringFlag{Name: "resolve", Value: "auto", Usage: "how a citation finds its chunk: id (chunk id equals the citation), position (n-th retrieved chunk), auto (id, then position)"},
			&cli.Float64Flag{Name: "min-score", Usage: "retrieval floor: flag answers whose best chunk score is below it (0: off)"},
			&cli.Float64Flag{Name: "threshold", Usage: "p(supported) at or above which a citation is supported; replaces per-tenant thresholds of --config", DefaultText: "the model's, 0.5"},
			&cli.StringFlag{Name: "config", Usage: "JSON config written by ragaudit calibrate (model, thresholds)"},
			&cli.IntFlag{Name: "last", Usage: "audit only the N most recent conversations by timestamp (0: all)"},
			&cli.StringSliceFlag{Name: "tenant", KeepSpace: true, Usage: "audit only this tenant, exactly as written (repeatable)"},
			&cli.StringSliceFlag{Name: "agent", KeepSpace: true, Usage: "audit only this agent, exactly as written (repeatable)"},
			&cli.BoolFlag{Name: "strict", Usage: "exit 2 if any input record is skipped"},
			&cli.StringFlag{Name: "format", Usage: "input format (default: detected): " + strings.Join(readers.Formats(), ", ")},
			&cli.StringFlag{Name: "mapping", Usage: "YAML mapping of a custom flat log (schema of ragaudit-mapping-examples.yaml)"},
			&cli.StringFlag{Name: "mapping-name", Usage: "which mapping of --mapping (default: the first that fits the first row)"},
			&cli.IntFlag{Name: "max-line-bytes", Value: readers.DefaultMaxLineBytes, Usage: "skip JSONL lines longer than this"},
			&cli.StringFlag{Name: "embed", Value: "none", Usage: "embedding signal: none, builtin (offline GloVe), openai (an OpenAI-compatible endpoint, see --embed-url) or precomputed (\"embedding\" vectors in the logs)"},
			&cli.StringFlag{Name: "embed-url", Usage: "OpenAI-compatible embeddings endpoint, e.g. http://localhost:11434/v1 (implies --embed openai)"},
			&cli.StringFlag{Name: "embed-model", Usage: "model name sent to --embed-url"},
			&cli.StringFlag{Name: "embed-key-env", Value: "OPENAI_API_KEY", Usage: "environment variable that holds the endpoint's API key"},
			&cli.IntFlag{Name: "embed-retries", Value: 4, Usage: "retries of a failed embedding request (429, 5xx, network), with doubling backoff from 0.5 s"},
			&cli.DurationFlag{Name: "embed-timeout", Value: 30 * time.Second, Usage: "timeout of one embedding request"},
			&cli.StringFlag{Name: "embed-cache", Value: defaultEmbedCache(), Usage: "directory caching remote embeddings by model and text (empty: no cache)"},
			&cli.IntFlag{Name: "html-max-failures", Value: report.DefaultMaxFailures, Usage: "failing rows listed in report.html (findings.csv has all)"},
			&cli.BoolFlag{Name: "reproducible", Usage: "leave the generation time out of report.html (SOURCE_DATE_EPOCH pins it instead)"},
			&cli.IntFlag{Name: "workers", Value: runtime.GOMAXPROCS(0), Usage: "audit on this many goroutines (results are identical for any number)"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar and no warnings on stderr"},
		},
		Action: func(c *cli.Context) error {
			opts, err := auditOptionsFrom(c)
			if err != nil {
				return err
			}
			return runAudit(c.Context, opts, c.App.Reader, c.App.Writer, c.App.ErrWriter)
		},
	}
}

func auditOptionsFrom(c *cli.Context) (auditOptions, error) {
	o := auditOptions{
		Files:           c.Args().Slice(),
		Out:             c.String("out"),
		Bar:             c.Float64("bar"),
		Last:            c.Int("last"),
		Tenants:         c.StringSlice("tenant"),
		Agents:          c.StringSlice("agent"),
		Strict:          c.Bool("strict"),
		MaxLineBytes:    c.Int("max-line-bytes"),
		Format:          c.String("format"),
		MappingFile:     c.String("mapping"),
		MappingName:     c.String("mapping-name"),
		Workers:         c.Int("workers"),
		HTMLMaxFailures: c.Int("html-max-failures"),
		Reproducible:    c.Bool("reproducible"),
		Embed:           c.String("embed"),
		EmbedURL:        c.String("embed-url"),
		EmbedModel:      c.String("embed-model"),
		EmbedKeyEnv:     c.String("embed-key-env"),
		EmbedCache:      c.String("embed-cache"),
		EmbedRetries:    c.Int("embed-retries"),
		EmbedTimeout:    c.Duration("embed-timeout"),
		Quiet:           c.Bool("quiet"),
		Audit:           audit.DefaultConfig(),
	}
	if o.EmbedURL != "" && !c.IsSet("embed") {
		o.Embed = "openai"
	}
	var config audit.ModelFile
	if path := c.String("config"); path != "" {
		var err error
		if config, err = loadModel(path); err != nil {
			return o, usageErr("--config %s: %v", path, err)
		}
		// A model weighs the similarities of the embedder it was fitted
		// for: without --embed, audit with that one.
		if e := config.Embedder; e != "" && !c.IsSet("embed") && o.EmbedURL == "" && e != "openai" {
			o.Embed = e
		}
		if e := config.Embedder; e != "" && e != o.Embed {
			return o, usageErr("--config %s was fitted for --embed %s, not %s: audit with --embed %s, or refit with ragaudit calibrate", path, e, o.Embed, e)
		}
	}
	if o.Embed != "openai" {
		o.EmbedURL, o.EmbedModel, o.EmbedKeyEnv = "", "", "" // not used: keep them out of summary.json
	}
	switch o.Embed {
	case "builtin":
	case "none", audit.Precomputed:
		// Logged vectors come from an unknown model: reported, not weighed,
		// until ragaudit calibrate fits weights for them.
		o.Audit.Model = audit.DefaultModelNoEmbed()
	case "openai":
		if o.EmbedURL == "" || o.EmbedModel == "" {
			return o, usageErr("--embed openai needs --embed-url and --embed-model")
		}
		// The shipped model was fitted on the built-in embedder's
		// similarities; another embedder's scale differs. Until a config
		// from ragaudit calibrate is given, its similarity is reported
		// but not weighed.
		o.Audit.Model = audit.DefaultModelNoEmbed()
	default:
		return o, usageErr("--embed %q: want builtin, openai, precomputed or none", o.Embed)
	}
	if o.MappingFile != "" {
		ms, err := readers.ReadMappings(o.MappingFile)
		if err != nil {
			return o, usageErr("--mapping: %v", err)
		}
		o.Mappings = ms
	}
	rule, err := audit.ParseResolveRule(c.String("resolve"))
	if err != nil {
		return o, usageErr("%v", err)
	}
	o.Audit.Resolve = rule
	o.Audit.MinScore = c.Float64("min-score")
	if path := c.String("config"); path != "" {
		if note := config.Model.Outdated(); note != "" && !c.Bool("quiet") {
			fmt.Fprintf(c.App.ErrWriter, "ragaudit: warning: --config %s: %s\n", path, note)
		}
		o.Audit.Model = config.Model
	}
	if c.IsSet("threshold") {
		// The flag is the threshold for every citation: it replaces the
		// per-tenant thresholds of a calibrated config too, or it would
		// silently not apply to them.
		o.Audit.Model.Threshold = c.Float64("threshold")
		if n := len(o.Audit.Model.TenantThresholds); n > 0 {
			if !c.Bool("quiet") {
				fmt.Fprintf(c.App.ErrWriter, "ragaudit: warning: --threshold %v replaces the calibrated thresholds of %d tenant(s) in --config\n", o.Audit.Model.Threshold, n)
			}
			o.Audit.Model.TenantThresholds = nil
		}
	}
	switch {
	case len(o.Files) == 0:
		return o, usageErr("audit needs at least one log file (or - for stdin); see ragaudit audit --help")
	case !(o.Bar >= 0 && o.Bar <= 1): // NaN too
		return o, usageErr("--bar %v: want a rate between 0 and 1, e.g. 0.9", o.Bar)
	case math.IsNaN(o.Audit.MinScore) || math.IsInf(o.Audit.MinScore, 0):
		return o, usageErr("--min-score %v: want a finite retrieval score", o.Audit.MinScore)
	case o.Last < 0:
		return o, usageErr("--last %d: want a positive number of conversations", o.Last)
	case o.HTMLMaxFailures < 1:
		return o, usageErr("--html-max-failures %d: want at least 1", o.HTMLMaxFailures)
	case o.Workers < 1:
		return o, usageErr("--workers %d: want at least 1", o.Workers)
	case o.Format != "" && !contains(append(readers.Formats(), "auto"), o.Format):
		return o, usageErr("--format %q: want one of %s (or leave it out to detect)", o.Format, strings.Join(readers.Formats(), ", "))
	case o.MaxLineBytes <= 0:
		return o, usageErr("--max-line-bytes %d: want a positive size", o.MaxLineBytes)
	case !(o.Audit.Model.Threshold > 0 && o.Audit.Model.Threshold < 1): // NaN too
		return o, usageErr("--threshold %v: want a probability strictly between 0 and 1", o.Audit.Model.Threshold)
	}
	return o, checkInputs(c, o.Files)
}

// checkInputs refuses, before anything is read or written, inputs that
// would make a wrong report: a missing file, a directory, the same file
// (or stdin) twice, which would count its records twice, and a flag after
// the files, which the command line parser would take for a file name.
func checkInputs(c *cli.Context, files []string) error {
	var seen []os.FileInfo
	var names []string
	stdin := false
	for _, f := range files {
		if f == readers.Stdin {
			if stdin {
				return usageErr("- (standard input) is given twice")
			}
			stdin = true
			continue
		}
		if name, ok := strings.CutPrefix(f, "-"); ok {
			name, _, _ = strings.Cut(strings.TrimPrefix(name, "-"), "=")
			for _, fl := range c.Command.Flags {
				if slices.Contains(fl.Names(), name) {
					return usageErr("%s comes after the log files: flags go before them (ragaudit %s [flags] FILE...)", f, c.Command.Name)
				}
			}
		}
		info, err := os.Stat(f)
		if err != nil {
			return usageErr("%v", err)
		}
		if info.IsDir() {
			return usageErr("%s is a directory: give the log files in it (e.g. %s)", f, filepath.Join(f, "*.jsonl"))
		}
		for i, prev := range seen {
			if os.SameFile(prev, info) {
				return usageErr("%s and %s are the same file: its records would be counted twice", names[i], f)
			}
		}
		seen, names = append(seen, info), append(names, f)
	}
	return nil
}

// sink receives findings in output order.
type sink struct {
	jsonl   *report.FindingsJSONL
	csv     *report.FindingsCSV
	skipped *bufio.Writer // skipped.jsonl: which records were not audited, and why
	skipErr error
	files   []*report.AtomicFile
}

// skip records a skipped record in skipped.jsonl: the summary has the
// counts, this file the file:line of each, for whoever must account for them.
func (s *sink) skip(e *readers.SkipError) {
	if s.skipErr != nil {
		return
	}
	b, err := json.Marshal(struct {
		File   string `json:"file"`
		Line   int    `json:"line"`
		Reason string `json:"reason"`
		Detail string `json:"detail"`
	}{e.File, e.Line, e.Reason, e.Detail})
	if err == nil {
		_, err = s.skipped.Write(append(b, '\n'))
	}
	s.skipErr = err
}

func runAudit(ctx context.Context, o auditOptions, stdin io.Reader, stdout, stderr io.Writer) error {
	start := time.Now()
	logger := newLogger(stderr, o.Quiet)

	if err := o.Audit.Validate(); err != nil {
		return err
	}
	// The models load while the input is read (--last reads it all before
	// auditing): a quarter of a short audit's wall time was start-up.
	ao := o // a copy: o is still being filled in below while the models load
	auditor := sync.OnceValues(func() (*audit.Auditor, error) { return newAuditor(ao) })
	go auditor()
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return usageErr("--out %s: %v", o.Out, err)
	}
	out, err := openSink(o.Out)
	if err != nil {
		return err
	}
	defer out.abort() // no-op after commit
	o.onSkip = out.skip

	html := report.NewHTMLCollector(o.HTMLMaxFailures)
	tally, inputs, err := auditFiles(ctx, auditor, o, stdin, stderr, logger, func(res *audit.Result) error {
		html.Add(res)
		return out.write(res.Findings)
	})
	if err != nil {
		return err
	}

	a, err := auditor()
	if err != nil {
		return err
	}
	sum := report.NewSummary(version, tally, o.Bar, o, inputs)
	generated, err := generatedAt(o.Reproducible)
	if err != nil {
		return usageErr("%v", err)
	}
	hopts := report.HTMLOptions{GeneratedAt: generated, Model: o.Audit.Model, Embedder: embedderName(a), Resolve: string(o.Audit.Resolve)}
	if err := out.commit(ctx, o.Out, &sum, html, hopts); err != nil {
		return err
	}
	if err := report.WriteText(stdout, &sum); err != nil {
		return err
	}
	logger.Info("done", "elapsed", time.Since(start).Round(time.Millisecond))
	if !o.Quiet {
		fmt.Fprintf(stderr, "ragaudit: report in %s (%s)\n", o.Out, time.Since(start).Round(time.Millisecond))
	}

	c := sum.Counts
	switch {
	case o.Strict && c.RecordsSkipped > 0:
		return cli.Exit(fmt.Sprintf("--strict: %d input record(s) skipped", c.RecordsSkipped), exitUsage)
	case c.RecordsAudited == 0 && c.RecordsFiltered > 0 && c.RecordsFiltered == c.RecordsRead-c.RecordsSkipped:
		return cli.Exit(fmt.Sprintf("no record to audit: all %d readable record(s) were filtered out by --tenant/--agent/--last", c.RecordsFiltered), exitUsage)
	case c.RecordsAudited == 0:
		return cli.Exit(fmt.Sprintf("no auditable record in the input (%d read, %d skipped: see skipped.jsonl)", c.RecordsRead, c.RecordsSkipped), exitUsage)
	case !sum.Pass:
		return cli.Exit("", exitFail)
	}
	return nil
}

func openSink(dir string) (*sink, error) {
	s := &sink{}
	jf, err := report.CreateAtomic(filepath.Join(dir, "findings.jsonl"))
	if err != nil {
		return nil, err
	}
	s.files = append(s.files, jf)
	s.jsonl = report.NewFindingsJSONL(jf)
	cf, err := report.CreateAtomic(filepath.Join(dir, "findings.csv"))
	if err != nil {
		s.abort()
		return nil, err
	}
	s.files = append(s.files, cf)
	if s.csv, err = report.NewFindingsCSV(cf); err != nil {
		s.abort()
		return nil, err
	}
	kf, err := report.CreateAtomic(filepath.Join(dir, "skipped.jsonl"))
	if err != nil {
		s.abort()
		return nil, err
	}
	s.files = append(s.files, kf)
	s.skipped = bufio.NewWriter(kf)
	return s, nil
}

func (s *sink) write(fs []audit.Finding) error {
	if err := s.jsonl.Write(fs); err != nil {
		return err
	}
	return s.csv.Write(fs)
}

// commit finishes the findings and writes the summaries; every file appears
// under its real name only when complete.
// An interrupt while they are written (report.html can take a while)
// still leaves no report.
func (s *sink) commit(ctx context.Context, dir string, sum *report.Summary, html *report.HTMLCollector, hopts report.HTMLOptions) error {
	if err := s.jsonl.Flush(); err != nil {
		return err
	}
	if err := s.csv.Flush(); err != nil {
		return err
	}
	if s.skipErr != nil {
		return s.skipErr
	}
	if err := s.skipped.Flush(); err != nil {
		return err
	}
	sj, err := report.CreateAtomic(filepath.Join(dir, "summary.json"))
	if err != nil {
		return err
	}
	s.files = append(s.files, sj)
	if err := report.WriteJSON(sj, sum); err != nil {
		return err
	}
	st, err := report.CreateAtomic(filepath.Join(dir, "summary.txt"))
	if err != nil {
		return err
	}
	s.files = append(s.files, st)
	if err := report.WriteText(st, sum); err != nil {
		return err
	}
	sh, err := report.CreateAtomic(filepath.Join(dir, "report.html"))
	if err != nil {
		return err
	}
	s.files = append(s.files, sh)
	if err := report.WriteHTML(sh, sum, html, hopts); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return errInterrupted
	}
	if err := report.CommitAll(s.files); err != nil {
		return err
	}
	s.files = nil
	return nil
}

func (s *sink) abort() {
	for _, f := range s.files {
		f.Abort()
	}
}

// loadModel reads a config file written by ragaudit calibrate.
func loadModel(path string) (audit.ModelFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return audit.ModelFile{}, err
	}
	return audit.ParseModelFile(b)
}

// newAuditor builds the auditor with the configured embedder.
func newAuditor(o auditOptions) (*audit.Auditor, error) {
	if o.Embed == "builtin" {
		go embed.Builtin() // decoded once, while audit.New loads its models
	}
	a, err := audit.New(o.Audit, nil)
	if err != nil {
		return nil, err
	}
	switch o.Embed {
	case "builtin":
		g, err := embed.Builtin()
		if err != nil {
			return nil, fmt.Errorf("loading the built-in embeddings: %w", err)
		}
		a.SetEmbedder(g)
	case "openai":
		retries := o.EmbedRetries
		if retries == 0 {
			retries = -1 // embed.HTTP reads 0 as its default
		}
		h := &embed.HTTP{URL: o.EmbedURL, Model: o.EmbedModel, Key: os.Getenv(o.EmbedKeyEnv),
			Retries: retries, Timeout: o.EmbedTimeout}
		if o.EmbedCache != "" {
			h.Cache = &embed.Cache{Dir: o.EmbedCache}
		}
		a.SetEmbedder(h)
	case audit.Precomputed:
		a.UsePrecomputed()
	}
	return a, nil
}

func defaultEmbedCache() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "ragaudit", "embeddings")
}

// generatedAt is the report's single statement of time: SOURCE_DATE_EPOCH
// when set (reproducible builds' convention), none with --reproducible,
// else now.
func generatedAt(reproducible bool) (string, error) {
	if v := os.Getenv("SOURCE_DATE_EPOCH"); v != "" {
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return "", fmt.Errorf("SOURCE_DATE_EPOCH=%q: want seconds since 1970", v)
		}
		return time.Unix(sec, 0).UTC().Format(time.RFC3339), nil
	}
	if reproducible {
		return "", nil
	}
	return time.Now().UTC().Format(time.RFC3339), nil
}

func embedderName(a *audit.Auditor) string {
	if n := a.EmbedderName(); n != "" {
		return n
	}
	return "none"
}
