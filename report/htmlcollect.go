package report

import (
	"strings"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/audit"
)

// DefaultMaxFailures caps the failing citations listed in report.html;
// findings.csv always has them all.
const DefaultMaxFailures = 500

// worstConversations is how many conversations the report ranks.
const worstConversations = 20

// Bounds on what one failing card carries, so that the report's memory and
// size do not depend on how long a logged answer or retrieval is.
const (
	maxQuestionRunes = 600 // the user's question
	contextRunes     = 300 // the answer before and after the sentence
	maxRetrievedIDs  = 20  // the retrieved ids shown beside a fabricated citation
	maxChunkRunes    = 4000
	maxSentenceRunes = 2000
)

// Failure is one failing card of the report: the finding, the chunk it
// cites and, for a misattribution, the chunk that would support it; the
// question and the answer around the sentence; for a fabricated citation
// the ids that were retrieved.
type Failure struct {
	F             audit.Finding
	ChunkText     string
	BetterText    string
	Question      string
	Before, After string // the answer around the sentence, bounded
	Sentence      string // the sentence as it stands in the answer
	Retrieved     []string
	RetrievedMore int // retrieved ids not in Retrieved
	Day           string
	Place         Place
	seq           int
	chunkShift    int // code points cut from the chunk's start (F's matched span is shifted)
}

// ConversationFailures ranks a conversation by its failing citations.
type ConversationFailures struct {
	ConversationID, Tenant, Agent, Source string
	Failures, Citations                   int
	seq                                   int
}

// HTMLCollector gathers, while the audit streams, what the HTML report
// shows beyond the summary: the failing findings to list (at most the
// cap: the worst by report.Worse, with each reason's share, htmlshare.go)
// with their context, and the worst conversations. Memory is bounded by
// twice the cap.
type HTMLCollector struct {
	failures keepWorst[Failure]   // the worst rows of all
	codes    []string             // filterCodes
	byReason []keepWorst[Failure] // per code, its worst rows (reasonShare)
	failing  int
	worst    keepWorst[ConversationFailures]
	seq      int
	findings int
}

// NewHTMLCollector keeps at most max failing rows (0: DefaultMaxFailures).
func NewHTMLCollector(max int) *HTMLCollector {
	if max <= 0 {
		max = DefaultMaxFailures
	}
	worseCard := func(a, b *Failure) bool { return Worse(&a.F, &b.F, a.seq, b.seq) }
	h := &HTMLCollector{
		failures: keepWorst[Failure]{n: max, worse: worseCard},
		worst:    keepWorst[ConversationFailures]{n: worstConversations, worse: worse},
		codes:    filterCodes(),
	}
	for range h.codes {
		h.byReason = append(h.byReason, keepWorst[Failure]{n: reasonShare(max, len(h.codes)), worse: worseCard})
	}
	return h
}

// Add takes one audited record, in output order; turns numbers its
// answers (TurnsOf).
func (h *HTMLCollector) Add(res *audit.Result, turns Turns) {
	h.seq++
	cf := ConversationFailures{ConversationID: res.Record.ConversationID, Tenant: res.Record.Tenant,
		Agent: res.Record.Agent, seq: h.seq}
	for i := range res.Findings {
		f := &res.Findings[i]
		h.findings++
		if f.Cited() {
			cf.Citations++
			cf.Source = f.Source
		}
		if Severity(f) == 0 {
			continue
		}
		cf.Failures++
		if cf.Source == "" {
			cf.Source = f.Source
		}
		h.failing++
		h.keep(res, f, turns.Place(f))
	}
	if cf.Failures > 0 {
		h.worst.add(cf)
	}
}

// keep adds a failing finding to the lists it is among the worst of: of
// all, and of each of its reasons; its context is gathered only then.
func (h *HTMLCollector) keep(res *audit.Result, f *audit.Finding, place Place) {
	fl := Failure{F: *f, Place: place, seq: h.findings}
	var into []*keepWorst[Failure]
	if h.failures.admits(&fl) {
		into = append(into, &h.failures)
	}
	for i, code := range h.codes {
		if hasCode(f, code) && h.byReason[i].admits(&fl) {
			into = append(into, &h.byReason[i])
		}
	}
	if len(into) == 0 {
		return
	}
	withContext(&fl, res)
	owned(&fl)
	for _, k := range into {
		k.add(fl) // copies share the texts
	}
}

