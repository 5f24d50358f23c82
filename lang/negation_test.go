package lang_test

import (
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/lang"
)

func TestNegationCues(t *testing.T) {
	for _, c := range []struct {
		name, code, clause string
		at, want           int
	}{
		{"German nicht negates", "de", "der versand ist nicht kostenlos", 3, 1},
		{"German kein in any case ending negates", "de", "es gibt keinen rabatt", 2, 1},
		{"German nicht nur adds rather than denies", "de", "nicht nur online sondern auch im laden", 0, 0},
		{"German ohne negates", "de", "lieferung ohne aufpreis", 1, 1},
		{"Dutch geen negates", "nl", "er zijn geen kosten", 2, 1},
		{"Dutch niet alleen adds", "nl", "niet alleen online", 0, 0},
		{"Dutch niet meer dan is a limit", "nl", "niet meer dan drie artikelen", 0, 0},
		{"Dutch niet meer alone is no longer, one cue of two words", "nl", "u kunt niet meer retourneren", 2, 2},
		{"Dutch niet langer is one cue of two words", "nl", "niet langer verkrijgbaar", 0, 2},
		{"Dutch niet langer dan is a limit", "nl", "niet langer dan twee jaar", 0, 0},
		{"German nicht mehr is one cue of two words", "de", "nicht mehr erhältlich", 0, 2},
		{"German nicht länger is one cue of two words", "de", "nicht länger gültig", 0, 2},
		{"German nicht mehr als is a limit", "de", "nicht mehr als drei artikel", 0, 0},
		{"German nie mehr als is a limit", "de", "nie mehr als drei artikel", 0, 0},
		{"English no longer is one cue of two words", "en", "no longer available", 0, 2},
		{"English no longer than is a limit", "en", "no longer than two years", 0, 0},
		{"German nicht länger als is a limit", "de", "nicht länger als zwei jahre", 0, 0},
		{"Spanish no más de is a limit", "es", "no más de tres artículos", 0, 0},
		{"Dutch in plaats van is one cue of three words", "nl", "tegoed in plaats van geld", 1, 3},
		{"French pas negates alone", "fr", "la livraison n'est pas gratuite", 3, 1},
		{"French plus negates after n'", "fr", "il n'y a plus de stock", 3, 1},
		{"French plus without ne is more", "fr", "il y a plus de stock", 3, 0},
		{"French personne opening the clause before ne negates", "fr", "personne ne répond", 0, 1},
		{"French personne alone is a person", "fr", "une personne répond", 1, 0},
		{"French ne personne negates", "fr", "je ne connais personne", 3, 1},
		{"French non seulement adds", "fr", "non seulement en ligne", 0, 0},
		{"French jamais negates alone", "fr", "jamais remboursé", 0, 1},
		{"French au lieu de is one cue", "fr", "un avoir au lieu de remboursement", 2, 3},
		{"Spanish no negates", "es", "el envío no es gratuito", 2, 1},
		{"Spanish no solo adds", "es", "no solo en línea", 0, 0},
		{"Spanish ningún negates", "es", "sin ningún coste", 1, 1},
		{"Spanish o no cancels", "es", "si o no", 2, 0},
		{"English n't negates", "en", "we don't ship", 1, 1},
		{"English not only adds", "en", "not only online", 0, 0},
		{"English whether or not negates nothing", "en", "whether or not you pay", 2, 0},
		{"English rather than is one cue", "en", "credit rather than cash", 1, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			words := strings.Fields(c.clause)
			if got := get(t, c.code).NegationAt(words, c.at); got != c.want {
				t.Errorf("NegationAt(%q, %d) = %d, want %d", c.clause, c.at, got, c.want)
			}
		})
	}
}

