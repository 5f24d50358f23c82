package guard

import (
	"slices"

	"github.com/ragaudit/ragaudit/audit"
)

// Answer statuses besides the audit's (audit.Answered, audit.Refusal,
// audit.AnsweredBelowFloor, audit.Rejected).
const StatusUnverifiable = "unverifiable" // no retrieval was given: nothing can be checked

// Verdict is the audit's verdict of one answer, by claim.
type Verdict struct {
	Status  string         `json:"status"`
	Classes []Class        `json:"classes"` // of the answer and of its claims, in the order of Classes
	Claims  []ClaimVerdict `json:"claims"`
	// Findings are exactly what ragaudit audit writes to findings.jsonl
	// for the answer, under the same model and the tenant's floor.
	Findings  []audit.Finding `json:"findings,omitempty"`
	ModelHash string          `json:"model"`
	// FloorReason says why the answer is below the floor; FloorUnchecked
	// why the floor could not be checked (unverifiable: no chunk has a
	// score).
	FloorReason    string `json:"floor_reason,omitempty"`
	FloorUnchecked string `json:"floor_unchecked,omitempty"`
	// Language is the one the answer was read in (ISO 639-1).
	Language string `json:"language,omitempty"`
}

// ClaimVerdict is one claim: a span of the answer that cites (or a
// factual sentence that does not) with its verdict and classes of failure.
type ClaimVerdict struct {
	Index          int               `json:"index"`
	Span           [2]int            `json:"span"` // code points into the answer
	Text           string            `json:"text"`
	Markers        []string          `json:"markers"`
	ChunkIDs       []string          `json:"chunk_ids"` // the retrieved chunks it resolves to
	Verdict        string            `json:"verdict"`   // the claim's over its cited chunks together
	Classes        []Class           `json:"classes"`
	SupportScore   *audit.Score      `json:"support_score"`
	NumbersMissing []string          `json:"numbers_missing,omitempty"`
	MatchedText    string            `json:"matched_text,omitempty"`
	BetterChunkID  *string           `json:"better_chunk_id"`
	Citations      []CitationVerdict `json:"citations"`
	Dropped        bool              `json:"dropped,omitempty"` // the decision drops it from the answer
}

// CitationVerdict is one citation of a claim.
type CitationVerdict struct {
	Marker       string       `json:"marker"`
	Citation     string       `json:"citation"`
	ChunkID      *string      `json:"chunk_id"`
	Verdict      string       `json:"verdict"`
	SupportScore *audit.Score `json:"support_score"`
	Reasons      []string     `json:"reasons"`
}

// Cited reports whether the claim cites anything.
func (c *ClaimVerdict) Cited() bool { return c.Verdict != audit.Uncited }

// verdictOf groups an answer's findings by claim.
func verdictOf(res *audit.Result, provided bool, hash string) Verdict {
	v := Verdict{Status: audit.Answered, ModelHash: hash, Claims: []ClaimVerdict{}, Classes: []Class{}}
	if len(res.Answers) > 0 {
		a := res.Answers[len(res.Answers)-1]
		v.Status, v.FloorReason, v.FloorUnchecked, v.Language = a.Status, a.FloorReason, a.FloorUnchecked, a.Language
		if a.FloorNotRead != "" { // below the floor, in a language the checks do not read
			v.FloorUnchecked = "language " + a.FloorNotRead + " is not read: whether the answer answers or refuses cannot be told"
		}
		if len(a.NotRead) > 0 { // uncited sentences that may state facts
			v.addClass(ClassUnverifiable)
		}
	}
	if v.FloorUnchecked != "" {
		v.addClass(ClassUnverifiable)
	}
	v.Findings = res.Findings
	for start := 0; start < len(res.Findings); {
		end := start + 1
		for end < len(res.Findings) && res.Findings[end].SentenceIndex == res.Findings[start].SentenceIndex {
			end++
		}
		v.Claims = append(v.Claims, claimOf(res.Findings[start:end]))
		start = end
	}
	switch v.Status {
	case audit.Rejected:
		v.addClass(ClassClaimsRejected)
	case audit.AnsweredBelowFloor:
		v.addClass(ClassBelowFloor)
	}
	if !provided {
		v.Status = StatusUnverifiable
		v.addClass(ClassUnverifiable)
	}
	for i := range v.Claims {
		for _, c := range v.Claims[i].Classes {
			v.addClass(c)
		}
	}
	slices.SortFunc(v.Classes, func(a, b Class) int { return slices.Index(Classes, a) - slices.Index(Classes, b) })
	return v
}

func (v *Verdict) addClass(c Class) {
	if !slices.Contains(v.Classes, c) {
		v.Classes = append(v.Classes, c)
	}
}

// claimOf is the claim of one sentence's findings.
func claimOf(fs []audit.Finding) ClaimVerdict {
	f0 := &fs[0]
	c := ClaimVerdict{Index: f0.SentenceIndex, Span: [2]int{f0.CharStart, f0.CharEnd}, Text: f0.Sentence,
		Verdict: f0.SentenceVerdict, Classes: classesOf(fs), SupportScore: f0.SentenceScore,
		Markers: []string{}, ChunkIDs: []string{}, Citations: []CitationVerdict{}}
	for i := range fs {
		f := &fs[i]
		if !f.Cited() {
			continue
		}
		if f.Marker != "" && !slices.Contains(c.Markers, f.Marker) {
			c.Markers = append(c.Markers, f.Marker)
		}
		if f.ChunkID != nil && f.Verdict != audit.Fabricated && !slices.Contains(c.ChunkIDs, *f.ChunkID) {
			c.ChunkIDs = append(c.ChunkIDs, *f.ChunkID)
		}
		for _, n := range f.NumbersMissing {
			if !slices.Contains(c.NumbersMissing, n) {
				c.NumbersMissing = append(c.NumbersMissing, n)
			}
		}
		if c.MatchedText == "" {
			c.MatchedText = f.MatchedText
		}
		if c.BetterChunkID == nil {
			c.BetterChunkID = f.BetterChunkID
		}
		reasons := f.Reasons
		if reasons == nil {
			reasons = []string{}
		}
		c.Citations = append(c.Citations, CitationVerdict{Marker: f.Marker, Citation: f.Citation, ChunkID: f.ChunkID,
			Verdict: f.Verdict, SupportScore: f.SupportScore, Reasons: reasons})
	}
	if c.Classes == nil {
		c.Classes = []Class{}
	}
	if c.SupportScore == nil && len(fs) == 1 {
		c.SupportScore = f0.SupportScore
	}
	return c
}
