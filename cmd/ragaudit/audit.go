package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/eval"
	"github.com/ragaudit/ragaudit/llmjudge"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
	"github.com/ragaudit/ragaudit/review"
	"github.com/ragaudit/ragaudit/shard"
	"github.com/ragaudit/ragaudit/store"
)

// auditOptions is the whole configuration of one audit run.
type auditOptions struct {
	Files         []string     `json:"-"`
	Out           string       `json:"-"`
	Bar           float64      `json:"bar"`
	MinChecked    float64      `json:"min_checked"`
	Audit         audit.Config `json:"audit"`
	Last          int          `json:"last,omitempty"`
	Tenants       []string     `json:"tenants,omitempty"`
	Agents        []string     `json:"agents,omitempty"`
	Strict        bool         `json:"strict"`
	AcceptMachine bool         `json:"accept_machine,omitempty"`
	MachineRecall float64      `json:"machine_recall"`
	// MachineFalseAlarms: omitted at 0, so that configurations written
	// before it hash as they did.
	MachineFalseAlarms float64           `json:"machine_false_alarms,omitempty"`
	MaxLineBytes       int               `json:"max_line_bytes"`
	Format             string            `json:"format,omitempty"`
	MappingFile        string            `json:"mapping,omitempty"`
	MappingName        string            `json:"mapping_name,omitempty"`
	Mappings           []readers.Mapping `json:"-"`
	Embed              string            `json:"embedder"`
	EmbedURL           string            `json:"embed_url,omitempty"`
	EmbedModel         string            `json:"embed_model,omitempty"`
	EmbedKeyEnv        string            `json:"embed_key_env,omitempty"` // the name of the variable, never its value
	EmbedCache         string            `json:"-"`
	EmbedRetries       int               `json:"-"`
	EmbedTimeout       time.Duration     `json:"-"`
	Judge              *judgeOptions     `json:"judge,omitempty"`
	Workers            int               `json:"-"` // does not change results
	HTMLMaxFailures    int               `json:"html_max_failures"`
	Reproducible       bool              `json:"-"`
	Quiet              bool              `json:"-"`
	Attempts           bool              `json:"attempts,omitempty"`
	GuardDropped       bool              `json:"guard_dropped,omitempty"`
	Project            string            `json:"project,omitempty"` // the project file the flags came from
	JUnit              string            `json:"-"`
	FailOn             []string          `json:"fail_on,omitempty"`
	gates              []report.GateSpec
	BaselinePath       string `json:"baseline,omitempty"`
	// AllowMissingBaseline: a --baseline that does not exist is no
	// baseline yet, not a usage error.
	AllowMissingBaseline bool     `json:"allow_missing_baseline,omitempty"`
	baselineMissing      bool     // it did not exist
	LabelsPath           []string `json:"labels,omitempty"`
	PartialAs            string   `json:"partial_as,omitempty"`
	// Calibrate: fit the operating point on the labels too (--calibrate).
	Calibrate   *calibration `json:"calibrate,omitempty"`
	labels      *review.LabelSet
	judge       *llmjudge.Judge    // built from Judge
	calibrated  *audit.Calibration // --config's record of its calibration (nil: none)
	baseline    *report.Summary
	github      bool   // GITHUB_ACTIONS=true: annotations on stdout
	stepSummary string // $GITHUB_STEP_SUMMARY: the job summary file
	workspace   string // $GITHUB_WORKSPACE: annotations name files inside it
	// PlanPath names the inputs (a plan of ragaudit plan); Shard is this
	// process's shard of it (--shard I/N or auto).
	PlanPath string            `json:"-"`
	Shard    string            `json:"-"`
	store    *store.Store      // files and objects named by URL
	plan     *shard.Plan       // the plan read, if any
	listed   []store.Info      // the inputs as listed (names, sizes, ETags)
	pins     map[string]string // the ETags objects must have (name → ETag)
	outLocal string            // where a report for an --out URL is written first
	// noFindings: the report holds no findings.jsonl or findings.csv
	// (merge --findings none: the runs' Parquet files are the findings).
	noFindings bool
	// projectFailOn: merge's --fail-on gates of the project file and the
	// command line added up (applyProject); nil: the flag's own.
	projectFailOn []string
}

