package audit

import (
	"context"
	"slices"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// A source label in any of the five languages cites its chunk as
// "(Source 2)" does; one that names no chunk is counted as unread, not
// left as words of the claim or dropped without a word.
func TestSourceLabelsInEveryLanguageCite(t *testing.T) {
	retour := readers.Chunk{ID: "1", Source: "retourbeleid.md", Text: "U kunt binnen 30 dagen kosteloos retourneren.", Score: score(0.9)}
	levering := readers.Chunk{ID: "2", Source: "levering.md", Text: "De levertijd is één tot twee werkdagen.", Score: score(0.9)}
	versand := readers.Chunk{ID: "1", Source: "versand.md", Text: "Der Versand ist ab 50 € kostenlos.", Score: score(0.9)}
	cases := []struct {
		name     string
		answer   string
		chunks   []readers.Chunk
		markers  []string
		verdicts []string
		unread   []string
	}{
		{name: "Dutch labels in parentheses cite by position",
			answer: "U kunt binnen 30 dagen kosteloos retourneren (Bron 1). De levertijd is één tot twee werkdagen (Bron 2).",
			chunks: []readers.Chunk{retour, levering}, markers: []string{"(Bron 1)", "(Bron 2)"}, verdicts: []string{Supported, Supported}},
		{name: "a Dutch label in brackets cites by source",
			answer: "U kunt binnen 30 dagen kosteloos retourneren [bron: retourbeleid.md].",
			chunks: []readers.Chunk{retour, levering}, markers: []string{"[bron: retourbeleid.md]"}, verdicts: []string{Supported}},
		{name: "a German label cites by source",
			answer: "Der Versand ist ab 50 € kostenlos [Quelle: versand.md].",
			chunks: []readers.Chunk{versand}, markers: []string{"[Quelle: versand.md]"}, verdicts: []string{Supported}},
		{name: "a German label that names a handbook is counted as unread",
			answer: "Der Versand ist ab 50 € kostenlos (Quelle: Handbuch).",
			chunks: []readers.Chunk{versand}, markers: []string{""}, verdicts: []string{Uncited}, unread: []string{"(source: …)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := plainAuditor().Audit(context.Background(), record(tc.answer, tc.chunks...))
			if err != nil {
				t.Fatal(err)
			}
			var markers, verdicts []string
			for _, f := range res.Findings {
				markers, verdicts = append(markers, f.Marker), append(verdicts, f.Verdict)
			}
			if !slices.Equal(markers, tc.markers) || !slices.Equal(verdicts, tc.verdicts) || !slices.Equal(res.Answers[0].Unread, tc.unread) {
				t.Errorf("markers %q verdicts %q unread %q, want %q %q %q", markers, verdicts, res.Answers[0].Unread, tc.markers, tc.verdicts, tc.unread)
			}
		})
	}
}
