package readers

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// Label values. A label file is a log of judgments: a later line about the
// same citation replaces an earlier one, and LabelWithdrawn takes it back
// (a reviewer's undo).
const (
	LabelSupported   = "supported"
	LabelPartial     = "partial"
	LabelUnsupported = "unsupported"
	LabelCannotJudge = "cannot_judge" // the reviewer could not decide: non-response
	LabelWithdrawn   = "withdrawn"
)

// Label is one human judgment of a sentence (and one of its citations), in
// the schema of the labelled development sets (conversation_id,
// message_index, char_start, char_end, citation_marker, chunk_id, label),
// with the fields a reviewed sample adds.
type Label struct {
	ConversationID string  `json:"conversation_id"`
	MessageIndex   int     `json:"message_index"`
	SentenceText   string  `json:"sentence_text"`
	CharStart      int     `json:"char_start"` // code points
	CharEnd        int     `json:"char_end"`
	CitationMarker *string `json:"citation_marker"` // "[n]", nil for an uncited sentence
	ChunkID        *string `json:"chunk_id"`
	Label          string  `json:"label,omitempty"` // supported, partial, unsupported, cannot_judge (withdrawn lines are applied by ReadLabels); none in a sample file
	LabelScope     string  `json:"label_scope,omitempty"`
	Agent          string  `json:"agent,omitempty"`
	Tenant         string  `json:"tenant,omitempty"`

	// Set by ragaudit sample and review; absent in other label files.
	Citation             string  `json:"citation,omitempty"`  // the citation id exactly as the audit names it
	Timestamp            string  `json:"timestamp,omitempty"` // the record's, to tell apart turns of one conversation
	Sample               string  `json:"sample,omitempty"`    // the sample's id
	Seed                 uint64  `json:"seed,omitempty"`
	SampleSize           int64   `json:"sample_size,omitempty"`  // the labels the design allocated
	StratumSize          int64   `json:"stratum_size,omitempty"` // the citations of the stratum in the logs the sample was drawn from
	Config               string  `json:"config,omitempty"`       // the audit configuration the sample was drawn under, in words
	Evidence             string  `json:"evidence,omitempty"`     // a digest of the sentence and the cited chunk's text the reviewer judged`
	ConfigHash           string  `json:"config_hash,omitempty"`
	Stratum              string  `json:"stratum,omitempty"`
	InclusionProbability float64 `json:"inclusion_probability,omitempty"`
	Reviewer             string  `json:"reviewer,omitempty"`
	LabelledAt           string  `json:"labelled_at,omitempty"`

	Line int `json:"-"` // where the judgment was read
}

// Key identifies the citation a label judges.
func (l *Label) Key() string {
	m := ""
	if l.CitationMarker != nil {
		m = *l.CitationMarker
	}
	return fmt.Sprintf("%s\x00%s\x00%d\x00%d\x00%d\x00%s\x00%s", l.ConversationID, l.Timestamp, l.MessageIndex, l.CharStart, l.CharEnd, m, l.Citation)
}

// CitationID is the id of the citation judged: Citation when the label
// file gives it, else the marker without its brackets ("[1]" → "1").
func (l *Label) CitationID() string {
	if l.Citation != "" || l.CitationMarker == nil {
		return l.Citation
	}
	return strings.Trim(*l.CitationMarker, "[]^ ")
}

// Judged reports whether the label says something about support
// (supported, partial or unsupported).
func (l *Label) Judged() bool {
	return l.Label == LabelSupported || l.Label == LabelPartial || l.Label == LabelUnsupported
}

// IsLabel reports whether s is a value a label line may hold.
func IsLabel(s string) bool {
	switch s {
	case LabelSupported, LabelPartial, LabelUnsupported, LabelCannotJudge, LabelWithdrawn:
		return true
	}
	return false
}

// CheckValue says what is wrong with the label value of a line of file
// (nil: nothing); a sample's line, which has none yet, is named as such.
func (l *Label) CheckValue(file string) error {
	switch {
	case IsLabel(l.Label):
		return nil
	case l.Label == "" && l.Stratum != "":
		return fmt.Errorf("no label: this is a sample of citations to review, not labels; label it with ragaudit review --sample %s --labels labels.jsonl, then give labels.jsonl", file)
	case l.Label == "":
		return errors.New("no label: want supported, partial, unsupported, cannot_judge or withdrawn")
	}
	return fmt.Errorf("label %q: want supported, partial, unsupported, cannot_judge or withdrawn", l.Label)
}

