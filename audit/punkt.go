// This file adapts the English Punkt customisation of github.com/jdkato/prose/v2
// (segment.go, MIT License, Copyright (c) 2017-2018 Joseph Kato; itself based
// on github.com/neurosnap/sentences, MIT, Copyright (c) 2015 Eric Bower).
// prose builds this tokenizer, and reloads its model, on every NewDocument
// call and keeps it unexported; ragaudit builds it once and reuses it.

package audit

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
	"gopkg.in/neurosnap/sentences.v1"
	"gopkg.in/neurosnap/sentences.v1/data"
)

// extraAbbrevs are abbreviations common in support answers that the Punkt
// English model does not know, so "approx. 30 days" stays one sentence.
var extraAbbrevs = []string{"sgt", "gov", "no", "mt", "approx", "e.g", "i.e", "etc", "vs", "incl", "excl", "est", "dept", "fig", "ca", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "st", "ave", "co", "corp", "inc", "ltd", "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "u.s", "u.k", "e.u", "min", "max", "hr", "hrs", "yr", "yrs", "p", "pp", "vol", "art", "sec", "para", "ref", "nos", "v", "al", "cf", "viz"}

// titles are abbreviations that stand before a name and so never end a
// sentence ("Dr. Ana Ruiz", "Roe v. Wade", "Gen. Grant"); Punkt's
// heuristics still cut after some of them, before a capitalised word.
var titles = map[string]bool{"dr": true, "mr": true, "mrs": true, "ms": true, "prof": true, "gen": true, "pres": true,
	"gov": true, "sen": true, "rep": true, "lt": true, "col": true, "capt": true, "sgt": true, "rev": true, "hon": true,
	"fr": true, "v": true, "vs": true}

// endsInTitle reports whether text ends in a title of language l (nil:
// English) and its full stop.
func endsInTitle(l *lang.Language, text string) bool {
	t, ok := strings.CutSuffix(text, ".")
	if !ok {
		return false
	}
	i := strings.LastIndexFunc(t, func(r rune) bool { return !unicode.IsLetter(r) })
	if l != nil {
		return l.IsTitle(t[i+1:])
	}
	return titles[strings.ToLower(t[i+1:])]
}

// endsInOrdinal reports whether text ends in a day or an ordinal written
// with a full stop in a language that writes them so ("am 12.", "im 19."),
// before next, which continues the sentence ("Mai", "Jahrhundert").
func endsInOrdinal(l *lang.Language, text, next string) bool {
	if l == nil || !l.OrdinalDot {
		return false
	}
	t, ok := strings.CutSuffix(text, ".")
	if !ok {
		return false
	}
	i := len(t)
	for i > 0 && isDigit(t[i-1]) {
		i--
	}
	if i == len(t) || len(t)-i > 4 || i > 0 && !unicode.IsSpace(rune(t[i-1])) && t[i-1] != '(' {
		return false
	}
	w := next
	if k := strings.IndexFunc(next, func(r rune) bool { return !unicode.IsLetter(r) }); k >= 0 {
		w = next[:k]
	}
	if w == "" {
		return false
	}
	if l.OrdinalBefore(w) {
		return true
	}
	// After an article or a word of time and before a noun, a number with
	// a full stop is an ordinal whatever the noun: "Ab dem 101. Kilometer
	// zahlen Sie …" is one sentence, not "Ab dem 101." and another.
	before := strings.Fields(strings.ToLower(t[:i]))
	if len(before) == 0 {
		return false
	}
	prev := before[len(before)-1]
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) && (l.IsDeterminer(prev) || l.IsMonthTimeWord(prev))
}

// newPunkt loads the Punkt model of a language (nil: English) with the
// abbreviations of its table added.
func newPunkt(l *lang.Language) (*sentences.DefaultSentenceTokenizer, error) {
	b, err := data.Asset("data/english.json")
	abbrevs := extraAbbrevs
	if l != nil {
		b, err = l.PunktModel()
		abbrevs = l.Abbreviations()
	}
	if err != nil {
		return nil, err
	}
	training, err := sentences.LoadTraining(b)
	if err != nil {
		return nil, err
	}
	for _, abbr := range abbrevs {
		training.AbbrevTypes.Add(abbr)
	}

	lang := sentences.NewPunctStrings()
	word := &wordTokenizer{}
	word.PunctStrings = lang
	annotations := sentences.NewAnnotations(training, lang, word)
	ortho := &sentences.OrthoContext{
		Storage:      training,
		PunctStrings: lang,
		TokenType:    word,
		TokenFirst:   word,
	}
	annotations = append(annotations, &multiPunctWordAnnotation{
		Storage:      training,
		TokenParser:  word,
		TokenGrouper: &sentences.DefaultTokenGrouper{},
		Ortho:        ortho,
	})
	return &sentences.DefaultSentenceTokenizer{
		Storage:       training,
		PunctStrings:  lang,
		WordTokenizer: word,
		Annotations:   annotations,
	}, nil
}

type wordTokenizer struct {
	sentences.DefaultWordTokenizer
}

var reAbbr = regexp.MustCompile(`((?:[\w]\.)+[\w]*\.)`)
var reLooksLikeEllipsis = regexp.MustCompile(`(?:\.\s?){2,}\.`)

