package audit

import (
	"cmp"
	"context"
	"slices"

	"github.com/ragaudit/ragaudit/nounphrase"
	"github.com/ragaudit/ragaudit/readers"
)

// maxBetterCandidates bounds the chunks measured in full for one sentence
// in the misattribution search: those sharing the most of its content
// words. Measuring every chunk for every unsupported sentence took 98 % of
// the audit of a record with 10,000 chunks (QA defect 1); answers with
// fewer candidates, all the dev sets' among them, are searched in full.
const maxBetterCandidates = 64

// misattribution is the search for better chunks of one answer.
type misattribution struct {
	chunks  []readers.Chunk
	tongue  func(i int) tongue // the language of chunk i
	answer  tongue             // the answer's, in which chunks are indexed
	evs     []*evidence        // the answer's measured chunks, shared with auditMessage
	cited   []int              // the chunks the answer's sentences cite, measured before the search
	isCited []bool
	light   []*lightChunk
	// postings maps a content-word stem to the auditable chunks that have
	// it, so a sentence's overlap is counted only in the chunks sharing a
	// word with it, not in every chunk; nil with at most postingsFrom
	// chunks, whose sets are probed directly (building the map cost more
	// than it saved).
	postings map[uint64][]int32
	indexed  bool
	count    []int32 // per chunk: the sentence's stems it has (scratch)
	touched  []int32 // the chunks whose count is not 0
}

func newMisattribution(chunks []readers.Chunk, evs []*evidence, tongue func(i int) tongue, answer tongue) *misattribution {
	m := &misattribution{chunks: chunks, evs: evs, tongue: tongue, answer: answer, isCited: make([]bool, len(evs))}
	for i, ev := range evs {
		if ev != nil {
			m.cited, m.isCited[i] = append(m.cited, i), true
		}
	}
	return m
}

// index computes every auditable chunk's stems, once per answer.
func (m *misattribution) index(wc *wordCache) {
	if m.indexed {
		return
	}
	m.indexed = true
	if len(m.chunks) > postingsFrom {
		m.postings = map[uint64][]int32{}
	}
	m.light = make([]*lightChunk, len(m.chunks))
	m.count = make([]int32, len(m.chunks))
	for i, ch := range m.chunks {
		if !auditable(ch) || !m.answer.ok {
			continue
		}
		// Read in the answer's language: a chunk in another shares too few
		// of a claim's words to be a candidate, and a candidate's own
		// language is told when it is one (betterChunk).
		m.light[i] = m.lightChunk(i, wc)
		if m.postings != nil {
			m.light[i].stems.each(func(h uint64) { m.postings[h] = append(m.postings[h], int32(i)) })
		}
	}
}

// postingsFrom is the most chunks an answer has whose stem sets are probed
// one by one rather than through postings.
const postingsFrom = 32

// countShared sets count to the number of the claim's stems each chunk
// has, listing in touched the chunks whose count is not 0. Either way
// the counts are the same: the stems are distinct, and so are a chunk's.
func (m *misattribution) countShared(c *claim) {
	if m.postings == nil {
		for i, l := range m.light {
			if l == nil {
				continue
			}
			for _, st := range c.stems {
				if l.stems.has(st) {
					m.count[i]++
				}
			}
			if m.count[i] > 0 {
				m.touched = append(m.touched, int32(i))
			}
		}
		return
	}
	for _, st := range c.stems {
		for _, i := range m.postings[st] {
			if m.count[i] == 0 {
				m.touched = append(m.touched, i)
			}
			m.count[i]++
		}
	}
}

// lightChunk reads chunk i for the search. A chunk the answer cites was
// measured already; when in the answer's language (so read with the same
// word cache) its content stems are those contentStems would read, in the
// same order, and the chunk is not read again.
func (m *misattribution) lightChunk(i int, wc *wordCache) *lightChunk {
	if ev := m.evs[i]; ev != nil && m.isCited[i] && ev.tongue.code == m.answer.code && ev.tongue.l == m.answer.l {
		text := maskMarkup(m.chunks[i].Text)
		return &lightChunk{text: text, tongue: m.answer, stems: newWordSetIn(ev.contentStems, &wc.arena.u64), quantities: ev.quantities, indexed: true}
	}
	return newLightChunk(m.chunks[i].Text, wc.of(m.answer), m.answer)
}

