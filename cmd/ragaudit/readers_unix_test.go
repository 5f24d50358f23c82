//go:build unix

package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// A pipe given as a path (the <(zcat logs.gz) idiom), plain or gzipped,
// audits every record once: the path used to be opened three times,
// losing what the first opens read (0 of 11 records, or gzip's magic).
func TestAPipeGivenAsAPathAuditsEveryRecord(t *testing.T) {
	example := readFile(t, filepath.Join(testdata, "example.jsonl"))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(example)
	zw.Close()
	for name, data := range map[string][]byte{"plain": example, "gzip": gz.Bytes()} {
		t.Run(name, func(t *testing.T) {
			r := runCLI(t, "", "audit", "-q", "--bar", "0", devFdPipe(t, data))
			c := counts(t, r)
			if r.code != exitPass || c["records_read"] != 11.0 || c["records_audited"] != 11.0 || c["records_skipped"] != 0.0 {
				t.Fatalf("exit %d, counts %v: want the 11 records audited", r.code, c)
			}
		})
	}
}

// devFdPipe is what a shell's <(…) passes: /dev/fd/N of a pipe that
// data is written into once.
func devFdPipe(t *testing.T, data []byte) string {
	t.Helper()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pr.Close() })
	go func() {
		defer pw.Close()
		pw.Write(data)
	}()
	p := fmt.Sprintf("/dev/fd/%d", pr.Fd())
	if _, err := os.Stat(p); err != nil {
		t.Skipf("no /dev/fd here: %v", err)
	}
	return p
}
