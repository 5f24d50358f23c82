// Package shard splits an audit into units any array-job engine can run
// and merges them back into the report one machine would write.
//
// A unit is one input file or object, never split; the global order is
// the plan's sorted names, then record order. A shard audits its units and
// writes, per unit, its findings as Parquet and its state (the unit's
// part of every count, list and card of the report), the state last: a
// unit is done when its state exists. The merge folds the states in unit
// order with the fold the one-machine run uses (pipeline.Total,
// report.Collected), so the two write the same bytes by construction.
//
// Files, in the order data flows through them:
//
//   - plan.go: the plan (the pinned, sorted units with sizes and ETags,
//     each assigned to a shard) and how units are balanced.
//   - select.go: which shard this process is (I/N, or from an engine's
//     environment).
//   - layout.go: where a run's files go (plan.json, units/, findings/).
//   - state.go: a unit's state as written (versioned JSON, gzip).
//   - writer.go: the sink of a shard: each unit's findings and state.
//   - merge.go: the states read back, checked and folded in unit order;
//     the findings read back in unit order.
package shard
