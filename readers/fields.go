package readers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// The one rule for a field's value, in every format read as JSON (and
// Parquet, by column type: string, integer and float columns are text):
//
//   - Text fields (ids, tenant, agent, role, content, question, answer,
//     chunk source and text, markers, units, statuses) take a string or a
//     number, read as written (ids are often numeric). true/false, arrays
//     and objects are wrong_field_type.
//   - null and "" are the same as the field being absent: a field that
//     must be there (conversation_id, role, an assistant's content, the
//     answer) is then missing (missing_field, missing_content).
//   - Numeric fields (scores, span offsets, vectors, the flat form's turn)
//     take a JSON number or a string holding one ("0.8", " 0.8 ": loggers
//     quote numbers); a string that is not a number ("high", "0,8") is
//     wrong_field_type naming the field. numberText is that rule.
//
// Keys other tools write for a field (aliases.go) are read only when they
// hold a value of the field's kind: a chunk's "passage": 3 is a position,
// not its text, so it is not read as the text (aliasText, aliasID,
// aliasNumber). The canonical keys follow the rule above.

// flexString is a text field as decoded: a JSON string or number.
type flexString string

func (s *flexString) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		if bytes.IndexByte(b, '\\') < 0 {
			// The decoder hands over a string it has checked: without an
			// escape it is its own text (the texts of a log are most of
			// its bytes, and decoding them twice halved the reading).
			*s = flexString(b[1 : len(b)-1])
			return nil
		}
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		*s = flexString(v)
		return nil
	}
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return &json.UnmarshalTypeError{Value: jsonKind(b), Type: stringType}
	}
	*s = flexString(n.String())
	return nil
}

var stringType = reflect.TypeOf("")

// text is the field's text; ok is false when it is absent, null or "".
func (s *flexString) text() (string, bool) {
	if s == nil || *s == "" {
		return "", false
	}
	return string(*s), true
}

// flexContent is a message's content: text as flexString reads it, or
// a list of content parts as OpenAI's Chat Completions API takes them
// ([{"type":"text","text":"…"}, {"type":"image_url",…}]): the text
// parts, one per line; parts of other types (images, audio, files) hold
// no text to audit and are passed over. Anthropic's Messages API blocks
// are read too: a "tool_use" block makes the message a step (toolUse),
// and a "tool_result" block's content is a tool's output (toolResults).
type flexContent struct {
	flexString
	toolUse     bool
	toolResults []string
}

func (c *flexContent) UnmarshalJSON(b []byte) error {
	if len(b) == 0 || b[0] != '[' {
		return c.flexString.UnmarshalJSON(b)
	}
	var parts []struct {
		Type    *flexString   `json:"type"`
		Text    *flexPartText `json:"text"`
		Content *flexContent  `json:"content"` // a tool_result's: text, or text blocks
	}
	if err := json.Unmarshal(b, &parts); err != nil {
		return &json.UnmarshalTypeError{Value: "array of " + jsonKind(bytes.TrimLeft(b[1:], " \t\r\n")), Type: stringType}
	}
	var texts []string
	for _, p := range parts {
		switch kind, _ := p.Type.text(); kind {
		case "tool_use":
			c.toolUse = true
			continue
		case "tool_result":
			out, _ := p.Content.text()
			c.toolResults = append(c.toolResults, out)
			continue
		}
		if t, ok := p.Text.text(); ok {
			texts = append(texts, t)
		}
	}
	c.flexString = flexString(strings.Join(texts, "\n"))
	return nil
}

func (c *flexContent) text() (string, bool) {
	if c == nil {
		return "", false
	}
	return c.flexString.text()
}

// blocks are its tool_result blocks' contents and whether it holds a
// tool_use block (Anthropic's Messages API).
func (c *flexContent) blocks() (toolResults []string, toolUse bool) {
	if c == nil {
		return nil, false
	}
	return c.toolResults, c.toolUse
}