// betterChunk looks for another retrieved chunk of the answer that supports
// the sentence its citation does not: a misattribution, not a fabrication.
// The candidates are the chunks other sentences cite and the chunks
// sharing at least half of the sentence's content words (their stems are
// computed once per answer): one sharing fewer is taken not to support it,
// and measuring every chunk in full was a fifth of the audit's time. While
// number_mismatch is decisive, a chunk lacking one of the sentence's
// numbers cannot support it either and is not measured. The chunks the
// sentence cites are not candidates: they are judged with their sentence,
// and a co-cited chunk that states it is a weak co-citation, not a better
// source. The answer depends on the sentence alone, not on the order in
// which sentences are searched.
func (a *Auditor) betterChunk(ctx context.Context, c *claim, m *misattribution, sentence []pair, tenant string, wc *wordCache) (int, error) {
	numbersDecide := a.cfg.Model.decisive("number_mismatch")
	m.index(wc)
	m.countShared(c)
	share := func(i int) float64 { // shareIn(c.stems, m.light[i].stems)
		if len(c.stems) == 0 {
			return -1
		}
		return float64(m.count[i]) / float64(len(c.stems))
	}
	own := citedBy(sentence, m.chunks)
	type candidate struct {
		i     int
		share float64
	}
	var cands []candidate
	for _, i := range m.cited {
		if m.evs[i].tongue.code != c.tongue.code {
			continue // another language: nothing to compare
		}
		if !own(i) && (!numbersDecide || states(m.evs[i].quantities, c.quantities)) {
			cands = append(cands, candidate{i, share(i)})
		}
	}
	for _, i32 := range m.touched {
		i := int(i32)
		if m.isCited[i] || m.light[i].tongue.code != c.tongue.code {
			continue // listed above, or read in another language
		}
		if sh := share(i); sh >= minMisattributionOverlap && !own(i) && (!numbersDecide || m.light[i].states(c.quantities)) &&
			m.tongue(i).code == c.tongue.code {
			cands = append(cands, candidate{i, sh})
		}
	}
	for _, i := range m.touched {
		m.count[i] = 0
	}
	m.touched = m.touched[:0]
	if len(cands) > maxBetterCandidates {
		slices.SortFunc(cands, func(x, y candidate) int {
			if x.share != y.share {
				return cmp.Compare(y.share, x.share)
			}
			return x.i - y.i
		})
		cands = cands[:maxBetterCandidates]
	}
	// In chunk order, so that of equally good chunks the first wins.
	slices.SortFunc(cands, func(x, y candidate) int { return x.i - y.i })
	var fresh []*evidence
	for _, cd := range cands {
		if m.evs[cd.i] == nil {
			m.evs[cd.i] = newEvidence(m.chunks[cd.i].Text, wc.of(c.tongue), c.tongue)
			if c.tongue.l == nil {
				fresh = append(fresh, m.evs[cd.i]) // word vectors are English
			}
		}
	}
	if err := a.embed(ctx, nil, fresh); err != nil {
		return -1, err
	}
	best, bestP := -1, 0.0
	for _, cd := range cands {
		ms := runChecks(c, m.evs[cd.i])
		if v, p, _ := a.modelFor(c).verdict(&ms, tenant); v == Supported && p > bestP {
			best, bestP = cd.i, p
		}
	}
	return best, nil
}

// citedBy returns whether one of a sentence's citations resolved to chunk
// i, or to a chunk with i's id (a log may repeat an id; "better" would
// then name the cited chunk itself).
func citedBy(sentence []pair, chunks []readers.Chunk) func(i int) bool {
	idx, ids := map[int]bool{}, map[string]bool{}
	for _, p := range sentence {
		if p.chunk >= 0 && p.chunk < len(chunks) { // not an earlier turn's chunk
			idx[p.chunk] = true
			if id := chunks[p.chunk].ID; id != "" {
				ids[id] = true
			}
		}
	}
	return func(i int) bool { return idx[i] || (chunks[i].ID != "" && ids[chunks[i].ID]) }
}

// lightChunk is what the misattribution search knows of a chunk before
// measuring it in full.
type lightChunk struct {
	text       string
	tongue     tongue
	stems      wordSet       // content-word stems
	quantities quantityIndex // indexed on first use
	indexed    bool
}

// newLightChunk reads a chunk's text with its markup masked, as
// newEvidence does: struck-out text states nothing here either.
func newLightChunk(text string, wc *wordCache, t tongue) *lightChunk {
	text = maskMarkup(text)
	return &lightChunk{text: text, tongue: t, stems: contentStems(text, wc)}
}

func (l *lightChunk) states(qs []quantity) bool {
	if len(qs) == 0 {
		return true
	}
	if !l.indexed {
		l.quantities, l.indexed = quantityIndexIn(l.tongue.l, l.text), true
	}
	return states(l.quantities, qs)
}

// states reports whether a chunk's quantities include every one of qs.
func states(idx quantityIndex, qs []quantity) bool {
	for _, q := range qs {
		if !idx.supports(q) {
			return false
		}
	}
	return true
}

// minMisattributionOverlap is the share of a sentence's content words a
// chunk must have to be considered as its better source.
const minMisattributionOverlap = 0.5

func contentStems(text string, wc *wordCache) wordSet {
	hs := wc.scratch.hs[:0]
	defer func() { wc.scratch.hs = keep(hs) }()
	nounphrase.RawWordsAt(text, func(raw string, _ int) {
		if w := wc.info(raw); w.norm != "" && !w.stop {
			hs = append(hs, w.stem)
		}
	})
	return newWordSetIn(hs, &wc.arena.u64)
}
