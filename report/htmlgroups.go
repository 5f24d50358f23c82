package report

import (
	"fmt"
	"html/template"

	"github.com/ragaudit/ragaudit/audit"
)

// SmallGroup is the number of citations under which a group's rate is
// marked as resting on a small sample: its interval is wider than about
// ±15 points.
const SmallGroup = 30

// dimension is one breakdown of the page (tenants, agents or days): its
// rows with their intervals, and the filter value of each name, so that a
// failing card and a breakdown row select the same cards.
type dimension struct {
	Key   string // "tenant", "agent" or "day": the filter's and the link's name
	Chart template.HTML
	Bar   float64
	Rows  []groupRow
	Extra []groupRow // names on failing cards that have no row (no cited sentence)
	Other *groupRow  // the group of the names past the cap, if any
	value map[string]string
}

// groupRow is a breakdown row: the group, its 95 % Wilson interval, and
// its value in the filter.
type groupRow struct {
	audit.Group
	Rate  audit.Rate
	Small bool
	Value string
}

func newDimension(key string, groups []audit.Group, bar float64) *dimension {
	d := &dimension{Key: key, Bar: bar, value: map[string]string{}}
	for i, g := range groups {
		r := groupRow{Group: g, Rate: audit.Wilson(g.Supported, g.Citations), Small: g.Citations < SmallGroup,
			Value: fmt.Sprintf("g%d", i)}
		if g.Other {
			r.Value = "other"
		} else {
			d.value[g.Name] = r.Value
		}
		d.Rows = append(d.Rows, r)
	}
	if n := len(d.Rows); n > 0 && d.Rows[n-1].Other { // the other group is last
		d.Other = &d.Rows[n-1]
	}
	if key == "day" {
		d.Chart = daysSVG(d.Rows, bar)
	} else {
		d.Chart = barsSVG(d.Rows, bar)
	}
	return d
}

// valueOf is the filter value of a name on a failing card: its row's, the
// other group's for a name past the cap, or a value of its own (listed in
// Extra) for a name without a cited sentence.
func (d *dimension) valueOf(name string) string {
	if v, ok := d.value[name]; ok {
		return v
	}
	if d.Other != nil {
		return d.Other.Value
	}
	v := fmt.Sprintf("x%d", len(d.Extra))
	d.value[name] = v
	d.Extra = append(d.Extra, groupRow{Group: audit.Group{Name: name}, Value: v})
	return v
}

// card is a failing card with its filter values.
type card struct {
	N                   int
	Failure             *Failure
	Tenant, Agent, Day  string
	Explain, ReasonList string
}