func auditCommand() *cli.Command {
	return &cli.Command{
		Name:        "audit",
		Usage:       "audit conversation logs and write the report",
		ArgsUsage:   "FILE... (JSONL or JSONL.gz, Parquet, or a provider or tracing export: see --format; - reads stdin). Flags go before the files.",
		Description: exitCodesHelp,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "ragaudit-report", Usage: "report directory (report.html, summary.json, summary.txt, findings.jsonl, findings.csv, skipped.jsonl); replaced whole, so it must hold nothing else"},
			rateFlag("bar", 0.9, "citation accuracy needed to pass: a rate (0.9) or a percentage (90%)"),
			rateFlag("min-checked", report.DefaultMinChecked, "share of the citations that must be checked for the run to pass or fail (the rest: chunks without text, no retrieval logged, an unsupported language…); below it the run is INCOMPLETE (exit 5); --strict makes it 100%"),
			&cli.StringFlag{Name: "resolve", Value: "auto", Usage: "how a citation finds its chunk: id (chunk id equals the citation), position (n-th retrieved chunk, from 1), position0 (from 0: [0] is the first), auto (id, then the chunk's source, then position; from 0 in an answer citing [0] when no chunk id is a number)"},
			&cli.StringSliceFlag{Name: "citation-regex", KeepSpace: true, Usage: "also read markers of this shape: a regular expression whose first group (or group \"id\") is the chunk id, e.g. '\\[ref-([0-9a-f]{8})\\]'; repeatable"},
			&cli.Float64Flag{Name: "min-score", Usage: "retrieval floor: flag answers whose best chunk score is below it (0: off)"},
			&cli.Float64Flag{Name: "threshold", Usage: "p(supported) at or above which a citation is supported; replaces per-tenant thresholds of --config", DefaultText: "the model's own"},
			&cli.StringFlag{Name: "config", Usage: "JSON config written by ragaudit calibrate (model, thresholds)"},
			&cli.IntFlag{Name: "last", Usage: "audit only the N most recent conversations by timestamp (0: all)"},
			&cli.StringSliceFlag{Name: "tenant", KeepSpace: true, Usage: "audit only this tenant, exactly as written (repeatable)"},
			&cli.StringSliceFlag{Name: "agent", KeepSpace: true, Usage: "audit only this agent, exactly as written (repeatable)"},
			&cli.BoolFlag{Name: "strict", Usage: "no pass unless every record was read and every citation checked (--min-checked 100%, unless given): INCOMPLETE (exit 5) otherwise, or FAIL when the run fails whatever they hold"},
			acceptMachineFlag(),
			machineRecallFlag(),
			machineFalseAlarmsFlag(),
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
			&cli.StringFlag{Name: "judge-url", Usage: "send the citations whose score lies in --judge-band to this OpenAI-compatible chat endpoint (a model you run: http://localhost:11434/v1 for Ollama, :8000/v1 vLLM, :8080/v1 llama.cpp); its Yes or No replaces the lexical verdict for them"},
			&cli.StringFlag{Name: "judge-model", Usage: "model name sent to --judge-url, e.g. bespoke-minicheck"},
			&cli.StringFlag{Name: "judge-key-env", Value: "OPENAI_API_KEY", Usage: "environment variable that holds --judge-url's API key"},
			&cli.StringFlag{Name: "judge-band", Usage: "support scores sent to the judge, as LO,HI (LO ≤ score < HI); default: 0.12 below to 0.14 above each tenant's threshold, fitted under leave-one-dataset-out", DefaultText: "threshold −0.12 to +0.14"},
			&cli.IntFlag{Name: "judge-max-calls", Value: 500, Usage: "judge at most this many citations in a run, the first in input order (cached answers count: a rerun judges the same); the rest keep their lexical verdict and are counted; -1: no limit"},
			&cli.IntFlag{Name: "judge-concurrency", Value: 4, Usage: "judge requests in flight"},
			&cli.DurationFlag{Name: "judge-timeout", Value: 60 * time.Second, Usage: "timeout of one judge request"},
			&cli.IntFlag{Name: "judge-retries", Value: 3, Usage: "retries of a judge request (429, 5xx, network, timeout), with doubling backoff from 0.5 s"},
			&cli.StringFlag{Name: "judge-cache", Value: defaultCache("judge"), Usage: "directory caching the judge's answers by model, prompt and text (a rerun makes no call; empty: no cache)"},
			&cli.IntFlag{Name: "html-max-failures", Value: report.DefaultMaxFailures, Usage: "failing rows listed in report.html (findings.csv has all)"},
			&cli.BoolFlag{Name: "reproducible", Usage: "leave the generation time out of report.html (SOURCE_DATE_EPOCH pins it instead)"},
			&cli.IntFlag{Name: "workers", Value: runtime.GOMAXPROCS(0), Usage: "audit on this many goroutines (results are identical for any number)"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print only the status line on stdout (e.g. \"FAIL: citation accuracy 71.4% is below the bar 90.0% (21 citations)\"), and under GitHub Actions (GITHUB_ACTIONS=true) its annotations; no progress bar, no warnings on stderr; the report is written all the same"},
			&cli.StringFlag{Name: "junit", Usage: "also write a JUnit XML file: one test case per conversation, failing with its failing citations"},
			&cli.StringSliceFlag{Name: "fail-on", KeepSpace: true, Usage: "also fail (exit 1) when a count exceeds its limit: fabricated, uncited, below-floor, rejected, drop, tenant-drop, and in a guard's decision log fallback and intervened (shares of its decisions), each with an optional =N or =P% (e.g. uncited=5, drop=2% against --baseline, intervened=5%); repeatable"},
			&cli.StringFlag{Name: "baseline", Usage: "an earlier run's summary.json (or its report directory): show how the rate and each tenant's rate changed"},
			&cli.BoolFlag{Name: "allow-missing-baseline", Usage: "run when --baseline does not exist yet (a first run in CI): nothing is compared, and --fail-on drop and tenant-drop say \"not compared: no baseline yet\" (neither pass nor fail)"},
			&cli.StringSliceFlag{Name: "labels", KeepSpace: true, Usage: "a person's labels of a sample of these citations (from ragaudit review, or any file in the label schema): report the verified rate, which decides PASS, FAIL or INCONCLUSIVE; repeatable (several reviewers' files; a citation judged differently in two is an error)"},
			&cli.StringFlag{Name: "partial-as", Value: "unsupported", Usage: "with --labels: count a partial label as unsupported or supported"},
			&cli.BoolFlag{Name: "calibrate", Usage: "with --labels: also fit the verdict's thresholds on the labels, as ragaudit calibrate does, and write --config-out if the labels show it better (for the next runs: this run's verdicts and verified rate stay the run's)"},
			calibrateFlags()[0], calibrateFlags()[1], calibrateFlags()[2], calibrateFlags()[3],
			&cli.BoolFlag{Name: "attempts", Usage: "in a guard's decision log, also audit what the model generated (every attempt): the rate before the guard beside the rate served"},
			&cli.BoolFlag{Name: "guard-dropped", Usage: "in a guard's decision log, audit only the claims the guard dropped (with sample, review and --labels: the guard's false-block rate)"},
			&cli.StringFlag{Name: "plan", Usage: "audit the inputs of a plan (ragaudit plan), in its order, each object as it was listed; with --shard only this shard's"},
			&cli.StringFlag{Name: "shard", Usage: "audit one shard of the inputs: I/N (0-based, like JOB_COMPLETION_INDEX) or auto (from the engine's environment: Kubernetes, AWS Batch, Cloud Run, GCP Batch, Slurm); writes each input's findings (Parquet) and state under --out for ragaudit merge, and exits 0 whatever the rate (docs/scale.md)"},
		}, projectFlags()...),
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
	project, err := applyProject(c, c.App.Commands)
	if err != nil {
		return auditOptions{}, err
	}
	o := flagValues(c)
	o.Project = project.path
	if project.failOn != nil {
		o.FailOn = project.failOn
	}
	if err := refuseOnShard(c, &o); err != nil {
		return o, err
	}
	for _, step := range []func(*cli.Context) error{o.embedding, o.extraFiles, o.model, o.inputs, o.validate, o.calibration, o.judging} {
		if err := step(c); err != nil {
			return o, err
		}
	}

	return o, checkInputs(c, o.Files)
}

