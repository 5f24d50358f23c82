package lang

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	sb "github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/dutch"
	"github.com/blevesearch/snowballstem/french"
	"github.com/blevesearch/snowballstem/german"
	"github.com/blevesearch/snowballstem/spanish"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// stemmers are the Snowball stemmers of the languages other than English,
// which keeps nounphrase's (the audit's English figures depend on it).
var stemmers = map[string]func(*sb.Env) bool{
	"nl": dutch.Stem, "de": german.Stem, "fr": french.Stem, "es": spanish.Stem,
}

// readWords reads the stopwords (Snowball's list, which the word-overlap
// rule keeps, and the audit's [function-words] beside it), stemmer,
// elision and linking elements.
func (l *Language) readWords(t *table) error {
	var err error
	if l.overlapStops, err = wordList("stopwords/" + l.Code + ".txt"); err != nil {
		return err
	}
	l.stopwords = set(append(slices.Clone(l.overlapStops), t.words("function-words")...))
	l.weightless = set(slices.Concat(l.overlapStops, t.words("function-words"), t.words("quantifiers")))
	l.overlapSet = set(l.overlapStops)
	if l.Code == "en" {
		l.english = true
	} else {
		algo, ok := stemmers[l.Code]
		if !ok {
			return fmt.Errorf("data/%s.txt: no stemmer for %q", l.Code, l.Code)
		}
		endings, err := pluralEndings(t)
		if err != nil {
			return fmt.Errorf("data/%s.txt: %w", l.Code, err)
		}
		l.stem = func(w string) string {
			for _, e := range endings {
				if len(w) > len(e.from)+2 && strings.HasSuffix(w, e.from) {
					w = w[:len(w)-len(e.from)] + e.to
					break
				}
			}
			env := sb.NewEnv(w)
			algo(env)
			return env.Current()
		}
	}
	l.elision = t.words("elision")
	if l.fold, _, err = replacer(t, "fold"); err != nil {
		return fmt.Errorf("data/%s.txt: %w", l.Code, err)
	}
	if l.ligatures, l.ligatureLetters, err = replacer(t, "ligatures"); err != nil {
		return fmt.Errorf("data/%s.txt: %w", l.Code, err)
	}
	if l.accents, l.accentLetters, err = replacer(t, "accents"); err != nil {
		return fmt.Errorf("data/%s.txt: %w", l.Code, err)
	}
	l.linking = t.words("linking")
	l.readVerbForms(t)
	if l.Compounds && len(l.linking) == 0 {
		return fmt.Errorf("data/%s.txt: compounds: yes, but no [linking]", l.Code)
	}
	return nil
}

// Normalize lowercases a word as written and strips the punctuation
// around it and an elided article ("L'article," → "article"); an
// apostrophe left inside is written "'" whether typed so or as "’"
// ("aujourd’hui" is "aujourd'hui"), and a ligature as its letters
// ("œuvre" is "oeuvre", [ligatures]). English is nounphrase.Normalize,
// which also drops plurals and possessives.
func (l *Language) Normalize(w string) string {
	if l.english {
		return nounphrase.Normalize(w)
	}
	w = strings.ToLower(strings.TrimFunc(w, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}))
	if l.ligatures != nil && strings.ContainsAny(w, l.ligatureLetters) {
		w = l.ligatures.Replace(w)
	}
	return apostrophes(l.StripElision(w))
}

// replacer reads a section of letter=letters pairs ([fold], [ligatures])
// into a replacer and the letters it replaces; nil when the section is
// empty.
func replacer(t *table, section string) (*strings.Replacer, string, error) {
	pairs := t.words(section)
	if len(pairs) == 0 {
		return nil, "", nil
	}
	var args []string
	var letters strings.Builder
	for _, p := range pairs {
		from, to, ok := strings.Cut(p, "=")
		if !ok || from == "" {
			return nil, "", fmt.Errorf("[%s] %q: want letter=letters", section, p)
		}
		args = append(args, from, to)
		letters.WriteString(from)
	}
	return strings.NewReplacer(args...), letters.String(), nil
}

