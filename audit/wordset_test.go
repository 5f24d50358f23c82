package audit

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/embed"
	"github.com/ragaudit/ragaudit/eval/overlap"
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
		var sl slab[uint64]
		for _, u := range []wordSet{unionSets(nil, s, other, wordSet{}), unionSets(&sl, s, other, wordSet{})} {
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
}

// TestCachedWindowVectorsMatchEmbedder holds the shortcut of newEvidence
// with an additive embedder (window vectors and word ids from per-word
// cached tokens) to what Auditor.embed computes from the windows' text:
// bit for bit, on every text of the dev sets and on awkward ones.
func TestCachedWindowVectorsMatchEmbedder(t *testing.T) {
	g, err := embed.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	texts := append(sharedTexts(t),
		"Don't wait: it's the customer's right. They won't pay [1]. We'll see; O'Brien's shan't.",
		"Rock'n'roll — don’t, can’t, it’s; e-mail well-known 'quoted' words' ’tis", "ȺȺȺ's plan\ncosts €5.\n\nNew line.",
		"invalid \xff\xfe utf-8. Sentence two! And three? Yes.", "U.S. trip e.g. at 3 p.m. cost $1,200.50 (20%).", "'", "’s", "")
	check := evidenceChecker(t, g)
	for _, text := range texts {
		check(t, text)
	}
}

// evidenceChecker returns a check that the evidence of a text built with
// cached tokens equals the one embedded from its windows' text.
func evidenceChecker(tb testing.TB, g *embed.Glove) func(testing.TB, string) {
	cached := newWordCache()
	cached.te, cached.we = g, g
	plain := newWordCache()
	plain.content = true // embedded from the text, as by an embedder of word ids alone
	a := &Auditor{embedder: g}
	return func(t testing.TB, text string) {
		got := newEvidence(text, cached, english)
		want := newEvidence(text, plain, english)
		if err := a.embed(context.Background(), nil, []*evidence{want}); err != nil {
			t.Fatal(err)
		}
		if len(got.vecs) != len(want.vecs) {
			t.Fatalf("%q: %d window vectors, want %d", text, len(got.vecs), len(want.vecs))
		}
		for i := range want.vecs {
			if !slices.Equal(got.vecs[i], want.vecs[i]) {
				t.Fatalf("%q window %d: vectors differ", text, i)
			}
		}
		if !slices.Equal(got.wids, want.wids) {
			t.Fatalf("%q: word ids %v, want %v", text, got.wids, want.wids)
		}
		// The rule's words, from the raw words' cache, are the rule's.
		var rule []uint64
		overlap.Words(text, func(w string) { rule = append(rule, hashWord(w)) })
		for _, h := range rule {
			if !got.plainWords.has(h) {
				t.Fatalf("%q: a word of the rule is not among the evidence's", text)
			}
		}
		n := 0
		got.plainWords.each(func(uint64) { n++ })
		if slices.Sort(rule); n != len(slices.Compact(rule)) {
			t.Fatalf("%q: %d words of the rule in the evidence, want %d", text, n, len(rule))
		}
	}
}

// FuzzEvidence checks the same on arbitrary text (and that building
// evidence never panics).
func FuzzEvidence(f *testing.F) {
	for _, s := range []string{"Don't wait: it's O'Brien's. Next one! ’tis", "a\n\nb. C", "invalid \xff. X"} {
		f.Add(s)
	}
	g, err := embed.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	check := evidenceChecker(f, g)
	f.Fuzz(func(t *testing.T, text string) { check(t, text) })
}

