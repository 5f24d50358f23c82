//go:build unix

package store

import (
	"io/fs"
	"sync"
	"syscall"
)

// umask is the process's file mode creation mask (read once: reading it
// means setting it).
var umask = sync.OnceValue(func() fs.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return fs.FileMode(m)
})
