package audit

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// contextModel weighs the sentence context, as models fitted by earlier
// versions of ragaudit did (configs written by calibrate still load).
var contextModel = Model{Name: "context", Bias: -2.3, Threshold: 0.5, HardFail: Decisive(),
	Weights: map[string]float64{"embed_sim": 0.7, "length": 1.9, "sentence_min_bigram": 0.9, "sentence_min_ngram": 1.8}}

// On every cited sentence of the shared dev logs, under a model that
// weighs it, the sentence's weakest citation can only lower a pair's
// score, and weak_co_citation is given exactly when the pair alone would
// have been supported.
func TestCoCitationOnlyLowersScores(t *testing.T) {
	m := contextModel
	cfg := testAuditor.cfg
	cfg.Model = m
	auditor, err := New(cfg, testAuditor.embedder)
	if err != nil {
		t.Fatal(err)
	}
	lowered, flagged := 0, 0
	for _, path := range realLogs {
		for rec, err := range readers.JSONL(path, readers.Options{}, nil) {
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			res, err := auditor.Audit(context.Background(), &rec)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range res.Findings {
				if f.Signals == nil || f.SupportScore == nil {
					continue
				}
				x := FeaturesOf(f.Signals)
				alone := slices.Clone(x)
				alone[signalIndex["sentence_min_bigram"]] = x.Of("bigram_overlap")
				alone[signalIndex["sentence_min_ngram"]] = x.Of("ngram_sim")
				if x.Of("sentence_min_bigram") > alone.Of("sentence_min_bigram") || x.Of("sentence_min_ngram") > alone.Of("sentence_min_ngram") {
					t.Fatalf("%s: sentence minimum above the pair's own value: %v", f.Source, f.Signals)
				}
				p := float64(*f.SupportScore)
				okAlone, pAlone := m.Decide(alone, f.Tenant)
				if p > pAlone+1e-3 { // scores are rounded to 4 decimals
					t.Errorf("%s %q [%s]: score %.4f with its sentence, %.4f alone", f.Source, f.Sentence, f.Citation, p, pAlone)
				}
				if p < pAlone-1e-3 {
					lowered++
				}
				weak := slices.Contains(f.Reasons, "weak_co_citation")
				if weak {
					flagged++
				}
				if want := f.Verdict == Unsupported && okAlone; weak != want {
					t.Errorf("%s %q [%s]: weak_co_citation %v, want %v (verdict %s, alone supported %v)",
						f.Source, f.Sentence, f.Citation, weak, want, f.Verdict, okAlone)
				}
			}
		}
	}
	if lowered == 0 || flagged == 0 {
		t.Errorf("the sentence context lowered %d scores and decided %d verdicts: the check did not run", lowered, flagged)
	}
	t.Logf("sentence context lowered %d scores, decided %d verdicts", lowered, flagged)
}

func TestOutdatedModels(t *testing.T) {
	for _, m := range []Model{DefaultModel(), DefaultModelNoEmbed()} {
		if note := m.Outdated(); note != "" {
			t.Errorf("shipped model %s is outdated: %s", m.Name, note)
		}
	}
	old := Model{Name: "before the word-overlap signal", Threshold: 0.5, Weights: map[string]float64{"token_overlap": -0.05, "ngram_sim": 1}}
	note := old.Outdated()
	for _, want := range []string{"plain_overlap", "token_overlap has a negative weight", "calibrate"} {
		if !strings.Contains(note, want) {
			t.Errorf("note %q lacks %q", note, want)
		}
	}
}
