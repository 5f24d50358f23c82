//go:build unix

package report

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// lockOut takes the lock of a report directory, or says which run holds
// it. The lock file lives beside the report while a run writes it; a run
// killed before removing it leaves it unlocked (the kernel releases the
// lock), and the next run takes it over.
func lockOut(lockPath, out string) (*os.File, error) {
	for {
		f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o666)
		if err != nil {
			return nil, err
		}
		if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
			holder, _ := os.ReadFile(lockPath)
			f.Close()
			if errors.Is(err, unix.EWOULDBLOCK) {
				who := strings.TrimSpace(string(holder))
				if who == "" {
					who = "another process"
				}
				return nil, fmt.Errorf("another ragaudit run (%s) is writing the report in %s: wait for it, or give another --out", who, out)
			}
			return nil, fmt.Errorf("locking %s: %w", out, err)
		}
		// The holder may have removed the file between our open and our
		// lock: then the lock is on a file nobody else will open.
		fi, err1 := f.Stat()
		cur, err2 := os.Stat(lockPath)
		if err1 == nil && err2 == nil && os.SameFile(fi, cur) {
			f.Truncate(0)
			fmt.Fprintf(f, "pid %d, started %s\n", os.Getpid(), time.Now().UTC().Format(time.RFC3339))
			return f, nil
		}
		f.Close()
	}
}

// unlockOut removes the lock file, then releases the lock.
func unlockOut(f *os.File) {
	os.Remove(f.Name())
	unix.Flock(int(f.Fd()), unix.LOCK_UN)
	f.Close()
}

// swapIn puts the directory tmp at path. Where path exists, the two are
// exchanged in one atomic rename (Linux), or the old one is renamed away
// first; old is where the previous report now is ("" when there was none).
func swapIn(tmp, path string) (old string, err error) {
	err = os.Rename(tmp, path)
	if err == nil {
		return "", nil
	}
	if _, statErr := os.Stat(path); statErr != nil {
		return "", err
	}
	if err := exchange(tmp, path); err == nil {
		return tmp, nil
	}
	// No atomic exchange here: between the two renames path is absent —
	// never a mix of two reports.
	old = strings.Replace(tmp, ".tmp-", ".old-", 1)
	if err := os.Rename(path, old); err != nil {
		return "", err
	}
	return old, os.Rename(tmp, path)
}

func isUnsupportedSync(err error) bool {
	return errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP)
}
