// Package estimate turns machine verdicts on every citation and a person's
// labels on a random sample of them into an estimate of the true
// citation-accuracy rate with a valid interval, and a PASS, FAIL or
// INCONCLUSIVE decision at a bar. Numbers in, numbers out: it knows
// nothing of logs, findings or reports.
//
// The flow is: count the audit's citations in a [Frame]; make a [Design]
// (strata of tenant × machine verdict, labels allocated by Neyman) with
// [NewDesign]; [Design.Draw] the citations to review; add every citation
// with its label, if any, to a [Tally]; [Tally.Estimate]. [Frame.Plan]
// says beforehand how many labels a decision or a half-width takes.
//
// Files: citation.go (the input: a citation, a label), frame.go (the
// population's sums), design.go and allocate.go (strata and Neyman
// allocation), draw.go (the seeded draw), tally.go (the estimate's sums,
// Merge), groups.go (sums per stratum, and per tenant within a stratum),
// domain.go (PPI++ and the labels-only estimate of one domain),
// interval.go (Wilson, Student's t), estimate.go (options, results,
// decision), agreement.go (machine versus reviewer), plan.go (labels
// needed). The method, its assumptions and its measured coverage are in
// docs/estimate.md.
package estimate
