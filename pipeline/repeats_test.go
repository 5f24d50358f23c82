package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// turn is one question and its cited answer over one chunk.
type turn struct{ q, a, chunk string }

// snapshot is a record holding the conversation's first n turns, as an
// app that logs the whole conversation after every turn writes it.
func snapshot(id, ts string, turns []turn, n int) string {
	return snapshotKeeping(id, ts, turns, n, 1)
}

// snapshotKeeping is snapshot with the retrieval of the turns before the
// keep-th (from 1) left out, as some apps log it.
func snapshotKeeping(id, ts string, turns []turn, n, keep int) string {
	var msgs []string
	for i, t := range turns[:n] {
		retrieval := fmt.Sprintf(`,"retrieval":[{"id":"1","text":%q,"score":0.8}]`, t.chunk)
		if i+1 < keep {
			retrieval = ""
		}
		msgs = append(msgs, fmt.Sprintf(`{"role":"user","content":%q}`, t.q),
			fmt.Sprintf(`{"role":"assistant","content":%q%s}`, t.a, retrieval))
	}
	tsField := ""
	if ts != "" {
		tsField = fmt.Sprintf(`"timestamp":%q,`, ts)
	}
	return fmt.Sprintf(`{"conversation_id":%q,%s"messages":[%s]}`, id, tsField, strings.Join(msgs, ",")) + "\n"
}

var threeTurns = []turn{
	{"What does Pro cost?", "Pro costs € 19.00 a month [1].", "Pro costs € 29.00 a month."},
	{"And delivery?", "Delivery takes one to two working days [1].", "Delivery takes one to two working days."},
	{"Returns?", "Returns are accepted within 30 days [1].", "Returns are accepted within 30 days."},
}

