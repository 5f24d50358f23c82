package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/estimate"
	"github.com/ragaudit/ragaudit/review"
)

// simulateReview labels a sample with the bundled HAGRID human labels, as
// ragaudit review would write them; it returns the label file and how many
// sampled citations the human labels did not cover.
func simulateReview(t *testing.T, sample string) (string, int) {
	t.Helper()
	human := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, hagridLabels))), "\n") {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		human[labelKey(d)] = d["label"].(string)
	}
	path := filepath.Join(t.TempDir(), "labels.jsonl")
	f, _ := os.Create(path)
	defer f.Close()
	missing := 0
	sc := bufio.NewScanner(strings.NewReader(string(readFile(t, sample))))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var d map[string]any
		json.Unmarshal(sc.Bytes(), &d)
		label, ok := human[labelKey(d)]
		if !ok {
			missing++
			continue
		}
		d["label"], d["reviewer"] = label, "simulated"
		b, _ := json.Marshal(d)
		f.Write(append(b, '\n'))
	}
	return path, missing
}

func labelKey(d map[string]any) string {
	b, _ := json.Marshal([]any{d["conversation_id"], d["message_index"], d["char_start"], d["char_end"], d["citation_marker"]})
	return string(b)
}

// A sample is reproducible from its seed, stratified, and holds only
// citations a person can judge (no fabricated one), each with what the
// estimate needs.
func TestSampleIsReproducibleAndCarriesItsDesign(t *testing.T) {
	dir := t.TempDir()
	draw := func(name, seed string) string {
		p := filepath.Join(dir, name)
		if r := runCLI(t, "", "sample", "-q", "-n", "60", "--seed", seed, "-o", p, hagridLogs); r.code != exitPass {
			t.Fatalf("sample exit %d: %s", r.code, r.stderr)
		}
		return string(readFile(t, p))
	}
	a, b, c := draw("a.jsonl", "5"), draw("b.jsonl", "5"), draw("c.jsonl", "6")
	if a != b {
		t.Error("the same seed drew another sample")
	}
	if a == c {
		t.Error("another seed drew the same sample")
	}
	// A file holding another sample is not replaced unasked (a review may
	// be under way on it); the same sample drawn again is no change.
	if draw("a.jsonl", "5"); t.Failed() {
		t.Fatal("drawing the same sample again to its file was refused")
	}
	p := filepath.Join(dir, "a.jsonl")
	if r := runCLI(t, "", "sample", "-q", "-n", "60", "--seed", "6", "-o", p, hagridLogs); r.code != exitUsage || !strings.Contains(r.stderr, "is not this sample") {
		t.Errorf("another sample over a.jsonl: exit %d, %q", r.code, r.stderr)
	}
	if string(readFile(t, p)) != a {
		t.Error("the refused draw changed the file")
	}
	if r := runCLI(t, "", "sample", "-q", "-n", "60", "--seed", "6", "--force", "-o", p, hagridLogs); r.code != exitPass || string(readFile(t, p)) != c {
		t.Errorf("--force: exit %d, %q", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(a), "\n")
	if len(lines) != 60 {
		t.Fatalf("%d lines, want 60", len(lines))
	}
	findings := string(readFile(t, filepath.Join(runCLI(t, "", "audit", "-q", hagridLogs).out, "findings.jsonl")))
	strata := map[string]bool{}
	for _, l := range lines {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		for _, k := range []string{"conversation_id", "message_index", "char_start", "char_end", "citation_marker", "chunk_id", "sentence_text", "stratum", "inclusion_probability", "seed", "config_hash", "sample"} {
			if _, ok := d[k]; !ok {
				t.Fatalf("no %s in %s", k, l)
			}
		}
		if _, ok := d["label"]; ok {
			t.Errorf("a sample line has a label: %s", l)
		}
		if p := d["inclusion_probability"].(float64); p <= 0 || p > 1 {
			t.Errorf("inclusion probability %v", p)
		}
		strata[d["stratum"].(string)] = true
		if strings.Contains(l, "supported") || strings.Contains(l, "unsupported") {
			t.Errorf("a sample line shows a verdict: %s", l)
		}
		if !strings.Contains(findings, `"conversation_id":"`+d["conversation_id"].(string)+`"`) {
			t.Errorf("%s is not a conversation of the audit", d["conversation_id"])
		}
	}
	if len(strata) < 2 {
		t.Errorf("%d strata, want tenant × machine verdict", len(strata))
	}
	if strings.Contains(findings, `"verdict":"fabricated"`) && strings.Contains(a, `"chunk_id":null`) {
		t.Error("a fabricated citation was sampled")
	}
}

// audit --labels leads with the verified estimate, and its decision gives
// the exit code: FAIL far above the estimate, PASS far below, INCONCLUSIVE
// (exit 3) at it.
func TestAuditWithLabelsReportsTheVerifiedRate(t *testing.T) {
	sample := filepath.Join(t.TempDir(), "sample.jsonl")
	if r := runCLI(t, "", "sample", "-q", "-n", "160", "--seed", "9", "-o", sample, hagridLogs); r.code != exitPass {
		t.Fatalf("sample exit %d: %s", r.code, r.stderr)
	}
	labels, missing := simulateReview(t, sample)
	r := runCLI(t, "", "audit", "-q", "--labels", labels, hagridLogs)
	v, _ := summaryOf(t, r)["verified"].(map[string]any)
	if v == nil {
		t.Fatalf("no verified block: %s", r.text)
	}
	est := v["estimate"].(float64)
	if v["method"] != "ppi++" || v["decision"] != "FAIL" || r.code != exitFail || !(v["ci95_low"].(float64) < est && est < v["ci95_high"].(float64)) {
		t.Errorf("exit %d, verified %v", r.code, v)
	}
	if lines := strings.Split(r.text, "\n"); lines[1] != strings.TrimSuffix(r.stdout, "\n") || !strings.HasPrefix(lines[1], "FAIL: verified citation accuracy ") || strings.Contains(lines[1], "not verified") ||
		!strings.HasPrefix(lines[2], "Verified citation accuracy: ") || !strings.Contains(r.text, "Machine's own rate: ") {
		t.Errorf("the text does not lead with the verified rate, or -q (%q) does not print its status line:\n%s", r.stdout, r.text)
	}
	// The machine's recall of the unsupported citations, measured on the
	// labels, is what --machine-recall takes for runs without them.
	caught, _ := v["agreement"].(map[string]any)["unsupported_caught"].(float64)
	if !(caught > 0 && caught <= 1) || !strings.Contains(r.text, fmt.Sprintf("It caught an estimated %.1f%% of the unsupported citations", 100*caught)) {
		t.Errorf("unsupported caught %v, text:\n%s", caught, r.text)
	}
	// What a later run may assume is the low end of the recall's interval,
	// below the estimate: few labels measure it loosely.
	m := regexp.MustCompile(`may take no more than ([0-9.]+)% as --machine-recall`).FindStringSubmatch(r.text)
	if m == nil {
		t.Errorf("no --machine-recall advice:\n%s", r.text)
	} else if low, _ := strconv.ParseFloat(m[1], 64); !(low < 100*caught) {
		t.Errorf("the advised --machine-recall %v%% is not below the estimate %.1f%%", low, 100*caught)
	}
	falseAlarmAdvice(t, v, r)
	// The labelled failures are numbered as findings are: by turn and
	// sentence, never by the message index.
	if block := strings.SplitN(r.text, "Labelled unsupported by the reviewers", 2); len(block) < 2 ||
		!regexp.MustCompile(`\n    \S+ (turn \d+, )?sentence \d+ \[`).MatchString(block[1]) || strings.Contains(strings.SplitN(block[1], "\n  ", 3)[1], " message ") {
		t.Errorf("the labelled failures are not numbered by turn and sentence:\n%s", r.text)
	}
	html := string(readFile(t, filepath.Join(r.out, "report.html")))
	if !strings.Contains(html, `id="headline-accuracy">`+fmt.Sprintf("%.1f%%", 100*est)) || !strings.Contains(html, `id="agreement">On this sample the machine agrees with the reviewer at balanced accuracy`) {
		t.Error("report.html does not lead with the verified rate and the machine's agreement with the reviewer")
	}
	recallAdviceAlike(t, m, html)
	if r := runCLI(t, "", "audit", "-q", "--bar", "0.2", "--labels", labels, hagridLogs); r.code != exitPass {
		t.Errorf("a bar far below the estimate: exit %d %s", r.code, r.stderr)
	}
	bar := json.Number(strings.TrimSpace(strings.Split(strings.Split(r.text, "Verified citation accuracy: ")[1], "%")[0]))
	r = runCLI(t, "", "audit", "-q", "--bar", string(bar)+"%", "--labels", labels, hagridLogs)
	undecidedAtTheBar(t, r)
	// The simulated reviewer passes over the citations HAGRID has no
	// label for: the advice is to judge them, as more labels elsewhere
	// cannot stand in for them.
	if detail := summaryOf(t, r)["status_detail"].(string); missing > 0 {
		assertPassedOver(t, detail, missing)
	} else {
		followTheAdvice(t, detail, sample, labels)
	}
	// A failed gate is a failure (exit 1) whatever more labels would say
	// of the rate: INCONCLUSIVE must not hide fabricated citations.
	if r := runCLI(t, "", "audit", "-q", "--bar", string(bar)+"%", "--fail-on", "fabricated", "--labels", labels, hagridLogs); r.code != exitFail || summaryOf(t, r)["status"] != "FAIL" {
		t.Errorf("a failed gate with an inconclusive rate: exit %d %s", r.code, r.stderr)
	}
}

// Below estimate.MinLabels labels the verified interval is not known to
// hold: the audit is INCONCLUSIVE at any bar the fabricated citations and
// those labelled unsupported alone do not fail (exit 6 where the estimate
// is below the bar), says how many labels it needs in every output, and
// the advice it gives draws them.
func TestTooFewLabelsDecideNothing(t *testing.T) {
	sample := filepath.Join(t.TempDir(), "sample.jsonl")
	runCLI(t, "", "sample", "-q", "-n", "20", "--seed", "7", "-o", sample, hagridLogs)
	labels, _ := simulateReview(t, sample)
	cases := []struct {
		name, bar string
		code      int
		want      string
	}{
		{"a bar far below the estimate is not passed", "0.05", exitInconclusive, "labels count, and the verified interval is known to hold from 100 on"},
		{"a bar far above the estimate is not failed, but stops CI", "0.85", exitInconclusiveBelow, "labels count, and the verified interval is known to hold from 100 on"},
		{"a bar the fabricated and labelled unsupported citations alone fail is failed, saying so", "0.99", exitFail, "the 36 fabricated citations and the 7 labelled not supported alone hold the rate to at most 89.1%, below the bar 99.0%"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", "audit", "-q", "--bar", tc.bar, "--labels", labels, hagridLogs)
			sum := summaryOf(t, r)
			v := sum["verified"].(map[string]any)
			detail, _ := sum["status_detail"].(string)
			if r.code != tc.code || v["too_few_labels"] != true || v["min_labels"] != float64(estimate.MinLabels) || !strings.Contains(detail, tc.want) || !strings.Contains(r.stdout, tc.want) {
				t.Errorf("exit %d, too few labels %v, min labels %v, status %q", r.code, v["too_few_labels"], v["min_labels"], r.stdout)
			}
			if !strings.Contains(r.text, "Too few labels: the interval is known to hold from 100 labels on") {
				t.Errorf("the text summary does not say the labels are too few:\n%s", r.text)
			}
			if html := string(readFile(t, filepath.Join(r.out, "report.html"))); !strings.Contains(html, `id="too-few-labels"`) {
				t.Error("report.html does not say the labels are too few")
			}
			if tc.code == exitFail {
				return
			}
			l := v["labels"].(map[string]any)
			n := int(l["supported"].(float64) + l["partial"].(float64) + l["unsupported"].(float64))
			if !strings.Contains(detail, fmt.Sprintf("only %d labels count", n)) || !strings.Contains(detail, fmt.Sprintf("review at least %d more", estimate.MinLabels-n)) {
				t.Errorf("the status does not say how many labels are needed: %q", detail)
			}
		})
	}
	r := runCLI(t, "", "audit", "-q", "--bar", "0.85", "--labels", labels, hagridLogs)
	followTheAdvice(t, summaryOf(t, r)["status_detail"].(string), sample, labels)
}

