//go:build !unix

package review

import "os"

// lockLabels: no advisory lock here; one review per label file is the
// reviewer's to keep.
func lockLabels(*os.File) error { return nil }
