package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf16"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/internal/corpus"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

const testdata = "../../testdata"

type runResult struct {
	code           int
	stdout, stderr string
	out            string // the --out directory
	text           string // its summary.txt: the full text summary, which -q does not print
}

func runCLI(t *testing.T, stdin string, args ...string) runResult {
	t.Helper()
	out := t.TempDir()
	full := append([]string{"ragaudit"}, args...)
	if len(args) > 0 && (args[0] == "audit") {
		full = append([]string{"ragaudit", "audit", "--out", out}, args[1:]...)
	}
	var so, se bytes.Buffer
	code := run(context.Background(), full, strings.NewReader(stdin), &so, &se)
	text, _ := os.ReadFile(filepath.Join(out, "summary.txt"))
	return runResult{code: code, stdout: so.String(), stderr: se.String(), out: out, text: string(text)}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var reportFiles = []string{"findings.jsonl", "findings.csv", "summary.json", "summary.txt"}

// TestGolden runs the audit on every hand-made log in testdata and compares
// all four report files with testdata/golden. Refresh with -update and read
// the diff.
func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"example", []string{"--reproducible", "--min-score", "0.5", testdata + "/example.jsonl"}, exitInconclusiveBelow},
		{"markers", []string{testdata + "/markers.jsonl"}, exitInconclusiveBelow},
		{"markers-resolve-id", []string{"--resolve", "id", testdata + "/markers.jsonl"}, exitFail},
		{"bad", []string{testdata + "/bad.jsonl"}, exitIncomplete},
		{"truncated-gzip", []string{testdata + "/truncated.jsonl.gz"}, exitIncomplete},
		{"flat", []string{"--bar", "0.05", testdata + "/flat.jsonl"}, exitInconclusive},
		{"payloads", []string{"--reproducible", testdata + "/payloads.jsonl"}, exitInconclusiveBelow},
		{"ids", []string{testdata + "/ids.jsonl"}, exitIncomplete},
		// Earlier turns' chunks, a chunk cut by the logger, a bare "Yes".
		{"turns", []string{"--reproducible", testdata + "/turns.jsonl"}, exitFail},
		// Chunks returned by a tool call: read when a JSON list, not
		// auditable with the cause when text.
		{"function-calling", []string{"--reproducible", testdata + "/formats/openai-chat-function-calling.jsonl"}, exitIncomplete},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", append([]string{"audit"}, tc.args...)...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", r.code, tc.code, r.stderr)
			}
			if got := string(readFile(t, filepath.Join(r.out, "summary.txt"))); got != r.stdout {
				t.Errorf("stdout differs from summary.txt:\n%s\n---\n%s", r.stdout, got)
			}
			dir := filepath.Join(testdata, "golden", tc.name)
			files := reportFiles
			if slices.Contains(tc.args, "--reproducible") {
				files = slices.Concat(reportFiles, []string{"report.html"})
			}
			for _, name := range files {
				got := readFile(t, filepath.Join(r.out, name))
				golden := filepath.Join(dir, name)
				if *update {
					os.MkdirAll(dir, 0o755)
					if err := os.WriteFile(golden, got, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if want := readFile(t, golden); !bytes.Equal(got, want) {
					t.Errorf("%s differs from %s (run go test ./cmd/ragaudit -update and review the diff)\n got:\n%s", name, golden, firstLines(string(got), 12))
				}
			}
		})
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

func summaryOf(t *testing.T, r runResult) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(readFile(t, filepath.Join(r.out, "summary.json")), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// noData reports whether the run wrote a report that says there was
// nothing to measure (exit 2 by design).
func noData(t *testing.T, r runResult) bool {
	t.Helper()
	if _, err := os.Stat(filepath.Join(r.out, "summary.json")); err != nil {
		return false
	}
	return summaryOf(t, r)["status"] == "NO_DATA"
}

func counts(t *testing.T, r runResult) map[string]any {
	return summaryOf(t, r)["counts"].(map[string]any)
}

func TestExitCodes(t *testing.T) {
	ex := testdata + "/example.jsonl"
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"below the bar fails where the machine's false alarms cannot lift it", []string{"audit", "-q", "--bar", "0.95", ex}, exitFail},
		{"below the bar taking the machine's rate as it is fails", []string{"audit", "-q", "--accept-machine", "--machine-false-alarms", "0", ex}, exitFail},
		{"below the bar on the machine's verdicts alone is INCONCLUSIVE, exit 6", []string{"audit", "-q", ex}, exitInconclusiveBelow},
		{"below the bar within the machine's false alarms is INCONCLUSIVE, accepted or not", []string{"audit", "-q", "--accept-machine", ex}, exitInconclusiveBelow},
		{"false alarms of 100% are a usage error", []string{"audit", "-q", "--machine-false-alarms", "100%", ex}, exitUsage},
		{"at or above the bar passes, the machine's verdicts accepted", []string{"audit", "-q", "--accept-machine", "--machine-recall", "100%", "--bar", "0.5", ex}, exitPass},
		{"at or above the bar without labels is INCONCLUSIVE", []string{"audit", "-q", "--bar", "0.5", ex}, exitInconclusive},
		{"no file is a usage error", []string{"audit", "-q"}, exitUsage},
		{"a missing file is a usage error", []string{"audit", "-q", testdata + "/nope.jsonl"}, exitUsage},
		{"a bar above 1 is a usage error", []string{"audit", "-q", "--bar", "90", ex}, exitUsage},
		{"a bar of NaN is a usage error", []string{"audit", "-q", "--bar", "NaN", ex}, exitUsage},
		{"a threshold of NaN is a usage error", []string{"audit", "-q", "--threshold", "NaN", ex}, exitUsage},
		{"an infinite retrieval floor is a usage error", []string{"audit", "-q", "--min-score", "Inf", ex}, exitUsage},
		{"an unknown resolve rule is a usage error", []string{"audit", "-q", "--resolve", "nearest", ex}, exitUsage},
		{"an unknown flag is a usage error", []string{"audit", "--frobnicate", ex}, exitUsage},
		{"strict turns a skip into INCOMPLETE, exit 5", []string{"audit", "-q", "--strict", "--bar", "0", testdata + "/bad.jsonl"}, exitIncomplete},
		{"strict on clean input keeps the verdict", []string{"audit", "-q", "--strict", "--accept-machine", "--machine-recall", "100%", "--bar", "0.5", ex}, exitPass},
		{"no auditable record is NO_DATA, exit 4", []string{"audit", "-q", "--tenant", "nobody", ex}, exitNoData},
		{"an unknown command is a usage error", []string{"audti", ex}, exitUsage},
		{"a directory is a usage error", []string{"audit", "-q", ex, testdata}, exitUsage},
		{"the same file twice is a usage error", []string{"audit", "-q", ex, testdata + "/../testdata/example.jsonl"}, exitUsage},
		{"stdin twice is a usage error", []string{"audit", "-q", "-", "-"}, exitUsage},
		{"a hundred thousand workers is a usage error", []string{"audit", "-q", "--workers", "100000", ex}, exitUsage},
		{"a flag after the files is a usage error", []string{"audit", "-q", ex, "--bar", "0.5"}, exitUsage},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if r := runCLI(t, "", tc.args...); r.code != tc.code {
				t.Errorf("exit %d, want %d; stderr: %s", r.code, tc.code, r.stderr)
			}
		})
	}
}

