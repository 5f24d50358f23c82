package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// The committed model is exactly what taggen makes from the prose version
// in go.mod: regenerate it (make tagger) when prose is upgraded.
func TestCommittedModelIsReproducible(t *testing.T) {
	out := filepath.Join(t.TempDir(), "tagger.bin")
	if err := run(out); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../nounphrase/tagger.bin")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("taggen wrote %d bytes that differ from nounphrase/tagger.bin (%d bytes): run make tagger", len(got), len(want))
	}
}
