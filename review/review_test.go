package review

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

func testSample(n int) []Item {
	var items []Item
	for i := range n {
		m := "[1]"
		items = append(items, Item{Judgment: Judgment{ConversationID: "c" + string(rune('a'+i)), MessageIndex: 1, CharStart: 0, CharEnd: 10,
			CitationMarker: &m, Citation: "1", Sample: "s1", ConfigHash: "sha256:x", Seed: 7, Stratum: "h1", InclusionProbability: 0.5}})
	}
	return items
}

// Every judgment is in the file the moment Give returns; reopened, the
// file resumes where the reviewer stopped, and undo takes back the latest.
func TestLabelFileResumesAndUndoes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "labels.jsonl")
	sample := testSample(4)
	lf, err := OpenLabels(path, sample)
	if err != nil {
		t.Fatal(err)
	}
	lf.Give(0, readers.LabelSupported, "ann")
	lf.Give(1, readers.LabelUnsupported, "ann")
	lf.Give(2, readers.LabelPartial, "ann")
	if i, _ := lf.Undo("ann"); i != 2 {
		t.Errorf("undo took back item %d, want 2", i)
	}
	// A second review of the same file is refused while this one runs.
	if _, err := OpenLabels(path, sample); err == nil || !strings.Contains(err.Error(), "another ragaudit review is writing this label file") {
		t.Errorf("a second review of the file: %v", err)
	}
	lf.f.Close() // the server is killed: the kernel drops its lock, nothing else
	lf2, err := OpenLabels(path, sample)
	if err != nil {
		t.Fatal(err)
	}
	if lf2.Done() != 2 || lf2.Next(0) != 2 || lf2.Label(1) != readers.LabelUnsupported {
		t.Errorf("resumed with %d done, next %d, item 1 %q", lf2.Done(), lf2.Next(0), lf2.Label(1))
	}
	labels, err := readers.ReadLabels(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) != 2 || labels[0].Reviewer != "ann" || labels[0].Stratum != "h1" || labels[0].InclusionProbability != 0.5 || labels[0].LabelledAt == "" {
		t.Errorf("labels as read back: %+v", labels)
	}
}

// A label file made for another sample or another configuration is
// refused, naming the line.
func TestLabelFileOfAnotherSampleIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "labels.jsonl")
	lf, _ := OpenLabels(path, testSample(2))
	lf.Give(0, readers.LabelSupported, "ann")
	lf.Close()
	other := testSample(2)
	for i := range other {
		other[i].Sample, other[i].Seed = "s2", 8
	}
	if _, err := OpenLabels(path, other); err == nil || !strings.Contains(err.Error(), "labels.jsonl:1: made for another sample") {
		t.Errorf("another sample: %v", err)
	}
	for i := range other {
		other[i].Sample, other[i].ConfigHash = "s1", "sha256:y"
	}
	if _, err := OpenLabels(path, other); err == nil || !strings.Contains(err.Error(), "another audit configuration") {
		t.Errorf("another configuration: %v", err)
	}
}

func testServer(t *testing.T) (*Server, *httptest.Server, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "labels.jsonl")
	sample := testSample(3)
	lf, err := OpenLabels(path, sample)
	if err != nil {
		t.Fatal(err)
	}
	views := make([]*View, len(sample))
	for i := range views {
		views[i] = &View{Question: "Q?", Answer: "Refunds take 30 days [1].", SentenceEnd: 10,
			Chunk: Chunk{ID: "1", Text: `<script>alert(1)</script> Refunds take 90 days.`}, WindowStart: 27, WindowEnd: 48}
	}
	s, err := NewServer(lf, sample, views, "ann", false)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	s.host = strings.TrimPrefix(ts.URL, "http://")
	return s, ts, path
}

func noRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// Without the token nothing is shown and nothing is recorded; with it, a
// label is recorded and the page moves on; text from the logs is escaped.
func TestServerNeedsItsToken(t *testing.T) {
	s, ts, path := testServer(t)
	c := &http.Client{CheckRedirect: noRedirect}
	if r, _ := c.Get(ts.URL + "/"); r.StatusCode != http.StatusForbidden {
		t.Errorf("page without token: %d", r.StatusCode)
	}
	if r, _ := c.PostForm(ts.URL+"/label", url.Values{"i": {"0"}, "label": {"supported"}, "token": {"wrong"}}); r.StatusCode != http.StatusForbidden {
		t.Errorf("label with a wrong token: %d", r.StatusCode)
	}
	if b, _ := os.ReadFile(path); len(b) != 0 {
		t.Fatalf("a label was recorded without the token: %s", b)
	}
	r, err := c.PostForm(ts.URL+"/label", url.Values{"i": {"0"}, "label": {"supported"}, "token": {s.token}})
	if err != nil || r.StatusCode != http.StatusSeeOther || !strings.Contains(r.Header.Get("Location"), "i=1") {
		t.Fatalf("label: %v %v %v", err, r.StatusCode, r.Header.Get("Location"))
	}
	page, _ := c.Get(ts.URL + "/?token=" + s.token + "&i=1")
	b, _ := io.ReadAll(page.Body)
	body := string(b)
	if strings.Contains(body, "<script>alert(1)") || !strings.Contains(body, "&lt;script&gt;alert(1)") {
		t.Error("text from the logs is not escaped")
	}
	if !strings.Contains(body, `id="progress">1 / 3<`) {
		t.Error("no progress 1 / 3")
	}
	if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("CSP %q", csp)
	}
}

// A request naming another host (DNS rebinding) is refused.
func TestServerRefusesOtherHosts(t *testing.T) {
	s, ts, _ := testServer(t)
	req, _ := http.NewRequest("GET", ts.URL+"/?token="+s.token, nil)
	req.Host = "evil.example:80"
	r, err := http.DefaultClient.Do(req)
	if err != nil || r.StatusCode != http.StatusForbidden {
		t.Errorf("another host: %v %v", err, r.StatusCode)
	}
}

// The page is served on this machine only unless asked otherwise.
func TestListenOnLoopbackOnly(t *testing.T) {
	if _, err := Listen("0.0.0.0:0", false); err == nil || !strings.Contains(err.Error(), "--public") {
		t.Errorf("0.0.0.0 without --public: %v", err)
	}
	l, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
}

// A last line cut short by a crash was never acknowledged: opening the
// file removes it and says so; a label that is no label is refused.
func TestLabelFileRepairsACutLineAndRefusesTypos(t *testing.T) {
	path := filepath.Join(t.TempDir(), "labels.jsonl")
	sample := testSample(3)
	lf, _ := OpenLabels(path, sample)
	lf.Give(0, readers.LabelSupported, "ann")
	lf.Close()
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"conversation_id":"cb","label":"unsupp`)
	f.Close()
	if _, err := readers.ReadLabels(path); err == nil || !strings.Contains(err.Error(), "cut short") {
		t.Errorf("ReadLabels on a cut line: %v", err)
	}
	lf, err := OpenLabels(path, sample)
	if err != nil || !strings.Contains(lf.Repaired, "cut short") || lf.Done() != 1 {
		t.Fatalf("open: %v, repaired %q, %d done", err, lf.Repaired, lf.Done())
	}
	lf.Close()
	if _, err := readers.ReadLabels(path); err != nil {
		t.Errorf("after the repair: %v", err)
	}
	b, _ := os.ReadFile(path)
	os.WriteFile(path, []byte(strings.Replace(string(b), `"label":"supported"`, `"label":"suported"`, 1)), 0o644)
	if _, err := OpenLabels(path, sample); err == nil || !strings.Contains(err.Error(), `labels.jsonl:1: label "suported"`) {
		t.Errorf("a typo in a label: %v", err)
	}
}

// The labels of a sample carry over to a larger draw of the same seed over
// the same strata (the larger sample holds the smaller one).
func TestLabelsCarryOverToALargerSampleOfTheSameSeed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "labels.jsonl")
	small := testSample(2)
	lf, _ := OpenLabels(path, small)
	// Four lines, one standing label: a label taken back and one changed
	// are not carried over.
	lf.Give(0, readers.LabelSupported, "ann")
	lf.Undo("ann")
	lf.Give(1, readers.LabelSupported, "ann")
	lf.Give(1, readers.LabelUnsupported, "ann")
	lf.Close()
	large := testSample(4)
	for i := range large {
		large[i].Sample, large[i].SampleSize = "s-large", 4
	}
	lf, err := OpenLabels(path, large)
	if err != nil || lf.Carried != 1 || lf.Label(1) != readers.LabelUnsupported || lf.Next(0) != 0 {
		t.Fatalf("open: %v, carried %d, item 1 %q", err, lf.Carried, lf.Label(1))
	}
	lf.Close()
	other := testSample(4)
	for i := range other {
		other[i].Sample, other[i].Stratum = "s-other", "h9"
	}
	if _, err := OpenLabels(path, other); err == nil || !strings.Contains(err.Error(), "not a larger draw") {
		t.Errorf("labels on other strata: %v", err)
	}
}
