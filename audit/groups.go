package audit

import (
	"sort"
	"time"
)

// Caps on the groups of the summary. Each name past its cap (in input
// order) is counted in one group of the rest, so that logs with a distinct
// tenant per conversation keep the summary and the report small; the
// findings keep every name.
const (
	MaxTenantGroups = 1000
	MaxAgentGroups  = 1000
	MaxDayGroups    = 3660 // ten years of days
)

// Names of the groups that gather the names past a cap, and of the day
// group of conversations without a timestamp.
const (
	otherTenants = "(other tenants)"
	otherAgents  = "(other agents)"
	otherDays    = "(other days)"
	NoDate       = "(no date)"
)

// Group is the citation accuracy of one tenant, agent or day, or of the
// names past the cap (Other).
type Group struct {
	Name      string  `json:"name"`
	Citations int     `json:"citations"`
	Supported int     `json:"supported"`
	Accuracy  float64 `json:"citation_accuracy"`
	// Other marks the group of every name past the cap; Members is how
	// many distinct names it holds (estimated past 131,072).
	Other            bool `json:"other,omitempty"`
	Members          int  `json:"members,omitempty"`
	MembersEstimated bool `json:"members_estimated,omitempty"`
}

// Day is the day group of a conversation timestamp: its date as written
// in the log (its own UTC offset), or NoDate.
func Day(ts time.Time) string {
	if ts.IsZero() {
		return NoDate
	}
	return ts.Format("2006-01-02")
}

// groupSet counts citations by name: the first max names each in a group
// of their own, every later one in the other group. Memory is bounded by
// max and the distinct counter of the other group's names.
type groupSet struct {
	max        int
	otherName  string
	named      map[string]*Group
	order      []string // the named groups in order of first appearance (a unit's state replays it)
	other      *Group
	otherNames distinctCounter
}

func newGroupSet(max int, otherName string) *groupSet {
	return &groupSet{max: max, otherName: otherName, named: map[string]*Group{}}
}

func (s *groupSet) get(name string) *Group {
	if g, ok := s.named[name]; ok {
		return g
	}
	if len(s.named) < s.max {
		g := &Group{Name: name}
		s.named[name] = g
		s.order = append(s.order, name)
		return g
	}
	if s.other == nil {
		s.other = &Group{Name: s.otherName, Other: true}
	}
	s.otherNames.add(hashWord(name))
	return s.other
}

// list returns the named groups worst accuracy first, then the other
// group, if any.
func (s *groupSet) list() []Group {
	out := make([]Group, 0, len(s.named)+1)
	for _, g := range s.named {
		out = append(out, withAccuracy(*g))
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Accuracy != out[j].Accuracy {
			return out[i].Accuracy < out[j].Accuracy
		}
		return out[i].Name < out[j].Name
	})
	if s.other != nil {
		g := withAccuracy(*s.other)
		g.Members, g.MembersEstimated = s.otherNames.count()
		out = append(out, g)
	}
	return out
}

// byName returns the named groups in name order (days: date order), then
// the other group.
func (s *groupSet) byName() []Group {
	out := s.list()
	named := out
	if s.other != nil {
		named = out[:len(out)-1]
	}
	sort.Slice(named, func(i, j int) bool { return named[i].Name < named[j].Name })
	return out
}

func withAccuracy(g Group) Group {
	if g.Citations > 0 {
		g.Accuracy = float64(g.Supported) / float64(g.Citations)
	}
	return g
}
