package nounphrase

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/jdkato/prose/v2"
)

// taggerSentences returns the texts of the bundled example logs (messages
// and chunks), a few thousand sentences of varied English.
func taggerSentences(t testing.TB) []string {
	var out []string
	files, _ := filepath.Glob("../testdata/*.jsonl")
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var rec struct {
				Messages []struct {
					Content   string `json:"content"`
					Retrieval []struct {
						Text string `json:"text"`
					} `json:"retrieval"`
				} `json:"messages"`
			}
			if json.Unmarshal(sc.Bytes(), &rec) != nil {
				continue
			}
			for _, m := range rec.Messages {
				out = append(out, m.Content)
				for _, c := range m.Retrieval {
					out = append(out, c.Text)
				}
			}
		}
		f.Close()
	}
	return out
}

// The compact model must tag exactly as prose does: same tokens, same tags.
// prose's tokenizer hands out one *Token for every repeat of a
// whitespace-delimited span, so prose reports the tag of a repeated word's
// last occurrence for all of them; those tokens are not compared (the
// Tagger tags each occurrence in its own context).
func TestTaggerMatchesProse(t *testing.T) {
	tg, err := NewTagger()
	if err != nil {
		t.Fatal(err)
	}
	texts := append(taggerSentences(t),
		"Your kettle has a two-year limited warranty.",
		"Email support@example.com or visit www.example.com/help (it's free) :-)",
		"The U.S. price rose 15% to $1,200 in 2019 -- not in 2020.",
		"Crème brûlée costs €4.50 at Café Noël.",
	)
	if len(texts) < 50 {
		t.Fatalf("only %d texts to compare", len(texts))
	}
	base, err := prose.NewDocument("", prose.WithSegmentation(false), prose.WithExtraction(false))
	if err != nil {
		t.Fatal(err)
	}
	tokens := 0
	for _, text := range texts {
		doc, err := prose.NewDocument(text, prose.UsingModel(base.Model), prose.WithSegmentation(false), prose.WithExtraction(false))
		if err != nil {
			t.Fatal(err)
		}
		want := doc.Tokens()
		got := tg.Tag(text)
		if len(got) != len(want) {
			t.Fatalf("%q: %d tokens, prose has %d", text, len(got), len(want))
		}
		count := map[string]int{}
		for _, tk := range want {
			count[tk.Text]++
		}
		for i := range got {
			if count[got[i].Text] > 1 {
				continue
			}
			tokens++
			if got[i].Text != want[i].Text || got[i].Tag != want[i].Tag {
				t.Errorf("%q token %d: got %s/%s, prose %s/%s", text, i, got[i].Text, got[i].Tag, want[i].Text, want[i].Tag)
			}
		}
	}
	if tokens < 1000 {
		t.Fatalf("only %d tokens compared", tokens)
	}
}

func TestDecodePerceptronRejectsDamage(t *testing.T) {
	for _, n := range []int{0, 5, len(taggerMagic) + 3, len(taggerAsset) / 2, len(taggerAsset) - 1} {
		if _, err := DecodePerceptron(taggerAsset[:n]); err == nil {
			t.Errorf("model cut to %d bytes decoded without error", n)
		}
	}
}

func BenchmarkTag(b *testing.B) {
	tg, err := NewTagger()
	if err != nil {
		b.Fatal(err)
	}
	const s = "Refunds for the Acme Pro plan are processed within 14 business days of the request in Germany."
	for b.Loop() {
		tg.Tag(s)
	}
}
