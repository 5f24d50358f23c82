package readers

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// parquetCols locates the canonical columns in a file's schema.
type parquetCols struct {
	id, tenant, agent, ts int // -1 when absent
	warnings              int
	messages              int // canonical layout
	question, answer, ret int // flat layout
}

func parquetColumns(s *arrow.Schema) (parquetCols, error) {
	idx := func(name string) int {
		if is := s.FieldIndices(name); len(is) > 0 {
			return is[0]
		}
		return -1
	}
	c := parquetCols{id: idx("conversation_id"), tenant: idx("tenant"), agent: idx("agent"), ts: idx("timestamp"),
		messages: idx("messages"), question: idx("question"), answer: idx("answer"), ret: idx("retrieval"), warnings: idx("warnings")}
	if c.id < 0 {
		return c, errors.New(`no "conversation_id" column: not a canonical ragaudit table (see README, Parquet)`)
	}
	if c.messages < 0 && c.answer < 0 {
		return c, errors.New(`neither a "messages" column (one conversation per row) nor an "answer" column (one turn per row)`)
	}
	if c.messages >= 0 {
		if _, ok := s.Field(c.messages).Type.(*arrow.ListType); !ok {
			return c, fmt.Errorf(`column "messages" is %s, want list<struct<role, content, retrieval>>`, s.Field(c.messages).Type)
		}
	}
	return c, nil
}

// record reads row i of batch b; fields follow the rule of every format
// (fields.go), by column type: text or an integer or float column where
// text is wanted, null and "" absent.
func (c parquetCols) record(b arrow.Record, i int) (Record, *SkipError) {
	rec, skip := c.header(b, i)
	if skip != nil {
		return Record{}, skip
	}
	if c.messages >= 0 && !b.Column(c.messages).IsNull(i) {
		msgs, skip := messagesAt(b.Column(c.messages).(*array.List), i, &rec.Warnings)
		if skip != nil {
			return Record{}, skip
		}
		rec.Messages = msgs
		for _, m := range msgs {
			if m.Role == "assistant" {
				return rec, nil
			}
		}
		return Record{}, skipf(ReasonNoAssistantTurn, "no assistant message to audit")
	}
	if c.answer < 0 {
		return Record{}, skipf(ReasonMissingField, "messages is null")
	}
	if skip := c.flat(b, i, &rec); skip != nil {
		return Record{}, skip
	}
	return rec, nil
}

// header reads the row's conversation, tenant, agent, time and warnings.
func (c parquetCols) header(b arrow.Record, i int) (Record, *SkipError) {
	var rec Record
	id, ok, err := stringAt(b.Column(c.id), i)
	switch {
	case err != nil:
		return rec, fieldSkip("conversation_id", err)
	case !ok || id == "":
		return rec, skipf(ReasonMissingField, "conversation_id is null or empty")
	}
	rec.ConversationID = id
	for _, f := range []struct {
		col int
		dst *string
	}{{c.tenant, &rec.Tenant}, {c.agent, &rec.Agent}} {
		if f.col >= 0 {
			if *f.dst, _, err = stringAt(b.Column(f.col), i); err != nil {
				return rec, fieldSkip(b.ColumnName(f.col), err)
			}
		}
	}
	if c.ts >= 0 {
		if rec.Timestamp, err = timeAt(b.Column(c.ts), i); err != nil {
			return rec, skipf(ReasonBadTimestamp, "%v", err)
		}
	}
	if c.warnings >= 0 {
		if rec.Warnings, err = stringsAt(b.Column(c.warnings), i); err != nil {
			return rec, fieldSkip("warnings", err)
		}
	}
	return rec, nil
}

// flat reads the flat layout's question, answer and chunks into rec.
func (c parquetCols) flat(b arrow.Record, i int, rec *Record) *SkipError {
	answer, ok, err := stringAt(b.Column(c.answer), i)
	if err != nil {
		return fieldSkip("answer", err)
	}
	if !ok || answer == "" {
		return skipf(ReasonMissingContent, "answer is null or empty")
	}
	question := ""
	if c.question >= 0 {
		if question, _, err = stringAt(b.Column(c.question), i); err != nil {
			return fieldSkip("question", err)
		}
	}
	msg := Message{Role: "assistant", Content: answer, NoRetrievalLogged: c.ret < 0 || b.Column(c.ret).IsNull(i)}
	if !msg.NoRetrievalLogged {
		l, isList := b.Column(c.ret).(*array.List)
		if !isList {
			return skipf(ReasonWrongType, "retrieval is %s, want list<struct<id, source, text, score>>", b.Column(c.ret).DataType())
		}
		var skip *SkipError
		if msg.Retrieval, skip = chunksAt(l, i); skip != nil {
			return skip
		}
	}
	rec.Messages = []Message{{Role: "user", Content: question}, msg}
	return nil
}

