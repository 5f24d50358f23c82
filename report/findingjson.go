package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/audit"
)

// appendFinding appends f as one line of JSON, exactly as encoding/json
// writes it (HTML escaping off; nil lists as [], nil signals as {}): the
// reflective encoder, with a map to sort and a MarshalJSON to re-validate
// for every score, was a twelfth of a whole audit. TestAppendFinding
// holds the two byte for byte. After sentence_index come the numbers
// people read (Place): turn (the answer's, from 1) and sentence_number.
func appendFinding(b []byte, f *audit.Finding, turn int) ([]byte, error) {
	b = append(b, `{"conversation_id":`...)
	b = appendString(b, f.ConversationID)
	b = append(b, `,"tenant":`...)
	b = appendString(b, f.Tenant)
	b = append(b, `,"agent":`...)
	b = appendString(b, f.Agent)
	b = append(b, `,"timestamp":`...)
	b = appendString(b, f.Timestamp)
	b = append(b, `,"source":`...)
	b = appendString(b, f.Source)
	b = append(b, `,"message_index":`...)
	b = strconv.AppendInt(b, int64(f.MessageIndex), 10)
	b = append(b, `,"sentence_index":`...)
	b = strconv.AppendInt(b, int64(f.SentenceIndex), 10)
	b = append(b, `,"turn":`...)
	b = strconv.AppendInt(b, int64(turn), 10)
	b = append(b, `,"sentence_number":`...)
	b = strconv.AppendInt(b, int64(f.SentenceIndex)+1, 10)
	b = append(b, `,"char_start":`...)
	b = strconv.AppendInt(b, int64(f.CharStart), 10)
	b = append(b, `,"char_end":`...)
	b = strconv.AppendInt(b, int64(f.CharEnd), 10)
	b = append(b, `,"sentence":`...)
	b = appendString(b, f.Sentence)
	b = append(b, `,"marker":`...)
	b = appendString(b, f.Marker)
	b = append(b, `,"citation":`...)
	b = appendString(b, f.Citation)
	b = append(b, `,"chunk_id":`...)
	b = appendStringPtr(b, f.ChunkID)
	b = append(b, `,"resolved_by":`...)
	b = appendString(b, f.ResolvedBy)
	b = append(b, `,"verdict":`...)
	b = appendString(b, f.Verdict)
	b = append(b, `,"sentence_verdict":`...)
	b = appendString(b, f.SentenceVerdict)
	b = append(b, `,"answer_status":`...)
	b = appendString(b, f.AnswerStatus)
	return appendFindingMeasures(b, f)
}

// appendFindingMeasures appends the scores, signals and evidence lists of
// a finding, and closes it.
func appendFindingMeasures(b []byte, f *audit.Finding) ([]byte, error) {
	var err error
	for _, s := range []struct {
		name string
		v    *audit.Score
	}{{`,"support_score":`, f.SupportScore}, {`,"sentence_score":`, f.SentenceScore},
		{`,"np_coverage":`, f.NPCoverage}, {`,"token_overlap":`, f.TokenOverlap}} {
		b = append(b, s.name...)
		if s.v == nil {
			b = append(b, "null"...)
		} else if b, err = appendScore(b, *s.v); err != nil {
			return nil, err
		}
	}
	b = append(b, `,"signals":{`...)
	for i, k := range signalKeys(f.Signals) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		if b, err = appendScore(b, f.Signals[k]); err != nil {
			return nil, err
		}
	}
	b = append(b, `},"np_found":`...)
	b = appendStrings(b, f.NPFound)
	b = append(b, `,"np_missing":`...)
	b = appendStrings(b, f.NPMissing)
	b = append(b, `,"numbers_missing":`...)
	b = appendStrings(b, f.NumbersMissing)
	if len(f.NumbersElsewhere) > 0 {
		b = append(b, `,"numbers_elsewhere":`...)
		b = appendStrings(b, f.NumbersElsewhere)
	}
	b = append(b, `,"entities_missing":`...)
	b = appendStrings(b, f.EntitiesMissing)
	b = append(b, `,"matched_text":`...)
	b = appendString(b, f.MatchedText)
	b = append(b, `,"matched_start":`...)
	b = strconv.AppendInt(b, int64(f.MatchedStart), 10)
	b = append(b, `,"matched_end":`...)
	b = strconv.AppendInt(b, int64(f.MatchedEnd), 10)
	b = append(b, `,"better_chunk_id":`...)
	b = appendStringPtr(b, f.BetterChunkID)
	b = append(b, `,"reasons":`...)
	b = appendStrings(b, f.Reasons)
	b = append(b, `,"language":`...)
	b = appendString(b, f.Language)
	if f.ChunkLanguage != "" {
		b = append(b, `,"chunk_language":`...)
		b = appendString(b, f.ChunkLanguage)
	}
	b = append(b, `,"unstated":`...)
	b = appendStrings(b, f.Unstated)
	if f.Judge != nil {
		if b, err = appendJudged(b, f.Judge); err != nil {
			return nil, err
		}
	}
	return append(b, "}\n"...), nil
}

