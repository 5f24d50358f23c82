package report

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
)

// DefaultMinChecked is the share of citations a run must have checked to
// pass (--min-checked).
const DefaultMinChecked = 0.95

// Coverage says how many of a run's citations were checked and why the
// others could not be: a rate over the citations checked says nothing of
// the rest, so a run that checked too few is never a pass.
type Coverage struct {
	Citations  int     `json:"citations"`
	Checked    int     `json:"checked"` // supported, unsupported or fabricated
	NotChecked int     `json:"not_checked"`
	Share      float64 `json:"checked_share"` // checked / citations (1 without citations)
	MinChecked float64 `json:"min_checked"`
	// Causes are why citations were not checked, most first.
	Causes []Cause `json:"causes,omitempty"`
	// Records audited, and read but skipped as unreadable (a duplicate
	// of a record read before, or a guard's decision never served, is
	// audited once or has nothing served: neither counts): a record
	// skipped is citations never seen, so its share is held to
	// MinChecked too.
	RecordsAudited int     `json:"records_audited"`
	RecordsSkipped int     `json:"records_unreadable"`
	RecordsShare   float64 `json:"records_audited_share"`
	// CutShort counts the inputs that end early (truncated_input: a
	// gzip stream or file cut off, a Parquet row group unreadable): the
	// records after the cut were never counted, so no share of records
	// read can be trusted and the run never passes.
	CutShort int `json:"inputs_cut_short,omitempty"`
	// Undated counts the records among RecordsSkipped that --last left
	// out for want of a timestamp: read, but not placeable in time.
	Undated int `json:"records_undated,omitempty"`
	// Repeats counts the records skipped as repeats of a record read
	// before (duplicate_record): in no count of records here.
	Repeats int `json:"records_repeated,omitempty"`
}

// repeats is what the record counts leave out, for their messages: ""
// without repeats.
func (c *Coverage) repeats() string {
	if c.Repeats == 0 {
		return ""
	}
	if c.Repeats == 1 {
		return " (not counting 1 repeat of a record)"
	}
	return fmt.Sprintf(" (not counting %d repeats of a record)", c.Repeats)
}

// Cause is one reason citations could not be checked: the reason's code
// (audit.Reasons), how many, and what to do, in words.
type Cause struct {
	Reason    string `json:"reason"`
	Citations int    `json:"citations"`
	Detail    string `json:"detail"`
}

// Enough reports whether the run checked at least MinChecked of its
// citations, and audited at least MinChecked of the records it could
// have.
//
// No rate speaks for citations none of which were checked: that is never
// enough, whatever --min-checked (0 included) says.
func (c *Coverage) Enough() bool {
	return c.Share >= c.MinChecked && !c.unread() && (c.Checked > 0 || c.Citations == 0)
}

// unread reports whether too few of the logs' records were read: under
// MinChecked of those counted, or an input cut short, whose lost records
// no count holds.
func (c *Coverage) unread() bool { return c.RecordsShare < c.MinChecked || c.CutShort > 0 }

// coverageOf makes the run's coverage from its counts and what the stream
// saw of the logs' keys.
func coverageOf(c audit.Counts, r pipeline.Retrieval, minChecked float64) *Coverage {
	by := c.CitationsByVerdict
	cov := &Coverage{Citations: c.Citations, Checked: by[audit.Supported] + by[audit.Unsupported] + by[audit.Fabricated],
		NotChecked: by[audit.NotAuditable], MinChecked: minChecked, Share: 1}
	if c.Citations > 0 {
		cov.Share = round6(float64(cov.Checked) / float64(c.Citations))
	}
	cov.RecordsAudited = c.RecordsAudited
	cov.RecordsSkipped = c.RecordsSkipped - c.SkippedByReason[readers.ReasonDuplicate] - c.SkippedByReason[readers.ReasonNotServed]
	cov.CutShort = c.SkippedByReason[readers.ReasonTruncatedGzip]
	cov.Undated = c.SkippedByReason[readers.ReasonUndated]
	cov.Repeats = c.SkippedByReason[readers.ReasonDuplicate]
	cov.RecordsShare = 1
	if n := cov.RecordsAudited + cov.RecordsSkipped; n > 0 {
		cov.RecordsShare = round6(float64(cov.RecordsAudited) / float64(n))
	}
	for _, reason := range audit.Reasons {
		if reason.Verdict != audit.NotAuditable || c.ByReason[reason.Code] == 0 {
			continue
		}
		n := c.ByReason[reason.Code]
		cov.Causes = append(cov.Causes, Cause{Reason: reason.Code, Citations: n, Detail: causeDetail(reason, n, c, r)})
	}
	slices.SortStableFunc(cov.Causes, func(a, b Cause) int { return cmp.Compare(b.Citations, a.Citations) })
	return cov
}

