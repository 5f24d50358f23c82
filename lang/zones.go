package lang

import (
	"fmt"
	"strings"
)

// readZones reads [time-zones] of the language and of common: "ZONE =
// phrase; phrase", each phrase a zone's name as the audit's normalised
// words give it ("uk time", "hora peninsular", "cet"). Zones that may be
// the same hour are one zone ("gmt" and "uk time"), so only zones that
// never agree oppose.
func (l *Language) readZones(t, common *table) error {
	l.zones = map[string][]zonePhrase{}
	for _, tt := range []*table{common, t} {
		err := entries(tt, "time-zones", func(zone, f string) error {
			var ws []string
			for w := range strings.FieldsSeq(f) {
				if rest := l.StripElision(w); rest != w {
					ws = append(ws, w[:len(w)-len(rest)], l.Normalize(rest))
				} else {
					ws = append(ws, l.Normalize(w))
				}
			}
			if len(ws) == 0 || ws[0] == "" {
				return fmt.Errorf("%q: no word", f)
			}
			l.zones[ws[0]] = append(l.zones[ws[0]], zonePhrase{zone, ws})
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

type zonePhrase struct {
	zone  string
	words []string
}

// ZoneAt returns the time zone a phrase of [time-zones] names at ws[i]
// (normalised words) and its length in words, the longest; "", 0 for
// none.
func (l *Language) ZoneAt(ws []string, i int) (zone string, n int) {
	for _, p := range l.zones[ws[i]] {
		if len(p.words) > n && i+len(p.words) <= len(ws) && equalWords(ws[i:], p.words) {
			zone, n = p.zone, len(p.words)
		}
	}
	return zone, n
}
