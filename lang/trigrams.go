package lang

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// trigramModel scores words by their letter trigrams, for each language
// of the Latin script the detector tells apart (data/trigrams.txt).
type trigramModel struct {
	index map[uint64]int32  // trigram key → row
	rows  [][maxLatin]uint8 // −ln P × 10 by language; 0 where the language's list lacks it
	// alias is, for a language without a letter model (detect.txt's
	// words-only), its relative's index, whose posterior it shares; -1
	// for the others. It takes no share of the posterior's mass.
	alias [maxLatin]int
}

// unseenCost is −ln P × 10 of a trigram a language's list lacks: P(c |
// ab) = 0.03%, below most it has (the lists keep each language's
// commonest 3,000).
const unseenCost = 80

// ngramWeight is what one word that is not a function word counts for,
// shared among languages by how likely its trigrams are in each: at most
// half a function word, so that a long name ("Weltkugelbrunnen") does not
// outweigh the short words around it.
const ngramWeight = 1.0

func trigramKey(a, b, c rune) uint64 { return uint64(a)<<42 | uint64(b)<<21 | uint64(c) }

// readTrigrams reads data/trigrams.txt for the languages of latin.
func readTrigrams(latin, wordsOnly []string) (*trigramModel, error) {
	t, err := readTable("trigrams.txt")
	if err != nil {
		return nil, err
	}
	m := &trigramModel{index: map[uint64]int32{}}
	for i, code := range latin {
		m.alias[i] = -1
		lines, ok := t.sections[code]
		if k := slices.IndexFunc(wordsOnly, func(w string) bool { return strings.HasPrefix(w, code+"=") }); !ok && k >= 0 {
			// No letter model of its own: its relative's posterior ("fy=nl"),
			// so its words alone tell it from the relative.
			if m.alias[i] = slices.Index(latin, strings.TrimPrefix(wordsOnly[k], code+"=")); m.alias[i] < 0 || m.alias[i] > i {
				return nil, fmt.Errorf("data/detect.txt: words-only %s: want a language of latin listed before it", wordsOnly[k])
			}
			continue
		}
		if !ok {
			return nil, fmt.Errorf("data/trigrams.txt: no [%s]", code)
		}
		f := strings.Fields(strings.Join(lines, " "))
		for k := 0; k+1 < len(f); k += 2 {
			r := []rune(f[k])
			cost, err := strconv.ParseFloat(f[k+1], 64)
			if len(r) != 3 || err != nil || cost < 0 {
				return nil, fmt.Errorf("data/trigrams.txt: [%s]: bad entry %q %q", code, f[k], f[k+1])
			}
			key := trigramKey(r[0], r[1], r[2])
			row, ok := m.index[key]
			if !ok {
				row = int32(len(m.rows))
				m.index[key] = row
				m.rows = append(m.rows, [maxLatin]uint8{})
			}
			m.rows[row][i] = uint8(min(unseenCost, max(1, math.Round(cost*10))))
		}
	}
	return m, nil
}

// vote adds to score a share of weight × ngramWeight for each language,
// by the likelihood of the trigrams of w (lowercased) in it.
func (m *trigramModel) vote(score *[maxLatin]float64, n int, w string, weight float64) {
	p, ok := m.posterior(n, w)
	if !ok {
		return
	}
	for i := 0; i < n; i++ {
		score[i] += weight * ngramWeight * p[i]
	}
}

// posterior returns, for each of the first n languages, the probability
// that w (lowercased) is a word of it, by its trigrams; false for a word
// of fewer than three letters.
func (m *trigramModel) posterior(n int, w string) (p [maxLatin]float64, ok bool) {
	if utf8.RuneCountInString(w) < 3 {
		return p, false
	}
	var cost [maxLatin]int
	var a, b rune
	k := 0
	for _, c := range w {
		if k >= 2 {
			row, ok := m.index[trigramKey(a, b, c)]
			for i := 0; i < n; i++ {
				if ok && m.rows[row][i] > 0 {
					cost[i] += int(m.rows[row][i])
				} else {
					cost[i] += unseenCost
				}
			}
		}
		a, b, k = b, c, k+1
	}
	least := cost[0]
	for i := 1; i < n; i++ {
		if m.alias[i] < 0 {
			least = min(least, cost[i])
		}
	}
	sum := 0.0
	for i := 0; i < n; i++ {
		if m.alias[i] < 0 {
			p[i] = math.Exp(-float64(cost[i]-least) / 10)
			sum += p[i]
		}
	}
	for i := 0; i < n; i++ {
		if m.alias[i] < 0 {
			p[i] /= sum
		}
	}
	for i := 0; i < n; i++ {
		if m.alias[i] >= 0 {
			p[i] = p[m.alias[i]]
		}
	}
	return p, true
}
