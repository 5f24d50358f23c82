package audit

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/internal/corpus"
	"github.com/ragaudit/ragaudit/readers"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenAnswer is one input of a golden file of the splitter or the
// number reader, and what the code answered for it: an answer of the
// bundled real logs or of a generated corpus, named by log, line and
// message, or texts kept literally in the golden file (hand-written cases
// and the fuzz corpus).
type goldenAnswer struct {
	In       string          `json:"in,omitempty"`    // "hagrid:12:1": log, line, message
	Hash     string          `json:"hash,omitempty"`  // of the answer's text, to tell a changed log
	Texts    []string        `json:"-"`               // a literal input
	Quoted   []string        `json:"texts,omitempty"` // the same as Go string literals: fuzz inputs need not be UTF-8
	Answer   json.RawMessage `json:"out"`
	content  string
	chunks   []string
	chunkIDs map[string]bool
}

// literal is a golden input of texts given literally.
func literal(texts []string) goldenAnswer {
	return goldenAnswer{Texts: texts, content: texts[0]}
}

func (g *goldenAnswer) key() string { return g.In + "\x00" + strings.Join(g.Texts, "\x00") }

// goldenCorpus is the generated corpus the golden files record answers
// on: small, as its answers repeat a few shapes.
const goldenCorpusConversations, goldenCorpusSeed = 12, 7

// loggedAnswers are the answers of the bundled real logs and of the
// generated corpus, in order.
func loggedAnswers(t *testing.T) []goldenAnswer {
	t.Helper()
	var gen bytes.Buffer
	if err := corpus.Write(context.Background(), &gen, goldenCorpusConversations, goldenCorpusSeed); err != nil {
		t.Fatal(err)
	}
	genPath := filepath.Join(t.TempDir(), "gen.jsonl")
	if err := os.WriteFile(genPath, gen.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	logs := map[string]string{"hagrid": realLogs[0], "expertqa": realLogs[1], "gen": genPath}
	var out []goldenAnswer
	for _, name := range []string{"hagrid", "expertqa", "gen"} {
		for rec, err := range readers.JSONL(logs[name], readers.Options{}, nil) {
			if err != nil {
				t.Fatalf("%s: %v", logs[name], err)
			}
			for mi, m := range rec.Messages {
				a := goldenAnswer{In: fmt.Sprintf("%s:%d:%d", name, rec.Line, mi), Hash: shortHash(m.Content), content: m.Content,
					chunkIDs: map[string]bool{}}
				for _, c := range m.Retrieval {
					a.chunks, a.chunkIDs[c.ID] = append(a.chunks, c.Text), true
				}
				out = append(out, a)
			}
		}
	}
	return out
}

// checkGolden compares the answers of the inputs with the golden file,
// or with -update rewrites it. The inputs are the logged answers, then
// the literal texts of the golden file, then extra literal texts (new
// cases) not in it yet.
func checkGolden(t *testing.T, path string, logged []goldenAnswer, extra [][]string, answer func(a *goldenAnswer) any) {
	t.Helper()
	golden := readGolden(t, path)
	inputs := logged
	known := map[string]bool{}
	for _, g := range golden {
		if g.In == "" && !known[g.key()] {
			inputs, known[g.key()] = append(inputs, literal(g.Texts)), true
		}
	}
	for _, texts := range extra {
		if a := literal(texts); !known[a.key()] {
			inputs, known[a.key()] = append(inputs, a), true
		}
	}
	for i := range inputs {
		b, err := json.Marshal(answer(&inputs[i]))
		if err != nil {
			t.Fatal(err)
		}
		inputs[i].Answer = b
	}
	if *update {
		writeGolden(t, path, inputs)
		return
	}
	if len(inputs) != len(golden) {
		t.Fatalf("%d inputs, %d answers in %s: new inputs? (go test ./audit -update, then read the diff)", len(inputs), len(golden), path)
	}
	for i, in := range inputs {
		g := golden[i]
		switch {
		case g.key() != in.key() || g.Hash != in.Hash:
			t.Fatalf("%s, line %d: input %s %s %.60q, now %s %s %.60q: the logs changed? (-update, then read the diff)",
				path, i+1, g.In, g.Hash, g.Texts, in.In, in.Hash, in.Texts)
		case !bytes.Equal(g.Answer, in.Answer):
			t.Errorf("%s, line %d (%s%.80q):\n got %s\nwant %s", path, i+1, in.In, in.Texts, in.Answer, g.Answer)
		}
	}
}

func readGolden(t testing.TB, path string) []goldenAnswer {
	t.Helper()
	f, err := os.Open(path)
	if os.IsNotExist(err) && *update {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []goldenAnswer
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var g goldenAnswer
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatalf("%s:%d: %v", path, len(out)+1, err)
		}
		for _, q := range g.Quoted {
			text, err := strconv.Unquote(q)
			if err != nil {
				t.Fatalf("%s:%d: %v", path, len(out)+1, err)
			}
			g.Texts = append(g.Texts, text)
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func writeGolden(t *testing.T, path string, answers []goldenAnswer) {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, a := range answers {
		a.Quoted = nil
		for _, text := range a.Texts {
			a.Quoted = append(a.Quoted, strconv.Quote(text))
		}
		if err := enc.Encode(a); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// goldenTexts are the literal inputs of a golden file, as fuzz seeds.
func goldenTexts(f *testing.F, path string) [][]string {
	var out [][]string
	for _, g := range readGolden(f, path) {
		if g.In == "" {
			out = append(out, g.Texts)
		}
	}
	if len(out) == 0 {
		f.Fatalf("no literal texts in %s", path)
	}
	return out
}

// shortHash is 8 hex digits of FNV-1a: enough to tell a changed text.
func shortHash(s string) string {
	h := fnv.New32a()
	h.Write([]byte(s))
	return fmt.Sprintf("%08x", h.Sum32())
}
