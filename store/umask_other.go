//go:build !unix

package store

import "io/fs"

func umask() fs.FileMode { return 0o022 }
