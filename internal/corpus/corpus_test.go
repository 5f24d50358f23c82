package corpus

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestSameSeedSameBytes(t *testing.T) {
	var a, b, c bytes.Buffer
	Write(context.Background(), &a, 50, 7)
	Write(context.Background(), &b, 50, 7)
	Write(context.Background(), &c, 50, 8)
	if !bytes.Equal(a.Bytes(), b.Bytes()) || bytes.Equal(a.Bytes(), c.Bytes()) {
		t.Fatal("output is not a function of the seed")
	}
}

func TestShapeMatchesTheSpec(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(context.Background(), &buf, 200, 1); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 200 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		var r record
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		turns := len(r.Messages) / 2
		if turns < 1 || turns > 6 {
			t.Fatalf("%d turns", turns)
		}
		for _, m := range r.Messages {
			if m.Role != "assistant" {
				continue
			}
			if n := len(m.Retrieval); n < 3 || n > 8 {
				t.Fatalf("%d chunks", n)
			}
			for _, c := range m.Retrieval {
				if n := len(c.Text); n < 500 || n > 1700 {
					t.Fatalf("chunk of %d bytes", n)
				}
			}
		}
	}
}

func TestStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	if err := Write(ctx, &buf, 1_000_000, 1); err == nil || buf.Len() > 0 {
		t.Fatalf("cancelled Write returned %v after %d bytes", err, buf.Len())
	}
}

func TestAnswerCitesExactlyAsManyTimesAsAsked(t *testing.T) {
	for _, n := range []int{1, 5, 20} {
		a, b := Answer(7, n), Answer(7, n)
		if string(a) != string(b) {
			t.Fatalf("%d citations: two calls differ", n)
		}
		var rec struct {
			Answer    string `json:"answer"`
			Retrieval []struct{ ID string }
		}
		if err := json.Unmarshal(a, &rec); err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(rec.Answer, "[ref-"); got != n {
			t.Errorf("%d citations asked, %d in %q", n, got, rec.Answer)
		}
	}
}
