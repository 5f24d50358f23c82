// Package pipeline is the stream between a list of log files and audit
// results in input order. Every command that audits — audit, eval,
// calibrate, sample, review — calls Run with its sinks.
//
// Files, in the order data flows through them:
//
//   - pipeline.go: Options, Sink, Run and the typed errors it returns.
//   - auditor.go: the auditor and its embedder, loaded while input is read.
//   - read.go: reading every file, filters, --last, duplicate records and
//     the skip accounting.
//   - repeats.go: answers a later record of their conversation holds
//     again (the conversation logged after every turn), audited once.
//   - pool.go: the ordered worker pool (results in submission order, with
//     each unit's start and end in their place).
//   - unit.go: a unit (one input) tallied on its own, its state, and the
//     run's Total that folds units in order: the one-machine run and a
//     merge of shards alike.
//   - inputs.go: per-file digests and coverage for the summary.
//   - shapes.go: the sets of keys of chunks without text and of answers
//     without retrieval, and the keys a file was read from, each warned
//     of once.
//   - guardlog.go: a guard's decision log: its attempts audited, its
//     logged verdicts recomputed and compared, its decisions counted.
//   - verdict.go: NewAuditor and VerdictHash, for the guard.
//
// The stream never chooses an exit code: it returns typed errors
// (ErrInterrupted, *InputError) and the caller decides.
package pipeline
