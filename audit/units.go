package audit

import "strings"

// units maps a unit word after a number to its canonical unit, by
// dimension: "10 months" must not pass for "10 years", nor "5 g" for
// "5 mg". Words that are also common English ("in") are left out: a
// missed unit only makes the check lenient, a false one fails a true
// sentence. The one-letter symbols a support bot writes ("200 s", "2 m",
// "5 l", "24 h") are units; "s" only after a space ("1990s" is a decade).
var units = func() map[string]string {
	m := map[string]string{}
	add := func(unit string, words ...string) {
		for _, w := range words {
			m[w] = unit
		}
	}
	add("time:ms", "ms", "millisecond", "milliseconds", "msec")
	add("time:second", "second", "seconds", "sec", "secs", "s")
	add("time:minute", "minute", "minutes", "min", "mins")
	add("time:hour", "hour", "hours", "hr", "hrs", "h")
	add("time:day", "day", "days")
	add("time:week", "week", "weeks", "wk", "wks")
	add("time:month", "month", "months")
	add("time:year", "year", "years", "yr", "yrs")
	add("time:decade", "decade", "decades")
	add("time:century", "century", "centuries")
	add("mass:mcg", "mcg", "microgram", "micrograms")
	add("mass:mg", "mg", "milligram", "milligrams", "milligramme", "milligrammes")
	add("mass:g", "g", "gram", "grams", "gramme", "grammes")
	add("mass:kg", "kg", "kilogram", "kilograms", "kilogramme", "kilogrammes", "kilo", "kilos")
	add("mass:t", "tonne", "tonnes", "ton", "tons")
	add("mass:lb", "lb", "lbs")
	add("mass:oz", "oz", "ounce", "ounces")
	add("length:mm", "mm", "millimeter", "millimeters", "millimetre", "millimetres")
	add("length:cm", "cm", "centimeter", "centimeters", "centimetre", "centimetres")
	add("length:m", "m", "meter", "meters", "metre", "metres")
	add("length:km", "km", "kilometer", "kilometers", "kilometre", "kilometres")
	add("length:ft", "ft", "foot", "feet")
	add("length:yd", "yd", "yard", "yards")
	add("length:mi", "mile", "miles")
	add("length:inch", "inch", "inches")
	add("volume:ml", "ml", "milliliter", "milliliters", "millilitre", "millilitres")
	add("volume:cl", "cl", "centiliter", "centiliters", "centilitre", "centilitres")
	add("volume:dl", "dl", "deciliter", "deciliters", "decilitre", "decilitres")
	add("volume:l", "l", "liter", "liters", "litre", "litres")
	add("volume:gal", "gallon", "gallons", "gal")
	add("data:kb", "kb", "kilobyte", "kilobytes")
	add("data:mb", "mb", "megabyte", "megabytes")
	add("data:gb", "gb", "gigabyte", "gigabytes")
	add("data:tb", "tb", "terabyte", "terabytes")
	add("energy:kwh", "kwh", "kilowatt-hour", "kilowatt-hours")
	add("power:w", "w", "watt", "watts")
	add("power:kw", "kw", "kilowatt", "kilowatts")
	add("rate:kbit", "kbit", "kbps") // "kbit/s": the word before "/"
	add("rate:mbit", "mbit", "mbps")
	add("rate:gbit", "gbit", "gbps")
	return m
}()

// dayQualifiers may stand between a number and "day(s)" without changing
// the unit's dimension ("30 business days" is still days).
var dayQualifiers = map[string]bool{"business": true, "working": true, "calendar": true, "banking": true}

// unitAfter reads the unit written after a number ending at text[j]:
// "30 days", "30-day", "5mg", "5 °C", "5 degrees Celsius". It returns the
// canonical unit and where it ends, or "" when none follows.
func unitAfter(text string, j int) (unit string, end int) {
	k := j
	if k < len(text) && (text[k] == ' ' || text[k] == '-') {
		k++
	}
	// Temperatures: "°C", "° F", "ºC", "degrees Celsius".
	for _, deg := range []string{"°", "º"} {
		if strings.HasPrefix(text[k:], deg) {
			e := k + len(deg)
			if e < len(text) && text[e] == ' ' {
				e++
			}
			if e < len(text) && (text[e] == 'C' || text[e] == 'F') && (e+1 == len(text) || !isLetter(text[e+1])) {
				return "temp:" + strings.ToLower(text[e:e+1]), e + 1
			}
			return "", j
		}
	}
	w, e := wordAt(text, k, false)
	if w == "" {
		return "", j
	}
	if w == "degrees" || w == "degree" {
		if w2, e2 := wordAt(text, e, true); w2 == "celsius" || w2 == "fahrenheit" || w2 == "centigrade" {
			return "temp:" + w2[:1], e2
		}
		return "", j
	}
	if dayQualifiers[w] {
		if w2, e2 := wordAt(text, e, true); units[w2] == "time:day" {
			return "time:day", e2
		}
		return "", j
	}
	if u, ok := units[w]; ok && letterUnit(text[k:e], k > j) {
		// A one-letter unit must stand alone ("5 g"), not open a word.
		return u, e
	}
	return "", j
}

// letterUnit reports whether the unit word raw, after a space or hyphen
// when spaced, may be read as its unit: the symbols "s", "h" and "m" only
// in lower case ("1H 2023" is a half-year, "8750H" a processor, "5 M" a
// million), and "s" only spaced ("the 1990s", "in your 20s").
func letterUnit(raw string, spaced bool) bool {
	if len(raw) != 1 {
		return true
	}
	switch raw[0] {
	case 's':
		return spaced
	case 'S', 'H', 'M':
		return false
	}
	return true
}

// signBefore returns where the minus sign of the number (or amount)
// starting at text[start] begins, or -1: "−5 °C" (U+2212) and "minus 5"
// always; an ASCII hyphen only after a space or "(" in running text: not
// after a word or digit ("COVID-19", "10-15", "10 -15") and not at the
// start of a line, where it is a list bullet ("-5 days for standard").
func signBefore(text string, start int) int {
	switch p := start; {
	case p >= 3 && text[p-3:p] == "\u2212":
		return p - 3
	case p >= 6 && strings.EqualFold(text[p-6:p], "minus ") && (p == 6 || !isLetter(text[p-7])):
		return p - 6
	case p >= 2 && text[p-1] == '-' && (text[p-2] == ' ' || text[p-2] == '('):
		q := p - 2
		for q >= 0 && (text[q] == ' ' || text[q] == '\t' || text[q] == '(') {
			q--
		}
		if q < 0 || text[q] == '\n' || text[q] == '\r' || isDigit(text[q]) {
			return -1
		}
		return p - 1
	}
	return -1
}
