package audit

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// sameQuantity and differentQuantity are pairs of texts of one quantity
// each, with the same key and with different keys.
var sameQuantity = [][2]string{
	{"15%", "15 percent"},
	{"15%", "15 per cent"},
	{"1,000 items", "1000 items"},
	{"€127.50", "127.50 EUR"},
	{"€127.50", "127.5 euros"},
	{"$5m", "5 million dollars"},
	{"May 12, 2026", "12 May 2026"},
	{"May 12, 2026", "2026-05-12"},
	{"12th of May 2026", "May 12th, 2026"},
	{"thirty-five", "35"},
	{"two-year warranty", "2-year warranty"},
	{"1.5 million", "1,500,000"},
}

var differentQuantity = [][2]string{
	{"15%", "16%"},
	{"€127.50", "$127.50"},
	{"May 12, 2026", "May 13, 2026"},
	{"1,000", "100"},
}

func TestQuantitiesNormalise(t *testing.T) {
	for _, p := range sameQuantity {
		a, b := findQuantities(p[0]), findQuantities(p[1])
		if len(a) != 1 || len(b) != 1 || a[0].Key != b[0].Key {
			t.Errorf("%q → %v and %q → %v: want one equal key", p[0], a, p[1], b)
		}
	}
	for _, p := range differentQuantity {
		a, b := findQuantities(p[0]), findQuantities(p[1])
		if len(a) != 1 || len(b) != 1 || a[0].Key == b[0].Key {
			t.Errorf("%q → %v and %q → %v: want different keys", p[0], a, p[1], b)
		}
	}
}

