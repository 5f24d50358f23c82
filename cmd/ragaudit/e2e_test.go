//go:build e2e

// End-to-end check of report.html in a real headless Chromium: run with
// `make e2e` (which .ci/run calls after installing Debian's chromium).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
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
// returns its stdout. A browser that dies of a signal (Chromium on this
// machine segfaults now and then, on any page) is run once more, and the
// test says so; any other failure, or a second crash, fails the test.
func headless(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	out, errb, err := runHeadless(t, bin, args)
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			t.Logf("%s died of %v; running it once more", bin, ws.Signal())
			out, errb, err = runHeadless(t, bin, args)
		}
	}
	if err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, errb)
	}
	return out
}

func runHeadless(t *testing.T, bin string, args []string) (stdout []byte, stderr string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	return out.Bytes(), errb.String(), err
}

// failing is one failing finding of findings.jsonl.
type failing struct {
	Tenant  string   `json:"tenant"`
	Verdict string   `json:"verdict"`
	Reasons []string `json:"reasons"`
}

func failingFindings(t *testing.T, dir string) []failing {
	t.Helper()
	var out []failing
	for _, line := range strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(dir, "findings.jsonl")))), "\n") {
		var f failing
		if err := json.Unmarshal([]byte(line), &f); err != nil {
			t.Fatal(err)
		}
		if f.Verdict == "unsupported" || f.Verdict == "fabricated" || f.Verdict == "uncited" {
			out = append(out, f)
		}
	}
	return out
}

// visibleCards returns the opening tags of the failing cards the page's
// script left visible, and how many it hid.
func visibleCards(dom string) (visible []string, hidden int) {
	for _, tag := range regexp.MustCompile(`<article class="failure[^>]*>`).FindAllString(dom, -1) {
		if strings.Contains(tag, ` hidden"`) {
			hidden++
		} else {
			visible = append(visible, tag)
		}
	}
	return visible, hidden
}

// e2ePage is report.html of an audit, as the checks below read it.
type e2ePage struct {
	bin, dir, url string
	rows          int // failing cards
	fails         []failing
}

