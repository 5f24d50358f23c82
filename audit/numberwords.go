package audit

import (
	"math/bits"
	"strings"
)

// scanWordNumbers calls emit for each number written as words
// ("thirty-five", "two"). It runs over every cited chunk: words are found
// on a bitmask of the letters of 64 bytes at a time, and most are turned
// away on their first two letters, without a branch per letter.
func scanWordNumbers(text string, emit func(start, end, n int, ordinal bool)) {
	scanWordNumbersAndOnes(text, emit, nil)
}

// scanWordNumbersAndOnes is scanWordNumbers that also calls one for each
// one that "one", "a" or "an" says before a unit of time (articleOneAt),
// in the same pass over the words.
func scanWordNumbersAndOnes(text string, emit func(start, end, n int, ordinal bool), one func(start, end int, unit string)) {
	next := 0         // where the next word may start: after the last one read
	var before uint64 // 1 when the byte before the block is a letter
	for base := 0; base < len(text); base += 64 {
		letters := letterBits(text[base:min(base+64, len(text))])
		starts := letters &^ (letters<<1 | before)
		before = letters >> 63
		for ; starts != 0; starts &= starts - 1 {
			i := base + bits.TrailingZeros64(starts)
			if one != nil && i >= next && mayBeArticleOne(text, i) {
				if end, unit := articleOneAt(text, i); unit != "" {
					one(i, end, unit)
					next = end
					continue
				}
			}
			if i < next || i+1 == len(text) || !isLetter(text[i+1]) ||
				numberWordLengths[int((text[i]|0x20)-'a')*26+int((text[i+1]|0x20)-'a')] == 0 {
				continue
			}
			j := i + 2
			for j < len(text) && isLetter(text[j]) {
				j++
			}
			n, ordinal, ok := numberWord(text[i:j])
			if ok && n == 100 && !ordinal {
				// "one hundred", "a hundred": "one" and "a" are no numbers
				// of their own.
				if s, w := wordBefore(text, i); strings.EqualFold(w, "one") || strings.EqualFold(w, "a") {
					n, end, ordinal := hundredsAfter(text, s+len(w), 1)
					if !ordinal {
						n, end, ordinal = thousandsAfter(text, end, n)
					}
					emit(s, end, n, ordinal)
					next = end
				}
				continue
			}
			if !ok || n == 1000 { // "thousand" alone is no quantity
				continue
			}
			if ordinal {
				emit(i, j, n, true)
				next = j
				continue
			}
			n, end, ordinal := compoundNumber(text, j, n)
			if !ordinal {
				n, end, ordinal = hundredsAfter(text, end, n)
			}
			if !ordinal {
				n, end, ordinal = thousandsAfter(text, end, n)
			}
			emit(i, end, n, ordinal)
			next = end
		}
	}
}

// mayBeArticleOne reports whether the word at text[i] is "a", "an" or
// "one", in any case, by its bytes: most words are turned away without a
// call.
func mayBeArticleOne(text string, i int) bool {
	ends := func(k int) bool { return k >= len(text) || !isLetter(text[k]) }
	switch text[i] | 0x20 {
	case 'a':
		return ends(i+1) || text[i+1]|0x20 == 'n' && ends(i+2)
	case 'o':
		return i+2 < len(text) && text[i+1]|0x20 == 'n' && text[i+2]|0x20 == 'e' && ends(i+3)
	}
	return false
}

// compoundNumber reads the units after the tens n ending at text[j]:
// "thirty-five", "thirty five" are 35; "twenty-first" is the ordinal 21,
// not 20 and a "first" (a chunk's "21st floor" states it). It returns the
// number, where it ends and whether it is an ordinal.
func compoundNumber(text string, j, n int) (int, int, bool) {
	if n < 20 || n%10 != 0 || j+1 >= len(text) || (text[j] != '-' && text[j] != ' ') {
		return n, j, false
	}
	k := j + 1
	for k < len(text) && isLetter(text[k]) {
		k++
	}
	if u, ord, ok := numberWord(text[j+1 : k]); ok && u < 10 {
		return n + u, k, ord
	}
	if strings.EqualFold(text[j+1:k], "one") {
		return n + 1, k, false
	}
	return n, j, false
}

// hundredsAfter reads "hundred" after the number n (1 to 99) ending at
// text[j], and the tens and units after it, "and" between or not: "three
// hundred" is 300, "three hundred and fifty" 350, "two hundred
// twenty-first" the ordinal 221; not 3, a number the chunk's "€300"
// would not state. It returns the number, where it ends and whether it
// is an ordinal.
func hundredsAfter(text string, j, n int) (int, int, bool) { return scaleAfter(text, j, n, 100) }

// thousandsAfter reads "thousand" after the number n (1 to 999) ending
// at text[j], and the hundreds, tens and units after it: "three thousand"
// is 3000, "two thousand five hundred" 2500.
func thousandsAfter(text string, j, n int) (int, int, bool) { return scaleAfter(text, j, n, 1000) }

