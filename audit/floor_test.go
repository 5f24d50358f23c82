package audit

import (
	"context"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// A floor is checked on chunk scores: an answer whose chunks carry none
// is neither below the floor nor above it, but counted as not checked.
func TestAFloorWithoutScoresIsNotChecked(t *testing.T) {
	unscored := readers.Chunk{ID: "1", Text: refundChunk}
	cases := []struct {
		name      string
		rec       *readers.Record
		status    string
		unchecked bool
	}{
		{"chunks without scores leave the floor unchecked",
			record("Refunds are accepted within 30 days of delivery [1].", unscored), Answered, true},
		{"one scored chunk is enough to check the floor",
			record("Refunds are accepted within 30 days of delivery [1].", unscored, readers.Chunk{ID: "2", Text: "x", Score: score(0.9)}), Answered, false},
		{"a scored chunk under the floor is below it",
			record("Refunds are accepted within 30 days of delivery [1].", readers.Chunk{ID: "1", Text: refundChunk, Score: score(0.2)}), AnsweredBelowFloor, false},
		{"nothing retrieved is below any floor, not unchecked",
			record("Refunds are accepted within 30 days of delivery."), AnsweredBelowFloor, false},
		{"an honest refusal is not held to the floor",
			record("I do not have a confident source for this.", unscored), Refusal, false},
		{"thanks and a greeting alone over nothing retrieved answer nothing",
			record("Gern geschehen! Einen schönen Abend noch."), Answered, false},
		{"a claim after thanks over nothing retrieved is below the floor",
			record("Gern geschehen! Die Rücksendung ist innerhalb von 30 Tagen kostenlos."), AnsweredBelowFloor, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := testAuditor.Audit(context.Background(), tc.rec) // --min-score 0.5
			if err != nil {
				t.Fatal(err)
			}
			a := res.Answers[0]
			if a.Status != tc.status || (a.FloorUnchecked != "") != tc.unchecked {
				t.Fatalf("status %s, floor unchecked %q; want %s, unchecked %v", a.Status, a.FloorUnchecked, tc.status, tc.unchecked)
			}
			tally := NewTally()
			tally.Add(&res)
			if n := tally.Counts().FloorNotChecked; (n == 1) != tc.unchecked {
				t.Errorf("answers_floor_not_checked %d", n)
			}
		})
	}
	plain := DefaultConfig() // no floor: nothing to check
	if r := plain.FloorUnchecked("acme", []readers.Chunk{unscored}); r != "" {
		t.Errorf("without a floor: %q", r)
	}
}
