package main

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/estimate"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/report"
	"github.com/ragaudit/ragaudit/review"
	"github.com/ragaudit/ragaudit/shard"
)

func sampleCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the citations to review here (JSONL, in the label schema)"},
		&cli.Int64Flag{Name: "n", Usage: "how many citations to review"},
		&cli.Uint64Flag{Name: "seed", Usage: "seed of the draw, for a sample that can be drawn again (default: a random seed, written into the sample)"},
		&cli.BoolFlag{Name: "plan", Usage: "instead of drawing, print how many labels it takes to decide at --bar and to reach each --half-width"},
		&cli.Float64SliceFlag{Name: "half-width", Usage: "with --plan: half-widths of the 95 % interval to plan for (default 0.05, 0.03, 0.02)"},
		&cli.BoolFlag{Name: "force", Usage: "replace an existing -o file that holds another sample"},
		&cli.StringFlag{Name: "from", Usage: "draw from a sharded run (the --out of ragaudit audit --shard) instead of LOGS: the sample one machine would draw from the run's inputs"},
	}, auditFlagsWithout("shard", "plan", "out", "strict", "junit", "fail-on", "baseline", "allow-missing-baseline", "labels", "partial-as", "html-max-failures", "reproducible")...)
	return &cli.Command{
		Name:      "sample",
		Usage:     "draw the citations a person should review, or plan how many (--plan)",
		ArgsUsage: "LOGS...",
		Flags:     flags,
		Action: func(c *cli.Context) error {
			switch {
			case c.Bool("plan"):
			case c.String("output") == "":
				return usageErr("sample needs -o FILE (or --plan)")
			case c.Int64("n") < 1:
				return usageErr("sample needs -n N, the number of citations to review (ragaudit sample --plan says how many)")
			}
			if c.IsSet("from") {
				return runSampleFrom(c)
			}
			opts, err := auditOptionsFrom(c)
			if err != nil {
				return err
			}
			return runSample(c, &opts)
		},
	}
}

func runSample(c *cli.Context, o *auditOptions) error {
	po := o.pipeline(c.App.Reader, c.App.ErrWriter)
	pop := review.NewPopulation(!c.Bool("plan"))
	out, err := pipeline.Run(c.Context, po, pop)
	if err != nil {
		return err
	}
	return drawSample(c, o, pop, out.Tally, pipeline.ConfigHash(version, &po), pipeline.ConfigSummary(version, &po))
}

// runSampleFrom draws from a sharded run: its population is read back
// from the run's findings in unit order, as one machine's audit of the
// same inputs holds it, so the draw is the same.
func runSampleFrom(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageErr("--from %s names what to draw from: give no LOGS with it", c.String("from"))
	}
	st := newStore()
	r, err := shard.OpenRun(c.Context, st, c.String("from"), "")
	if err != nil {
		return storeErr(err)
	}
	m, err := shard.Merge(c.Context, st, []*shard.Run{r}, shard.MergeOptions{Tool: "ragaudit " + version})
	if err != nil {
		return storeErr(err)
	}
	var o auditOptions
	if err := json.Unmarshal(m.Meta.Config, &o); err != nil {
		return err
	}
	o.Files, o.Quiet, o.Bar = []string{c.String("from")}, c.Bool("quiet"), rateOf(c, "bar")
	pop := review.NewPopulation(!c.Bool("plan"))
	if err := m.EachFinding(c.Context, st, func(p *report.ParquetFinding) error {
		if p.F.Cited() {
			pop.AddFinding(&p.F, p.Evidence, report.Place{Turn: p.Turn, Turns: p.Turns, Sentence: p.F.SentenceIndex + 1})
		}
		return nil
	}); err != nil {
		return storeErr(err)
	}
	po := o.pipeline(nil, c.App.ErrWriter)
	return drawSample(c, &o, pop, m.Total.Result().Tally, m.Meta.ConfigHash, pipeline.ConfigSummary(version, &po))
}

