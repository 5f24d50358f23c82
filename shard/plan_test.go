package shard

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/store"
)

func inputs(sizes ...int64) []store.Info {
	var out []store.Info
	for i, s := range sizes {
		out = append(out, store.Info{Name: fmt.Sprintf("s3://logs/day=%02d/part.jsonl.gz", len(sizes)-i), Size: s, ETag: fmt.Sprintf(`"e%d"`, i)})
	}
	return out
}

func TestPlanSortsPinsAndBalances(t *testing.T) {
	p, err := NewPlan("ragaudit test", inputs(10, 90, 40, 50, 10), 2, "size", nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, u := range p.Units {
		if u.I != i || i > 0 && p.Units[i-1].URL >= u.URL {
			t.Fatalf("units not in name order: %+v", p.Units)
		}
	}
	load := make([]int64, 2)
	for _, u := range p.Units {
		load[u.Shard] += u.Size
	}
	if load[0] != 100 || load[1] != 100 {
		t.Errorf("loads %v, want the largest first to the least loaded: 100 and 100", load)
	}
	back, err := ReadPlan("plan.json", p.Encode())
	if err != nil || back.ID != p.ID || len(back.Pins()) != 5 {
		t.Fatalf("read back: %v %+v", err, back)
	}
	edited := strings.Replace(string(p.Encode()), `"size": 90`, `"size": 91`, 1)
	if _, err := ReadPlan("plan.json", []byte(edited)); err == nil || !strings.Contains(err.Error(), "does not match its id") {
		t.Errorf("an edited plan: %v", err)
	}
	if _, err := NewPlan("t", append(inputs(1), inputs(1)...), 2, "size", nil); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("a name twice: %v", err)
	}
}

// Hash balance is stable as files are added: a unit keeps its shard.
func TestHashBalanceKeepsUnitsWhereTheyWere(t *testing.T) {
	a, _ := NewPlan("t", inputs(1, 2, 3), 4, "hash", nil)
	b, _ := NewPlan("t", append(inputs(1, 2, 3), store.Info{Name: "s3://logs/day=99/x", Size: 5}), 4, "hash", nil)
	at := map[string]int{}
	for _, u := range b.Units {
		at[u.URL] = u.Shard
	}
	for _, u := range a.Units {
		if at[u.URL] != u.Shard {
			t.Errorf("%s moved from shard %d to %d", u.URL, u.Shard, at[u.URL])
		}
	}
}
