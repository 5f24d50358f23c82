package report

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/ragaudit/ragaudit/audit"
)

// GateNames are the quantities --fail-on can gate on besides the rate.
var GateNames = []string{"fabricated", "uncited", "below-floor", "rejected", "drop", "tenant-drop", "fallback", "intervened"}

// GateSpec is one --fail-on: fail when Name exceeds Limit, a count, or a
// share when Share is set ("uncited=2%": more than 2 % of sentences).
type GateSpec struct {
	Name  string
	Limit float64
	Share bool
}

// ParseGate reads "fabricated", "uncited=5", "below-floor=1%" or
// "drop=2%" (a drop of the rate by more than 2 points against
// --baseline). Without a limit, any occurrence fails (drop: any drop).
func ParseGate(spec string) (GateSpec, error) {
	name, limit, hasLimit := strings.Cut(strings.TrimSpace(spec), "=")
	g := GateSpec{Name: strings.TrimSpace(name)}
	if !slices.Contains(GateNames, g.Name) {
		return g, fmt.Errorf("%q: want one of %s, with an optional =N or =P%%", spec, strings.Join(GateNames, ", "))
	}
	if !hasLimit {
		return g, nil
	}
	limit = strings.TrimSpace(limit)
	if pct, ok := strings.CutSuffix(limit, "%"); ok {
		g.Share = true
		limit = strings.TrimSpace(pct)
	}
	v, err := strconv.ParseFloat(limit, 64)
	if err != nil && strings.Count(limit, ",") == 1 {
		// A decimal comma, as Dutch, German, French and Spanish write it.
		point := strings.Replace(limit, ",", ".", 1)
		if _, perr := strconv.ParseFloat(point, 64); perr == nil {
			if g.Share {
				point += "%"
			}
			return g, fmt.Errorf("%q: write the decimal with a point: %s=%s", spec, g.Name, point)
		}
	}
	if err != nil || v < 0 || math.IsInf(v, 0) {
		return g, fmt.Errorf("%q: the limit must be a count (=5) or a percentage (=2%%)", spec)
	}
	if g.Share {
		v /= 100
	}
	if (g.Name == "drop" || g.Name == "tenant-drop") && !g.Share {
		if v > 1 {
			return g, fmt.Errorf("%q: a drop is in points: write =%g%% (or =%g)", spec, v, v/100)
		}
		g.Share = true // a drop is of a rate: 0.02 is 2 points
	}
	g.Limit = v
	return g, nil
}

// Gate is the outcome of one --fail-on.
type Gate struct {
	Spec   string  `json:"fail_on"`
	Value  float64 `json:"value"`
	Limit  float64 `json:"limit"`
	Pass   bool    `json:"pass"`
	Detail string  `json:"detail"`
	// NotCompared: a drop gate with nothing to compare (no baseline yet,
	// or either run without data). It does not fail the run, and it is
	// never shown as passed: Detail says why.
	NotCompared bool `json:"not_compared,omitempty"`
	// Undecided: neither met nor failed for certain, since what the run
	// could not check decides it (a drop of a run that checked too few
	// citations; below-floor with answers whose retrieval has no score).
	// The run is INCOMPLETE unless it fails otherwise; Detail says why.
	Undecided bool `json:"undecided,omitempty"`
}

// EvaluateGates measures each gate on the summary (with its baseline, for
// drops). A drop gate without a baseline is an error.
func EvaluateGates(specs []GateSpec, s *Summary) ([]Gate, error) {
	var out []Gate
	c := s.Counts
	for _, g := range specs {
		var value, of float64
		var what string
		switch g.Name {
		case "fabricated":
			value, of, what = float64(c.CitationsByVerdict[audit.Fabricated]), float64(c.Citations), "fabricated citations"
		case "uncited":
			value, of, what = float64(c.UncitedFactual), float64(c.Sentences), "uncited factual sentences"
		case "below-floor":
			value, of, what = float64(c.AnsweredBelowFloor), float64(c.Answers), "answers given below the retrieval floor"
		case "rejected":
			value, of, what = float64(c.Rejected), float64(c.Answers), "rejected answers"
		case "fallback", "intervened": // shares of a guard's decisions
			out = append(out, guardGate(g, s))
			continue
		case "drop", "tenant-drop":
			if s.Baseline == nil {
				return nil, fmt.Errorf("--fail-on %s needs --baseline (a previous run's summary.json)", g.Name)
			}
			out = append(out, dropGate(g, s.Baseline))
			continue
		}
		shown := value
		if g.Share {
			if of > 0 {
				value /= of
			} else {
				value = 0
			}
		}
		gate := Gate{Spec: g.String(), Value: round6(value), Limit: g.Limit, Pass: value <= g.Limit}
		gate.Detail = fmt.Sprintf("%g %s", shown, what)
		if g.Share {
			gate.Detail += fmt.Sprintf(" (%s of %g)", pct(value), of)
		}
		if g.Name == "below-floor" {
			floorNotChecked(&gate, g, c)
		}
		notReadGate(&gate, g, c, of)
		out = append(out, gate)
	}
	for i := range out {
		settle(&out[i], specs[i], s)
	}
	return out, nil
}

