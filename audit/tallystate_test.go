package audit

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// Units tallied on their own and folded in order give the tally of one
// stream of all their records: sums, the distinct conversations (exact
// and past the exact bound), the groups with their caps, the period.
func TestFoldedUnitsTallyAsOneStream(t *testing.T) {
	day := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	rec := func(i int) *Result {
		v := Supported
		if i%3 == 0 {
			v = Unsupported
		}
		r := citation(fmt.Sprintf("t%05d", i%(MaxTenantGroups+400)), fmt.Sprintf("a%d", i%7), day.Add(time.Duration(i)*time.Hour), v)
		r.Record.ConversationID = fmt.Sprintf("c%d", i%(exactDistinct+5000)) // past the exact bound, ids recur
		return r
	}
	const n = exactDistinct + 9000
	one := NewTally()
	for i := range n {
		one.Add(rec(i))
	}
	cuts := []int{0, 10, 1500, 70000, exactDistinct + 100, n}
	folded := NewTally()
	for k := 1; k < len(cuts); k++ {
		u := NewUnitTally()
		for i := cuts[k-1]; i < cuts[k]; i++ {
			u.Add(rec(i))
		}
		b, _ := json.Marshal(u.State()) // as a shard writes it
		var s TallyState
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		if err := folded.Fold(&s); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := one.Counts(), folded.Counts(); !reflect.DeepEqual(a, b) {
		t.Errorf("counts:\n%+v\n%+v", a, b)
	}
	for name, f := range map[string]func(*Tally) []Group{"tenants": (*Tally).Tenants, "agents": (*Tally).Agents, "days": (*Tally).Days} {
		if a, b := f(one), f(folded); !reflect.DeepEqual(a, b) {
			t.Errorf("%s differ (%d and %d groups)", name, len(a), len(b))
		}
	}
	if a1, a2 := one.Period(); true {
		if b1, b2 := folded.Period(); a1 != b1 || a2 != b2 {
			t.Errorf("period %s–%s, folded %s–%s", a1, a2, b1, b2)
		}
	}
	if c := one.Counts(); !c.ConversationsEstimated {
		t.Errorf("the test does not pass the exact bound (%d conversations)", c.Conversations)
	}
}

// A unit naming more tenants than a unit may keep is refused, to be
// split, rather than folded with its names lost.
func TestAUnitOfTooManyNamesIsRefused(t *testing.T) {
	u := NewUnitTally()
	u.tenants.max = 3 // as if MaxUnitGroups were 3
	for i := range 4 {
		u.Add(citation(fmt.Sprint(i), "a", time.Time{}, Supported))
	}
	if err := NewTally().Fold(u.State()); err == nil {
		t.Errorf("folded a unit past its bound of names")
	}
}

// Every field of Counts adds up when units fold, including fields added
// after the fold was written (a count the fold forgot would read 0 in
// every report, one machine's too).
func TestEveryCountAddsUp(t *testing.T) {
	var one, two Counts
	v := reflect.ValueOf(&one).Elem()
	for i := range v.NumField() {
		switch f := v.Field(i); f.Kind() {
		case reflect.Int:
			f.SetInt(int64(i + 1))
		case reflect.Map:
			f.Set(reflect.MakeMap(f.Type()))
			f.SetMapIndex(reflect.ValueOf("k"), reflect.ValueOf(i+1))
		}
	}
	addCounts(&two, &one)
	addCounts(&two, &one)
	w := reflect.ValueOf(two)
	for i := range w.NumField() {
		name := w.Type().Field(i).Name
		switch f := w.Field(i); {
		case name == "Conversations" || name == "ConversationsEstimated":
		case f.Kind() == reflect.Int && f.Int() != int64(2*(i+1)):
			t.Errorf("%s = %d, want %d", name, f.Int(), 2*(i+1))
		case f.Kind() == reflect.Map && f.MapIndex(reflect.ValueOf("k")).Int() != int64(2*(i+1)):
			t.Errorf("%s[k] = %v, want %d", name, f.MapIndex(reflect.ValueOf("k")), 2*(i+1))
		}
	}
}

// Two tenants' bots may number their conversations alike: a conversation
// is counted by its tenant and id.
func TestAConversationIsItsTenants(t *testing.T) {
	day := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	tally := NewTally()
	for _, tenant := range []string{"acme", "globex", "acme"} {
		r := citation(tenant, "bot", day, Supported)
		r.Record.ConversationID = "c-1"
		tally.Add(r)
	}
	if got := tally.Counts().Conversations; got != 2 {
		t.Errorf("%d conversations, want 2 (c-1 of acme twice, c-1 of globex)", got)
	}
}