// flagValues copies the flags into the options.
func flagValues(c *cli.Context) auditOptions {
	o := auditOptions{
		JUnit:                c.String("junit"),
		FailOn:               c.StringSlice("fail-on"),
		BaselinePath:         c.String("baseline"),
		AllowMissingBaseline: c.Bool("allow-missing-baseline"),
		github:               os.Getenv("GITHUB_ACTIONS") == "true",
		stepSummary:          os.Getenv("GITHUB_STEP_SUMMARY"),
		workspace:            os.Getenv("GITHUB_WORKSPACE"),
		Files:                c.Args().Slice(),
		PlanPath:             stringFlag(c, "plan"),
		Shard:                c.String("shard"),
		Out:                  c.String("out"),
		Bar:                  rateOf(c, "bar"),
		MinChecked:           rateOf(c, "min-checked"),
		Last:                 c.Int("last"),
		Tenants:              c.StringSlice("tenant"),
		Agents:               c.StringSlice("agent"),
		Strict:               c.Bool("strict"),
		AcceptMachine:        c.Bool("accept-machine"),
		MachineRecall:        rateOf(c, "machine-recall"),
		MachineFalseAlarms:   rateOf(c, "machine-false-alarms"),
		MaxLineBytes:         c.Int("max-line-bytes"),
		Format:               c.String("format"),
		MappingFile:          c.String("mapping"),
		MappingName:          c.String("mapping-name"),
		Workers:              c.Int("workers"),
		HTMLMaxFailures:      c.Int("html-max-failures"),
		Reproducible:         c.Bool("reproducible"),
		Embed:                c.String("embed"),
		EmbedURL:             c.String("embed-url"),
		EmbedModel:           c.String("embed-model"),
		EmbedKeyEnv:          c.String("embed-key-env"),
		EmbedCache:           c.String("embed-cache"),
		EmbedRetries:         c.Int("embed-retries"),
		EmbedTimeout:         c.Duration("embed-timeout"),
		Quiet:                c.Bool("quiet"),
		Attempts:             c.Bool("attempts"),
		GuardDropped:         c.Bool("guard-dropped"),
		Audit:                audit.DefaultConfig(),
	}
	if o.Strict && !c.IsSet("min-checked") {
		o.MinChecked = 1 // strict: every citation checked, or no pass
	}
	if c.Command.Name == "audit" { // other commands' --labels are theirs
		o.LabelsPath, o.PartialAs = c.StringSlice("labels"), c.String("partial-as")
	}
	if !slices.Contains(flagNames(c.Command.Flags), "html-max-failures") {
		o.HTMLMaxFailures = report.DefaultMaxFailures // a command without a report
	}
	return o
}