func TestE2EReportInChromium(t *testing.T) {
	bin := chromium(t)
	// bad.jsonl's records are unreadable by design, too many for the
	// default --min-checked: the page's FAIL is the subject here, the
	// machine's verdicts accepted as they are.
	r := runCLI(t, "", "audit", "-q", "--reproducible", "--accept-machine", "--machine-false-alarms", "0", "--min-score", "0.5", "--min-checked", "0",
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
	p := &e2ePage{bin: bin, dir: r.out, url: "file://" + filepath.Join(must(filepath.Abs(r.out)), "report.html"),
		rows: sum.Counts.ByVerdict["unsupported"] + sum.Counts.ByVerdict["fabricated"] + sum.Counts.Uncited, fails: failingFindings(t, r.out)}

	// The DOM after the page's own script ran.
	dom := string(headless(t, bin, "--dump-dom", p.url))
	headline := regexp.MustCompile(`id="headline-accuracy">([^<]+)<`).FindStringSubmatch(dom)
	if want := pctString(sum.Accuracy); headline == nil || headline[1] != want {
		t.Errorf("headline figure %v, want %s", headline, want)
	}
	if !strings.Contains(dom, `id="headline-verdict">FAIL<`) {
		t.Error("no FAIL verdict in the headline")
	}
	// The payloads stayed text: no element came out of the logs.
	if strings.Contains(dom, "<img") || strings.Count(dom, "<script") != 1 {
		t.Error("log content became markup in the browser")
	}
	t.Run("cards show the question, the answer and the reason", func(t *testing.T) { p.cards(t, dom) })
	t.Run("a hash preselects the filters", p.hashFilters)
	t.Run("clicks filter the cards", p.clicks)
	noJS := p.withoutJavaScript(t)
	p.screenshots(t, noJS)
}

func (p *e2ePage) cards(t *testing.T, dom string) {
	if n := strings.Count(dom, `<article class="failure`); n != p.rows || len(p.fails) != p.rows {
		t.Errorf("%d failing cards in the DOM, %d failing findings, want %d", n, len(p.fails), p.rows)
	}
	if !strings.Contains(dom, fmt.Sprintf("%d of %d shown", p.rows, p.rows)) {
		t.Errorf("the filter script did not count %d cards", p.rows)
	}
	for _, part := range []string{`<p class="why"><b>Why:</b> `, `<div class="text question">`, `<div class="text answer">`} {
		if n := strings.Count(dom, part); n != p.rows {
			t.Errorf("%d cards show %q, want all %d", n, part, p.rows)
		}
	}
	if !strings.Contains(dom, `How much is the Pro plan?`) || !strings.Contains(dom, `Retrieved for this answer: <code>pricing.md#c4</code>`) {
		t.Error("the fabricated citation's card lacks its question or the ids retrieved")
	}
}

// count is how many failing findings match.
func (p *e2ePage) count(match func(f failing) bool) int {
	n := 0
	for _, f := range p.fails {
		if match(f) {
			n++
		}
	}
	return n
}

func (p *e2ePage) hashFilters(t *testing.T) {
	for _, tc := range []struct {
		hash  string
		match func(f failing) bool
	}{
		{"#kind=fabricated", func(f failing) bool { return f.Verdict == "fabricated" }},
		{"#reason=number_mismatch", func(f failing) bool { return slices.Contains(f.Reasons, "number_mismatch") }},
		{"#tenant=acme", func(f failing) bool { return f.Tenant == "acme" }},
		{"#reason=unsupported&tenant=acme", func(f failing) bool { return f.Tenant == "acme" && f.Verdict == "unsupported" }},
	} {
		want := p.count(tc.match)
		visible, hidden := visibleCards(string(headless(t, p.bin, "--dump-dom", p.url+tc.hash)))
		if want == 0 || len(visible) != want || hidden != p.rows-want {
			t.Errorf("%s: %d cards visible, %d hidden; want %d and %d", tc.hash, len(visible), hidden, want, p.rows-want)
		}
	}
}

// withScript writes a copy of report.html with text put before the first
// occurrence of at (at itself stays), and returns its URL.
func (p *e2ePage) withScript(t *testing.T, at, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "copy.html")
	html := strings.Replace(string(readFile(t, filepath.Join(p.dir, "report.html"))), at, text+at, 1)
	if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + path
}

// clicks: a tenant's row in the breakdown, then a reason in the filter,
// then "Show all", as a person would; the script under test records what
// the page shows after each.
func (p *e2ePage) clicks(t *testing.T) {
	const clicks = `<script>
var acme = Array.prototype.find.call(document.querySelectorAll("#by-tenant a"), function(a){ return a.textContent === "acme"; });
acme.click();
var s = [document.getElementById("tenant-filter").selectedOptions[0].dataset.name, location.hash, document.getElementById("shown-count").textContent];
var reason = document.getElementById("reason-filter"); reason.value = "fabricated"; reason.dispatchEvent(new Event("change"));
s.push(location.hash, document.getElementById("shown-count").textContent);
document.getElementById("clear-filters").click();
s.push(document.getElementById("shown-count").textContent);
document.body.setAttribute("data-test", s.join("|"));
</script>`
	dom := string(headless(t, p.bin, "--dump-dom", p.withScript(t, "</body>", clicks)))
	state := regexp.MustCompile(`data-test="([^"]*)"`).FindStringSubmatch(dom)
	acme := p.count(func(f failing) bool { return f.Tenant == "acme" })
	acmeFab := p.count(func(f failing) bool { return f.Tenant == "acme" && f.Verdict == "fabricated" })
	want := fmt.Sprintf("acme|#tenant=acme|%d of %d shown|#reason=fabricated&amp;tenant=acme|%d of %d shown|%d of %d shown",
		acme, p.rows, acmeFab, p.rows, p.rows, p.rows)
	if state == nil || state[1] != want {
		t.Errorf("after the clicks the page shows %v, want %q", state, want)
	}
}

