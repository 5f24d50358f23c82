package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// The hand-written contrast sets of testdata/contrast/README.md: one per
// language, the same six kinds in each, so that a kind's figure in one
// language compares with the same kind in another.
var (
	contrastLanguages = []string{"en", "nl", "de", "fr", "es"}
	// The kinds whose every pair is a changed fact the verdict must catch.
	contrastDecisiveKinds = []string{"negation", "number", "number_word", "date"}
	contrastKinds         = append(slices.Clone(contrastDecisiveKinds), "entity", "paraphrase")
	contrastIDPattern     = regexp.MustCompile(`^contrast-(en|nl|de|fr|es)-(\d\d)-([a-z_]+)$`)
)

const (
	minContrastPairs       = 8  // per unsupported kind and language
	minContrastParaphrases = 12 // per language
	minEntityShare         = 0.8
	// minParaphrases is the least share of faithful paraphrases passed in
	// a language: what every language reaches today (German 8 of 14).
	minParaphrases = 8.0 / 14
)

func contrastPath(code, suffix string) string {
	return filepath.Join(testdata, "contrast", "contrast-"+code+suffix)
}

// readJSONLines decodes every line of a JSONL file into a new T.
func readJSONLines[T any](t *testing.T, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

type contrastRecord struct {
	ConversationID string `json:"conversation_id"`
	Tenant         string `json:"tenant"`
	Agent          string `json:"agent"`
	Messages       []struct {
		Role      string `json:"role"`
		Content   string `json:"content"`
		Retrieval []struct {
			ID   string `json:"id"`
			Text string `json:"text"`
		} `json:"retrieval"`
	} `json:"messages"`
}

type contrastLabel struct {
	ConversationID string `json:"conversation_id"`
	MessageIndex   int    `json:"message_index"`
	SentenceText   string `json:"sentence_text"`
	CharStart      int    `json:"char_start"`
	CharEnd        int    `json:"char_end"`
	Marker         string `json:"citation_marker"`
	ChunkID        string `json:"chunk_id"`
	Label          string `json:"label"`
	Scope          string `json:"label_scope"`
	Agent          string `json:"agent"`
	Dataset        string `json:"dataset"`
}

// Every pair of every language's set is one assistant sentence citing
// [1], labelled at the code points it spans, under an id that names its
// language and kind, with enough pairs of each kind to give a share.
func TestContrastSetsAreWellFormed(t *testing.T) {
	for _, code := range contrastLanguages {
		t.Run(code, func(t *testing.T) {
			recs := readJSONLines[contrastRecord](t, contrastPath(code, ".jsonl"))
			labels := readJSONLines[contrastLabel](t, contrastPath(code, ".labels.jsonl"))
			if len(recs) != len(labels) {
				t.Fatalf("%d records, %d labels; want one label a record", len(recs), len(labels))
			}
			counts := map[string]int{}
			for i, r := range recs {
				problem := contrastPairProblem(code, i+1, r, labels[i])
				if problem != "" {
					t.Errorf("%s (record %d): %s", r.ConversationID, i+1, problem)
					continue
				}
				counts[r.Agent]++
			}
			for _, k := range contrastKinds {
				least := minContrastPairs
				if k == "paraphrase" {
					least = minContrastParaphrases
				}
				if counts[k] < least {
					t.Errorf("%s: %d pairs, want at least %d", k, counts[k], least)
				}
			}
		})
	}
}

// contrastPairProblem says what is wrong with the n-th pair of a set and
// its label, or "" when nothing is.
func contrastPairProblem(code string, n int, r contrastRecord, l contrastLabel) string {
	m := contrastIDPattern.FindStringSubmatch(r.ConversationID)
	switch {
	case m == nil || m[1] != code || m[2] != fmt.Sprintf("%02d", n):
		return fmt.Sprintf("want the id contrast-%s-%02d-<kind>", code, n)
	case m[3] != r.Agent || !slices.Contains(contrastKinds, r.Agent) || r.Tenant != "contrast-"+code:
		return fmt.Sprintf("agent %q, tenant %q", r.Agent, r.Tenant)
	case len(r.Messages) != 2 || r.Messages[1].Role != "assistant" || len(r.Messages[1].Retrieval) != 1:
		return "want a question and an answer citing one chunk"
	}
	answer := []rune(r.Messages[1].Content)
	if !strings.HasSuffix(string(answer), " [1].") || strings.Count(string(answer), "[") != 1 {
		return fmt.Sprintf("answer %q: want one sentence ending in \" [1].\"", string(answer))
	}
	want := "unsupported"
	if r.Agent == "paraphrase" {
		want = "supported"
	}
	if l.ConversationID != r.ConversationID || l.MessageIndex != 1 || l.Agent != r.Agent ||
		l.Label != want || l.Scope != "citation" || l.Marker != "[1]" || l.ChunkID != r.Messages[1].Retrieval[0].ID ||
		l.Dataset != "contrast-"+code {
		return fmt.Sprintf("label %+v does not match its record", l)
	}
	if l.CharStart < 0 || l.CharEnd > len(answer) || l.CharStart >= l.CharEnd ||
		string(answer[l.CharStart:l.CharEnd]) != l.SentenceText {
		return fmt.Sprintf("code points [%d, %d) of %q are not the labelled sentence %q",
			l.CharStart, l.CharEnd, string(answer), l.SentenceText)
	}
	return ""
}

type kindResult struct {
	n, correct int
	wrong      []string // "id: verdict (reasons)"
}

func (k kindResult) share() float64 { return float64(k.correct) / float64(k.n) }

// contrastResults runs eval on one language's set and returns, per kind,
// how many verdicts agree with the labels; the audit's findings name the
// pairs that do not, with their reasons.
func contrastResults(t *testing.T, code string) map[string]kindResult {
	t.Helper()
	labelsPath := contrastPath(code, ".labels.jsonl")
	e := runCLI(t, "", "eval", "--json", "--labels", labelsPath, contrastPath(code, ".jsonl"))
	if e.code != exitPass {
		t.Fatalf("eval %s: exit %d: %s", code, e.code, e.stderr)
	}
	var out struct {
		Sets map[string]struct {
			Unmatched int `json:"unmatched_labels"`
			ByAgent   map[string]struct {
				N         int `json:"n"`
				Confusion struct {
					TP int `json:"unsupported_as_unsupported"`
					TN int `json:"supported_as_supported"`
				} `json:"confusion"`
			} `json:"by_agent"`
		} `json:"sets"`
	}
	if err := json.Unmarshal([]byte(e.stdout), &out); err != nil {
		t.Fatal(err)
	}
	set, ok := out.Sets[labelsPath]
	if !ok || set.Unmatched != 0 {
		t.Fatalf("eval %s: set missing or %d labels unmatched", code, set.Unmatched)
	}
	res := map[string]kindResult{}
	for kind, m := range set.ByAgent {
		res[kind] = kindResult{n: m.N, correct: m.Confusion.TP + m.Confusion.TN}
	}

	a := runCLI(t, "", "audit", "-q", contrastPath(code, ".jsonl"))
	if a.code != exitPass && a.code != exitFail && a.code != exitInconclusive && a.code != exitInconclusiveBelow {
		t.Fatalf("audit %s: exit %d: %s", code, a.code, a.stderr)
	}
	want := map[string]string{}
	for _, l := range readJSONLines[contrastLabel](t, labelsPath) {
		want[l.ConversationID] = l.Label
	}
	for _, f := range readJSONLines[audit.Finding](t, filepath.Join(a.out, "findings.jsonl")) {
		if f.Verdict != want[f.ConversationID] {
			r := res[f.Agent]
			r.wrong = append(r.wrong, fmt.Sprintf("%s: %s %v", f.ConversationID, f.Verdict, f.Reasons))
			res[f.Agent] = r
		}
	}
	return res
}

// The verdict on each language's contrast set, kind by kind: a flipped
// negation, a changed amount, a changed number written as a word and a
// changed date are caught every time, in every language; a swapped name
// at least four times in five; and a faithful paraphrase is passed in
// each language at least minParaphrases times in 14. The aim — at least
// as often as in English — is logged, met or not (docs/verdict.md,
// "Languages").
func TestContrastSetsPerLanguage(t *testing.T) {
	results := map[string]map[string]kindResult{}
	for _, code := range contrastLanguages {
		results[code] = contrastResults(t, code)
	}
	var table strings.Builder
	fmt.Fprintf(&table, "%-12s", "kind")
	for _, code := range contrastLanguages {
		fmt.Fprintf(&table, " %9s", code)
	}
	for _, k := range contrastKinds {
		fmt.Fprintf(&table, "\n%-12s", k)
		for _, code := range contrastLanguages {
			r := results[code][k]
			fmt.Fprintf(&table, " %2d/%2d %3.0f%%", r.correct, r.n, 100*r.share())
		}
	}
	t.Logf("share of verdicts right, by kind and language:\n%s", table.String())

	english := results["en"]["paraphrase"]
	for _, code := range contrastLanguages {
		for _, k := range contrastDecisiveKinds {
			r := results[code][k]
			t.Run(code+"/every "+k+" pair is caught", func(t *testing.T) {
				if r.n < minContrastPairs || r.correct != r.n {
					t.Errorf("%d of %d caught; missed:\n  %s", r.correct, r.n, strings.Join(r.wrong, "\n  "))
				}
			})
		}
		r := results[code]["entity"]
		t.Run(code+"/a swapped name is caught at least four times in five", func(t *testing.T) {
			if r.n < minContrastPairs || r.share() < minEntityShare {
				t.Errorf("%d of %d caught; missed:\n  %s", r.correct, r.n, strings.Join(r.wrong, "\n  "))
			}
		})
		p := results[code]["paraphrase"]
		t.Run(code+"/paraphrases pass at least the measured floor", func(t *testing.T) {
			if p.n < minContrastParaphrases || p.share() < minParaphrases {
				t.Errorf("%d of %d passed, want at least %.0f%%; failed:\n  %s", p.correct, p.n, 100*minParaphrases, strings.Join(p.wrong, "\n  "))
			}
		})
		state := "met"
		if p.share() < english.share()-1e-9 {
			state = "NOT MET"
		}
		t.Logf("aim, %s: faithful paraphrases pass at least as often as in English: %d of %d, English %d of %d: %s",
			code, p.correct, p.n, english.correct, english.n, state)
	}
}
