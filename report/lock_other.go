//go:build !unix

package report

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

// lockOut takes the lock of a report directory with an exclusive create;
// a lock left by a killed run must be removed by hand (the error says so).
func lockOut(lockPath, out string) (*os.File, error) {
	f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		holder, _ := os.ReadFile(lockPath)
		return nil, fmt.Errorf("another ragaudit run (%s) is writing the report in %s, or a killed run left %s: wait, or remove it", strings.TrimSpace(string(holder)), out, lockPath)
	}
	fmt.Fprintf(f, "pid %d, started %s\n", os.Getpid(), time.Now().UTC().Format(time.RFC3339))
	return f, nil
}

func unlockOut(f *os.File) {
	name := f.Name()
	f.Close()
	os.Remove(name)
}

func swapIn(tmp, path string) (old string, err error) {
	if err = os.Rename(tmp, path); err == nil {
		return "", nil
	}
	if _, statErr := os.Stat(path); statErr != nil {
		return "", err
	}
	old = strings.Replace(tmp, ".tmp-", ".old-", 1)
	if err := os.Rename(path, old); err != nil {
		return "", err
	}
	return old, os.Rename(tmp, path)
}

func isUnsupportedSync(err error) bool { return !errors.Is(err, os.ErrClosed) }
