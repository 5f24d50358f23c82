package corpus

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Answer returns one answer to check, in the flat canonical form
// (conversation_id, tenant, question, answer, retrieval), whose answer
// cites exactly citations times, one chunk per sentence: 3–8 chunks of
// 500–1,500 characters as Write makes them, seven sentences in ten
// stating a fact of the chunk they cite, the others another fact. A
// 5-citation answer is about 7 KB. A pure function of seed and citations.
func Answer(seed uint64, citations int) []byte {
	r := rand.New(rand.NewPCG(seed, uint64(citations)))
	nChunks := 3 + r.IntN(6)
	chunks := make([]chunk, nChunks)
	facts := make([][]string, nChunks)
	for c := range chunks {
		var b strings.Builder
		for target := 500 + r.IntN(1000); b.Len() < target; {
			s := fillers[r.IntN(len(fillers))]
			if r.IntN(2) == 0 {
				s = newFact(r)
				facts[c] = append(facts[c], s)
			}
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s)
		}
		chunks[c] = chunk{ID: fmt.Sprintf("ref-%08x", r.Uint32()), Source: fmt.Sprintf("kb/doc-%03d.md", r.IntN(500)), Text: b.String(), Score: 0.5 + 0.5*r.Float64()}
	}
	sents := make([]string, citations)
	for i := range sents {
		c := r.IntN(nChunks)
		text := newFact(r)
		if len(facts[c]) > 0 && r.IntN(10) < 7 {
			text = facts[c][r.IntN(len(facts[c]))]
		}
		sents[i] = strings.TrimSuffix(text, ".") + " [" + chunks[c].ID + "]."
	}
	b, err := json.Marshal(struct {
		ConversationID string  `json:"conversation_id"`
		Tenant         string  `json:"tenant"`
		Question       string  `json:"question"`
		Answer         string  `json:"answer"`
		Retrieval      []chunk `json:"retrieval"`
	}{fmt.Sprintf("gen-%d-%d", citations, seed), tenants[r.IntN(len(tenants))],
		"Can you tell me about " + products[r.IntN(len(products))] + "?", strings.Join(sents, " "), chunks})
	if err != nil {
		panic(err) // plain strings and numbers always marshal
	}
	return b
}
