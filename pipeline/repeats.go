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
// are audited and counted once, in the first record that held them. Some
// of these apps keep the retrieval on the newest answer alone: an answer
// logged without retrieval whose words, and those of every message
// before it, an earlier record held with its retrieval is that answer
// again (every earlier answer of the record being one too), not an
// answer with no retrieval logged.
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
	// h hashes the messages as audited; said only their roles and words,
	// for an answer re-logged with its retrieval dropped.
	var h, said hasher
	h.SetSeed(a.d.seed)
	said.SetSeed(a.d.seed)
	for _, x := range []*hasher{&h, &said} {
		x.str(r.ConversationID)
		x.str(r.Tenant)
	}
	said.num(1) // its keys are never an audited answer's
	prior, alike := 0, true
	for i := range r.Messages {
		m := &r.Messages[i]
		h.message(m)
		said.str(m.Role)
		said.str(m.Content)
		if m.Role != "assistant" {
			continue
		}
		k, ks := h.Sum64(), said.Sum64()
		_, seen := a.seen[k]
		_, heard := a.seen[ks]
		switch {
		case seen:
			prior = i + 1
		case alike && heard && m.NoRetrievalLogged:
			prior = i + 1 // re-logged without the retrieval it was audited with
			a.remember(k)
		default:
			alike = false
			a.remember(k)
		}
		if !m.NoRetrievalLogged {
			a.remember(ks)
		}
	}
	return prior
}

func (a *answersSeen) remember(k uint64) {
	if len(a.seen) < maxTrackedAnswers {
		a.seen[k] = struct{}{}
	}
}