// messageCols are the message struct's fields (nil when absent).
type messageCols struct {
	role, content, ret, unit, cits, emb arrow.Array
}

func messagesAt(l *array.List, i int, warnings *[]string) ([]Message, *SkipError) {
	st, ok := l.ListValues().(*array.Struct)
	if !ok {
		return nil, skipf(ReasonWrongType, "messages is not a list of structs")
	}
	mc := messageCols{role: structField(st, "role"), content: structField(st, "content"), ret: structField(st, "retrieval"),
		unit: structField(st, "offset_unit"), cits: structField(st, "citations"), emb: structField(st, "embedding")}
	if mc.role == nil {
		return nil, skipf(ReasonMissingField, `messages have no "role" field`)
	}
	start, end := l.ValueOffsets(i)
	msgs := make([]Message, 0, end-start)
	for k := int(start); k < int(end); k++ {
		m, skip := mc.message(k, k-int(start), warnings)
		if skip != nil {
			return nil, skip
		}
		msgs = append(msgs, m)
	}
	return msgs, nil
}

// message reads message n, at row k of the message values.
func (mc messageCols) message(k, n int, warnings *[]string) (Message, *SkipError) {
	var m Message
	role, ok, err := stringAt(mc.role, k)
	if err != nil {
		return m, fieldSkip(fmt.Sprintf("messages[%d].role", n), err)
	} else if !ok || role == "" {
		return m, skipf(ReasonMissingField, "messages[%d] has no role", n)
	}
	m.Role = normalRole(role)
	if mc.content != nil {
		if m.Content, _, err = stringAt(mc.content, k); err != nil {
			return m, fieldSkip(fmt.Sprintf("messages[%d].content", n), err)
		}
	}
	if m.Role == "assistant" && m.Content == "" {
		return m, skipf(ReasonMissingContent, "messages[%d] (assistant) has no content", n)
	}
	if mc.ret == nil || mc.ret.IsNull(k) {
		m.NoRetrievalLogged = m.Role == "assistant"
	} else {
		rl, isList := mc.ret.(*array.List)
		if !isList {
			return m, skipf(ReasonWrongType, "messages.retrieval is %s, want a list", mc.ret.DataType())
		}
		var skip *SkipError
		if m.Retrieval, skip = chunksAt(rl, k); skip != nil {
			return m, skip
		}
	}
	if mc.emb != nil {
		if m.Embedding, err = vectorAt(mc.emb, k); err != nil {
			return m, fieldSkip(fmt.Sprintf("messages[%d].embedding", n), err)
		}
	}
	if mc.cits == nil || mc.cits.IsNull(k) {
		return m, nil
	}
	unit := ""
	if mc.unit != nil {
		if unit, _, err = stringAt(mc.unit, k); err != nil {
			return m, fieldSkip(fmt.Sprintf("messages[%d].offset_unit", n), err)
		}
	}
	in, skip := citationsAt(mc.cits, k, n)
	if skip != nil {
		return m, skip
	}
	if m.Citations, *warnings, err = convertCitations(m.Content, unit, in, n, *warnings); err != nil {
		return m, skipf(ReasonWrongType, "%v", err)
	}
	return m, nil
}

