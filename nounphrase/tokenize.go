package nounphrase

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokenize splits a sentence into words and punctuation exactly as prose's
// iterTokenizer does (tokenize.go, MIT), which the tagging model was
// trained with; ported to return strings (prose allocates a *Token per
// word and shares it between repeats of a span).
func tokenize(text string) []string {
	clean, white := text, false
	// Every pattern of sanitizer starts with '&' or 0xE2 (the curly quotes'
	// first byte): most sentences have neither.
	if strings.IndexByte(text, '&') >= 0 || strings.IndexByte(text, 0xE2) >= 0 {
		clean = sanitizer.Replace(text)
	}
	var out []string
	start, index := 0, 0
	for index <= len(clean) {
		uc, size := utf8.DecodeRuneInString(clean[index:])
		if size == 0 {
			break
		} else if index == 0 {
			white = unicode.IsSpace(uc)
		}
		if unicode.IsSpace(uc) != white {
			if start < index {
				out = splitToken(clean[start:index], out)
			}
			if uc == ' ' {
				start = index + 1
			} else {
				start = index
			}
			white = !white
		}
		index += size
	}
	if start < index {
		out = splitToken(clean[start:index], out)
	}
	return out
}

// splitToken peels prefixes, clitics and trailing punctuation off one
// whitespace-delimited span (prose's doSplit).
func splitToken(token string, out []string) []string {
	var suffs []string
	last := 0
	// Every clitic starts with an apostrophe: a span without one (most)
	// is not searched for them.
	apostrophe := strings.IndexByte(token, '\'') >= 0
	for token != "" && utf8.RuneCountInString(token) != last {
		if isSpecial(token) {
			out = addToken(token, out)
			break
		}
		last = utf8.RuneCountInString(token)
		if hasAnyPrefix(token, tokPrefixes) {
			out = addToken(token[:1], out)
			token = token[1:]
		} else if idx := cliticAt(apostrophe, token, clitics); idx > -1 {
			out = addToken(token[:idx], out)
			token = token[idx:]
		} else if idx := cliticAt(apostrophe, token, negClitic); idx > -1 {
			out = addToken(token[:idx], out)
			token = token[idx:]
		} else if hasAnySuffix(token, tokSuffixes) {
			suffs = append([]string{token[len(token)-1:]}, suffs...)
			token = token[:len(token)-1]
		} else {
			out = addToken(token, out)
		}
	}
	return append(out, suffs...)
}

func addToken(s string, out []string) []string {
	if strings.TrimSpace(s) != "" {
		out = append(out, s)
	}
	return out
}

// isSpecial: emoticons and abbreviations ("U.S.", "Mr.") stay whole. Both
// alternatives of the pattern end in a full stop, checked first.
func isSpecial(token string) bool {
	return emoticons[token] || strings.HasSuffix(token, ".") && isInternal(token)
}

// isInternal is prose's ^(?:[A-Za-z]\.){2,}$|^[A-Z][a-z]{1,2}\.$ by
// hand: every token ending a claim's sentence reaches it.
func isInternal(t string) bool {
	isUpper := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	isLower := func(c byte) bool { return c >= 'a' && c <= 'z' }
	// ^[A-Z][a-z]{1,2}\.$
	if (len(t) == 3 || len(t) == 4) && isUpper(t[0]) && t[len(t)-1] == '.' &&
		isLower(t[1]) && (len(t) == 3 || isLower(t[2])) {
		return true
	}
	// ^(?:[A-Za-z]\.){2,}$
	if len(t) < 4 || len(t)%2 != 0 {
		return false
	}
	for i := 0; i < len(t); i += 2 {
		if !isUpper(t[i]) && !isLower(t[i]) || t[i+1] != '.' {
			return false
		}
	}
	return true
}

var (
	sanitizer = strings.NewReplacer("\u201c", `"`, "\u201d", `"`, "\u2018", "'", "\u2019", "'", "&rsquo;", "'")
	// All ASCII: prose's string(token[i]) conversions equal these slices.
	tokSuffixes = []string{",", ")", `"`, "]", "!", ";", ".", "?", ":", "'"}
	tokPrefixes = []string{"$", "(", `"`, "["}
	clitics     = []string{"'ll", "'s", "'re", "'m"}
	negClitic   = []string{"n't"}
)

// cliticAt is hasAnyIndex of clitics, -1 without searching when the span
// holds no apostrophe (a span only loses bytes, so it gains none).
func cliticAt(apostrophe bool, s string, clitics []string) int {
	if !apostrophe {
		return -1
	}
	return hasAnyIndex(s, clitics)
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if len(s) > len(p) && strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func hasAnySuffix(s string, suffixes []string) bool {
	for _, x := range suffixes {
		if len(s) > len(x) && strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

// hasAnyIndex finds the first of subs (lowercase ASCII) in s, ignoring
// ASCII case. prose searches strings.ToLower(s) and slices s with the
// index, which panics or cuts wrongly where lowercasing changes the length
// ("İ", invalid UTF-8); elsewhere the two agree.
func hasAnyIndex(s string, subs []string) int {
	for _, x := range subs {
		if idx := indexFoldASCII(s, x); idx >= 0 && len(s) > len(x) {
			return idx
		}
	}
	return -1
}

func indexFoldASCII(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for j < len(sub) {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != sub[j] {
				break
			}
			j++
		}
		if j == len(sub) {
			return i
		}
	}
	return -1
}