// followTheAdvice runs the larger draw an INCONCLUSIVE status advises, as
// written, on the sample file reviewed: without --force it is refused
// (the file holds the smaller sample), with it the file holds the larger
// one, and the labels given carry over to it.
// assertPassedOver checks that an inconclusive status names the drawn
// citations the review passed over (at most the missing labels: those
// after the last labelled one are a review stopped early) and asks for
// them.
func assertPassedOver(t *testing.T, detail string, missing int) {
	t.Helper()
	m := regexp.MustCompile(`(\d+) drawn citations are not judged \(passed over in review\), which the bounds count from none to all supported: judge them`).FindStringSubmatch(detail)
	if m == nil {
		t.Errorf("the advice does not name the citations passed over (%d unlabelled): %s", missing, detail)
		return
	}
	if n, _ := strconv.Atoi(m[1]); n == 0 || n > missing {
		t.Errorf("%d citations passed over of %d unlabelled: %s", n, missing, detail)
	}
}

func followTheAdvice(t *testing.T, detail, sample, labels string) {
	t.Helper()
	m := regexp.MustCompile(`\(ragaudit (sample -n \d+ --seed \d+ -o SAMPLE --force), SAMPLE being the sample file reviewed`).FindStringSubmatch(detail)
	if m == nil {
		t.Fatalf("the advice names no command to draw a larger sample: %s", detail)
	}
	args := strings.Fields(strings.Replace(m[1], "SAMPLE", sample, 1))
	before, err := review.ReadSample(sample)
	if err != nil {
		t.Fatal(err)
	}
	without := append(slices.Clone(args[:len(args)-1]), "-q", hagridLogs)
	if r := runCLI(t, "", without...); r.code != exitUsage || !strings.Contains(r.stderr, "--force") {
		t.Errorf("the advice without --force: exit %d %q", r.code, r.stderr)
	}
	if r := runCLI(t, "", append(args, "-q", hagridLogs)...); r.code != exitPass {
		t.Fatalf("the advice as written: exit %d %q", r.code, r.stderr)
	}
	items, err := review.ReadSample(sample)
	if err != nil || items[0].SampleSize <= before[0].SampleSize { // -n past the citations there are draws them all
		t.Fatalf("the sample file holds a sample of %d after one of %d (%v)", items[0].SampleSize, before[0].SampleSize, err)
	}
	lf, err := review.OpenLabels(labels, items)
	if err != nil || lf.Carried == 0 {
		t.Fatalf("the labels do not carry over to the larger sample: %v", err)
	}
	lf.Close()
}

