package eval

import (
	"math"

	"github.com/ragaudit/ragaudit/audit"
)

// Band is the uncertain band of a judge: the citations whose support score
// lies in [threshold − Below, threshold + Above) of their tenant's
// threshold, and that no decisive check fails, go to the judge.
type Band struct {
	Below, Above float64
}

// BandAccuracy is the judge accuracy the band is fitted for: the band
// holds the citations where, on the data sets it is fitted on, the
// lexical verdict is right less often than a judge right on 65 % of them
// would be. Deliberately below what small fine-tuned judges reach on sets
// like these (0.77–0.83): fitted for 0.8, the band held 28–64 % of the
// citations and lost on the set left out whose lexical verdict was
// already good (WiCE), while the band fitted for 0.65 gained on all four
// left out (docs/calibration.md has both tables).
const BandAccuracy = 0.65

// inBand reports whether a judge would be sent the item under model m:
// measured, no decisive failure, its score within the band.
func (b Band) inBand(m audit.Model, it item) bool {
	if it.Features == nil || m.HardFailed(it.Features) {
		return false
	}
	p := m.Probability(it.Features)
	return p >= m.Threshold-b.Below && p < m.Threshold+b.Above
}

// bandGain is the expected gain in weighted correct decisions of sending
// the band to a judge right with probability q: Σ over the band of
// w (q − 1 when the lexical verdict is right, q otherwise).
func bandGain(m audit.Model, items []item, w []float64, b Band, q float64) (gain, share float64) {
	var in, all float64
	for i, it := range items {
		all += w[i]
		if !b.inBand(m, it) {
			continue
		}
		in += w[i]
		_, decision := modelScore(m, it)
		right := (decision >= m.Threshold) == it.Supported
		gain += w[i] * (q - float64(b2i(right)))
	}
	return gain, in / all
}

// fitBand is the band with the greatest expected gain for a judge right
// with probability q on the single citations of items, every data set and
// class weighing the same (balance); of equal gains the narrower. Edges
// are on a grid of 0.01 up to 0.4 either side of the threshold.
func fitBand(m audit.Model, items []item, q float64) Band {
	train := trainable(items)
	w := balance(train)
	best, bestGain, bestShare := Band{}, 0.0, 0.0
	for lo := 0; lo <= 40; lo++ {
		for hi := 0; hi <= 40; hi++ {
			b := Band{Below: float64(lo) / 100, Above: float64(hi) / 100}
			g, share := bandGain(m, train, w, b, q)
			if g > bestGain+1e-9 || (math.Abs(g-bestGain) <= 1e-9 && share < bestShare) {
				best, bestGain, bestShare = b, g, share
			}
		}
	}
	return best
}

// BandRow is the band fitted on the other data sets, applied to one.
type BandRow struct {
	Set  string
	Band Band
	// Share is the share of the set's labelled citations in the band, and
	// CallsPer1000 the judge calls per 1,000 of the set's citations the
	// rate counts (every citation of its logs, labelled or not).
	Share, CallsPer1000 float64
	// Balanced accuracy of the lexical verdict, and with a judge right on
	// every, 80 % and 70 % of the band (expected values).
	Lexical, Perfect, Judge80, Judge70 float64
	N                                  int
}

// leaveOneDatasetOutBand fits the verdict (proc) and the band on every
// data set but one and applies both to that one, for each: the band's
// cost and gain on text it was not fitted on. scores holds, per data set,
// the model inputs of every citation of its logs (for the calls).
func leaveOneDatasetOutBand(items []item, proc Procedure, all map[string][]audit.Features) []BandRow {
	var rows []BandRow
	for _, d := range datasets(items) {
		var train, test []item
		for _, it := range items {
			if it.Dataset == d {
				test = append(test, it)
			} else {
				train = append(train, it)
			}
		}
		m := proc.fit("held-out", train)
		b := fitBand(m, train, BandAccuracy)
		rows = append(rows, bandRow(d, m, b, trainable(test), all[d]))
	}
	return rows
}

// bandRow measures band b of model m on one data set's single citations.
func bandRow(set string, m audit.Model, b Band, test []item, all []audit.Features) BandRow {
	r := BandRow{Set: set, Band: b, N: len(test)}
	ones := make([]float64, len(test))
	for i := range ones {
		ones[i] = 1
	}
	_, r.Share = bandGain(m, test, ones, b, 1)
	var in int
	for _, f := range all {
		if b.inBand(m, item{Features: f}) {
			in++
		}
	}
	if len(all) > 0 {
		r.CallsPer1000 = 1000 * float64(in) / float64(len(all))
	}
	r.Lexical = judgedBA(m, b, test, -1)
	r.Perfect, r.Judge80, r.Judge70 = judgedBA(m, b, test, 1), judgedBA(m, b, test, 0.8), judgedBA(m, b, test, 0.7)
	return r
}

// judgedBA is the expected balanced accuracy when a judge right with
// probability q decides the band (q < 0: no judge).
func judgedBA(m audit.Model, b Band, items []item, q float64) float64 {
	var right, all [2]float64
	for _, it := range items {
		c := b2i(it.Supported)
		all[c]++
		if q >= 0 && b.inBand(m, it) {
			right[c] += q
			continue
		}
		_, decision := modelScore(m, it)
		if (decision >= m.Threshold) == it.Supported {
			right[c]++
		}
	}
	return (right[0]/all[0] + right[1]/all[1]) / 2
}