func TestWordCacheIsBounded(t *testing.T) {
	c := newWordCache()
	long := strings.Repeat("Refund", 20) // 120 bytes: derived, not kept
	if w := c.info(long); w.norm != strings.ToLower(long) {
		t.Errorf("long word normalised to %q", w.norm)
	}
	if c.n != 0 {
		t.Errorf("a %d-byte word was cached", len(long))
	}
	for i := range maxCachedWords + 10 {
		c.info(fmt.Sprintf("w%d", i))
	}
	if c.n > maxCachedWords || len(c.slots) > 2*maxCachedWords {
		t.Errorf("cache holds %d words in %d slots, bound %d", c.n, len(c.slots), maxCachedWords)
	}
	// What it returns does not depend on what it holds.
	if a, b := c.info("Refunds"), newWordCache().info("Refunds"); a.norm != b.norm || a.stem != b.stem || !slices.Equal(a.grams, b.grams) {
		t.Errorf("cached %+v, fresh %+v", a, b)
	}
}

// TestSlab checks that a slab's slices are zeroed, do not overlap until
// reset, are reused after it, and that it holds at most slabMax elements.
func TestSlab(t *testing.T) {
	block, most := (*slab[uint64])(nil).limits()
	for _, sizes := range [][]int{
		{1, 2, 3},
		{block - 1, 2, block},             // the second does not fit the first block
		{block * 3, 5},                    // one block larger than a block
		{most / 2, most / 2, most / 2, 7}, // past the bound: from the heap
	} {
		var s slab[uint64]
		for round := range 2 {
			var got [][]uint64
			for _, n := range sizes {
				v := s.alloc(n)
				if len(v) != n || cap(v) != n {
					t.Fatalf("%v: alloc(%d) has len %d cap %d", sizes, n, len(v), cap(v))
				}
				for i, x := range v {
					if x != 0 {
						t.Fatalf("%v round %d: alloc(%d)[%d] = %d, not zeroed", sizes, round, n, i, x)
					}
				}
				for i := range v {
					v[i] = uint64(len(got) + 1)
				}
				got = append(got, v)
			}
			for k, v := range got { // no later slice wrote over an earlier one
				if slices.ContainsFunc(v, func(x uint64) bool { return x != uint64(k+1) }) {
					t.Fatalf("%v round %d: slice %d overwritten", sizes, round, k)
				}
			}
			if s.held > most {
				t.Fatalf("%v: slab holds %d elements", sizes, s.held)
			}
			held := s.held
			s.reset()
			if round == 1 && held != s.held {
				t.Fatalf("%v: the second round grew the slab from %d to %d", sizes, held, s.held)
			}
		}
	}
	var none *slab[float32]
	if v := none.alloc(4); len(v) != 4 {
		t.Fatalf("nil slab: alloc(4) has len %d", len(v))
	}
}

// TestWordCacheFindsWhatItHolds checks lookups across the table's growth:
// every word gets its own entry, found again on the next lookup.
func TestWordCacheFindsWhatItHolds(t *testing.T) {
	c := newWordCache()
	words := make([]string, 5000)
	for i := range words {
		words[i] = fmt.Sprintf("Word%d", i)
	}
	first := make([]*wordInfo, len(words))
	for i, w := range words {
		first[i] = c.info(w)
	}
	for i, w := range words {
		if got := c.info(w); got != first[i] || got.norm != strings.ToLower(w) {
			t.Fatalf("%q: entry %p (%q), first %p", w, got, got.norm, first[i])
		}
	}
	if c.n != len(words) {
		t.Errorf("cache holds %d words, want %d", c.n, len(words))
	}
}

// TestIDSet checks that the set forgets its ids at each reset, also when
// its generation wraps, and grows for a larger use.
func TestIDSet(t *testing.T) {
	var s idSet
	for round, ids := range [][]int32{
		{1, 2, 1, 3, 2},
		{2, 2, 4, 64, 128, 0},
		{5},
	} {
		if round == 2 {
			s.gen = ^uint32(0) // the next reset wraps
		}
		s.reset(len(ids))
		seen := map[int32]bool{}
		for _, id := range ids {
			if got, want := s.add(id), !seen[id]; got != want {
				t.Errorf("round %d: add(%d) = %v, want %v", round, id, got, want)
			}
			seen[id] = true
		}
	}
	s.reset(1000)
	for i := range int32(1000) {
		if !s.add(i * 64) {
			t.Fatalf("add(%d) not new", i*64)
		}
	}
}
