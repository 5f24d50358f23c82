package pipeline

import (
	"slices"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// Some apps log the whole conversation after every turn: the same
// conversation id in one record per turn, each holding every turn before
// it. Each answer would count once per later record (three records of a
// three-turn conversation: six answers). answersSeen recognises, within
// a unit as duplicates does, the answers an earlier record of the
// conversation already held: the same conversation and tenant, and the
// same messages up to and including the answer (so a conversation id
// reused for another conversation is not taken for one). Such answers
// are audited and counted once, in the first record that held them and
// was not skipped. Some
// of these apps keep the retrieval on the newest answer alone: an answer
// logged without retrieval whose words, and those of every message
// before it, an earlier record held with its retrieval is that answer
// again (every earlier answer of the record being one too), not an
// answer with no retrieval logged.
// Exact for the first maxTrackedAnswers answers of a unit, then it
// remembers no more: memory stays bounded, and later repeats are
// audited again, as before.
// A record is read before the records ahead of it are audited, and one
// may yet be skipped (too many sentences): which answers were audited
// is settled in input order (settler), from the keys prior returns.
type answersSeen struct {
	d    *duplicates // the seed
	seen map[uint64]struct{}
	// asked holds the questions answered (the words of a conversation up
	// to an answer), for an answer given again otherwise (Regenerated):
	// kept apart, so that they take none of seen's room.
	asked map[uint64]struct{}
}

// maxTrackedAnswers bounds each map to about 2 MB.
const maxTrackedAnswers = 1 << 17

// repeats says, of one record, which answers it took for an earlier
// record's and which it leaves for later ones to take for its own.
type repeats struct {
	held  []heldAnswer // its answers before Prior an earlier record held
	owned []uint64     // the keys it remembered: its answers, for later records
}

// heldAnswer is an answer of the record taken for an earlier record's,
// and the key it was matched by.
type heldAnswer struct {
	message int
	key     uint64
}

// prior is how many leading messages of r an earlier record of its
// conversation held alike (readers.Record.Prior), and the keys of the
// answers involved; it remembers r's answers for the records after it.
// A guard's decision is audited as served (the conversation before it,
// Record.ContextMessages, is context), and a record without a
// conversation id belongs to no conversation: neither is matched.
func (a *answersSeen) prior(r *readers.Record) (int, *repeats) {
	if r.ConversationID == "" || r.Guardrail != nil {
		return r.ContextMessages(), nil // a decision's conversation before it: context, never its answers
	}
	if a.seen == nil {
		a.seen, a.asked = map[uint64]struct{}{}, map[uint64]struct{}{}
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
	rp := &repeats{}
	r.Regenerated = 0
	for i := range r.Messages {
		m := &r.Messages[i]
		var asked uint64 // of an answer: the words of the conversation before it
		if m.Role == "assistant" {
			asked = said.Sum64()
		}
		h.message(m)
		said.str(m.Role)
		said.str(m.Content)
		if m.Role != "assistant" {
			continue
		}
		k, ks := h.Sum64(), said.Sum64()
		_, seen := a.seen[k]
		_, heard := a.seen[ks]
		if _, answered := a.asked[asked]; answered && !seen && !heard {
			r.Regenerated++ // an earlier record answered the same question otherwise
		} else if !answered && len(a.asked) < maxTrackedAnswers {
			a.asked[asked] = struct{}{}
		}
		switch {
		case seen:
			prior = i + 1
			rp.held = append(rp.held, heldAnswer{i, k})
		case alike && heard && m.NoRetrievalLogged:
			prior = i + 1 // re-logged without the retrieval it was audited with
			rp.held = append(rp.held, heldAnswer{i, ks})
			a.remember(rp, k)
		default:
			alike = false
			a.remember(rp, k)
		}
		if !m.NoRetrievalLogged && !heard {
			a.remember(rp, ks)
		}
	}
	return prior, rp
}

func (a *answersSeen) remember(rp *repeats, k uint64) {
	if len(a.seen) < maxTrackedAnswers {
		a.seen[k] = struct{}{}
		rp.owned = append(rp.owned, k)
	}
}

// settler settles, in input order, which answers were audited. A record
// takes answers for an earlier record's when it is read, before that
// record's audit; if that record is then skipped, its answers were never
// audited, and the first record after it that holds them audits them
// (audited again with its Prior lowered). Settled in order, the outcome
// is the same for any number of workers.
type settler struct {
	lost map[uint64]struct{} // the keys of answers whose record was skipped
}

// settle takes res, the audit of the record prior gave rp for, in input
// order; reaudit audits a record again. A re-audit's answers before the
// record's first Prior are not sent to a judge: they keep the lexical
// verdict, as when the judge's budget is spent.
func (s *settler) settle(res *audit.Result, rp *repeats, reaudit func(*readers.Record) (audit.Result, error)) error {
	if rp == nil {
		return nil
	}
	if res.Skip != nil {
		s.lose(rp.owned)
		return nil
	}
	// from: the messages the earlier records audited, up to the first
	// answer lost (its question is audited with it).
	from, lost := 0, false
	var taken []uint64
	for _, h := range rp.held {
		if _, ok := s.lost[h.key]; ok {
			lost = true
		}
		if lost {
			taken = append(taken, h.key)
		} else {
			from = h.message + 1
		}
	}
	if !lost {
		return nil
	}
	rec := res.Record
	was := rec.Prior
	rec.Prior = from
	again, err := reaudit(rec)
	if err != nil {
		return err
	}
	if again.Skip != nil {
		*res = again
		s.lose(rp.owned)
		return nil
	}
	for _, k := range taken {
		delete(s.lost, k)
	}
	// From the old Prior on, keep the first audit's (a judge's answers
	// are in it).
	again.Answers = append(slices.DeleteFunc(again.Answers, func(a audit.Answer) bool { return a.MessageIndex >= was }), res.Answers...)
	again.Findings = append(slices.DeleteFunc(again.Findings, func(f audit.Finding) bool { return f.MessageIndex >= was }), res.Findings...)
	*res = again
	return nil
}

func (s *settler) lose(keys []uint64) {
	if s.lost == nil {
		s.lost = map[uint64]struct{}{}
	}
	for _, k := range keys {
		s.lost[k] = struct{}{}
	}
}
