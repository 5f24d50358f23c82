package readers

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Mapping is a declarative description of a flat custom log (the schema of
// ../shared/formats/ragaudit-mapping-examples.yaml): which field of a row
// is the question, the answer, the chunk list and its fields, the
// conversation and the time. Paths are dotted ("response.text",
// "a.0.b"; a dot inside a key is escaped: "attributes\.session\.id").
type Mapping struct {
	Name         string `yaml:"name"`
	Unit         string `yaml:"unit"`
	Conversation struct {
		ID     *string `yaml:"id"`
		Tenant string  `yaml:"tenant"`
		Agent  string  `yaml:"agent"`
	} `yaml:"conversation"`
	Timestamp struct {
		Path   string `yaml:"path"`
		Layout string `yaml:"layout"`
	} `yaml:"timestamp"`
	Turn struct {
		User      string `yaml:"user"`
		Assistant string `yaml:"assistant"`
		Retrieval struct {
			List       string            `yaml:"list"`
			Decode     string            `yaml:"decode"`
			ItemIsText bool              `yaml:"item_is_text"`
			Fields     map[string]string `yaml:"fields"`
			Truncation []string          `yaml:"text_truncation_markers"`
		} `yaml:"retrieval"`
	} `yaml:"turn"`
	Citations struct {
		Spans *struct {
			List   string            `yaml:"list"`
			Fields map[string]string `yaml:"fields"`
		} `yaml:"spans"`
	} `yaml:"citations"`
	Offsets struct {
		Unit         string `yaml:"unit"`
		EndInclusive bool   `yaml:"end_inclusive"`
	} `yaml:"offsets"`
}

// ReadMappings reads the mappings (YAML documents) of a file.
func ReadMappings(path string) ([]Mapping, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	var out []Mapping
	for {
		var m Mapping
		if err := dec.Decode(&m); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("%s: mapping %d: %v", path, len(out)+1, err)
		}
		if m.Name == "" && m.Turn.Assistant == "" {
			continue
		}
		if m.Turn.Assistant == "" {
			return nil, fmt.Errorf("%s: mapping %q has no turn.assistant path", path, m.Name)
		}
		if m.Unit != "" && m.Unit != "turn" {
			return nil, fmt.Errorf("%s: mapping %q: unit %q: only \"turn\" (one row per question and answer) is supported", path, m.Name, m.Unit)
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no mapping found", path)
	}
	return out, nil
}

// Mapped streams the JSONL rows of path through the first mapping whose
// answer path exists in the first row (or the one named). Lines are read
// as the JSONL reader reads them (gzip, stdin, --max-line-bytes, …), and
// each must be one JSON object.
func Mapped(path string, maps []Mapping, name string, opts Options, stats *FileStats) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		var m *Mapping
		rows := jsonLines(path, opts, stats, func(b []byte, line int) (Record, *SkipError, error) {
			row, skip := objectLine(b)
			if skip == nil {
				if m == nil {
					if m = pickMapping(maps, name, row); m == nil {
						return Record{}, nil, fmt.Errorf("%s: no mapping fits its first row (name one with --mapping-name)", path)
					}
				}
				var rec Record
				if rec, skip = m.record(row, b); skip == nil {
					rec.File, rec.Line = path, line
					return rec, nil, nil
				}
			}
			skip.File, skip.Line = path, line
			return Record{}, skip, nil
		})
		for rec, err := range rows {
			if !yield(rec, err) {
				return
			}
		}
	}
}

func pickMapping(maps []Mapping, name string, row map[string]any) *Mapping {
	for i := range maps {
		if name != "" {
			if maps[i].Name == name {
				return &maps[i]
			}
			continue
		}
		if path(row, maps[i].Turn.Assistant) != nil {
			return &maps[i]
		}
	}
	return nil
}

