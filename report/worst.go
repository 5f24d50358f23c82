package report

import (
	"container/heap"
	"slices"

	"github.com/ragaudit/ragaudit/audit"
)

// WorstShown is how many failing findings the text summary lists.
const WorstShown = 10

// Flagged is one failing finding as people see it first: where it is,
// what failed and why, in words.
type Flagged struct {
	Source         string `json:"source"`
	ConversationID string `json:"conversation_id"`
	Place          string `json:"place"` // "sentence 3", "turn 2, sentence 3" (Place)
	Marker         string `json:"marker"`
	Verdict        string `json:"verdict"`
	Reason         string `json:"reason"`
}

// worstList keeps the n worst failing findings seen (Worse order), with
// bounded memory.
type worstList struct {
	n     int
	seq   int
	items worstHeap
	kept  map[Flagged]bool // the flagged findings in items: a range [1-6] of six fabricated ids is listed once
}

type worstItem struct {
	f   Flagged
	key audit.Finding // what Worse compares (no slices kept but the reasons)
	seq int
}

// worstHeap is a max-heap of the kept items by Worse: its root is the
// least bad, the one to drop.
type worstHeap []worstItem

func (h worstHeap) Len() int { return len(h) }
func (h worstHeap) Less(i, j int) bool {
	return Worse(&h[j].key, &h[i].key, h[j].seq, h[i].seq)
}
func (h worstHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *worstHeap) Push(x any)   { *h = append(*h, x.(worstItem)) }
func (h *worstHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (w *worstList) add(f *audit.Finding, place Place) {
	w.seq++
	if Severity(f) == 0 {
		return
	}
	key := audit.Finding{Verdict: f.Verdict, Reasons: f.Reasons, SupportScore: f.SupportScore}
	if len(w.items) == w.n && !Worse(&key, &w.items[0].key, w.seq, w.items[0].seq) {
		return
	}
	fl := Flagged{Source: f.Source, ConversationID: f.ConversationID, Place: place.String(), Marker: f.Marker, Verdict: f.Verdict, Reason: Explain(f)}
	w.keep(fl, key, w.seq)
}

// keep keeps the n worst distinct flagged findings, each at its worst
// occurrence (a range [1-6] of six fabricated ids is listed once): the
// same list whether the findings come one by one or as units' lists.
func (w *worstList) keep(fl Flagged, key audit.Finding, seq int) {
	if w.kept == nil {
		w.kept = map[Flagged]bool{}
	}
	if w.kept[fl] {
		for i := range w.items {
			if it := &w.items[i]; it.f == fl {
				if Worse(&key, &it.key, seq, it.seq) {
					it.key, it.seq = key, seq
					heap.Fix(&w.items, i)
				}
				return
			}
		}
	}
	if len(w.items) == w.n {
		if !Worse(&key, &w.items[0].key, seq, w.items[0].seq) {
			return
		}
		delete(w.kept, heap.Pop(&w.items).(worstItem).f)
	}
	w.kept[fl] = true
	heap.Push(&w.items, worstItem{f: fl, key: key, seq: seq})
}

// list returns the kept findings, worst first.
func (w *worstList) list() []Flagged {
	items := slices.Clone(w.items)
	slices.SortFunc(items, func(a, b worstItem) int {
		if Worse(&a.key, &b.key, a.seq, b.seq) {
			return -1
		}
		return 1
	})
	out := make([]Flagged, len(items))
	for i, it := range items {
		out[i] = it.f
	}
	return out
}