// stringFlag is a string flag's value, "" when the command's flag of that
// name is not a string (sample's --plan is a switch).
func stringFlag(c *cli.Context, name string) string {
	for _, f := range c.Command.Flags {
		if sf, ok := f.(*cli.StringFlag); ok && sf.Name == name {
			return c.String(name)
		}
	}
	return ""
}

// embedding checks the embedder flags and picks the model fitted for it.
func (o *auditOptions) embedding(c *cli.Context) error {
	if o.EmbedURL != "" && !c.IsSet("embed") {
		o.Embed = "openai"
	}
	if path := c.String("config"); path != "" {
		config, err := loadModel(path)
		if err != nil {
			return usageErr("--config %s: %v", path, err)
		}
		// A model weighs the similarities of the embedder it was fitted
		// for: without --embed, audit with that one.
		if e := config.Embedder; e != "" && !c.IsSet("embed") && o.EmbedURL == "" && e != "openai" {
			o.Embed = e
		}
		if e := config.Embedder; e != "" && e != o.Embed {
			return usageErr("--config %s was fitted for --embed %s, not %s: audit with --embed %s, or refit with ragaudit calibrate", path, e, o.Embed, e)
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
			return usageErr("--embed openai needs --embed-url and --embed-model")
		}
		// The shipped model was fitted on the built-in embedder's
		// similarities; another embedder's scale differs. Until a config
		// from ragaudit calibrate is given, its similarity is reported
		// but not weighed.
		o.Audit.Model = audit.DefaultModelNoEmbed()
	default:
		return usageErr("--embed %q: want builtin, openai, precomputed or none", o.Embed)
	}
	return nil
}

// extraFiles reads the mapping and the baseline, and parses the gates.
func (o *auditOptions) extraFiles(c *cli.Context) error {
	if o.MappingFile != "" {
		ms, err := readers.ReadMappings(o.MappingFile)
		if err != nil {
			return usageErr("--mapping: %v", err)
		}
		warnUnread(c, o.MappingFile, ms)
		o.Mappings = ms
	}
	return o.reportFiles(c)
}

