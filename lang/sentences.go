package lang

import (
	"fmt"
	"strings"
)

// readSentences reads [abbreviations], [titles] and [elision].
func (l *Language) readSentences(t, _ *table) error {
	l.abbrevs = set(t.words("abbreviations"))
	l.titles = set(t.words("titles"))
	l.nameBefore = set(t.words("name-before"))
	l.nameParticles = set(t.words("name-particles"))
	l.nounSuffixes = t.words("noun-suffixes")
	if l.NounsCapitalised && len(l.nameBefore) == 0 {
		return fmt.Errorf("data/%s.txt: nouns-capitalised: yes, but no [name-before]", l.Code)
	}
	return nil
}

// NameBefore reports whether a capitalised word right after w is taken
// for a name in a language that capitalises every noun: a preposition
// with no article ("von Hermes", "in Leipzig"), a title ("Herr Wagner"),
// "und" between names.
func (l *Language) NameBefore(w string) bool {
	return l.nameBefore[strings.ToLower(strings.TrimSuffix(w, "."))]
}

// NameParticle reports whether w, lower-case between two capitalised
// words, joins them into one name ("Jan de Vries", "Ursula von der
// Leyen", "Pedro de la Torre").
func (l *Language) NameParticle(w string) bool { return l.nameParticles[w] }

// NounSuffixed reports whether w ends as the language's common nouns do
// ("Bestellung", "Lieferzeit"… "-ung", "-heit"), and so is no name.
func (l *Language) NounSuffixed(w string) bool {
	lw := strings.ToLower(w)
	for _, s := range l.nounSuffixes {
		if strings.HasSuffix(lw, s) && len(lw) > len(s)+2 {
			return true
		}
	}
	return false
}

// IsAbbreviation reports whether w (as written, with or without its final
// full stop) is an abbreviation after which a full stop ends no sentence:
// "approx.", "z.B.", "bzw.", "bijv.", "o.a.", "p.ex.", "Sra.". Internal
// full stops stay: "z.B." is "z.b".
func (l *Language) IsAbbreviation(w string) bool {
	return l.abbrevs[strings.ToLower(strings.TrimSuffix(w, "."))]
}

// IsTitle reports whether w (with or without its full stop) is a title
// that stands before a name and so never ends a sentence: "Dr.", "Mme",
// "M.", "Sr.", "Dña.", "dhr.".
func (l *Language) IsTitle(w string) bool {
	return l.titles[strings.ToLower(strings.TrimSuffix(w, "."))]
}

// Abbreviations lists the language's abbreviations, lowercased and
// without their final full stop, for a sentence splitter's model (the
// audit adds them to Punkt's).
func (l *Language) Abbreviations() []string { return sortedKeys(l.abbrevs) }
