package readers

import (
	"testing"
	"time"
)

func TestLatestKeepsTheNMostRecentOldestFirst(t *testing.T) {
	base := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	l := NewLatest(3)
	// Days out of order; two records share day 5 (the later one in the file wins).
	days := []int{4, 1, 5, 9, 2, 5, 7}
	dropped := 0
	for i, d := range days {
		if l.Offer(Record{ConversationID: string(rune('a' + i)), Timestamp: base.AddDate(0, 0, d), Seq: i}) {
			dropped++
		}
	}
	got := l.Records()
	var ids string
	for _, r := range got {
		ids += r.ConversationID
	}
	if ids != "fgd" { // day 5 (seq 5), day 7, day 9
		t.Errorf("kept %q, want fgd", ids)
	}
	if dropped != len(days)-3 {
		t.Errorf("dropped %d, want %d", dropped, len(days)-3)
	}
}
