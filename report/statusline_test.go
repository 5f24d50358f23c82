package report

import (
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// The status line says the verdict and why in one line, and the text
// summary's verdict starts with the very same line.
func TestStatusLine(t *testing.T) {
	counts := func(supported, unsupported int) audit.Counts {
		return audit.Counts{RecordsRead: 1, RecordsAudited: 1, Answers: 1, Citations: supported + unsupported,
			CitationsByVerdict: map[string]int{audit.Supported: supported, audit.Unsupported: unsupported}}
	}
	cases := []struct {
		name  string
		sum   Summary
		gates []GateSpec
		want  string
	}{
		{"accepted, a rate below the bar says so, with the citations it rests on",
			Summary{CitationAccuracy: 15.0 / 21, Bar: 0.9, Counts: counts(15, 6), acceptMachine: true}, nil,
			"FAIL: citation accuracy 71.4% is below the bar 90.0% (21 citations; machine verdicts, not verified)"},
		{"a pass of the machine's verdicts (--accept-machine) says the rate clears the bar, and that it is not verified",
			Summary{CitationAccuracy: 0.995, CI95Low: 0.987, CI95High: 0.998, Bar: 0.9, Counts: counts(577, 3), acceptMachine: true}, nil,
			"PASS (machine verdicts, not verified): citation accuracy 99.5% is at or above the bar 90.0%, and would be at least 96.1% were the machine to catch only 33.0% of the unsupported citations (--machine-recall) (580 citations)"},
		{"a machine rate whose interval reaches below the bar is INCONCLUSIVE, naming the review of all its citations",
			Summary{CitationAccuracy: 0.966, CI95Low: 0.883, CI95High: 0.99, Bar: 0.9, Counts: counts(56, 2)}, nil,
			"INCONCLUSIVE: the machine's rate clears the bar, but it is the machine's verdicts, not a verified rate: they miss unsupported citations that read close to their chunks, so the true rate can be lower, and even their 95% interval (88.3%–99.0%), which covers only the sampling of citations, reaches below the bar 90.0%; verify it with a reviewed sample (ragaudit sample -n 58 -o sample.jsonl LOGS; ragaudit review --sample sample.jsonl --labels labels.jsonl LOGS; ragaudit audit --labels labels.jsonl LOGS, each with the flags this run read LOGS with, such as --mapping or --format); citation accuracy 96.6%, bar 90.0% (58 citations)"},
		{"past 150 citations the review samples 150",
			Summary{CitationAccuracy: 0.92, CI95Low: 0.89, CI95High: 0.94, Bar: 0.9, Counts: counts(460, 40)}, nil,
			"INCONCLUSIVE: the machine's rate clears the bar, but it is the machine's verdicts, not a verified rate: they miss unsupported citations that read close to their chunks, so the true rate can be lower, and even their 95% interval (89.0%–94.0%), which covers only the sampling of citations, reaches below the bar 90.0%; verify it with a reviewed sample (ragaudit sample -n 150 -o sample.jsonl LOGS; ragaudit review --sample sample.jsonl --labels labels.jsonl LOGS; ragaudit audit --labels labels.jsonl LOGS, each with the flags this run read LOGS with, such as --mapping or --format); citation accuracy 92.0%, bar 90.0% (500 citations)"},
		{"a machine rate whose interval clears the bar is INCONCLUSIVE: the machine's verdicts are not a verified rate",
			Summary{CitationAccuracy: 0.966, CI95Low: 0.93, CI95High: 0.99, Bar: 0.9, Counts: counts(560, 20)}, nil,
			"INCONCLUSIVE: the machine's rate clears the bar with its 95% interval (93.0%–99.0%), but it is the machine's verdicts, not a verified rate: they miss unsupported citations that read close to their chunks, so the true rate can be lower; verify it with a reviewed sample (ragaudit sample -n 150 -o sample.jsonl LOGS; ragaudit review --sample sample.jsonl --labels labels.jsonl LOGS; ragaudit audit --labels labels.jsonl LOGS, each with the flags this run read LOGS with, such as --mapping or --format); --accept-machine would not pass it either: were the machine to catch only 33.0% of the unsupported citations (--machine-recall), the true rate could be as low as 78.8%; citation accuracy 96.6%, bar 90.0% (580 citations)"},
		{"where the machine's rate would clear the bar were it to catch a third of the unsupported citations, --accept-machine would pass it",
			Summary{CitationAccuracy: 0.995, CI95Low: 0.987, CI95High: 0.998, Bar: 0.9, Counts: counts(577, 3)}, nil,
			"INCONCLUSIVE: the machine's rate clears the bar with its 95% interval (98.7%–99.8%), but it is the machine's verdicts, not a verified rate: they miss unsupported citations that read close to their chunks, so the true rate can be lower; verify it with a reviewed sample (ragaudit sample -n 150 -o sample.jsonl LOGS; ragaudit review --sample sample.jsonl --labels labels.jsonl LOGS; ragaudit audit --labels labels.jsonl LOGS, each with the flags this run read LOGS with, such as --mapping or --format); or let the machine's verdicts pass with --accept-machine: were it to catch only 33.0% of the unsupported citations (--machine-recall), the true rate would still be at least 96.1%; citation accuracy 99.5%, bar 90.0% (580 citations)"},
		{"with --accept-machine a machine rate whose interval clears the bar is still INCONCLUSIVE where the unsupported citations the machine may miss could take the true rate below it",
			Summary{CitationAccuracy: 0.966, CI95Low: 0.93, CI95High: 0.99, Bar: 0.9, Counts: counts(560, 20), acceptMachine: true}, nil,
			"INCONCLUSIVE: the machine's rate clears the bar with its 95% interval (93.0%–99.0%), but the machine may catch as few as 33.0% of the unsupported citations (--machine-recall): the up to 7.0% its verdicts leave not supported could stand for 21.2%, a true rate as low as 78.8%, below the bar 90.0%; verify it with a reviewed sample (ragaudit sample -n 150 -o sample.jsonl LOGS; ragaudit review --sample sample.jsonl --labels labels.jsonl LOGS; ragaudit audit --labels labels.jsonl LOGS, each with the flags this run read LOGS with, such as --mapping or --format), or set --machine-recall to what a reviewed sample of your own logs measures (audit --labels says it); citation accuracy 96.6%, bar 90.0% (580 citations)"},
		{"with --accept-machine and a measured recall of the user's own, the same rate passes",
			Summary{CitationAccuracy: 0.966, CI95Low: 0.93, CI95High: 0.99, Bar: 0.9, Counts: counts(560, 20), acceptMachine: true, machineRecall: 0.8}, nil,
			"PASS (machine verdicts, not verified): citation accuracy 96.6% is at or above the bar 90.0%, and would be at least 91.2% were the machine to catch only 80.0% of the unsupported citations (--machine-recall) (580 citations)"},
		{"with --accept-machine a machine rate whose interval reaches below the bar is still INCONCLUSIVE",
			Summary{CitationAccuracy: 0.92, CI95Low: 0.89, CI95High: 0.94, Bar: 0.9, Counts: counts(460, 40), acceptMachine: true}, nil,
			"INCONCLUSIVE: the machine's rate clears the bar, but it is the machine's verdicts, not a verified rate: they miss unsupported citations that read close to their chunks, so the true rate can be lower, and even their 95% interval (89.0%–94.0%), which covers only the sampling of citations, reaches below the bar 90.0%; verify it with a reviewed sample (ragaudit sample -n 150 -o sample.jsonl LOGS; ragaudit review --sample sample.jsonl --labels labels.jsonl LOGS; ragaudit audit --labels labels.jsonl LOGS, each with the flags this run read LOGS with, such as --mapping or --format); citation accuracy 92.0%, bar 90.0% (500 citations)"},
		{"no rate is below a bar of 0: a pass without labels",
			Summary{CitationAccuracy: 0.5, CI95Low: 0.3, CI95High: 0.7, Bar: 0, Counts: counts(10, 10)}, nil,
			"PASS (machine verdicts, not verified): citation accuracy 50.0% is at or above the bar 0.0% (20 citations)"},
		{"a rate a hair under the bar is told apart from it",
			Summary{CitationAccuracy: 0.8999, Bar: 0.9, Counts: counts(8999, 1001), acceptMachine: true}, nil,
			"FAIL: citation accuracy 89.99% is below the bar 90.00% (10000 citations; machine verdicts, not verified)"},
		{"a failed gate names the gate, and the rate that passed",
			Summary{CitationAccuracy: 0.95, Bar: 0.9, Counts: counts(19, 1)}, []GateSpec{{Name: "uncited"}},
			"FAIL: --fail-on uncited failed: 2 uncited factual sentences; citation accuracy 95.0% is at or above the bar 90.0% (20 citations)"},
		{"nothing to measure says why, with no rate",
			Summary{Bar: 0.9, Counts: audit.Counts{}}, nil,
			"NO_DATA: nothing to measure: the input holds no record (an empty file, or nothing on stdin)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.sum
			s.Counts.UncitedFactual = 2
			var err error
			if s.Gates, err = EvaluateGates(tc.gates, &s); err != nil {
				t.Fatal(err)
			}
			s.Decide()
			if got := StatusLine(&s); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
			var b strings.Builder
			if err := WriteText(&b, &s); err != nil {
				t.Fatal(err)
			}
			if lines := strings.Split(b.String(), "\n"); lines[1] != tc.want {
				t.Errorf("the text summary's verdict starts with %q, not the status line", lines[1])
			}
		})
	}
}
