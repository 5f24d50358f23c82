package pipeline

import "github.com/ragaudit/ragaudit/readers"

// Some apps log the whole conversation after every turn: the same
// conversation id in one record per turn, each holding every turn before
// it. Each answer would count once per later record (three records of a
// three-turn conversation: six answers). answersSeen recognises, within
// a unit as duplicates does, the answers an earlier record of the
// conversation already held: the same conversation and tenant, and the
// same messages up to and including the answer (so a conversation id
// reused for another conversation is not taken for one). Such answers
// are audited and counted once, in the first record that held them.
// Exact for the first maxTrackedAnswers answers of a unit, then it
// remembers no more: memory stays bounded, and later repeats are
// audited again, as before.
type answersSeen struct {
	d    *duplicates // the seed
	seen map[uint64]struct{}
}

// maxTrackedAnswers bounds the map to about 2 MB.
const maxTrackedAnswers = 1 << 17

// prior is how many leading messages of r an earlier record of its
// conversation held alike (readers.Record.Prior); it remembers r's
// answers for the records after it. A guard's decision is audited as
// served, and a record without a conversation id belongs to no
// conversation: neither is matched.
func (a *answersSeen) prior(r *readers.Record) int {
	if r.ConversationID == "" || r.Guardrail != nil {
		return 0
	}
	if a.seen == nil {
		a.seen = map[uint64]struct{}{}
	}
	var h hasher
	h.SetSeed(a.d.seed)
	h.str(r.ConversationID)
	h.str(r.Tenant)
	prior := 0
	for i := range r.Messages {
		h.message(&r.Messages[i])
		if r.Messages[i].Role != "assistant" {
			continue
		}
		k := h.Sum64()
		if _, ok := a.seen[k]; ok {
			prior = i + 1
		} else if len(a.seen) < maxTrackedAnswers {
			a.seen[k] = struct{}{}
		}
	}
	return prior
}
