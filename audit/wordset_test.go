package audit

import (
	"math/rand/v2"
	"testing"
)

func TestWordSetAgreesWithAMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 7, 100, 1000} {
		var hs []uint64
		want := map[uint64]bool{}
		for range n {
			h := rng.Uint64()
			switch rng.IntN(10) {
			case 0:
				h = 0 // the empty-slot marker is a valid hash too
			case 1:
				if len(hs) > 0 {
					h = hs[rng.IntN(len(hs))] // repeats
				}
			}
			hs = append(hs, h)
			want[h] = true
		}
		s := newWordSet(hs)
		for h := range want {
			if !s.has(h) {
				t.Fatalf("n=%d: %x missing", n, h)
			}
		}
		for range 1000 {
			if h := rng.Uint64(); s.has(h) != want[h] {
				t.Fatalf("n=%d: has(%x) = %v", n, h, !want[h])
			}
		}
		if s.has(0) != want[0] {
			t.Fatalf("n=%d: has(0) = %v", n, s.has(0))
		}
		// A union holds exactly the members of its parts.
		other := newWordSet([]uint64{42, 43})
		u := unionSets(s, other, wordSet{})
		for h := range want {
			if !u.has(h) {
				t.Fatalf("n=%d: union lacks %x", n, h)
			}
		}
		if !u.has(42) || !u.has(43) || u.has(44) && !want[44] {
			t.Fatalf("n=%d: union of {42, 43} wrong", n)
		}
	}
}
