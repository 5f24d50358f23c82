package lang

import (
	"unicode"
	"unicode/utf8"
)

// scriptCount counts the letters of a text by script.
type scriptCount struct {
	latin, han, kana, hangul, cyrillic, ukrainian, greek, arabic, persian, hebrew, devanagari, thai, other int
}

// add counts the letters of word.
func (c *scriptCount) add(word string) {
	for _, r := range word {
		switch {
		case r < utf8.RuneSelf || unicode.Is(unicode.Latin, r):
			c.latin++
		case unicode.Is(unicode.Han, r):
			c.han++
		case unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r):
			c.kana++
		case unicode.Is(unicode.Hangul, r):
			c.hangul++
		case unicode.Is(unicode.Cyrillic, r):
			c.cyrillic++
			if r == 'і' || r == 'ї' || r == 'є' || r == 'ґ' {
				c.ukrainian++
			}
		case unicode.Is(unicode.Greek, r):
			c.greek++
		case unicode.Is(unicode.Arabic, r):
			c.arabic++
			if r == 'پ' || r == 'چ' || r == 'ژ' || r == 'گ' || r == 'ک' || r == 'ی' {
				c.persian++
			}
		case unicode.Is(unicode.Hebrew, r):
			c.hebrew++
		case unicode.Is(unicode.Devanagari, r):
			c.devanagari++
		case unicode.Is(unicode.Thai, r):
			c.thai++
		case unicode.IsLetter(r):
			c.other++
		}
	}
}

// decide returns the language of the text's script when most of its
// letters are not Latin; false when they are (the words decide), or when
// there are none.
func (c *scriptCount) decide() (string, bool) {
	cjk := c.han + c.kana
	scripts := []struct {
		n    int
		code string
	}{
		{cjk, "zh"}, {c.hangul, "ko"}, {c.cyrillic, "ru"}, {c.greek, "el"}, {c.arabic, "ar"},
		{c.hebrew, "he"}, {c.devanagari, "hi"}, {c.thai, "th"}, {c.other, Undetermined},
	}
	best := scripts[0]
	for _, s := range scripts[1:] {
		if s.n > best.n {
			best = s
		}
	}
	if best.n == 0 || best.n <= c.latin {
		return "", false
	}
	switch {
	case best.code == "zh" && c.kana > 0: // kana are Japanese only; Japanese also writes Han
		return "ja", true
	case best.code == "ru" && c.ukrainian > 0:
		return "uk", true
	case best.code == "ar" && c.persian > 0:
		return "fa", true
	}
	return best.code, true
}

// isLatinWord reports whether word starts with a Latin letter.
func isLatinWord(word string) bool {
	r, _ := utf8.DecodeRuneInString(word)
	return r < utf8.RuneSelf || unicode.Is(unicode.Latin, r)
}
