package audit

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Verdicts of a (sentence, citation) pair, or of a sentence.
const (
	Supported    = "supported"
	Unsupported  = "unsupported"
	Fabricated   = "fabricated"    // the citation resolves to no retrieved chunk
	NotAuditable = "not_auditable" // the cited chunk has no text to check against
	Uncited      = "uncited"       // a factual sentence with no citation
)

// Answer statuses.
const (
	Answered           = "answered"
	Refusal            = "refusal"
	AnsweredBelowFloor = "answered_below_floor"
	Rejected           = "rejected" // a claims-JSON answer citing evidence that was not retrieved
)

// Finding is one row of the audit: one (sentence, cited chunk) pair, or one
// uncited factual sentence. Its JSON names are a public contract (README).
type Finding struct {
	ConversationID  string           `json:"conversation_id"`
	Tenant          string           `json:"tenant"`
	Agent           string           `json:"agent"`
	Timestamp       string           `json:"timestamp"`
	Source          string           `json:"source"` // file:line of the input record
	MessageIndex    int              `json:"message_index"`
	SentenceIndex   int              `json:"sentence_index"`
	CharStart       int              `json:"char_start"` // code points into the message content
	CharEnd         int              `json:"char_end"`
	Sentence        string           `json:"sentence"`
	Marker          string           `json:"marker"`
	Citation        string           `json:"citation"`
	ChunkID         *string          `json:"chunk_id"`
	ResolvedBy      string           `json:"resolved_by"` // id, position, or "" when unresolved
	Verdict         string           `json:"verdict"`
	SentenceVerdict string           `json:"sentence_verdict"`
	AnswerStatus    string           `json:"answer_status"`
	SupportScore    *Score           `json:"support_score"`  // p(supported) of this citation
	SentenceScore   *Score           `json:"sentence_score"` // p(supported) of the sentence over its cited chunks
	NPCoverage      *Score           `json:"np_coverage"`
	TokenOverlap    *Score           `json:"token_overlap"`
	Signals         map[string]Score `json:"signals"` // every model input, by name
	// SentenceSignals are the signals of the sentence over all its cited
	// chunks together, behind sentence_verdict, when it cites more than
	// one (else they are Signals). For eval and calibrate: not written to
	// findings.jsonl.
	SentenceSignals map[string]Score `json:"-"`
	NPFound         []string         `json:"np_found"`
	NPMissing       []string         `json:"np_missing"`
	NumbersMissing  []string         `json:"numbers_missing"`
	// NumbersElsewhere are those of NumbersMissing the chunk writes as the
	// sentence does, of something else: "not in the chunk" would be false.
	NumbersElsewhere []string `json:"numbers_elsewhere,omitempty"`
	EntitiesMissing  []string `json:"entities_missing"`
	MatchedText      string   `json:"matched_text"`  // the best-matching window of the chunk
	MatchedStart     int      `json:"matched_start"` // its span in the chunk text, code points
	MatchedEnd       int      `json:"matched_end"`
	BetterChunkID    *string  `json:"better_chunk_id"` // a retrieved chunk that supports the sentence when this one does not
	Reasons          []string `json:"reasons"`
	// Language is the language the sentence was judged in (ISO 639-1);
	// ChunkLanguage the cited chunk's, when it differs.
	Language      string `json:"language"`
	ChunkLanguage string `json:"chunk_language,omitempty"`
	// Unstated is the part of the sentence the chunk does not state: its
	// content words the chunk lacks, in order (numbers_missing gives the
	// amounts and dates among them as written).
	Unstated []string `json:"unstated"`
	// Judge is set for a citation in a judge's uncertain band (--judge-url):
	// what it answered and the lexical verdict it replaced.
	Judge *Judged `json:"judge,omitempty"`
}

// fill copies a pair's measures and score into the finding.
func (f *Finding) fill(m *measures, p float64) {
	f.SupportScore = scorePtr(p)
	if m.NPCoverage >= 0 {
		f.NPCoverage = scorePtr(m.NPCoverage)
	}
	if m.TokenOverlap >= 0 {
		f.TokenOverlap = scorePtr(m.TokenOverlap)
	}
	f.Signals = signalMap(m)
	f.NPFound, f.NPMissing, f.NumbersMissing, f.EntitiesMissing = m.NPFound, m.NPMissing, m.NumbersMissing, m.EntitiesMissing
	f.Unstated = m.Unstated
	f.NumbersElsewhere = nil
	for _, raw := range m.NumbersMissing {
		if writesQuantity(m.SpanShown, raw) {
			f.NumbersElsewhere = append(f.NumbersElsewhere, raw)
		}
	}
	span, text := m.Span, m.SpanShown
	if m.RivalText != "" { // the passage to show is the one saying otherwise
		span, text = m.RivalSpan, m.RivalText
	}
	if text != "" {
		f.MatchedText = text[span[0]:span[1]]
		f.MatchedStart = utf8.RuneCountInString(text[:span[0]])
		f.MatchedEnd = f.MatchedStart + utf8.RuneCountInString(f.MatchedText)
	}
}

// Score is a signal value in [0, 1], written with four decimals so outputs
// are stable across platforms.
type Score float64

// MarshalJSON writes the score with fixed precision.
func (s Score) MarshalJSON() ([]byte, error) { return []byte(s.String()), nil }

func (s Score) String() string { return strconv.FormatFloat(float64(s), 'f', 4, 64) }

func scorePtr(v float64) *Score { s := Score(v); return &s }

// Cited reports whether the finding is a citation (not an uncited sentence).
func (f *Finding) Cited() bool { return f.Verdict != Uncited }

// writesQuantity reports whether text writes the quantity raw as it is
// written ("2 %", "€12"), not inside another number ("12 %", "2,25 %").
func writesQuantity(text, raw string) bool {
	if raw == "" {
		return false
	}
	for from := 0; ; {
		i := strings.Index(text[from:], raw)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(raw)
		before := i > 0 && (isDigit(text[i-1]) || i > 1 && (text[i-1] == '.' || text[i-1] == ',') && isDigit(text[i-2]))
		after := end < len(text) && (isDigit(text[end]) || end+1 < len(text) && (text[end] == '.' || text[end] == ',') && isDigit(text[end+1]))
		if !before && !after {
			return true
		}
		from = i + 1
	}
}
