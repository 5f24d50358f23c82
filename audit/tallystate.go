package audit

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"time"
)

// A unit of an audit (one input file or object) is tallied on its own and
// folded into the run's tally in unit order: the one-machine run and the
// merge of a sharded run are the same fold (package shard). A unit's tally
// keeps every group name it met, in order, so that the fold applies the
// caps as one stream would; the run's tally caps them as before.

// MaxUnitGroups bounds the distinct tenants, agents or days one unit may
// name: the unit's tally keeps them all (the caps apply only when units
// are folded), and past this bound a unit is refused, to be split.
const MaxUnitGroups = 1 << 20

// TallyState is a unit's tally as written into its state: sums, the
// distinct conversation ids (their hashes, or the registers past the exact
// bound), every group in order of first appearance, the period and the
// score histogram.
type TallyState struct {
	Counts        Counts        `json:"counts"`
	Conversations DistinctState `json:"conversations"`
	Tenants       []Group       `json:"tenants"`
	Agents        []Group       `json:"agents"`
	Days          []Group       `json:"days"`
	// Overflow names the group kind past MaxUnitGroups, if any.
	Overflow  string           `json:"overflow,omitempty"`
	First     *time.Time       `json:"first,omitempty"`
	Last      *time.Time       `json:"last,omitempty"`
	Histogram map[string][]int `json:"histogram"`
}

// DistinctState is a distinct counter: the hashes while exact, else the
// HyperLogLog registers.
type DistinctState struct {
	Hashes    []uint64 `json:"hashes,omitempty"`
	Registers []byte   `json:"registers,omitempty"`
}

// NewUnitTally returns the tally of one unit: its groups are not capped
// (up to MaxUnitGroups), so that State can hand every name to the fold.
func NewUnitTally() *Tally {
	t := NewTally()
	for _, g := range []*groupSet{t.tenants, t.agents, t.days} {
		g.max = MaxUnitGroups
	}
	return t
}

// State returns the unit's tally for its state.
func (t *Tally) State() *TallyState {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := &TallyState{Counts: t.c, Conversations: t.convs.state(), Histogram: t.hist}
	s.Counts.Conversations, s.Counts.ConversationsEstimated = 0, false
	for _, k := range []struct {
		set  *groupSet
		into *[]Group
		name string
	}{{t.tenants, &s.Tenants, "tenants"}, {t.agents, &s.Agents, "agents"}, {t.days, &s.Days, "days"}} {
		*k.into = make([]Group, 0, len(k.set.order))
		for _, name := range k.set.order {
			*k.into = append(*k.into, *k.set.named[name])
		}
		if k.set.other != nil && s.Overflow == "" {
			s.Overflow = k.name
		}
	}
	if !t.first.IsZero() {
		first, last := t.first, t.last
		s.First, s.Last = &first, &last
	}
	return s
}

// Fold adds a unit's tally to t, as if the unit's records had been added
// after those already counted: sums add up, distinct ids unite, groups are
// met in the unit's order (so the caps fall where one stream puts them).
func (t *Tally) Fold(s *TallyState) error {
	if s.Overflow != "" {
		return fmt.Errorf("more than %d distinct %s in one input: split it into smaller files", MaxUnitGroups, s.Overflow)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	addCounts(&t.c, &s.Counts)
	t.convs.fold(s.Conversations)
	for _, k := range []struct {
		set *groupSet
		gs  []Group
	}{{t.tenants, s.Tenants}, {t.agents, s.Agents}, {t.days, s.Days}} {
		for _, g := range k.gs {
			into := k.set.get(g.Name)
			into.Citations += g.Citations
			into.Supported += g.Supported
		}
	}
	if s.First != nil && (t.first.IsZero() || s.First.Before(t.first)) {
		t.first = *s.First
	}
	if s.Last != nil && s.Last.After(t.last) {
		t.last = *s.Last
	}
	for v, bins := range s.Histogram {
		into := t.hist[v]
		if into == nil {
			into = make([]int, histogramBins)
			t.hist[v] = into
		}
		for i := range min(len(bins), len(into)) {
			into[i] += bins[i]
		}
	}
	return nil
}

// addCounts adds every count of from to into, whatever fields Counts
// gains: ints add up, maps of ints add up by key; the conversations are
// counted by the distinct counter, not added.
func addCounts(into, from *Counts) {
	iv, fv := reflect.ValueOf(into).Elem(), reflect.ValueOf(from).Elem()
	for i := range iv.NumField() {
		f, name := iv.Field(i), iv.Type().Field(i).Name
		switch {
		case name == "Conversations" || name == "ConversationsEstimated":
		case f.Kind() == reflect.Int:
			f.SetInt(f.Int() + fv.Field(i).Int())
		case f.Kind() == reflect.Map && f.Type().Key().Kind() == reflect.String && f.Type().Elem().Kind() == reflect.Int:
			if f.IsNil() {
				f.Set(reflect.MakeMap(f.Type()))
			}
			iter := fv.Field(i).MapRange()
			for iter.Next() {
				sum := iter.Value().Int()
				if old := f.MapIndex(iter.Key()); old.IsValid() {
					sum += old.Int()
				}
				f.SetMapIndex(iter.Key(), reflect.ValueOf(int(sum)))
			}
		default:
			panic("audit.Counts." + name + " is neither an int nor a map of ints: say in addCounts how units add it up")
		}
	}
}

// state returns the counter's hashes (sorted, so a state's bytes do not
// depend on map order) or registers.
func (d *distinctCounter) state() DistinctState {
	if d.regs != nil {
		return DistinctState{Registers: slices.Clone(d.regs)}
	}
	return DistinctState{Hashes: slices.Sorted(maps.Keys(d.exact))}
}

// fold unites another counter's ids with d's: the union of the sets (past
// the exact bound, registers), or the registers' maximum. Either way the
// result is what one counter fed every id would hold.
func (d *distinctCounter) fold(s DistinctState) {
	if s.Registers == nil {
		for _, h := range s.Hashes {
			d.add(h)
		}
		return
	}
	if d.regs == nil {
		d.regs = make([]uint8, 1<<hllBits)
		for x := range d.exact {
			d.addReg(x)
		}
		d.exact = nil
	}
	for i, r := range s.Registers {
		if i < len(d.regs) && r > d.regs[i] {
			d.regs[i] = r
		}
	}
}
