//go:build e2e

// End-to-end check of report.html in a real headless Chromium: run with
// `make e2e` (which .ci/run calls after installing Debian's chromium).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("no Chromium found: install Debian's chromium (apt-get install chromium) or set CHROMIUM")
	return ""
}

// headless runs Chromium on url with the flags this machine needs and
// returns its stdout.
func headless(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, errb.String())
	}
	return out.Bytes()
}

func TestE2EReportInChromium(t *testing.T) {
	bin := chromium(t)
	r := runCLI(t, "", "audit", "-q", "--reproducible", "--min-score", "0.5",
		testdata+"/example.jsonl", testdata+"/payloads.jsonl", testdata+"/bad.jsonl")
	if r.code != exitFail {
		t.Fatalf("audit exit %d: %s", r.code, r.stderr)
	}
	var sum struct {
		Accuracy float64 `json:"citation_accuracy"`
		Counts   struct {
			ByVerdict map[string]int `json:"citations_by_verdict"`
			Uncited   int            `json:"uncited_sentences"`
		} `json:"counts"`
	}
	if err := json.Unmarshal(readFile(t, filepath.Join(r.out, "summary.json")), &sum); err != nil {
		t.Fatal(err)
	}
	page := "file://" + filepath.Join(must(filepath.Abs(r.out)), "report.html")

	// The DOM after the page's own script ran.
	dom := string(headless(t, bin, "--dump-dom", page))
	headline := regexp.MustCompile(`id="headline-accuracy">([^<]+)<`).FindStringSubmatch(dom)
	if want := pctString(sum.Accuracy); headline == nil || headline[1] != want {
		t.Errorf("headline figure %v, want %s", headline, want)
	}
	if !strings.Contains(dom, `id="headline-verdict">FAIL<`) {
		t.Error("no FAIL verdict in the headline")
	}
	wantRows := sum.Counts.ByVerdict["unsupported"] + sum.Counts.ByVerdict["fabricated"] + sum.Counts.Uncited
	if n := strings.Count(dom, `<article class="failure`); n != wantRows {
		t.Errorf("%d failing-citation rows in the DOM, want %d", n, wantRows)
	}
	if !strings.Contains(dom, wantRows2(wantRows)) {
		t.Errorf("the filter script did not count %d rows", wantRows)
	}
	// The payloads stayed text: no element came out of the logs.
	if strings.Contains(dom, "<img") || strings.Count(dom, "<script") != 1 {
		t.Error("log content became markup in the browser")
	}

	// The filter works: "#kind=fabricated" hides every other row.
	filtered := string(headless(t, bin, "--dump-dom", page+"#kind=fabricated"))
	visible := strings.Count(filtered, `<article class="failure fabricated" data-kind="fabricated"`)
	hidden := strings.Count(filtered, ` hidden"`)
	if visible != sum.Counts.ByVerdict["fabricated"] || hidden != wantRows-visible {
		t.Errorf("filter: %d fabricated rows visible, %d hidden; want %d and %d", visible, hidden, sum.Counts.ByVerdict["fabricated"], wantRows-visible)
	}

	// A screenshot, kept for people (make e2e prints where).
	shot := filepath.Join(os.Getenv("E2E_OUT"), "report.png")
	if os.Getenv("E2E_OUT") == "" {
		shot = filepath.Join(t.TempDir(), "report.png")
	}
	headless(t, bin, "--window-size=1280,2400", "--screenshot="+shot, page)
	png, err := os.ReadFile(shot)
	if err != nil || len(png) < 20_000 || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("screenshot %s: %d bytes, %v", shot, len(png), err)
	}
	t.Logf("screenshot: %s (%d bytes)", shot, len(png))
}

func pctString(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func wantRows2(n int) string { return fmt.Sprintf("%d shown", n) }

func must(s string, err error) string {
	if err != nil {
		panic(err)
	}
	return s
}
