package lang_test

import (
	"strings"
	"testing"
)

func TestWithinRangeOfOrderedMembers(t *testing.T) {
	for _, c := range []struct {
		name, code, a string
		i             int
		b             string
		j             int
		want          bool
	}{
		{"tuesday lies from monday to friday", "en", "tuesday", 0, "monday to friday", 0, true},
		{"tuesday lies from the other end too", "en", "tuesday", 0, "monday to friday", 2, true},
		{"sunday lies outside monday to friday", "en", "sunday", 0, "monday to friday", 0, false},
		{"and lists two days, no range", "en", "tuesday", 0, "monday and friday", 0, false},
		{"tot en met joins a range", "nl", "woensdag", 0, "maandag tot en met vrijdag", 0, true},
		{"au joins a range", "fr", "jeudi", 0, "du lundi au vendredi", 1, true},
		{"et lists two days", "fr", "jeudi", 0, "lundi et vendredi", 0, false},
		{"bis joins a range of weekdays in any form", "de", "dienstags", 0, "montags bis freitags", 2, true},
		{"an unordered group has no range", "en", "optional", 0, "required to recommended", 0, false},
	} {
		got := get(t, c.code).WithinRange(strings.Fields(c.a), c.i, strings.Fields(c.b), c.j)
		if got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}
