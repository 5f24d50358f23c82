package report

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

func TestSafeCell(t *testing.T) {
	cases := map[string]string{
		"=HYPERLINK(\"x\")":   "'=HYPERLINK(\"x\")",
		"+SUM(1,2)":           "'+SUM(1,2)",
		"-2+3":                "'-2+3",
		"@cmd":                "'@cmd",
		"\tx":                 "'\tx",
		"\rx":                 "'\rx",
		" =1+1":               "' =1+1",
		"\u00a0=1+1":          "'\u00a0=1+1",
		"\ufeff=1+1":          "'\ufeff=1+1",
		"\n=1+1":              "'\n=1+1",
		"\"=1+1":              "'\"=1+1",
		"＝1+1":                "'＝1+1",
		"Refunds [1].":        "Refunds [1].",
		"  Refunds - 30 days": "  Refunds - 30 days",
		"":                    "",
	}
	for in, want := range cases {
		if got := SafeCell(in); got != want {
			t.Errorf("SafeCell(%q) = %q, want %q", in, got, want)
		}
	}
}

// An atomic file appears under its name only when committed, with the
// umask's mode, or the mode of the file it replaces.
func TestAtomicFileAppearsOnlyOnCommit(t *testing.T) {
	defer syscall.Umask(syscall.Umask(0o027))
	dir := t.TempDir()
	target := filepath.Join(dir, "summary.json")
	f, err := CreateAtomic(target)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("{}")
	if _, err := os.Stat(target); !os.IsNotExist(err) {
		t.Fatal("target exists before commit")
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(target)
	if err != nil || info.Mode().Perm() != 0o640 {
		t.Fatalf("after commit: %v, mode %v (umask 027)", err, info.Mode())
	}
	os.Chmod(target, 0o600)
	f, _ = CreateAtomic(target)
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(target); info.Mode().Perm() != 0o600 {
		t.Errorf("replacing a 600 file gave mode %v", info.Mode())
	}
	g, _ := CreateAtomic(filepath.Join(dir, "other.json"))
	g.WriteString("partial")
	g.Abort()
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("abort left files: %v", entries)
	}
}

func TestEstimatedConversationCountSaysAbout(t *testing.T) {
	for _, estimated := range []bool{false, true} {
		s := &Summary{Counts: audit.Counts{Conversations: 1000000, ConversationsEstimated: estimated}}
		var b strings.Builder
		if err := WriteText(&b, s); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), "Audited: about 1000000 conversations"); got != estimated {
			t.Errorf("estimated=%v: text %q", estimated, b.String())
		}
	}
}

// The Languages line names the languages answers were read in, most
// first, and stays out of an English-only summary.
func TestAnswerLanguages(t *testing.T) {
	for _, tc := range []struct {
		name string
		by   map[string]int
		want string
	}{
		{"no answers make no line", nil, ""},
		{"English alone makes no line", map[string]int{"en": 12}, ""},
		{"a supported language is named", map[string]int{"de": 3}, "German 3 answers"},
		{"a language told by its script is named too", map[string]int{"en": 2, "nl": 9, "ja": 1}, "Dutch 9, English 2, Japanese 1 answers"},
		{"every language is named, none by its code", map[string]int{"nl": 6, "en": 4, "it": 2, "pl": 1}, "Dutch 6, English 4, Italian 2, Polish 1 answers"},
		{"an unknown code stands for itself", map[string]int{"nl": 1, "xx": 1}, "Dutch 1, xx 1 answers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := answerLanguages(tc.by); got != tc.want {
				t.Errorf("answerLanguages(%v) = %q, want %q", tc.by, got, tc.want)
			}
		})
	}
}

// The summary says how many answers later records of their conversation
// repeated, and that they were audited once.
func TestRepeatedAnswersAreSaid(t *testing.T) {
	cases := []struct {
		name     string
		repeated int
		want     bool
	}{
		{"answers repeated by later records are said", 3, true},
		{"nothing is said when none were", 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := Summary{Bar: 0.9, Counts: audit.Counts{RecordsRead: 3, RecordsAudited: 3, Conversations: 1, Answers: 3, RepeatedAnswers: tc.repeated}}
			s.Decide()
			var b strings.Builder
			if err := WriteText(&b, &s); err != nil {
				t.Fatal(err)
			}
			said := strings.Contains(b.String(), "Audited: 1 conversations, 3 answers, 0 sentences (0 cited); 3 answers repeated in later records of their conversation, audited once\n")
			if said != tc.want {
				t.Errorf("said %v, want %v:\n%s", said, tc.want, b.String())
			}
		})
	}
}

// Each shape of marker-shaped text not read as a citation has a note that
// says what it is and why, in its own words: a source label naming no
// chunk is not "beside other markers".
func TestEachUnreadShapeHasItsOwnNote(t *testing.T) {
	cases := []struct {
		name, shape string
		want        []string
	}{
		{"numbers in parentheses are enumerations beside other markers, or past the chunks", "(n)",
			[]string{"numbers in parentheses such as `(1)`", "beside other markers", "past the chunks retrieved"}},
		{"lenticular brackets name no chunk", "【…】", []string{"neither a file-search citation", "nor a retrieved chunk's id"}},
		{"a bracketed source label names no chunk", "[source: …]",
			[]string{"source labels in brackets such as `[Quelle: Handbuch]`", "neither a retrieved chunk's id or source nor shaped like an id", "log each chunk's source"}},
		{"a source label in parentheses is a name", "(source: …)",
			[]string{"source labels in parentheses such as `(Quelle: Handbuch)`", "a name, not a chunk's number or an id", "may be prose"}},
		{"a link among chunks with no URL cannot be matched to a chunk", "[…](url)",
			[]string{"no chunk they were given carries a URL", "read as a citation by its text only", "log each chunk's URL"}},
		{"a prose link to a page not retrieved is counted", "[text](url)", []string{"links in prose", "no chunk was retrieved from"}},
		{"a footnote naming a file among chunks with no source cannot be matched", "[^n]: name",
			[]string{"footnote definitions that name a file", "no chunk they were given carries a source name", "read as written"}},
		{"numbers in braces may be a template's placeholders", "{n}", []string{"numbers in braces such as `{2}`", "placeholder"}},
		{"a file name in parentheses may be prose", "(faq.md)", []string{"file names in parentheses such as `(prijzen.md)`", "may be prose"}},
		{"a source word inside an aside may be prose", "(… source n)", []string{"source words inside an aside such as `(zie bron 2)`", "does not open the parentheses"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := Summary{Counts: audit.Counts{UnreadMarkers: map[string]int{tc.shape: 2}}}
			notes := s.Notes()
			if len(notes) != 1 || !strings.HasPrefix(notes[0], "2 answer(s) contain ") {
				t.Fatalf("notes %q", notes)
			}
			for _, w := range tc.want {
				if !strings.Contains(notes[0], w) {
					t.Errorf("the note does not say %q: %s", w, notes[0])
				}
			}
			if tc.shape != "(n)" && strings.Contains(notes[0], "beside other markers") {
				t.Errorf("the note gives (n)'s reason: %s", notes[0])
			}
		})
	}
}
