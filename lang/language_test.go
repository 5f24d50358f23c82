package lang_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/ragaudit/ragaudit/eval/overlap"
	"github.com/ragaudit/ragaudit/lang"
)

func get(t *testing.T, code string) *lang.Language {
	t.Helper()
	l, ok := lang.Get(code)
	if !ok {
		t.Fatalf("no language %q", code)
	}
	return l
}

func TestEveryLanguageLoadsAndUnknownCodesAreRefused(t *testing.T) {
	if got, want := lang.Supported(), []string{"de", "en", "es", "fr", "nl"}; !slices.Equal(got, want) {
		t.Fatalf("Supported() = %v, want %v", got, want)
	}
	for _, code := range lang.Supported() {
		if l := get(t, code); l.Code != code || l.Name == "" {
			t.Errorf("Get(%q) = %q %q", code, l.Code, l.Name)
		}
	}
	for _, code := range []string{"it", "", "EN", "und"} {
		if _, ok := lang.Get(code); ok {
			t.Errorf("Get(%q) found a language", code)
		}
	}
}

func TestTheEnglishOverlapStopwordsAreTheRulesList(t *testing.T) {
	if got := get(t, "en").OverlapStopwords(); !slices.Equal(got, overlap.Stopwords) {
		t.Errorf("English OverlapStopwords differ from eval/overlap.Stopwords")
	}
}

func TestSeparatorsAndDateOrder(t *testing.T) {
	for _, c := range []struct {
		code      string
		decimal   rune
		thousands []rune
		dates     string
		capital   bool
		dot       bool
		compounds bool
	}{
		{"en", '.', []rune{','}, "", true, false, false},
		{"nl", ',', []rune{'.', ' ', '\u00a0', '\u202f'}, "DMY", false, false, true},
		{"de", ',', []rune{'.', ' ', '\u00a0', '\u202f', '\'', '’'}, "DMY", true, true, true},
		{"fr", ',', []rune{' ', '\u00a0', '\u202f', '.', '\'', '’'}, "DMY", false, false, false},
		{"es", ',', []rune{'.', ' ', '\u00a0', '\u202f'}, "DMY", false, false, false},
	} {
		l := get(t, c.code)
		if l.DecimalSeparator != c.decimal || !slices.Equal(l.ThousandsSeparators, c.thousands) || l.NumericDates != c.dates ||
			l.MonthsCapitalised != c.capital || l.OrdinalDot != c.dot || l.Compounds != c.compounds {
			t.Errorf("%s: %q %q %q capital=%v dot=%v compounds=%v", c.code, l.DecimalSeparator, l.ThousandsSeparators,
				l.NumericDates, l.MonthsCapitalised, l.OrdinalDot, l.Compounds)
		}
	}
}

func TestStemsStopwordsAndElision(t *testing.T) {
	for _, c := range []struct {
		name, code, a, b string
	}{
		{"German stems fold umlauts and plural", "de", "Rückgaben", "ruckgabe"},
		{"German stems fold ß", "de", "Straße", "strasse"},
		{"Dutch plural meets singular", "nl", "dagen", "dag"},
		{"French elided article goes before the stem", "fr", "l'article", "articles"},
		{"French curly apostrophe elides too", "fr", "d’information", "informations"},
		{"French apostrophe inside a word is one whether typed straight or curly", "fr", "aujourd’hui", "Aujourd'hui"},
		{"French ligature is its two letters", "fr", "œuvre", "oeuvre"},
		{"French capital ligature is its two letters", "fr", "Cœur", "coeurs"},
		{"Spanish participle meets noun", "es", "entregado", "entrega"},
		{"English stays nounphrase's", "en", "delivered", "delivery"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := get(t, c.code)
			if a, b := l.Stem(l.Normalize(c.a)), l.Stem(l.Normalize(c.b)); a != b {
				t.Errorf("Stem(%q) = %q, Stem(%q) = %q", c.a, a, c.b, b)
			}
		})
	}
	for _, c := range []struct {
		code, w string
		stop    bool
	}{
		{"de", "und", true}, {"de", "garantie", false}, {"nl", "het", true}, {"nl", "retour", false},
		{"fr", "les", true}, {"fr", "remboursement", false}, {"es", "los", true}, {"es", "devolución", false},
		{"en", "the", true}, {"en", "thi", true}, {"en", "refund", false},
	} {
		if got := get(t, c.code).IsStopword(c.w); got != c.stop {
			t.Errorf("%s IsStopword(%q) = %v", c.code, c.w, got)
		}
	}
}

