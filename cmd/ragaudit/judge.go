package main

import (
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/llmjudge"
	"github.com/ragaudit/ragaudit/report"
)

// judgeOptions are a judge's flags as summary.json's configuration gives
// them (the key's variable, never its value).
type judgeOptions struct {
	URL         string `json:"url"`
	Model       string `json:"model"`
	KeyEnv      string `json:"key_env"`
	Prompt      string `json:"prompt"`
	Band        string `json:"band"`
	MaxCalls    int    `json:"max_calls"`
	Concurrency int    `json:"-"`
}

// judging reads the judge's flags and builds it, placing its band by the
// run's model (after --config and --threshold).
func (o *auditOptions) judging(c *cli.Context) error {
	url := c.String("judge-url")
	if url == "" {
		if c.String("judge-model") != "" || c.IsSet("judge-band") {
			return usageErr("--judge-model and --judge-band need --judge-url")
		}
		return nil
	}
	band := llmjudge.DefaultBand
	if c.IsSet("judge-band") {
		var err error
		if band, err = llmjudge.ParseBand(c.String("judge-band")); err != nil {
			return usageErr("--judge-band %v", err)
		}
	}
	switch {
	case c.String("judge-model") == "":
		return usageErr("--judge-url needs --judge-model, the model name the endpoint serves")
	case c.Int("judge-max-calls") < -1:
		return usageErr("--judge-max-calls %d: want a number of citations, or -1 for no limit", c.Int("judge-max-calls"))
	case c.Int("judge-concurrency") < 1:
		return usageErr("--judge-concurrency %d: want at least 1", c.Int("judge-concurrency"))
	case o.Calibrate != nil || c.Command.Name == "calibrate":
		return usageErr("--judge-url with calibration: calibration fits the lexical verdict's thresholds; calibrate without the judge (the judge's band follows the thresholds it fits)")
	}
	cfg := llmjudge.Config{URL: url, Model: c.String("judge-model"), Key: os.Getenv(c.String("judge-key-env")), Band: band,
		MaxCalls: c.Int("judge-max-calls"), Concurrency: c.Int("judge-concurrency"), Timeout: c.Duration("judge-timeout"), Retries: c.Int("judge-retries")}
	if cfg.Retries == 0 {
		cfg.Retries = -1 // llmjudge reads 0 as its default
	}
	if dir := c.String("judge-cache"); dir != "" {
		cfg.Cache = &llmjudge.Cache{Dir: dir}
	}
	j, err := llmjudge.New(cfg, o.Audit.Model)
	if err != nil {
		return usageErr("%v", err)
	}
	o.judge = j
	o.Judge = &judgeOptions{URL: url, Model: cfg.Model, KeyEnv: c.String("judge-key-env"), Prompt: llmjudge.PromptID, Band: band.String(),
		MaxCalls: cfg.MaxCalls, Concurrency: cfg.Concurrency}
	return nil
}

// judgeSummary is what the judge did, for the report (nil: no judge).
func (o *auditOptions) judgeSummary() *report.JudgeSummary {
	if o.judge == nil {
		return nil
	}
	return &report.JudgeSummary{Model: o.Judge.Model, URL: o.Judge.URL, Prompt: o.Judge.Prompt, Band: o.Judge.Band,
		MaxCalls: o.Judge.MaxCalls, Counts: o.judge.Counts()}
}

// judgeNote says on stderr what the judge cost (requests made, answers
// from the cache: they differ between a first run and a rerun, so they
// are not in the report) and warns of answers it did not give.
func (o *auditOptions) judgeNote(stderr io.Writer) {
	if o.judge == nil || o.Quiet {
		return
	}
	c := o.judge.Counts()
	fmt.Fprintf(stderr, "ragaudit: judge %s: %d request(s) sent, %d answer(s) from the cache\n", o.Judge.Model, c.Requests, c.Judged-c.Requests)
	if c.Errors > 0 {
		fmt.Fprintf(stderr, "ragaudit: warning: the judge did not answer %d citation(s), which keep their lexical verdict; the first: %s\n", c.Errors, c.FirstErr)
	}
	if c.Budget > 0 {
		fmt.Fprintf(stderr, "ragaudit: warning: %d citation(s) in the band were past --judge-max-calls %d and keep their lexical verdict\n", c.Budget, o.Judge.MaxCalls)
	}
}
