// Package eval measures how well ragaudit's verdicts agree with human
// labels, and fits the verdict on them: it joins findings to labelled
// (sentence, citation) pairs, computes balanced accuracy, precision and
// recall on "unsupported", AUC of the support score and a confusion
// matrix, and compares the verdict with the word-overlap rule (package
// overlap) on data the fit never saw.
//
// Files, in the order data flows through them:
//
//   - texts.go: Audited, the pipeline sink that keeps an audit's findings
//     and the chunk texts the rule measures.
//   - eval.go: Join (labels to findings), Pair, Metrics, AUC, sweeps.
//   - items.go: itemsOf, the human judgements a verdict is scored on (a
//     single citation, or a claim's citations judged together).
//   - fit.go, logistic.go: fitting the verdict by a Procedure (monotone
//     logistic regression over the signals, data sets weighing the same)
//     and the threshold (cut).
//   - protocol.go: cross-validation by conversation and
//     leave-one-dataset-out, the verdict beside the rule.
//   - targets.go: the targets a held-out table must meet.
//   - report.go: Evaluate, the whole evaluation of ragaudit eval, as a
//     Report; text.go writes it as tables.
//   - fitmodel.go: FitModel, the shipped models' fit (eval --write-model,
//     make model).
//   - operating.go, fitpoint.go: the operating point on a user's labels:
//     the population's scores (machine rate at any threshold), design
//     weights, the labels' interval of the human rate, the thresholds of
//     best balanced accuracy within it, tenants' own; cross-validation
//     and the bootstrap.
//   - operatingtest.go: FitOperating, the operating point tested against
//     the current one out of sample, and the rule that lets it replace it;
//     weights.go the same with the weights refitted.
//   - calsink.go, calibrate.go: Calibrate, ragaudit calibrate and audit
//     --calibrate: the sink that keeps what it needs, the labels joined,
//     the model file and its record.
//   - band_eval_test.go (make eval): the judge's uncertain band, fitted
//     under leave-one-dataset-out and measured (llmjudge.DefaultBand).
package eval