// Labels sampled under another configuration are refused: their strata and
// inclusion probabilities belong to other verdicts.
func TestLabelsOfAnotherConfigurationAreRefused(t *testing.T) {
	sample := filepath.Join(t.TempDir(), "sample.jsonl")
	runCLI(t, "", "sample", "-q", "-n", "40", "--seed", "2", "-o", sample, hagridLogs)
	labels, _ := simulateReview(t, sample)
	r := runCLI(t, "", "audit", "-q", "--threshold", "0.7", "--labels", labels, hagridLogs)
	if r.code != exitUsage || !strings.Contains(r.stderr, "another audit configuration") {
		t.Errorf("exit %d, %q", r.code, r.stderr)
	}
	// Labels that keep the sample's id but not its configuration (written
	// by another tool) say which fields are missing, not another
	// configuration.
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(string(readFile(t, labels))), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		delete(v, "config_hash")
		delete(v, "config")
		out, _ := json.Marshal(v)
		b.Write(append(out, '\n'))
	}
	stripped := filepath.Join(t.TempDir(), "labels.jsonl")
	os.WriteFile(stripped, []byte(b.String()), 0o644)
	r = runCLI(t, "", "audit", "-q", "--labels", stripped, hagridLogs)
	if r.code != exitUsage || !strings.Contains(r.stderr, "without the sample's config_hash") || !strings.Contains(r.stderr, `leave out "sample"`) {
		t.Errorf("labels without the sample's configuration: exit %d, %q", r.code, r.stderr)
	}
}