func chunksAt(l *array.List, i int) ([]Chunk, *SkipError) {
	if l.IsNull(i) {
		return nil, nil
	}
	st, ok := l.ListValues().(*array.Struct)
	if !ok {
		return nil, &SkipError{Reason: ReasonWrongType, Detail: "retrieval is not a list of structs"}
	}
	id, src, text, score := structField(st, "id"), structField(st, "source"), structField(st, "text"), structField(st, "score")
	status, emb := structField(st, "text_status"), structField(st, "embedding")
	start, end := l.ValueOffsets(i)
	if start == end {
		return nil, nil
	}
	out := make([]Chunk, 0, end-start)
	for k := int(start); k < int(end); k++ {
		var c Chunk
		var err error
		textNull := false // a text column, null here
		for _, f := range []struct {
			arr  arrow.Array
			dst  *string
			name string
		}{{id, &c.ID, "id"}, {src, &c.Source, "source"}, {text, &c.Text, "text"}} {
			if f.arr != nil {
				var present bool
				if *f.dst, present, err = stringAt(f.arr, k); err != nil {
					return nil, fieldSkip(fmt.Sprintf("retrieval[%d].%s", k-int(start), f.name), err)
				}
				textNull = textNull || f.name == "text" && !present
			}
		}
		if score != nil {
			if c.Score, err = scoreAt(score, k); err != nil {
				return nil, fieldSkip(fmt.Sprintf("retrieval[%d].score", k-int(start)), err)
			}
		}
		if status != nil {
			s, _, err := stringAt(status, k)
			if err != nil {
				return nil, fieldSkip(fmt.Sprintf("retrieval[%d].text_status", k-int(start)), err)
			}
			if c.Status, err = textStatus(s); err != nil {
				return nil, &SkipError{Reason: ReasonWrongType, Detail: fmt.Sprintf("retrieval[%d].text_status: %v", k-int(start), err)}
			}
		}
		if emb != nil {
			if c.Embedding, err = vectorAt(emb, k); err != nil {
				return nil, fieldSkip(fmt.Sprintf("retrieval[%d].embedding", k-int(start)), err)
			}
		}
		if textNull && c.Status == "" {
			c.Keys = []string{"id", "text (null)"} // logged without text, as a JSONL chunk with "text": null
		}
		out = append(out, c)
	}
	return out, nil
}

// scoreAt reads a score by the rule of every numeric field (fields.go):
// a float or integer column, or a string column holding numbers as text
// ("0.8"); text that is not a number is an error. Null is no score.
func scoreAt(a arrow.Array, i int) (*float64, error) {
	if a.IsNull(i) {
		return nil, nil
	}
	var v float64
	switch a := a.(type) {
	case *array.Float64:
		v = a.Value(i)
	case *array.Float32:
		v = float64(a.Value(i))
	case *array.Int64:
		v = float64(a.Value(i))
	case *array.Int32:
		v = float64(a.Value(i))
	case *array.String, *array.LargeString, *array.Dictionary:
		s, _, err := stringAt(a, i)
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(s) == "" {
			return nil, nil // "" is no value, as in every text column
		}
		var ok bool
		if v, ok = numberValue(s); !ok {
			return nil, fmt.Errorf("is the text %s, want a number", shortQuote(s))
		}
	default:
		return nil, fmt.Errorf("is %s, want a number", a.DataType())
	}
	return &v, nil
}

