package audit

import (
	"context"
	"fmt"
	"strings"

	"github.com/ragaudit/ragaudit/readers"
)

// embed fills the embeddings of claims and of the windows of evs (those
// not embedded yet) in one batch: one request to a remote endpoint per
// answer.
func (a *Auditor) embed(ctx context.Context, claims []*claim, evs []*evidence) error {
	if a.embedder == nil {
		return nil
	}
	we, words := a.embedder.(WordEmbedder)
	texts := make([]string, 0, len(claims))
	for _, c := range claims {
		texts = append(texts, c.plain)
		if words {
			c.wids, c.wweights = we.WordIDs(strings.Join(c.content, " "))
			c.wsim = we.WordSim
		}
	}
	// Only one-sentence windows are embedded; a two-sentence window gets
	// the sum of its sentences' vectors (exact for the built-in additive
	// embedder, a close approximation for others), halving the work.
	var pending []*evidence
	for _, ev := range evs {
		if ev == nil || ev.vecs != nil {
			continue
		}
		pending = append(pending, ev)
		for k, w := range ev.windows {
			if !w.pair {
				texts = append(texts, ev.texts[k][w.start:w.end])
			}
		}
		if words && len(ev.texts) > 0 {
			ev.wids, _ = we.WordIDs(strings.Join(ev.content, " "))
		}
	}
	if len(texts) == 0 {
		return nil
	}
	vecs, err := a.embedder.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("embedding with %s: %w", a.embedder.Name(), err)
	}
	if len(vecs) != len(texts) {
		return fmt.Errorf("embedding with %s: %d vectors for %d texts", a.embedder.Name(), len(vecs), len(texts))
	}
	for i, c := range claims {
		c.vec = vecs[i]
	}
	k := len(claims)
	for _, ev := range pending {
		ev.vecs = make([][]float32, len(ev.windows))
		for i, w := range ev.windows {
			if !w.pair {
				ev.vecs[i] = vecs[k]
				k++
			}
		}
		// Windows alternate sentence, pair, sentence, pair, …, sentence.
		for i, w := range ev.windows {
			if w.pair {
				ev.vecs[i] = addVec(ev.vecs[i-1], ev.vecs[i+1])
			}
		}
	}
	return nil
}

func addVec(a, b []float32) []float32 {
	if len(a) != len(b) {
		return nil
	}
	out := make([]float32, len(a))
	for i := range a {
		out[i] = a[i] + b[i]
	}
	return out
}

// usePrecomputed gives claims their message's logged vector and the
// windows of each chunk that chunk's logged vector.
func usePrecomputed(msg readers.Message, claims []*claim, evs []*evidence) {
	if msg.Embedding == nil {
		return
	}
	for _, c := range claims {
		c.vec = msg.Embedding
	}
	for i, ev := range evs {
		if ev == nil || msg.Retrieval[i].Embedding == nil {
			continue
		}
		ev.vecs = make([][]float32, len(ev.windows))
		for k := range ev.vecs {
			ev.vecs[k] = msg.Retrieval[i].Embedding
		}
	}
}
