package audit

// Thresholds hold every number the verdict depends on, in one place.
type Thresholds struct {
	// Support is the minimum support score for "supported". The default was
	// chosen on the ../shared/data dev labels (README, "How the verdict is made").
	Support float64 `json:"support"`
	// NPWeight is the weight of noun-phrase coverage in the support score;
	// word overlap gets the rest.
	NPWeight float64 `json:"np_weight"`
}

// DefaultThresholds are the shipped defaults.
var DefaultThresholds = Thresholds{Support: 0.55, NPWeight: 0.5}

// SupportScore combines the signals into one number in [0, 1].
func (t Thresholds) SupportScore(s Signals) float64 {
	np, tok := s.NPCoverage, s.TokenOverlap
	switch {
	case np < 0 && tok < 0:
		return 1 // nothing to check (e.g. only a number, checked separately)
	case np < 0:
		return tok
	case tok < 0:
		return np
	}
	return t.NPWeight*np + (1-t.NPWeight)*tok
}

// Verdict turns a pair's signals into supported or unsupported, with the
// reasons a reader needs. New signals plug in here.
func (t Thresholds) Verdict(s Signals) (verdict string, score float64, reasons []string) {
	score = t.SupportScore(s)
	verdict = Supported
	if score < t.Support {
		verdict = Unsupported
		reasons = append(reasons, "low_overlap")
	}
	if len(s.NumbersMissing) > 0 {
		verdict = Unsupported
		reasons = append(reasons, "number_mismatch")
	}
	return verdict, score, reasons
}
