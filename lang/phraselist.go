package lang

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// phraseList is a section of phrases, one a line, kept as the words the
// checks compare (lower-cased, an elided article split off,
// normalised); a line opening with "-" is a phrase that is none of them
// though it starts alike ("- except that" in [exceptions]).
type phraseList struct {
	phrases, not [][]string
	cues         cueSet // the longest word of each phrase, for a byte test first
}

func (l *Language) readPhraseList(t *table, section string) phraseList {
	var p phraseList
	for _, line := range t.sections[section] {
		line, not := strings.CutPrefix(strings.TrimSpace(line), "-")
		var words []string
		for _, f := range strings.Fields(strings.ToLower(line)) {
			if w := l.StripElision(f); w != f {
				words = append(words, f[:len(f)-len(w)], l.Normalize(w))
				continue
			}
			words = append(words, l.Normalize(f))
		}
		switch {
		case len(words) == 0:
		case not:
			p.not = append(p.not, words)
		default:
			p.phrases = append(p.phrases, words)
			p.cues.add(longestWord(strings.ToLower(line)))
		}
	}
	return p
}

// mayHold reports whether text may hold a phrase of the list: the longest
// word of one of them is in it, in any case. A text without one need not
// be split into words.
func (p *phraseList) mayHold(text string) bool { return p.cues.in(text) }

// at returns how many words a phrase of the list takes at words[i]
// (normalised words), 0 for none or for a "-" phrase there.
func (p *phraseList) at(words []string, i int) int {
	for _, n := range p.not {
		if i+len(n) <= len(words) && slices.Equal(words[i:i+len(n)], n) {
			return 0
		}
	}
	best := 0
	for _, ph := range p.phrases {
		if len(ph) > best && i+len(ph) <= len(words) && slices.Equal(words[i:i+len(ph)], ph) {
			best = len(ph)
		}
	}
	return best
}

// in reports whether words hold a phrase of the list anywhere.
func (p *phraseList) in(words []string) bool {
	for i := range words {
		if p.at(words, i) > 0 {
			return true
		}
	}
	return false
}

// cueSet is a set of lower-case cues looked for in texts in any case, in
// one pass over the text: each position is tried only against the cues
// its byte can open (a pass per cue made the byte tests a tenth of the
// checks' time).
type cueSet struct {
	bucket  [256]uint16 // by first byte (an ASCII letter lower-cased): 1 + its index in buckets, 0 for none
	buckets [][]string
	// seconds holds, per bucket, the folded ASCII bytes its cues' second
	// bytes can be: a position whose next byte is ASCII and in none is
	// passed without comparing (a cue of one byte, or whose second byte
	// is not ASCII, allows every one).
	seconds [][2]uint64
	all     []string // every cue, in the order added
}

func foldByte(b byte) byte {
	if b < utf8.RuneSelf {
		return b | 0x20
	}
	return b
}

func (c *cueSet) add(cue string) {
	if cue == "" {
		return
	}
	k := foldByte(cue[0])
	if c.bucket[k] == 0 {
		c.buckets = append(c.buckets, nil)
		c.seconds = append(c.seconds, [2]uint64{})
		c.bucket[k] = uint16(len(c.buckets))
	}
	i := c.bucket[k] - 1
	c.buckets[i] = appendUniqueString(c.buckets[i], cue)
	if len(cue) == 1 || cue[1] >= utf8.RuneSelf {
		c.seconds[i] = [2]uint64{^uint64(0), ^uint64(0)}
	} else {
		b := foldByte(cue[1])
		c.seconds[i][b>>6] |= 1 << (b & 63)
	}
	c.all = appendUniqueString(c.all, cue)
}

// in reports whether text holds one of the cues, in any case; a position
// whose byte cannot open a cue is passed by a byte test.
func (c *cueSet) in(text string) bool {
	if len(c.buckets) == 0 {
		return false
	}
	for i := 0; i < len(text); i++ {
		b := text[i]
		k := c.bucket[foldByte(b)]
		if k == 0 {
			continue
		}
		if i+1 < len(text) && text[i+1] < utf8.RuneSelf {
			if b2 := foldByte(text[i+1]); c.seconds[k-1][b2>>6]&(1<<(b2&63)) == 0 {
				continue
			}
		}
		for _, cue := range c.buckets[k-1] {
			first := cue[0]
			if b != first && (b >= utf8.RuneSelf || b|0x20 != first) {
				continue
			}
			if i+len(cue) <= len(text) && strings.EqualFold(text[i:i+len(cue)], cue) {
				return true
			}
		}
	}
	return false
}

func longestWord(phrase string) string {
	best := ""
	for _, f := range strings.Fields(strings.NewReplacer("'", " ", "’", " ").Replace(phrase)) {
		if len(f) > len(best) {
			best = f
		}
	}
	return best
}

func appendUniqueString(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
