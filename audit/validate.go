package audit

import (
	"fmt"
	"strings"
)

// validate checks the tables the verdict is made from, as go/analysis's
// validate.go checks analyzers: every check is named and documented in one
// line, reads only what an earlier check writes, and writes what no other
// check writes; every signal is documented and made from measures some
// check writes (after, the sentence context's); a decisive signal is not
// supportive and says why in words; reason codes are distinct. It runs
// once, when the package is loaded: a table that fails it is a bug.
func validate(checks []Check, context Check, signals []Signal, reasons []Reason) error {
	written := map[string]string{} // measure → the check that writes it
	for _, ch := range append(checks[:len(checks):len(checks)], context) {
		if err := documented("check", ch.Name, ch.Doc); err != nil {
			return err
		}
		for _, m := range ch.Reads {
			if _, ok := written[m]; !ok {
				return fmt.Errorf("check %s reads %q, which no earlier check writes", ch.Name, m)
			}
		}
		if len(ch.Writes) == 0 {
			return fmt.Errorf("check %s writes nothing", ch.Name)
		}
		for _, m := range ch.Writes {
			if by, ok := written[m]; ok {
				return fmt.Errorf("checks %s and %s both write %q", by, ch.Name, m)
			}
			written[m] = ch.Name
		}
	}
	names := map[string]bool{}
	for _, s := range signals {
		if err := documented("signal", s.Name, s.Doc); err != nil {
			return err
		}
		if names[s.Name] {
			return fmt.Errorf("signal %s is in the table twice", s.Name)
		}
		names[s.Name] = true
		if s.value == nil || len(s.reads) == 0 {
			return fmt.Errorf("signal %s has no value or reads no measure", s.Name)
		}
		for _, m := range s.reads {
			if _, ok := written[m]; !ok {
				return fmt.Errorf("signal %s reads %q, which no check writes", s.Name, m)
			}
		}
		if s.Decisive && (s.Supportive || s.Reason.Label == "" || s.Reason.Says == "") {
			return fmt.Errorf("decisive signal %s: it measures disagreement and needs a reason's label and words", s.Name)
		}
	}
	codes := map[string]bool{}
	for _, r := range reasons {
		if err := documented("reason", r.Code, r.Doc); err != nil {
			return err
		}
		if codes[r.Code] || r.Label == "" || r.Verdict == "" {
			return fmt.Errorf("reason %s: listed twice, or without a label or verdict", r.Code)
		}
		codes[r.Code] = true
	}
	return nil
}

// documented refuses an unnamed or undocumented row, or a doc of more
// than one line.
func documented(what, name, doc string) error {
	switch {
	case name == "":
		return fmt.Errorf("a %s has no name", what)
	case strings.TrimSpace(doc) == "":
		return fmt.Errorf("%s %s is not documented", what, name)
	case strings.Contains(doc, "\n"):
		return fmt.Errorf("%s %s: the doc is one line", what, name)
	}
	return nil
}

func init() {
	if err := validate(Checks, sentenceContext, Signals, Reasons); err != nil {
		panic("audit: " + err.Error())
	}
}