func TestQuantityIndexSupports(t *testing.T) {
	idx := quantityIndexOf("The plan costs 127.50 per year since 12 May 2026; 15 percent off.")
	cases := []struct {
		in   string
		want bool
	}{
		{"€127.50", true},  // amount against a bare number
		{"127.5", true},    //
		{"2026", true},     // year of a stated date
		{"May 2026", true}, // month of a stated date
		{"15%", true},
		{"15", true},
		{"16%", false},
		{"€128", false},
		{"2025", false},
	}
	for _, tc := range cases {
		qs := findQuantities(tc.in)
		if len(qs) != 1 {
			t.Fatalf("Quantities(%q) = %v", tc.in, qs)
		}
		if got := idx.supports(qs[0]); got != tc.want {
			t.Errorf("Supports(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
	// A chunk that names a different currency does not support the amount.
	if quantityIndexOf("It costs $127.50.").supports(findQuantities("€127.50")[0]) {
		t.Error("$127.50 supported €127.50")
	}
}

// A number's unit and sign are part of what the chunk must state: a
// similar sentence with the wrong unit or a lost minus is the error this
// check exists for. A chunk that leaves the unit open supports any.
var unitAndSignCases = []struct {
	name, chunk, sentence string
	want                  bool
}{
	{"same unit", "Data is stored for 10 years.", "stored for 10 years", true},
	{"a month is not a year", "Data is stored for 10 years.", "stored for 10 months", false},
	{"hours are not days", "Transcripts are deleted after 30 days.", "deleted after 30 hours", false},
	{"a hyphenated unit is the unit", "a 30-day return window", "within 30 days", true},
	{"business days are days", "Shipping takes 3 business days.", "ships in 3 days", true},
	{"mg is not g", "The dose is 5 mg per day.", "a dose of 5 g", false},
	{"a glued unit is the unit", "The dose is 5mg per day.", "a dose of 5 mg", true},
	{"kg is not g", "It weighs 2 kg.", "weighs 2 g", false},
	{"metres are not feet", "The cable is 5 meters long.", "5 feet long", false},
	{"a unit the chunk leaves open supports any", "between 10 and 15 years", "for 10 years", true},
	{"a bare number in the sentence is not held to a unit", "Data is stored for 10 years.", "the 10 rules", true},
	{"a time of day in the 12-hour clock is the 24-hour time", "Staffed Monday to Friday, 08:00–18:00.", "open from 8am to 6pm", true},
	{"a time with dots after the meridiem", "Chat is open 09:30 to 17:00.", "open from 9:30 a.m. to 5 p.m.", true},
	{"a different closing time is a different time", "Staffed Monday to Friday, 08:00–18:00.", "open from 8am to 8pm", false},
	{"noon is twelve, not midnight", "Orders placed before 12:00 ship today.", "orders before 12am ship today", false},
	{"an hour written alone matches the time's hour", "We open at 08:00.", "we open at 8", true},
	{"months are days in another unit", "Items can be returned within 90 days.", "returned within three months", true},
	{"years are months in another unit", "The warranty lasts 24 months.", "a warranty of two years", true},
	{"weeks are days in another unit", "Refunds take 14 days.", "refunds take two weeks", true},
	{"a month is about thirty days", "Refunds are accepted for 1 month.", "within 30 days", true},
	{"three months are not thirty days", "Items can be returned within 30 days.", "returned within three months", false},
	{"two years are not twelve months", "The warranty lasts 12 months.", "a warranty of two years", false},
	{"six weeks are not a month", "Delivery within 1 month.", "delivery within 6 weeks", false},
	{"a lost minus is a different temperature", "It drops to -5 °C at night.", "drops to 5 °C", false},
	{"the minus sign character counts too", "It drops to \u22125 °C at night.", "drops to 5 °C", false},
	{"an added minus is wrong too", "It drops to 5 °C at night.", "drops to -5 °C", false},
	{"Celsius is not Fahrenheit", "It is 20 °C inside.", "it is 20 °F", false},
	{"a negative balance is not a positive one", "The balance was -$200 after the fee.", "a balance of $200", false},
	{"the same negative balance", "The balance was -$200 after the fee.", "a balance of -$200", true},
	{"a hyphen after a word is no sign", "COVID-19 cases rose.", "19 cases", true},
	{"a range is no sign", "It takes 10-15 days.", "15 days", true},
	{"European grouping in an amount", "The plan costs €1,200 per year.", "costs €1.200", true},
	{"European grouping after the amount", "The plan costs €1,200 per year.", "costs 1.200 EUR", true},
	{"three decimals without a currency stay decimals", "Version 1.2 is out.", "version 1.200", true},
	{"dots grouping thousands twice", "It has 1,200,000 users.", "1.200.000 users", true},
	{"an amount in euros reads either way", "Fuel costs €1.799 per litre.", "€1.799 per litre", true},
	{"a dollar amount to three decimals is not thousands", "Diesel costs $3.499 per gallon.", "$3,499 per gallon", false},
	{"a fraction of a cent is not thousands", "Each request costs $0.005.", "costs $5", false},
	{"no thousands reading after a multiplier", "Revenue was $1.250 billion.", "$1.25 billion", true},
	{"a list bullet is no minus sign", "Options:\n-5 days for standard shipping\n-2 days for express", "takes 5 days", true},
	{"a spaced range is no minus sign", "It takes 10 -15 days.", "15 days", true},
	{"a value stated with both signs supports either", "From -5 °C at night to 5 °C by day.", "5 °C", true},
}

func TestUnitsAndSignsMustAgree(t *testing.T) {
	for _, tc := range unitAndSignCases {
		t.Run(tc.name, func(t *testing.T) {
			qs := findQuantities(tc.sentence)
			if len(qs) == 0 {
				t.Fatalf("Quantities(%q) = none", tc.sentence)
			}
			all := true // the chunk supports every quantity of the sentence
			for _, q := range qs {
				all = all && quantityIndexOf(tc.chunk).supports(q)
			}
			if all != tc.want {
				t.Errorf("%q supports all of %+v = %v, want %v", tc.chunk, qs, all, tc.want)
			}
		})
	}
}

func TestQuantitiesIgnoreWordsGluedToDigits(t *testing.T) {
	if qs := findQuantities("Use B2B mp3 files"); len(qs) != 0 {
		t.Errorf("got %v", qs)
	}
}

func FuzzQuantities(f *testing.F) {
	for _, s := range []string{"€127.50 15% 1,000 May 12, 2026", "12th of May 2026", "thirty-five $5m", "1.5 million", "-5 °C \u22125 °C -$200 30-day 5mg 3 business days", "€1.200 1.200.000 minus 5 degrees Celsius",
		"18 in (460 mm) in the 2018–19 season, due Nov. 2 and in May", "1999–00 (2 wins) 355 feet (108 m) $100 (€92"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, q := range findQuantities(s) {
			if q.Start < 0 || q.Start+len(q.Raw) > len(s) || s[q.Start:q.Start+len(q.Raw)] != q.Raw || q.Key == "" {
				t.Fatalf("bad quantity %+v in %q", q, s)
			}
		}
		idx := quantityIndexOf(s)
		for _, q := range claimQuantities(s) {
			if !idx.supports(q) {
				t.Fatalf("%q does not support its own %+v", s, q)
			}
		}
	})
}

// On every answer and chunk of the shared dev data, each quantity is where
// it says it is, in order, with a well-formed key.
func TestQuantitiesOnRealText(t *testing.T) {
	texts := sharedTexts(t)
	if len(texts) < 500 {
		t.Fatalf("only %d texts read", len(texts))
	}
	found := 0
	for _, text := range texts {
		prev := -1
		for _, q := range findQuantities(text) {
			found++
			if q.Start < prev || text[q.Start:q.Start+len(q.Raw)] != q.Raw {
				t.Fatalf("quantity %+v misplaced in %q", q, text)
			}
			prev = q.Start
			if !reKey.MatchString(q.Key) {
				t.Fatalf("malformed key %q for %q", q.Key, q.Raw)
			}
		}
	}
	if found < 1000 {
		t.Errorf("only %d quantities in the shared data", found)
	}
}

var reKey = regexp.MustCompile(`^(n:-?\d+(\.\d+)?|p:-?\d+(\.\d+)?|m:[A-Z]{3}:-?\d+(\.\d+)?|d:\d{4}-\d{2}(-\d{2})?|t:\d{2}:\d{2}|o:\d+)$`)

// sharedTexts returns the answers and chunk texts of ../shared/data.
func sharedTexts(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, path := range realLogs {
		for rec, err := range readers.JSONL(path, readers.Options{}, nil) {
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			for _, m := range rec.Messages {
				out = append(out, m.Content)
				for _, c := range m.Retrieval {
					out = append(out, c.Text)
				}
			}
		}
	}
	return out
}

// numberWords are the number words numberWord knows.
var numberWords = map[string]int{
	"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
	"forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
	"hundred": 100, "thousand": 1000,
}

var ordinalWords = map[string]int{
	"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
	"eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
}

// TestNumberWordFilter checks that the first-letter filter of numberWord
// lets every number and ordinal word through, in any case, and turns
// others away.
func TestNumberWordFilter(t *testing.T) {
	for words, ordinal := range map[*map[string]int]bool{&numberWords: false, &ordinalWords: true} {
		for w, n := range *words {
			for _, v := range []string{w, strings.ToUpper(w), strings.ToUpper(w[:1]) + w[1:]} {
				if got, ord, ok := numberWord(v); !ok || got != n || ord != ordinal {
					t.Errorf("numberWord(%q) = %d, %v, %v; want %d, %v", v, got, ord, ok, n, ordinal)
				}
			}
		}
	}
	for _, w := range []string{"refund", "one", "twos", "tw", "Hundreds", "é€", "firsts", "fir"} {
		if _, _, ok := numberWord(w); ok {
			t.Errorf("numberWord(%q) is a number", w)
		}
	}
}

func TestNextDigit(t *testing.T) {
	for _, text := range []string{"", "7", "abcdefgh", "abcdefgh9", "/:/:/:/:/:", "\xb0\xb9\xff0", "€127.50 and 30 days", "days in 2026, not 20", "é/:ÿ9"} {
		for i := 0; i <= len(text); i++ {
			want := i
			for want < len(text) && (text[want] < '0' || text[want] > '9') {
				want++
			}
			if got := nextDigit(text, i); got != want {
				t.Errorf("nextDigit(%q, %d) = %d, want %d", text, i, got, want)
			}
		}
	}
}

func TestNumberWordAllocates(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { numberWord("Thirteen"); numberWord("those") }); n != 0 {
		t.Errorf("numberWord allocates %v times", n)
	}
}

// An amount whose currency the next number reads again ("3.50 EUR 12
// CHF") overlaps it; the claim's conversions are looked for between them
// without slicing backwards (this crashed).
func TestClaimQuantitiesOfOverlappingAmounts(t *testing.T) {
	for _, text := range []string{"It costs 3.50 EUR 12 times a year.", "3.50 EUR 12 CHF (4 EUR)"} {
		if qs := claimQuantities(text); len(qs) < 2 {
			t.Errorf("%q: got %v", text, qs)
		}
	}
}

// A range's second year is read whole only after a year of four digits:
// "10.0–12" claims 12, not 1012.
func TestASecondYearNeedsAFirstYear(t *testing.T) {
	for text, want := range map[string]string{"pH 10.0-12 is alkaline": "n:12", "the 2018–19 season": "n:2019"} {
		qs := claimQuantities(text)
		if len(qs) != 2 || qs[1].Key != want {
			t.Errorf("%q: got %v, want a second key %s", text, qs, want)
		}
	}
}
