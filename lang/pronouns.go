package lang

// IsSubjectPronoun reports whether the lower-cased word w, opening a
// sentence, stands for the thing the sentence before names
// ([subject-pronouns]: "it", "hij", "er", "il").
func (l *Language) IsSubjectPronoun(w string) bool { return l.subjectPronouns[w] }