// citationsAt reads the structured citations of message n (at row k of
// the message values) as the JSONL reader's wire form, spans unconverted.
func citationsAt(a arrow.Array, k, n int) ([]jsonCitation, *SkipError) {
	bad := func(format string, args ...any) ([]jsonCitation, *SkipError) {
		return nil, &SkipError{Reason: ReasonWrongType, Detail: fmt.Sprintf("messages[%d].citations", n) + fmt.Sprintf(format, args...)}
	}
	l, ok := a.(*array.List)
	if !ok {
		return bad(" is %s, want list<struct<marker, start, end, chunk_ids, text>>", a.DataType())
	}
	st, ok := l.ListValues().(*array.Struct)
	if !ok {
		return bad(" is not a list of structs")
	}
	marker, s, e, ids, text := structField(st, "marker"), structField(st, "start"), structField(st, "end"), structField(st, "chunk_ids"), structField(st, "text")
	start, end := l.ValueOffsets(k)
	var out []jsonCitation
	for j := int(start); j < int(end); j++ {
		var c jsonCitation
		if marker != nil {
			m, _, err := stringAt(marker, j)
			if err != nil {
				return nil, fieldSkip(fmt.Sprintf("messages[%d].citations[%d].marker", n, j-int(start)), err)
			}
			c.Marker = flexString(m)
		}
		a, aok := intAt(s, j)
		b, bok := intAt(e, j)
		if aok || bok { // one bound alone is a span without the other
			c.ClaimSpan = &jsonSpan{}
			c.ClaimSpan.Start = flexInt{a, aok}
			c.ClaimSpan.End = flexInt{b, bok}
		}
		if text != nil {
			t, ok, err := stringAt(text, j)
			if err != nil {
				return nil, fieldSkip(fmt.Sprintf("messages[%d].citations[%d].text", n, j-int(start)), err)
			}
			if ok {
				quoted := flexString(t)
				c.Text = &quoted
			}
		}
		if ids != nil {
			vs, err := stringsAt(ids, j)
			if err != nil {
				return nil, fieldSkip(fmt.Sprintf("messages[%d].citations[%d].chunk_ids", n, j-int(start)), err)
			}
			for _, v := range vs {
				c.ChunkIDs = append(c.ChunkIDs, flexString(v))
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// intAt returns an integer column value (ok false when null or absent).
func intAt(a arrow.Array, i int) (int, bool) {
	if a == nil || a.IsNull(i) {
		return 0, false
	}
	switch a := a.(type) {
	case *array.Int64:
		return int(a.Value(i)), true
	case *array.Int32:
		return int(a.Value(i)), true
	}
	return 0, false
}

// stringsAt reads a list<string> value (nil when null or empty).
func stringsAt(a arrow.Array, i int) ([]string, error) {
	if a.IsNull(i) {
		return nil, nil
	}
	l, ok := a.(*array.List)
	if !ok {
		return nil, fmt.Errorf("is %s, want a list of strings", a.DataType())
	}
	start, end := l.ValueOffsets(i)
	var out []string
	for k := int(start); k < int(end); k++ {
		s, _, err := stringAt(l.ListValues(), k)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// vectorAt reads a list<float> value (nil when null).
func vectorAt(a arrow.Array, i int) ([]float32, error) {
	if a.IsNull(i) {
		return nil, nil
	}
	l, ok := a.(*array.List)
	if !ok {
		return nil, fmt.Errorf("is %s, want a list of floats", a.DataType())
	}
	start, end := l.ValueOffsets(i)
	out := make([]float32, 0, end-start)
	switch v := l.ListValues().(type) {
	case *array.Float32:
		out = append(out, v.Float32Values()[start:end]...)
	case *array.Float64:
		for _, x := range v.Float64Values()[start:end] {
			out = append(out, float32(x))
		}
	default:
		return nil, fmt.Errorf("is %s, want a list of floats", a.DataType())
	}
	return out, nil
}

func structField(st *array.Struct, name string) arrow.Array {
	if i, ok := st.DataType().(*arrow.StructType).FieldIdx(name); ok {
		return st.Field(i)
	}
	return nil
}

var errInvalidUTF8 = errors.New("invalid UTF-8")

// fieldSkip turns a column error into a skip: invalid UTF-8 or a wrong type.
func fieldSkip(field string, err error) *SkipError {
	if errors.Is(err, errInvalidUTF8) {
		return &SkipError{Reason: ReasonInvalidUTF8, Detail: field + ": invalid UTF-8"}
	}
	return &SkipError{Reason: ReasonWrongType, Detail: field + ": " + err.Error()}
}

// stringAt returns a copy of the text at row i (ok false when null).
// Numbers are accepted as text (fields.go): ids are often numeric.
func stringAt(a arrow.Array, i int) (string, bool, error) {
	if a.IsNull(i) {
		return "", false, nil
	}
	var s string
	switch a := a.(type) {
	case *array.String:
		s = strings.Clone(a.Value(i))
	case *array.LargeString:
		s = strings.Clone(a.Value(i))
	case *array.Binary:
		s = string(a.Value(i))
	case *array.Dictionary: // pandas writes categorical columns so
		return stringAt(a.Dictionary(), a.GetValueIndex(i))
	case *array.Int64:
		return fmt.Sprint(a.Value(i)), true, nil
	case *array.Int32:
		return fmt.Sprint(a.Value(i)), true, nil
	case *array.Float64: // a number is text, as in JSON (fields.go)
		return strconv.FormatFloat(a.Value(i), 'g', -1, 64), true, nil
	case *array.Float32:
		return strconv.FormatFloat(float64(a.Value(i)), 'g', -1, 32), true, nil
	default:
		return "", false, fmt.Errorf("is %s, want a string", a.DataType())
	}
	if !utf8.ValidString(s) {
		return "", false, errInvalidUTF8
	}
	return s, true, nil
}

func timeAt(a arrow.Array, i int) (time.Time, error) {
	if a.IsNull(i) {
		return time.Time{}, nil
	}
	switch a := a.(type) {
	case *array.Timestamp:
		unit := a.DataType().(*arrow.TimestampType).Unit
		t, err := inRange(a.Value(i).ToTime(unit).UTC())
		if err != nil {
			return time.Time{}, fmt.Errorf("timestamp %v", err)
		}
		return t, nil
	default:
		s, _, err := stringAt(a, i)
		if err != nil {
			return time.Time{}, fmt.Errorf("timestamp %v", err)
		}
		if s == "" {
			return time.Time{}, nil
		}
		t, err := ParseTimestamp(s)
		if err != nil {
			return time.Time{}, fmt.Errorf("timestamp: %v", err)
		}
		return t, nil
	}
}