// scaleAfter reads the word of scale (100 or 1000) after the number n
// (below scale) ending at text[j], then what follows it below 100, and
// below scale: the hundreds of a thousand.
func scaleAfter(text string, j, n, scale int) (int, int, bool) {
	w, e := wordAfter(text, j)
	if v, ord, ok := numberWord(w); n < 1 || n >= scale || !ok || ord || v != scale {
		return n, j, false
	}
	n, j = n*scale, e
	k := j
	if w, e := wordAfter(text, j); strings.EqualFold(w, "and") {
		k = e
	}
	w, e = wordAfter(text, k)
	u, ord, ok := numberWord(w)
	if !ok || u >= 100 {
		return n, j, false
	}
	if ord {
		return n + u, e, true
	}
	u, e, ord = compoundNumber(text, e, u)
	if !ord && scale > 100 {
		u, e, ord = scaleAfter(text, e, u, 100)
	}
	return n + u, e, ord
}

// wordBefore is the word of ASCII letters before the one space at
// text[i-1], and where it starts; none if there is no space.
func wordBefore(text string, i int) (int, string) {
	if i < 2 || text[i-1] != ' ' {
		return i, ""
	}
	k := i - 1
	for k > 0 && isLetter(text[k-1]) {
		k--
	}
	return k, text[k : i-1]
}

// wordAfter is the word of ASCII letters after the one space or hyphen
// at text[j], and where it ends; none if text[j] is neither.
func wordAfter(text string, j int) (string, int) {
	if j+1 >= len(text) || text[j] != ' ' && text[j] != '-' {
		return "", j
	}
	k := j + 1
	for k < len(text) && isLetter(text[k]) {
		k++
	}
	return text[j+1 : k], k
}

// letterBits returns a bitmask of the ASCII letters of s (at most 64
// bytes): bit k for s[k]. Eight bytes at a time, as in nextDigit.
func letterBits(s string) uint64 {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	var m uint64
	k := 0
	for ; k+8 <= len(s); k += 8 {
		b := s[k : k+8]
		x := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		low := (x | ones*0x20) &^ high // lowercased, the top bit apart: no carry below
		l := (low + ones*(0x80-'a')) &^ (low + ones*(0x80-'z'-1)) &^ x & high
		// The top bit of byte i goes to bit 56+i, the others below it.
		m |= (l >> 7 * 0x0102040810204080 >> 56) << k
	}
	for ; k < len(s); k++ {
		if isLetter(s[k]) {
			m |= 1 << k
		}
	}
	return m
}

// numberWordList is the number words numberWord reads, with their
// values, and the ordinal words 1st to 12th (ordinals.go).
var numberWordList = []struct {
	word    string
	value   int
	ordinal bool
}{
	{"two", 2, false}, {"three", 3, false}, {"four", 4, false}, {"five", 5, false}, {"six", 6, false}, {"seven", 7, false}, {"eight", 8, false}, {"nine", 9, false},
	{"ten", 10, false}, {"eleven", 11, false}, {"twelve", 12, false}, {"thirteen", 13, false}, {"fourteen", 14, false}, {"fifteen", 15, false},
	{"sixteen", 16, false}, {"seventeen", 17, false}, {"eighteen", 18, false}, {"nineteen", 19, false}, {"twenty", 20, false}, {"thirty", 30, false},
	{"forty", 40, false}, {"fifty", 50, false}, {"sixty", 60, false}, {"seventy", 70, false}, {"eighty", 80, false}, {"ninety", 90, false},
	{"hundred", 100, false}, {"thousand", 1000, false},
	{"first", 1, true}, {"second", 2, true}, {"third", 3, true}, {"fourth", 4, true}, {"fifth", 5, true},
	{"sixth", 6, true}, {"seventh", 7, true}, {"eighth", 8, true}, {"ninth", 9, true}, {"tenth", 10, true},
	{"eleventh", 11, true}, {"twelfth", 12, true},
}

// numberWordSlots holds, by first two letters and length, the indices + 1
// of the number words of that shape (at most three: "fifty", "fifth", "first"):
// a word is looked up without hashing it, as this runs for every word of
// every cited chunk (a map lookup was a fortieth of the audit).
var numberWordSlots = func() (t [26 * 26 * 10][3]uint8) {
	for i, nw := range numberWordList {
		slot := &t[(int(nw.word[0]-'a')*26+int(nw.word[1]-'a'))*10+len(nw.word)]
		k := 0
		for slot[k] != 0 {
			k++
		}
		slot[k] = uint8(i + 1)
	}
	return t
}()

// numberWordLengths holds, by their first two letters, the lengths of the
// number words ("th": 5, 6, 8): most words are turned away on it alone.
var numberWordLengths = func() (t [26 * 26]uint16) {
	for _, nw := range numberWordList {
		t[int(nw.word[0]-'a')*26+int(nw.word[1]-'a')] |= 1 << len(nw.word)
	}
	return t
}()

// numberWord returns the value of a number word, in any case, and
// whether it is an ordinal.
func numberWord(w string) (value int, ordinal, ok bool) {
	if len(w) < 3 || len(w) > 9 {
		return 0, false, false
	}
	a, b := uint((w[0]|0x20)-'a'), uint((w[1]|0x20)-'a')
	if a >= 26 || b >= 26 || numberWordLengths[a*26+b]&(1<<len(w)) == 0 {
		return 0, false, false
	}
	var buf [9]byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	for _, k := range numberWordSlots[(a*26+b)*10+uint(len(w))] {
		if k > 0 && string(buf[:len(w)]) == numberWordList[k-1].word {
			return numberWordList[k-1].value, numberWordList[k-1].ordinal, true
		}
	}
	return 0, false, false
}