// causeDetail says why n citations could not be checked, and the fix.
func causeDetail(reason audit.Reason, n int, c audit.Counts, r pipeline.Retrieval) string {
	switch reason.Code {
	case "no_retrieval_logged":
		if r.Why != "" {
			return fmt.Sprintf("%d citation(s) are in answers that log no retrieval: the first such answer: %s", n, r.Why)
		}
		if len(r.MessageKeys) > 0 {
			return fmt.Sprintf("%d citation(s) are in answers that log no retrieval: the first such answer has the keys %s; if the chunks are under one of them, map it with --mapping",
				n, backticks(r.MessageKeys))
		}
		return fmt.Sprintf("%d citation(s) are in answers that log no retrieval: map the chunks' key with --mapping", n)
	case "chunk_ids_absent":
		return fmt.Sprintf("%d citation(s) name an id (\"[doc-1]\") where the answer's chunks are logged without ids: whether they name a retrieved chunk or none cannot be told; log each chunk's id, or name its key with --mapping (retrieval fields: id)", n)
	case "chunk_text_absent":
		return fmt.Sprintf("%d citation(s) cite chunks logged without text (a web page named by its address only, or text under a key ragaudit does not read: map it with --mapping)", n)
	case "chunk_text_empty":
		return fmt.Sprintf("%d citation(s) cite chunks logged with an empty text (\"text\": \"\"): log each chunk's text", n)
	case "chunk_sources_absent":
		return fmt.Sprintf("%d citation(s) name a file (\"[source: faq.md]\") where the answer's chunks are logged without their files: whether they name a retrieved chunk or none cannot be told; log each chunk's source, or name its key with --mapping (retrieval fields: source)", n)
	case "search_result_unnamed":
		return fmt.Sprintf("%d citation(s) are file-search markers (\"【4:1†source】\") that name no retrieved chunk's id or file: which search result each cites cannot be told; read the Assistants export with --format openai-assistants, whose annotations name each marker's file, or log each chunk's id as its marker's numbers (\"4:1\")", n)
	case "duplicate_chunk_id":
		return fmt.Sprintf("%d citation(s) cite an id the retrieval logs for several chunks that disagree on the claim (one supports it, another does not): which one was cited cannot be told; log each chunk under an id of its own", n)
	case "language_unsupported":
		return fmt.Sprintf("%d citation(s) are in a language the checks do not support (%s): they are not judged by another language's rules", n, languages(c.NotAuditableByLanguage))
	}
	return fmt.Sprintf("%d citation(s): %s", n, reason.Doc)
}

// Sentence is the coverage in one line for headlines: "632 citations: 219
// checked (34.7%), 413 not (413 chunk text absent)".
func (c *Coverage) Sentence() string {
	s := c.citationsSentence()
	if c.RecordsSkipped > 0 {
		if c.Undated == c.RecordsSkipped {
			s += fmt.Sprintf("; %d of %d records have no timestamp for --last (any citations in them were never seen)", c.RecordsSkipped, c.RecordsAudited+c.RecordsSkipped)
		} else {
			s += fmt.Sprintf("; %d of %d records%s could not be read (any citations in them were never seen)", c.RecordsSkipped, c.RecordsAudited+c.RecordsSkipped, c.repeats())
		}
	}
	if c.CutShort > 0 {
		s += fmt.Sprintf("; %s cut short: the records after the cut are lost, their number unknown", inputs(c.CutShort))
	}
	return s
}

func (c *Coverage) citationsSentence() string {
	if c.NotChecked == 0 {
		return fmt.Sprintf("all %d citations checked", c.Citations)
	}
	return fmt.Sprintf("%d of %d citations checked (%s), %d could not be: %s", c.Checked, c.Citations, pct(c.Share), c.NotChecked, c.causesShort())
}

