package lang

// IsAffirmParticle reports whether the normalised word w, ending a part
// of a sentence, affirms it for that part's case after another part
// denied it ([affirm-particles]: "aan de voorkant wel").
func (l *Language) IsAffirmParticle(w string) bool { return l.affirms[w] }

// IsObligatoryWord reports whether the normalised word w says a thing is
// obligatory ([obligatory-words]: "mandatory", "obligatoire", "verplicht").
func (l *Language) IsObligatoryWord(w string) bool { return l.obligatory[w] }

// MayAffirmApart reports whether text may hold a word of
// [affirm-particles]: a text without one holds none.
func (l *Language) MayAffirmApart(text string) bool {
	return len(l.affirms) > 0 && l.affirmCues.in(text)
}
