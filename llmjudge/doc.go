// Package llmjudge sends the citations the audit's own verdict leaves
// uncertain to a judge the user runs (an OpenAI-compatible chat endpoint:
// vLLM, Ollama, llama.cpp's server) and puts its answer in place of the
// lexical verdict, keeping both in the finding. Nothing else goes to it:
// decisive failures (fabricated, number, negation, name) never do, nor a
// citation whose score lies outside the band.
//
// Files, in the order data flows through them:
//
//   - judge.go: Config, the Judge, Start (a record's citations in the
//     band, judged concurrently) and the counts a report gives.
//   - band.go: the band, and which citations fall in it.
//   - gate.go: the budget, given out in the order of the records, so that
//     which citations are judged never depends on the workers.
//   - prompt.go: MiniCheck's protocol: one claim against one chunk (a
//     window of it around the best-matching passage when it is long),
//     "Yes" or "No", temperature 0, one token.
//   - client.go: the request (a bounded number in flight; timeouts and
//     retries with backoff on 429 and 5xx are internal/httpjson's) and
//     the answer's P(yes), from the logprobs when the endpoint gives
//     them, else from the answer.
//   - cache.go: answers on disk by model, prompt and text: a rerun makes
//     no call and gives the same findings.
package llmjudge
