package audit

import (
	"fmt"
	"path/filepath"
	"testing"
)

// quantitiesGolden records the quantities the number reader finds in every
// answer of the bundled real logs and of a generated corpus (its text and
// its chunks), in the hand-written cases and in the fuzz corpus, and which
// of them, in each reading Supports weighs (the other
// sign, no unit, an amount), each chunk states, alone and merged with the
// other chunks of its answer. The index of quantity keys was checked
// against the map of key strings it replaced before these answers were
// recorded; after a change to the number reader, run go test ./audit
// -update and read the diff. Dates and years stated in parts are tested
// in dates_test.go.
var quantitiesGolden = filepath.Join("testdata", "quantities.golden.jsonl")

// quantityTexts are the number test cases' texts: one literal input, each
// text both claim and chunk.
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

func TestQuantitiesMatchGolden(t *testing.T) {
	logged := loggedAnswers(t)
	checkGolden(t, quantitiesGolden, logged, [][]string{quantityTexts()}, quantityRecord)
}

// quantityRecord is the golden form of the quantities of an input: for a
// logged answer its text and its chunks; for a literal input its texts,
// each a chunk too. It lists each text's quantities ("start raw|kind|key|
// alt key|unit|-" with "-" for a negative one), then which of the
// answer's distinct quantities, in every reading (quantityVariants), each
// chunk states, by position, then the chunks merged.
func quantityRecord(a *goldenAnswer) any {
	texts, chunks := a.Texts, a.Texts
	if a.In != "" {
		texts, chunks = append([]string{a.content}, a.chunks...), a.chunks
	}
	var found [][]string
	var asked []quantity
	seen := map[quantity]bool{}
	for _, text := range texts {
		qs := []string{}
		for _, q := range findQuantities(text) {
			sign := ""
			if q.Negative {
				sign = "-"
			}
			qs = append(qs, fmt.Sprintf("%d %s|%s|%s|%s|%s|%s", q.Start, q.Raw, q.Kind, q.Key, q.AltKey, q.Unit, sign))
			if q.Raw, q.Start = "", 0; !seen[q] {
				seen[q] = true
				asked = append(asked, quantityVariants(q)...)
			}
		}
		found = append(found, qs)
	}
	var merged quantityIndex
	var each [][]int
	for _, c := range chunks {
		idx := indexQuantities(c, false, nil)
		merged.merge(idx)
		each = append(each, supported(idx, asked))
	}
	return map[string]any{"quantities": found, "chunks": each, "merged": supported(merged, asked)}
}

// supported are the positions of the quantities of qs that idx supports.
func supported(idx quantityIndex, qs []quantity) []int {
	out := []int{}
	for i, q := range qs {
		if idx.supports(q) {
			out = append(out, i)
		}
	}
	return out
}

// quantityVariants are q and the readings of it supports weighs: the
// other sign, no unit, the kind of an amount.
func quantityVariants(q quantity) []quantity {
	flipped, bare, money := q, q, q
	flipped.Negative = !q.Negative
	bare.Unit = ""
	money.Kind = "money"
	return []quantity{q, flipped, bare, money}
}

// FuzzQuantityIndex holds the index of a chunk's quantities to what it
// must answer: a chunk states every quantity it holds, and reads the same
// twice. Seeds: the literal inputs of the number reader's golden file.
func FuzzQuantityIndex(f *testing.F) {
	for _, texts := range goldenTexts(f, quantitiesGolden) {
		for i, s := range texts {
			f.Add(s, texts[(i+1)%len(texts)])
		}
	}
	f.Fuzz(func(t *testing.T, chunk, claim string) {
		idx, again := indexQuantities(chunk, false, nil), indexQuantities(chunk, false, nil)
		for _, q := range findQuantities(chunk) {
			if !idx.supports(q) {
				t.Fatalf("%q does not state its own %+v", chunk, q)
			}
		}
		for _, q := range findQuantities(claim) {
			for _, v := range quantityVariants(q) {
				if idx.supports(v) != again.supports(v) {
					t.Fatalf("%q states %+v once and not twice", chunk, v)
				}
			}
		}
	})
}