// drawSample designs and draws the sample from the audit's population (or
// with --plan says how many labels it takes).
func drawSample(c *cli.Context, o *auditOptions, pop *review.Population, tally *audit.Tally, hash, config string) error {
	frame := estimate.NewFrame()
	for _, ct := range pop.Citations {
		if err := frame.Add(ct); err != nil {
			return err
		}
	}
	if len(pop.Citations) == 0 {
		sum, err := report.Assemble(report.Run{Version: version, Tally: tally, Bar: o.Bar, MinChecked: o.MinChecked, MachineFalseAlarms: o.MachineFalseAlarms, Config: o})
		if err != nil {
			return err
		}
		if sum.Status != report.StatusNoData { // citations, none of them checked
			return &noDataError{"no checked citation to sample: " + sum.StatusDetail}
		}
		return &noDataError{sum.StatusDetail}
	}
	if c.Bool("plan") {
		plan, err := frame.Plan(estimate.PlanOptions{Bar: o.Bar, HalfWidths: c.Float64Slice("half-width")})
		if err != nil {
			return usageErr("%v", err)
		}
		return writePlan(c.App.Writer, &plan)
	}
	seed := c.Uint64("seed")
	if !c.IsSet("seed") {
		var b [8]byte
		rand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:]) >> 1
	}
	design, err := estimate.NewDesign(frame, c.Int64("n"), seed, estimate.DesignOptions{})
	if err != nil {
		return usageErr("-n %d: %v", c.Int64("n"), err)
	}
	drawn, err := design.Draw(pop.Citations)
	if err != nil {
		return err
	}
	id := sampleID(hash, seed, design)
	lineOf := make(map[string]int, len(pop.Citations))
	for i := range pop.Citations {
		lineOf[pop.Citations[i].Key] = i
	}
	items := make([]review.Item, len(drawn))
	from := o.drawnFrom()
	for i, d := range drawn {
		it := pop.Lines[lineOf[d.Citation.Key]]
		st := &design.Strata[d.Stratum]
		it.Stratum, it.StratumSize, it.InclusionProbability = st.ID, st.Citations, d.Inclusion
		it.Sample, it.Seed, it.SampleSize, it.ConfigHash, it.Config = id, seed, design.Labels, hash, config
		it.DrawnFrom = from
		items[i] = it
	}
	if err := writeSampleFile(c.String("output"), items, c.Bool("force")); err != nil {
		return err
	}
	if o.Quiet {
		return nil
	}
	labellable := design.Citations - design.Fabricated
	strata := fmt.Sprintf("%d strata", len(design.Strata))
	if len(design.Strata) == 1 {
		strata = "1 stratum"
	}
	fmt.Fprintf(c.App.ErrWriter, "ragaudit sample: %d of %d citations to review (seed %d, %s of tenant × machine verdict)%s; written to %s\nnext: ragaudit review --sample %s --labels labels.jsonl [the same flags] LOGS...\n",
		len(items), labellable, seed, strata, censusNote(int64(len(items)), labellable), c.String("output"), c.String("output"))
	return nil
}

// censusNote says what a sample of n of the labellable citations
// decides: all of them are a census; fewer than estimate.MinLabels decide
// nothing, and then how many to draw instead.
func censusNote(n, labellable int64) string {
	switch {
	case n >= labellable:
		return ", all of them: a census"
	case n < estimate.MinLabels:
		if labellable <= estimate.MinLabels {
			return fmt.Sprintf("; fewer than %d labels decide nothing: to decide, label all %d (a census, -n %d)", estimate.MinLabels, labellable, labellable)
		}
		return fmt.Sprintf("; fewer than %d labels decide nothing: to decide, draw at least -n %d", estimate.MinLabels, estimate.MinLabels)
	}
	return ""
}

// drawnFrom is what the sample is drawn from: the logs as given, and the
// flags that choose their records, so that labels given with other logs
// can say which to give.
func (o *auditOptions) drawnFrom() *review.DrawnFrom {
	d := &review.DrawnFrom{Logs: o.Files}
	add := func(flag, v string) {
		if v != "" {
			d.Filters = append(d.Filters, flag, v)
		}
	}
	add("--format", o.Format)
	add("--mapping", o.MappingFile)
	add("--mapping-name", o.MappingName)
	for _, t := range o.Tenants {
		add("--tenant", t)
	}
	for _, a := range o.Agents {
		add("--agent", a)
	}
	if o.Last > 0 {
		add("--last", strconv.Itoa(o.Last))
	}
	return d
}

