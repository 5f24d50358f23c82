package readers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
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
//   - Numeric fields (score, span offsets, vectors) take JSON numbers only.

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

// jsonTurn is the flat form's turn number, which loggers also write as
// text ("3"); it is checked, not used.
type jsonTurn struct{}

func (jsonTurn) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		// json.Number reports text that is not a number as a syntax
		// error of its own; it is the field's type that is wrong.
		return &json.UnmarshalTypeError{Value: jsonKind(b), Type: float64Type}
	}
	return nil
}

var float64Type = reflect.TypeOf(0.0)

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
