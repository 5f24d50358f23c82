package audit

import (
	"fmt"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/readers"
)

// citation is an audited record of one citation of tenant and agent.
func citation(tenant, agent string, ts time.Time, verdict string) *Result {
	return &Result{Record: &readers.Record{ConversationID: tenant + agent, Tenant: tenant, Agent: agent, Timestamp: ts},
		Findings: []Finding{{Tenant: tenant, Agent: agent, Verdict: verdict, ResolvedBy: "id"}}}
}

func TestGroupsPastTheCapAreCountedTogether(t *testing.T) {
	tl := NewTally()
	n := MaxTenantGroups + 250
	for i := range n {
		v := Supported
		if i%2 == 1 {
			v = Unsupported
		}
		tl.Add(citation(fmt.Sprintf("t%05d", i), "bot", time.Time{}, v))
	}
	// The first tenant again, after the cap: still its own group.
	tl.Add(citation("t00000", "bot", time.Time{}, Supported))
	tenants := tl.Tenants()
	if len(tenants) != MaxTenantGroups+1 {
		t.Fatalf("%d tenant groups, want %d named and one other", len(tenants), MaxTenantGroups)
	}
	other := tenants[len(tenants)-1]
	if !other.Other || other.Name != otherTenants || other.Members != 250 || other.MembersEstimated {
		t.Errorf("the last group is %+v, want the other tenants with 250 members", other)
	}
	if other.Citations != 250 || other.Supported != 125 || other.Accuracy != 0.5 {
		t.Errorf("other tenants: %d supported of %d (%.3f), want 125 of 250", other.Supported, other.Citations, other.Accuracy)
	}
	total := 0
	for _, g := range tenants {
		total += g.Citations
		if g.Name == "t00000" && g.Citations != 2 {
			t.Errorf("t00000 has %d citations, want 2: a name seen before the cap stays its own group", g.Citations)
		}
		if !g.Other && g.Name >= fmt.Sprintf("t%05d", MaxTenantGroups) {
			t.Errorf("tenant %s past the cap has a group of its own", g.Name)
		}
	}
	if total != n+1 {
		t.Errorf("the groups hold %d citations, want all %d", total, n+1)
	}
	if agents := tl.Agents(); len(agents) != 1 || agents[0].Other {
		t.Errorf("one agent under the cap gives %+v", agents)
	}
}

func TestDaysAreInDateOrderWithTheOtherGroupLast(t *testing.T) {
	tl := NewTally()
	start := time.Date(2020, 1, 1, 12, 0, 0, 0, time.UTC)
	for i := MaxDayGroups + 9; i >= 0; i-- { // latest first: the cap keeps the first seen
		tl.Add(citation("acme", "bot", start.AddDate(0, 0, i), Supported))
	}
	tl.Add(citation("acme", "bot", time.Time{}, Unsupported))
	days := tl.Days()
	if len(days) != MaxDayGroups+1 {
		t.Fatalf("%d day groups, want %d and the other days", len(days), MaxDayGroups)
	}
	if last := days[len(days)-1]; !last.Other || last.Name != otherDays || last.Members != 11 {
		t.Errorf("last day group %+v, want the other days holding 11 (ten early days and the undated one)", last)
	}
	for i := 1; i < len(days)-1; i++ {
		if days[i-1].Name >= days[i].Name {
			t.Fatalf("days out of order: %s before %s", days[i-1].Name, days[i].Name)
		}
	}
}

func TestDayIsTheDateAsLogged(t *testing.T) {
	cases := []struct {
		name string
		ts   time.Time
		want string
	}{
		{"no timestamp is no date", time.Time{}, NoDate},
		{"a UTC timestamp gives its date", time.Date(2026, 5, 12, 23, 59, 0, 0, time.UTC), "2026-05-12"},
		{"an offset timestamp keeps its own date", time.Date(2026, 5, 12, 1, 0, 0, 0, time.FixedZone("", 2*3600)), "2026-05-12"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Day(tc.ts); got != tc.want {
				t.Errorf("Day(%v) = %q, want %q", tc.ts, got, tc.want)
			}
		})
	}
}
