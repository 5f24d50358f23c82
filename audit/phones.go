package audit

import "strings"

// Phone numbers are compared by their digits: "020-1234567" is the
// "020 123 4567" of a chunk, and "020 765 4321" is another number, not
// three numbers of which the chunk may state some.

// phoneAt reads a phone number whose digits start at text[i]: a first
// group of 2 to 5 digits starting with 0 ("020", "0800"), or of 1 to 3
// after a "+" (the country), then groups of two or more digits with one
// space, hyphen or slash between them; nine to fifteen digits in all,
// with a group of three or more digits, or the five pairs France writes
// ("01 23 45 67 89"). It returns where it ends. Lists of numbers, dates
// and decimals are not read so: their groups are short or end otherwise.
func phoneAt(text string, i int) (end int, ok bool) {
	plus := i > 0 && text[i-1] == '+'
	if !plus && text[i] != '0' {
		return 0, false
	}
	end, n, groups, long := phoneGroups(text, i, plus)
	if groups == 0 || end < len(text) && (text[end] == '.' || text[end] == ',' || text[end] == ':') && end+1 < len(text) && isDigit(text[end+1]) {
		return 0, false // a decimal, a date or a time goes on
	}
	pairs := groups == 5 && n == 10
	return end, n >= 9 && (long || pairs) && (groups > 1 || n >= 10)
}

// phoneGroups reads the groups of digits of a phone number at text[i]
// (phoneAt): where they end, how many digits and groups, and whether one
// has three digits or more; no groups when a group is too short or long.
func phoneGroups(text string, i int, plus bool) (end, n, groups int, long bool) {
	for j := i; ; {
		k := j
		for k < len(text) && isDigit(text[k]) {
			k++
		}
		g := k - j
		if groups == 0 && !firstPhoneGroup(g, plus) || groups > 0 && g < 2 || n+g > 15 {
			return 0, 0, 0, false
		}
		n, groups, long, end = n+g, groups+1, long || g >= 3, k
		if plus && groups == 1 {
			if t := trunkZero(text, k); t > k && t < len(text) && isDigit(text[t]) {
				j = t // "+31 (0)20 …": the trunk zero dialled at home, not a digit of the number
				continue
			}
		}
		if k+1 >= len(text) || text[k] != ' ' && text[k] != '-' && text[k] != '/' || !isDigit(text[k+1]) {
			return end, n, groups, long
		}
		j = k + 1
	}
}

// firstPhoneGroup reports whether g digits may open a phone number: a
// country code of 1 to 3 after "+", an area code of 2 to 5, or the whole
// number ungrouped.
func firstPhoneGroup(g int, plus bool) bool {
	if plus {
		return g >= 1 && g <= 3 || g >= 9
	}
	return g >= 2 && g <= 5 || g >= 9
}

// phoneHash is the key hash of a phone number ("tel:" and its digits),
// built without the key string.
func phoneHash(text string) keyHash {
	h := keyHashStart.add("tel:")
	eachPhoneDigit(text, func(d byte) {
		h ^= keyHash(d)
		h *= 1099511628211
	})
	return h
}

// eachPhoneDigit calls f with each digit of a phone number as written,
// but the trunk zero written "(0)" (phoneGroups).
func eachPhoneDigit(text string, f func(byte)) {
	for i := 0; i < len(text); i++ {
		if text[i] == '(' && strings.HasPrefix(text[i:], "(0)") {
			i += 2
			continue
		}
		if isDigit(text[i]) {
			f(text[i])
		}
	}
}

// phoneDigits are the digits of a phone number, its key.
func phoneDigits(text string) string {
	b := make([]byte, 0, len(text))
	eachPhoneDigit(text, func(d byte) { b = append(b, d) })
	return string(b)
}

// trunkZero is where the digits after a trunk zero written "(0)" after a
// country code at text[k] begin (" (0)20", "(0) 20"); k when there is none.
func trunkZero(text string, k int) int {
	t := k
	if t < len(text) && text[t] == ' ' {
		t++
	}
	if !strings.HasPrefix(text[t:], "(0)") {
		return k
	}
	t += 3
	if t < len(text) && text[t] == ' ' {
		t++
	}
	return t
}