// Labels of other logs are counted and reported, never silently dropped;
// a label file not drawn by ragaudit sample is used with its assumption
// stated.
func TestUnmatchedLabelsAreCounted(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", "--bar", "0", "--labels", hagridLabels, hagridLogs)
	v := summaryOf(t, r)["verified"].(map[string]any)
	if !strings.Contains(v["design"].(string), "not drawn by ragaudit sample") {
		t.Errorf("design %v", v["design"])
	}
	if n := v["unmatched_labels"].(float64); n < 1 || !strings.Contains(r.text, "match no citation of this audit") {
		t.Errorf("uncited HAGRID labels: %v unmatched; %s", n, r.text)
	}
	// Labels of which none judges a citation are the wrong file: an error,
	// not an inconclusive estimate over no label.
	r2 := runCLI(t, "", "audit", "-q", "--bar", "0", "--labels", expertqaLabels, hagridLogs)
	if r2.code != exitUsage || !strings.Contains(r2.stderr, "none of the") || !strings.Contains(r2.stderr, "other logs") {
		t.Errorf("ExpertQA labels on HAGRID logs: exit %d, %q", r2.code, r2.stderr)
	}
	// Labels not drawn by ragaudit sample that judge no citation of one of
	// the logs are no random sample of them: refused, naming the file.
	r3 := runCLI(t, "", "audit", "-q", "--bar", "0", "--labels", hagridLabels, hagridLogs, expertqaLogs)
	if r3.code != exitUsage || !strings.Contains(r3.stderr, "the labels judge no citation of "+expertqaLogs) {
		t.Errorf("HAGRID labels on HAGRID and ExpertQA logs: exit %d, %q", r3.code, r3.stderr)
	}
}