// Names from the logs cannot drive the terminal (an ESC sequence could
// overwrite FAIL with a forged PASS) or reverse text in report.html.
func TestLogTextCannotForgeOutput(t *testing.T) {
	rec := `{"conversation_id":"c","tenant":"x\r\u001b[2K\u001b[1ACitation accuracy: 99.0% — PASS","agent":"\u202egnp.exe",` +
		`"messages":[{"role":"assistant","content":"Refunds take 90 days [1].","retrieval":[{"id":"1","text":"Refunds take 30 days."}]}]}`
	r := runCLI(t, rec+"\n", "audit", "-")
	for name, text := range map[string]string{"stdout": r.stdout, "summary.txt": string(readFile(t, r.out+"/summary.txt"))} {
		if strings.ContainsAny(text, "\x1b\r") {
			t.Errorf("%s carries control characters from the logs: %q", name, text)
		}
	}
	if html := string(readFile(t, r.out+"/report.html")); strings.ContainsRune(html, 0x202e) || !strings.Contains(html, `\u202egnp.exe`) {
		t.Errorf("report.html obeys or hides a right-to-left override")
	}
}

// --threshold applies to every citation: it replaces the per-tenant
// thresholds of a calibrated config (with a warning) instead of being
// ignored for those tenants, and report.html lists the thresholds used.
func TestThresholdFlagReplacesTenantThresholds(t *testing.T) {
	ex := testdata + "/example.jsonl"
	mf := audit.ModelFile{Tool: "ragaudit", Embedder: "builtin", Model: audit.DefaultModel()}
	mf.Model.TenantThresholds = map[string]float64{"acme": 0.999}
	b, _ := json.Marshal(mf)
	cfg := filepath.Join(t.TempDir(), "cfg.json")
	if err := os.WriteFile(cfg, b, 0o644); err != nil {
		t.Fatal(err)
	}
	supported := func(r runResult) float64 {
		return counts(t, r)["citations_by_verdict"].(map[string]any)["supported"].(float64)
	}
	threshold := fmt.Sprint(mf.Model.Threshold)
	plain := runCLI(t, "", "audit", "-q", "--bar", "0", "--embed", "builtin", ex)
	calibrated := runCLI(t, "", "audit", "-q", "--bar", "0", "--config", cfg, ex)
	flagged := runCLI(t, "", "audit", "--bar", "0", "--config", cfg, "--threshold", threshold, ex)
	if supported(calibrated) >= supported(plain) {
		t.Fatalf("acme's calibrated threshold 0.999 should fail citations: %v supported, %v without the config", supported(calibrated), supported(plain))
	}
	if supported(flagged) != supported(plain) {
		t.Errorf("--threshold %s with the config: %v supported, want %v as without it", threshold, supported(flagged), supported(plain))
	}
	if !strings.Contains(flagged.stderr, "replaces the calibrated thresholds of 1 tenant") {
		t.Errorf("no warning that --threshold replaces tenant thresholds; stderr: %s", flagged.stderr)
	}
	if strings.Contains(string(readFile(t, flagged.out+"/report.html")), "threshold of tenant") {
		t.Errorf("report lists tenant thresholds that --threshold replaced")
	}
	if !strings.Contains(string(readFile(t, calibrated.out+"/report.html")), "threshold of tenant acme (calibrated)") {
		t.Errorf("report.html does not list acme's calibrated threshold")
	}
}

// Inputs refused before anything is read say why, and leave no report
// directory behind.
func TestRefusedInputsSayWhy(t *testing.T) {
	ex := testdata + "/example.jsonl"
	// The glob a directory's message suggests takes gzipped logs too.
	if m, _ := filepath.Glob(filepath.Join(testdata, "*.jsonl*")); !slices.Contains(m, filepath.Join(testdata, "truncated.jsonl.gz")) {
		t.Errorf("the suggested glob leaves out .jsonl.gz: %v", m)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{ex, testdata}, "is a directory: give the log files in it (e.g. " + filepath.Join(testdata, "*.jsonl*") + ", which takes .jsonl and .jsonl.gz)"},
		{[]string{ex, ex}, "same file"},
		{[]string{ex, "--bar", "0.5"}, "flags go before them"},
	} {
		out := filepath.Join(t.TempDir(), "never")
		r := runCLI(t, "", append([]string{"audit", "-q", "--out", out}, tc.args...)...)
		if !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: stderr %q lacks %q", tc.args, r.stderr, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: %s was created", tc.args, out)
		}
	}
}

