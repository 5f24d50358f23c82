package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/guard"
)

// The guard's refusals and fallbacks, served in the answer's language,
// are refusals when ragaudit audit reads its decision log back.
func TestTheGuardsTextsInEveryLanguageReadBackAsRefusals(t *testing.T) {
	langs := []struct{ code, question, chunk, fabricated, wrong string }{
		{"nl", "Hoe lang duurt de levering?", "Een standaardlevering duurt 3 tot 5 werkdagen.",
			"Een standaardlevering duurt 3 tot 5 werkdagen [ref-deadbeef].", "Een standaardlevering duurt 7 tot 9 werkdagen [1]."},
		{"de", "Wie lange dauert die Lieferung?", "Die Standardlieferung dauert 3 bis 5 Werktage.",
			"Die Standardlieferung dauert 3 bis 5 Werktage [ref-deadbeef].", "Die Standardlieferung dauert 7 bis 9 Werktage [1]."},
		{"fr", "Quel est le délai de livraison ?", "La livraison standard prend de 3 à 5 jours ouvrés.",
			"La livraison standard prend de 3 à 5 jours ouvrés [ref-deadbeef].", "La livraison standard prend de 7 à 9 jours ouvrés [1]."},
		{"es", "¿Cuánto tarda la entrega?", "La entrega estándar tarda de 3 a 5 días laborables.",
			"La entrega estándar tarda de 3 a 5 días laborables [ref-deadbeef].", "La entrega estándar tarda de 7 a 9 días laborables [1]."},
	}
	var buf bytes.Buffer
	n := 0
	g, err := guard.New(guard.DefaultConfig(), guard.WithPolicy("", patientPolicy()), guard.WithLog(&buf), guard.WithVersion(version),
		guard.WithClock(func() time.Time { return time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC) }),
		guard.WithIDs(func() string { n++; return fmt.Sprintf("d-%03d", n) }))
	if err != nil {
		t.Fatal(err)
	}
	score := 0.8
	served := map[string]int{}
	for _, l := range langs {
		for _, answer := range []string{l.fabricated, l.wrong} {
			r := guard.Request{ConversationID: "c-" + l.code + fmt.Sprint(n), Question: l.question, Answer: answer,
				Retrieval: []guard.Chunk{{ID: "1", Text: l.chunk, Score: &score}}}
			d, err := g.Apply(context.Background(), r, sameAgain{answer})
			if err != nil {
				t.Fatal(err)
			}
			served[d.Action]++
			if refusal, _ := guard.DefaultTexts(l.code); d.Action == guard.ActionRefuse && d.Content != refusal {
				t.Errorf("%s: refused with %q, want %q", l.code, d.Content, refusal)
			}
		}
	}
	if served[guard.ActionRefuse] != len(langs) || served[guard.ActionFallback] != len(langs) {
		t.Fatalf("decisions %v, want a refusal and a fallback per language", served)
	}
	r := runCLI(t, "", "audit", "--no-project", "--min-checked", "0", writeLines(t, strings.Split(strings.TrimSpace(buf.String()), "\n")))
	if strings.Contains(r.stderr, "which the audit reads as") {
		t.Errorf("the audit reads a served text otherwise:\n%s", r.stderr)
	}
	var sum struct {
		Counts struct {
			Refusals int `json:"refusals"`
		} `json:"counts"`
		Guard struct {
			Disagreements int `json:"disagreements"`
		} `json:"guard"`
	}
	if err := json.Unmarshal(readFile(t, filepath.Join(r.out, "summary.json")), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Counts.Refusals != 2*len(langs) || sum.Guard.Disagreements != 0 {
		t.Errorf("refusals %d, disagreements %d; want %d and 0 (stderr %s)", sum.Counts.Refusals, sum.Guard.Disagreements, 2*len(langs), r.stderr)
	}
}
