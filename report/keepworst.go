package report

import (
	"container/heap"
	"slices"
)

// keepWorst keeps the n worst items offered, in memory bounded by n: a
// heap whose root is the least bad item kept, the one to drop when a worse
// one comes.
type keepWorst[T any] struct {
	n     int
	worse func(a, b *T) bool
	items []T
}

// admits reports whether x would be kept.
func (k *keepWorst[T]) admits(x *T) bool {
	return len(k.items) < k.n || k.worse(x, &k.items[0])
}

// add keeps x if it is among the n worst.
func (k *keepWorst[T]) add(x T) {
	if !k.admits(&x) {
		return
	}
	h := (*worstOrder[T])(k)
	if len(k.items) < k.n {
		heap.Push(h, x)
		return
	}
	k.items[0] = x
	heap.Fix(h, 0)
}

// sorted returns the kept items, worst first.
func (k *keepWorst[T]) sorted() []T {
	out := slices.Clone(k.items)
	slices.SortFunc(out, func(a, b T) int {
		if k.worse(&a, &b) {
			return -1
		}
		if k.worse(&b, &a) {
			return 1
		}
		return 0
	})
	return out
}

// worstOrder is keepWorst as a heap.Interface.
type worstOrder[T any] keepWorst[T]

func (h *worstOrder[T]) Len() int           { return len(h.items) }
func (h *worstOrder[T]) Less(i, j int) bool { return h.worse(&h.items[j], &h.items[i]) }
func (h *worstOrder[T]) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *worstOrder[T]) Push(x any)         { h.items = append(h.items, x.(T)) }
func (h *worstOrder[T]) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}
