package review

import (
	"bytes"
	"crypto/rand"
	_ "embed"
	"encoding/base64"
	"html/template"
	"net/http"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/report"
)

//go:embed review.html.tmpl
var pageTemplate string

var pageTmpl = template.Must(template.New("review").Funcs(template.FuncMap{
	"deref": func(p *float64) float64 { return *p },
}).Parse(pageTemplate))

// segment is a run of text and how it is marked.
type segment struct {
	Text  string
	Class string
}

type pageData struct {
	Token        string
	Nonce        string
	Index        int // -1: every item is labelled
	Number       int // 1-based
	Total, Done  int
	Label        string // the item's label in force
	Reviewer     string
	LabelFile    string
	Item         Item
	View         *View
	Question     string
	Answer       []segment
	Chunk        []segment
	Others       []Chunk
	ShowVerdict  bool
	Keys         []key
	HasQuestion  bool
	ChunkMissing bool
}

type key struct{ Key, Label, Name string }

// keys are the judgments, in the order of the page's buttons.
var keys = []key{{"1", "supported", "supported"}, {"2", "partial", "partial"}, {"3", "unsupported", "unsupported"},
	{"0", "cannot_judge", "cannot judge"}}

// render writes the page of item i (-1: the end).
func (s *Server) render(w http.ResponseWriter, i int) error {
	nonce := make([]byte, 16)
	rand.Read(nonce)
	d := pageData{Token: s.token, Nonce: base64.StdEncoding.EncodeToString(nonce), Index: i, Number: i + 1,
		Total: len(s.Sample), Done: s.Labels.Done(), Reviewer: s.Reviewer, ShowVerdict: s.ShowVerdict, Keys: keys, LabelFile: s.Labels.path}
	if i >= 0 {
		v := s.Views[i]
		d.Item, d.View, d.Label = s.Sample[i], v, s.Labels.Label(i)
		d.Question, d.HasQuestion = visible(v.Question), v.Question != ""
		d.Answer = marked(v.Answer, v.SentenceStart, v.SentenceEnd, "sentence")
		d.Chunk = marked(v.Chunk.Text, v.WindowStart, v.WindowEnd, "window")
		d.ChunkMissing = v.Chunk.Text == ""
		for _, o := range v.Others {
			d.Others = append(d.Others, Chunk{ID: visible(o.ID), Source: visible(o.Source), Text: visible(o.Text)})
		}
	}
	var b bytes.Buffer
	if err := pageTmpl.Execute(&b, d); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-"+d.Nonce+"'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
	_, err := w.Write(b.Bytes())
	return err
}

// marked splits text into the part before span [from, to) (code points),
// the span, marked with class, and the rest. Text from the logs is shown
// with its control and invisible characters as escapes.
func marked(text string, from, to int, class string) []segment {
	a, b := byteAt(text, from), byteAt(text, to)
	if b < a {
		a, b = 0, 0
	}
	segs := []segment{{Text: visible(text[:a])}}
	if b > a {
		segs = append(segs, segment{Text: visible(text[a:b]), Class: class})
	}
	return append(segs, segment{Text: visible(text[b:])})
}

// byteAt is the byte offset of the n-th code point (clamped).
func byteAt(s string, n int) int {
	if n <= 0 {
		return 0
	}
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	if n == 0 || utf8.RuneCountInString(s) <= n {
		return len(s)
	}
	return len(s)
}

func visible(s string) string { return report.PrintableText(s) }
