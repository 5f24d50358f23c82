package readers

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

// Label is one human judgment of a sentence (and one of its citations), in
// the schema of ../shared/data/*/dev.labels.jsonl.
type Label struct {
	ConversationID string  `json:"conversation_id"`
	MessageIndex   int     `json:"message_index"`
	SentenceText   string  `json:"sentence_text"`
	CharStart      int     `json:"char_start"` // code points
	CharEnd        int     `json:"char_end"`
	CitationMarker *string `json:"citation_marker"` // "[n]", nil for an uncited sentence
	ChunkID        *string `json:"chunk_id"`
	Label          string  `json:"label"` // supported, partial, unsupported
	LabelScope     string  `json:"label_scope"`
	Agent          string  `json:"agent"`
	Tenant         string  `json:"tenant"`
}

// ReadLabels reads a label file whole (label files are small). A malformed
// line is an error naming file and line: labels feed measurements, so they
// are not skipped silently.
func ReadLabels(path string) ([]Label, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Label
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), DefaultMaxLineBytes)
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var l Label
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		switch l.Label {
		case "supported", "partial", "unsupported":
		default:
			return nil, fmt.Errorf("%s:%d: label %q: want supported, partial or unsupported", path, line, l.Label)
		}
		if l.ConversationID == "" {
			return nil, fmt.Errorf("%s:%d: conversation_id is missing", path, line)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return out, nil
}
