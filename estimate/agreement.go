package estimate

// Agreement is how far the machine verdict agrees with the reviewer on the
// labelled citations (partial counted as Options says; cannot-judge left
// out). Unsupported is the class an auditor must catch.
type Agreement struct {
	// Confusion counts the labels: reviewer's class, then machine's.
	Confusion struct {
		UnsupportedAsUnsupported int64 `json:"unsupported_as_unsupported"`
		UnsupportedAsSupported   int64 `json:"unsupported_as_supported"`
		SupportedAsUnsupported   int64 `json:"supported_as_unsupported"`
		SupportedAsSupported     int64 `json:"supported_as_supported"`
	} `json:"confusion"`
	// BalancedAccuracy is the mean of the recalls of both classes, each
	// label weighed by the citations it stands for (1/inclusion), so that
	// it estimates the machine's balanced accuracy on all citations rather
	// than on a sample drawn more heavily from some strata. NaN when the
	// labels hold no citation of a class.
	BalancedAccuracy Number `json:"balanced_accuracy"`
	// UnsupportedCaught is the share of the unsupported citations the
	// machine called unsupported (its recall of them), weighed the same
	// way: what --machine-recall takes for runs of such logs without
	// labels. NaN when no label is unsupported.
	UnsupportedCaught Number `json:"unsupported_caught"`
	// SupportedFailed is the share of the supported citations the machine
	// called not supported (its false alarms), weighed the same way: what
	// --machine-false-alarms takes for runs of such logs without labels.
	// NaN when no label is supported.
	SupportedFailed Number `json:"supported_failed"`
}

// agreement reads the groups' sums over every tenant.
func agreement(gs []*group) Agreement {
	var a Agreement
	var w [2][2]float64 // reviewer (0 not supported, 1 supported) × machine (same)
	for _, g := range gs {
		c := &a.Confusion
		c.UnsupportedAsUnsupported += g.machineNo[0]
		c.UnsupportedAsSupported += g.machineYes[0]
		c.SupportedAsUnsupported += g.machineNo[1]
		c.SupportedAsSupported += g.machineYes[1]
		if g.n == 0 {
			continue
		}
		weight := float64(g.N) / float64(g.n)
		for r := range 2 {
			w[r][0] += weight * float64(g.machineNo[r])
			w[r][1] += weight * float64(g.machineYes[r])
		}
	}
	catch := w[0][0] / (w[0][0] + w[0][1])
	keep := w[1][1] / (w[1][1] + w[1][0])
	a.BalancedAccuracy = Number((catch + keep) / 2) // 0/0 is NaN: a class without labels
	a.UnsupportedCaught = Number(catch)
	a.SupportedFailed = Number(1 - keep)
	return a
}
