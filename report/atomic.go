package report

import (
	"fmt"
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

// Commit syncs, closes and renames the file into place (CommitAll of one);
// on error the temporary file is removed.
func (a *AtomicFile) Commit() error {
	err := CommitAll([]*AtomicFile{a})
	if err != nil {
		a.Abort()
	}
	return err
}

// Abort discards the temporary file; safe to call after Commit.
func (a *AtomicFile) Abort() {
	a.Close()
	os.Remove(a.Name())
}

// CommitAll commits files as one report: every target is checked before
// any is replaced, so a target that cannot be replaced (a directory in its
// place) leaves the previous report whole instead of half new, half old.
// On error the caller aborts the files.
func CommitAll(files []*AtomicFile) error {
	for _, a := range files {
		if fi, err := os.Lstat(a.target); err == nil && !fi.Mode().IsRegular() {
			what := "not a regular file"
			if fi.IsDir() {
				what = "a directory"
			}
			return fmt.Errorf("%s is %s: no report file was replaced", a.target, what)
		}
	}
	for _, a := range files {
		if err := a.Sync(); err != nil {
			return err
		}
		if err := a.Close(); err != nil {
			return err
		}
	}
	for _, a := range files {
		if err := os.Rename(a.Name(), a.target); err != nil {
			return err
		}
	}
	return nil
}
