//go:build e2e

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/ragaudit/ragaudit/readers"
)

// reviewServer runs ragaudit review in-process until stop is called, and
// returns the page's address it printed.
func reviewServer(t *testing.T, sample, labels string) (url string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int)
	go func() {
		code := run(ctx, []string{"ragaudit", "review", "-q", "--reviewer", "e2e", "--sample", sample, "--labels", labels, hagridLogs}, strings.NewReader(""), io.Discard, pw)
		pw.Close()
		done <- code
	}()
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if m := regexp.MustCompile(`open (http://127\.0\.0\.1:\d+/\?token=[0-9a-f]+)`).FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case url = <-found:
	case code := <-done:
		t.Fatalf("review exited %d before serving", code)
	case <-time.After(60 * time.Second):
		t.Fatal("review did not start")
	}
	return url, func() {
		cancel()
		if code := <-done; code != exitPass {
			t.Errorf("review exit %d after stop", code)
		}
	}
}

// The review page in a real headless Chromium: label items by key presses
// (with a skip and an undo), stop the server midway, start it again, finish,
// and compare the label file with the judgments given.
func TestE2EReviewInChromium(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	sample, labels := filepath.Join(dir, "sample.jsonl"), filepath.Join(dir, "labels.jsonl")
	if r := runCLI(t, "", "sample", "-q", "-n", "24", "--seed", "4", "-o", sample, hagridLogs); r.code != exitPass {
		t.Fatalf("sample exit %d: %s", r.code, r.stderr)
	}
	items, err := readSampleLines(sample)
	if err != nil {
		t.Fatal(err)
	}
	// The simulated reviewer's judgment of item i (by key).
	keyFor := func(i int) string { return []string{"1", "3", "2", "0"}[i%4] }
	labelOf := map[string]string{"1": "supported", "3": "unsupported", "2": "partial", "0": "cannot_judge"}

	page := newReviewPage(t, bin)
	item, progress, press := page.item, page.progress, page.press
	bctx := page.ctx
	given := map[int]string{}
	label := func() {
		i := item()
		press(keyFor(i))
		given[i] = labelOf[keyFor(i)]
	}

	url, stop := reviewServer(t, sample, labels)
	if err := chromedp.Run(bctx, chromedp.Navigate(url), chromedp.WaitReady("#progress")); err != nil {
		t.Fatal(err)
	}
	for range 10 {
		label()
	}
	skipped := item()
	press(" ") // skip: left unlabelled for now
	if item() == skipped {
		t.Error("space did not skip")
	}
	label()
	last := item()
	label()
	press(kb.Backspace) // undo the latest judgment: its item is shown again
	if item() != last {
		t.Errorf("undo showed item %d, want %d", item(), last)
	}
	delete(given, last)
	if got, want := progress(), strconv.Itoa(len(given))+" / 24"; got != want {
		t.Errorf("progress %q, want %q", got, want)
	}
	var shot []byte
	if err := chromedp.Run(bctx, chromedp.CaptureScreenshot(&shot)); err != nil {
		t.Errorf("screenshot: %v", err)
	}
	stop() // the reviewer's machine stops here; nothing given may be lost

	url, stop = reviewServer(t, sample, labels)
	if err := chromedp.Run(bctx, chromedp.Navigate(url), chromedp.WaitReady("#progress")); err != nil {
		t.Fatal(err)
	}
	if got, want := progress(), strconv.Itoa(len(given))+" / 24"; got != want {
		t.Errorf("resumed at %q, want %q", got, want)
	}
	for k := 0; k < 40; k++ {
		var done bool
		chromedp.Run(bctx, chromedp.Evaluate(`document.getElementById("done") !== null`, &done))
		if done {
			break
		}
		label()
	}
	stop()
	if len(given) != 24 {
		t.Fatalf("%d items labelled, want 24", len(given))
	}
	checkLabelFile(t, labels, items, given)
	if out := os.Getenv("E2E_OUT"); out != "" && len(shot) > 0 {
		os.WriteFile(filepath.Join(out, "review.png"), shot, 0o644)
	}
}

func readSampleLines(path string) ([]map[string]any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var d map[string]any
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

func indexOf(items []map[string]any, l readers.Label) int {
	for i, d := range items {
		if d["conversation_id"] == l.ConversationID && int(d["char_start"].(float64)) == l.CharStart && d["citation"] == l.Citation {
			return i
		}
	}
	return -1
}

// profileDir is a Chromium profile directory removed after the test, best
// effort: the browser's helpers may still be writing to it as it exits.
func profileDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "ragaudit-e2e-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 20 {
			if os.RemoveAll(dir) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	return dir
}

// reviewPage drives the review page in a headless Chromium.
type reviewPage struct {
	t   *testing.T
	ctx context.Context
}

func newReviewPage(t *testing.T, bin string) *reviewPage {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(bin), chromedp.NoSandbox,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(profileDir(t)), chromedp.WindowSize(1200, 900))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelB := chromedp.NewContext(actx)
	bctx, cancelT := context.WithTimeout(bctx, 4*time.Minute)
	t.Cleanup(func() { cancelT(); cancelB(); cancelA() })
	return &reviewPage{t: t, ctx: bctx}
}

// item is the index of the item shown (-2 while the page loads).
func (p *reviewPage) item() int {
	var s string
	if err := chromedp.Run(p.ctx, chromedp.Evaluate(`(document.querySelector("main[data-item]") || {dataset: {item: "-2"}}).dataset.item`, &s)); err != nil {
		p.t.Fatal(err)
	}
	n, _ := strconv.Atoi(s)
	return n
}

func (p *reviewPage) progress() string {
	var s string
	chromedp.Run(p.ctx, chromedp.Evaluate(`(document.getElementById("progress") || {textContent: ""}).textContent`, &s))
	return s
}

// press presses a key and waits until the page shows another state, whole.
func (p *reviewPage) press(key string) {
	before := p.progress() + "|" + strconv.Itoa(p.item())
	if err := chromedp.Run(p.ctx, chromedp.KeyEvent(key)); err != nil {
		p.t.Fatal(err)
	}
	for k := 0; k < 200; k++ {
		now := p.progress() + "|" + strconv.Itoa(p.item())
		if now != before && !strings.HasSuffix(now, "|-2") && !strings.HasPrefix(now, "|") {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// checkLabelFile compares the labels in force in the file with the
// judgments given on the page.
func checkLabelFile(t *testing.T, labels string, items []map[string]any, given map[int]string) {
	t.Helper()
	got, err := readers.ReadLabels(labels)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 24 {
		t.Errorf("%d labels in force in the file, want 24", len(got))
	}
	for _, l := range got {
		i := indexOf(items, l)
		if i < 0 || given[i] != l.Label || l.Reviewer != "e2e" {
			t.Errorf("item %d: file %q by %q, given %q", i, l.Label, l.Reviewer, given[i])
		}
	}
}
