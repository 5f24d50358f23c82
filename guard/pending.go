package guard

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"
)

// pending holds the decisions waiting for a regenerated answer, bounded
// in number and each for at most ttl; an expired one is logged as such.
type pending struct {
	mu    sync.Mutex
	max   int
	ttl   time.Duration
	items map[string]pendingItem
	now   func() time.Time
}

type pendingItem struct {
	d       Decision
	expires time.Time
}

func newPending(max int, ttl time.Duration, now func() time.Time) *pending {
	return &pending{max: max, ttl: ttl, items: map[string]pendingItem{}, now: now}
}

// put holds d; false when the store is full.
func (p *pending) put(d Decision) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.items) >= p.max {
		return false
	}
	p.items[d.ID] = pendingItem{d: d, expires: p.now().Add(p.ttl)}
	return true
}

// take removes and returns the decision id names, if held and not expired.
func (p *pending) take(id string) (Decision, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	it, ok := p.items[id]
	if !ok {
		return Decision{}, false
	}
	delete(p.items, id)
	if p.now().After(it.expires) {
		p.items[id] = it // the sweep logs it
		return Decision{}, false
	}
	return it.d, true
}

// peekTenant is the tenant of a held decision.
func (p *pending) peekTenant(id string) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	it, ok := p.items[id]
	return it.d.Tenant, ok
}

// expired removes and returns the decisions past their time (all with
// all set), oldest first by id for a stable log.
func (p *pending) expired(all bool) []Decision {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	var out []Decision
	for id, it := range p.items {
		if all || now.After(it.expires) {
			out = append(out, it.d)
			delete(p.items, id)
		}
	}
	sortDecisions(out)
	return out
}

func (p *pending) len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.items)
}

func sortDecisions(ds []Decision) {
	slices.SortFunc(ds, func(a, b Decision) int { return strings.Compare(a.ID, b.ID) })
}

// sweep logs expired decisions every interval until ctx is done.
func (s *Server) sweep(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.expire(false)
		}
	}
}

// expire logs the expired pending decisions (all of them with all).
func (s *Server) expire(all bool) {
	for _, d := range s.pending.expired(all) {
		if err := s.g.Expire(context.Background(), d); err != nil {
			s.metrics.logError()
			s.logger.Error("decision log", "decision_id", d.ID, "err", err)
		}
		s.metrics.decision("guard", ActionExpired, s.label(d.Tenant), nil, 0)
	}
}
