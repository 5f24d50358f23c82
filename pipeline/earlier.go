package pipeline

import (
	"fmt"
	"log/slog"
	"slices"

	"github.com/ragaudit/ragaudit/readers"
)

// earlierRecords holds, per conversation of a unit, the answers with
// retrieval of its earlier records, for logs of one turn per record (the
// flat form, or each turn logged alone): a later turn's "as mentioned,
// … [kb-warranty]" cites a chunk an earlier record retrieved, and is no
// fabrication. Records are read in input order, so what a record is
// given is the same for any number of workers; a record that holds its
// conversation's earlier turns itself (Record.Prior) is given nothing.
// Bounded: until a file shows a second record of a conversation, the
// latest fewEarlierConversations; then the latest maxEarlierConversations
// within maxEarlierBytes of chunk text. A conversation let go is
// remembered (as many as the answers' map holds), and a later record of
// it is counted and said once.
type earlierRecords struct {
	d      *duplicates // the seed
	held   map[uint64][]readers.Message
	order  []uint64 // the keys held, oldest first
	bytes  int
	gone   map[uint64]struct{} // conversations let go
	unheld int                 // records of a conversation let go
	said   bool
	turns  bool // a second record of a conversation was read: the log is one turn per record
}

const (
	fewEarlierConversations = 64
	maxEarlierConversations = 4096
	maxEarlierBytes         = 16 << 20
	maxEarlierAnswers       = 16 // per conversation, the latest
)

// attach gives r its conversation's earlier answers (Record.Earlier)
// and holds r's own for the records after it. The chunks are held as
// the record has them, not copied; their text is what maxEarlierBytes
// counts.
func (e *earlierRecords) attach(r *readers.Record) {
	if r.ConversationID == "" || r.Guardrail != nil {
		return
	}
	var h hasher
	h.SetSeed(e.d.seed)
	h.str(r.ConversationID)
	h.str(r.Tenant)
	key := h.Sum64()
	if e.held == nil {
		e.held, e.gone = map[uint64][]readers.Message{}, map[uint64]struct{}{}
	}
	had, ok := e.held[key]
	_, was := e.gone[key]
	if r.Prior == 0 && (ok || was) {
		e.turns = true
		if ok {
			r.Earlier = had
		} else {
			e.unheld++
		}
	}
	var own []readers.Message
	for _, m := range r.Messages {
		if m.Role == "assistant" && len(m.Retrieval) > 0 {
			own = append(own, readers.Message{Role: m.Role, Retrieval: m.Retrieval}) // its words are not needed
		}
	}
	if len(own) == 0 {
		return
	}
	// A new slice each time: records in flight keep the one they were given.
	all := slices.Concat(had, own)
	all = all[max(0, len(all)-maxEarlierAnswers):]
	e.bytes += answersSize(all) - answersSize(had)
	e.held[key] = all
	if !ok {
		e.order = append(e.order, key)
	}
	most := fewEarlierConversations
	if e.turns {
		most = maxEarlierConversations
	}
	for len(e.order) > 0 && (len(e.order) > most || e.bytes > maxEarlierBytes) {
		k := e.order[0]
		e.order = e.order[1:]
		e.bytes -= answersSize(e.held[k])
		delete(e.held, k)
		if len(e.gone) < maxTrackedAnswers {
			e.gone[k] = struct{}{}
		}
	}
}

func answersSize(msgs []readers.Message) int {
	n := 0
	for _, m := range msgs {
		for _, c := range m.Retrieval {
			n += len(c.ID) + len(c.Source) + len(c.Text)
		}
	}
	return n
}

// warn says, once, how many records came after their conversation's
// earlier turns were let go.
func (e *earlierRecords) warn(log *slog.Logger) {
	if e.unheld == 0 || e.said {
		return
	}
	e.said = true
	log.Warn("earlier turns no longer held", "records", e.unheld,
		"detail", fmt.Sprintf("these records' conversations began more conversations before them than are held (%d until the file shows a conversation over several records, then %d within %d MiB of chunks): a citation of a chunk only their earlier records retrieved counts as fabricated; log each conversation in one record, or keep its records close together", fewEarlierConversations, maxEarlierConversations, maxEarlierBytes>>20))
}
