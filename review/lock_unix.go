//go:build unix

package review

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// lockLabels keeps a second review off the label file while one runs: two
// reviewers on one file would give one citation two judgments, and the
// later would silently win.
func lockLabels(f *os.File) error {
	err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return fmt.Errorf("another ragaudit review is writing this label file: give each reviewer a label file of their own")
	}
	return err
}
