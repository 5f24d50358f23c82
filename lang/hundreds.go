package lang

import (
	"fmt"
	"strconv"
	"strings"
)

// Numbers in words above a hundred: "dreihundertfünfzig", "driehonderd",
// "tweeduizend" (written as one word where the language compounds),
// "trois cent cinquante", "deux mille cinq cents", "trescientos",
// "mil quinientos". [hundreds] gives the hundreds; the rest is composed
// from them, [numbers] and its form of 1000.

// readHundreds reads [hundreds] into the number forms, and the parts of
// 100 and 1000 a compounding language glues into one word.
func (l *Language) readHundreds(t *table) error {
	l.hundreds = len(t.sections["hundreds"]) > 0
	err := entries(t, "hundreds", func(k, f string) error {
		v, err := strconv.Atoi(k)
		if err != nil || v < 100 || v > 900 || v%100 != 0 {
			return fmt.Errorf("[hundreds]: value %q", k)
		}
		key := numberKey(f)
		if old, dup := l.numbers[key]; dup && old.value != v {
			return fmt.Errorf("%q is %d and %d", f, old.value, v)
		}
		l.numbers[key] = numberForm{v, false}
		l.numberList = append(l.numberList, NumberForm{f, v, false})
		l.maxNumber = max(l.maxNumber, len(strings.Fields(key)))
		return nil
	})
	if err != nil || !l.hundreds || !l.Compounds {
		return err
	}
	for _, f := range l.numberList {
		if (f.Value == 100 || f.Value == 1000) && !strings.Contains(f.Form, " ") && !hasPrefixOf(f.Form, l.glued) {
			l.glued = append(l.glued, f.Form)
		}
	}
	return nil
}

func hasPrefixOf(w string, parts []string) bool {
	for _, p := range parts {
		if strings.Contains(w, p) {
			return true
		}
	}
	return false
}

// GluedParts are the words of 100 and 1000 that a language writing
// numbers as one word glues into them ("hundert", "tausend"; "honderd",
// "duizend"), for callers that filter words before NumberAt; nil for a
// language that writes them apart.
func (l *Language) GluedParts() []string { return l.glued }

// HasHundreds reports whether the language reads numbers above a hundred
// in words (NumberAt), whose forms take up to MaxNumberWords words.
func (l *Language) HasHundreds() bool { return l.hundreds }

// MaxNumberWords is the most words NumberAt may read as one number.
const MaxNumberWords = 8

// NumberAt reads the longest number in words starting at words[i]
// ("vingt et un", "treinta y cinco", "quatre vingt dix" from a hyphenated
// form split; with [hundreds] also "trois cent cinquante", "deux mille
// cinq cents", "dreihundertfünfzig"): its value, how many words it takes
// (0: none) and whether it is ambiguous: also an article or pronoun, or
// a hundred or thousand alone, a number only with a unit or amount.
func (l *Language) NumberAt(words []string, i int) (value, n int, ambiguous bool) {
	v, n, amb := l.formAt(words, i)
	if l.hundreds && n == 0 && len(l.glued) > 0 && i < len(words) {
		var buf [64]byte
		if g, ok := l.gluedNumber(string(appendLower(buf[:0], words[i]))); ok {
			return g, 1, false
		}
	}
	if n == 0 || !l.hundreds || l.Compounds || amb {
		return v, n, amb || n > 0 && (v == 100 || v == 1000)
	}
	first := n
	if v >= 100 && v < 1000 { // "trois cent" + "cinquante"
		if r, k := l.below100(words, i+n); k > 0 {
			v, n = v+r, n+k
		}
	}
	if v < 1000 && l.isThousand(words, i+n) { // "deux" + "mille"
		v, n = v*1000, n+1
	}
	if v >= 1000 && v%1000 == 0 { // "mil" + "quinientos"
		if r, k := l.upTo999(words, i+n); k > 0 {
			v, n = v+r, n+k
		}
	}
	return v, n, n == first && (v == 100 || v == 1000)
}

// below100 reads a number from 2 to 99 at words[i] (not "un", an article
// as often).
func (l *Language) below100(words []string, i int) (int, int) {
	if v, k, amb := l.formAt(words, i); k > 0 && v < 100 && !amb {
		return v, k
	}
	return 0, 0
}

// upTo999 reads the hundreds and tens at words[i]: "cinq cents",
// "quinientos veinte", "quarante".
func (l *Language) upTo999(words []string, i int) (int, int) {
	v, k, amb := l.formAt(words, i)
	switch {
	case k == 0 || amb && v != 100 || v >= 1000:
		return 0, 0
	case v >= 100:
		if r, k2 := l.below100(words, i+k); k2 > 0 {
			return v + r, k + k2
		}
	}
	return v, k
}

// isThousand reports whether words[i] is the language's 1000 ("mille",
// "mil") and not the start of a longer multiplier ("mil millones").
func (l *Language) isThousand(words []string, i int) bool {
	if i >= len(words) {
		return false
	}
	if v, k, _ := l.formAt(words, i); k != 1 || v != 1000 {
		return false
	}
	_, k := l.MultiplierAt(words, i)
	return k <= 1
}

// gluedNumber reads a number written as one word with its hundreds or
// thousands (lower case): "dreihundertfünfzig", "zweitausend",
// "tweeduizendvijfhonderd"; false for none, or for one below 100.
func (l *Language) gluedNumber(w string) (int, bool) {
	for _, t := range l.glued {
		f, ok := l.numbers[t]
		if !ok || f.value != 1000 {
			continue
		}
		if at := strings.Index(w, t); at >= 0 {
			left, right := 1, 0
			if at > 0 {
				if left, ok = l.glued999(w[:at]); !ok || left == 0 {
					return 0, false
				}
			}
			if right, ok = l.glued999(w[at+len(t):]); !ok {
				return 0, false
			}
			return left*1000 + right, true
		}
	}
	v, ok := l.glued999(w)
	return v, ok && v >= 100
}

// glued999 reads 0 to 999 written as one word ("" is 0): a form of
// [numbers] or [hundreds], or hundreds and a form below 100 after them.
func (l *Language) glued999(w string) (int, bool) {
	if w == "" {
		return 0, true
	}
	if f, ok := l.numbers[w]; ok && f.value < 1000 {
		return f.value, true
	}
	for _, h := range l.glued {
		if f, ok := l.numbers[h]; !ok || f.value != 100 {
			continue
		}
		at := strings.Index(w, h)
		if at < 0 {
			continue
		}
		hv := 100
		if at > 0 {
			f, ok := l.numbers[w[:at]]
			if !ok || f.value < 1 || f.value > 9 {
				return 0, false
			}
			hv = f.value * 100
		}
		rest := w[at+len(h):]
		if rest == "" {
			return hv, true
		}
		if f, ok := l.numbers[rest]; ok && f.value < 100 {
			return hv + f.value, true
		}
		return 0, false
	}
	return 0, false
}