// --plan says how many labels it takes, from the machine verdicts alone,
// and states its assumption.
func TestSamplePlan(t *testing.T) {
	r := runCLI(t, "", "sample", "--plan", "--bar", "0.5", hagridLogs)
	for _, want := range []string{"Labels to decide PASS or FAIL at the bar", "±5.0 points: ", "Assumption: the machine's score is calibrated"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("no %q in\n%s", want, r.stdout)
		}
	}
}

// With labels, what CI shows — the annotation, the job summary, the JUnit
// properties — leads with the verified rate that set the status, never the
// machine's rate alone.
func TestCIOutputsShowTheVerifiedRate(t *testing.T) {
	dir := t.TempDir()
	sample := filepath.Join(dir, "sample.jsonl")
	runCLI(t, "", "sample", "-q", "-n", "160", "--seed", "3", "-o", sample, hagridLogs)
	labels, _ := simulateReview(t, sample)
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_STEP_SUMMARY", filepath.Join(dir, "step.md"))
	junit := filepath.Join(dir, "junit.xml")
	r := runCLI(t, "", "audit", "-q", "--bar", "0.2", "--junit", junit, "--labels", labels, hagridLogs)
	if !strings.Contains(r.stdout, "::notice title=ragaudit PASS::Verified citation accuracy ") {
		t.Errorf("annotation: %s", r.stdout)
	}
	if md := string(readFile(t, filepath.Join(dir, "step.md"))); !strings.Contains(md, "Verified citation accuracy") {
		t.Errorf("job summary:\n%s", md)
	}
	if x := string(readFile(t, junit)); !strings.Contains(x, `name="verified_citation_accuracy"`) || !strings.Contains(x, `name="machine_citation_accuracy"`) {
		t.Error("JUnit properties do not tell the verified rate from the machine's")
	}
}

// The labels of a sample carry over to a larger draw of the same seed, and
// the audit uses them under the larger design.
func TestALargerSampleOfTheSameSeedExtendsTheLabels(t *testing.T) {
	dir := t.TempDir()
	small, large := filepath.Join(dir, "small.jsonl"), filepath.Join(dir, "large.jsonl")
	runCLI(t, "", "sample", "-q", "-n", "40", "--seed", "12", "-o", small, hagridLogs)
	runCLI(t, "", "sample", "-q", "-n", "90", "--seed", "12", "-o", large, hagridLogs)
	first, _ := simulateReview(t, small)
	second, _ := simulateReview(t, large)
	inSmall := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, first))), "\n") {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		inSmall[labelKey(d)] = true
	}
	// One file, as review writes it: the first sample's labels, then the
	// larger sample's others.
	all := string(readFile(t, first))
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, second))), "\n") {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		if !inSmall[labelKey(d)] {
			all += l + "\n"
		}
	}
	labels := filepath.Join(dir, "labels.jsonl")
	os.WriteFile(labels, []byte(all), 0o644)
	r := runCLI(t, "", "audit", "-q", "--labels", labels, hagridLogs)
	v, _ := summaryOf(t, r)["verified"].(map[string]any)
	if v == nil || v["sample_size"].(float64) != 90 || !strings.Contains(v["design"].(string), "seed 12: 90 labels") {
		t.Fatalf("exit %d %s: %v", r.code, r.stderr, v)
	}
}