func TestHedgesAndAnsweringNo(t *testing.T) {
	for _, c := range []struct {
		name, code, before, after string
		want                      bool
	}{
		{"German ich before nicht is a hedge", "de", "ich bin", "sicher", true},
		{"German wir before nicht is a claim", "de", "wir liefern", "nach österreich", false},
		{"French je before ne is a hedge", "fr", "je ne suis", "sûr", true},
		{"French j' elided is a hedge", "fr", "j'en suis", "certain", true},
		{"Spanish no estoy seguro is a hedge without a pronoun", "es", "", "estoy seguro", true},
		{"Spanish no enviamos is a claim", "es", "", "enviamos a canarias", false},
		{"Dutch ik weet het niet is a hedge", "nl", "ik weet het", "zeker", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := get(t, c.code).IsHedge(strings.Fields(c.before), strings.Fields(c.after)); got != c.want {
				t.Errorf("IsHedge = %v, want %v", got, c.want)
			}
		})
	}
	if l := get(t, "de"); !l.IsAnswerNo("nein") || !l.AnswersNo([]string{"nein", "leider"}) || l.AnswersNo([]string{"nein", "versand"}) {
		t.Error(`German "nein" must answer a question, and "nein leider" be an answer`)
	}
	if l := get(t, "fr"); !l.IsNegationWord("ne") || !l.IsNegationWord("n'a") || l.IsNegationWord("livraison") {
		t.Error(`French "ne" and "n'a" are part of negations, "livraison" is not`)
	}
}

func TestOpposites(t *testing.T) {
	de, _ := lang.Get("de")
	nl, _ := lang.Get("nl")
	for _, c := range []struct {
		name string
		l    *lang.Language
		a, b string
		want bool
	}{
		{"vor and nach oppose", de, "vor", "nach", true},
		{"a weekday's forms are one member", de, "montag", "montags", false},
		{"two weekdays oppose", de, "montags", "dienstag", true},
		{"Dutch vóór opposes na", nl, "vóór", "na", true},
		{"Dutch voor (for) is no opposite", nl, "voor", "na", false},
		{"words of two groups do not oppose", nl, "inclusief", "maximaal", false},
	} {
		if got := c.l.Opposes(c.a, c.b); got != c.want {
			t.Errorf("%s: Opposes(%q, %q) = %v", c.name, c.a, c.b, got)
		}
	}
}

func TestDoubleNegationCues(t *testing.T) {
	for _, c := range []struct {
		name, code, word string
		want             bool
	}{
		{"English without is cancelled by another cue", "en", "without", true},
		{"Dutch zonder is cancelled by another cue", "nl", "zonder", true},
		{"German ohne is cancelled by another cue", "de", "ohne", true},
		{"French sans is cancelled by another cue", "fr", "sans", true},
		{"Spanish sin is cancelled by another cue", "es", "sin", true},
		{"English not is a plain cue", "en", "not", false},
		{"German nicht is a plain cue", "de", "nicht", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := get(t, c.code).IsDoubleNegation(c.word); got != c.want {
				t.Errorf("IsDoubleNegation(%q) = %v, want %v", c.word, got, c.want)
			}
		})
	}
}

