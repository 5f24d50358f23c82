package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/readers"
)

// A citation may name more than one chunk: an id the retrieval logs
// twice, or a source ("[faq.md]") several chunks come from. Which one is
// meant the log does not say, so each is judged on its own, never the
// first silently:
//
//   - a source names a document, and its chunks are its parts: the
//     citation is supported when one of them supports the claim (the
//     best of them), unsupported when every one was checked and none
//     does, and not auditable, for the cause of the first not checked,
//     when none supports it and some could not be checked;
//   - an id should name one chunk: two texts under it are a fault of the
//     log, and the answer was given one of them. When the chunks with
//     text agree (all support the claim, or none does) that is the
//     verdict; when they disagree it cannot be told which was cited, and
//     the citation is not auditable (reasonDuplicateID). A chunk without
//     text under the id supports nothing and decides nothing.

// chooseChunks sets the chunk each citation of a claim is judged against
// when it names several (pair.names), and marks an id whose chunks
// disagree (pair.conflict).
func (m *messageAudit) chooseChunks(c *claim, pairs []pair, tenant string) {
	for j := range pairs {
		p := &pairs[j]
		if len(p.names) < 2 || c == nil {
			continue
		}
		verdicts := make([]string, len(p.names)) // "": not checked
		for k, i := range p.names {
			if ev := m.evs[i]; ev != nil && ev.tongue.code == c.tongue.code {
				pm := runChecks(c, ev)
				verdicts[k], _, _ = m.a.modelFor(c).verdict(&pm, tenant)
			}
		}
		if p.by == resolvedBySource {
			p.chunk = bestOfSource(p.names, verdicts)
		} else {
			p.chunk, p.conflict = oneOfID(m.msg.Retrieval, p.names, verdicts)
		}
	}
}

// bestOfSource is the chunk of a source a citation is judged against:
// the first that supports the claim, else the first not checked (its
// cause is the citation's), else the first.
func bestOfSource(names []int, verdicts []string) int {
	if k := slices.Index(verdicts, Supported); k >= 0 {
		return names[k]
	}
	if k := slices.Index(verdicts, ""); k >= 0 {
		return names[k]
	}
	return names[0]
}

// oneOfID is the chunk of an id logged more than once a citation is
// judged against, and whether its chunks with text disagree on the claim
// (or some could not be checked while others were): the first with text,
// or the first when none has any.
func oneOfID(chunks []readers.Chunk, names []int, verdicts []string) (chunk int, conflict bool) {
	chunk = -1
	first := ""
	for k, i := range names {
		if chunks[i].TextStatus() == readers.TextAbsent || chunks[i].TextStatus() == readers.TextEmpty {
			continue // no text: it states nothing either way
		}
		if chunk < 0 {
			chunk, first = i, verdicts[k]
			continue
		}
		if verdicts[k] != first {
			conflict = true
		}
	}
	if chunk < 0 {
		return names[0], false
	}
	return chunk, conflict
}