func TestEveryLanguageHasItsTables(t *testing.T) {
	for _, code := range lang.Supported() {
		l := get(t, code)
		if _, ok := l.Month("mai"); !ok && code != "en" && code != "nl" && code != "es" {
			t.Errorf("%s: no month mai", code)
		}
		if v, _, ok := l.NumberWord(l.NumberForms()[len(l.NumberForms())-1].Form); !ok || v != 1000 {
			t.Errorf("%s: the last number form reads %d, want 1000", code, v)
		}
		if u, ok := l.Unit("kg"); !ok || u != "mass:kg" {
			t.Errorf("%s: kg is %q, want mass:kg from the common table", code, u)
		}
		if c, ok := l.Currency("€"); !ok || c != "EUR" {
			t.Errorf("%s: € is %q", code, c)
		}
		if len(l.Abbreviations()) == 0 || len(l.OverlapStopwords()) == 0 {
			t.Errorf("%s: no abbreviations or stopwords", code)
		}
	}
}

func TestEveryLanguageButEnglishHasAPunktModel(t *testing.T) {
	for _, code := range lang.Supported() {
		l, _ := lang.Get(code)
		m, err := l.PunktModel()
		switch {
		case err != nil:
			t.Errorf("%s: %v", code, err)
		case code == "en" && m != nil:
			t.Errorf("en: a model beside the one the splitter compiles in")
		case code != "en" && !bytes.Contains(m, []byte(`"AbbrevTypes"`)):
			t.Errorf("%s: %d bytes, not a Punkt model", code, len(m))
		}
	}
}

func TestWordsAreReadWithoutTheirAccentsWhereLongEnough(t *testing.T) {
	for _, c := range []struct {
		name, code, accented, bare string
		same                       bool
	}{
		{"a French name written without its accent", "fr", "Ramsès", "Ramses", true},
		{"a French capital written without its accent", "fr", "État", "Etat", true},
		{"a French diaeresis left out", "fr", "Noël", "noel", true},
		{"a French short word keeps its accent", "fr", "à", "a", false},
		{"a French word without accents reads as written", "fr", "voiture", "voiture", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := get(t, c.code)
			a, b := l.Normalize(c.accented), l.Normalize(c.bare)
			got := l.Stem(a) == l.Stem(b) || l.BareStem(a) != "" && l.BareStem(a) == l.Stem(b)
			if got != c.same {
				t.Errorf("%q read as %q: %v, want %v (stems %q %q, bare %q)", c.accented, c.bare, got, c.same, l.Stem(a), l.Stem(b), l.BareStem(a))
			}
		})
	}
}

// The audit reads a language's [function-words] as stopwords; the
// word-overlap rule keeps Snowball's list.
func TestFunctionWordsAreTheAuditsStopwordsNotTheRules(t *testing.T) {
	for _, c := range []struct{ code, w string }{
		{"de", "sobald"}, {"de", "obwohl"}, {"fr", "lorsque"}, {"fr", "parce"},
	} {
		l := get(t, c.code)
		if !l.IsStopword(c.w) {
			t.Errorf("%s IsStopword(%q) = false, want true", c.code, c.w)
		}
		if l.IsOverlapStopword(c.w) {
			t.Errorf("%s IsOverlapStopword(%q) = true: the rule's list must stay Snowball's", c.code, c.w)
		}
	}
}

// A quantifier weighs nothing in the similarity but is no stopword: the
// checks of universals and opposites, which pass over stopwords, read it.
func TestQuantifiersAreWeightlessNotStopwords(t *testing.T) {
	for _, c := range []struct{ code, w string }{
		{"fr", "certains"}, {"fr", "tous"}, {"de", "mehrere"}, {"es", "cada"}, {"nl", "alle"},
	} {
		l := get(t, c.code)
		if !l.IsWeightless(c.w) || l.IsStopword(c.w) {
			t.Errorf("%s %q: IsWeightless %v, IsStopword %v; want true, false", c.code, c.w, l.IsWeightless(c.w), l.IsStopword(c.w))
		}
	}
	if en := get(t, "en"); !en.IsWeightless("several") || !en.IsStopword("several") {
		t.Error(`English "several" must be weightless and a stopword (nounphrase's list)`)
	}
}

// A function word is no word the polarity checks read: they pass over
// stopwords, so a cue, an opposite, a universal or a restrictor made a
// stopword would go unread.
func TestFunctionWordsAreNoWordsThePolarityChecksRead(t *testing.T) {
	for _, code := range lang.Supported() {
		l := get(t, code)
		for _, w := range l.Stopwords() {
			if l.IsOverlapStopword(w) || code == "en" {
				continue
			}
			if l.IsNegationWord(w) || l.InOpposites(w) || l.IsUniversal(w) || l.IsRestrictor(w) {
				t.Errorf("%s: function word %q is also a cue, opposite, universal or restrictor", code, w)
			}
		}
	}
}

// A [bound-between] line may pair several openers with their joiners
// ("tussen | en; van | tot"): each pair opens a range.
func TestBetweenPairsOfOneLine(t *testing.T) {
	nl := get(t, "nl")
	if !nl.OpensRange("tussen", "en") || !nl.OpensRange("van", "tot") || nl.OpensRange("tussen", "tot") {
		t.Errorf("tussen|en %v, van|tot %v, tussen|tot %v", nl.OpensRange("tussen", "en"), nl.OpensRange("van", "tot"), nl.OpensRange("tussen", "tot"))
	}
}