func (e *wordTokenizer) HasSentEndChars(t *sentences.Token) bool {
	enders := []string{
		`."`, `.)`, `.’`, `.”`,
		`?`, `?"`, `?'`, `?)`, `?’`, `?”`,
		`!`, `!"`, `!'`, `!)`, `!’`, `!”`,
	}

	for _, ender := range enders {
		if strings.HasSuffix(t.Tok, ender) && !strings.Contains(t.Tok, "Yahoo!") {
			return true
		}
	}

	parens := []string{
		`.[`, `.(`, `."`,
		`?[`, `?(`,
		`![`, `!(`,
	}

	for _, paren := range parens {
		if strings.Contains(t.Tok, paren) {
			return true
		}
	}

	return false
}

// multiPunctWordAnnotation attempts to tease out custom Abbreviations such as
// "F.B.I."
type multiPunctWordAnnotation struct {
	*sentences.Storage
	sentences.TokenParser
	sentences.TokenGrouper
	sentences.Ortho
}

func (a *multiPunctWordAnnotation) Annotate(tokens []*sentences.Token) []*sentences.Token {
	for _, tokPair := range a.TokenGrouper.Group(tokens) {
		if len(tokPair) < 2 || tokPair[1] == nil {
			tok := tokPair[0].Tok
			if strings.Contains(tok, "\n") && strings.Contains(tok, " ") {
				// We've mislabeled due to an errant newline.
				tokPair[0].SentBreak = false
			}
			continue
		}

		a.tokenAnnotation(tokPair[0], tokPair[1])
	}

	return tokens
}

// looksInternal determines if tok's punctuation could appear
// sentence-internally (i.e., parentheses or quotations).
func looksInternal(tok string) bool {
	internal := []string{")", `’`, `”`, `"`, `'`}
	for _, punc := range internal {
		if strings.HasSuffix(tok, punc) {
			return true
		}
	}
	return false
}

func (a *multiPunctWordAnnotation) tokenAnnotation(tokOne, tokTwo *sentences.Token) {
	// If both tokOne and tokTwo and periods, we're probably in an ellipsis
	// that wasn't properly tokenized by `WordTokenizer`.
	if strings.HasSuffix(tokOne.Tok, ".") && tokTwo.Tok == "." {
		tokOne.SentBreak = false
		tokTwo.SentBreak = false
		return
	}
	// The regular expressions need three full stops, and reAbbr two: most
	// tokens are turned away by counting them.
	dots := strings.Count(tokOne.Tok, ".")
	nextTyp, decided := a.punctuationBreak(tokOne, tokTwo, dots)
	if decided || dots < 2 || !reAbbr.MatchString(tokOne.Tok) || a.IsInitial(tokOne) {
		return
	}
	a.abbreviation(tokOne, tokTwo, nextTyp)
}

// punctuationBreak decides a break after a token ending in a full stop
// that is not one, an ellipsis or sentence-internal punctuation, by the
// token after it. It returns that token's type when it computed it (an
// expensive calculation, done once), and whether it decided.
func (a *multiPunctWordAnnotation) punctuationBreak(tokOne, tokTwo *sentences.Token, dots int) (nextTyp string, decided bool) {
	isNonBreak := strings.HasSuffix(tokOne.Tok, ".") && !tokOne.SentBreak
	isEllipsis := dots >= 3 && reLooksLikeEllipsis.MatchString(tokOne.Tok)
	isInternal := tokOne.SentBreak && looksInternal(tokOne.Tok)
	if !isNonBreak && !isEllipsis && !isInternal {
		return "", false
	}
	nextTyp = a.TokenParser.TypeNoSentPeriod(tokTwo)
	isStarter := a.SentStarters[nextTyp]

	// If the tokOne looks like an ellipsis and tokTwo is either
	// capitalized or a frequent sentence starter, break the sentence.
	if isEllipsis && (a.TokenParser.FirstUpper(tokTwo) || isStarter != 0) {
		tokOne.SentBreak = true
		return nextTyp, true
	}

	// If the tokOne's sentence-breaking punctuation looks like it could
	// occur sentence-internally, ensure that the following word is either
	// capitalized or a frequent sentence starter.
	if isInternal && a.TokenParser.FirstLower(tokTwo) && isStarter == 0 {
		tokOne.SentBreak = false
		return nextTyp, true
	}

	// If the tokOne ends with a period but isn't marked as a sentence
	// break, mark it if tokTwo is capitalized and can occur in _ORTHO_LC.
	if isNonBreak && a.TokenParser.FirstUpper(tokTwo) && a.Storage.OrthoContext[nextTyp]&112 != 0 {
		tokOne.SentBreak = true
	}
	return nextTyp, false
}

// abbreviation marks tokOne, an abbreviation, as one, and breaks after it
// when the orthographic or the frequent-starter heuristic says tokTwo
// starts a sentence.
func (a *multiPunctWordAnnotation) abbreviation(tokOne, tokTwo *sentences.Token, nextTyp string) {
	tokOne.Abbr = true
	tokOne.SentBreak = false

	// [4.1.1. Orthographic Heuristic] Check if there's
	// orthogrpahic evidence about whether the next word
	// starts a sentence or not.
	if a.Ortho.Heuristic(tokTwo) == 1 {
		tokOne.SentBreak = true
		return
	}

	if nextTyp == "" {
		nextTyp = a.TokenParser.TypeNoSentPeriod(tokTwo)
	}

	// [4.1.3. Frequent Sentence Starter Heruistic] If the
	// next word is capitalized, and is a member of the
	// frequent-sentence-starters list, then label tok as a
	// sentence break.
	if a.TokenParser.FirstUpper(tokTwo) && a.SentStarters[nextTyp] != 0 {
		tokOne.SentBreak = true
	}
}
