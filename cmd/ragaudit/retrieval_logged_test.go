package main

import (
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