// flexPartText is a content part's text: a string, or the Assistants
// API's {"value": "…", "annotations": […]}.
type flexPartText struct{ flexString }

func (t *flexPartText) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '{' {
		var v struct {
			Value flexString `json:"value"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		t.flexString = v.Value
		return nil
	}
	return t.flexString.UnmarshalJSON(b)
}

func (t *flexPartText) text() (string, bool) {
	if t == nil {
		return "", false
	}
	return t.flexString.text()
}

// jsonTurn is the flat form's turn number, which loggers also write as
// text ("3"); it is checked, not used.
type jsonTurn struct{}

func (jsonTurn) UnmarshalJSON(b []byte) error {
	_, err := numberLiteral(b, float64Type)
	return err
}

var (
	float64Type = reflect.TypeOf(0.0)
	float32Type = reflect.TypeOf(float32(0))
	intType     = reflect.TypeOf(0)
)

// numberText reads a number written as text: JSON's number syntax once
// blanks around it are trimmed. Go's own parsers would also take "NaN",
// "Inf", "0x1p3" or "1_000", which no logger means as a score.
func numberText(s string) (string, bool) {
	s = strings.TrimSpace(s)
	i := 0
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i, n = i+1, n+1
		}
		return n
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	if start := i; digits() == 0 || s[start] == '0' && i-start > 1 {
		return "", false
	}
	if i < len(s) && s[i] == '.' {
		if i++; digits() == 0 {
			return "", false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		if i++; i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return "", false
		}
	}
	return s, i == len(s)
}

// numberLiteral is the number a numeric field holds as written (b is its
// JSON text): a JSON number, or a string holding one; "" for null or
// blank text, which are the field being absent. Anything else is an
// UnmarshalTypeError for a field of type t.
func numberLiteral(b []byte, t reflect.Type) (string, error) {
	if bytes.Equal(b, []byte("null")) {
		return "", nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s flexString
		if err := s.UnmarshalJSON(b); err != nil {
			return "", err
		}
		if strings.TrimSpace(string(s)) == "" {
			return "", nil
		}
		if n, ok := numberText(string(s)); ok {
			return n, nil
		}
		return "", &json.UnmarshalTypeError{Value: "string " + shortQuote(string(s)), Type: t}
	}
	if len(b) > 0 && (b[0] == '-' || b[0] >= '0' && b[0] <= '9') {
		return string(b), nil
	}
	return "", &json.UnmarshalTypeError{Value: jsonKind(b), Type: t}
}

// shortQuote quotes s for an error message, cut to 40 bytes.
func shortQuote(s string) string {
	if len(s) > 40 {
		s = strings.ToValidUTF8(s[:40], "") + "…"
	}
	return strconv.Quote(s)
}

// parseNumber parses a numeric field's text as a float of bits bits; a
// value out of range is an UnmarshalTypeError naming it.
func parseNumber(lit string, bits int, t reflect.Type) (float64, error) {
	f, err := strconv.ParseFloat(lit, bits)
	if err != nil {
		return 0, &json.UnmarshalTypeError{Value: "number " + lit, Type: t}
	}
	return f, nil
}

// flexNumber is a numeric field (a score) by the rule of every numeric
// field (numberText); ok is false when it is absent, null or "".
type flexNumber struct {
	v  float64
	ok bool
}

func (f *flexNumber) UnmarshalJSON(b []byte) error {
	*f = flexNumber{}
	if len(b) > 0 && (b[0] == '-' || b[0] >= '0' && b[0] <= '9') {
		// A JSON number, as scores mostly are: parsed without copying it.
		v, err := strconv.ParseFloat(string(b), 64)
		if err != nil {
			return &json.UnmarshalTypeError{Value: "number " + string(b), Type: float64Type}
		}
		f.v, f.ok = v, true
		return nil
	}
	lit, err := numberLiteral(b, float64Type)
	if err != nil || lit == "" {
		return err
	}
	f.v, err = parseNumber(lit, 64, float64Type)
	f.ok = err == nil
	return err
}

// flexInt is an integer field (a span offset) by the same rule; a
// fraction is not an integer.
type flexInt struct {
	v  int
	ok bool
}

func (n *flexInt) UnmarshalJSON(b []byte) error {
	*n = flexInt{}
	lit, err := numberLiteral(b, intType)
	if err != nil || lit == "" {
		return err
	}
	if n.v, err = strconv.Atoi(lit); err != nil {
		return &json.UnmarshalTypeError{Value: "number " + lit, Type: intType}
	}
	n.ok = true
	return nil
}

// flexVector is a vector (an embedding), each element a numeric field.
type flexVector []flexFloat32

type flexFloat32 float32

func (f *flexFloat32) UnmarshalJSON(b []byte) error {
	lit, err := numberLiteral(b, float32Type)
	if err == nil && lit == "" {
		// An element cannot be absent: the vector would shift.
		err = &json.UnmarshalTypeError{Value: jsonKind(b), Type: float32Type}
	}
	if err != nil {
		return err
	}
	v, err := parseNumber(lit, 32, float32Type)
	*f = flexFloat32(v)
	return err
}

// floats is the vector as the Record holds it (nil when absent).
func (v flexVector) floats() []float32 {
	if v == nil {
		return nil
	}
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(x)
	}
	return out
}

// numberValue reads a decoded JSON value (numbers as json.Number) as a
// numeric field: ok is false for a value of another kind, or text that
// is not a number.
func numberValue(v any) (x float64, ok bool) {
	var lit string
	switch n := v.(type) {
	case json.Number:
		lit, ok = n.String(), true
	case string:
		lit, ok = numberText(n)
	}
	if !ok {
		return 0, false
	}
	x, err := strconv.ParseFloat(lit, 64)
	return x, err == nil
}

// aliasText is a text field under a key other tools write for it: read
// only when it holds a string.
type aliasText string

func (a *aliasText) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return (*flexString)(a).UnmarshalJSON(b)
	}
	return nil
}

// aliasID is an id under a key other tools write for it: a string or a
// number (ids are often numeric), anything else is not read.
type aliasID string

func (a *aliasID) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && (b[0] == '"' || b[0] == '-' || b[0] >= '0' && b[0] <= '9') {
		return (*flexString)(a).UnmarshalJSON(b)
	}
	return nil
}

// aliasNumber is a numeric field under a key other tools write for it:
// read only when it holds a number by the rule (numberText).
type aliasNumber struct {
	v  float64
	ok bool
}

func (a *aliasNumber) UnmarshalJSON(b []byte) error {
	if lit, err := numberLiteral(b, float64Type); err == nil && lit != "" {
		if v, err := parseNumber(lit, 64, float64Type); err == nil {
			a.v, a.ok = v, true
		}
	}
	return nil
}

// textValue reads a decoded JSON value (numbers as json.Number) as a text
// field: ok is false for a value of another kind.
func textValue(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	}
	return "", false
}

// textField reads the text field key of a decoded object: present is
// false when it is absent, null or "", and a value of another kind is a
// wrong_field_type skip naming the field.
func textField(obj map[string]any, key string) (text string, present bool, skip *SkipError) {
	v := obj[key]
	text, ok := textValue(v)
	if !ok {
		return "", false, skipf(ReasonWrongType, "field %q is %s, want text", key, kindOf(v))
	}
	return text, text != "", nil
}

// timestampField reads a record's timestamp as canonical records do; one
// that is not a time is a bad_timestamp skip.
func timestampField(s string) (time.Time, *SkipError) {
	ts, err := ParseTimestamp(s)
	if err != nil {
		return time.Time{}, &SkipError{Reason: ReasonBadTimestamp, Detail: fmt.Sprintf("timestamp: %v", err)}
	}
	return ts, nil
}
