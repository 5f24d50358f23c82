package store

import (
	"context"
	"io"
)

// Remote opens the inputs named by URL for the readers
// (readers.Options.Remote), each pinned to the ETag a plan gives it.
type Remote struct {
	Store *Store
	// Pins are the ETags inputs must have (canonical name → ETag); an
	// input not pinned is read as it is.
	Pins map[string]string
}

// IsRemote reports whether the readers should ask Open for name.
func (r *Remote) IsRemote(name string) bool { return IsURL(name) }

// Open opens an object for one sequential read, and says its ETag.
func (r *Remote) Open(ctx context.Context, name string) (io.ReadCloser, string, error) {
	canon, err := r.Store.Canonical(name)
	if err != nil {
		return nil, "", err
	}
	rc, info, err := r.Store.Open(ctx, name, r.Pins[canon])
	if err != nil {
		return nil, "", err
	}
	return rc, info.ETag, nil
}
