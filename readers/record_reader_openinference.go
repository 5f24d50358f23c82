package readers

import (
	"fmt"
	"strconv"
	"time"
)

// openInferenceOTLP: OTLP JSON lines of resourceSpans; spans of one trace
// may be spread over lines.
func openInferenceOTLP(in traceInput) ([]Record, []*SkipError) {
	var spans []flatSpan
	var problems []*SkipError
	for i, d := range in.docs {
		n, untraced := len(spans), 0
		for _, rs := range list(get(d, "resourceSpans")) {
			for _, ss := range list(get(rs, "scopeSpans")) {
				for _, sp := range list(get(ss, "spans")) {
					fs := flatSpan{trace: str(get(sp, "traceId")), parent: str(get(sp, "parentSpanId")), line: in.lines[i], attrs: map[string]any{}}
					if v := get(sp, "startTimeUnixNano"); v != nil && v != "" {
						ns, err := strconv.ParseInt(str(v), 10, 64)
						var t time.Time
						if err == nil {
							t, err = inRange(time.Unix(0, ns).UTC())
						}
						if err == nil {
							fs.start = t
						} else {
							fs.badStart = badTime("startTimeUnixNano", v, "want Unix nanoseconds from 1970 to 9999")
						}
					}
					for _, a := range list(get(sp, "attributes")) {
						v := get(a, "value")
						for _, k := range []string{"stringValue", "intValue", "doubleValue", "boolValue"} {
							if x := get(v, k); x != nil {
								fs.attrs[str(get(a, "key"))] = x
							}
						}
					}
					fs.kind = str(fs.attrs["openinference.span.kind"])
					if fs.trace == "" {
						untraced++
						continue
					}
					spans = append(spans, fs)
				}
			}
		}
		switch {
		case untraced > 0:
			problems = append(problems, &SkipError{Line: in.lines[i], Reason: ReasonMissingField,
				Detail: fmt.Sprintf("%d span(s) on the line have no \"traceId\": they belong to no trace", untraced)})
		case len(spans) == n:
			problems = append(problems, &SkipError{Line: in.lines[i], Reason: ReasonMissingField, Detail: "line has no resourceSpans[].scopeSpans[].spans"})
		}
	}
	return openInferenceTurns(spans, in.damaged, problems)
}
