package llmjudge

import (
	"encoding/json"
	"math"
	"testing"
)

// FuzzAnswer: whatever an endpoint returns, reading it gives a P(yes) in
// [0, 1] or an error, never a panic.
func FuzzAnswer(f *testing.F) {
	for _, seed := range []string{
		`{"choices":[{"message":{"content":"Yes"}}]}`,
		`{"choices":[{"message":{"content":" no."},"logprobs":{"content":[{"token":"No","logprob":-0.1,"top_logprobs":[{"token":"No","logprob":-0.1},{"token":"Yes","logprob":-2.3}]}]}}]}`,
		`{"choices":[{"message":{"content":"Maybe"},"logprobs":{"content":[]}}]}`,
		`{"choices":[{"message":{"content":"Yes"},"logprobs":{"content":[{"top_logprobs":[{"token":"yes","logprob":5},{"token":"YES","logprob":1e308}]}]}}]}`,
		`{"choices":[]}`, `null`, ``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var cr chatResponse
		if json.Unmarshal(b, &cr) != nil || len(cr.Choices) == 0 {
			return
		}
		a, err := answerOf(&cr)
		if err == nil && !(a.P >= 0 && a.P <= 1) || math.IsNaN(a.P) {
			t.Fatalf("%s: P(yes) %v", b, a.P)
		}
	})
}
