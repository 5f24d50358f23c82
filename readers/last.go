package readers

import (
	"container/heap"
	"sort"
)

// Latest keeps the records of the n most recent conversations of a stream,
// a conversation dated by its latest record (ties: the later record wins).
// Records of one conversation are grouped by id, so a log with one turn
// per line (the flat form) keeps conversations, not n turns. Memory is
// bounded by n conversations: one that drops out of the n most recent and
// resumes later comes back with its later turns only.
type Latest struct {
	n    int
	h    convHeap
	byID map[string]*conv
}

type conv struct {
	id     string
	newest Record // its most recent record: the conversation's date
	recs   []Record
	index  int // in the heap
}

// NewLatest keeps up to n conversations.
func NewLatest(n int) *Latest { return &Latest{n: n, byID: map[string]*conv{}} }

// Offer adds rec and returns how many records (rec or older ones) were
// dropped to stay within n conversations.
func (l *Latest) Offer(rec Record) (dropped int) {
	if c, ok := l.byID[rec.ConversationID]; ok {
		c.recs = append(c.recs, rec)
		if older(c.newest, rec) {
			c.newest = rec
			heap.Fix(&l.h, c.index)
		}
		return 0
	}
	if len(l.h) == l.n { // full: rec replaces the oldest conversation, if newer
		if l.n == 0 || older(rec, l.h[0].newest) {
			return 1
		}
		gone := heap.Pop(&l.h).(*conv)
		delete(l.byID, gone.id)
		dropped = len(gone.recs)
	}
	c := &conv{id: rec.ConversationID, newest: rec, recs: []Record{rec}}
	heap.Push(&l.h, c)
	l.byID[c.id] = c
	return dropped
}

// Records returns the kept records, oldest first.
func (l *Latest) Records() []Record {
	var out []Record
	for _, c := range l.h {
		out = append(out, c.recs...)
	}
	sort.Slice(out, func(i, j int) bool { return older(out[i], out[j]) })
	return out
}

func older(a, b Record) bool {
	if !a.Timestamp.Equal(b.Timestamp) {
		return a.Timestamp.Before(b.Timestamp)
	}
	return a.Seq < b.Seq
}

type convHeap []*conv

func (h convHeap) Len() int           { return len(h) }
func (h convHeap) Less(i, j int) bool { return older(h[i].newest, h[j].newest) }
func (h convHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *convHeap) Push(x any) {
	c := x.(*conv)
	c.index = len(*h)
	*h = append(*h, c)
}
func (h *convHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
