package pipeline

import (
	"hash/maphash"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/readers"
)

// Records that differ in anything the audit reads are not copies of each
// other, and no arrangement of field contents makes two records alike.
func TestRecordHashTellsRecordsApart(t *testing.T) {
	score := 0.5
	base := func() *readers.Record {
		return &readers.Record{ConversationID: "c", Tenant: "a", Agent: "b", Timestamp: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC),
			Messages: []readers.Message{{Role: "assistant", Content: "Refunds take 30 days [1].",
				Retrieval: []readers.Chunk{{ID: "1", Source: "kb", Text: "Refunds take 30 days.", Status: readers.TextFull, Score: &score}},
				Citations: []readers.Citation{{Start: 0, End: 25, ChunkIDs: []string{"1"}}}}}}
	}
	other := 0.7
	for name, change := range map[string]func(r *readers.Record){
		"text status":     func(r *readers.Record) { r.Messages[0].Retrieval[0].Status = readers.TextRedacted },
		"score":           func(r *readers.Record) { r.Messages[0].Retrieval[0].Score = &other },
		"no score":        func(r *readers.Record) { r.Messages[0].Retrieval[0].Score = nil },
		"source":          func(r *readers.Record) { r.Messages[0].Retrieval[0].Source = "kb2" },
		"chunk embedding": func(r *readers.Record) { r.Messages[0].Retrieval[0].Embedding = []float32{1} },
		"citation span":   func(r *readers.Record) { r.Messages[0].Citations[0].End = 24 },
		"citation chunk":  func(r *readers.Record) { r.Messages[0].Citations[0].ChunkIDs = []string{"2"} },
		"no citations":    func(r *readers.Record) { r.Messages[0].Citations = nil },
		"NUL in a field":  func(r *readers.Record) { r.Tenant, r.Agent = "a\x00b", "" },
		"fields shifted":  func(r *readers.Record) { r.Tenant, r.Agent = "", "a\x00b" },
	} {
		seed := maphash.MakeSeed()
		r := base()
		change(r)
		if recordHash(seed, base()) == recordHash(seed, r) {
			t.Errorf("%s: same hash as the base record", name)
		}
	}
	seed := maphash.MakeSeed()
	a, b := base(), base()
	a.Tenant, a.Agent = "a\x00b", ""
	b.Tenant, b.Agent = "a", "b\x00"
	if recordHash(seed, a) == recordHash(seed, b) {
		t.Error(`tenant "a\x00b" + agent "" hashes as tenant "a" + agent "b\x00"`)
	}
	if a, b := base(), base(); recordHash(seed, a) != recordHash(seed, b) {
		t.Error("the same record hashes differently")
	}
}
