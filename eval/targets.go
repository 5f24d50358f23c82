package eval

import "fmt"

// Check is one target of agreement, met or not. A must that is not met
// fails the evaluation; an aim is reported.
type Check struct {
	What string `json:"what"`
	Must bool   `json:"must"`
	Met  bool   `json:"met"`
}

// aimMargin is how far the verdict aims to beat the rule's balanced
// accuracy on every held-out data set.
const aimMargin = 0.03

// ruleTargets checks leave-one-dataset-out rows: on the single citations
// of every data set that is fitted on, the verdict's balanced accuracy and
// AUC must be at least the rule's, and should beat its balanced accuracy
// by aimMargin.
func ruleTargets(rows []Row) []Check {
	var out []Check
	for _, r := range rows {
		if r.Scope != scopeCitation || r.ScoreOnly {
			continue
		}
		d := r.Dataset()
		out = append(out,
			Check{fmt.Sprintf("%s: balanced accuracy %.3f ≥ the rule's %.3f", d, r.Model.BalancedAccuracy, r.Rule.BalancedAccuracy),
				true, r.Model.BalancedAccuracy >= r.Rule.BalancedAccuracy},
			Check{fmt.Sprintf("%s: AUC %.3f ≥ the rule's %.3f", d, r.Model.AUC, r.Rule.AUC), true, r.Model.AUC >= r.Rule.AUC},
			Check{fmt.Sprintf("%s: balanced accuracy %.3f ≥ the rule's + %.2f (%.3f)", d, r.Model.BalancedAccuracy, aimMargin, r.Rule.BalancedAccuracy+aimMargin),
				false, r.Model.BalancedAccuracy >= r.Rule.BalancedAccuracy+aimMargin})
	}
	return out
}

// minimumTargets checks every minimum of minBA ("dataset/scope" →
// balanced accuracy) on the rows it names, score-only label files aside,
// as musts or as aims; a minimum that names no row, or a row of one
// class, is not met.
func minimumTargets(rows []Row, minBA map[string]float64, must bool) []Check {
	var out []Check
	for _, key := range sortedKeys(minBA) {
		found := false
		for _, r := range rows {
			if r.ScoreOnly || r.Dataset()+"/"+r.Scope != key {
				continue
			}
			found = true
			both := r.Model.Supported > 0 && r.Model.Unsupported > 0
			out = append(out, Check{fmt.Sprintf("%s (%s): balanced accuracy %.3f ≥ %.2f", key, r.Set, r.Model.BalancedAccuracy, minBA[key]),
				must, both && r.Model.BalancedAccuracy >= minBA[key]})
		}
		if !found {
			out = append(out, Check{fmt.Sprintf("%s: no such data set and scope among the held-out rows", key), must, false})
		}
	}
	return out
}