// causesShort is each cause of citations not checked with its count, by
// its label: "6 language not supported, 2 chunk text absent".
func (c *Coverage) causesShort() string {
	var parts []string
	for _, cause := range c.Causes {
		label := cause.Reason
		if r, ok := audit.ReasonOf(cause.Reason); ok {
			label = r.Label
		}
		parts = append(parts, fmt.Sprintf("%d %s", cause.Citations, label))
	}
	return strings.Join(parts, ", ")
}

// incompleteDetail is the status detail of a run that checked too few:
// each shortfall, and every cause with its count.
func (c *Coverage) incompleteDetail() string {
	var parts []string
	if c.CutShort > 0 {
		parts = append(parts, fmt.Sprintf("%s cut short (truncated_input: a file or stream cut off or corrupt): the records after the cut were never read and their number is unknown, so %d of %d records read%s says nothing of what was lost; skipped.jsonl names the file and line",
			inputs(c.CutShort), c.RecordsAudited, c.RecordsAudited+c.RecordsSkipped, c.repeats()))
	} else if c.RecordsShare < c.MinChecked && c.Undated == c.RecordsSkipped {
		parts = append(parts, fmt.Sprintf("only %d of %d records (%s) could be audited, under --min-checked %s: the other %d have no timestamp, so --last cannot place them, and any citations they hold were never checked (give every record its time, or audit without --last)",
			c.RecordsAudited, c.RecordsAudited+c.RecordsSkipped, pct(c.RecordsShare), pct(c.MinChecked), c.RecordsSkipped))
	} else if c.RecordsShare < c.MinChecked {
		undated := ""
		if c.Undated > 0 {
			undated = fmt.Sprintf("; %d of them read but without a timestamp for --last", c.Undated)
		}
		parts = append(parts, fmt.Sprintf("only %d of %d records (%s) could be read, under --min-checked %s: any citations the %d skipped hold were never checked (skipped.jsonl says why, record by record%s)",
			c.RecordsAudited, c.RecordsAudited+c.RecordsSkipped, pct(c.RecordsShare), pct(c.MinChecked), c.RecordsSkipped, undated))
	}
	if c.NotChecked > 0 {
		d := fmt.Sprintf("only %d of %d citations (%s) could be checked", c.Checked, c.Citations, pct(c.Share))
		if c.Share < c.MinChecked {
			d += ", under --min-checked " + pct(c.MinChecked)
		}
		parts = append(parts, d+c.causesDetail())
	}
	return strings.Join(parts, "; ")
}

// causesDetail names every cause of citations not checked, with its count
// and what to do: ": 5 citation(s) …; 4 citation(s) …".
func (c *Coverage) causesDetail() string {
	if len(c.Causes) == 0 {
		return ""
	}
	ds := make([]string, len(c.Causes))
	for i, cause := range c.Causes {
		ds[i] = cause.Detail
	}
	return ": " + strings.Join(ds, "; ")
}

// bestRate is the rate were every citation not checked supported: the
// most the run's rate could be, given supported citations of those
// checked.
func (c *Coverage) bestRate(supported int) float64 {
	if c.Checked+c.NotChecked == 0 {
		return 0
	}
	return float64(supported+c.NotChecked) / float64(c.Checked+c.NotChecked)
}

func backticks(keys []string) string {
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = "`" + Printable(k) + "`"
	}
	return strings.Join(q, ", ")
}

// languages lists languages by citations, most first: "de 12, it 3".
func languages(by map[string]int) string {
	type lang struct {
		code string
		n    int
	}
	var ls []lang
	for code, n := range by {
		ls = append(ls, lang{code, n})
	}
	slices.SortFunc(ls, func(a, b lang) int {
		if a.n != b.n {
			return cmp.Compare(b.n, a.n)
		}
		return strings.Compare(a.code, b.code)
	})
	var parts []string
	for _, l := range ls {
		parts = append(parts, fmt.Sprintf("%s %d", Printable(l.code), l.n))
	}
	return strings.Join(parts, ", ")
}

