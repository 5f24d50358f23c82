package nounphrase

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode"
	"unicode/utf8"

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

// FuzzTokenize checks the ported tokenizer against prose's on any input,
// and that tagging never fails on it.
func FuzzTokenize(f *testing.F) {
	for _, s := range taggerSentences(f) {
		f.Add(s)
	}
	f.Add("Mr. Smith's U.S. trip (don't ask) cost $1,200... :-) [1][2]")
	tg, err := NewTagger()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := tokenize(s)
		for _, tk := range tg.Tag(s) {
			if tk.Text == "" {
				t.Fatalf("%q: empty token", s)
			}
		}
		if !lowerKeepsLength(s) {
			return // prose panics or cuts wrongly here (see hasAnyIndex)
		}
		want, ok := proseTokens(s)
		if !ok {
			t.Fatalf("prose panics on %q", s)
		}
		if len(got) != len(want) {
			t.Fatalf("%q: %d tokens %q, prose %d", s, len(got), got, len(want))
		}
		for i := range got {
			if got[i] != want[i].Text {
				t.Fatalf("%q token %d: %q, prose %q", s, i, got[i], want[i].Text)
			}
		}
	})
}

// lowerKeepsLength reports whether s is valid UTF-8 and lowercasing keeps
// every rune's encoded length: where it does not, prose's tokenizer
// misbehaves and the port deliberately differs.
func lowerKeepsLength(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if utf8.RuneLen(unicode.ToLower(r)) != utf8.RuneLen(r) {
			return false
		}
	}
	return true
}

// proseTokens is prose's tokenization of s; ok is false where prose panics.
func proseTokens(s string) (toks []prose.Token, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	doc, err := prose.NewDocument(s, prose.WithTagging(false), prose.WithSegmentation(false), prose.WithExtraction(false))
	if err != nil {
		return nil, false
	}
	return doc.Tokens(), true
}

// Inputs on which prose's tokenizer panics (a lowercase longer than its
// capital: "Ⱥ" is 2 bytes, "ⱥ" 3; invalid UTF-8) are tagged without panic.
func TestTokenizeWhereProsePanics(t *testing.T) {
	tg, err := NewTagger()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"The ȺȺȺ's plan costs 5 EUR.", "00000\x9f'S", "\x98\x9f'S", "İİ'S"} {
		if _, ok := proseTokens(s); ok && lowerKeepsLength(s) {
			t.Errorf("%q: prose does not panic here; the case tests nothing", s)
		}
		if toks := tg.Tag(s); len(toks) == 0 {
			t.Errorf("Tag(%q) = no tokens", s)
		}
	}
}
