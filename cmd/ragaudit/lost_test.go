package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A gzip log cut short loses an unknown number of records: the run over
// what was read never passes, however clean, and says why.
func TestCutShortInputNeverPasses(t *testing.T) {
	var plain bytes.Buffer
	for i := range 200 {
		fmt.Fprintf(&plain, `{"conversation_id":"c%03d","messages":[{"role":"user","content":"How long do refunds take?"},{"role":"assistant","content":"Refunds are paid within 14 days of the return [1].","retrieval":[{"id":"1","text":"Refunds are paid within 14 days of the return. Shipping costs are not refunded."}]}]}`+"\n", i)
	}
	dir := t.TempDir()
	whole, cut := filepath.Join(dir, "whole.jsonl.gz"), filepath.Join(dir, "cut.jsonl.gz")
	gz := writeGzip(t, whole, plain.Bytes())
	if err := os.WriteFile(cut, gz[:len(gz)*6/10], 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCLI(t, "", "audit", "-q", "--accept-machine", whole); r.code != exitPass {
		t.Fatalf("the whole log: exit %d, want %d (pass)\n%s", r.code, exitPass, r.stdout)
	}
	r := runCLI(t, "", "audit", "-q", "--accept-machine", cut)
	if r.code != exitIncomplete || !strings.Contains(r.stdout, "1 input cut short") || !strings.Contains(r.stdout, "number is unknown") {
		t.Errorf("the log cut short: exit %d, want %d (INCOMPLETE) naming the cut\n%s", r.code, exitIncomplete, r.stdout)
	}
	if !strings.Contains(r.text, "cut short: the records after the cut are lost") {
		t.Errorf("summary.txt does not say the input was cut short:\n%s", r.text)
	}
}

// A copy made without the records convert could not read would audit as
// complete where its source is INCOMPLETE: none is written unless asked.
func TestConvertWritesNoCopyMissingRecords(t *testing.T) {
	src := testdata + "/bad.jsonl"
	if r := runCLI(t, "", "audit", "-q", src); r.code != exitIncomplete {
		t.Fatalf("the source: exit %d, want %d (INCOMPLETE)", r.code, exitIncomplete)
	}
	for _, ext := range []string{".parquet", ".jsonl"} {
		out := filepath.Join(t.TempDir(), "copy"+ext)
		r := runCLI(t, "", "convert", "-q", "-o", out, src)
		if _, err := os.Stat(out); r.code != exitIncomplete || err == nil || !strings.Contains(r.stderr, "--allow-skipped") {
			t.Errorf("convert %s: exit %d (want %d), copy written: %v, stderr:\n%s", ext, r.code, exitIncomplete, err == nil, r.stderr)
		}
		if r := runCLI(t, "", "convert", "-q", "--allow-skipped", "-o", out, src); r.code != exitPass {
			t.Errorf("convert --allow-skipped %s: exit %d\n%s", ext, r.code, r.stderr)
		} else if _, err := os.Stat(out); err != nil {
			t.Errorf("convert --allow-skipped %s wrote no copy: %v", ext, err)
		}
	}
}

// Answers that state facts and cite nothing are no empty day: a gate on
// uncited sentences fails, and NO_DATA says what the answers hold.
func TestAnswersCitingNothingFailTheUncitedGate(t *testing.T) {
	log := filepath.Join(t.TempDir(), "nocite.jsonl")
	rec := `{"conversation_id":"a","messages":[{"role":"user","content":"?"},{"role":"assistant","content":"Refunds are paid within 14 days. Shipping costs 5 euros.","retrieval":[{"id":"1","text":"Refunds are paid within 14 days."}]}]}` + "\n"
	if err := os.WriteFile(log, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCLI(t, "", "audit", "-q", "--fail-on", "uncited", log); r.code != exitFail || !strings.Contains(r.stdout, "--fail-on uncited failed") {
		t.Errorf("with --fail-on uncited: exit %d, want %d\n%s", r.code, exitFail, r.stdout)
	}
	if r := runCLI(t, "", "audit", "-q", log); r.code != exitNoData || !strings.Contains(r.stdout, "2 sentence(s) state facts without a citation") {
		t.Errorf("without a gate: exit %d, want %d naming the uncited sentences\n%s", r.code, exitNoData, r.stdout)
	}
}

// writeGzip writes data gzipped to path, and returns the bytes written.
func writeGzip(t *testing.T, path string, data []byte) []byte {
	t.Helper()
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(data)
	w.Close()
	if err := os.WriteFile(path, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return gz.Bytes()
}
