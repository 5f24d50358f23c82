package lang

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The audit's English tables as they were when they moved here (audit/
// negation.go, numberwords.go, numbers.go, dates.go, units.go, punkt.go,
// refusal.go, factual.go): English must read exactly as before, so these
// copies are the test's oracle and must not be edited to make it pass.
var (
	auditNegationWords = []string{"not", "no", "never", "without", "none", "nor", "neither", "cannot", "nothing", "nobody", "nowhere"}
	auditFirstPerson   = []string{"i", "i'm", "im", "i've", "ive", "i'd", "i’m", "i’ve"}
	auditAnswerWords   = []string{"i", "i'm", "we", "you", "it", "sorry", "thank", "but"}
	auditNumberWords   = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
		"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
		"eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
		"eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000}
	auditCurrencies = map[string]string{"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY", "us$": "USD", "usd": "USD", "eur": "EUR",
		"gbp": "GBP", "jpy": "JPY", "chf": "CHF", "euro": "EUR", "euros": "EUR", "dollar": "USD",
		"dollars": "USD", "pound": "GBP", "pounds": "GBP", "cad": "CAD", "aud": "AUD", "inr": "INR",
		"rs": "INR", "₹": "INR"}
	auditMonths = map[string]int{"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
		"may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
		"sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12}
	auditMultipliers = map[string]float64{"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12,
		"k": 1e3, "m": 1e6, "mn": 1e6, "bn": 1e9}
	auditTimeWords = []string{"in", "of", "since", "until", "till", "from", "to", "by", "during", "early", "late", "mid",
		"through", "last", "next", "this", "that", "each", "every", "before", "after"}
	auditDayQualifiers = []string{"business", "working", "calendar", "banking"}
	auditAbbrevs       = []string{"sgt", "gov", "no", "mt", "approx", "e.g", "i.e", "etc", "vs", "incl", "excl", "est", "dept", "fig", "ca", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "st", "ave", "co", "corp", "inc", "ltd", "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "u.s", "u.k", "e.u", "min", "max", "hr", "hrs", "yr", "yrs", "p", "pp", "vol", "art", "sec", "para", "ref", "nos", "v", "al", "cf", "viz"}
	auditTitles        = []string{"dr", "mr", "mrs", "ms", "prof", "gen", "pres", "gov", "sen", "rep", "lt", "col", "capt", "sgt", "rev", "hon", "fr", "v", "vs"}
)

// auditUnits is audit/units.go's table, built the way it builds it.
var auditUnits = func() map[string]string {
	m := map[string]string{}
	add := func(unit string, words ...string) {
		for _, w := range words {
			m[w] = unit
		}
	}
	add("time:second", "second", "seconds", "sec", "secs")
	add("time:minute", "minute", "minutes", "min", "mins")
	add("time:hour", "hour", "hours", "hr", "hrs")
	add("time:day", "day", "days")
	add("time:week", "week", "weeks", "wk", "wks")
	add("time:month", "month", "months")
	add("time:year", "year", "years", "yr", "yrs")
	add("time:decade", "decade", "decades")
	add("time:century", "century", "centuries")
	add("mass:mcg", "mcg", "microgram", "micrograms")
	add("mass:mg", "mg", "milligram", "milligrams", "milligramme", "milligrammes")
	add("mass:g", "g", "gram", "grams", "gramme", "grammes")
	add("mass:kg", "kg", "kilogram", "kilograms", "kilogramme", "kilogrammes", "kilo", "kilos")
	add("mass:t", "tonne", "tonnes", "ton", "tons")
	add("mass:lb", "lb", "lbs")
	add("mass:oz", "oz", "ounce", "ounces")
	add("length:mm", "mm", "millimeter", "millimeters", "millimetre", "millimetres")
	add("length:cm", "cm", "centimeter", "centimeters", "centimetre", "centimetres")
	add("length:m", "meter", "meters", "metre", "metres")
	add("length:km", "km", "kilometer", "kilometers", "kilometre", "kilometres")
	add("length:ft", "ft", "foot", "feet")
	add("length:yd", "yd", "yard", "yards")
	add("length:mi", "mile", "miles")
	add("length:inch", "inch", "inches")
	add("volume:ml", "ml", "milliliter", "milliliters", "millilitre", "millilitres")
	add("volume:l", "liter", "liters", "litre", "litres")
	add("volume:gal", "gallon", "gallons", "gal")
	add("data:kb", "kb", "kilobyte", "kilobytes")
	add("data:mb", "mb", "megabyte", "megabytes")
	add("data:gb", "gb", "gigabyte", "gigabytes")
	add("data:tb", "tb", "terabyte", "terabytes")
	add("energy:kwh", "kwh", "kilowatt-hour", "kilowatt-hours")
	add("rate:kbit", "kbit", "kbps")
	add("rate:mbit", "mbit", "mbps")
	add("rate:gbit", "gbit", "gbps")
	add("power:w", "w", "watt", "watts")
	add("power:kw", "kw", "kilowatt", "kilowatts")
	// Added on purpose in round 4, to both tables: the symbols a support
	// bot writes ("200 ms", "200 s", "24 h", "2 m", "5 l", "33 cl").
	add("time:ms", "ms", "millisecond", "milliseconds", "msec")
	add("time:second", "s")
	add("time:hour", "h")
	add("length:m", "m")
	add("volume:cl", "cl", "centiliter", "centiliters", "centilitre", "centilitres")
	add("volume:dl", "dl", "deciliter", "deciliters", "decilitre", "decilitres")
	add("volume:l", "l")
	return m
}()

// The audit's regular expressions, as it compiled them before it read
// English's phrases from data/en.txt too: the table may add phrases, never
// lose one.
var (
	auditRefusal = regexp.MustCompile(`(?i)` + strings.Join([]string{
		`\bi (?:do not|don't|dont) (?:have|know|see|find)\b.{0,60}\b(?:information|answer|details|knowledge|data|record|documentation|sources?)`,
		`\b(?:not|isn't|is not) (?:in|part of|covered by|available in) (?:my|the|our) (?:knowledge base|documents?|documentation|sources?|context|records)`,
		`\bi(?:'m| am) (?:sorry|afraid)\b.{0,80}\b(?:can(?:no|')t|unable|couldn't|could not|don't|do not)\b`,
		`\bi(?:'m| am) (?:unable|not able) to (?:find|answer|locate|help with)`,
		`\bi (?:can(?:no|')t|could(?:n't| not)) (?:find|answer|locate)\b`,
		`\b(?:the )?(?:provided|available|retrieved|given) (?:documents?|context|sources?|information|passages?) (?:do(?:es)?(?: not|n't)|did(?: not|n't)) (?:contain|mention|cover|include|say|provide|specify)`,
		`\bno (?:relevant )?(?:information|documentation|results?) (?:was|were|is|are)? ?(?:found|available)`,
		`\bthere is no (?:relevant )?information\b`,
	}, "|"))
	auditNonFactual = regexp.MustCompile(`(?i)^(?:` + strings.Join([]string{
		`(?:i hope|hope this|let me know|feel free|please (?:let|contact|reach|note that you can)|happy to help|glad to help|thanks?|thank you|you're welcome|you are welcome)`,
		`(?:here (?:is|are|'s)|below (?:is|are)|the following)\b`,
		`(?:sure|certainly|of course|great question|good question)\b[.!,]?`,
		`(?:hi|hello|hey)\b`,
		`(?:is there anything|can i help|would you like|do you want)\b`,
	}, "|") + `)`)
	auditReferral = regexp.MustCompile(`(?i)\b(?:contact|reach out to|reach|call|e-?mail|ask|visit|consult)\b.{0,40}\b(?:support|service|team|desk|agent|representative|staff|website|help ?cent(?:er|re))\b|\b(?:support|service|team|desk|agents?|representatives?|staff)\b.{0,40}\b(?:can|could|will|would|may|might)\b.{0,20}\b(?:help|answer|assist|advise)`)
)

func english(t *testing.T) *Language {
	t.Helper()
	l, ok := Get("en")
	if !ok {
		t.Fatal("no English")
	}
	return l
}

func TestEnglishTablesAreTheAuditsUnchanged(t *testing.T) {
	l := english(t)
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"units, symbols included", l.units, auditUnits},
		{"currencies", l.currencies, auditCurrencies},
		{"months", l.months, auditMonths},
		{"multipliers", l.mults, auditMultipliers},
		{"month time words", sortedKeys(l.monthTime), sorted(auditTimeWords)},
		{"day qualifiers", sortedKeys(l.dayQual), sorted(auditDayQualifiers)},
		{"abbreviations", l.Abbreviations(), sorted(auditAbbrevs)},
		{"titles", sortedKeys(l.titles), sorted(auditTitles)},
		{"first-person hedges", sortedKeys(l.neg.hedge), sorted(auditFirstPerson)},
		{"words that make a leading no an answer", sortedKeys(l.neg.answerAfter), sorted(auditAnswerWords)},
	} {
		if !equal(c.got, c.want) {
			t.Errorf("English %s moved:\n got %v\nwant %v", c.name, c.got, c.want)
		}
	}
	refusal, courtesy, referral := l.Patterns()
	for _, c := range []struct {
		name, got string
		audit     *regexp.Regexp
		prefix    string
	}{
		{"refusal", refusal, auditRefusal, "(?i)"},
		{"courtesy", courtesy, auditNonFactual, "(?i)^(?:"},
		{"referral", referral, auditReferral, "(?i)"},
	} {
		if !strings.HasPrefix(c.got, c.prefix) {
			t.Errorf("English %s expression %s: want it to start %s", c.name, c.got, c.prefix)
		}
		had := strings.Split(strings.TrimSuffix(strings.TrimPrefix(c.audit.String(), c.prefix), ")"), "|\\b")
		for _, alt := range had {
			if !strings.Contains(c.got, alt) {
				t.Errorf("English %s expression lost the audit's %s:\n got %s", c.name, alt, c.got)
			}
		}
	}
}