// floorNotChecked holds a below-floor gate to the answers whose
// retrieval carries no score: were they all below the floor, would it
// still pass? If not, it is not met (undecided); a gate failed already
// stays failed, whatever they are.
func floorNotChecked(gate *Gate, g GateSpec, c audit.Counts) {
	n := c.FloorNotChecked
	if n == 0 {
		return
	}
	gate.Detail += fmt.Sprintf("; %d answer(s) not checked against the floor: their retrieval carries no score", n)
	worst := float64(c.AnsweredBelowFloor + n)
	if g.Share && c.Answers > 0 {
		worst /= float64(c.Answers)
	}
	if gate.Pass && worst > g.Limit {
		gate.Pass, gate.Undecided = false, true
	}
}

// notReadGate holds a gate on uncited sentences, or on answers below
// the floor, to those in a language the checks do not read: were they all
// what the gate counts, would it still pass? If not, it is not met.
func notReadGate(gate *Gate, g GateSpec, c audit.Counts, of float64) {
	var byLang map[string]int
	var what string
	switch g.Name {
	case "uncited":
		byLang, what = c.NotReadSentences, "uncited sentence(s) in a language the checks do not read (%s): whether they state facts is not known"
	case "below-floor":
		byLang, what = c.FloorNotRead, "answer(s) below the floor in a language the checks do not read (%s): whether they answer or refuse is not known"
	default:
		return
	}
	n := sumCounts(byLang)
	if n == 0 {
		return
	}
	gate.Detail += fmt.Sprintf("; %d "+what, n, languageCounts(byLang))
	worst := gate.Value
	if g.Share && of > 0 {
		worst += float64(n) / of
	} else if !g.Share {
		worst += float64(n)
	}
	if gate.Pass && worst > g.Limit {
		gate.Pass, gate.Undecided = false, true
	}
}