// sampleID names a sample by what makes it: the configuration, the seed,
// and the design (strata, their sizes and allocations).
func sampleID(configHash string, seed uint64, d *estimate.Design) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d\x00%d", configHash, seed, d.Labels, d.Citations, d.Fabricated)
	for _, s := range d.Strata {
		fmt.Fprintf(h, "\x00%s\x00%d\x00%d", s.ID, s.Citations, s.Labels)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func writePlan(w io.Writer, p *estimate.Plan) error {
	var b strings.Builder
	fmt.Fprintf(&b, "ragaudit sample --plan: %d citations (%d auditable), the machine's rate %.1f%%, bar %.1f%%\n",
		p.Citations, p.Auditable, 100*p.MachineRate, 100*p.Bar)
	fmt.Fprintf(&b, "Labels to decide PASS or FAIL at the bar (power %.0f%%; the verified interval is known to hold from %d labels on, so fewer decide nothing unless they are every auditable citation, a census):\n",
		100*p.Power, p.MinLabels)
	for _, n := range p.ToDecide {
		if n.Margin > 0 {
			fmt.Fprintf(&b, "  if the true rate is %.1f points from the bar (%.1f%% or %.1f%%): %s\n", 100*n.Margin,
				100*(p.Bar-n.Margin), 100*(p.Bar+n.Margin), decideText(p, n.Labels))
			continue
		}
		fmt.Fprintf(&b, "  if the true rate is the machine's, %.1f%%: %s\n", 100*n.TrueRate, decideText(p, n.Labels))
	}
	b.WriteString("Labels for a 95% interval of half-width:\n")
	for _, n := range p.ToHalfWidth {
		fmt.Fprintf(&b, "  ±%.1f points: %s\n", 100*n.HalfWidth, needText(n.Labels, p.Auditable))
	}
	fmt.Fprintf(&b, "Assumption: %s.\n", p.Assumption)
	_, err := io.WriteString(w, b.String())
	return err
}

// decideText is the labels to give for a need to decide (Plan.ToLabel),
// with the design's own figure when the floor of labels raised it.
func decideText(p *estimate.Plan, need int64) string {
	labels, census := p.ToLabel(need)
	raised := ""
	if need >= 0 && labels > need {
		raised = fmt.Sprintf(" (the design alone: %d, below the floor of %d)", need, p.MinLabels)
	}
	switch {
	case need < 0:
		return needText(need, p.Auditable)
	case census:
		return fmt.Sprintf("%d, all the auditable citations: a census%s", labels, raised)
	}
	return fmt.Sprintf("%d%s", labels, raised)
}

func needText(n, auditable int64) string {
	switch {
	case n < 0:
		return "no number of labels (the rate is at the bar)"
	case n >= auditable:
		return fmt.Sprintf("%d, all the auditable citations: a census", auditable)
	}
	return fmt.Sprintf("%d", n)
}

// writeSampleFile writes the sample to path. A file there holding another
// sample is replaced only with force: a review may be under way on it, and
// drawing again without --seed draws another sample.
func writeSampleFile(path string, items []review.Item, force bool) error {
	var buf bytes.Buffer
	if err := review.WriteSample(&buf, items); err != nil {
		return err
	}
	if old, err := os.ReadFile(path); err == nil && !force && !bytes.Equal(old, buf.Bytes()) {
		return usageErr("-o %s: the file exists and is not this sample (a review may be under way on it): give another -o, the sample's --seed to draw it again, or --force to replace it", path)
	}
	f, err := report.CreateAtomic(path)
	if err != nil {
		return usageErr("-o: %v", err)
	}
	defer f.Abort()
	if _, err := f.Write(buf.Bytes()); err != nil {
		return err
	}
	return f.Commit()
}
