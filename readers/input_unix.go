//go:build unix

package readers

import (
	"os"
	"syscall"
)

// unblockOpen wakes an open of the FIFO at path that waits for a writer,
// by opening it for writing without waiting (nothing is written).
func unblockOpen(path string) {
	if fi, err := os.Stat(path); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return
	}
	if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		w.Close()
	}
}
