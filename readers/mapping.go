package readers

import (
	"bufio"
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
// answer path exists in the first row (or the one named).
func Mapped(path string, maps []Mapping, name string, opts Options, stats *FileStats) iter.Seq2[Record, error] {
	if stats == nil {
		stats = &FileStats{}
	}
	stats.Path = path
	return func(yield func(Record, error) bool) {
		f, err := os.Open(path)
		if err != nil {
			yield(Record{}, err)
			return
		}
		defer f.Close()
		h := sha256.New()
		counted := &countingReader{r: f, h: h}
		defer func() {
			_, _ = io.Copy(io.Discard, counted)
			stats.SHA256, stats.Bytes = hex.EncodeToString(h.Sum(nil)), counted.n
		}()
		br := bufio.NewReaderSize(counted, 64<<10)
		var m *Mapping
		for line := 1; ; line++ {
			b, tooLong, err := readLine(br, max(opts.MaxLineBytes, DefaultMaxLineBytes))
			if len(strings.TrimSpace(string(b))) > 0 || tooLong {
				var row map[string]any
				dec := json.NewDecoder(strings.NewReader(string(b)))
				dec.UseNumber()
				if tooLong || dec.Decode(&row) != nil {
					stats.Skipped++
					if !yield(Record{}, &SkipError{File: path, Line: line, Reason: ReasonMalformedJSON, Detail: "not a JSON object"}) {
						return
					}
				} else {
					if m == nil {
						if m = pickMapping(maps, name, row); m == nil {
							yield(Record{}, fmt.Errorf("%s: no mapping fits its first row (name one with --mapping-name)", path))
							return
						}
					}
					rec, skip := m.record(row, b)
					if skip != nil {
						skip.File, skip.Line = path, line
						stats.Skipped++
						if !yield(Record{}, skip) {
							return
						}
					} else {
						rec.File, rec.Line = path, line
						stats.Records++
						if !yield(rec, nil) {
							return
						}
					}
				}
			}
			if err != nil {
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
	items := path(row, r.List)
	if r.Decode == "json_string" {
		items = decodeJSONString(items)
	}
	for i, it := range list(items) {
		c := Chunk{ID: strconv.Itoa(i + 1)}
		if r.ItemIsText {
			c.Text = str(it)
		} else {
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
		for _, c := range list(path(row, sp.List)) {
			s, ok1 := num(path(c, sp.Fields["start"]))
			e, ok2 := num(path(c, sp.Fields["end"]))
			if !ok1 || !ok2 {
				continue
			}
			if m.Offsets.EndInclusive {
				e++
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
			return time.Unix(n, 0).UTC(), nil
		case "unix_ms":
			return time.UnixMilli(n).UTC(), nil
		}
		return time.Unix(0, n).UTC(), nil
	}
	t, err := time.Parse(layout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q does not match layout %q", s, layout)
	}
	return t.UTC(), nil
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