// The checks that keep labels to what was judged: the logs the sample was
// drawn from, the evidence the reviewer saw, one judgment per citation.
func TestLabelsStayWithWhatWasJudged(t *testing.T) {
	dir := t.TempDir()
	sample := filepath.Join(dir, "sample.jsonl")
	runCLI(t, "", "sample", "-q", "-n", "60", "--seed", "21", "-o", sample, hagridLogs)
	labels, _ := simulateReview(t, sample)

	more := filepath.Join(dir, "more.jsonl")
	extra := regexp.MustCompile(`"tenant": "[a-z]+"`).ReplaceAllString(string(readFile(t, testdata+"/example.jsonl")), `"tenant": "hagrid-miracl-en"`)
	os.WriteFile(more, append(readFile(t, hagridLogs), extra...), 0o644)
	// Labels given with other logs, or other filters, name the logs and
	// filters their sample was drawn from, never a stratum's hash.
	drawn := "the sample was drawn from " + hagridLogs + " with no filter: audit those, with those filters"
	for _, args := range [][]string{{more}, {"--tenant", "hagrid-miracl-en", "--last", "50", hagridLogs}} {
		r := runCLI(t, "", append([]string{"audit", "-q", "--labels", labels}, args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, drawn) || regexp.MustCompile(`\bs[0-9a-f]{12}\b`).MatchString(r.stderr) {
			t.Errorf("labels with %v: exit %d %q", args, r.code, r.stderr)
		}
	}
	filtered := filepath.Join(dir, "filtered.jsonl")
	runCLI(t, "", "sample", "-q", "-n", "30", "--seed", "21", "--tenant", "hagrid-miracl-en", "--last", "80", "-o", filtered, hagridLogs)
	r := runCLI(t, "", "review", "--sample", filtered, "--labels", filepath.Join(dir, "l2.jsonl"), "--reviewer", "ann", "--last", "20", hagridLogs)
	if want := "the sample was drawn from " + hagridLogs + " with --tenant hagrid-miracl-en --last 80: give those, with those filters"; r.code != exitUsage || !strings.Contains(r.stderr, want) {
		t.Errorf("review with other filters: exit %d %q, want %q", r.code, r.stderr, want)
	}

	var first map[string]any
	json.Unmarshal([]byte(strings.SplitN(string(readFile(t, labels)), "\n", 2)[0]), &first)
	edited := filepath.Join(dir, "edited.jsonl")
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, hagridLogs))), "\n") {
		if strings.Contains(l, first["conversation_id"].(string)) {
			l = strings.Replace(l, `"text": "`, `"text": "Edited after the review. `, -1)
		}
		out = append(out, l)
	}
	os.WriteFile(edited, []byte(strings.Join(out, "\n")+"\n"), 0o644)
	r = runCLI(t, "", "audit", "-q", "--labels", labels, edited)
	if v, _ := summaryOf(t, r)["verified"].(map[string]any); v == nil || v["labels_on_changed_evidence"].(float64) < 1 || !strings.Contains(r.text, "no longer hold") {
		t.Errorf("edited evidence: exit %d %s %v", r.code, r.stderr, v)
	}

	flipped := filepath.Join(dir, "flipped.jsonl")
	b := string(readFile(t, labels))
	line := strings.SplitN(b, "\n", 2)[0]
	swap := strings.Replace(line, `"label":"supported"`, `"label":"unsupported"`, 1)
	if swap == line {
		swap = strings.Replace(line, `"label":"unsupported"`, `"label":"supported"`, 1)
	}
	os.WriteFile(flipped, []byte(swap+"\n"), 0o644)
	if r := runCLI(t, "", "audit", "-q", "--labels", labels, "--labels", flipped, hagridLogs); r.code != exitUsage || !strings.Contains(r.stderr, "judge the same citation differently") {
		t.Errorf("two reviewers disagree: exit %d %q", r.code, r.stderr)
	}
	if r := runCLI(t, "", "audit", "-q", "--labels", labels, "--labels", labels, hagridLogs); summaryOf(t, r)["verified"] == nil {
		t.Errorf("the same labels twice: exit %d %q", r.code, r.stderr)
	}
}

// A sample given where labels are wanted is named for what it is, with
// the command that labels it.
func TestASampleGivenAsLabelsSaysSo(t *testing.T) {
	sample := filepath.Join(t.TempDir(), "s.jsonl")
	runCLI(t, "", "sample", "-q", "-n", "20", "--seed", "1", "-o", sample, hagridLogs)
	r := runCLI(t, "", "audit", "-q", "--labels", sample, hagridLogs)
	if r.code != exitUsage || !strings.Contains(r.stderr, "s.jsonl:1: no label: this is a sample") || !strings.Contains(r.stderr, "ragaudit review --sample") {
		t.Errorf("exit %d, %q", r.code, r.stderr)
	}
}