// skipped.jsonl lists every skipped record with its file, line and reason:
// as many lines as the summary counts.
func TestSkippedRecordsAreListed(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", testdata+"/bad.jsonl", testdata+"/truncated.jsonl.gz")
	lines := strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(r.out, "skipped.jsonl")))), "\n")
	if want := int(counts(t, r)["records_skipped"].(float64)); len(lines) != want || want == 0 {
		t.Fatalf("skipped.jsonl has %d lines, summary counts %d skipped", len(lines), want)
	}
	var first struct {
		File   string `json:"file"`
		Line   int    `json:"line"`
		Reason string `json:"reason"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil || !strings.HasSuffix(first.File, "bad.jsonl") || first.Line != 2 || first.Reason != "malformed_json" {
		t.Errorf("first line %s (err %v), want bad.jsonl line 2, malformed_json", lines[0], err)
	}
}

// A UTF-8 byte order mark (Windows editors write one) is not part of the
// first record.
func TestByteOrderMarkIsIgnored(t *testing.T) {
	b := append([]byte("\xef\xbb\xbf"), readFile(t, testdata+"/example.jsonl")...)
	p := filepath.Join(t.TempDir(), "bom.jsonl")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	with, without := counts(t, runCLI(t, "", "audit", "-q", p)), counts(t, runCLI(t, "", "audit", "-q", testdata+"/example.jsonl"))
	if with["records_audited"] != without["records_audited"] || with["records_skipped"].(float64) != 0 {
		t.Errorf("with a BOM: %v audited, %v skipped; without: %v audited", with["records_audited"], with["records_skipped"], without["records_audited"])
	}
}

// A provider document saved as UTF-16 (with its byte order mark) audits
// as its UTF-8 original does.
func TestUTF16ProviderDocumentIsDecoded(t *testing.T) {
	src := testdata + "/formats/anthropic-messages-citations.json"
	var b []byte = []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(string(readFile(t, src)))) {
		b = append(b, byte(u), byte(u>>8))
	}
	p := filepath.Join(t.TempDir(), "anthropic-utf16.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	got, want := counts(t, runCLI(t, "", "audit", "-q", p)), counts(t, runCLI(t, "", "audit", "-q", src))
	if got["citations"] == nil || !reflect.DeepEqual(got, want) {
		t.Errorf("UTF-16 counts %v, UTF-8 counts %v", got, want)
	}
}

func TestMissingFileErrorNamesTheFile(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", "no-such-log.jsonl")
	if !strings.Contains(r.stderr, "no-such-log.jsonl") {
		t.Errorf("stderr %q does not name the file", r.stderr)
	}
}

func TestSkipWarningsNameFileAndLine(t *testing.T) {
	r := runCLI(t, "", "audit", testdata+"/bad.jsonl")
	for _, want := range []string{"bad.jsonl:2 reason=malformed_json", "bad.jsonl:3 reason=wrong_field_type", "bad.jsonl:9 reason=invalid_utf8"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
}

// Every record read is audited, filtered or skipped, per reason.
func TestAccountingAddsUp(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", "--tenant", "acme", testdata+"/bad.jsonl", testdata+"/example.jsonl", testdata+"/truncated.jsonl.gz")
	c := counts(t, r)
	num := func(k string) int { return int(c[k].(float64)) }
	if num("records_read") != num("records_audited")+num("records_filtered")+num("records_skipped") {
		t.Fatalf("read %d != audited %d + filtered %d + skipped %d", num("records_read"), num("records_audited"), num("records_filtered"), num("records_skipped"))
	}
	sum := 0
	for _, v := range c["skipped_by_reason"].(map[string]any) {
		sum += int(v.(float64))
	}
	if sum != num("records_skipped") || num("records_skipped") != 8 || num("records_filtered") != 6 {
		t.Errorf("skipped %d (by reason %d), filtered %d; want 8, 8, 6", num("records_skipped"), sum, num("records_filtered"))
	}
}

func TestLastKeepsTheMostRecentConversations(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", "--last", "3", testdata+"/example.jsonl")
	c := counts(t, r)
	if c["records_audited"].(float64) != 3 || c["records_filtered"].(float64) != 8 {
		t.Fatalf("counts %v", c)
	}
	ids := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(r.out, "findings.jsonl")))), "\n") {
		var f struct {
			ConversationID string `json:"conversation_id"`
		}
		json.Unmarshal([]byte(line), &f)
		ids[f.ConversationID] = true
	}
	for id := range ids {
		if id != "c-0009" && id != "c-0010" && id != "c-0011" {
			t.Errorf("--last 3 audited %s", id)
		}
	}
}

func TestStdinAndFileGiveTheSameFindings(t *testing.T) {
	data := string(readFile(t, testdata+"/example.jsonl"))
	a := runCLI(t, data, "audit", "-q", "-")
	b := runCLI(t, "", "audit", "-q", testdata+"/example.jsonl")
	fa := strings.ReplaceAll(string(readFile(t, filepath.Join(a.out, "findings.jsonl"))), `"source":"-:`, `"source":"X:`)
	fb := strings.ReplaceAll(string(readFile(t, filepath.Join(b.out, "findings.jsonl"))), `"source":"`+testdata+`/example.jsonl:`, `"source":"X:`)
	if fa != fb || a.code != b.code {
		t.Error("stdin and file audits differ")
	}
}

func TestSameInputGivesByteIdenticalReports(t *testing.T) {
	args := []string{"audit", "-q", testdata + "/example.jsonl", testdata + "/markers.jsonl", testdata + "/bad.jsonl"}
	a, b := runCLI(t, "", args...), runCLI(t, "", args...)
	for _, name := range reportFiles {
		if !bytes.Equal(readFile(t, filepath.Join(a.out, name)), readFile(t, filepath.Join(b.out, name))) {
			t.Errorf("%s differs between two runs", name)
		}
	}
}

// A record read twice (a log given under two names, overlapping rotated
// logs) is audited once; the copy is skipped as duplicate_record naming
// the first, so the rate and its interval do not count it twice. The same
// turn at another time is a new record.
func TestDuplicateRecordsAreAuditedOnce(t *testing.T) {
	dir := t.TempDir()
	ex := string(readFile(t, testdata+"/example.jsonl"))
	copyPath := filepath.Join(dir, "copy.jsonl")
	os.WriteFile(copyPath, []byte(ex), 0o644)
	later := strings.Replace(strings.SplitN(ex, "\n", 2)[0], `"timestamp": "2026-05-12T09:00:00Z"`, `"timestamp": "2026-05-13T09:00:00Z"`, 1)
	twiceInOne := filepath.Join(dir, "rotated.jsonl")
	os.WriteFile(twiceInOne, []byte(ex+ex+later+"\n"), 0o644)

	once := counts(t, runCLI(t, "", "audit", "-q", testdata+"/example.jsonl"))
	r := runCLI(t, "", "audit", "-q", twiceInOne)
	twice := counts(t, r)
	if twice["records_audited"].(float64) != once["records_audited"].(float64)+1 || twice["skipped_by_reason"].(map[string]any)["duplicate_record"].(float64) != 11 {
		t.Errorf("once %v; with a copy and a later turn in one file %v", once, twice)
	}
	if !strings.Contains(string(readFile(t, r.out+"/skipped.jsonl")), `"detail":"the same conversation and messages as `+twiceInOne+`:1`) {
		t.Errorf("skipped.jsonl does not name the first reading")
	}
	// A whole log given twice under two names is refused, naming both: it
	// would count twice, and a sharded run cannot skip it record by record.
	r = runCLI(t, "", "audit", "-q", testdata+"/example.jsonl", copyPath)
	if r.code != exitUsage || !strings.Contains(r.stderr, copyPath+" holds the same bytes as ../../testdata/example.jsonl") {
		t.Errorf("the same log twice: exit %d, %s", r.code, r.stderr)
	}
	// So is its gzip copy beside it, as a glob such as logs/2026-03* gives
	// both, in either order.
	gz := filepath.Join(dir, "example.jsonl.gz")
	writeGzip(t, gz, []byte(ex))
	for _, pair := range [][2]string{{testdata + "/example.jsonl", gz}, {gz, testdata + "/example.jsonl"}} {
		r = runCLI(t, "", "audit", "-q", pair[0], pair[1])
		if r.code != exitUsage || !strings.Contains(r.stderr, pair[1]+" holds the same bytes as "+pair[0]+", once decompressed") {
			t.Errorf("a log and its gzip copy: exit %d, %s", r.code, r.stderr)
		}
	}
	// Two files that overlap in part are both audited, as shards reading
	// them apart would audit them, and the overlap is warned of, naming
	// both files and how many records they share.
	lines := strings.SplitAfter(strings.TrimSpace(ex), "\n")
	first, second := filepath.Join(dir, "day1.jsonl"), filepath.Join(dir, "day2.jsonl")
	os.WriteFile(first, []byte(strings.Join(lines[:6], "")), 0o644)
	os.WriteFile(second, []byte(strings.Join(lines[4:], "")), 0o644)
	r = runCLI(t, "", "audit", first, second)
	if c := counts(t, r); c["records_audited"].(float64) != float64(len(lines))+2 ||
		!strings.Contains(r.stderr, `msg="input files overlap" file=`+second+" earlier="+first+" records=2") {
		t.Errorf("two logs sharing 2 records: %v\n%s", c, r.stderr)
	}
	os.WriteFile(first, []byte(strings.Join(lines[:4], "")), 0o644)
	if r := runCLI(t, "", "audit", first, second); strings.Contains(r.stderr, "overlap") {
		t.Errorf("two logs sharing nothing are said to overlap:\n%s", r.stderr)
	}
	// Without timestamps, a turn asked twice alike is not taken for a copy.
	turn := `{"conversation_id":"f-1","turn":%d,"question":"Refund window?","answer":"Refunds take 30 days [1].","retrieval":[{"id":"1","text":"Refunds take 30 days."}]}`
	flat := filepath.Join(dir, "flat.jsonl")
	os.WriteFile(flat, []byte(fmt.Sprintf(turn, 1)+"\n"+fmt.Sprintf(turn, 2)+"\n"), 0o644)
	if c := counts(t, runCLI(t, "", "audit", "-q", flat)); c["records_audited"].(float64) != 2 {
		t.Errorf("two untimed turns alike: %v", c)
	}
}

