package readers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// jsonText shows a decoded JSON value as it was written, for warnings.
func jsonText(v any) string {
	if v == nil {
		return "missing"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// get walks a decoded JSON value by object keys and array indexes.
func get(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[k]
		case int:
			l, ok := v.([]any)
			if !ok || k < 0 || k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

func str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	}
	return ""
}

func num(v any) (int, bool) {
	n, ok := v.(json.Number)
	if !ok {
		if s, isStr := v.(string); isStr { // some exporters quote integers
			i, err := strconv.Atoi(s)
			return i, err == nil
		}
		return 0, false
	}
	i, err := n.Int64()
	return int(i), err == nil
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

// joinTexts concatenates text blocks exactly (answers: offsets count on it).
func joinTexts(blocks []any) string { return joinBlocks(blocks, "") }

func joinBlocks(blocks []any, sep string) string {
	var parts []string
	for _, x := range blocks {
		parts = append(parts, str(get(x, "text")))
	}
	return strings.Join(parts, sep)
}

func appendID(ids []string, id string) []string {
	for _, x := range ids {
		if x == id {
			return ids
		}
	}
	return append(ids, id)
}

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

// score reads a provider's or tracer's score by the rule of every numeric
// field (a number, or text holding one); anything else is no score.
func score(v any) *float64 {
	if x, ok := numberValue(v); ok {
		return &x
	}
	return nil
}

// decodeJSONStringErr decodes a trace attribute that may hold JSON as
// text. Plain text is returned as it is; text that starts like a JSON
// object or array but does not decode as one (cut short, say) is an error.
func decodeJSONStringErr(v any) (any, error) {
	s, ok := v.(string)
	if !ok {
		return v, nil
	}
	out, err := decodeJSONValue([]byte(s))
	if err != nil {
		if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
			return v, err
		}
		return v, nil
	}
	return out, nil
}

// objectLine decodes a line holding one JSON object, numbers as
// json.Number. Anything else on the line skips it: a second object
// glued on would otherwise be lost without a trace.
func objectLine(b []byte) (map[string]any, *SkipError) {
	if !utf8.Valid(b) {
		return nil, &SkipError{Reason: ReasonInvalidUTF8, Detail: fmt.Sprintf("invalid UTF-8 at byte %d of the line", invalidUTF8Offset(b))}
	}
	v, err := decodeJSONValue(b)
	if err != nil {
		return nil, &SkipError{Reason: ReasonMalformedJSON, Detail: "not a JSON object: " + err.Error()}
	}
	row, ok := v.(map[string]any)
	if !ok {
		return nil, &SkipError{Reason: ReasonWrongType, Detail: "the line is " + kindOf(v) + ", want a JSON object"}
	}
	if skip := duplicateKeys(b, everyKey); skip != nil {
		return nil, skip
	}
	return row, nil
}

// decodeJSONValue decodes exactly one JSON value, numbers as json.Number;
// text after it is an error.
func decodeJSONValue(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, errors.New("the JSON text ends early (cut short?)")
	} else if err != nil {
		return nil, err
	}
	at := dec.InputOffset()
	switch rest := bytes.TrimSpace(b[at:]); {
	case len(rest) == 0:
		return v, nil
	case rest[0] == '{' || rest[0] == '[':
		return nil, fmt.Errorf("a second JSON value follows at byte %d (one per line)", at)
	default:
		return nil, fmt.Errorf("text after the JSON value at byte %d", at)
	}
}

// decodeJSONField decodes a field that holds JSON as text; a value that
// is not text is returned as it is, and blank text is no value (nil).
// Text that is not JSON — cut short by a logger's size limit, typically —
// is an error, so that the caller can say so.
func decodeJSONField(v any) (any, error) {
	s, ok := v.(string)
	if !ok {
		return v, nil
	}
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	return decodeJSONValue([]byte(s))
}

// kindOf names the JSON kind of a decoded value, for people.
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "true or false"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("a %T", v)
}

// sortedKeys lists the keys of d in order.
func sortedKeys[V any](d map[string]V) []string {
	keys := make([]string, 0, len(d))
	for k := range d {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
