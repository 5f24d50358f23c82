package audit

import (
	"strconv"
	"strings"

	"github.com/ragaudit/ragaudit/readers"
)

// resolvedByEarlierTurn: the citation matched no chunk of its own turn's
// retrieval but one retrieved earlier in the same conversation ("as
// mentioned, … [kb-warranty]"); the chunk is judged as if retrieved again.
const resolvedByEarlierTurn = "earlier_turn"

// earlierTurns are the messages before the one audited, whose retrievals
// a citation that names no chunk of its own turn resolves against.
type earlierTurns struct {
	msgs []readers.Message
	ids  map[int]*resolver // per message index, built on first use
	// added maps (message, chunk) to the chunk's index in the audited
	// message's grown retrieval: a chunk cited twice is measured once.
	added map[[2]int]int
}

// crossesTurns reports whether a citation may name a chunk of an earlier
// turn: an id, a case-folded id or a source name, never a position. Ids
// that are bare numbers ("1", "doc3", "ID:2") restart with each turn's
// retrieval, so [3] in turn 11 is not the "3" of turn 1.
func crossesTurns(rule ResolveRule, id string) bool {
	if rule == ResolvePosition || rule == ResolvePosition0 {
		return false
	}
	if _, zeroForm := cutPrefixFold(id, "id:"); zeroForm {
		return false
	}
	_, err := strconv.Atoi(strings.TrimPrefix(id, "doc"))
	return err != nil
}

// fromEarlierTurn resolves a citation that named no chunk of its own
// turn (idx notRetrieved or notLogged) against the earlier turns, the
// latest first, by the rules of its own turn (id, id case, source). The
// chunk found is appended to the message's retrieval; idx and by are
// returned unchanged when none is found.
func (m *messageAudit) fromEarlierTurn(id string, idx int, by string) (int, string) {
	// A turn that retrieved nothing of its own, or logs no retrieval (a
	// follow-up logged without the key), numbers nothing: a bare number
	// in it is a position in the latest earlier retrieval, the last the
	// model saw numbered. One naming no chunk there stays not auditable
	// where the turn logs none.
	latestOnly := !crossesTurns(m.rule, id)
	if latestOnly && len(m.own) > 0 {
		return idx, by
	}
	e := &m.earlier
	for mi := len(e.msgs) - 1; mi >= 0; mi-- {
		msg := e.msgs[mi]
		if msg.Role != "assistant" || len(msg.Retrieval) == 0 {
			continue
		}
		if e.ids == nil {
			e.ids, e.added = map[int]*resolver{}, map[[2]int]int{}
		}
		r := e.ids[mi]
		if r == nil {
			nr := newResolver(msg.Retrieval)
			r = &nr
			e.ids[mi] = r
		}
		k, how := r.resolve(m.rule, id)
		if latestOnly && k < 0 {
			return idx, by
		}
		if k < 0 || how == string(ResolvePosition) && !latestOnly {
			continue
		}
		key := [2]int{mi, k}
		if i, ok := e.added[key]; ok {
			return i, resolvedByEarlierTurn
		}
		if len(m.msg.Retrieval) == len(m.own) { // copy: the record's own slice stays as logged
			m.msg.Retrieval = append(make([]readers.Chunk, 0, len(m.own)+1), m.own...)
		}
		m.msg.Retrieval = append(m.msg.Retrieval, msg.Retrieval[k])
		e.added[key] = len(m.msg.Retrieval) - 1
		return len(m.msg.Retrieval) - 1, resolvedByEarlierTurn
	}
	return idx, by
}

// latestRetrieval is the retrieval of the latest earlier answer that
// logged chunks (nil when none did).
func (e *earlierTurns) latestRetrieval() []readers.Chunk {
	for i := len(e.msgs) - 1; i >= 0; i-- {
		if e.msgs[i].Role == "assistant" && len(e.msgs[i].Retrieval) > 0 {
			return e.msgs[i].Retrieval
		}
	}
	return nil
}

// question is the text of the last user message before the audited one:
// what the answer answers ("" when none).
func (e *earlierTurns) question() string {
	for i := len(e.msgs) - 1; i >= 0; i-- {
		if e.msgs[i].Role == "user" {
			return e.msgs[i].Content
		}
	}
	return ""
}
