package readers

import (
	"container/heap"
	"sort"
)

// Latest keeps the n most recent records of a stream by timestamp (ties:
// the later record wins), in memory bounded by n.
type Latest struct {
	n int
	h recordHeap
}

// NewLatest keeps up to n records.
func NewLatest(n int) *Latest { return &Latest{n: n} }

// Offer adds rec; it reports whether a record (rec or an older one) was
// dropped to stay within n.
func (l *Latest) Offer(rec Record) (dropped bool) {
	if len(l.h) < l.n {
		heap.Push(&l.h, rec)
		return false
	}
	if l.n == 0 || older(rec, l.h[0]) {
		return true
	}
	l.h[0] = rec
	heap.Fix(&l.h, 0)
	return true
}

// Records returns the kept records, oldest first.
func (l *Latest) Records() []Record {
	out := append([]Record(nil), l.h...)
	sort.Slice(out, func(i, j int) bool { return older(out[i], out[j]) })
	return out
}

func older(a, b Record) bool {
	if !a.Timestamp.Equal(b.Timestamp) {
		return a.Timestamp.Before(b.Timestamp)
	}
	return a.Seq < b.Seq
}

type recordHeap []Record

func (h recordHeap) Len() int           { return len(h) }
func (h recordHeap) Less(i, j int) bool { return older(h[i], h[j]) }
func (h recordHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *recordHeap) Push(x any)        { *h = append(*h, x.(Record)) }
func (h *recordHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
