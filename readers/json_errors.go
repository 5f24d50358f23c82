package readers

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"
)

func invalidUTF8Offset(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

func jsonKind(b []byte) string {
	switch {
	case len(b) == 0:
		return "nothing"
	case b[0] == '{':
		return "object"
	case b[0] == '[':
		return "array"
	case b[0] == 't' || b[0] == 'f':
		return "bool"
	case b[0] == '"':
		return "string"
	default:
		return "number"
	}
}

// typeMismatch says for people which field has the wrong kind of value. A
// number that does not fit its field is named: "is a number, want a
// number" would not tell that 0.5 is not an integer or 1e999 too large.
func typeMismatch(te *json.UnmarshalTypeError) string {
	field := te.Field
	if field == "" {
		field = "(record)"
	}
	if text, ok := strings.CutPrefix(te.Value, "string "); ok {
		// A numeric field written as text that is not a number.
		return fmt.Sprintf("field %q is the text %s, want %s (or text holding one)", field, text, jsonKindOf(te.Type))
	}
	if lit, ok := strings.CutPrefix(te.Value, "number "); ok && te.Type != nil {
		switch te.Type.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if strings.ContainsAny(lit, ".eE") {
				return fmt.Sprintf("field %q is %s, want an integer", field, lit)
			}
			return fmt.Sprintf("field %q is %s, out of range", field, lit)
		case reflect.Float32, reflect.Float64:
			return fmt.Sprintf("field %q is %s, out of range", field, lit)
		}
	}
	return fmt.Sprintf("field %q is %s, want %s", field, withArticle(te.Value), jsonKindOf(te.Type))
}

// withArticle names a JSON value kind as encoding/json reports it
// ("array", "number 3") for people: "an array", "a number".
func withArticle(v string) string {
	v, _, _ = strings.Cut(v, " ")
	switch v {
	case "array", "object":
		return "an " + v
	case "":
		return "a value"
	}
	return "a " + v
}

// jsonKindOf names the JSON kind a Go type decodes from, not the type.
func jsonKindOf(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Pointer:
		return jsonKindOf(t.Elem())
	case reflect.Interface:
		return "a value"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	}
	return "a number"
}
