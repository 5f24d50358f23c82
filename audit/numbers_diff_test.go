package audit

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ragaudit/ragaudit/internal/corpus"
	"github.com/ragaudit/ragaudit/readers"
)

// quantityTexts are the number test cases' texts and the fuzz seeds.
func quantityTexts() []string {
	texts := []string{
		"The plan costs 127.50 per year since 12 May 2026; 15 percent off.", "It costs $127.50.",
		"€127.50 15% 1,000 May 12, 2026", "12th of May 2026", "thirty-five $5m", "1.5 million",
		"-5 °C \u22125 °C -$200 30-day 5mg 3 business days", "€1.200 1.200.000 minus 5 degrees Celsius",
		"127.5 2026 May 2026 15 16% €128 2025 Sept. 3rd, 1999 2024-00-99 May 0, 2026 seventy-one Forty Two",
		"0.000 00 0,000 1,000,000.50 $0.0000005 million 1e5 3.50 EUR 12 CHF 1.250 Rs. 500 US$5 ₹20 £3bn",
	}
	for _, p := range append(sameQuantity, differentQuantity...) {
		texts = append(texts, p[0], p[1])
	}
	for _, tc := range unitAndSignCases {
		texts = append(texts, tc.chunk, tc.sentence)
	}
	return texts
}

// quantityVariants are q and the readings of it Supports must also agree
// on: the other sign, no unit, the kind of an amount.
func quantityVariants(q quantity) []quantity {
	flipped, bare, money := q, q, q
	flipped.Negative = !q.Negative
	bare.Unit = ""
	money.Kind = "money"
	return []quantity{q, flipped, bare, money}
}

// checkQuantities fails unless the old and the new implementation agree on
// the quantities of text and, for each q of qs (and its variants when
// variants is true), on whether text supports q. The index compared is
// indexQuantities without parts: the dates and years stated in parts came
// after the old implementation and are tested in dates_test.go.
func checkQuantities(t *testing.T, text string, qs []quantity, variants bool) {
	t.Helper()
	if got, want := findQuantities(text), oldQuantities(text); !reflect.DeepEqual(got, want) {
		t.Fatalf("Quantities(%q) = %+v, old %+v", text, got, want)
	}
	idx, old := indexQuantities(text, false), oldIndexQuantities(text)
	for _, q := range qs {
		vs := []quantity{q}
		if variants {
			vs = quantityVariants(q)
		}
		for _, v := range vs {
			if got, want := idx.supports(v), old.Supports(v); got != want {
				t.Fatalf("%q supports %+v: %v, old %v", text, v, got, want)
			}
		}
	}
}

// TestQuantityIndexMatchesOld checks, on the shared dev data, generated
// logs and the number test cases, that every quantity of every claim
// sentence (and of every text) gets the same Supports answer from every
// chunk as with the old map of key strings, per chunk and merged per
// answer as the sentence-level verdict merges them.
func TestQuantityIndexMatchesOld(t *testing.T) {
	gen := filepath.Join(t.TempDir(), "gen.jsonl")
	f, err := os.Create(gen)
	if err != nil {
		t.Fatal(err)
	}
	if err := corpus.Write(t.Context(), f, 150, 1); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	type answer struct{ sentences, chunks []string }
	var answers []answer
	for _, path := range append(append([]string(nil), realLogs...), gen) {
		for rec, err := range readers.JSONL(path, readers.Options{}, nil) {
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			for _, m := range rec.Messages {
				a := answer{sentences: []string{m.Content}}
				for _, s := range testSplitter.splitAnswer(m.Content, nil) {
					a.sentences = append(a.sentences, s.Plain)
				}
				for _, c := range m.Retrieval {
					a.chunks = append(a.chunks, c.Text)
				}
				answers = append(answers, a)
			}
		}
	}
	cases := quantityTexts()
	answers = append(answers, answer{sentences: cases, chunks: cases})

	// Every quantity of every sentence and chunk, against every chunk.
	// Supports reads no Raw or Start: the others are tested once each.
	var chunks []string
	var qs []quantity
	seen := map[quantity]bool{}
	for _, a := range answers {
		chunks = append(chunks, a.chunks...)
		for _, s := range append(a.sentences, a.chunks...) {
			for _, q := range findQuantities(s) {
				if q.Raw, q.Start = "", 0; !seen[q] {
					seen[q] = true
					qs = append(qs, q)
				}
			}
		}
	}
	if len(chunks) < 1000 || len(qs) < 2000 {
		t.Fatalf("only %d chunks and %d quantities read", len(chunks), len(qs))
	}
	for _, a := range answers {
		for _, s := range a.sentences {
			checkQuantities(t, s, nil, false)
		}
	}
	for _, c := range chunks {
		checkQuantities(t, c, qs, false) // variants below, per answer
	}

	// The union of an answer's chunks, against the answer's quantities.
	for _, a := range answers {
		var idx quantityIndex
		old := oldQuantityIndex{}
		var claims []quantity
		for _, s := range a.sentences {
			claims = append(claims, findQuantities(s)...)
		}
		for _, c := range a.chunks {
			idx.merge(indexQuantities(c, false))
			old.merge(oldIndexQuantities(c))
			claims = append(claims, findQuantities(c)...)
		}
		for _, q := range claims {
			for _, v := range quantityVariants(q) {
				if got, want := idx.supports(v), old.Supports(v); got != want {
					t.Fatalf("merged chunks %q support %+v: %v, old %v", a.chunks, v, got, want)
				}
			}
		}
	}
	t.Logf("%d chunks × %d quantities", len(chunks), len(qs))
}

func FuzzQuantityIndex(f *testing.F) {
	texts := quantityTexts()
	for i, s := range texts {
		f.Add(s, texts[(i+1)%len(texts)])
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, chunk, claim string) {
		checkQuantities(t, claim, nil, false)
		checkQuantities(t, chunk, append(findQuantities(claim), findQuantities(chunk)...), true)
	})
}

func TestIsLetter(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		if want := b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'; isLetter(b) != want {
			t.Errorf("isLetter(%#x) = %v", b, !want)
		}
	}
}

func TestLetterBits(t *testing.T) {
	var buf [64]byte
	for c := range 256 {
		for k := range buf {
			buf[k] = 'x'
		}
		for k := range buf {
			buf[k] = byte(c)
			for n := 0; n <= len(buf); n++ {
				var want uint64
				for i := range n {
					if isLetter(buf[i]) {
						want |= 1 << i
					}
				}
				if got := letterBits(string(buf[:n])); got != want {
					t.Fatalf("letterBits(%q) = %#x, want %#x", buf[:n], got, want)
				}
			}
		}
	}
}
