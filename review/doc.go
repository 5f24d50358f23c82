// Package review is the human side of a verified citation-accuracy
// estimate: the sample file a person reviews, the label file their
// judgments are appended to, and the review page served on this machine.
//
// Files, in the order data flows through them:
//
//   - sample.go: the sample file (one citation to review per line, in the
//     label schema without a label, with the design's fields).
//   - collect.go: a sink of the stream that keeps what the page shows of
//     each sampled citation (question, answer, cited and other chunks).
//   - labels.go: the label file, appended to and synced at every judgment,
//     read back to resume.
//   - server.go, page.go, review.html.tmpl: the page, on 127.0.0.1 behind a
//     random token.
package review