// A month with fewer citations than the minimum of labels: the plan, the
// sample and the audit with too few labels all say to label every
// citation not fabricated (a census), and none asks for more labels
// than there are citations.
func TestASmallMonthIsToldToLabelAllItsCitations(t *testing.T) {
	logs := filepath.Join(testdata, "example.jsonl") // 21 citations, 2 fabricated
	plan := runCLI(t, "", "sample", "--plan", logs)
	if !strings.Contains(plan.stdout, "the machine's, 71.4%: 19, all the auditable citations: a census") {
		t.Errorf("the plan does not say to label all 19:\n%s", plan.stdout)
	}
	for _, m := range regexp.MustCompile(`(?m)^  .*: (\d+)`).FindAllStringSubmatch(plan.stdout, -1) {
		if n, _ := strconv.Atoi(m[1]); n > 19 {
			t.Errorf("the plan asks for %d labels, more than the 19 citations:\n%s", n, plan.stdout)
		}
	}
	dir := t.TempDir()
	sample := filepath.Join(dir, "sample.jsonl")
	drawn := runCLI(t, "", "sample", "-n", "10", "--seed", "5", "-o", sample, logs)
	if !strings.Contains(drawn.stderr, "to decide, label all 19 (a census, -n 19)") {
		t.Errorf("sample -n 10 does not say to label all 19:\n%s", drawn.stderr)
	}
	var labels strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, sample))), "\n") {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		d["label"], d["reviewer"] = "supported", "t"
		b, _ := json.Marshal(d)
		labels.Write(append(b, '\n'))
	}
	lf := filepath.Join(dir, "labels.jsonl")
	os.WriteFile(lf, []byte(labels.String()), 0o644)
	r := runCLI(t, "", "audit", "--labels", lf, logs)
	if r.code != exitInconclusive {
		t.Fatalf("exit %d, want %d (INCONCLUSIVE): %s", r.code, exitInconclusive, r.stderr)
	}
	for _, want := range []string{"label all 19 citations not fabricated (a census, which decides): 9 more", "ragaudit sample -n 19 --seed 5"} {
		if !strings.Contains(r.stdout, want) || !strings.Contains(string(readFile(t, filepath.Join(r.out, "report.html"))), strings.SplitN(want, ":", 2)[0]) {
			t.Errorf("the summary or report.html does not say %q:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "review at least") {
		t.Errorf("the summary asks for more labels than the month has:\n%s", r.stdout)
	}
	v := summaryOf(t, r)["verified"].(map[string]any)
	if v["census_to_decide"] != true || v["labels_to_decide"].(float64) != 9 {
		t.Errorf("verified: census_to_decide %v, labels_to_decide %v; want true, 9", v["census_to_decide"], v["labels_to_decide"])
	}
}

// Labels of every citation not drawn by ragaudit sample are a census: the
// report says so rather than assuming they were drawn at random.
func TestLabelsOfEveryCitationAreACensus(t *testing.T) {
	ex := filepath.Join(testdata, "example.jsonl")
	sample := filepath.Join(t.TempDir(), "sample.jsonl")
	if r := runCLI(t, "", "sample", "-q", "-n", "19", "-o", sample, ex); r.code != exitPass {
		t.Fatalf("sample exit %d: %s", r.code, r.stderr)
	}
	// The sample's lines without its design: labels written by hand.
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, sample))), "\n") {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		b, _ := json.Marshal(map[string]any{"conversation_id": d["conversation_id"], "message_index": d["message_index"], "char_start": d["char_start"],
			"char_end": d["char_end"], "citation_marker": d["citation_marker"], "label": "supported"})
		lines = append(lines, string(b))
	}
	if len(lines) != 19 {
		t.Fatalf("%d citations not fabricated in the example, want 19", len(lines))
	}
	labels := filepath.Join(t.TempDir(), "labels.jsonl")
	for _, tc := range []struct {
		name   string
		lines  []string
		census bool
	}{{"every citation labelled is a census", lines, true}, {"all but one labelled is a sample, its assumption stated", lines[1:], false}} {
		t.Run(tc.name, func(t *testing.T) {
			os.WriteFile(labels, []byte(strings.Join(tc.lines, "\n")+"\n"), 0o644)
			v := summaryOf(t, runCLI(t, "", "audit", "-q", "--labels", labels, ex))["verified"].(map[string]any)
			if d := v["design"].(string); strings.Contains(d, "a census") != tc.census || strings.Contains(d, "random sample") == tc.census {
				t.Errorf("design %q", d)
			}
		})
	}
}

