package lang

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// readUnits reads [units], [day-qualifiers], [degrees], [currencies] and
// [percent] of the language and of common (symbols and codes).
func (l *Language) readUnits(t, common *table) error {
	l.units, l.currencies, l.scales = map[string]string{}, map[string]string{}, map[string]string{}
	into := func(m map[string]string) func(k, f string) error {
		return func(k, f string) error {
			if old, dup := m[f]; dup && old != k {
				return fmt.Errorf("%q is %s and %s", f, old, k)
			}
			m[f] = k
			return nil
		}
	}
	for _, tt := range []*table{common, t} {
		for sec, m := range map[string]map[string]string{"units": l.units, "currencies": l.currencies, "scales": l.scales} {
			if err := entries(tt, sec, into(m)); err != nil {
				return err
			}
		}
	}
	for _, u := range l.units {
		if kind, _, ok := strings.Cut(u, ":"); !ok || kind == "" {
			return fmt.Errorf("[units]: unit %q is not dimension:unit", u)
		}
	}
	l.dayQual = set(t.words("day-qualifiers"))
	l.centWords = set(t.words("cent-words"))
	l.degrees = set(t.words("degrees"))
	l.points, l.pointCues = nil, cueSet{}
	for _, line := range t.sections["percent-points"] {
		p := strings.ToLower(strings.TrimSpace(line))
		l.points = append(l.points, p)
		l.pointCues.add(p)
	}
	for _, line := range t.sections["percent"] {
		l.percent = append(l.percent, strings.Fields(strings.ToLower(line)))
	}
	return nil
}

// Unit returns the canonical unit of a unit word written after a number
// ("days", "Tage", "dagen", "jours", "días" → "time:day"; "kg" →
// "mass:kg"), with the names audit/units.go uses. Words that are also
// common words of the language are left out: a missed unit makes the
// check lenient, a false one fails a true sentence.
func (l *Language) Unit(w string) (string, bool) {
	u, ok := lookup(l.units, w)
	return u, ok
}

// UnitOfStem returns the canonical unit whose word has the stem st as
// Stem gives it ("kilowattstund" and "kwh" are both "energy:kwh"), for
// comparing what figures are counted per; false for none.
func (l *Language) UnitOfStem(st string) (string, bool) {
	l.unitStemsOnce.Do(func() {
		l.unitStems = map[string]string{}
		for _, w := range slices.Sorted(maps.Keys(l.units)) { // the first word of a stem wins, in every run
			if k := l.Stem(l.Normalize(w)); k != "" {
				if _, seen := l.unitStems[k]; !seen {
					l.unitStems[k] = l.units[w]
				}
			}
		}
	})
	u, ok := l.unitStems[st]
	return u, ok
}

// SamePer reports whether the stems a and b, as Stem gives them, name one
// thing a figure may be counted per ([per-alike]: "per traveller" and
// "per person", "pro Reisendem" and "pro Person").
func (l *Language) SamePer(a, b string) bool {
	l.perAlikeOnce.Do(func() {
		l.perAlikeStems = map[string]int{}
		for i, line := range l.perAlike {
			for _, w := range line {
				if k := l.Stem(l.Normalize(w)); k != "" {
					l.perAlikeStems[k] = i + 1
				}
			}
		}
	})
	i := l.perAlikeStems[a]
	return i > 0 && i == l.perAlikeStems[b]
}

// IsCentWord reports whether w, in any case, names a hundredth of the
// currency after a number ([cent-words]: "cents", "Cent", "céntimos").
func (l *Language) IsCentWord(w string) bool { return l.centWords[strings.ToLower(w)] }

// IsDayQualifier reports whether w may stand between a number and "days"
// and leave them days ("30 business days"). German and Dutch write such
// days as one word ("Werktage", "werkdagen"), which Unit knows.
func (l *Language) IsDayQualifier(w string) bool { v, _ := lookup(l.dayQual, w); return v }

// IsDegreeWord reports whether w is the word for degrees ("degrees",
// "Grad", "graden", "degrés", "grados") before a scale (Scale).
func (l *Language) IsDegreeWord(w string) bool { v, _ := lookup(l.degrees, w); return v }

// Scale returns the temperature unit of a scale's name after a degree
// word ("Celsius" → "temp:c").
func (l *Language) Scale(w string) (string, bool) {
	u, ok := lookup(l.scales, w)
	return u, ok
}

// Currency returns the ISO code of a currency symbol, code or word
// ("€", "eur", "Euro", "euros", "dólares", "livres" → EUR, USD, GBP).
func (l *Language) Currency(w string) (string, bool) {
	c, ok := lookup(l.currencies, w)
	return c, ok
}

// PercentAt returns how many words, from words[i], write "percent"
// ("percent", "per cent", "Prozent", "procentpunten", "pour cent",
// "puntos porcentuales"; percentage points count as percent, as in the
// audit), or 0.
func (l *Language) PercentAt(words []string, i int) int {
	best := 0
	for _, p := range l.percent {
		if len(p) <= best || i+len(p) > len(words) {
			continue
		}
		match := true
		for k, w := range p {
			if !lowerIs(words[i+k], w) {
				match = false
				break
			}
		}
		if match {
			best = len(p)
		}
	}
	return best
}

// SaysPoints reports whether raw, a percentage as a text writes it
// ("2 Prozentpunkte", "0,5 puntos porcentuales"), counts percentage
// points ([percent-points]).
func (l *Language) SaysPoints(raw string) bool {
	raw = strings.ToLower(raw)
	return slices.ContainsFunc(l.points, func(p string) bool { return strings.Contains(raw, p) })
}

// MayCountPoints reports whether text may hold a phrase of
// [percent-points], by a byte test in any case: false means it holds none.
func (l *Language) MayCountPoints(text string) bool { return l.pointCues.in(text) }
