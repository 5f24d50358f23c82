package readers

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999Z07",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02",
}

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
	if s != "" && strings.Trim(s, "0123456789") == "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n == 0 {
			return time.Time{}, fmt.Errorf("%s is out of range as a Unix time", s)
		}
		return inRange(unixByMagnitude(n))
	}
	return time.Time{}, fmt.Errorf("%q is not a time: want RFC 3339 (e.g. 2026-05-12T14:03:00Z) or a Unix time", s)
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
	switch {
	case n < 1e11:
		return time.Unix(n, 0).UTC()
	case n < 1e14:
		return time.UnixMilli(n).UTC()
	case n < 1e17:
		return time.UnixMicro(n).UTC()
	}
	return time.Unix(0, n).UTC()
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
