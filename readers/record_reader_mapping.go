package readers

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
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
//
// Keys of the schema that ragaudit does not act on (order_by, the markers'
// styles and resolve, prompt_position, id_from, claims) are read so that
// Unread can name them; any other key is an error, so that a misspelt key
// is never silently ignored.
type Mapping struct {
	Name         string `yaml:"name"`
	Version      int    `yaml:"version"`
	Unit         string `yaml:"unit"`
	Conversation struct {
		ID      *string `yaml:"id"`
		Tenant  string  `yaml:"tenant"`
		Agent   string  `yaml:"agent"`
		OrderBy string  `yaml:"order_by"`
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
			Position   string            `yaml:"prompt_position"`
			IDFrom     string            `yaml:"id_from"`
		} `yaml:"retrieval"`
	} `yaml:"turn"`
	Citations struct {
		Markers *struct {
			Styles  []string `yaml:"styles"`
			Resolve string   `yaml:"resolve"`
		} `yaml:"markers"`
		Spans *struct {
			List   string            `yaml:"list"`
			Fields map[string]string `yaml:"fields"`
		} `yaml:"spans"`
		Claims *struct {
			List   string            `yaml:"list"`
			Fields map[string]string `yaml:"fields"`
		} `yaml:"claims"`
	} `yaml:"citations"`
	Offsets struct {
		Unit         string `yaml:"unit"`
		EndInclusive bool   `yaml:"end_inclusive"`
	} `yaml:"offsets"`
}

// unknownKeys finds yaml's message for a key the schema lacks, which
// names the Go type where the user needs the key.
var unknownKeys = regexp.MustCompile(`field (\S+) not found in type [^\n]*`)

