package audit

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// labelled reports whether the number starting at text[start] is a label
// rather than a quantity: it follows "§" or a word of [label-nouns]
// ("Artikel 75", "Art. 75", "page 12", "n° 4"). A chunk's label then
// states no amount or duration: terms numbered "Artikel 1" to "Artikel
// 199" do not state "75 euro", nor "Article 2" "2 years".
func labelled(l *lang.Language, text string, start int) bool {
	i := start
	for i > 0 && text[i-1] == ' ' {
		i--
	}
	if strings.HasSuffix(text[:i], "§") {
		return true
	}
	if i > 0 && text[i-1] == '.' { // an abbreviation: "Art. 75", "S. 12"
		i--
	}
	end := i
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:i])
		if !unicode.IsLetter(r) && r != '°' && r != 'º' {
			break
		}
		i -= n
	}
	if i == end || end-i > 24 {
		return false
	}
	word := text[i:end]
	return l.IsLabelNoun(strings.ToLower(word)) || named(text, i, word)
}

// named reports whether word, at text[i], is a name's word a number
// numbers inside a sentence ("zone Monde 1", "Windows 11", "Route 66"):
// capitalised, not the sentence's first word, nor a month's.
func named(text string, i int, word string) bool {
	r, _ := utf8.DecodeRuneInString(word)
	if !unicode.IsUpper(r) {
		return false
	}
	if _, month := months[strings.ToLower(word)]; month {
		return false
	}
	j := i
	for j > 0 && text[j-1] == ' ' {
		j--
	}
	if j == 0 {
		return false
	}
	prev, _ := utf8.DecodeLastRuneInString(text[:j])
	return unicode.IsLetter(prev) || unicode.IsDigit(prev) || prev == ',' || prev == ')'
}