// Stem is the stem of a word as Normalize returns it: the Snowball
// stemmer of the language ("Rückgabe" and "rückgaben" → "ruckgab"; the
// German one folds ä, ö, ü and ß), and nounphrase.StemWord for English.
func (l *Language) Stem(w string) string {
	if l.english {
		return nounphrase.StemWord(w)
	}
	return l.stem(w)
}

// IsStopword reports whether the normalised word w carries no claim of
// its own: Snowball's stopword list of the language with the table's
// [function-words], and for English nounphrase.IsStopword.
func (l *Language) IsStopword(w string) bool {
	if l.english {
		return nounphrase.IsStopword(w)
	}
	return l.stopwords[w]
}

// IsWeightless tells whether a normalised word weighs nothing in the
// similarity of a sentence to its chunk: a stopword, or a determiner of
// quantity ([quantifiers]: "certains", "mehrere"), which English's
// stopwords hold ("some", "several") but the checks that pass over
// stopwords must still read.
func (l *Language) IsWeightless(w string) bool {
	if l.english {
		return nounphrase.IsStopword(w)
	}
	return l.weightless[w]
}

// Stopwords lists the words IsStopword holds, sorted.
func (l *Language) Stopwords() []string {
	if l.english {
		return nounphrase.Stopwords()
	}
	return sortedKeys(l.stopwords)
}

// OverlapStopwords is the stopword list of the word-overlap rule in this
// language: NLTK's English list (eval/overlap.Stopwords) for English, and
// Snowball's list, which NLTK ships for the others, for the rest.
func (l *Language) OverlapStopwords() []string {
	return append([]string(nil), l.overlapStops...)
}

// IsOverlapStopword reports whether the lower-cased word w is on the
// word-overlap rule's stopword list of this language (OverlapStopwords).
func (l *Language) IsOverlapStopword(w string) bool { return l.overlapSet[w] }

// StripElision removes an elided article or pronoun written before a
// word ("l'article" → "article", "qu’il" → "il"); a word that is only
// the elision, or has none, comes back as it was.
func (l *Language) StripElision(w string) string {
	for _, e := range l.elision {
		if rest, ok := cutApostrophePrefix(w, e); ok && rest != "" {
			return rest
		}
	}
	return w
}

// cutApostrophePrefix cuts prefix p (which ends in "'") from w, where w
// may write the apostrophe as "’".
func cutApostrophePrefix(w, p string) (string, bool) {
	if rest, ok := strings.CutPrefix(w, p); ok {
		return rest, true
	}
	if strings.HasSuffix(p, "'") {
		return strings.CutPrefix(w, strings.TrimSuffix(p, "'")+"’")
	}
	return "", false
}

// BareStem is the stem of the normalised word w read without its accents
// ([accents]: "Ramsès" as "Ramses", "état" as "etat"), for a word with
// accents whose stem so read has four letters or more; "" otherwise, so
// that short words keep them ("a" is not "à", "ou" not "où"). French
// capitals and names are often written without accents ("Etat", "Noel"):
// the audit reads a word both ways.
func (l *Language) BareStem(w string) string {
	if l.accents == nil || !strings.ContainsAny(w, l.accentLetters) {
		return ""
	}
	if st := l.Stem(l.accents.Replace(w)); utf8.RuneCountInString(st) >= 4 {
		return st
	}
	return ""
}

// Fold writes a lower-cased word's letters as the language's stemmer
// does before it strips suffixes (German: ä, ö, ü as a, o, u and ß as
// ss), so that a stem can be found inside a word as written. Languages
// whose stemmer folds nothing return w.
func (l *Language) Fold(w string) string {
	if l.fold == nil {
		return w
	}
	return l.fold.Replace(w)
}

// ending is a plural ending and its singular's ([plural-endings]).
type ending struct{ from, to string }

// pluralEndings reads [plural-endings]: irregular plural endings the
// stemmer leaves, as ending=singular ending ("aux=al": "ruraux" is
// "rural"), tried in order before the word is stemmed.
func pluralEndings(t *table) ([]ending, error) {
	var out []ending
	for _, p := range t.words("plural-endings") {
		from, to, ok := strings.Cut(p, "=")
		if !ok || from == "" {
			return nil, fmt.Errorf("[plural-endings] %q: want ending=ending", p)
		}
		out = append(out, ending{from, to})
	}
	return out, nil
}
