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
		dropped += l.Offer(Record{ConversationID: string(rune('a' + i)), Timestamp: base.AddDate(0, 0, d), Seq: i})
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

// TestLatestCountsConversations: in the flat form a conversation is one
// record per turn; --last N keeps N conversations with their turns, and
// every dropped turn is counted.
func TestLatestCountsConversations(t *testing.T) {
	base := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		turns string // conversation id of each turn, one day apart
		want  string
	}{
		{"turns together", "aabbcc", "bbcc"},
		{"two interleaved", "ababcc", "bbcc"},
		// A conversation that drops out of the n most recent and resumes
		// comes back with its later turns only (one pass, bounded memory).
		{"resumed", "abcab", "ab"},
		{"more interleaved than n", "abcabc", "bc"},
	} {
		l := NewLatest(2)
		dropped := 0
		for i, id := range tc.turns {
			dropped += l.Offer(Record{ConversationID: string(id), Timestamp: base.AddDate(0, 0, i), Seq: i})
		}
		var ids string
		for _, r := range l.Records() {
			ids += r.ConversationID
		}
		if ids != tc.want {
			t.Errorf("%s: kept %q, want %q", tc.name, ids, tc.want)
		}
		if len(ids)+dropped != len(tc.turns) {
			t.Errorf("%s: kept %d + dropped %d != %d offered", tc.name, len(ids), dropped, len(tc.turns))
		}
	}
}
