package audit

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// The tables refuse what go/analysis's validate refuses of analyzers: a
// check that reads what no earlier check writes, an undocumented one, and
// the like for signals and reasons.
func TestValidateRefusesBrokenTables(t *testing.T) {
	noop := func(*claim, *evidence, *measures) {}
	words := Check{Name: "words", Doc: "counts words", Writes: []string{"words"}, run: noop}
	share := Check{Name: "share", Doc: "reads the words", Reads: []string{"words"}, Writes: []string{"token_overlap"}, run: noop}
	ctx := Check{Name: "context", Doc: "the claim's context", Reads: []string{"words"}, Writes: []string{"sentence_min"}}
	sig := Signal{Name: "length", Doc: "words", reads: []string{"words"}, value: func(*measures) float64 { return 0 }}
	reason := Reason{Code: "low", Verdict: Unsupported, Label: "low", Doc: "low"}
	with := func(c Check, f func(*Check)) Check { f(&c); return c }
	cases := []struct {
		name    string
		checks  []Check
		signals []Signal
		reasons []Reason
		want    string // "" when valid
	}{
		{"the shipped tables are valid", Checks, Signals, Reasons, ""},
		{"checks in the order of what they read are valid", []Check{words, share}, []Signal{sig}, []Reason{reason}, ""},
		{"a check that reads what only a later check writes is refused",
			[]Check{share, words}, []Signal{sig}, []Reason{reason}, `check share reads "words", which no earlier check writes`},
		{"a check that reads what no check writes is refused",
			[]Check{with(share, func(c *Check) { c.Reads = []string{"nothing"} })}, nil, nil, `reads "nothing"`},
		{"an undocumented check is refused",
			[]Check{with(words, func(c *Check) { c.Doc = " " })}, nil, nil, "check words is not documented"},
		{"a check documented on two lines is refused",
			[]Check{with(words, func(c *Check) { c.Doc = "counts\nwords" })}, nil, nil, "the doc is one line"},
		{"an unnamed check is refused", []Check{with(words, func(c *Check) { c.Name = "" })}, nil, nil, "has no name"},
		{"a check that writes nothing is refused",
			[]Check{with(words, func(c *Check) { c.Writes = nil })}, nil, nil, "writes nothing"},
		{"two checks writing one measure are refused",
			[]Check{words, with(share, func(c *Check) { c.Writes = []string{"words"} })}, nil, nil, `both write "words"`},
		{"a signal made of what no check writes is refused",
			[]Check{words}, []Signal{{Name: "x", Doc: "x", reads: []string{"ngram_sim"}, value: sig.value}}, nil, `signal x reads "ngram_sim"`},
		{"an undocumented signal is refused", []Check{words}, []Signal{{Name: "x", reads: sig.reads, value: sig.value}}, nil, "signal x is not documented"},
		{"a signal listed twice is refused", []Check{words}, []Signal{sig, sig}, nil, "in the table twice"},
		{"a decisive signal without words for people is refused",
			[]Check{words}, []Signal{{Name: "x", Doc: "x", Decisive: true, reads: sig.reads, value: sig.value}}, nil, "decisive signal x"},
		{"a supportive decisive signal is refused",
			[]Check{words}, []Signal{{Name: "x", Doc: "x", Decisive: true, Supportive: true, Reason: Reason{Label: "x", Says: "x"}, reads: sig.reads, value: sig.value}},
			nil, "decisive signal x"},
		{"an undocumented reason is refused", []Check{words}, nil, []Reason{{Code: "r", Verdict: Unsupported, Label: "r"}}, "reason r is not documented"},
		{"a reason listed twice is refused", []Check{words}, nil, []Reason{reason, reason}, "reason low"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := validate(tc.checks, ctx, tc.signals, tc.reasons)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// Each check reads only what it declares and writes only what it
// declares, and each signal is made only of the measures it declares: on
// every pair of the bundled real logs and the contrast set (each cited
// claim against each chunk of its answer, with the built-in embedder), changing every other
// measure changes nothing they give.
func TestChecksAndSignalsReadOnlyWhatTheyDeclare(t *testing.T) {
	pairs, wrote := 0, map[string]bool{}
	eachRealPair(t, func(c *claim, ev *evidence) {
		pairs++
		var m measures
		for _, ch := range Checks {
			want := m
			ch.run(c, ev, &want)
			for _, name := range ch.Writes {
				if !reflect.DeepEqual(measureFields(&m, name), measureFields(&want, name)) {
					wrote[ch.Name+" "+name] = true
				}
			}
			for _, high := range []bool{false, true} {
				changed := m
				perturb(&changed, ev, high, slices.Concat(ch.Reads, ch.Writes))
				after := changed
				ch.run(c, ev, &after)
				for _, name := range measureNames() {
					switch w, got := measureFields(&want, name), measureFields(&after, name); {
					case slices.Contains(ch.Writes, name) && !reflect.DeepEqual(got, w):
						t.Fatalf("check %s reads what it does not declare: %s is %v, %v with the others changed", ch.Name, name, w, got)
					case !slices.Contains(ch.Writes, name) && !reflect.DeepEqual(got, measureFields(&changed, name)):
						t.Fatalf("check %s writes %s, which it does not declare", ch.Name, name)
					}
				}
			}
			m = want
		}
		lo := [2]float64{0.1, 0.2}
		m.SentenceMin = &lo
		for _, s := range Signals {
			for _, high := range []bool{false, true} {
				changed := m
				perturb(&changed, ev, high, s.reads)
				if got, want := s.value(&changed), s.value(&m); got != want {
					t.Fatalf("signal %s reads a measure it does not declare: %v, %v with the others changed", s.Name, want, got)
				}
				if s.measured != nil && s.measured(&changed) != s.measured(&m) {
					t.Fatalf("signal %s is reported on a measure it does not declare", s.Name)
				}
			}
		}
	})
	if pairs < 1000 {
		t.Fatalf("only %d pairs measured", pairs)
	}
	t.Logf("%d pairs", pairs)
	for _, ch := range Checks {
		for _, name := range ch.Writes {
			if !wrote[ch.Name+" "+name] {
				t.Errorf("check %s never wrote %s on %d pairs: the test does not test it", ch.Name, name, pairs)
			}
		}
	}
}

// eachRealPair calls f with every cited claim of the bundled real logs and
// of the contrast set (where negations flip and names swap) and every
// auditable chunk of its answer, embedded as the audit embeds them.
func eachRealPair(t *testing.T, f func(c *claim, ev *evidence)) {
	a := testAuditor
	for _, path := range append(slices.Clone(realLogs), filepath.Join("..", "testdata", "contrast", "contrast.jsonl")) {
		for rec, err := range readers.JSONL(path, readers.Options{}, nil) {
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			for _, msg := range rec.Messages {
				wc := a.newWordCache()
				var claims []*claim
				for _, s := range a.splitters.en.splitAnswer(msg.Content, nil) {
					if len(s.Markers) > 0 {
						c := a.claimOf(s, wc, english)
						claims = append(claims, &c)
					}
				}
				var evs []*evidence
				for _, ch := range msg.Retrieval {
					if auditable(ch) {
						evs = append(evs, newEvidence(ch.Text, wc, english))
					}
				}
				if err := a.embed(context.Background(), claims, evs); err != nil {
					t.Fatal(err)
				}
				for _, c := range claims {
					for _, ev := range evs {
						f(c, ev)
					}
				}
			}
		}
	}
}

// measureNames are the names of the measures (their fields' tags).
func measureNames() []string {
	var out []string
	rt := reflect.TypeFor[measures]()
	for i := range rt.NumField() {
		if n := rt.Field(i).Tag.Get("measure"); !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// measureFields are the values of the fields of a measure.
func measureFields(m *measures, name string) []any {
	var out []any
	rv := reflect.ValueOf(m).Elem()
	for i := range rv.NumField() {
		if rv.Type().Field(i).Tag.Get("measure") == name {
			out = append(out, rv.Field(i).Interface())
		}
	}
	return out
}

// perturb sets every measure but those kept to a value far from what a
// pair has: the lowest (high false) or the highest a check could act on.
// The window measures are set together, to a window of ev.
func perturb(m *measures, ev *evidence, high bool, keep []string) {
	rv := reflect.ValueOf(m).Elem()
	for i := range rv.NumField() {
		name := rv.Type().Field(i).Tag.Get("measure")
		if slices.Contains(keep, name) {
			continue
		}
		switch f := rv.Field(i); f.Kind() {
		case reflect.Float64:
			f.SetFloat(map[bool]float64{false: -1, true: 0.99}[high])
		case reflect.Int:
			f.SetInt(map[bool]int64{false: 0, true: 1000}[high])
		case reflect.Bool:
			f.SetBool(high)
		case reflect.Slice:
			f.Set(reflect.ValueOf(map[bool][]string{false: nil, true: {"perturbed"}}[high]))
		case reflect.Pointer:
			if name == "sentence_min" {
				f.Set(reflect.ValueOf(map[bool]*[2]float64{false: nil, true: {0.98, 0.97}}[high]))
			}
		}
	}
	if !slices.Contains(keep, "window") {
		m.Window, m.Span, m.SpanText, m.SpanShown = nil, [2]int{}, "", ""
		if high && len(ev.windows) > 0 {
			w := &ev.windows[len(ev.windows)-1]
			m.Window, m.Span, m.SpanText, m.SpanShown = w, [2]int{w.start, w.end}, ev.texts[len(ev.windows)-1], ev.shown(len(ev.windows)-1)
		}
	}
}