// languageCounts is "it 2, pl 1": counts by language code, sorted.
func languageCounts(m map[string]int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

// settle marks a failed gate of a run that checked too few undecided when
// what it did not check could undo the failure: counts only grow with
// more citations or records, and a share of all citations read, sentences
// or answers keeps its denominator; but a drop of the rate could be none
// were the citations not checked supported, and a share can shrink with
// the records not read.
func settle(g *Gate, spec GateSpec, s *Summary) {
	c := s.Coverage
	if g.Pass || g.Undecided || !s.CheckedTooFew() {
		return
	}
	unread := c.unread()
	var undoable bool
	switch spec.Name {
	case "drop":
		best := c.bestRate(s.Counts.CitationsByVerdict[audit.Supported])
		undoable = unread || round6(s.Baseline.Before-best) <= spec.Limit
	case "tenant-drop": // a tenant's citations not checked are not counted apart
		undoable = true
	case "fallback", "intervened":
		undoable = spec.Share && unread && s.Guard != nil
	default:
		undoable = spec.Share && unread
	}
	if !undoable {
		return
	}
	g.Undecided = true
	switch {
	case unread && c.NotChecked > 0:
		g.Detail += fmt.Sprintf("; the %d citations not checked and the %d unreadable records could undo it", c.NotChecked, c.RecordsSkipped)
	case unread:
		g.Detail += fmt.Sprintf("; the %d unreadable records could undo it", c.RecordsSkipped)
	default:
		g.Detail += fmt.Sprintf("; the %d citations not checked could undo it", c.NotChecked)
	}
}

func dropGate(g GateSpec, b *BaselineChange) Gate {
	if b.NotCompared != "" {
		return Gate{Spec: g.String(), Limit: g.Limit, Pass: true, NotCompared: true, Detail: b.String()}
	}
	if g.Name == "drop" {
		drop := -b.Change
		return Gate{Spec: g.String(), Value: round6(drop), Limit: g.Limit, Pass: drop <= g.Limit,
			Detail: "citation accuracy " + b.String()}
	}
	worst := TenantChange{}
	for _, t := range b.Tenants {
		if t.Change < worst.Change {
			worst = t
		}
	}
	gate := Gate{Spec: g.String(), Value: round6(-worst.Change), Limit: g.Limit, Pass: -worst.Change <= g.Limit, Detail: "no tenant dropped"}
	if worst.Change < 0 {
		gate.Detail = fmt.Sprintf("tenant %s %s → %s (%+.1f points)", Printable(worst.Name), pct(worst.Before), pct(worst.Now), 100*worst.Change)
	}
	return gate
}

// String writes the spec as it is given on the command line.
func (g GateSpec) String() string {
	if g.Limit == 0 && !g.Share {
		return g.Name
	}
	if g.Share {
		return fmt.Sprintf("%s=%g%%", g.Name, 100*g.Limit)
	}
	return fmt.Sprintf("%s=%g", g.Name, g.Limit)
}

// BaselineChange compares the run with an earlier one (--baseline).
type BaselineChange struct {
	Path    string         `json:"path"`
	Before  float64        `json:"citation_accuracy_before"`
	Now     float64        `json:"citation_accuracy_now"`
	Change  float64        `json:"change"`
	Tenants []TenantChange `json:"tenants"` // tenants in both runs, largest drop first
	// ConfigurationChanged: the baseline was made under another
	// configuration, so the change mixes it with a change of quality.
	ConfigurationChanged bool `json:"configuration_changed,omitempty"`
	// NotCompared says why there is no change: either run had no data
	// (its rate of 0 is no rate, and a drop against it is no drop), or
	// there is no baseline yet (NoBaselineYet, Missing).
	NotCompared string `json:"not_compared,omitempty"`
	// Missing: Path did not exist, and --allow-missing-baseline let the
	// run go on (a first run in CI).
	Missing bool `json:"missing,omitempty"`
}

// NoBaselineYet is why a run whose --baseline does not exist yet is not
// compared.
const NoBaselineYet = "no baseline yet"

// String says the change in words: "60.0% → 71.4% (+11.4 points)".
func (c *BaselineChange) String() string {
	if c.NotCompared != "" {
		return "not compared: " + c.NotCompared
	}
	return fmt.Sprintf("%s → %s (%+.1f points)", pct(c.Before), pct(c.Now), 100*c.Change)
}

// TenantChange is one tenant's rate in both runs.
type TenantChange struct {
	Name   string  `json:"name"`
	Before float64 `json:"before"`
	Now    float64 `json:"now"`
	Change float64 `json:"change"`
}

// ReadBaseline reads an earlier run's summary.json (or the report
// directory holding it).
func ReadBaseline(path string) (*Summary, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		path = filepath.Join(path, FileSummaryJSON)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s Summary
	if err := json.Unmarshal(b, &s); err != nil || s.Tool != "ragaudit" {
		return nil, fmt.Errorf("%s is not a ragaudit summary.json", path)
	}
	return &s, nil
}

// CompareBaseline says how the rate and each tenant's rate changed.
func CompareBaseline(path string, base, now *Summary) *BaselineChange {
	switch {
	case base.Status == StatusNoData:
		return &BaselineChange{Path: path, Tenants: []TenantChange{}, NotCompared: "the baseline had no data"}
	case now.noData() != "":
		return &BaselineChange{Path: path, Tenants: []TenantChange{}, NotCompared: "this run has no data"}
	}
	c := &BaselineChange{Path: path, Before: base.CitationAccuracy, Now: now.CitationAccuracy,
		Change: round6(now.CitationAccuracy - base.CitationAccuracy), Tenants: []TenantChange{},
		ConfigurationChanged: base.ConfigHash != now.ConfigHash}
	before := map[string]audit.Group{}
	for _, g := range base.Tenants {
		before[g.Name] = g
	}
	for _, g := range now.Tenants {
		// "(other tenants)" holds different tenants in two runs.
		if b, ok := before[g.Name]; ok && !g.Other && !b.Other && b.Citations > 0 && g.Citations > 0 {
			c.Tenants = append(c.Tenants, TenantChange{Name: g.Name, Before: b.Accuracy, Now: g.Accuracy, Change: round6(g.Accuracy - b.Accuracy)})
		}
	}
	slices.SortStableFunc(c.Tenants, func(a, b TenantChange) int {
		if a.Change != b.Change {
			if a.Change < b.Change {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return c
}
