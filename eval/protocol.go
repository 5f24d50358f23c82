package eval

import (
	"hash/fnv"
	"sort"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// Row compares the verdict with the word-overlap rule on the items of one
// label file and scope, both fitted by the same protocol on the same
// training items.
type Row struct {
	Set       string  `json:"set"`
	Scope     string  `json:"scope"`
	ScoreOnly bool    `json:"score_only,omitempty"`
	Rule      Metrics `json:"rule"`
	Model     Metrics `json:"model"`
}

// Dataset is the data set of the row's label file.
func (r Row) Dataset() string { return datasetOf(r.Set) }

// leaveOneDatasetOut fits the verdict (by proc) and the rule's threshold
// on the single citations of every data set but one, scores the items of
// that one, and does so for each data set: agreement on data the fit has
// never seen. Rows are sorted by label file and scope.
func leaveOneDatasetOut(items []item, proc Procedure) []Row {
	var sc scoring
	for _, d := range datasets(items) {
		var train, test []item
		for _, it := range items {
			if it.Dataset == d {
				test = append(test, it)
			} else {
				train = append(train, it)
			}
		}
		sc.fitAndScore(proc, train, test)
	}
	return sc.rows()
}

// leaveOneLanguageOut is leaveOneDatasetOut by language: the verdict and
// the rule's threshold fitted on the items in every other language, scored
// on the one left out — how the verdict holds in a language it was not
// fitted on.
func leaveOneLanguageOut(items []item, proc Procedure) []Row {
	var sc scoring
	seen := map[string]bool{}
	var langs []string
	for _, it := range items {
		if !seen[it.Language] {
			seen[it.Language] = true
			langs = append(langs, it.Language)
		}
	}
	sort.Strings(langs)
	for _, l := range langs {
		var train, test []item
		for _, it := range items {
			if it.Language == l {
				test = append(test, it)
			} else {
				train = append(train, it)
			}
		}
		sc.fitAndScore(proc, train, test)
	}
	return sc.rows()
}

// crossValidate is k-fold cross-validation by conversation over all data
// sets pooled (foldOf): fitting and scoring never see the same conversation.
// Score-only items are left out: their conversations are another view of
// fitted ones.
func crossValidate(items []item, k int, proc Procedure) []Row {
	var sc scoring
	for fold := 0; fold < k; fold++ {
		var train, test []item
		for _, it := range items {
			switch {
			case it.ScoreOnly:
			case foldOf(it.Conversation, k) == fold:
				test = append(test, it)
			default:
				train = append(train, it)
			}
		}
		sc.fitAndScore(proc, train, test)
	}
	return sc.rows()
}

// scoring collects the held-out decisions of the rule and the model by
// label file and scope.
type scoring struct {
	rule, model map[[2]string][]Pair
	scoreOnly   map[string]bool // label files
}

func (sc *scoring) fitAndScore(proc Procedure, train, test []item) {
	if sc.rule == nil {
		sc.rule, sc.model, sc.scoreOnly = map[[2]string][]Pair{}, map[[2]string][]Pair{}, map[string]bool{}
	}
	m := proc.fit("held-out", train)
	fitted := trainable(train)
	ruleScores := make([]float64, len(fitted))
	for i, it := range fitted {
		ruleScores[i] = ruleScore(it)
	}
	cut := cut(ruleScores, fitted, balance(fitted))
	for _, it := range test {
		k := [2]string{it.Set, it.Scope}
		sc.scoreOnly[it.Set] = it.ScoreOnly
		rs := ruleScore(it)
		p, decision := modelScore(m, it)
		sc.rule[k] = append(sc.rule[k], scoredPair(it, rs, rs >= 0 && rs >= cut))
		sc.model[k] = append(sc.model[k], scoredPair(it, p, decision >= m.Threshold))
	}
}

func (sc *scoring) rows() []Row {
	var out []Row
	for k, rule := range sc.rule {
		out = append(out, Row{Set: k[0], Scope: k[1], ScoreOnly: sc.scoreOnly[k[0]], Rule: compute(rule), Model: compute(sc.model[k])})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Set != out[j].Set {
			return out[i].Set < out[j].Set
		}
		return out[i].Scope < out[j].Scope
	})
	return out
}

func scoredPair(it item, score float64, supported bool) Pair {
	label, pred := audit.Unsupported, audit.Unsupported
	if it.Supported {
		label = audit.Supported
	}
	if supported {
		pred = audit.Supported
	}
	return Pair{Label: readers.Label{Label: label, LabelScope: it.Scope}, Agent: it.Agent, Predicted: pred, Score: score}
}

// datasets returns the data sets of items, sorted.
func datasets(items []item) []string {
	seen := map[string]bool{}
	var out []string
	for _, it := range items {
		if !seen[it.Dataset] {
			seen[it.Dataset] = true
			out = append(out, it.Dataset)
		}
	}
	sort.Strings(out)
	return out
}

// foldOf assigns a conversation to one of k folds by a hash of its id.
func foldOf(conversation string, k int) int {
	h := fnv.New32a()
	h.Write([]byte(conversation))
	return int(h.Sum32() % uint32(k))
}