// withoutJavaScript checks a copy whose policy forbids the page's script:
// every card is shown and no dead control is. Only a probe script the
// policy lets through (by its nonce) reads what is displayed. It returns
// the copy's URL.
func (p *e2ePage) withoutJavaScript(t *testing.T) string {
	url := p.withScript(t, "<style>", `<meta http-equiv="Content-Security-Policy" content="script-src 'nonce-e2e'">`)
	const probe = `<script nonce="e2e">
var shown = Array.prototype.filter.call(document.querySelectorAll("article.failure"), function(a){ return a.offsetParent !== null; });
document.body.setAttribute("data-test", getComputedStyle(document.getElementById("filters")).display + "|" + shown.length + "|" + document.getElementById("shown-count").textContent);
</script>`
	path := strings.TrimPrefix(url, "file://")
	html := strings.Replace(string(readFile(t, path)), "</body>", probe+"</body>", 1)
	if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := string(headless(t, p.bin, "--dump-dom", url))
	state := regexp.MustCompile(`data-test="([^"]*)"`).FindStringSubmatch(dom)
	// "N shown" is the page as written: "N of M shown" would mean its script ran.
	if want := fmt.Sprintf("none|%d|%d shown", p.rows, p.rows); state == nil || state[1] != want {
		t.Errorf("without JavaScript the page shows %v, want %q (filters hidden, every card shown)", state, want)
	}
	return url
}

// screenshots are kept for people (make e2e prints where): desktop, a
// phone's width, and without JavaScript.
func (p *e2ePage) screenshots(t *testing.T, noJS string) {
	for _, shot := range []struct{ name, size, url string }{
		{"report.png", "1280,4200", p.url}, {"report-narrow.png", "390,7000", p.url}, {"report-nojs.png", "1280,4200", noJS},
	} {
		path := filepath.Join(os.Getenv("E2E_OUT"), shot.name)
		if os.Getenv("E2E_OUT") == "" {
			path = filepath.Join(t.TempDir(), shot.name)
		}
		headless(t, p.bin, "--window-size="+shot.size, "--screenshot="+path, shot.url)
		png, err := os.ReadFile(path)
		if err != nil || len(png) < 20_000 || !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Fatalf("screenshot %s: %d bytes, %v", path, len(png), err)
		}
		t.Logf("screenshot: %s (%d bytes)", path, len(png))
	}
}

func pctString(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func must(s string, err error) string {
	if err != nil {
		panic(err)
	}
	return s
}

// The shared cap in a browser: with 2,000 fabricated rows and 30 of low
// similarity, each reason's count opens cards, and the filter says what
// the cap cut and where all of it is.
func TestE2EFairCapInChromium(t *testing.T) {
	bin := chromium(t)
	r := runCLI(t, "", "audit", "-q", "--reproducible", lopsidedLog(t))
	url := "file://" + filepath.Join(must(filepath.Abs(r.out)), "report.html")
	for _, tc := range []struct {
		hash    string
		visible int
		note    string
	}{
		{"#reason=low_similarity", 30, "— all 30 rows of this reason are listed"},
		{"#tenant=acme", 470, "— the list holds 500 of 2030 failing rows; findings.csv has them all"},
		{"#reason=fabricated", 470, "— 470 of this reason's 2000 rows are listed (its worst); findings.csv has them all"},
		{"", 500, ""},
	} {
		dom := string(headless(t, bin, "--dump-dom", url+tc.hash))
		visible, hidden := visibleCards(dom)
		if len(visible) != tc.visible || hidden != 500-tc.visible {
			t.Errorf("%s: %d cards visible, %d hidden; want %d of 500", tc.hash, len(visible), hidden, tc.visible)
		}
		if !strings.Contains(dom, fmt.Sprintf(`<span class="mute" id="shown-count">%d of 500 shown</span> <span class="mute" id="cap-note">%s</span>`, tc.visible, tc.note)) {
			t.Errorf("%s: the count and the note are not %q", tc.hash, tc.note)
		}
	}
	path := filepath.Join(os.Getenv("E2E_OUT"), "report-fair-cap.png")
	if os.Getenv("E2E_OUT") == "" {
		path = filepath.Join(t.TempDir(), "report-fair-cap.png")
	}
	// The tiles, and the low-similarity filter's cards below them.
	headless(t, bin, "--window-size=1280,5200", "--screenshot="+path, url+"#reason=low_similarity")
	if png, err := os.ReadFile(path); err != nil || len(png) < 20_000 {
		t.Fatalf("screenshot %s: %d bytes, %v", path, len(png), err)
	}
	t.Logf("screenshot: %s", path)
}