func TestLongLineIsSkippedAndCounted(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "big.jsonl")
	good := string(readFile(t, testdata+"/markers.jsonl"))
	big := `{"conversation_id":"big","messages":[{"role":"assistant","content":"` + strings.Repeat("a ", 5<<20) + `"}]}` + "\n"
	other := string(readFile(t, testdata+"/example.jsonl"))
	os.WriteFile(p, []byte(good+big+other), 0o644)
	r := runCLI(t, "", "audit", "-q", p)
	c := counts(t, r)
	if c["records_skipped"].(float64) != 1 || c["skipped_by_reason"].(map[string]any)["line_too_long"].(float64) != 1 || c["records_audited"].(float64) != 21 {
		t.Errorf("counts %v", c)
	}
}

func TestCSVNeutralisesFormulas(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", testdata+"/payloads.jsonl")
	csv := string(readFile(t, filepath.Join(r.out, "findings.csv")))
	for _, bad := range []string{",=HYPERLINK", ",+SUM", ",-2+3", ",@cmd", "\n=HYPERLINK"} {
		if strings.Contains(csv, bad) {
			t.Errorf("findings.csv has a live formula %q", bad)
		}
	}
	if !strings.Contains(csv, "'=HYPERLINK") {
		t.Error("the =HYPERLINK payload is missing from the CSV: the test does not exercise it")
	}
}

// Real labelled logs bundled in testdata (see their READMEs): HAGRID dev
// and 40 conversations of ExpertQA dev.
var (
	hagridLogs     = filepath.Join(testdata, "hagrid", "dev.jsonl")
	hagridLabels   = filepath.Join(testdata, "hagrid", "dev.labels.jsonl")
	expertqaLogs   = filepath.Join(testdata, "expertqa", "sample.jsonl")
	expertqaLabels = filepath.Join(testdata, "expertqa", "sample.labels.jsonl")
)

// eval accounts for every label line: scored, unmatched, or left out as
// an uncited sentence or a partial label, and the lines of a claim judged
// jointly are one item (the ExpertQA sample: 238 = 184 + 14 + 0 + 31 + 9).
func TestEvalAccountsForEveryLabelLine(t *testing.T) {
	labels := expertqaLabels
	e := runCLI(t, "", "eval", "--json", "--labels", labels, expertqaLogs)
	var raw struct {
		Sets map[string]map[string]any `json:"sets"`
	}
	if err := json.Unmarshal([]byte(e.stdout), &raw); err != nil {
		t.Fatalf("%v: %s", err, e.stderr)
	}
	set := raw.Sets[labels]
	n := set["overall"].(map[string]any)["n"].(float64)
	sum := n + set["folded_joint_lines"].(float64) + set["unmatched_labels"].(float64) + set["left_out_uncited"].(float64) + set["left_out_partial"].(float64)
	if lines := set["label_lines"].(float64); lines != 238 || sum != lines || set["left_out_partial"].(float64) != 9 || set["folded_joint_lines"].(float64) != 14 {
		t.Errorf("label lines %v, accounted %v (n %v): %v", lines, sum, n, set)
	}
}

