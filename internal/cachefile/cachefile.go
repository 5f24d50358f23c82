// Package cachefile lays out and writes the entries of ragaudit's on-disk
// caches (embed's vectors, llmjudge's answers): one file per key, named by
// the key's hash in 256 subfolders, written to a temporary name and
// renamed into place, so that several processes may share a cache and
// none reads a half-written entry. Unlike report.AtomicFile it does not
// sync: a lost entry only costs a call.
package cachefile

import (
	"encoding/hex"
	"os"
	"path/filepath"
)

// Path is where the entry of hash sum lives under dir:
// dir/ab/ab….ext, the first two hex digits naming the subfolder.
func Path(dir string, sum []byte, ext string) string {
	name := hex.EncodeToString(sum)
	return filepath.Join(dir, name[:2], name+ext)
}

// Write puts data at path, making its folder: it is written to a
// temporary file in that folder, closed and renamed into place; on
// failure the temporary file is removed and the entry left as it was.
func Write(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