// ReadLabels reads a label file whole (label files are small) and returns
// the judgments in force, in the order first given: a later line about the
// same citation replaces an earlier one, a withdrawn one removes it. A
// malformed line is an error naming file and line: labels feed
// measurements, so they are not skipped silently.
func ReadLabels(path string) ([]Label, error) {
	labels, _, err := ReadLabelsCounting(path)
	return labels, err
}

// ReadLabelsCounting is ReadLabels with how many lines a later line
// replaced or withdrew: a label file's corrections, which a summary
// names rather than collapse silently.
func ReadLabelsCounting(path string) ([]Label, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	var out []Label
	replaced := 0
	at := map[string]int{}                      // key → index in out
	byReviewer := map[string]map[string]Label{} // key → reviewer → their latest judgment
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), DefaultMaxLineBytes)
	last := lastLineCut(path)
	for line := 1; sc.Scan(); line++ {
		b := sc.Bytes()
		for bytes.HasPrefix(b, utf8BOM) { // a Windows editor's, or a file joined on (see lineBOMs)
			b = b[len(utf8BOM):]
		}
		if len(b) == 0 {
			continue
		}
		var l Label
		if err := json.Unmarshal(b, &l); err != nil {
			if line == last {
				return nil, 0, fmt.Errorf("%s:%d: the last line is cut short (a write interrupted by a crash): it was never saved as a judgment; delete it, or run ragaudit review on the file once, which removes it", path, line)
			}
			return nil, 0, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		if err := l.CheckValue(path); err != nil {
			return nil, 0, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if l.ConversationID == "" {
			return nil, 0, fmt.Errorf("%s:%d: conversation_id is missing", path, line)
		}
		l.Line = line
		k := l.Key()
		if err := othersJudgment(path, byReviewer, k, l); err != nil {
			return nil, 0, err
		}
		i, seen := at[k]
		switch {
		case l.Label == LabelWithdrawn && seen:
			out[i].Label = LabelWithdrawn
			replaced++
		case l.Label == LabelWithdrawn:
		case seen:
			out[i] = l
			replaced++
		default:
			at[k] = len(out)
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, 0, fmt.Errorf("%s: %v", path, err)
	}
	kept := out[:0]
	for _, l := range out {
		if l.Label != LabelWithdrawn {
			kept = append(kept, l)
		}
	}
	return kept, replaced, nil
}

// othersJudgment records l as its reviewer's latest judgment of the
// citation k, and refuses it where another reviewer's latest judgment of
// it differs: a later line replaces its own reviewer's earlier one (a
// correction), never another reviewer's (a disagreement to settle), as two
// label files that disagree are refused.
func othersJudgment(path string, byReviewer map[string]map[string]Label, k string, l Label) error {
	mine := byReviewer[k]
	if mine == nil {
		mine = map[string]Label{}
		byReviewer[k] = mine
	}
	if l.Label == LabelWithdrawn {
		delete(mine, l.Reviewer)
		return nil
	}
	for who, o := range mine {
		if who != l.Reviewer && o.Label != l.Label {
			return fmt.Errorf("%s:%d (%s) and line %d (%s) judge the same citation differently (%s, %s): a later line replaces only its own reviewer's label; settle it, keeping one of the two lines, then audit again",
				path, l.Line, reviewerName(l.Reviewer), o.Line, reviewerName(who), l.Label, o.Label)
		}
	}
	mine[l.Reviewer] = l
	return nil
}

// reviewerName is a label's reviewer as messages name them.
func reviewerName(r string) string {
	if r == "" {
		return "no reviewer named"
	}
	return "reviewer " + r
}

// JudgedLabels keeps the labels that say something about support, for
// measurements that compare verdicts with them (cannot-judge labels are
// non-response).
func JudgedLabels(labels []Label) []Label {
	var out []Label
	for _, l := range labels {
		if l.Judged() {
			out = append(out, l)
		}
	}
	return out
}

// lastLineCut returns the number of the file's last line when it does not
// end in a line feed (a write cut short), else 0.
func lastLineCut(path string) int {
	b, err := os.ReadFile(path)
	if err != nil || len(b) == 0 || b[len(b)-1] == '\n' {
		return 0
	}
	return bytes.Count(b, []byte("\n")) + 1
}