func (m *Mapping) record(row map[string]any, raw []byte) (Record, *SkipError) {
	var rec Record
	answer, ok := path(row, m.Turn.Assistant).(string)
	if !ok {
		return rec, &SkipError{Reason: ReasonMissingContent, Detail: fmt.Sprintf("%s (the answer) is missing or not text", m.Turn.Assistant)}
	}
	if m.Conversation.ID != nil && *m.Conversation.ID != "" {
		rec.ConversationID = str(path(row, *m.Conversation.ID))
	} else {
		sum := sha256.Sum256(raw) // no id: one per row, stable
		rec.ConversationID = "row-" + hex.EncodeToString(sum[:6])
	}
	if rec.ConversationID == "" {
		return rec, &SkipError{Reason: ReasonMissingField, Detail: *m.Conversation.ID + " (the conversation id) is missing"}
	}
	rec.Tenant, rec.Agent = str(path(row, m.Conversation.Tenant)), str(path(row, m.Conversation.Agent))
	if m.Timestamp.Path != "" {
		if v := path(row, m.Timestamp.Path); v != nil {
			ts, err := mappedTime(str(v), m.Timestamp.Layout)
			if err != nil {
				return rec, &SkipError{Reason: ReasonBadTimestamp, Detail: fmt.Sprintf("%s: %v", m.Timestamp.Path, err)}
			}
			rec.Timestamp = ts
		}
	}
	msg := Message{Role: "assistant", Content: answer}
	r := m.Turn.Retrieval
	items, skip := m.chunkList(row)
	if skip != nil {
		return rec, skip
	}
	for i, it := range items {
		c := Chunk{ID: strconv.Itoa(i + 1)}
		if r.ItemIsText {
			switch it.(type) {
			case string, json.Number:
			default:
				return rec, &SkipError{Reason: ReasonWrongType, Detail: fmt.Sprintf("%s[%d] is %s, want the chunk's text (the mapping says item_is_text)", r.List, i, kindOf(it))}
			}
			c.Text = str(it)
		} else {
			if _, isMap := it.(map[string]any); !isMap {
				return rec, &SkipError{Reason: ReasonWrongType, Detail: fmt.Sprintf("%s[%d] is %s, want an object with the chunk's fields", r.List, i, kindOf(it))}
			}
			if id := str(path(it, r.Fields["id"])); id != "" {
				c.ID = id
			}
			c.Source, c.Text = str(path(it, r.Fields["source"])), str(path(it, r.Fields["text"]))
			c.Score = score(path(it, r.Fields["score"]))
		}
		for _, mark := range r.Truncation {
			if mark != "" && strings.HasSuffix(strings.TrimSpace(c.Text), mark) {
				c.Status = TextTruncated
			}
		}
		msg.Retrieval = append(msg.Retrieval, c)
	}
	if sp := m.Citations.Spans; sp != nil && sp.List != "" {
		for k, c := range list(path(row, sp.List)) {
			s, ok1 := num(path(c, sp.Fields["start"]))
			e, ok2 := num(path(c, sp.Fields["end"]))
			if !ok1 || !ok2 {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("mapped citation %s[%d]: its start or end is missing or not an integer", sp.List, k))
				continue
			}
			if m.Offsets.EndInclusive {
				e++
			}
			if s == e {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("mapped citation %s[%d]: empty span %d-%d", sp.List, k, s, e))
				continue
			}
			a, b, err := SpanToBytes(answer, s, e, m.Offsets.Unit)
			if err != nil {
				rec.Warnings = append(rec.Warnings, "mapped citation: "+err.Error())
				continue
			}
			var ids []string
			for _, id := range list(path(c, sp.Fields["chunk_ids"])) {
				ids = append(ids, str(id))
			}
			msg.Citations = append(msg.Citations, Citation{Start: a, End: b, ChunkIDs: ids, Marker: "mapped:span"})
		}
	}
	rec.Messages = []Message{{Role: "user", Content: str(path(row, m.Turn.User))}, msg}
	return rec, nil
}

// chunkList returns the row's chunk list, decoded when the mapping says
// it is stored as JSON text. A list that cannot be read skips the row: as
// no chunks, every citation of the answer would pass for fabricated.
func (m *Mapping) chunkList(row map[string]any) ([]any, *SkipError) {
	r := m.Turn.Retrieval
	items := path(row, r.List)
	if r.Decode == "json_string" {
		var err error
		if items, err = decodeJSONField(items); err != nil {
			return nil, &SkipError{Reason: ReasonMalformedJSON, Detail: fmt.Sprintf("%s (decode: json_string) is not JSON: %v", r.List, err)}
		}
	}
	l, ok := items.([]any)
	if !ok && items != nil {
		return nil, &SkipError{Reason: ReasonWrongType, Detail: fmt.Sprintf("%s (the chunk list) is %s, want a list", r.List, kindOf(items))}
	}
	return l, nil
}

func mappedTime(s, layout string) (time.Time, error) {
	switch layout {
	case "", "rfc3339":
		return ParseTimestamp(s)
	case "unix_s", "unix_ms", "unix_ns":
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return time.Time{}, fmt.Errorf("%q is not a Unix time", s)
		}
		switch layout {
		case "unix_s":
			return inRange(time.Unix(n, 0).UTC())
		case "unix_ms":
			return inRange(time.UnixMilli(n).UTC())
		}
		return inRange(time.Unix(0, n).UTC())
	}
	t, err := time.Parse(layout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q does not match layout %q", s, layout)
	}
	return inRange(t.UTC())
}

// path walks a dotted path; "\." is a dot inside a key.
func path(v any, p string) any {
	if p == "" {
		return nil
	}
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(p); i++ {
		switch {
		case p[i] == '\\' && i+1 < len(p) && p[i+1] == '.':
			cur.WriteByte('.')
			i++
		case p[i] == '.':
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(p[i])
		}
	}
	parts = append(parts, cur.String())
	for _, k := range parts {
		if n, err := strconv.Atoi(k); err == nil {
			if l, ok := v.([]any); ok {
				v = get(l, n)
				continue
			}
		}
		v = get(v, k)
	}
	return v
}
