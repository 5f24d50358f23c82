package readers

import (
	"fmt"
	"strings"
)

// phoenixRows: Phoenix span dataframe rows, "attributes."-prefixed keys,
// documents and messages as lists of objects with dotted keys.
func phoenixRows(in traceInput) ([]Record, []*SkipError) {
	var spans []flatSpan
	var problems []*SkipError
	for i, d := range in.docs {
		fs := flatSpan{trace: str(get(d, "context.trace_id")), parent: str(get(d, "parent_id")), kind: str(get(d, "span_kind")), line: in.lines[i], attrs: map[string]any{}}
		if fs.trace == "" {
			problems = append(problems, noTraceID(in.lines[i], "context.trace_id"))
			continue
		}
		fs.start, fs.badStart = textTime("start_time", get(d, "start_time"))
		for k, v := range d {
			name, ok := strings.CutPrefix(k, "attributes.")
			if !ok {
				continue
			}
			if l, isList := v.([]any); isList {
				for n, item := range l {
					if m, isMap := item.(map[string]any); isMap {
						for ik, iv := range m {
							fs.attrs[fmt.Sprintf("%s.%d.%s", name, n, ik)] = iv
						}
					}
				}
				continue
			}
			fs.attrs[name] = v
		}
		spans = append(spans, fs)
	}
	return openInferenceTurns(spans, in.damaged, problems)
}