// The bundled real labelled logs must audit with no skipped record, and
// the verdicts must keep a floor of agreement with the labels (in-sample
// here: the measured, out-of-sample figures come from make eval).
func TestRealLabelledLogsAuditCleanlyAndAgreeWithLabels(t *testing.T) {
	cases := []struct {
		name          string
		logs, labels  string
		conversations int
		minBA         float64
		// cut citations name a page the scraper cut ("… s (...)"): read
		// as truncated, the only ones not checked ("please allow up to 3
		// seconds..." is prose: three full stops are no cut).
		cut        int
		minChecked string
	}{
		{"hagrid", hagridLogs, hagridLabels, 180, 0.72, 0, "100%"},
		{"expertqa", expertqaLogs, expertqaLabels, 40, 0.50, 1, "99%"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			logs := tc.logs
			r := runCLI(t, "", "audit", "-q", "--strict", "--min-checked", tc.minChecked, "--bar", "0", logs)
			if r.code != exitPass {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			c := counts(t, r)
			if c["records_skipped"].(float64) != 0 || int(c["records_audited"].(float64)) != tc.conversations {
				t.Errorf("counts %v", c)
			}
			byVerdict, byReason := c["citations_by_verdict"].(map[string]any), c["citations_by_reason"].(map[string]any)
			cut, _ := byReason["chunk_text_truncated"].(float64)
			if int(byVerdict["not_auditable"].(float64)) != tc.cut || int(cut) != tc.cut {
				t.Errorf("not auditable %v, chunk_text_truncated %v; want %d, all cut", byVerdict["not_auditable"], cut, tc.cut)
			}
			e := runCLI(t, "", "eval", "--json", "--labels", tc.labels, logs)
			if e.code != exitPass {
				t.Fatalf("eval exit %d: %s", e.code, e.stderr)
			}
			var out struct {
				Sets map[string]struct {
					Overall struct {
						BA float64 `json:"balanced_accuracy"`
						N  int     `json:"n"`
					} `json:"overall"`
					Unmatched int `json:"unmatched_labels"`
				} `json:"sets"`
			}
			if err := json.Unmarshal([]byte(e.stdout), &out); err != nil {
				t.Fatal(err)
			}
			if len(out.Sets) != 1 {
				t.Fatalf("sets: %v", out.Sets)
			}
			var rep = out.Sets[tc.labels]
			if rep.Overall.BA < tc.minBA || rep.Unmatched != 0 {
				t.Errorf("balanced accuracy %.3f (min %.2f), unmatched labels %d", rep.Overall.BA, tc.minBA, rep.Unmatched)
			}
			t.Logf("%s: balanced accuracy %.3f on %d labelled citations", tc.name, rep.Overall.BA, rep.Overall.N)
		})
	}
}

func TestWorkersDoNotChangeResults(t *testing.T) {
	p := filepath.Join(t.TempDir(), "gen.jsonl")
	if err := corpus.WriteFile(p, 150, 3); err != nil {
		t.Fatal(err)
	}
	one := runCLI(t, "", "audit", "-q", "--workers", "1", p, testdata+"/bad.jsonl")
	many := runCLI(t, "", "audit", "-q", "--workers", "5", p, testdata+"/bad.jsonl")
	for _, name := range reportFiles {
		if !bytes.Equal(readFile(t, filepath.Join(one.out, name)), readFile(t, filepath.Join(many.out, name))) {
			t.Errorf("%s differs between 1 and 5 workers", name)
		}
	}
	if one.code != many.code || counts(t, one)["records_audited"].(float64) != 153 {
		t.Errorf("exit %d vs %d, counts %v", one.code, many.code, counts(t, one))
	}
}

// The contrast set (testdata/contrast): negation flips, swapped names,
// changed numbers and dates, and true paraphrases, each a sentence against
// the chunk it distorts. At least 90 % of verdicts must be right, and every
// kind of distortion must be caught at least 8 times in 10.
func TestContrastSet(t *testing.T) {
	e := runCLI(t, "", "eval", "--json", "--labels", testdata+"/contrast/contrast.labels.jsonl", testdata+"/contrast/contrast.jsonl")
	if e.code != exitPass {
		t.Fatalf("eval exit %d: %s", e.code, e.stderr)
	}
	type metrics struct {
		N         int `json:"n"`
		Confusion struct {
			TP int `json:"unsupported_as_unsupported"`
			TN int `json:"supported_as_supported"`
		} `json:"confusion"`
	}
	var out struct {
		Sets map[string]struct {
			Overall metrics            `json:"overall"`
			ByAgent map[string]metrics `json:"by_agent"`
		} `json:"sets"`
	}
	if err := json.Unmarshal([]byte(e.stdout), &out); err != nil {
		t.Fatal(err)
	}
	set := out.Sets[testdata+"/contrast/contrast.labels.jsonl"]
	correct := func(m metrics) float64 { return float64(m.Confusion.TP+m.Confusion.TN) / float64(m.N) }
	if set.Overall.N < 40 || correct(set.Overall) < 0.9 {
		t.Errorf("%d pairs, %.1f%% correct; want ≥ 40 and ≥ 90%%", set.Overall.N, 100*correct(set.Overall))
	}
	for _, kind := range []string{"negation", "entity", "number", "paraphrase"} {
		if m := set.ByAgent[kind]; m.N < 10 || correct(m) < 0.8 {
			t.Errorf("%s: %d pairs, %.0f%% correct", kind, m.N, 100*correct(m))
		}
	}
	t.Logf("contrast set: %.1f%% of %d verdicts correct", 100*correct(set.Overall), set.Overall.N)
}

