package report

import (
	"os"
	"path/filepath"
)

// AtomicFile is written to a temporary name beside its target and renamed
// into place on Commit, so an interrupted run never leaves a half-written
// report under the real name.
type AtomicFile struct {
	*os.File
	target string
}

// CreateAtomic starts writing path.
func CreateAtomic(path string) (*AtomicFile, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, err
	}
	// CreateTemp makes 0600 files; a report is meant to be shared.
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &AtomicFile{File: f, target: path}, nil
}

// Commit syncs, closes and renames the file into place.
func (a *AtomicFile) Commit() error {
	if err := a.Sync(); err != nil {
		a.Abort()
		return err
	}
	if err := a.Close(); err != nil {
		os.Remove(a.Name())
		return err
	}
	return os.Rename(a.Name(), a.target)
}

// Abort discards the temporary file; safe to call after Commit.
func (a *AtomicFile) Abort() {
	a.Close()
	os.Remove(a.Name())
}