func TestOpposesInContextAndNegatingPrefixes(t *testing.T) {
	for _, c := range []struct {
		name, code, a, b string // b's first word against a's first word
		want             bool
	}{
		{"na opposes binnen before a number", "nl", "na 14 dagen", "binnen 14 dagen", true},
		{"na still opposes vóór: a word may be in two groups", "nl", "na de lunch", "vóór de lunch", true},
		{"binnen does not oppose vóór: they share no group", "nl", "binnen 14 dagen", "vóór 14 dagen", false},
		{"unter opposes über before an amount", "de", "unter 50 €", "über 50 €", true},
		{"unter without a number opposes nothing", "de", "unter der nummer", "über die nummer", false},
		{"bis opposes ab before a date", "de", "bis 1 juli", "ab 1 juli", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, b := strings.Fields(c.a), strings.Fields(c.b)
			if got := get(t, c.code).OpposesAt(a, 0, b, 0); got != c.want {
				t.Errorf("OpposesAt(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
			}
		})
	}
	rangeEnd := strings.Fields("vom 1 juli bis 31 august")
	if get(t, "de").OpposesAt([]string{"ab", "1", "juli"}, 0, rangeEnd, 3) {
		t.Error(`"bis" ending the range "vom 1 juli bis 31 august" must not oppose "ab 1 juli"`)
	}
	for _, c := range []struct {
		name, code, a, b string
		want             bool
	}{
		{"non- negates in English", "en", "refundable", "non-refundable", true},
		{"non joined negates in English", "en", "nonrefundable", "refundable", true},
		{"in negates in French", "fr", "disponible", "indisponible", true},
		{"on negates in Dutch", "nl", "onbeperkt", "beperkt", true},
		{"un negates in German", "de", "unbegrenzt", "begrenzt", true},
		{"des negates in Spanish", "es", "desactivar", "activar", true},
		{"no- negates in Spanish only hyphenated", "es", "no-reembolsable", "reembolsable", true},
		{"no joined is no prefix in Spanish", "es", "notable", "table", false},
		{"a short stem is never negated: inform is no form", "en", "inform", "form", false},
		{"a prefix of another language negates nothing", "en", "onbeperkt", "beperkt", false},
		{"the same word is no negation", "en", "refundable", "refundable", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := get(t, c.code).AffixNegates(c.a, c.b); got != c.want {
				t.Errorf("AffixNegates(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
			}
		})
	}
}

// A period opposes another as a rate ("per maand" against "per jaar"),
// not as the unit of an amount, after a number in digits or words:
// "zwei Wochen" against "14 Tage" is for the number checks.
func TestPeriodsOpposeAsRatesOnly(t *testing.T) {
	for _, c := range []struct {
		name, code, a, b string // the last word of b against the last of a
		want             bool
	}{
		{"per maand opposes per jaar", "nl", "per maand", "per jaar", true},
		{"every month opposes every year", "en", "every month", "every year", true},
		{"two weeks does not oppose 14 days", "en", "two weeks", "14 days", false},
		{"zwei Wochen does not oppose 14 Tage", "de", "zwei woche", "14 tag", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := get(t, c.code)
			a, b := strings.Fields(c.a), strings.Fields(c.b)
			for k := range a {
				a[k] = l.Normalize(a[k])
			}
			for k := range b {
				b[k] = l.Normalize(b[k])
			}
			if got := l.OpposesAt(a, len(a)-1, b, len(b)-1); got != c.want {
				t.Errorf("OpposesAt(%q, %q) = %v, want %v", a, b, got, c.want)
			}
		})
	}
}

// A range "from 9 to 17" says the member of "until" in one of its forms.
func TestSaysMember(t *testing.T) {
	l := get(t, "en")
	if !l.SaysMember("until", strings.Fields("open from 9:00 to 17:00")) {
		t.Error(`"from 9:00 to 17:00" should say the member of "until"`)
	}
	if l.SaysMember("until", strings.Fields("open from 9:00 on saturdays")) {
		t.Error(`"from 9:00 on saturdays" says no form of "until"`)
	}
}

// Adverbs of degree stand between a cue and the word it negates; an
// adverb known by its ending only where the verb stands, between "ne" and
// its cue, as nouns share the ending ("paiement").
func TestNegationAdverbs(t *testing.T) {
	for _, c := range []struct {
		name, code, word string
		verb, want       bool
	}{
		{"French très is passed over after a cue", "fr", "très", false, true},
		{"French encore is passed over after a cue", "fr", "encore", false, true},
		{"French probablement is passed over between ne and pas", "fr", "probablement", true, true},
		{"French paiement after a cue is what it negates", "fr", "paiement", false, false},
		{"French ment, the verb, is no adverb", "fr", "ment", true, false},
		{"French aussi opens a comparison and is kept", "fr", "aussi", false, false},
		{"a language without the table passes over nothing", "nl", "erg", false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := get(t, c.code).IsNegationAdverb(c.word, c.verb); got != c.want {
				t.Errorf("IsNegationAdverb(%q, %v) = %v, want %v", c.word, c.verb, got, c.want)
			}
		})
	}
}
