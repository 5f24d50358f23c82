// Package guard checks an answer before it leaves the server, with the
// same auditor, model, resolution rule and tenant thresholds as ragaudit
// audit — one verdict, computed by package audit — and decides what to
// serve: the answer, the answer without the claims it may not make, a
// request to regenerate it once, an honest fallback quoting the closest
// retrieved passage, or a refusal.
//
// Files, in the order a request flows through them:
//
//   - request.go: Request (one answer with its retrieval) and
//     ParseRequest (a canonical record or its flat form).
//   - policy.go: Policy, a tenant's rules: the floor, which classes of
//     failure are enforced and which only annotated, drop limits, the
//     fallback, the fail mode and the check's budget; policy files.
//   - class.go: the classes of failure a finding's verdict and reasons
//     fall into.
//   - guard.go: Guard, New and its options; Gate (before the model call)
//     and Check (the verdict of one answer).
//   - verdict.go: Verdict and ClaimVerdict, the audit's findings grouped
//     by claim.
//   - apply.go: the handler chain (Begin, Continue, Apply) and Decision.
//   - render.go: an answer without its dropped claims, the feedback for a
//     regeneration, the fallback.
//   - log.go: the decision log, one canonical record per decision with a
//     guardrail object, which ragaudit audit reads back.
//   - http.go, pending.go, metrics.go: the HTTP service of ragaudit serve
//     (/v1/gate, /v1/check, /v1/guard, health and Prometheus metrics).
//
// A claim is the unit of every decision, so that a streaming proxy can
// release an answer claim by claim once each is checked.
package guard
