package report

import (
	"fmt"
	"os"
	"path/filepath"
)

// AtomicFile is written to a temporary name beside its target and renamed
// into place on Commit, so an interrupted run never leaves a half-written
// file under the real name (convert's output, calibrate's config).
type AtomicFile struct {
	*os.File
	target string
}

// CreateAtomic starts writing path. The file gets the mode of the file it
// will replace, or 0666 less the umask.
func CreateAtomic(path string) (*AtomicFile, error) {
	for i := 0; ; i++ {
		name := filepath.Join(filepath.Dir(path), fmt.Sprintf(".%s.tmp-%d-%d", filepath.Base(path), os.Getpid(), i))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if os.IsExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
			if err := f.Chmod(fi.Mode().Perm()); err != nil {
				f.Close()
				os.Remove(name)
				return nil, err
			}
		}
		return &AtomicFile{File: f, target: path}, nil
	}
}

// Commit syncs, closes and renames the file into place; on error the
// temporary file is removed.
func (a *AtomicFile) Commit() error {
	err := a.Sync()
	if err == nil {
		err = a.Close()
	}
	if err == nil {
		err = os.Rename(a.Name(), a.target)
	}
	if err != nil {
		a.Abort()
		return err
	}
	syncDir(filepath.Dir(a.target))
	return nil
}

// Abort discards the temporary file; safe to call after Commit.
func (a *AtomicFile) Abort() {
	a.Close()
	os.Remove(a.Name())
}
