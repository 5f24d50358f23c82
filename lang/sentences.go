package lang

import "strings"

// readSentences reads [abbreviations], [titles] and [elision].
func (l *Language) readSentences(t, _ *table) error {
	l.abbrevs = set(t.words("abbreviations"))
	l.titles = set(t.words("titles"))
	return nil
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
