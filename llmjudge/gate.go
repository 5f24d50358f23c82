package llmjudge

import (
	"context"
	"sync"
)

// gate gives out the budget of judgments in the order of the records
// (their sequence numbers in the stream, from 0): a record's citations in
// the band take the next slots once every earlier record has taken its
// own. So which citations are judged depends on the input and the budget,
// never on which worker audits what first. Every sequence number must
// reserve once (0 slots for a record with nothing to judge).
type gate struct {
	mu      sync.Mutex
	next    int           // the sequence number whose turn it is
	used    int           // slots given out
	max     int           // the budget; < 0: none
	early   map[int]int   // reservations waiting for their turn: seq → slots wanted
	granted map[int]int   // seq → slots given, for the waiting reserver
	turn    chan struct{} // closed and replaced at every turn taken
}

func newGate(budget int) *gate {
	return &gate{max: budget, early: map[int]int{}, granted: map[int]int{}, turn: make(chan struct{})}
}

// reserve asks for n slots for record seq and returns how many it gets,
// the first of them counted from 0 in the run's order.
func (g *gate) reserve(ctx context.Context, seq, n int) (int, error) {
	g.mu.Lock()
	g.early[seq] = n
	g.advance()
	for {
		if got, ok := g.granted[seq]; ok {
			delete(g.granted, seq)
			g.mu.Unlock()
			return got, nil
		}
		turn := g.turn
		g.mu.Unlock()
		select {
		case <-turn:
		case <-ctx.Done():
			return 0, ctx.Err()
		}
		g.mu.Lock()
	}
}

// advance gives out the slots of every record whose turn has come.
func (g *gate) advance() {
	moved := false
	for {
		n, ok := g.early[g.next]
		if !ok {
			break
		}
		delete(g.early, g.next)
		got := n
		if g.max >= 0 {
			got = min(n, max(g.max-g.used, 0))
		}
		g.used += got
		g.granted[g.next] = got
		g.next++
		moved = true
	}
	if moved {
		close(g.turn)
		g.turn = make(chan struct{})
	}
}
