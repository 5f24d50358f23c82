package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An OpenAI Responses log written without include=["file_search_call.results"]
// (the API's default) never makes up fabrications nor a retrieval floor:
// its citation is not auditable, the run INCOMPLETE, and the message
// names the fix.
func TestOpenAIResponsesWithoutResultsIsIncompleteWithTheFix(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", filepath.Join(testdata, "formats", "openai-responses-results-not-logged.json"))
	if r.code != exitIncomplete {
		t.Fatalf("exit %d, want %d (INCOMPLETE); stderr:\n%s", r.code, exitIncomplete, r.stderr)
	}
	for _, want := range []string{"INCOMPLETE", `include=["file_search_call.results"]`} {
		if !strings.Contains(r.stdout+r.stderr, want) {
			t.Errorf("output does not say %q:\n%s%s", want, r.stdout, r.stderr)
		}
	}
	for _, want := range []string{"0 fabricated, 0 unsupported", "0 answered below the retrieval floor", "2 not auditable (2 no retrieval logged)"} {
		if !strings.Contains(r.text, want) {
			t.Errorf("summary does not say %q:\n%s", want, r.text)
		}
	}
}

// An Anthropic log whose search results come back from the app's search
// tool (search_result blocks in a tool_result) audits them as its
// retrieval: no citation is fabricated nor left unchecked. The same log
// with the request's messages left out is INCOMPLETE, naming the fix,
// and still fabricates nothing.
func TestAnthropicSearchResultsInAToolResultAreTheRetrieval(t *testing.T) {
	in := filepath.Join(testdata, "formats", "anthropic-search-results-in-tool-result.json")
	r := runCLI(t, "", "audit", "-q", "--accept-machine", "--machine-recall", "100%", "--bar", "40%", in)
	if r.code != exitPass {
		t.Fatalf("exit %d, want %d (PASS); stderr:\n%s", r.code, exitPass, r.stderr)
	}
	for _, want := range []string{"Citations: 3 supported, 0 unsupported, 0 fabricated, 0 not auditable", "0 answered below the retrieval floor", "Resolution: 3 by id"} {
		if !strings.Contains(r.text, want) {
			t.Errorf("summary does not say %q:\n%s", want, r.text)
		}
	}
	var d map[string]any
	if err := json.Unmarshal(readFile(t, in), &d); err != nil {
		t.Fatal(err)
	}
	d["request"].(map[string]any)["messages"] = "<omitted by logger>"
	b, _ := json.Marshal(d)
	omitted := filepath.Join(t.TempDir(), "omitted.json")
	os.WriteFile(omitted, b, 0o644)
	r = runCLI(t, "", "audit", "-q", omitted)
	if r.code != exitIncomplete || !strings.Contains(r.stdout+r.stderr, "log the whole request beside the response") {
		t.Fatalf("exit %d, want %d (INCOMPLETE) naming the fix; output:\n%s%s", r.code, exitIncomplete, r.stdout, r.stderr)
	}
	if want := "0 fabricated, 0 unsupported"; !strings.Contains(r.text, want) {
		t.Errorf("summary does not say %q:\n%s", want, r.text)
	}
}
