package readers

import (
	"strings"
	"testing"
)

// A file_search_call logged without its results ("results": null, what
// the API returns unless the request asks for them) is retrieval not
// logged, with the fix named: its citations are not fabrications. An
// empty list is a search that found nothing, and a response citing files
// without any file_search_call lost it.
func TestOpenAIResponsesWithoutSearchResultsLogNoRetrieval(t *testing.T) {
	cases := []struct {
		name     string
		change   func(d map[string]any)
		notLog   bool
		why      string
		chunks   int // -1: some
		citation bool
	}{
		{"results as logged are the retrieval", func(map[string]any) {}, false, "", -1, true},
		{"results null are not logged, and the fix is named", func(d map[string]any) {
			get(d, "output", 0).(map[string]any)["results"] = nil
		}, true, `include=["file_search_call.results"]`, 0, true},
		{"results missing are not logged", func(d map[string]any) {
			delete(get(d, "output", 0).(map[string]any), "results")
		}, true, `"results": null`, 0, true},
		{"an empty results list found nothing", func(d map[string]any) {
			get(d, "output", 0).(map[string]any)["results"] = []any{}
		}, false, "", 0, true},
		{"citations without any file_search_call lost it", func(d map[string]any) {
			d["output"] = list(d["output"])[1:]
		}, true, "logs no file_search_call", 0, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := sample(t, "openai-responses-annotations.json")
			tc.change(d)
			recs, skips := openAll(t, writeFile(t, "resp.json", mustJSON(t, d)), Options{})
			if len(recs) != 1 || len(skips) != 0 {
				t.Fatalf("%d records, skips %v; want the record read", len(recs), skips)
			}
			m := recs[0].Messages[0]
			if m.NoRetrievalLogged != tc.notLog || !strings.Contains(m.RetrievalWhy, tc.why) || (tc.why == "") != (m.RetrievalWhy == "") {
				t.Errorf("NoRetrievalLogged %v, why %q; want %v and %q", m.NoRetrievalLogged, m.RetrievalWhy, tc.notLog, tc.why)
			}
			if tc.chunks < 0 && len(m.Retrieval) == 0 || tc.chunks >= 0 && len(m.Retrieval) != tc.chunks {
				t.Errorf("%d chunks, want %d", len(m.Retrieval), tc.chunks)
			}
			if (len(m.Citations) > 0) != tc.citation {
				t.Errorf("%d citations; the citations must be kept", len(m.Citations))
			}
		})
	}
}
