// Package corpus generates realistic synthetic conversation logs of any
// size for benchmarks and load tests: 1–6 turns, 3–8 retrieved chunks of
// 500–1,500 characters, answers of 2–8 sentences with mixed marker styles,
// some fabricated citations, changed numbers and uncited sentences. Output
// is a pure function of the seed.
package corpus

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"
)

var (
	products = []string{"Acme kettle", "Pro plan", "Basic plan", "express shipping", "standard shipping", "the warranty", "store credit", "the mobile app", "gift cards", "the loyalty programme", "bulk orders", "the privacy policy"}
	subjects = []string{"Refunds", "Orders", "Customers", "Returns", "Replacements", "Invoices", "Support tickets", "Subscriptions", "Deliveries", "Payments"}
	verbs    = []string{"are processed within", "are accepted within", "are shipped within", "are reviewed within", "are credited after", "are available for", "must be filed within", "are archived after"}
	units    = []string{"days", "business days", "hours", "weeks", "months"}
	places   = []string{"Germany", "Austria", "France", "the Netherlands", "Spain", "Italy", "Belgium", "Poland"}
	fillers  = []string{
		"This applies to all purchases made through the online store and the official retail partners.",
		"Items must be unused and returned in their original packaging with all accessories included.",
		"The policy was last reviewed by the legal team and applies to every customer account.",
		"Exceptions can be granted by a team lead when the customer provides a valid receipt.",
		"Customers receive an email confirmation with a tracking reference once the request is accepted.",
		"Business customers with a framework agreement may have different terms set out in their contract.",
	}
	tenants = []string{"acme", "globex", "initech", "umbrella", "hooli"}
	agents  = []string{"helpbot", "faqbot", "salesbot"}
)

func newFact(r *rand.Rand) string {
	switch r.IntN(4) {
	case 0:
		return fmt.Sprintf("%s %s %d %s of the request.", subjects[r.IntN(len(subjects))], verbs[r.IntN(len(verbs))], 1+r.IntN(60), units[r.IntN(len(units))])
	case 1:
		return fmt.Sprintf("The %s costs €%d.%02d per month in %s.", products[r.IntN(len(products))], 1+r.IntN(200), r.IntN(100), places[r.IntN(len(places))])
	case 2:
		return fmt.Sprintf("Orders over €%d ship free to %s and %s.", 20+r.IntN(100), places[r.IntN(len(places))], places[r.IntN(len(places))])
	default:
		return fmt.Sprintf("Since %s %d, %d%% of %s are handled by the support team in %s.", time.Month(1+r.IntN(12)), 2015+r.IntN(11), 5+r.IntN(90), strings.ToLower(subjects[r.IntN(len(subjects))]), places[r.IntN(len(places))])
	}
}

type chunk struct {
	ID     string  `json:"id"`
	Source string  `json:"source"`
	Text   string  `json:"text"`
	Score  float64 `json:"score"`
}

type message struct {
	Role      string  `json:"role"`
	Content   string  `json:"content"`
	Retrieval []chunk `json:"retrieval,omitempty"`
}

type record struct {
	ConversationID string    `json:"conversation_id"`
	Tenant         string    `json:"tenant"`
	Agent          string    `json:"agent"`
	Timestamp      string    `json:"timestamp"`
	Messages       []message `json:"messages"`
}

// WriteFile writes n conversations of the given seed to a new file at
// path, as Write does (tests and benchmarks audit a generated file).
func WriteFile(path string, n int, seed uint64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := Write(context.Background(), f, n, seed); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Write writes n conversations as JSONL to w. It stops early, returning
// ctx's error, when ctx is done (a generator piped into an audit must stop
// on Ctrl-C like any other command).
func Write(ctx context.Context, w io.Writer, n int, seed uint64) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < n; i++ {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				bw.Flush()
				return err
			}
		}
		r := rand.New(rand.NewPCG(seed, uint64(i)))
		rec := record{
			ConversationID: fmt.Sprintf("gen-%08d", i),
			Tenant:         tenants[r.IntN(len(tenants))],
			Agent:          agents[r.IntN(len(agents))],
			Timestamp:      start.Add(time.Duration(r.IntN(300*24*3600)) * time.Second).Format(time.RFC3339),
		}
		for turn, turns := 0, 1+r.IntN(6); turn < turns; turn++ {
			q, a := conversationTurn(r)
			rec.Messages = append(rec.Messages, q, a)
		}
		if err := enc.Encode(&rec); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func conversationTurn(r *rand.Rand) (message, message) {
	nChunks := 3 + r.IntN(6)
	chunks := make([]chunk, nChunks)
	facts := make([][]string, nChunks)
	style := r.IntN(3) // 0: [n], 1: [ref-…] ids, 2: mixed footnotes and groups
	for c := range chunks {
		var b strings.Builder
		target := 500 + r.IntN(1000)
		for b.Len() < target {
			var s string
			if r.IntN(2) == 0 {
				s = newFact(r)
				facts[c] = append(facts[c], s)
			} else {
				s = fillers[r.IntN(len(fillers))]
			}
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s)
		}
		id := fmt.Sprint(c + 1)
		if style == 1 {
			id = fmt.Sprintf("ref-%08x", r.Uint32())
		}
		chunks[c] = chunk{ID: id, Source: fmt.Sprintf("kb/doc-%03d.md", r.IntN(500)), Text: b.String(), Score: 0.3 + 0.7*r.Float64()}
	}
	marker := func(c int) string {
		id := chunks[c].ID
		switch {
		case style == 2 && r.IntN(3) == 0:
			return "[^" + fmt.Sprint(c+1) + "]"
		case style == 2 && r.IntN(3) == 0 && c+1 < len(chunks):
			return fmt.Sprintf("[%d, %d]", c+1, c+2)
		}
		return "[" + id + "]"
	}
	var sents []string
	for s, n := 0, 2+r.IntN(7); s < n; s++ {
		c := r.IntN(nChunks)
		text := newFact(r) // unsupported by default
		if len(facts[c]) > 0 && r.IntN(10) < 7 {
			text = facts[c][r.IntN(len(facts[c]))]
		}
		text = strings.TrimSuffix(text, ".")
		switch k := r.IntN(20); {
		case k == 0: // fabricated citation
			sents = append(sents, text+" ["+fmt.Sprint(nChunks+1+r.IntN(5))+"].")
		case k == 1: // uncited
			sents = append(sents, text+".")
		case k == 2: // marker after the full stop
			sents = append(sents, text+". "+marker(c))
		default:
			sents = append(sents, text+" "+marker(c)+".")
		}
	}
	q := message{Role: "user", Content: "Can you tell me about " + products[r.IntN(len(products))] + "?"}
	return q, message{Role: "assistant", Content: strings.Join(sents, " "), Retrieval: chunks}
}
