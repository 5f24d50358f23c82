package audit

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Quantity is a number, amount, percentage or date found in a text, with a
// normalised key: "15%" and "15 percent" share the key "p:15", "€127.50" and
// "127.50 EUR" share "m:EUR:127.5", "1,000" is "n:1000", and "12 May 2026"
// and "May 12, 2026" share "d:2026-05-12".
type Quantity struct {
	Raw   string
	Kind  string // number, percent, money, date
	Key   string
	Start int // byte offset in the text
}

var currencySymbols = map[string]string{
	"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY", "us$": "USD", "usd": "USD", "eur": "EUR",
	"gbp": "GBP", "jpy": "JPY", "chf": "CHF", "euro": "EUR", "euros": "EUR", "dollar": "USD",
	"dollars": "USD", "pound": "GBP", "pounds": "GBP", "cad": "CAD", "aud": "AUD", "inr": "INR",
	"rs": "INR", "₹": "INR",
}

var months = map[string]int{
	"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
	"may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
	"sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}

var numberWords = map[string]int{
	"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
	"forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
	"hundred": 100, "thousand": 1000,
}

var multipliers = map[string]float64{
	"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12,
	"k": 1e3, "m": 1e6, "mn": 1e6, "bn": 1e9,
}

const monthRe = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`

var (
	reISODate = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})\b`)
	reMDY     = regexp.MustCompile(`(?i)\b` + monthRe + `\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`)
	reDMY     = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?` + monthRe + `\.?,?\s+(\d{4})\b`)
	reMY      = regexp.MustCompile(`(?i)\b` + monthRe + `\.?,?\s+(?:of\s+)?(\d{4})\b`)
	reMonth   = regexp.MustCompile(`(?i)^` + monthRe)

	// A number with optional currency before or after, percent, multiplier.
	reNumber = regexp.MustCompile(`(?i)(us\$|[€$£¥₹]|\b(?:usd|eur|gbp|chf|jpy|cad|aud|inr|rs\.?)\s?)?\s?` +
		`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?` +
		`(?:(st|nd|rd|th)\b)?` +
		`(?:\s?(thousand|million|billion|trillion|bn|mn|k|m)\b)?` +
		`(?:\s?(%|percent\b|per cent\b|percentage points?\b))?` +
		`(?:\s?(usd|eur|euros?|dollars?|gbp|pounds?|chf|jpy|cad|aud|inr)\b)?`)
	reNumberWord = regexp.MustCompile(`(?i)\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](two|three|four|five|six|seven|eight|nine|one)\b|\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b`)
)

// Quantities extracts the quantities of text in order of appearance.
func Quantities(text string) []Quantity {
	var out []Quantity
	covered := make([]bool, len(text))
	mark := func(a, b int) {
		for i := a; i < b; i++ {
			covered[i] = true
		}
	}
	add := func(a, b int, kind, key string) {
		out = append(out, Quantity{Raw: text[a:b], Kind: kind, Key: key, Start: a})
		mark(a, b)
	}
	// Dates first, so their parts are not read as bare numbers.
	for _, m := range reISODate.FindAllStringSubmatchIndex(text, -1) {
		add(m[0], m[1], "date", "d:"+text[m[2]:m[3]]+"-"+text[m[4]:m[5]]+"-"+text[m[6]:m[7]])
	}
	for _, m := range reMDY.FindAllStringSubmatchIndex(text, -1) {
		if covered[m[0]] {
			continue
		}
		mon := monthOf(text[m[0]:])
		add(m[0], m[1], "date", dateKey(text[m[4]:m[5]], mon, text[m[2]:m[3]]))
	}
	for _, m := range reDMY.FindAllStringSubmatchIndex(text, -1) {
		if covered[m[0]] {
			continue
		}
		mon := monthOf(strings.TrimLeft(text[m[3]:m[4]], " of"))
		add(m[0], m[1], "date", dateKey(text[m[4]:m[5]], mon, text[m[2]:m[3]]))
	}
	for _, m := range reMY.FindAllStringSubmatchIndex(text, -1) {
		if covered[m[0]] || covered[m[1]-1] {
			continue
		}
		mon := monthOf(text[m[0]:])
		y, _ := strconv.Atoi(text[m[2]:m[3]])
		add(m[0], m[1], "date", "d:"+strconv.Itoa(y)+"-"+pad2(mon))
	}
	for _, m := range reNumber.FindAllStringSubmatchIndex(text, -1) {
		ds, de := m[4], m[5] // the digits
		if covered[ds] {
			continue
		}
		// Digits glued to letters ("COVID-19" is fine, "B2B" or "mp3" is not a quantity).
		if ds > 0 && isLetter(text[ds-1]) {
			continue
		}
		intPart := strings.ReplaceAll(text[ds:de], ",", "")
		frac := ""
		if m[6] >= 0 {
			frac = strings.TrimRight(text[m[6]:m[7]], "0")
		}
		val := intPart
		if frac != "" {
			val += "." + frac
		}
		val = trimLeadingZeros(val)
		if m[10] >= 0 { // multiplier
			mult := multipliers[strings.ToLower(text[m[10]:m[11]])]
			// "m" alone is ambiguous (metres); only with a currency.
			if strings.EqualFold(text[m[10]:m[11]], "m") && m[2] < 0 && m[14] < 0 {
				mult = 0
			}
			if mult > 0 {
				if f, err := strconv.ParseFloat(val, 64); err == nil {
					val = formatFloat(f * mult)
				}
			}
		}
		cur := ""
		if m[2] >= 0 {
			cur = currencySymbols[strings.ToLower(strings.TrimRight(strings.TrimSpace(text[m[2]:m[3]]), "."))]
		}
		if m[14] >= 0 {
			cur = currencySymbols[strings.ToLower(text[m[14]:m[15]])]
		}
		start := m[0]
		if m[2] < 0 {
			start = ds
		}
		switch {
		case m[12] >= 0:
			add(start, m[1], "percent", "p:"+val)
		case cur != "":
			add(start, m[1], "money", "m:"+cur+":"+val)
		default:
			end := m[1]
			if m[10] < 0 && m[8] < 0 {
				end = de
				if m[6] >= 0 {
					end = m[7]
				}
			}
			add(start, end, "number", "n:"+val)
		}
	}
	for _, m := range reNumberWord.FindAllStringSubmatchIndex(text, -1) {
		if covered[m[0]] {
			continue
		}
		var n int
		if m[2] >= 0 {
			n = numberWords[strings.ToLower(text[m[2]:m[3]])] + unitWord(text[m[4]:m[5]])
		} else {
			n = numberWords[strings.ToLower(text[m[6]:m[7]])]
		}
		add(m[0], m[1], "number", "n:"+strconv.Itoa(n))
	}
	sort.SliceStable(out, func(i, j int) bool {
		return out[i].Start < out[j].Start
	})
	return out
}

func unitWord(s string) int {
	if strings.EqualFold(s, "one") {
		return 1
	}
	return numberWords[strings.ToLower(s)]
}

// QuantityIndex is the set of quantity keys a chunk supports.
type QuantityIndex map[string]bool

// IndexQuantities indexes the quantities of a chunk. A dated chunk also
// supports its bare year and month, and an amount supports its bare value.
func IndexQuantities(text string) QuantityIndex {
	idx := QuantityIndex{}
	for _, q := range Quantities(text) {
		idx[q.Key] = true
		switch q.Kind {
		case "date":
			parts := strings.Split(strings.TrimPrefix(q.Key, "d:"), "-")
			idx["n:"+parts[0]] = true
			if len(parts) == 3 {
				idx["d:"+parts[0]+"-"+parts[1]] = true
				idx["n:"+trimLeadingZeros(parts[2])] = true
			}
		case "money":
			val := q.Key[strings.LastIndexByte(q.Key, ':')+1:]
			idx["n:"+val] = true
		case "percent":
			idx["n:"+strings.TrimPrefix(q.Key, "p:")] = true
		case "number":
			idx["bare:"+strings.TrimPrefix(q.Key, "n:")] = true
		}
	}
	return idx
}

// Supports reports whether the chunk states quantity q. An amount is
// supported by the same amount, or by the bare number when the chunk names
// no currency for it.
func (idx QuantityIndex) Supports(q Quantity) bool {
	if idx[q.Key] {
		return true
	}
	if q.Kind == "money" {
		return idx["bare:"+q.Key[strings.LastIndexByte(q.Key, ':')+1:]]
	}
	return false
}

func monthOf(s string) int {
	m := reMonth.FindString(s)
	if m == "" {
		return 0
	}
	m = strings.ToLower(m)
	if n, ok := months[m]; ok {
		return n
	}
	return months[m[:3]]
}

func dateKey(year string, month int, day string) string {
	d, _ := strconv.Atoi(day)
	return "d:" + year + "-" + pad2(month) + "-" + pad2(d)
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func trimLeadingZeros(s string) string {
	t := strings.TrimLeft(s, "0")
	if t == "" || t[0] == '.' {
		return "0" + t
	}
	return t
}

func formatFloat(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