// warnUnread names the keys of the mappings that are read but not acted
// on (readers.Mapping.Unread), on stderr unless --quiet.
func warnUnread(c *cli.Context, path string, ms []readers.Mapping) {
	if c.Bool("quiet") {
		return
	}
	for i := range ms {
		for _, note := range ms[i].Unread() {
			fmt.Fprintf(c.App.ErrWriter, "ragaudit: warning: --mapping %s: %s\n", path, note)
		}
	}
}

// reportFiles parses the gates and reads the baseline and the labels (each
// a path or a URL): what the report needs besides the audit.
func (o *auditOptions) reportFiles(c *cli.Context) error {
	for _, spec := range o.FailOn {
		g, err := report.ParseGate(spec)
		if err != nil {
			if s := suggest(g.Name, report.GateNames); s != "" && s != g.Name {
				return usageErr("--fail-on %q: did you mean %s? (%v)", spec, s, err)
			}
			return usageErr("--fail-on %v", err)
		}
		if (g.Name == "drop" || g.Name == "tenant-drop") && o.BaselinePath == "" {
			return usageErr("--fail-on %s needs --baseline (a previous run's summary.json)", g.Name)
		}
		o.gates = append(o.gates, g)
	}
	if o.BaselinePath != "" {
		path, err := o.fetched(c, o.BaselinePath)
		if errors.Is(err, store.ErrNotExist) {
			path, err = o.BaselinePath+" (not found)", fs.ErrNotExist
		}
		if err == nil {
			o.baseline, err = report.ReadBaseline(path)
		}
		switch {
		case errors.Is(err, fs.ErrNotExist) && o.AllowMissingBaseline:
			o.baselineMissing = true
		case errors.Is(err, fs.ErrNotExist):
			return usageErr("--baseline: %v: a first run has no baseline yet; keep each run's summary.json for the next (README, \"In CI\"), or run with --allow-missing-baseline", err)
		case err != nil:
			return usageErr("--baseline: %v", err)
		}
	}
	if len(o.LabelsPath) == 0 {
		o.PartialAs = ""
		return nil
	}
	if o.PartialAs != readers.LabelUnsupported && o.PartialAs != readers.LabelSupported {
		return usageErr("--partial-as %q: want unsupported or supported", o.PartialAs)
	}
	var paths []string
	for _, l := range o.LabelsPath {
		p, err := o.fetched(c, l)
		if err != nil {
			return usageErr("--labels: %v", err)
		}
		paths = append(paths, p)
	}
	var err error
	if o.labels, err = review.ReadLabelSet(paths); err != nil {
		return usageErr("--labels: %v", err)
	}
	if len(o.labels.Labels) == 0 {
		return usageErr("--labels %s: no label", strings.Join(o.LabelsPath, ", "))
	}
	return nil
}

// calibration reads --calibrate and its flags.
func (o *auditOptions) calibration(c *cli.Context) error {
	if !c.Bool("calibrate") {
		return nil
	}
	if o.labels == nil {
		return usageErr("--calibrate needs --labels: the labels it fits on")
	}
	var err error
	o.Calibrate, err = calibrationFrom(c, readers.JudgedLabels(o.labels.Labels), o.LabelsPath, o.PartialAs)
	return err
}

// model sets the resolution rule, the floor, a calibrated model and the
// threshold.
func (o *auditOptions) model(c *cli.Context) error {
	rule, err := audit.ParseResolveRule(c.String("resolve"))
	if err != nil {
		return usageErr("%v", err)
	}
	o.Audit.Resolve = rule
	o.Audit.MinScore = c.Float64("min-score")
	o.Audit.CitationRegex = c.StringSlice("citation-regex")
	if _, err := audit.ParseMarkerRules(o.Audit.CitationRegex); err != nil {
		return usageErr("--citation-regex: %v", err)
	}
	if path := c.String("config"); path != "" {
		config, err := loadModel(path)
		if err != nil {
			return usageErr("--config %s: %v", path, err)
		}
		if note := config.Model.Outdated(); note != "" && !o.Quiet {
			fmt.Fprintf(c.App.ErrWriter, "ragaudit: warning: --config %s: %s\n", path, note)
		}
		o.Audit.Model = config.Model
		o.calibrated = config.Calibration
	}
	if c.IsSet("threshold") {
		// The flag is the threshold for every citation: it replaces the
		// per-tenant thresholds of a calibrated config too, or it would
		// silently not apply to them.
		o.Audit.Model.Threshold = c.Float64("threshold")
		if n := len(o.Audit.Model.TenantThresholds); n > 0 {
			if !o.Quiet {
				fmt.Fprintf(c.App.ErrWriter, "ragaudit: warning: --threshold %v replaces the calibrated thresholds of %d tenant(s) in --config\n", o.Audit.Model.Threshold, n)
			}
			o.Audit.Model.TenantThresholds = nil
		}
	}
	return nil
}