// A log that records the whole conversation after every turn counts and
// audits each answer once, in the first record that holds it, and says
// how many it recognised; an answer that differs, or another conversation
// under the same id, is audited again.
func TestAnswersRepeatedInLaterRecordsAreAuditedOnce(t *testing.T) {
	changed := append([]turn{{threeTurns[0].q, "Pro costs € 29.00 a month [1].", threeTurns[0].chunk}}, threeTurns[1:]...)
	other := append([]turn{{"Hello?", threeTurns[0].a, threeTurns[0].chunk}}, threeTurns[1:]...)
	// tooLong's record is skipped (more than audit.MaxSentences sentences)
	// after its first answer was taken by the next records for its own.
	tooLong := []turn{threeTurns[0], {threeTurns[1].q, strings.Repeat("Delivery takes one to two working days [1]. ", audit.MaxSentences+1), threeTurns[1].chunk}}
	cases := []struct {
		name     string
		files    [][]string // records per file
		last     int
		answers  int
		repeated int
	}{
		{name: "a conversation logged after every turn counts each answer once",
			files:   [][]string{{snapshot("c", "2026-05-08T10:00:00Z", threeTurns, 1), snapshot("c", "2026-05-08T10:01:00Z", threeTurns, 2), snapshot("c", "2026-05-08T10:02:00Z", threeTurns, 3)}},
			answers: 3, repeated: 3},
		{name: "snapshots without a time are recognised too",
			files:   [][]string{{snapshot("c", "", threeTurns, 1), snapshot("c", "", threeTurns, 2)}},
			answers: 2, repeated: 1},
		{name: "an answer re-logged with its retrieval dropped is that answer again",
			files:   [][]string{{snapshotKeeping("c", "2026-05-08T10:00:00Z", threeTurns, 1, 1), snapshotKeeping("c", "2026-05-08T10:01:00Z", threeTurns, 2, 2), snapshotKeeping("c", "2026-05-08T10:02:00Z", threeTurns, 3, 3)}},
			answers: 3, repeated: 3},
		{name: "an answer first logged without retrieval is audited again when a later record has it",
			files:   [][]string{{snapshotKeeping("c", "2026-05-08T10:00:00Z", threeTurns, 1, 2), snapshot("c", "2026-05-08T10:01:00Z", threeTurns, 2)}},
			answers: 3, repeated: 0},
		{name: "an answer re-logged without retrieval after a changed one is audited again",
			files:   [][]string{{snapshot("c", "2026-05-08T10:00:00Z", threeTurns, 2), snapshotKeeping("c", "2026-05-08T10:01:00Z", changed, 3, 3)}},
			answers: 5, repeated: 0},
		{name: "an earlier answer changed in a later record is audited again, and what follows it",
			files:   [][]string{{snapshot("c", "2026-05-08T10:00:00Z", threeTurns, 1), snapshot("c", "2026-05-08T10:01:00Z", changed, 2)}},
			answers: 3, repeated: 0},
		{name: "a conversation id reused for another conversation is no repeat",
			files:   [][]string{{snapshot("c", "2026-05-08T10:00:00Z", threeTurns, 2), snapshot("c", "2026-05-09T10:00:00Z", other, 2)}},
			answers: 4, repeated: 0},
		{name: "the same answers in another conversation are audited in each",
			files:   [][]string{{snapshot("c", "2026-05-08T10:00:00Z", threeTurns, 2), snapshot("d", "2026-05-08T10:00:00Z", threeTurns, 2)}},
			answers: 4, repeated: 0},
		{name: "in two files, as duplicate records, each file is audited on its own",
			files:   [][]string{{snapshot("c", "2026-05-08T10:00:00Z", threeTurns, 1)}, {snapshot("c", "2026-05-08T10:01:00Z", threeTurns, 2)}},
			answers: 3, repeated: 0},
		{name: "an answer a skipped record held is audited in the next record that holds it",
			files:   [][]string{{snapshot("c", "2026-05-08T10:00:00Z", tooLong, 2), snapshot("c", "2026-05-08T10:01:00Z", threeTurns, 2), snapshot("c", "2026-05-08T10:02:00Z", threeTurns, 3)}},
			answers: 3, repeated: 2},
		{name: "with --last, an answer a skipped record held is audited in the next record that holds it",
			files: [][]string{{snapshot("c", "2026-05-08T10:00:00Z", tooLong, 2)}, {snapshot("c", "2026-05-08T10:01:00Z", threeTurns, 2)}},
			last:  10, answers: 2, repeated: 0},
		{name: "with --last, the records chosen from every file are one unit",
			files: [][]string{{snapshot("c", "2026-05-08T10:00:00Z", threeTurns, 1)}, {snapshot("c", "2026-05-08T10:01:00Z", threeTurns, 2)}},
			last:  10, answers: 2, repeated: 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			paths := writeLogs(t, tc.files)
			var findings [2]string
			for i, workers := range []int{1, 4} {
				var all Collect
				o := Options{Files: paths, Last: tc.last, Workers: workers, Audit: audit.DefaultConfig(), Embed: Embedding{Kind: EmbedNone}}
				out, err := Run(context.Background(), o, &all)
				if err != nil {
					t.Fatal(err)
				}
				c := out.Tally.Counts()
				if c.Answers != tc.answers || c.RepeatedAnswers != tc.repeated {
					t.Errorf("%d workers: %d answers, %d repeated; want %d and %d", workers, c.Answers, c.RepeatedAnswers, tc.answers, tc.repeated)
				}
				if c.Messages != 2*tc.answers {
					t.Errorf("%d workers: %d messages, want the %d of the answers counted and their questions", workers, c.Messages, 2*tc.answers)
				}
				b, _ := json.Marshal(all.Findings)
				findings[i] = string(b)
			}
			if findings[0] != findings[1] {
				t.Error("the findings differ between 1 and 4 workers")
			}
		})
	}
}

// writeLogs writes each file's records to a log of its own.
func writeLogs(t *testing.T, files [][]string) []string {
	t.Helper()
	var paths []string
	for i, recs := range files {
		p := filepath.Join(t.TempDir(), fmt.Sprintf("log%d.jsonl", i))
		if err := os.WriteFile(p, []byte(strings.Join(recs, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}
