package eval

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/report"
)

// WriteText writes the evaluation as the tables people read. With
// held-out tables, the configured model's figures (on labels it may have
// been fitted on) are left to the JSON.
func WriteText(w io.Writer, rep *Report) error {
	var b strings.Builder
	if rep.CV == nil && rep.LODO == nil && rep.LOLO == nil {
		for _, set := range sortedKeys(rep.Sets) {
			r := rep.Sets[set]
			writeSet(&b, set, &r)
		}
	}
	if cv := rep.CV; cv != nil {
		writeHeldOut(&b, fmt.Sprintf("%d-fold cross-validation by conversation, all data sets pooled", cv.Folds), cv)
	}
	if lo := rep.LODO; lo != nil {
		writeHeldOut(&b, "leave-one-dataset-out: fitted on the other data sets, scored on this one", lo)
	}
	if lo := rep.LOLO; lo != nil {
		writeHeldOut(&b, "leave-one-language-out: fitted on the sentences in the other languages, scored on this one's", lo)
	}
	if len(rep.Targets) > 0 {
		b.WriteString("targets (leave-one-dataset-out)\n")
		for _, t := range rep.Targets {
			state := "met"
			switch {
			case !t.Met && t.Must && t.Open:
				state = "NOT MET (must, open)"
			case !t.Met && t.Must:
				state = "NOT MET (must)"
			case !t.Met:
				state = "not met (aim)"
			}
			fmt.Fprintf(&b, "  %-20s %s\n", state, t.What)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSet prints one label file's agreement under the configured model:
// overall, by agent and by label scope, the label lines accounted for,
// each signal's AUC alone and the threshold sweep.
func writeSet(b *strings.Builder, set string, r *SetReport) {
	metricsHeader(b, set)
	metricsRow(b, "overall", r.Overall)
	for _, n := range sortedKeys(r.ByAgent) {
		metricsRow(b, "agent "+report.Printable(n), r.ByAgent[n])
	}
	for _, s := range sortedKeys(r.ByScope) {
		metricsRow(b, "scope "+report.Printable(s), r.ByScope[s])
	}
	fmt.Fprintf(b, "label lines: %d = %d scored + %d more lines of claims judged jointly (one item each, by sentence_verdict) + %d not matched to a finding + %d uncited sentences + %d partial (left out; see --partial)\nAUC of each signal alone:",
		r.Labels, r.Overall.N, r.FoldedJoint, r.Unmatched, r.LeftOutUncited, r.LeftOutPartial)
	for _, s := range audit.Signals {
		if v, ok := r.SignalAUC[s.Name]; ok {
			fmt.Fprintf(b, " %s %.3f", s.Name, v)
		}
	}
	b.WriteString("\n")
	if r.Sweep != nil {
		b.WriteString("threshold → balanced accuracy:")
		for _, k := range sortedKeys(r.Sweep) {
			fmt.Fprintf(b, " %s→%.3f", k, r.Sweep[k])
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

func metricsHeader(b *strings.Builder, title string) {
	fmt.Fprintf(b, "%-26s %5s %5s %5s  %5s  %5s  %5s  %5s   %4s %4s %4s %4s\n", title, "n", "sup", "uns", "BA", "P(u)", "R(u)", "AUC", "u→u", "u→s", "s→u", "s→s")
}

// metricsRow prints a group's metrics; a rate without a denominator (a
// group with one class, or nothing predicted unsupported) is n/a, not 0
// or 0.5.
func metricsRow(b *strings.Builder, name string, m Metrics) {
	num := func(v float64, defined bool) string {
		if !defined {
			return "  n/a"
		}
		return fmt.Sprintf("%.3f", v)
	}
	both := m.Supported > 0 && m.Unsupported > 0
	c := m.Confusion
	fmt.Fprintf(b, "%-26s %5d %5d %5d  %s  %s  %s  %s   %4d %4d %4d %4d\n", name, m.N, m.Supported, m.Unsupported,
		num(m.BalancedAccuracy, both), num(m.PrecisionUnsupported, c.TP+c.FP > 0), num(m.RecallUnsupported, m.Unsupported > 0), num(m.AUC, both),
		c.TP, c.FN, c.FP, c.TN)
}

// writeHeldOut prints held-out agreement, the rule and the verdict side
// by side, and the ablation's balanced accuracy and AUC.
func writeHeldOut(b *strings.Builder, title string, r *HeldOut) {
	names := rowNames(r.Rows)
	fmt.Fprintf(b, "%s\n%-24s %-8s %5s %4s %4s   %-27s   %-27s\n", title, "", "", "", "", "", "word-overlap rule", "verdict")
	fmt.Fprintf(b, "%-24s %-8s %5s %4s %4s   %5s %5s %5s %5s   %5s %5s %5s %5s\n", "set", "scope", "n", "sup", "uns",
		"BA", "AUC", "P(u)", "R(u)", "BA", "AUC", "P(u)", "R(u)")
	for _, row := range r.Rows {
		m := row.Model
		fmt.Fprintf(b, "%-24s %-8s %5d %4d %4d   %s   %s\n", names[row.Set], row.Scope, m.N, m.Supported, m.Unsupported,
			metricCells(row.Rule), metricCells(row.Model))
	}
	if r.Ablation != nil {
		writeAblation(b, names, r)
	}
	b.WriteString("\n")
}

func writeAblation(b *strings.Builder, names map[string]string, r *HeldOut) {
	b.WriteString("ablation: the verdict refitted without one signal, balanced accuracy / AUC\n")
	fmt.Fprintf(b, "  %-22s", "left out")
	for _, row := range r.Rows {
		name := names[row.Set]
		if row.Scope != scopeCitation {
			name += " " + row.Scope
		}
		fmt.Fprintf(b, " %15s", name)
	}
	fmt.Fprintf(b, "\n  %-22s", "nothing")
	for _, row := range r.Rows {
		fmt.Fprintf(b, " %s", baAUC(row.Model))
	}
	for _, s := range audit.Signals {
		rows, ok := r.Ablation[s.Name]
		if !ok {
			continue
		}
		fmt.Fprintf(b, "\n  %-22s", s.Name)
		for _, row := range rows {
			fmt.Fprintf(b, " %s", baAUC(row.Model))
		}
	}
	b.WriteString("\n")
}

// metricCells is balanced accuracy, AUC, precision and recall on
// unsupported; n/a where there is nothing to divide by.
func metricCells(m Metrics) string {
	both := m.Supported > 0 && m.Unsupported > 0
	c := m.Confusion
	return fmt.Sprintf("%5s %5s %5s %5s", cell(m.BalancedAccuracy, both), cell(m.AUC, both),
		cell(m.PrecisionUnsupported, c.TP+c.FP > 0), cell(m.RecallUnsupported, m.Unsupported > 0))
}

func baAUC(m Metrics) string {
	both := m.Supported > 0 && m.Unsupported > 0
	return fmt.Sprintf("  %5s / %5s", cell(m.BalancedAccuracy, both), cell(m.AUC, both))
}

func cell(v float64, defined bool) string {
	if !defined {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", v)
}

// rowNames names each label file of rows by its data set, with the file
// name when a data set has several (wice, wice dev.chunked).
func rowNames(rows []Row) map[string]string {
	files := map[string][]string{}
	for _, r := range rows {
		if d := r.Dataset(); !slices.Contains(files[d], r.Set) {
			files[d] = append(files[d], r.Set)
		}
	}
	out := map[string]string{}
	for d, fs := range files {
		for _, f := range fs {
			out[f] = d
			if len(fs) > 1 {
				out[f] = d + " " + strings.TrimSuffix(strings.TrimSuffix(filepath.Base(f), ".jsonl"), ".labels")
			}
		}
	}
	return out
}