// sample's line names its strata in the right number: one tenant whose
// citations the machine all supports is one stratum.
func TestSampleNamesOneStratum(t *testing.T) {
	log := filepath.Join(t.TempDir(), "log.jsonl")
	os.WriteFile(log, []byte(`{"conversation_id":"c1","tenant":"acme","messages":[{"role":"user","content":"?"},{"role":"assistant","content":"Refunds take 30 days [1].","retrieval":[{"id":"1","text":"Refunds take 30 days."}]}]}`+"\n"), 0o644)
	r := runCLI(t, "", "sample", "--no-project", "-n", "1", "--seed", "1", "-o", filepath.Join(t.TempDir(), "s.jsonl"), log)
	if r.code != exitPass || !strings.Contains(r.stderr, "1 stratum of tenant × machine verdict") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}

// recallAdviceAlike fails unless report.html gives the --machine-recall
// figure the text's advice (m, its match) gives.
func recallAdviceAlike(t *testing.T, m []string, html string) {
	t.Helper()
	if m != nil && !strings.Contains(html, "may take no more than "+m[1]+"%") {
		t.Errorf("report.html does not give the --machine-recall figure %s%% the text gives", m[1])
	}
}

// falseAlarmAdvice checks that audit --labels gives the machine's false
// alarms as --machine-false-alarms does: the high end of their interval,
// above the estimate, in the text and report.html alike.
func falseAlarmAdvice(t *testing.T, v map[string]any, r runResult) {
	t.Helper()
	failed, _ := v["agreement"].(map[string]any)["supported_failed"].(float64)
	fa := regexp.MustCompile(`It failed an estimated ([0-9.]+)% of the supported citations.*should take no less than ([0-9.]+)% as --machine-false-alarms`).FindStringSubmatch(r.text)
	if fa == nil || fa[1] != fmt.Sprintf("%.1f", 100*failed) {
		t.Errorf("supported failed %v, no --machine-false-alarms advice to match:\n%s", failed, r.text)
	} else if high, _ := strconv.ParseFloat(fa[2], 64); !(high > 100*failed) || !strings.Contains(string(readFile(t, filepath.Join(r.out, "report.html"))), "than "+fa[2]+"% (the high end of its 95% interval) as <code>--machine-false-alarms</code>") {
		t.Errorf("the advised --machine-false-alarms %v%% is not above the estimate %.1f%%, or report.html does not give it", high, 100*failed)
	}
}

// undecidedAtTheBar checks a run whose bar is its estimate: INCONCLUSIVE,
// exit 6 where the estimate is a hair below the bar, 3 where at it, as
// summary.json says.
func undecidedAtTheBar(t *testing.T, r runResult) {
	t.Helper()
	sum := summaryOf(t, r)
	if r.code != exitInconclusive && r.code != exitInconclusiveBelow || sum["status"] != "INCONCLUSIVE" || (r.code == exitInconclusiveBelow) != (sum["inconclusive_below_bar"] == true) {
		t.Errorf("a bar at the estimate: exit %d, inconclusive_below_bar %v %s", r.code, sum["inconclusive_below_bar"], r.stderr)
	}
}

// A label written without the sentence's text still lists the sentence
// it judged unsupported, as the audit read it, not only where it is.
func TestALabelWithoutTheSentenceListsIt(t *testing.T) {
	labels := filepath.Join(t.TempDir(), "labels.jsonl")
	os.WriteFile(labels, []byte(`{"conversation_id": "c-0001", "message_index": 1, "char_start": 0, "char_end": 52, "citation_marker": "[1]", "label": "unsupported", "reviewer": "me"}
{"conversation_id": "c-0001", "message_index": 1, "char_start": 53, "char_end": 102, "citation_marker": "[1]", "label": "supported", "reviewer": "me"}
`), 0o644)
	r := runCLI(t, "", "audit", "--no-project", "--bar", "0", "--labels", labels, testdata+"/example.jsonl")
	v := summaryOf(t, r)["verified"].(map[string]any)
	listed := v["labelled_unsupported"].([]any)
	if len(listed) != 1 {
		t.Fatalf("labelled unsupported %v", listed)
	}
	if s := listed[0].(map[string]any)["sentence"]; s != "Refunds are accepted within 30 days of delivery [1]." {
		t.Errorf("sentence %q, want the sentence the label judged", s)
	}
	if !strings.Contains(r.text, "Refunds are accepted within 30 days of delivery [1].") || strings.Contains(r.text, "at characters") {
		t.Errorf("the summary does not list the sentence:\n%s", r.text)
	}
}