func TestEnglishNumberWordsReadAsTheAuditReadThem(t *testing.T) {
	l := english(t)
	for w, want := range auditNumberWords {
		if v, amb, ok := l.NumberWord(w); !ok || v != want || amb {
			t.Errorf("NumberWord(%q) = %d, %v, %v; the audit read %d", w, v, amb, ok, want)
		}
	}
	if _, amb, ok := l.NumberWord("one"); !ok || !amb {
		t.Errorf(`"one" alone must be ambiguous (the audit reads it only in "thirty-one")`)
	}
}

func TestEnglishNegationCuesAreTheAudits(t *testing.T) {
	l := english(t)
	for _, w := range append(auditNegationWords, "don't", "isn’t", "won't") {
		if n := l.NegationAt([]string{"it", w, "ship"}, 1); n != 1 {
			t.Errorf("NegationAt(%q) = %d, want 1", w, n)
		}
	}
	for _, w := range []string{"know", "note", "non", "nobel", "n't"} {
		if n := l.NegationAt([]string{"it", w, "ship"}, 1); n != 0 && w != "n't" {
			t.Errorf("NegationAt(%q) = %d, want 0", w, n)
		}
	}
}

func sorted(s []string) []string { return slices.Sorted(slices.Values(s)) }

// equal compares the tables of the test: maps and sorted slices.
func equal(a, b any) bool {
	switch a := a.(type) {
	case map[string]string:
		return maps.Equal(a, b.(map[string]string))
	case map[string]int:
		return maps.Equal(a, b.(map[string]int))
	case map[string]float64:
		return maps.Equal(a, b.(map[string]float64))
	case []string:
		return slices.Equal(a, b.([]string))
	}
	return false
}
