package lang

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// NumberForm is a number written in words.
type NumberForm struct {
	Form  string // as written, lowercased: "thirty-five", "vingt et un", "fünfundzwanzig"
	Value int
	// Ambiguous: the form is also an article, a pronoun or another common
	// word ("one", "een", "ein", "un", "uno"; French "neuf" is also "new"),
	// so it is a number only where the context says so.
	Ambiguous bool
}

type numberForm struct {
	value     int
	ambiguous bool
}

// readNumbers reads [numbers], [multipliers], [ordinals] and
// [ordinal-suffixes], and the negation cues.
func (l *Language) readNumbers(t, _ *table) error {
	if err := l.readNegation(t); err != nil {
		return err
	}
	if err := l.readAnswerWords(t); err != nil {
		return err
	}
	l.numbers = map[string]numberForm{}
	err := entries(t, "numbers", func(k, f string) error {
		v, err := strconv.Atoi(k)
		if err != nil || v < 0 {
			return fmt.Errorf("value %q", k)
		}
		amb := strings.HasSuffix(f, "*")
		key := numberKey(strings.TrimSuffix(f, "*"))
		if old, dup := l.numbers[key]; dup && old.value != v {
			return fmt.Errorf("%q is %d and %d", f, old.value, v)
		}
		l.numbers[key] = numberForm{v, amb}
		l.numberList = append(l.numberList, NumberForm{strings.TrimSuffix(f, "*"), v, amb})
		l.maxNumber = max(l.maxNumber, len(strings.Fields(key)))
		return nil
	})
	if err != nil {
		return err
	}
	if err := l.readHundreds(t); err != nil {
		return err
	}
	sort.SliceStable(l.numberList, func(i, j int) bool { return l.numberList[i].Value < l.numberList[j].Value })
	l.mults = map[string]float64{}
	err = entries(t, "multipliers", func(k, f string) error {
		v, err := strconv.ParseFloat(k, 64)
		if err != nil {
			return fmt.Errorf("value %q", k)
		}
		l.mults[numberKey(f)] = v
		l.maxMult = max(l.maxMult, len(strings.Fields(f)))
		return nil
	})
	if err != nil {
		return err
	}
	l.ordinals = map[string]int{}
	err = entries(t, "ordinals", func(k, f string) error {
		v, err := strconv.Atoi(k)
		l.ordinals[f] = v
		return err
	})
	l.ordSuffix = set(t.words("ordinal-suffixes"))
	return err
}

// numberKey is a number form's lookup key: words joined by single
// spaces, a hyphen counting as a space ("quatre-vingt-dix" is "quatre
// vingt dix", as a tokenizer that splits hyphens gives it).
func numberKey(f string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(strings.ToLower(f), "-", " ")), " ")
}

// NumberWord returns the value of a number written as one word or as a
// whole phrase ("seven", "fünfundzwanzig", "trente-cinq", "treinta y
// cinco", "one hundred"), whether it is also an article or pronoun
// ("een", "ein", "un", "uno": ambiguous), and false when it is none.
// Values run from 1 to 100; "hundred" and "thousand" alone are
// multipliers (Multiplier).
func (l *Language) NumberWord(w string) (value int, ambiguous, ok bool) {
	var buf [64]byte
	f, ok := l.numbers[string(appendKey(buf[:0], []string{w}))]
	return f.value, f.ambiguous, ok
}

// formAt reads the longest number form of [numbers] and [hundreds]
// starting at words[i]: its value, how many words it takes (0: none) and
// whether it is ambiguous.
func (l *Language) formAt(words []string, i int) (value, n int, ambiguous bool) {
	var buf [128]byte
	for k := min(l.maxNumber, len(words)-i); k > 0; k-- {
		if f, ok := l.numbers[string(appendKey(buf[:0], words[i:i+k]))]; ok {
			return f.value, k, f.ambiguous
		}
	}
	return 0, 0, false
}

// NumberForms lists the number words of the language by value, for
// callers that build their own lookup (the audit scans every chunk).
func (l *Language) NumberForms() []NumberForm {
	return append([]NumberForm(nil), l.numberList...)
}

// Multiplier returns the factor of a multiplier word after a number
// ("thousand", "Millionen", "Mio", "mld", "milliards"; note the German
// and French "Billion"/"billion" is 10¹², the English 10⁹).
func (l *Language) Multiplier(w string) (float64, bool) {
	var buf [64]byte
	m, ok := l.mults[string(appendKey(buf[:0], []string{w}))]
	return m, ok
}

// MultiplierAt reads the longest multiplier at words[i] ("mil
// millones"): its factor and how many words it takes (0: none).
func (l *Language) MultiplierAt(words []string, i int) (float64, int) {
	var buf [128]byte
	for k := min(l.maxMult, len(words)-i); k > 0; k-- {
		if m, ok := l.mults[string(appendKey(buf[:0], words[i:i+k]))]; ok {
			return m, k
		}
	}
	return 0, 0
}

// Ordinal returns the value of an ordinal word from 1 to 12 ("third",
// "dritten", "troisième", "tercera").
func (l *Language) Ordinal(w string) (int, bool) {
	v, ok := lookup(l.ordinals, w)
	return v, ok
}

// OrdinalForms lists the ordinal words of [ordinals], lowercased, with
// their values, for callers that build their own lookup.
func (l *Language) OrdinalForms() map[string]int {
	out := make(map[string]int, len(l.ordinals))
	for w, v := range l.ordinals {
		out[strings.ToLower(w)] = v
	}
	return out
}

// IsOrdinalSuffix reports whether s, written right after digits, makes
// them an ordinal ("12th", "1er", "2e", "3º", "8ste"). German writes a
// full stop instead (OrdinalDot).
func (l *Language) IsOrdinalSuffix(s string) bool { v, _ := lookup(l.ordSuffix, s); return v }