// validate refuses values that would make a wrong or useless run.
func (o *auditOptions) validate(c *cli.Context) error {
	switch {
	case len(o.Files) == 0:
		return usageErr("%s needs at least one log file (or - for stdin); see ragaudit %s --help", c.Command.Name, c.Command.Name)
	case o.validateRates() != nil:
		return o.validateRates()
	case math.IsNaN(o.Audit.MinScore) || math.IsInf(o.Audit.MinScore, 0):
		return usageErr("--min-score %v: want a finite retrieval score", o.Audit.MinScore)
	case o.Last < 0:
		return usageErr("--last %d: want a positive number of conversations", o.Last)
	case o.HTMLMaxFailures < 1:
		return usageErr("--html-max-failures %d: want at least 1", o.HTMLMaxFailures)
	case o.Workers < 1 || o.Workers > maxWorkers():
		return usageErr("--workers %d: want 1 to %d (each worker holds its own caches; more than the cores gain nothing)", o.Workers, maxWorkers())
	case o.Format != "" && !slices.Contains(append(readers.Formats(), "auto"), o.Format):
		return usageErr("--format %q: want one of %s (or leave it out to detect)", o.Format, strings.Join(readers.Formats(), ", "))
	case o.MaxLineBytes <= 0:
		return usageErr("--max-line-bytes %d: want a positive size", o.MaxLineBytes)
	case !(o.Audit.Model.Threshold > 0 && o.Audit.Model.Threshold < 1): // NaN too
		return usageErr("--threshold %v: want a probability strictly between 0 and 1", o.Audit.Model.Threshold)
	}
	return nil
}

// maxWorkers bounds --workers: each worker keeps models' scratch space and
// caches (tens of MB), and 100,000 of them would take gigabytes for nothing.
func maxWorkers() int { return max(256, 4*runtime.NumCPU()) }

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
		if store.IsURL(f) {
			continue // listed: it exists
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
			return usageErr("%s is a directory: give the log files in it (e.g. %s, which takes .jsonl and .jsonl.gz)", f, filepath.Join(f, "*.jsonl*"))
		}
		for i, prev := range seen {
			if os.SameFile(prev, info) {
				return usageErr("%s and %s are the same file: its records would be counted twice", names[i], f)
			}
		}
		seen, names = append(seen, info), append(names, f)
	}
	return sameInputTwice(files)
}

func runAudit(ctx context.Context, o auditOptions, stdin io.Reader, stdout, stderr io.Writer) error {
	if o.Shard != "" {
		return runShard(ctx, &o, stdin, stderr)
	}
	start := time.Now()
	outputs, dir, err := o.outputs(stdout, stderr)
	defer func() {
		for _, out := range outputs {
			out.Abort() // no-op after a commit
		}
	}()
	if err != nil {
		return err
	}
	cards := report.NewCards(o.HTMLMaxFailures)
	sinks := []pipeline.Sink{cards}
	for _, out := range outputs {
		sinks = append(sinks, out)
	}
	var pop *review.Population
	if o.labels != nil {
		pop = review.NewPopulation(false)
		pop.SentencesFor(o.labels.Labels)
		sinks = append(sinks, pop)
	}
	var calibrating *eval.Calibrating
	if o.Calibrate != nil {
		calibrating = eval.NewCalibrating(o.Audit.Model, o.Calibrate.Labels)
		calibrating.KeepInputs = o.Calibrate.Weights
		sinks = append(sinks, calibrating)
	}
	po := o.pipeline(stdin, stderr)
	done := progress(&po, stderr, o.Quiet)
	out, err := pipeline.Run(ctx, po, sinks...)
	done()
	if err != nil {
		return err
	}
	r := runOutcome{Outcome: out, cards: cards.Total, configHash: pipeline.ConfigHash(version, &po),
		configSummary: pipeline.ConfigSummary(version, &po), embedder: pipeline.EmbedderName(out.Auditor), pop: pop,
		calibrating: calibrating, po: &po}
	return o.writeReport(ctx, &r, outputs, dir, stderr, start)
}

