package audit

import (
	"strconv"
)

// Times of day and durations: quantities that are not amounts. "8am" is
// the hour "08:00" writes, not a number 8 the chunk must state; "three
// months" is the "90 days" a chunk gives in another unit. Both are held
// to what they say, so "8pm" against "18:00" and "three months" against
// "30 days" still fail.

// parseTime reads a time of day at the digits text[i:]: "14:00", "9:30",
// "8am", "8 a.m.", "6 pm", "9:30pm", "5.30pm". It returns the 24-hour clock's hour
// and minute, two digits each, and where the time ends.
func parseTime(text string, i int) (hh, mm string, end int, ok bool) {
	j := i
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	if j-i == 0 || j-i > 2 {
		return "", "", 0, false
	}
	h, _ := strconv.Atoi(text[i:j])
	m, end := 0, j
	if j+2 < len(text) && text[j] == ':' && isDigit(text[j+1]) && isDigit(text[j+2]) &&
		(j+3 == len(text) || !isDigit(text[j+3]) && !(text[j+3] == ':' && j+4 < len(text) && isDigit(text[j+4]))) {
		m, _ = strconv.Atoi(text[j+1 : j+3])
		end = j + 3
	}
	colon := end > j
	if end == j && j+2 < len(text) && text[j] == '.' && isDigit(text[j+1]) && isDigit(text[j+2]) && (j+3 == len(text) || !isDigit(text[j+3])) {
		// "5.30pm", "5.30 p.m.": British minutes after a dot, a time only
		// with its meridiem ("5.30" alone is a number)
		if _, _, ok := meridiem(text, j+3); ok {
			m, _ = strconv.Atoi(text[j+1 : j+3])
			end = j + 3
		}
	}
	if pm, e, ok := meridiem(text, end); ok && h >= 1 && h <= 12 {
		if h == 12 {
			h = 0
		}
		if pm {
			h += 12
		}
		end, colon = e, true
	}
	if !colon || h > 24 || m > 59 {
		return "", "", 0, false
	}
	return pad2(h % 24), pad2(m), end, true
}

// meridiem reads "am", "pm", "a.m.", "p.m." (after an optional space) at
// text[j:], as a word of its own: pm is true for the afternoon.
func meridiem(text string, j int) (pm bool, end int, ok bool) {
	k := j
	if k < len(text) && text[k] == ' ' {
		k++
	}
	if k+2 > len(text) {
		return false, 0, false
	}
	c := text[k] | 0x20
	if c != 'a' && c != 'p' {
		return false, 0, false
	}
	switch {
	case k+2 <= len(text) && text[k+1]|0x20 == 'm' && (k+2 == len(text) || !isLetter(text[k+2]) && !isDigit(text[k+2])):
		return c == 'p', k + 2, true
	case k+4 <= len(text) && text[k+1] == '.' && text[k+2]|0x20 == 'm' && text[k+3] == '.':
		return c == 'p', k + 4, true
	}
	return false, 0, false
}

// durationDays is the span of days a duration of value v in the time unit
// u may stand for: "3 months" is 84 to 93 days (months run 28 to 31), "2
// weeks" exactly 14. ok is false for a unit that is not a duration.
func durationDays(v float64, unit string) (lo, hi float64, ok bool) {
	var a, b float64
	switch unit {
	case "time:ms":
		a, b = 1.0/86400000, 1.0/86400000
	case "time:second":
		a, b = 1.0/86400, 1.0/86400
	case "time:minute":
		a, b = 1.0/1440, 1.0/1440
	case "time:hour":
		a, b = 1.0/24, 1.0/24
	case "time:day":
		a, b = 1, 1
	case "time:week":
		a, b = 7, 7
	case "time:month":
		a, b = 28, 31
	case "time:year":
		a, b = 365, 366
	case "time:decade":
		a, b = 3652, 3653
	case "time:century":
		a, b = 36524, 36525
	default:
		return 0, 0, false
	}
	return v * a, v * b, true
}