// A group with one class has no balanced accuracy or AUC: the text says
// n/a rather than 0.500 and 0.000 (the contrast set's kinds are one class
// each; the overall row has both).
func TestEvalTextSaysNAForOneClassGroups(t *testing.T) {
	e := runCLI(t, "", "eval", "--labels", testdata+"/contrast/contrast.labels.jsonl", testdata+"/contrast/contrast.jsonl")
	if e.code != exitPass {
		t.Fatalf("eval exit %d: %s", e.code, e.stderr)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(e.stdout, "\n") {
		if f := strings.Fields(line); len(f) > 1 {
			rows[strings.Join(f[:2], " ")] = f
		}
	}
	if f := rows["agent paraphrase"]; len(f) < 9 || f[5] != "n/a" || f[8] != "n/a" {
		t.Errorf("one-class row: BA and AUC want n/a, got %q", f)
	}
	var overall []string
	for k, f := range rows {
		if strings.HasPrefix(k, "overall ") {
			overall = f
		}
	}
	if f := overall; len(f) < 8 || f[4] == "n/a" || f[7] == "n/a" { // one-word name: BA, AUC at 4, 7
		t.Errorf("two-class row: want numbers, got %q", f)
	}
}

// A remote OpenAI-compatible endpoint (an httptest server standing in for
// it: tests have no network) feeds the embedding signal; when it fails for
// good the run stops with exit 2 and writes no report.
func TestRemoteEmbeddingEndpoint(t *testing.T) {
	var calls atomic.Int32
	healthy := atomic.Bool{}
	healthy.Store(true)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if !healthy.Load() {
			http.Error(w, "down", http.StatusBadGateway)
			return
		}
		if r.Header.Get("Authorization") != "Bearer test-key" {
			http.Error(w, "no key", http.StatusUnauthorized)
			return
		}
		var req struct {
			Input []string `json:"input"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		type item struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		var resp struct {
			Data []item `json:"data"`
		}
		for i, s := range req.Input {
			resp.Data = append(resp.Data, item{i, []float32{float32(len(s) % 7), float32(strings.Count(s, "e")), 1}})
		}
		json.NewEncoder(w).Encode(resp)
	}))
	defer srv.Close()
	t.Setenv("TEST_EMBED_KEY", "test-key")
	cache := t.TempDir()
	args := []string{"audit", "-q", "--bar", "0", "--embed-url", srv.URL + "/v1", "--embed-model", "m", "--embed-key-env", "TEST_EMBED_KEY", "--embed-retries", "1", "--embed-cache", cache, testdata + "/example.jsonl"}
	r := runCLI(t, "", args...)
	if r.code != exitPass {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(string(readFile(t, filepath.Join(r.out, "findings.jsonl"))), `"embed_sim":`) {
		t.Error("findings carry no embed_sim")
	}
	if strings.Contains(string(readFile(t, filepath.Join(r.out, "summary.json"))), "test-key") {
		t.Error("the key is in summary.json")
	}
	// A re-audit is served from the cache, even with the endpoint down.
	healthy.Store(false)
	before := calls.Load()
	if r2 := runCLI(t, "", args...); r2.code != exitPass || calls.Load() != before {
		t.Errorf("cached re-audit: exit %d, %d new calls", r2.code, calls.Load()-before)
	}
	// Without the cache the failing endpoint stops the run.
	args[len(args)-2] = t.TempDir()
	r3 := runCLI(t, "", args...)
	if r3.code != exitUsage || !strings.Contains(r3.stderr, "HTTP 502") {
		t.Errorf("exit %d, stderr %q", r3.code, r3.stderr)
	}
	if _, err := os.Stat(filepath.Join(r3.out, "summary.json")); !os.IsNotExist(err) {
		t.Error("a failed run left a summary.json")
	}
}

// Everything from the logs is inert in report.html: the payloads in
// testdata/payloads.jsonl (<script>, an <img onerror>, =HYPERLINK) appear
// only escaped, and the report has exactly one script, its own.
func TestHTMLEscapesLogContent(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", testdata+"/payloads.jsonl", testdata+"/example.jsonl")
	html := string(readFile(t, filepath.Join(r.out, "report.html")))
	for _, live := range []string{"<script>alert", "<img src=x", "onerror=alert(1)>", "<b>kettles</b>"} {
		if strings.Contains(html, live) {
			t.Errorf("report.html contains live markup %q", live)
		}
	}
	for _, escaped := range []string{"&lt;script&gt;alert", "&lt;img src=x onerror=alert(1)&gt;", "=HYPERLINK(", "&lt;b&gt;kettles&lt;/b&gt;"} {
		if !strings.Contains(html, escaped) {
			t.Errorf("report.html lacks the escaped payload %q: the test does not exercise it", escaped)
		}
	}
	if n := strings.Count(html, "<script"); n != 1 {
		t.Errorf("%d <script> tags, want 1 (ours)", n)
	}
	if strings.Contains(html, "http://") && !strings.Contains(html, "http://evil.example") {
		t.Error("report.html references an external resource")
	}
}

func TestHTMLIsDeterministicAndStatesTimeOnce(t *testing.T) {
	args := []string{"audit", "-q", "--reproducible", testdata + "/example.jsonl", testdata + "/markers.jsonl"}
	a, b := runCLI(t, "", args...), runCLI(t, "", args...)
	ha, hb := readFile(t, filepath.Join(a.out, "report.html")), readFile(t, filepath.Join(b.out, "report.html"))
	if !bytes.Equal(ha, hb) {
		t.Error("report.html differs between two --reproducible runs")
	}
	if !strings.Contains(string(ha), "generation time not recorded") {
		t.Error("--reproducible report states a time")
	}
	t.Setenv("SOURCE_DATE_EPOCH", "1778400000")
	d := runCLI(t, "", "audit", "-q", testdata+"/example.jsonl", testdata+"/markers.jsonl")
	hd := string(readFile(t, filepath.Join(d.out, "report.html")))
	if strings.Count(hd, "2026-05-10T08:00:00Z") != 1 {
		t.Error("SOURCE_DATE_EPOCH did not pin the one statement of time")
	}
}

func TestHTMLCapsTheFailureList(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", "--html-max-failures", "2", testdata+"/example.jsonl")
	html := string(readFile(t, filepath.Join(r.out, "report.html")))
	if n := strings.Count(html, "<article class=\"failure"); n != 2 {
		t.Errorf("%d failure rows, want 2", n)
	}
	if !strings.Contains(html, "more failing rows are not listed") {
		t.Error("the report does not say rows were left out")
	}
}

// A Parquet file written by ragaudit convert from the HAGRID dev logs gives
// exactly the findings of the JSONL (but for the file name in "source").
func TestParquetGivesTheSameFindingsAsJSONL(t *testing.T) {
	logs := hagridLogs
	pq := filepath.Join(t.TempDir(), "dev.parquet")
	if c := runCLI(t, "", "convert", "-q", "-o", pq, logs); c.code != exitPass {
		t.Fatalf("convert exit %d: %s", c.code, c.stderr)
	}
	a := runCLI(t, "", "audit", "-q", "--reproducible", "--bar", "0", logs)
	b := runCLI(t, "", "audit", "-q", "--reproducible", "--bar", "0", pq)
	if a.code != exitPass || b.code != exitPass {
		t.Fatalf("exit %d and %d: %s %s", a.code, b.code, a.stderr, b.stderr)
	}
	for _, name := range []string{"findings.jsonl", "findings.csv"} {
		fa := strings.ReplaceAll(string(readFile(t, filepath.Join(a.out, name))), logs+":", "LOG:")
		fb := strings.ReplaceAll(string(readFile(t, filepath.Join(b.out, name))), pq+":", "LOG:")
		if fa != fb {
			t.Errorf("%s differs between JSONL and Parquet", name)
		}
	}
	if counts(t, b)["records_audited"].(float64) != 180 {
		t.Errorf("counts %v", counts(t, b))
	}
}

// Every provider format ragaudit reads converts to canonical records
// (golden files in testdata/golden/formats) and audits with its
// structured citations. The samples are copies of ../shared/formats.
func TestProviderFormatsConvertAndAudit(t *testing.T) {
	cases := []struct {
		file      string
		citations int
		warnings  int
	}{
		{"anthropic-messages-citations.json", 5, 0},
		{"openai-responses-annotations.json", 2, 0},
		{"gemini-vertex-grounding-metadata.json", 3, 0},
		{"cohere-chat-v2-citations.json", 4, 0},
		{"dify-chat-message.json", 0, 0},
		{"ragaudit-canonical-v2.jsonl", 8, 0},
		{"openai-assistants-file-citation.json", 2, 0},
		{"bedrock-kb-retrieve-and-generate.json", 2, 0},
		{"azure-openai-on-your-data.json", 3, 0},
		{"openai-chat-completions-url-citation.json", 2, 0},
		{"langfuse-observations-v2-export.jsonl", 2, 0},
		{"langsmith-runs-export.jsonl", 2, 0},
		{"openinference-otlp-spans.jsonl", 2, 0},
		{"phoenix-spans-dataframe-rows.jsonl", 2, 0},
		{"otel-genai-semconv-spans.jsonl", 2, 0},
		{"openai-chat-function-calling.jsonl", 4, 0},
		{"anthropic-search-results-in-tool-result.json", 3, 0},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			in := filepath.Join(testdata, "formats", tc.file)
			out := filepath.Join(t.TempDir(), "canonical.jsonl")
			if c := runCLI(t, "", "convert", "-q", "--strict", "-o", out, in); c.code != exitPass {
				t.Fatalf("convert exit %d: %s", c.code, c.stderr)
			}
			golden := filepath.Join(testdata, "golden", "formats", strings.TrimSuffix(strings.TrimSuffix(tc.file, ".json"), ".jsonl")+".canonical.jsonl")
			got := readFile(t, out)
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				os.WriteFile(golden, got, 0o644)
			} else if !bytes.Equal(got, readFile(t, golden)) {
				t.Errorf("canonical records differ from %s (-update to refresh)\n%s", golden, got)
			}
			r := runCLI(t, "", "audit", "-q", "--strict", "--bar", "0", in)
			if r.code == exitUsage && !noData(t, r) {
				t.Fatalf("audit exit %d: %s", r.code, r.stderr)
			}
			var sum struct {
				Inputs []struct {
					Coverage struct {
						Citations int `json:"citations"`
						Warnings  int `json:"adapter_warnings"`
					} `json:"coverage"`
				} `json:"inputs"`
			}
			json.Unmarshal(readFile(t, filepath.Join(r.out, "summary.json")), &sum)
			if cov := sum.Inputs[0].Coverage; cov.Citations != tc.citations || cov.Warnings != tc.warnings {
				t.Errorf("coverage %+v, want %d citations and %d warnings", cov, tc.citations, tc.warnings)
			}
			// The canonical file audits to the same findings as the original.
			rc := runCLI(t, "", "audit", "-q", "--bar", "0", out)
			fa := strings.ReplaceAll(string(readFile(t, filepath.Join(r.out, "findings.jsonl"))), in+":", "X:")
			fb := strings.ReplaceAll(string(readFile(t, filepath.Join(rc.out, "findings.jsonl"))), out+":", "X:")
			if fa != fb {
				t.Errorf("the canonical conversion audits differently:\n%s\n---\n%s", fa, fb)
			}
			// and warns as the original does.
			json.Unmarshal(readFile(t, filepath.Join(rc.out, "summary.json")), &sum)
			if w := sum.Inputs[0].Coverage.Warnings; w != tc.warnings {
				t.Errorf("the canonical conversion has %d adapter warnings, the original %d", w, tc.warnings)
			}
		})
	}
}

// Vectors logged with the records ("embedding" on the message and its
// chunks) feed the embedding signal with --embed precomputed.
func TestPrecomputedEmbeddings(t *testing.T) {
	line := `{"conversation_id":"v-1","messages":[{"role":"assistant","content":"Refunds are accepted within 30 days [1]. Kettles are red [2].","embedding":[1,0,0],` +
		`"retrieval":[{"id":"1","text":"Refunds are accepted within 30 days of delivery.","embedding":[1,0,0]},{"id":"2","text":"Kettles carry a warranty.","embedding":[0,1,0]}]}]}`
	p := filepath.Join(t.TempDir(), "vec.jsonl")
	os.WriteFile(p, []byte(line+"\n"), 0o644)
	r := runCLI(t, "", "audit", "-q", "--bar", "0", "--embed", "precomputed", p)
	if r.code != exitPass {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var sims []float64
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(r.out, "findings.jsonl")))), "\n") {
		var f struct {
			Signals map[string]float64 `json:"signals"`
		}
		json.Unmarshal([]byte(l), &f)
		sims = append(sims, f.Signals["embed_sim"])
	}
	if len(sims) != 2 || sims[0] != 1 || sims[1] != 0 {
		t.Errorf("embed_sim per citation %v, want [1 0] (cosines of the logged vectors)", sims)
	}
	if !strings.Contains(string(readFile(t, filepath.Join(r.out, "report.html"))), "embedder <b>precomputed</b>") {
		t.Error("report.html does not name the precomputed embedder")
	}
}

// Custom flat logs are read through the YAML mapping of
// ragaudit-mapping-examples.yaml (the first mapping that fits each file).
func TestMappedCustomLogs(t *testing.T) {
	mapping := filepath.Join(testdata, "formats", "ragaudit-mapping-examples.yaml")
	cases := []struct {
		file                string
		records, citations  int
		truncated, resolved int
	}{
		{"custom-app-log.jsonl", 2, 3, 1, 3},
		{"ragas-style-eval-export.jsonl", 1, 2, 0, 2},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			in := filepath.Join(testdata, "formats", tc.file)
			out := filepath.Join(t.TempDir(), "canonical.jsonl")
			if c := runCLI(t, "", "convert", "-q", "--strict", "--mapping", mapping, "-o", out, in); c.code != exitPass {
				t.Fatalf("convert exit %d: %s", c.code, c.stderr)
			}
			golden := filepath.Join(testdata, "golden", "formats", strings.TrimSuffix(tc.file, ".jsonl")+".canonical.jsonl")
			if got := readFile(t, out); *update {
				os.WriteFile(golden, got, 0o644)
			} else if !bytes.Equal(got, readFile(t, golden)) {
				t.Errorf("canonical records differ from %s (-update to refresh)\n%s", golden, got)
			}
			// A truncated chunk cannot be checked: the sample passes only
			// with --min-checked below its share.
			r := runCLI(t, "", "audit", "-q", "--strict", "--min-checked", "0", "--bar", "0", "--mapping", mapping, in)
			if r.code != exitPass {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			var sum struct {
				Counts struct {
					Audited int `json:"records_audited"`
				} `json:"counts"`
				Inputs []struct {
					Coverage struct {
						Citations int `json:"citations"`
						Resolved  int `json:"resolved"`
						Truncated int `json:"chunks_text_truncated"`
					} `json:"coverage"`
				} `json:"inputs"`
			}
			json.Unmarshal(readFile(t, filepath.Join(r.out, "summary.json")), &sum)
			cov := sum.Inputs[0].Coverage
			if sum.Counts.Audited != tc.records || cov.Citations != tc.citations || cov.Resolved != tc.resolved || cov.Truncated != tc.truncated {
				t.Errorf("audited %d, coverage %+v", sum.Counts.Audited, cov)
			}
		})
	}
	// Without the mapping the custom log is not canonical: skipped, not crashed.
	if r := runCLI(t, "", "audit", "-q", filepath.Join(testdata, "formats", "custom-app-log.jsonl")); r.code != exitUsage {
		t.Errorf("unmapped custom log: exit %d", r.code)
	}
	// A forced wrong format is an error per record, not an empty answer.
	if r := runCLI(t, "", "audit", "-q", "--format", "gemini", filepath.Join(testdata, "formats", "anthropic-messages-citations.json")); r.code != exitUsage {
		t.Errorf("--format gemini on an Anthropic file: exit %d", r.code)
	}
}

// A --tenant value is one tenant as written: not split at commas, not
// trimmed (a filter that audits a different tenant reports the wrong one).
func TestTenantFilterTakesValuesVerbatim(t *testing.T) {
	var lines []string
	for i, tenant := range []string{"Acme, Inc.", "Acme", " Inc.", " acme", "acme"} {
		lines = append(lines, fmt.Sprintf(`{"conversation_id":"c%d","tenant":%q,"messages":[{"role":"user","content":"q"},`+
			`{"role":"assistant","content":"Refunds take 30 days [1].","retrieval":[{"id":"1","text":"Refunds take 30 days."}]}]}`, i, tenant))
	}
	in := filepath.Join(t.TempDir(), "tenants.jsonl")
	if err := os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tenants []string
		want    string // conversations audited
	}{
		{[]string{"Acme, Inc."}, "c0"},
		{[]string{" acme"}, "c3"},
		{[]string{"acme", "Acme"}, "c1 c4"},
	} {
		args := []string{"audit", "-q"}
		for _, tn := range tc.tenants {
			args = append(args, "--tenant", tn)
		}
		r := runCLI(t, "", append(args, in)...)
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(r.out, "findings.jsonl")))), "\n") {
			var f struct {
				ConversationID string `json:"conversation_id"`
			}
			json.Unmarshal([]byte(line), &f)
			got = append(got, f.ConversationID)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("--tenant %q audited %q, want %q", tc.tenants, got, tc.want)
		}
	}
}

// A record with more sentences than one record may have audited is
// skipped, counted and listed after the reader's skips (same order on
// every run); the other records are audited.
func TestRecordWithTooManySentencesIsSkipped(t *testing.T) {
	long := `{"conversation_id":"long","messages":[{"role":"assistant","content":"` + strings.Repeat("Ab [1]. ", audit.MaxSentences+1) +
		`","retrieval":[{"id":"1","text":"Ab."}]}]}`
	in := filepath.Join(t.TempDir(), "long.jsonl")
	if err := os.WriteFile(in, []byte("not json\n"+long+"\n"+string(readFile(t, testdata+"/example.jsonl"))), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, workers := range []string{"1", "2"} {
		r := runCLI(t, "", "audit", "-q", "--workers", workers, in)
		c := counts(t, r)
		if c["records_skipped"].(float64) != 2 || c["skipped_by_reason"].(map[string]any)["too_many_sentences"].(float64) != 1 || c["records_audited"].(float64) != 11 {
			t.Fatalf("workers %s: counts %v", workers, c)
		}
		skipped := strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(r.out, "skipped.jsonl")))), "\n")
		if len(skipped) != 2 || !strings.Contains(skipped[0], `"line":1,"reason":"malformed_json"`) || !strings.Contains(skipped[1], `"line":2,"reason":"too_many_sentences"`) {
			t.Errorf("workers %s: skipped.jsonl %q", workers, skipped)
		}
	}
}
