package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// verbForms are a language's [participle-marks], [separable-prefixes]
// and [verb-endings]: what Snowball's Dutch and German stemmers leave on
// a verb form ("geliefert", "bestellt", "teruggestuurd", "betaald").
type verbForms struct {
	marks, separable, endings []string
}

func (l *Language) readVerbForms(t *table) {
	l.verbs = verbForms{marks: t.words("participle-marks"), separable: t.words("separable-prefixes"), endings: t.words("verb-endings")}
	l.irregular = map[string]string{}
	for _, line := range t.sections["irregular-verbs"] {
		forms := strings.Fields(strings.ToLower(line))
		for _, f := range forms[1:] {
			l.irregular[f] = forms[0]
		}
	}
}

// IrregularForms are the forms of [irregular-verbs] with the base form of
// each ("sent" → "send"); nil for a language without the section.
func (l *Language) IrregularForms() map[string]string { return l.irregular }

// VerbRoot is the normalised word w (written raw) read as a verb form
// without its participle mark, after a separable prefix too, and its
// person or participle ending: "geliefert" → "liefer", "zurückgeschickt"
// → "zurückschick", "bestellt" → "bestell", "teruggestuurd" →
// "terugstuur". Its stem meets the noun's and the infinitive's where the
// word's own does not ("Lieferung", "Bestellung", "terugsturen"). It is
// "" for a word with neither, a short one, and where nouns are
// capitalised for a capitalised word, which is no verb form.
func (l *Language) VerbRoot(raw, w string) string {
	if len(l.verbs.endings) == 0 && len(l.verbs.marks) == 0 {
		return ""
	}
	if l.NounsCapitalised {
		if r, _ := utf8.DecodeRuneInString(raw); unicode.IsUpper(r) {
			return ""
		}
	}
	v, cut := l.withoutMark(w)
	for _, e := range l.verbs.endings {
		if strings.HasSuffix(v, e) && utf8.RuneCountInString(v)-utf8.RuneCountInString(e) >= 4 {
			return v[:len(v)-len(e)]
		}
	}
	if cut {
		return v
	}
	return ""
}

// withoutMark cuts the participle mark from w, at its start ("geliefert")
// or after a separable prefix ("zurückgeschickt"), where at least four
// letters follow it.
func (l *Language) withoutMark(w string) (string, bool) {
	for _, m := range l.verbs.marks {
		if rest, ok := strings.CutPrefix(w, m); ok && utf8.RuneCountInString(rest) >= 4 {
			return rest, true
		}
		for _, p := range l.verbs.separable {
			if rest, ok := strings.CutPrefix(w, p+m); ok && utf8.RuneCountInString(rest) >= 4 {
				return p + rest, true
			}
		}
	}
	return w, false
}

// SeparatedRoot splits a verb root (VerbRoot) at the separable prefix it
// opens with, as a main clause writes the verb apart: "ankommen" (of
// "angekommen") → "an", "kommen"; "abbuch" (of "abgebucht") → "ab",
// "buch". Both are "" for a root opening with no separable prefix or
// leaving fewer than four letters after it.
func (l *Language) SeparatedRoot(root string) (prefix, rest string) {
	for _, p := range l.verbs.separable {
		if r, ok := strings.CutPrefix(root, p); ok && utf8.RuneCountInString(r) >= 4 {
			return p, r
		}
	}
	return "", ""
}
