//go:build !unix

package readers

// unblockOpen has nothing to wake where FIFOs do not block an open.
func unblockOpen(string) {}