// appendJudged appends what a judge did with the citation, as
// encoding/json writes audit.Judged (a nil list as null).
func appendJudged(b []byte, j *audit.Judged) ([]byte, error) {
	b = append(b, `,"judge":{"status":`...)
	b = appendString(b, j.Status)
	b = append(b, `,"model":`...)
	b = appendString(b, j.Model)
	b = append(b, `,"p":`...)
	if j.P == nil {
		b = append(b, "null"...)
	} else {
		var err error
		if b, err = appendScore(b, *j.P); err != nil {
			return nil, err
		}
	}
	b = append(b, `,"answer":`...)
	b = appendString(b, j.Answer)
	b = append(b, `,"logprobs":`...)
	b = strconv.AppendBool(b, j.Logprobs)
	b = append(b, `,"lexical_verdict":`...)
	b = appendString(b, j.LexicalVerdict)
	b = append(b, `,"lexical_reasons":`...)
	if j.LexicalReasons == nil {
		b = append(b, "null"...)
	} else {
		b = appendStrings(b, j.LexicalReasons)
	}
	if j.Error != "" {
		b = append(b, `,"error":`...)
		b = appendString(b, j.Error)
	}
	return append(b, '}'), nil
}

// appendScore writes a score as Score.MarshalJSON does; encoding/json
// rejects what is not a number, and so does this.
func appendScore(b []byte, s audit.Score) ([]byte, error) {
	if math.IsNaN(float64(s)) || math.IsInf(float64(s), 0) {
		return nil, fmt.Errorf("json: error calling MarshalJSON for type audit.Score: %v is not a JSON number", float64(s))
	}
	return strconv.AppendFloat(b, float64(s), 'f', 4, 64), nil
}

func appendStringPtr(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return appendString(b, *s)
}

func appendStrings(b []byte, ss []string) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

const hexDigits = "0123456789abcdef"

// appendString quotes s as encoding/json does with HTML escaping off:
// quote and backslash escaped, control characters as \b \f \n \r \t or
// \u00XX, invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// signalNames is audit.Signals' names, sorted: the usual finding's keys,
// in the order they are written, without sorting each finding's.
var signalNames = func() []string {
	out := make([]string, len(audit.Signals))
	for i, s := range audit.Signals {
		out[i] = s.Name
	}
	slices.Sort(out)
	return out
}()

// signalKeys is the keys of signals, sorted.
func signalKeys(signals map[string]audit.Score) []string {
	keys := make([]string, 0, len(signals))
	for _, k := range signalNames {
		if _, ok := signals[k]; ok {
			keys = append(keys, k)
		}
	}
	if len(keys) == len(signals) {
		return keys
	}
	keys = keys[:0] // a signal of another name: sort them all
	for k := range signals {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