// Notes are what a person must know to read the run's figures right:
// marker-shaped text not read as citations, answers the floor could not
// be checked on, and answers whose markers were read counting from 0, or
// could not be told.
func (s *Summary) Notes() []string {
	c := s.Counts
	var out []string
	for _, shape := range slices.Sorted(maps.Keys(c.UnreadMarkers)) {
		out = append(out, unreadNote(shape, c.UnreadMarkers[shape]))
	}
	if s.Retrieval != nil {
		out = append(out, s.Retrieval.Sentences()...)
	}
	if n := c.FloorNotChecked; n > 0 {
		out = append(out, fmt.Sprintf("%d answer(s) could not be checked against the retrieval floor: no chunk they were given carries a score (the log has none, or a distance only; a score under another key can be mapped with --mapping). They are counted as not checked (answers_floor_not_checked), never as above the floor", n))
	}
	if n := c.Resolution["earlier_turn"]; n > 0 {
		out = append(out, fmt.Sprintf("%d citation(s) name no chunk of their own turn's retrieval (or their turn logged none) but a chunk retrieved earlier in the same conversation, by its id or source: each was judged against that chunk, from the latest turn that retrieved it (resolved_by \"earlier_turn\"); a bare number such as [1] is read in its own turn only", n))
	}
	if n := c.ChunksCutInText; n > 0 {
		out = append(out, fmt.Sprintf("%d cited chunk(s) were logged with text that ends cut (\"… [truncated]\", \"(truncated)\", \"[…]\", or \"…\" right after a word): read as truncated, as text_status \"truncated\" is, so their citations are not auditable (chunk_text_truncated), never judged on a partial last word; log the whole text, or text_status \"full\" when the ellipsis is the document's own", n))
	}
	if n := c.ZeroBasedAnswers; n > 0 {
		out = append(out, fmt.Sprintf("%d answer(s) cite [0], which no chunk has as its id: their markers were read counting from 0 ([0] is the first chunk)", n))
	}
	if n := c.ZeroIDsAnswers; n > 0 {
		out = append(out, fmt.Sprintf("%d answer(s) cite bare numbers among chunks whose ids number from 0 (such as doc_0): their markers were read as positions counting from 1 ([1] is the first chunk retrieved, not the chunk numbered 1; resolved_by \"position\"); if the answers number their sources as the ids do, run with --resolve position0", n))
	}
	if n := c.ZeroUnclearAnswers; n > 0 {
		out = append(out, fmt.Sprintf("%d answer(s) cite [0], which no chunk has, among chunks with numbered ids: counted as fabricated; if the log's markers count from 0, run with --resolve position0", n))
	}
	return out
}

// unreadNote says of each shape of marker-shaped text (audit's
// Marker.Shape) what it is, why it was not read as a citation, and what to
// do if it is one.
func unreadNote(shape string, n int) string {
	switch shape {
	case "(n)":
		return fmt.Sprintf("%d answer(s) contain numbers in parentheses such as `(1)`, not read as citations: beside other markers they are taken for enumerations or asides, and a number past the chunks retrieved names none; if they are citations, see --citation-regex", n)
	case "【…】":
		return fmt.Sprintf("%d answer(s) contain `【…】` brackets that are neither a file-search citation (`【4:0†source】`) nor a retrieved chunk's id, not read as citations; if they are, see --citation-regex", n)
	case "[source: …]":
		return fmt.Sprintf("%d answer(s) contain source labels in brackets such as `[Quelle: Handbuch]` whose value is neither a retrieved chunk's id or source nor shaped like an id, not read as citations: which chunk they mean cannot be told; if they cite, log each chunk's source under the name the answers give it, or see --citation-regex", n)
	case "(source: …)":
		return fmt.Sprintf("%d answer(s) contain source labels in parentheses such as `(Quelle: Handbuch)` whose value is a name, not a chunk's number or an id, not read as citations: in parentheses a name may be prose; if they cite, see --citation-regex", n)
	}
	if note, ok := moreUnreadNotes[shape]; ok {
		return fmt.Sprintf("%d answer(s) contain %s", n, note)
	}
	return fmt.Sprintf("%d answer(s) contain `%s`, not read as citations; if they are, see --citation-regex", n, Printable(shape))
}

// inputs is "1 input" or "n inputs".
func inputs(n int) string {
	if n == 1 {
		return "1 input"
	}
	return fmt.Sprintf("%d inputs", n)
}
