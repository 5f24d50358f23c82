package readers

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02T15:04:05.999999999Z0700", // Java's and logback's offsets
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999Z07",
	"2006-01-02 15:04:05.999999999Z0700",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04",
	"2006-01-02 15:04",
	"2006-01-02",
	"2006/01/02 15:04:05.999999999",
	"2006/01/02 15:04",
	"2006/01/02",
	// Day first with dots, as German and Dutch write it: never month first.
	"02.01.2006 15:04:05.999999999",
	"02.01.2006 15:04",
	"02.01.2006",
	time.RFC1123Z, // HTTP dates and JavaScript's toUTCString, e-mail headers
	"Mon, 2 Jan 2006 15:04:05 -0700",
}

// zonedLayouts name the zone by its abbreviation, which Go reads as UTC
// when it does not know it: only GMT and UTC are taken (ParseTimestamp).
var zonedLayouts = []string{time.RFC1123, "Mon, 2 Jan 2006 15:04:05 MST", time.UnixDate}

// reSlashedDayMonth is a date of two numbers and a year with slashes:
// 03/11/2026 is 3 November in Europe and March 11 in the United States.
var reSlashedDayMonth = regexp.MustCompile(`^\d{1,2}/\d{1,2}/\d{2,4}\b`)

// ParseTimestamp accepts RFC 3339, the common SQL-style variants and Unix
// times written as digits alone (see unixByMagnitude); times without a
// zone are taken as UTC. A time outside the years 1970–9999 is an error
// (checkTimeRange), except Go's zero time, which loggers write for "no
// time" and which stays the zero Time.
func ParseTimestamp(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			if t.IsZero() {
				return t, nil
			}
			return inRange(t.UTC())
		}
	}
	for _, layout := range zonedLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			if name, _ := t.Zone(); name != "GMT" && name != "UTC" {
				return time.Time{}, fmt.Errorf("%q names its zone %s, which is not one offset the year round: write the offset (e.g. +0100) or RFC 3339", s, name)
			}
			return inRange(t.UTC())
		}
	}
	if whole, frac, ok := strings.Cut(s, "."); isDigits(whole) && (!ok || isDigits(frac)) {
		n, err := strconv.ParseInt(whole, 10, 64)
		if err != nil || n == 0 {
			return time.Time{}, fmt.Errorf("%s is out of range as a Unix time", s)
		}
		return inRange(unixByMagnitude(n).Add(fraction(frac, unixUnit(n))))
	}
	if reSlashedDayMonth.MatchString(s) {
		return time.Time{}, fmt.Errorf("%q is not a time ragaudit can read: day and month could be either way round (3 November or March 11); write RFC 3339 (e.g. 2026-05-12T14:03:00Z) or a Unix time", s)
	}
	return time.Time{}, fmt.Errorf("%q is not a time: want RFC 3339 (e.g. 2026-05-12T14:03:00Z) or a Unix time", s)
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// fraction is the decimal fraction frac ("123" of "1715522580.123", as
// Python's time.time() writes) of one unit, to the nanosecond.
func fraction(frac string, unit time.Duration) time.Duration {
	if frac == "" {
		return 0
	}
	frac = (frac + "000000000")[:9]
	ns, _ := strconv.ParseInt(frac, 10, 64) // nine digits
	return time.Duration(float64(ns) / 1e9 * float64(unit))
}

// inRange returns t, or an error when checkTimeRange refuses it.
func inRange(t time.Time) (time.Time, error) {
	if err := checkTimeRange(t); err != nil {
		return time.Time{}, err
	}
	return t, nil
}

// unixByMagnitude reads a Unix time whose unit the log does not say, as
// loggers write seconds, milliseconds, microseconds or nanoseconds alike:
// under 1e11 it is seconds (up to the year 5138), under 1e14 milliseconds,
// under 1e17 microseconds, else nanoseconds. Every unit's range starts by
// 1973-03-03 (1e8 s), so no time after that is misread; a millisecond
// time before it would be read as seconds.
func unixByMagnitude(n int64) time.Time {
	switch unixUnit(n) {
	case time.Second:
		return time.Unix(n, 0).UTC()
	case time.Millisecond:
		return time.UnixMilli(n).UTC()
	case time.Microsecond:
		return time.UnixMicro(n).UTC()
	}
	return time.Unix(0, n).UTC()
}

// unixUnit is the unit unixByMagnitude reads n in.
func unixUnit(n int64) time.Duration {
	switch {
	case n < 1e11:
		return time.Second
	case n < 1e14:
		return time.Millisecond
	case n < 1e17:
		return time.Microsecond
	}
	return time.Nanosecond
}

// checkTimeRange refuses a time no conversation log has, before 1970 or
// after 9999: it would become the audit's period and win --last, and
// RFC 3339, which convert writes, has four-digit years.
func checkTimeRange(t time.Time) error {
	if y := t.UTC().Year(); y < 1970 || y > 9999 {
		return fmt.Errorf("%s is out of range (years 1970–9999)", t.UTC().Format(time.RFC3339Nano))
	}
	return nil
}
