package review

import (
	"fmt"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

// View is what the review page shows of one sampled citation.
type View struct {
	Question       string
	Answer         string
	SentenceStart  int // the sentence's span in Answer, code points
	SentenceEnd    int
	Chunk          Chunk // the cited chunk
	WindowStart    int   // its best-matching window, code points (as report.html marks it)
	WindowEnd      int
	Others         []Chunk // the other chunks retrieved for the answer
	MachineVerdict string  // shown only with --show-verdict
	MachineScore   *float64
	MachineReason  string
}

// Chunk is a retrieved chunk as the page shows it.
type Chunk struct{ ID, Source, Text string }

// Collector is a sink of the stream that keeps the views of the sampled
// citations, and nothing of the rest of the logs.
type Collector struct {
	items []Item
	want  map[string]int // match key → item
	convs map[string]bool
	Views []*View // by item; nil: not found in the logs
}

// NewCollector collects the views of items.
func NewCollector(items []Item) *Collector {
	c := &Collector{items: items, want: map[string]int{}, convs: map[string]bool{}, Views: make([]*View, len(items))}
	for i := range items {
		it := &items[i]
		c.want[matchKey(it.ConversationID, it.Timestamp, it.MessageIndex, it.CharStart, it.CharEnd, it.CitationID())] = i
		c.convs[it.ConversationID] = true
	}
	return c
}

// ItemKey is the key that matches a finding to the sample line made from
// it (the label file's own key also has the marker as written).
func ItemKey(f *audit.Finding) string {
	return matchKey(f.ConversationID, f.Timestamp, f.MessageIndex, f.CharStart, f.CharEnd, f.Citation)
}

// matchKey joins the fields length-prefixed, so no content of one field can
// make two citations one key.
func matchKey(conv, ts string, msg, start, end int, citation string) string {
	return fmt.Sprintf("%d:%s|%d:%s|%d|%d|%d|%d:%s", len(conv), conv, len(ts), ts, msg, start, end, len(citation), citation)
}

// Result keeps the views of the record's sampled citations.
func (c *Collector) Result(res *audit.Result) error {
	if !c.convs[res.Record.ConversationID] {
		return nil
	}
	for i := range res.Findings {
		f := &res.Findings[i]
		if k, ok := c.want[ItemKey(f)]; ok && c.Views[k] == nil {
			c.Views[k] = view(res.Record, f)
		}
	}
	return nil
}

// Skip ignores skipped records.
func (c *Collector) Skip(*readers.SkipError) error { return nil }

// Missing returns the items no finding matched.
func (c *Collector) Missing() []Item {
	var out []Item
	for i, v := range c.Views {
		if v == nil {
			out = append(out, c.items[i])
		}
	}
	return out
}

func view(rec *readers.Record, f *audit.Finding) *View {
	msg := &rec.Messages[f.MessageIndex]
	v := &View{Answer: msg.Content, SentenceStart: f.CharStart, SentenceEnd: f.CharEnd,
		WindowStart: f.MatchedStart, WindowEnd: f.MatchedEnd, MachineVerdict: f.Verdict, MachineReason: report.Explain(f)}
	if f.SupportScore != nil {
		s := float64(*f.SupportScore)
		v.MachineScore = &s
	}
	for i := f.MessageIndex - 1; i >= 0; i-- {
		if rec.Messages[i].Role == "user" {
			v.Question = rec.Messages[i].Content
			break
		}
	}
	cited := -1
	if f.ChunkID != nil {
		cited = msg.ChunkIndex(*f.ChunkID)
	}
	for i := range msg.Retrieval {
		ch := Chunk{ID: msg.ChunkID(i), Source: msg.Retrieval[i].Source, Text: msg.Retrieval[i].Text}
		if i == cited {
			v.Chunk = ch
		} else {
			v.Others = append(v.Others, ch)
		}
	}
	return v
}
