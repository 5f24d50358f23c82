package guard

import (
	"context"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// langFixtures are a question and a retrieval in each language the audit
// reads, an answer citing it that the guard must refuse (a fabricated
// citation), and one it must fall back on (a changed number, twice).
var langFixtures = []struct {
	code, question, chunk, fabricated, wrong string
}{
	{"en", "How long does delivery take?", "Standard delivery takes 3 to 5 working days.",
		"Standard delivery takes 3 to 5 working days [ref-deadbeef].", "Standard delivery takes 7 to 9 working days [1]."},
	{"nl", "Hoe lang duurt de levering?", "Een standaardlevering duurt 3 tot 5 werkdagen.",
		"Een standaardlevering duurt 3 tot 5 werkdagen [ref-deadbeef].", "Een standaardlevering duurt 7 tot 9 werkdagen [1]."},
	{"de", "Wie lange dauert die Lieferung?", "Die Standardlieferung dauert 3 bis 5 Werktage.",
		"Die Standardlieferung dauert 3 bis 5 Werktage [ref-deadbeef].", "Die Standardlieferung dauert 7 bis 9 Werktage [1]."},
	{"fr", "Quel est le délai de livraison ?", "La livraison standard prend de 3 à 5 jours ouvrés.",
		"La livraison standard prend de 3 à 5 jours ouvrés [ref-deadbeef].", "La livraison standard prend de 7 à 9 jours ouvrés [1]."},
	{"es", "¿Cuánto tarda la entrega?", "La entrega estándar tarda de 3 a 5 días laborables.",
		"La entrega estándar tarda de 3 a 5 días laborables [ref-deadbeef].", "La entrega estándar tarda de 7 a 9 días laborables [1]."},
}

// A policy that sets no texts refuses and falls back in the answer's
// language; an answer in a language without tables gets English.
func TestTheDefaultTextsAreInTheAnswersLanguage(t *testing.T) {
	g := shared(t)
	for _, fx := range langFixtures {
		refusal, fallback := DefaultTexts(fx.code)
		r := Request{ConversationID: "c-" + fx.code, Question: fx.question, Retrieval: []Chunk{{ID: "1", Text: fx.chunk, Score: score(0.8)}}}
		t.Run(fx.code+": a fabricated citation is refused in the answer's language", func(t *testing.T) {
			r.Answer = fx.fabricated
			d, err := g.Apply(context.Background(), r, nil)
			if err != nil || d.Action != ActionRefuse || d.Content != refusal {
				t.Fatalf("action %s, content %q (err %v), want refuse with %q", d.Action, d.Content, err, refusal)
			}
		})
		t.Run(fx.code+": a wrong number falls back in the answer's language", func(t *testing.T) {
			r.Answer = fx.wrong
			d, err := g.Apply(context.Background(), r, &scripted{answers: []string{fx.wrong}})
			head, _, _ := strings.Cut(fallback, "{passage}")
			if err != nil || d.Action != ActionFallback || !strings.HasPrefix(d.Content, head) || !strings.Contains(d.Content, fx.chunk) {
				t.Fatalf("action %s, content %q (err %v), want a fallback opening %q and quoting the chunk", d.Action, d.Content, err, head)
			}
		})
		t.Run(fx.code+": the gate refuses in the question's language", func(t *testing.T) {
			gd, err := g.Gate(context.Background(), Request{Question: fx.question, Retrieval: []Chunk{}})
			if err != nil || gd.Decision != ActionRefuse || gd.Refusal != refusal {
				t.Fatalf("gate %s with %q (err %v), want refuse with %q", gd.Decision, gd.Refusal, err, refusal)
			}
		})
	}
	t.Run("an Italian answer is refused in English", func(t *testing.T) {
		r := Request{ConversationID: "c-it", Question: "Quanto tempo richiede la consegna?", Answer: "La consegna standard richiede da 3 a 5 giorni lavorativi [ref-deadbeef].",
			Retrieval: []Chunk{{ID: "1", Text: "La consegna standard richiede da 3 a 5 giorni lavorativi.", Score: score(0.8)}}}
		d, err := g.Apply(context.Background(), r, nil)
		if en, _ := DefaultTexts("en"); err != nil || d.Action != ActionRefuse || d.Content != en {
			t.Fatalf("action %s, content %q (err %v), want refuse with %q", d.Action, d.Content, err, en)
		}
	})
}

// The default texts read back as refusals, each in its language, as New
// checks a tenant's own: a decision log must count them as refusals.
func TestTheDefaultTextsReadBackAsRefusalsInTheirLanguage(t *testing.T) {
	g := shared(t)
	for _, probe := range textProbes {
		t.Run(probe.code, func(t *testing.T) {
			p := DefaultPolicy()
			p.Refusal, p.Fallback = DefaultTexts(probe.code)
			if why := g.textsRead(&p, "", probe.passage, probe.rest, probe.question); why != "" {
				t.Error(why)
			}
		})
	}
}

// A tenant's own texts are accepted when the audit reads them as refusals
// in their language; else the error says how that language's refusals
// read.
func TestATenantsOwnTextsAreCheckedInTheirLanguage(t *testing.T) {
	for _, tc := range []struct {
		name, refusal, fallback string
		want                    []string // in the error; none: accepted
	}{
		{name: "a German refusal without a confident source is accepted", refusal: "Dazu habe ich leider keine verlässliche Quelle."},
		{name: "a Dutch refusal the audit reads is accepted", refusal: "Dat weet ik helaas niet."},
		{name: "a German fallback the audit reads is accepted", refusal: "Das weiß ich leider nicht.",
			fallback: "Das weiß ich leider nicht; am nächsten kommt diese Passage: «{passage}» {marker}"},
		{name: "a German text that declines nothing is refused with German examples", refusal: "Hierzu äußere ich mich nicht.",
			want: []string{"does not read as a refusal in German", `"Dazu liegen mir keine Informationen vor."`, "lang/data/de.txt"}},
		{name: "a Spanish fallback that does not decline is refused with Spanish examples", fallback: "Este es el pasaje que más se acerca a su pregunta: «{passage}» {marker}",
			want: []string{"does not read back as a refusal", "Spanish refusals", `"No lo sé."`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := DefaultPolicy()
			p.Refusal, p.Fallback = tc.refusal, tc.fallback
			_, err := New(DefaultConfig(), WithPolicy("shop", p))
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			for _, w := range tc.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Fatalf("error %v, want one saying %s", err, w)
				}
			}
		})
	}
}

// The verdict says the language the answer was read in.
func TestTheVerdictSaysTheAnswersLanguage(t *testing.T) {
	fx := langFixtures[2]
	v, err := shared(t).Check(context.Background(), Request{ConversationID: "c", Question: fx.question, Answer: fx.wrong,
		Retrieval: []Chunk{{ID: "1", Text: fx.chunk, Score: score(0.8)}}})
	if err != nil || v.Language != "de" || v.Status != audit.Answered {
		t.Fatalf("verdict language %q status %s (err %v), want de", v.Language, v.Status, err)
	}
}
