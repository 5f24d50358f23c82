package audit

import "github.com/ragaudit/ragaudit/lang"

// insteadAlike reports whether the claim's q follows an "instead of"
// phrase ("14 € au lieu de 17 €") as the same value does in the chunk:
// the chunk's index leaves such a value out (it does not apply), and so
// the claim states it as the chunk does, not as its own.
func (ev *evidence) insteadAlike(c *claim, q quantity) bool {
	l, ok := lang.Get(c.tongue.code)
	if !ok || q.Start > len(c.plain) || !l.InsteadBefore(c.plain[:q.Start]) {
		return false
	}
	for _, p := range findQuantitiesIn(l, ev.scanned) {
		if sameValue(p, q) && l.InsteadBefore(ev.scanned[:p.Start]) {
			return true
		}
	}
	return false
}