// runOutcome is what a run (one machine's, or a merge of shards) gives its
// report.
type runOutcome struct {
	*pipeline.Outcome
	cards                     *report.Collected
	configHash, configSummary string
	embedder                  string
	pop                       *review.Population // with --labels
	calibrating               *eval.Calibrating  // with --calibrate
	po                        *pipeline.Options  // the stream's options (--calibrate refits under them)
}

// writeReport assembles the summary of a run, writes every output and
// says what the status means for the exit code.
func (o *auditOptions) writeReport(ctx context.Context, r *runOutcome, outputs []report.Output, dir *report.Dir, stderr io.Writer, start time.Time) error {
	o.judgeNote(stderr)
	run := report.Run{Judge: o.judgeSummary(), Version: version, Tally: r.Tally, Inputs: r.Inputs, Retrieval: r.Retrieval, Bar: o.Bar, MinChecked: o.MinChecked, Strict: o.Strict, AcceptMachine: o.AcceptMachine, MachineRecall: o.MachineRecall, MachineFalseAlarms: o.MachineFalseAlarms, Config: o,
		ConfigHash: r.configHash, Project: o.Project, Baseline: o.baseline, BaselinePath: o.BaselinePath,
		BaselineMissing: o.baselineMissing, Gates: o.gates, Guard: r.Guard, Worst: r.cards.Worst(), SkippedNotListed: r.SkippedNotListed}
	if r.pop != nil {
		var err error
		run.Verified, err = review.Verify(r.pop, o.labels, review.VerifyOptions{LabelFiles: o.LabelsPath, ConfigHash: r.configHash,
			Config: r.configSummary, Logs: o.Files, Bar: o.Bar, PartialSupported: o.PartialAs == readers.LabelSupported})
		if err != nil {
			return usageErr("--labels: %v%s", err, o.calibratedOn())
		}
		if r.calibrating != nil {
			cal, err := o.Calibrate.fit(r.po, r.calibrating)
			var nf notFitted
			switch {
			case errors.As(err, &nf):
				// The audit stands without it: a small month's labels verify
				// the rate though they fit no threshold.
				fmt.Fprintf(stderr, "ragaudit: warning: --calibrate: no threshold fitted, nothing written to %s; the audit's report and exit code stand: %v\n", o.Calibrate.ConfigOut, nf.error)
			case err != nil:
				return err
			default:
				run.Verified.Calibration = o.Calibrate.summary(cal)
			}
		}
	}
	sum, err := report.Assemble(run)
	if err != nil {
		return usageErr("%v", err)
	}
	if dir.HTML.GeneratedAt, err = generatedAt(o.Reproducible); err != nil {
		return usageErr("%v", err)
	}
	dir.HTML.Model, dir.HTML.Embedder, dir.HTML.Resolve = o.Audit.Model, r.embedder, string(o.Audit.Resolve)
	dir.Cards = r.cards
	for _, out := range outputs {
		if err := out.Commit(ctx, &sum); err != nil {
			return err
		}
	}
	if err := o.uploadReport(ctx); err != nil {
		return err
	}
	if !o.Quiet {
		fmt.Fprintf(stderr, "ragaudit: report in %s (%s)\n", o.Out, time.Since(start).Round(time.Millisecond))
	}
	err = auditOutcome(&sum)
	if _, usage := err.(*usageError); o.Quiet && err != nil && !usage {
		return &statedError{err} // -q printed the status line, and only it
	}
	return err
}

