package audit

import (
	"slices"
	"strings"
)

// frameSwapped is subjectSwapped for items a chunk lists in sentences of
// one frame, where the claim's item has no value of the claim's kind at
// all: "Der Tarif Strom Basis enthält einen Neukundenbonus von 50 €"
// against "Tarif Strom Basis: 12 Monate Preisgarantie. Tarif Strom Fix: 24
// Monate Preisgarantie und 50 € Neukundenbonus." A quantity of the claim
// is stated only in sentences that do not name a capitalised word n of the
// claim but name, beside the content word next to n in the claim
// ("Strom _", "_ plan") or in a label opening the sentence ("Team: …"), a
// capitalised word the claim lacks; another sentence names n there and
// does not state it. The chunk gives the value to the other item and none
// to the claim's.
//
// It returns them with the window of the sentence stating the value, or
// -1 when there are none.
func frameSwapped(c *claim, missing []string, p *passageRead) ([]string, int) {
	s := p.sentenceReader
	var frames []frame
	read := false // frames are read for the first quantity that needs them
	var out []string
	at := -1
	for _, q := range c.quantities {
		counted := q.Kind == "money" || q.Kind == "percent" || q.Kind == "number" && q.Unit != ""
		if q.Weak || slices.Contains(missing, q.Raw) || !counted && !countOfThing(c, q) {
			continue // an amount, a share or a count of a unit or a thing, no year or bare number ("24/7")
		}
		if !read {
			frames, read = framesOf(c, s), true
		}
		states := func(i int) bool { return s.stated(i).index.supports(q) }
		for _, f := range frames {
			if !counted && !f.labels {
				continue // a count of a thing is read only between labels ("Standard: two screens")
			}
			if slices.ContainsFunc(f.anywhere, states) {
				continue // a sentence naming it states it
			}
			other := slices.IndexFunc(f.others, states)
			if other < 0 || !slices.ContainsFunc(f.here, func(i int) bool { return !states(i) }) {
				continue
			}
			out = append(out, q.Raw)
			if at < 0 {
				at = f.others[other]
			}
			break
		}
	}
	return out, at
}

// frame is a capitalised word of a claim with a content word beside it,
// and the chunk's sentences that name another item in that frame, name
// the word there, or name it anywhere.
type frame struct {
	n            string
	others, here []int // sentences naming another item in the frame, and the claim's word
	anywhere     []int // sentences naming the claim's word
	labels       bool  // others and here are labels opening sentences ("Standard: …", "Premium: …")
}

// framesOf are the claim's frames that the chunk names both another item
// and the claim's in: read once, before any value.
func framesOf(c *claim, s *sentenceReader) []frame {
	toks := tokensOf(c.plain)
	spans := quantitySpans(c.plain, c.quantities)
	inClaim := func(w string) bool { return slices.ContainsFunc(toks, func(t token) bool { return t.lower == w }) }
	content := func(k int) string { // the claim's k-th word, if a content word outside its quantities
		if k < 0 || k >= len(toks) || spans.at(toks[k].start) >= 0 || len(toks[k].lower) < 3 || stopword(c.tongue, toks[k].lower) {
			return ""
		}
		return toks[k].lower
	}
	labelled := false // a sentence of the chunk opens with a label
	for i, w := range s.ev.windows {
		if !w.pair && labelEnd(s.text(i)) >= 0 {
			labelled = true
			break
		}
	}
	var frames []frame
	for k := 1; k < len(toks); k++ {
		n := toks[k]
		before, after := content(k-1), content(k+1)
		framed := before != "" || after != ""
		if !n.capital || spans.at(n.start) >= 0 || !framed && !labelled {
			continue
		}
		other := func(t token) bool { return t.capital && !inClaim(t.lower) }
		if f, ok := s.frameOf(n.lower, before, after, labelled, other); ok {
			frames = append(frames, f)
		}
	}
	return frames
}

// frameOf is the frame of the claim's word n, with the content words
// beside it in the claim (before, after: "" for none), when the chunk
// names both another item (other) and n in it: beside those words among a
// sentence's first words, or in a label opening a sentence (labelled: the
// chunk has one).
func (s *sentenceReader) frameOf(n, before, after string, labelled bool, other func(token) bool) (frame, bool) {
	isN := func(t token) bool { return t.lower == n }
	framed := before != "" || after != ""
	f := frame{n: n, labels: labelled}
	for i, w := range s.ev.windows {
		if w.pair {
			continue
		}
		otherLabel := labelled && !s.inLabel(i, isN) && s.inLabel(i, other)
		if otherLabel || framed && s.inFrame(i, other, before, after) {
			f.others = append(f.others, i)
			f.labels = f.labels && otherLabel
		}
		hereLabel := labelled && s.inLabel(i, isN)
		if hereLabel || framed && s.inFrame(i, isN, before, after) {
			f.here = append(f.here, i)
			f.labels = f.labels && hereLabel
		}
	}
	if len(f.others) == 0 || len(f.here) == 0 {
		return f, false
	}
	for i, w := range s.ev.windows {
		if !w.pair && slices.ContainsFunc(s.tokens(i), isN) {
			f.anywhere = append(f.anywhere, i)
		}
	}
	return f, true
}

// inFrame reports whether sentence i holds, among its first words (the
// item it is about), a word match takes beside before or after.
func (s *sentenceReader) inFrame(i int, match func(t token) bool, before, after string) bool {
	ts := s.tokens(i)
	for q, t := range ts[:min(len(ts), frameOpening)] {
		if match(t) && (before != "" && q > 0 && ts[q-1].lower == before || after != "" && q+1 < len(ts) && ts[q+1].lower == after) {
			return true
		}
	}
	return false
}

// inLabel reports whether sentence i opens with a label ("Team: 100 GB
// …", "Paket S: 10 Zustellungen") holding a word match takes.
func (s *sentenceReader) inLabel(i int, match func(t token) bool) bool {
	text := s.text(i)
	end := labelEnd(text)
	return end >= 0 && slices.ContainsFunc(tokensOf(text[:end]), match)
}

// labelEnd is where a label opening text ends (its colon), or -1.
func labelEnd(text string) int {
	end := strings.IndexByte(text, ':')
	if end > maxLabel {
		return -1
	}
	return end
}

// maxLabel is the most bytes a label opening a sentence holds ("Tarif
// Strom Fix:").
const maxLabel = 40

// countOfThing reports whether q is a plain count of the word after it
// ("four screens"): no year, no part of "24/7".
func countOfThing(c *claim, q quantity) bool {
	if q.Kind != "number" || q.Unit != "" || q.Start > 0 && c.plain[q.Start-1] == '/' {
		return false
	}
	if v := strings.TrimPrefix(q.Key, "n:"); len(v) == 4 && v >= "1000" && v <= "2999" {
		return false
	}
	return countedWord(c.plain, q, c.tongue.l) != ""
}

// frameOpening is how many words open a sentence listing an item: the
// item is named among them ("Tarif Strom Fix: …", "The Pro plan costs
// …"), not deep in a sentence about something else.
const frameOpening = 5
