// Package audit decides, for every cited sentence of an assistant answer,
// whether the chunk it cites was retrieved and supports it, and flags
// uncited factual sentences and answers given without relevant retrieval.
// It knows nothing of files or report formats: Records in, Findings out.
//
// Files, in the order data flows through them:
//
//   - auditor.go: Config, the Auditor (loaded once, shared by the
//     workers) and Audit, the loop over a record's assistant messages.
//   - message.go: the audit of one message, step by step: its claims
//     (sentences), each citation resolved to a chunk (resolve), the
//     answer's status, the claims and chunks measured (measure), then
//     judged (judge).
//   - claims.go: the claims of a message: prose cut into citation spans,
//     a provider's citation spans, or the claims of a JSON answer
//     (jsonclaims.go). sentences.go and punkt.go split the prose,
//     markers.go finds the citation markers, spans.go joins a citation's
//     span; refusal.go and factual.go tell refusals and uncited factual
//     sentences.
//   - resolve.go: a citation id to its retrieved chunk (by id, position,
//     or both).
//   - claim.go, evidence.go: what the checks know of a claim and of a
//     chunk, computed once: words and stems in wordset.go, windows of a
//     chunk in windows.go, quantities in numbers.go (numberwords.go,
//     units.go, dates.go), what a chunk states in quantityindex.go and
//     what a claim states in claimnumbers.go; the quantities of Dutch,
//     German, French and Spanish text, keyed alike, in quantities_lang.go
//     (its _scan, _numbers and _dates files); embedding.go adds their
//     vectors in one batch.
//   - checks.go: the checks, each declaring the measures it reads and
//     writes; negation.go and swap.go hold the negation and name checks'
//     rules.
//   - signals.go: the table of signals, the model's named inputs, made
//     from the measures; reasons.go: the table of reasons a finding fails
//     or is not audited, with their words for people. validate.go checks
//     both tables and the checks when the package loads.
//   - judge.go: each claim against its chunks together (the sentence
//     verdict) and each citation against its own; model.go: the verdict,
//     a logistic regression over the signals with decisive signals;
//     default_model.go the shipped models; misattribution.go looks for a
//     retrieved chunk that supports a claim its citation does not.
//   - finding.go: Finding, the one row of output per (claim, citation)
//     or uncited sentence, and the verdicts and answer statuses.
//   - summary.go, groups.go, distinct.go: the Tally of an audit, its
//     counts and rates by tenant, agent and day, in bounded memory.
//   - floor.go: the retrieval floor (BelowFloor, per tenant), the one rule
//     for answered_below_floor and a guard's gate; guardrail.go: the
//     claims of findings as a guard logs them (GuardClaims).
//
// Besides the Auditor, the package's contract is its tables (Signals,
// Reasons, Checks), the Model and its config file, FindMarkers and
// StripMarkers (the markers of a sentence as the audit reads them), and
// the interfaces an embedder implements (Embedder, WordEmbedder,
// TokenEmbedder).
package audit