// ReadMappings reads the mappings (YAML documents) of a file.
func ReadMappings(path string) ([]Mapping, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	dec.KnownFields(true)
	var out []Mapping
	for {
		var m Mapping
		if err := dec.Decode(&m); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("%s: mapping %d: %s", path, len(out)+1, unknownKeys.ReplaceAllString(err.Error(), `unknown key "$1"`))
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

// Unread says, one line each, the keys m gives that ragaudit reads but
// does not act on, and what it does instead: the run prints them, so
// that nobody takes a key for obeyed.
func (m *Mapping) Unread() []string {
	var out []string
	if m.Conversation.OrderBy != "" {
		out = append(out, "conversation.order_by is not read: each row is audited as a turn of its own, in file order")
	}
	if r := m.Turn.Retrieval; r.Position != "" || r.IDFrom != "" {
		out = append(out, "turn.retrieval.prompt_position and id_from are not read: a chunk without an id field is numbered 1, 2, … in list order")
	}
	if mk := m.Citations.Markers; mk != nil {
		if len(mk.Styles) > 0 {
			out = append(out, "citations.markers.styles is not read: every marker shape is recognised (declare others with --citation-regex)")
		}
		switch mk.Resolve {
		case "", "id", "prompt_position", "ordinal1":
			if mk.Resolve != "" {
				out = append(out, fmt.Sprintf("citations.markers.resolve %q is not read: markers resolve by id, then by the chunk's source, then by 1-based position (--resolve sets it)", mk.Resolve))
			}
		case "ordinal0":
			out = append(out, `citations.markers.resolve "ordinal0" is not read: pass --resolve position0 for 0-based positions`)
		default:
			out = append(out, fmt.Sprintf("citations.markers.resolve %q is not read: markers resolve by id, then by the chunk's source, then by 1-based position (--resolve sets it)", mk.Resolve))
		}
	}
	if m.Citations.Claims != nil {
		out = append(out, "citations.claims is not read: claims in a strict-JSON answer are read from the answer itself")
	}
	for i := range out {
		out[i] = fmt.Sprintf("mapping %q: %s", m.Name, out[i])
	}
	return out
}

// mappedRecords reads rows through the first mapping whose answer path
// exists in the first row (or the one named). Rows are read as canonical
// records are (one per line, pretty-printed or in an array; gzip, stdin,
// --max-line-bytes, …), and each must be one JSON object.
func mappedRecords(file string, maps []Mapping, name string) recordParser {
	var m *Mapping
	return func(b []byte, line int) (Record, *SkipError, error) {
		row, skip := objectLine(b)
		if skip == nil {
			if m == nil {
				if m = pickMapping(maps, name, row); m == nil {
					return Record{}, nil, fmt.Errorf("%s: %s", file, noMappingFits(maps, name, row))
				}
			}
			var rec Record
			if rec, skip = m.record(row, b); skip == nil {
				rec.File, rec.Line = file, line
				return rec, nil, nil
			}
		}
		skip.File, skip.Line = file, line
		return Record{}, skip, nil
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

// record reads one row; fields follow the rule of every format
// (fields.go): text or a number where text is wanted, null and "" absent.
func (m *Mapping) record(row map[string]any, raw []byte) (Record, *SkipError) {
	rec, skip := m.header(row, raw)
	if skip != nil {
		return Record{}, skip
	}
	answer, ok, skip := textAt(row, m.Turn.Assistant)
	switch {
	case skip != nil:
		return Record{}, skip
	case !ok:
		return Record{}, skipf(ReasonMissingContent, "%s (the answer) is missing or empty", m.Turn.Assistant)
	}
	question, _, skip := textAt(row, m.Turn.User)
	if skip != nil {
		return Record{}, skip
	}
	msg := Message{Role: "assistant", Content: answer}
	if msg.Retrieval, msg.NoRetrievalLogged, skip = m.chunks(row); skip != nil {
		return Record{}, skip
	}
	if msg.NoRetrievalLogged {
		rec.Keys = sortedKeys(row)
	}
	msg.Citations, rec.Warnings = m.spans(row, answer)
	rec.Messages = []Message{{Role: "user", Content: question}, msg}
	return rec, nil
}

// header reads the row's conversation (a hash of the row when the mapping
// names none), tenant, agent and time.
func (m *Mapping) header(row map[string]any, raw []byte) (Record, *SkipError) {
	var rec Record
	if m.Conversation.ID != nil && *m.Conversation.ID != "" {
		id, ok, skip := textAt(row, *m.Conversation.ID)
		switch {
		case skip != nil:
			return rec, skip
		case !ok:
			return rec, skipf(ReasonMissingField, "%s (the conversation id) is missing", *m.Conversation.ID)
		}
		rec.ConversationID = id
	} else {
		sum := sha256.Sum256(raw) // no id: one per row, stable
		rec.ConversationID = "row-" + hex.EncodeToString(sum[:6])
	}
	var skip *SkipError
	if rec.Tenant, _, skip = textAt(row, m.Conversation.Tenant); skip != nil {
		return rec, skip
	}
	if rec.Agent, _, skip = textAt(row, m.Conversation.Agent); skip != nil {
		return rec, skip
	}
	ts, ok, skip := textAt(row, m.Timestamp.Path)
	if skip != nil || !ok {
		return rec, skip
	}
	t, err := mappedTime(ts, m.Timestamp.Layout)
	if err != nil {
		return rec, skipf(ReasonBadTimestamp, "%s: %v", m.Timestamp.Path, err)
	}
	rec.Timestamp = t
	return rec, nil
}

// textAt reads the text field at path p of v by the rule of every format.
func textAt(v any, p string) (text string, present bool, skip *SkipError) {
	x := path(v, p)
	text, ok := textValue(x)
	if !ok {
		return "", false, skipf(ReasonWrongType, "%s is %s, want text", p, kindOf(x))
	}
	return text, text != "", nil
}

// scoreAtPath reads the score at path p of v by the rule of every numeric
// field: absent, null or "" is no score, text that is not a number a
// wrong_field_type skip naming the field.
func scoreAtPath(v any, p string) (*float64, *SkipError) {
	x := path(v, p)
	if s, isText := x.(string); x == nil || isText && strings.TrimSpace(s) == "" {
		return nil, nil
	}
	f, ok := numberValue(x)
	if !ok {
		return nil, skipf(ReasonWrongType, "%s is %s, want a number (or text holding one)", p, kindOf(x))
	}
	return &f, nil
}

// chunks reads the row's chunks; notLogged when its list is absent.
func (m *Mapping) chunks(row map[string]any) (out []Chunk, notLogged bool, skip *SkipError) {
	r := m.Turn.Retrieval
	items, skip := m.chunkList(row)
	if skip != nil || items == nil {
		return nil, skip == nil, skip
	}
	for i, it := range items {
		c := Chunk{ID: strconv.Itoa(i + 1), NoID: true}
		if r.ItemIsText {
			var ok bool
			if c.Text, ok = textValue(it); !ok {
				return nil, false, skipf(ReasonWrongType, "%s[%d] is %s, want the chunk's text (the mapping says item_is_text)", r.List, i, kindOf(it))
			}
		} else {
			if _, isMap := it.(map[string]any); !isMap {
				return nil, false, skipf(ReasonWrongType, "%s[%d] is %s, want an object with the chunk's fields", r.List, i, kindOf(it))
			}
			id, ok, skip := textAt(it, r.Fields["id"])
			if skip == nil {
				c.Source, _, skip = textAt(it, r.Fields["source"])
			}
			if skip == nil {
				c.Text, _, skip = textAt(it, r.Fields["text"])
			}
			if skip != nil {
				skip.Detail = fmt.Sprintf("%s[%d]: %s", r.List, i, skip.Detail)
				return nil, false, skip
			}
			if ok {
				c.ID = id
			}
			c.NoID = !ok
			if c.Score, skip = scoreAtPath(it, r.Fields["score"]); skip != nil {
				skip.Detail = fmt.Sprintf("%s[%d]: %s", r.List, i, skip.Detail)
				return nil, false, skip
			}
			if c.Text == "" {
				c.Keys = sortedKeys(it.(map[string]any)) // the warning names what the row holds instead
			}
		}
		for _, mark := range r.Truncation {
			if mark != "" && strings.HasSuffix(strings.TrimSpace(c.Text), mark) {
				c.Status = TextTruncated
			}
		}
		out = append(out, c)
	}
	return out, false, nil
}

// spans reads the row's structured citation spans; one that cannot be
// used is a warning.
func (m *Mapping) spans(row map[string]any, answer string) (cits []Citation, warnings []string) {
	sp := m.Citations.Spans
	if sp == nil || sp.List == "" {
		return nil, nil
	}
	for k, c := range list(path(row, sp.List)) {
		s, ok1 := num(path(c, sp.Fields["start"]))
		e, ok2 := num(path(c, sp.Fields["end"]))
		if !ok1 || !ok2 {
			warnings = append(warnings, fmt.Sprintf("mapped citation %s[%d]: its start or end is missing or not an integer", sp.List, k))
			continue
		}
		if m.Offsets.EndInclusive {
			e++
		}
		if s == e {
			warnings = append(warnings, fmt.Sprintf("mapped citation %s[%d]: empty span %d-%d", sp.List, k, s, e))
			continue
		}
		a, b, err := SpanToBytes(answer, s, e, m.Offsets.Unit)
		if err != nil {
			warnings = append(warnings, "mapped citation: "+err.Error())
			continue
		}
		var ids []string
		for _, id := range list(path(c, sp.Fields["chunk_ids"])) {
			ids = append(ids, str(id))
		}
		cits = append(cits, Citation{Start: a, End: b, ChunkIDs: ids, Marker: "mapped:span"})
	}
	return cits, warnings
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

// noMappingFits says why no mapping reads the first row: the mapping
// named does not exist, or each mapping's answer path is not in the row,
// naming the key missing and the keys there are instead.
func noMappingFits(maps []Mapping, name string, row map[string]any) string {
	var names []string
	for _, m := range maps {
		names = append(names, fmt.Sprintf("%q", m.Name))
	}
	if name != "" {
		return fmt.Sprintf("no mapping is named %q (the mappings given: %s)", name, strings.Join(names, ", "))
	}
	var why []string
	for _, m := range maps {
		why = append(why, fmt.Sprintf("mapping %q reads the answer at turn.assistant %q, and %s", m.Name, m.Turn.Assistant, missingAt(row, m.Turn.Assistant)))
	}
	return "no mapping fits its first row: " + strings.Join(why, "; ") + ": correct the path, or name a mapping with --mapping-name"
}

// missingAt says where path p leaves the row v: the key that is not
// there, with the keys that are, or a value that is no object.
func missingAt(v any, p string) string {
	parts := splitPath(p)
	for i, k := range parts {
		if n, err := strconv.Atoi(k); err == nil {
			if l, ok := v.([]any); ok {
				if v = get(l, n); v == nil {
					return fmt.Sprintf("%s holds %d items, no item %d", quotedPath(parts[:i]), len(l), n)
				}
				continue
			}
		}
		obj, ok := v.(map[string]any)
		switch {
		case !ok:
			return fmt.Sprintf("%s is %s, not an object with the key %q", quotedPath(parts[:i]), kindOf(v), k)
		case obj[k] == nil:
			return fmt.Sprintf("%s has no key %q (its keys: %s)", quotedPath(parts[:i]), k, strings.Join(sortedKeys(obj), ", "))
		}
		v = obj[k]
	}
	return fmt.Sprintf("%q is %s, not a text", p, kindOf(v))
}

// quotedPath names the part of a row a path prefix reaches: "the row" for
// none.
func quotedPath(parts []string) string {
	if len(parts) == 0 {
		return "the row"
	}
	return fmt.Sprintf("%q", strings.Join(parts, "."))
}

// path walks a dotted path; "\." is a dot inside a key.
func path(v any, p string) any {
	if p == "" {
		return nil
	}
	for _, k := range splitPath(p) {
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

// splitPath splits a dotted path into its keys; "\." is a dot inside a
// key.
func splitPath(p string) []string {
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
	return append(parts, cur.String())
}