// outputs opens what the run writes, in the order it is written: the
// report directory first (the others say what it holds), then the files
// flags ask for, the text summary, GitHub's annotations.
func (o *auditOptions) outputs(stdout, stderr io.Writer) ([]report.Output, *report.Dir, error) {
	out, err := o.localOut()
	if err != nil {
		return nil, nil, err
	}
	dir, err := report.OpenReportDir(out, o.HTMLMaxFailures, !o.noFindings)
	if err != nil {
		return nil, nil, usageErr("--out %s: %v", o.Out, err)
	}
	outputs := []report.Output{dir}
	if o.JUnit != "" {
		junit, err := report.NewJUnit(o.JUnit, "ragaudit")
		if err != nil {
			return outputs, dir, usageErr("--junit: %v", err)
		}
		outputs = append(outputs, junit)
	}
	outputs = append(outputs, report.Text{W: stdout, StatusOnly: o.Quiet})
	if o.github {
		outputs = append(outputs, report.GitHub{Annotations: stdout, Workspace: o.workspace, StepSummary: o.stepSummary, Warnings: stderr})
	}
	return outputs, dir, nil
}

// pipeline turns the audit's options into the stream's.
func (o *auditOptions) pipeline(stdin io.Reader, stderr io.Writer) pipeline.Options {
	embed := pipeline.Embedding{Kind: o.Embed, URL: o.EmbedURL, Model: o.EmbedModel, Key: os.Getenv(o.EmbedKeyEnv),
		Cache: o.EmbedCache, Retries: o.EmbedRetries, Timeout: o.EmbedTimeout}
	var remote readers.Remote
	if o.store != nil {
		remote = &store.Remote{Store: o.store, Pins: o.pins}
	}
	return pipeline.Options{
		Judge: o.judge,
		Files: o.Files,
		Stdin: stdin,
		Read: readers.Options{MaxLineBytes: o.MaxLineBytes, Format: o.Format, Mappings: o.Mappings, MappingName: o.MappingName,
			Remote: remote},
		Last:    o.Last,
		Tenants: o.Tenants,
		Agents:  o.Agents,
		Audit:   o.Audit,
		Embed:   embed,
		Guard:   pipeline.GuardLog{VerdictHash: pipeline.VerdictHash(version, o.Audit, embed), Attempts: o.Attempts, Dropped: o.GuardDropped},
		Workers: o.Workers,
		Logger:  newLogger(stderr, o.Quiet),
	}
}

// progress draws a progress bar when stderr is a terminal: of the bytes
// read, with the percentage and the time left, when every input is a file
// of known size; of the records read otherwise. The returned function
// clears it.
func progress(po *pipeline.Options, stderr io.Writer, quiet bool) (done func()) {
	f, ok := stderr.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) {
		return func() {}
	}
	common := []progressbar.Option{progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription("auditing"),
		progressbar.OptionThrottle(100 * time.Millisecond), progressbar.OptionClearOnFinish()}
	if total := inputBytes(po.Files); total > 0 {
		bar := progressbar.NewOptions64(total, append(common, progressbar.OptionShowBytes(true),
			progressbar.OptionSetPredictTime(true), progressbar.OptionSetWidth(30))...)
		po.ProgressBytes = func(n int) { bar.Add(n) }
		return func() { bar.Finish() }
	}
	bar := progressbar.NewOptions(-1, append(common, progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("records"), progressbar.OptionShowIts())...)
	po.Progress = func(n int) { bar.Add(n) }
	return func() { bar.Finish() }
}

// inputBytes is the size of the inputs when all are regular files (0:
// unknown, e.g. stdin or a pipe).
func inputBytes(files []string) int64 {
	var total int64
	for _, name := range files {
		fi, err := os.Stat(name)
		if name == readers.Stdin || err != nil || !fi.Mode().IsRegular() {
			return 0
		}
		total += fi.Size()
	}
	return total
}

// newLogger logs warnings to stderr as key=value lines without a clock, so
// the same input gives the same diagnostics.
// -q keeps only errors, such as a decision the guard could not log, which
// no one may miss.
func newLogger(stderr io.Writer, quiet bool) *slog.Logger {
	level := slog.LevelWarn
	if quiet {
		level = slog.LevelError
	}
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{
		Level: level,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{}
			}
			return a
		},
	}))
}

// loadModel reads a config file written by ragaudit calibrate.
func loadModel(path string) (audit.ModelFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return audit.ModelFile{}, err
	}
	return audit.ParseModelFile(b)
}

func defaultEmbedCache() string { return defaultCache("embeddings") }

// defaultCache is a directory of the user's cache for ragaudit ("": none).
func defaultCache(name string) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "ragaudit", name)
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