// owned bounds the sentence and copies the texts a failure keeps, so that
// it holds no part of its record (a substring would keep the whole answer
// or chunk alive).
func owned(fl *Failure) {
	fl.F.Sentence = strings.Clone(truncate(fl.F.Sentence, maxSentenceRunes))
	fl.Sentence = strings.Clone(truncate(fl.Sentence, maxSentenceRunes))
	fl.F.MatchedText = strings.Clone(truncate(fl.F.MatchedText, maxSentenceRunes))
	for _, p := range []*string{&fl.Question, &fl.Before, &fl.After, &fl.ChunkText, &fl.BetterText} {
		*p = strings.Clone(*p)
	}
}

// withContext adds to a failure what the record says around it.
func withContext(fl *Failure, res *audit.Result) {
	f := &fl.F
	fl.Day = audit.Day(res.Record.Timestamp)
	fl.ChunkText, fl.chunkShift = clipAround(chunkText(res, f.MessageIndex, f.ChunkID), f.MatchedStart, f.MatchedEnd)
	f.MatchedStart, f.MatchedEnd = f.MatchedStart-fl.chunkShift, f.MatchedEnd-fl.chunkShift
	fl.BetterText = truncate(chunkText(res, f.MessageIndex, f.BetterChunkID), maxChunkRunes)
	msgs := res.Record.Messages
	if f.MessageIndex < 0 || f.MessageIndex >= len(msgs) {
		fl.Sentence = f.Sentence
		return
	}
	for i := f.MessageIndex - 1; i >= 0; i-- {
		if msgs[i].Role == "user" {
			fl.Question = truncate(msgs[i].Content, maxQuestionRunes)
			break
		}
	}
	fl.Before, fl.Sentence, fl.After = around(msgs[f.MessageIndex].Content, f.CharStart, f.CharEnd)
	if fl.Sentence == "" {
		fl.Sentence = f.Sentence
	}
	if f.Verdict == audit.Fabricated {
		for i := range msgs[f.MessageIndex].Retrieval {
			if i == maxRetrievedIDs {
				fl.RetrievedMore = len(msgs[f.MessageIndex].Retrieval) - i
				break
			}
			fl.Retrieved = append(fl.Retrieved, msgs[f.MessageIndex].ChunkID(i))
		}
	}
}

// around splits content at the code-point span [start, end): up to
// contextRunes before it (from a word start) and after it (to a word end),
// with "…" where cut. A span outside the content gives "" for all three.
func around(content string, start, end int) (before, span, after string) {
	if start < 0 || end <= start {
		return "", "", ""
	}
	a, b := byteOffset(content, start), byteOffset(content, end)
	if b <= a || utf8.RuneCountInString(content[:a]) != start {
		return "", "", ""
	}
	before, after = content[:a], content[b:]
	if n := utf8.RuneCountInString(before); n > contextRunes {
		cut := before[byteOffset(before, n-contextRunes):]
		if i := strings.IndexAny(cut, " \n"); i >= 0 && i < len(cut)-1 {
			cut = cut[i+1:]
		}
		before = "…" + cut
	}
	if utf8.RuneCountInString(after) > contextRunes {
		cut := after[:byteOffset(after, contextRunes)]
		if i := strings.LastIndexAny(cut, " \n"); i > 0 {
			cut = cut[:i]
		}
		after = cut + "…"
	}
	return before, content[a:b], after
}

// clipAround bounds a chunk's text to maxChunkRunes code points around
// the code-point span [from, to) (its best-matching window), marking the
// cuts with "…". It returns the text and how far the span moved left.
func clipAround(text string, from, to int) (string, int) {
	n := utf8.RuneCountInString(text)
	if n <= maxChunkRunes {
		return text, 0
	}
	start := 0
	if to > from {
		start = max(0, min(from-(maxChunkRunes-(to-from))/2, n-maxChunkRunes))
	}
	out := text[byteOffset(text, start):]
	out = truncate(out, maxChunkRunes)
	if start == 0 {
		return out, 0
	}
	return "…" + out, start - 1
}

func chunkText(res *audit.Result, msg int, id *string) string {
	if id == nil || msg < 0 || msg >= len(res.Record.Messages) {
		return ""
	}
	m := &res.Record.Messages[msg]
	if i := m.ChunkIndex(*id); i >= 0 {
		return m.Retrieval[i].Text
	}
	return ""
}

// worse orders conversations: more failures, then a higher failure share,
// then earlier in the input.
func worse(a, b *ConversationFailures) bool {
	if a.Failures != b.Failures {
		return a.Failures > b.Failures
	}
	ra, rb := share(a), share(b)
	if ra != rb {
		return ra > rb
	}
	return a.seq < b.seq
}

func share(c *ConversationFailures) float64 {
	if c.Citations == 0 {
		return 1
	}
	return float64(c.Failures) / float64(c.Citations)
}
