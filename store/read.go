package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"gocloud.dev/blob"
)

// Info is what the store says of a file or object.
type Info struct {
	Name string // canonical: a URL without its query, or the path
	Size int64
	ETag string // objects only
	// Modified is a local file's modification time, RFC 3339 in UTC: with
	// its size, what pins a file that has no ETag. "" for objects.
	Modified string
}

// LocalInfo is the Info of a local file: its size and modification time
// pin it, as an ETag pins an object.
func LocalInfo(name string, fi fs.FileInfo) Info {
	return Info{Name: name, Size: fi.Size(), Modified: fi.ModTime().UTC().Format(time.RFC3339Nano)}
}

// Stat says whether name exists, its size and ETag.
func (s *Store) Stat(ctx context.Context, name string) (Info, error) {
	if !IsURL(name) {
		fi, err := os.Stat(name)
		if errors.Is(err, fs.ErrNotExist) {
			return Info{}, fmt.Errorf("%s: %w", name, ErrNotExist)
		}
		if err != nil {
			return Info{}, err
		}
		return LocalInfo(name, fi), nil
	}
	o, err := s.parse(name)
	if err != nil {
		return Info{}, err
	}
	b, err := s.bucket(ctx, o)
	if err != nil {
		return Info{}, err
	}
	var a *blob.Attributes
	err = s.Retry(ctx, o.String(), func() (err error) {
		a, err = b.Attributes(ctx, o.key)
		return err
	})
	if err != nil {
		return Info{}, err
	}
	return Info{Name: o.String(), Size: a.Size, ETag: a.ETag}, nil
}

// Exists reports whether name exists.
func (s *Store) Exists(ctx context.Context, name string) (bool, error) {
	_, err := s.Stat(ctx, name)
	if errors.Is(err, ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// ReadFile reads a whole (small) file or object.
func (s *Store) ReadFile(ctx context.Context, name string) ([]byte, error) {
	r, _, err := s.Open(ctx, name, "")
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b, nil
}

// ErrChanged: an object is not the version a plan pinned, or changed while
// it was read.
var ErrChanged = errors.New("changed")

// Open opens name for one sequential read. For an object, etag (when
// given) must be its ETag, as a plan pinned it; a read cut by a transient
// failure resumes where it stopped (a ranged read of the same version),
// and an object that changes while it is read is an error, not a mix.
func (s *Store) Open(ctx context.Context, name, etag string) (io.ReadCloser, Info, error) {
	if !IsURL(name) {
		f, err := os.Open(name)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, Info{}, fmt.Errorf("%s: %w", name, ErrNotExist)
		}
		if err != nil {
			return nil, Info{}, err
		}
		info := Info{Name: name}
		if fi, err := f.Stat(); err == nil {
			info.Size = fi.Size()
		}
		return f, info, nil
	}
	info, err := s.Stat(ctx, name)
	if err != nil {
		return nil, Info{}, err
	}
	if etag != "" && info.ETag != etag {
		return nil, info, fmt.Errorf("%s: %w since the plan (ETag %s, planned %s): make a new plan", info.Name, ErrChanged, info.ETag, etag)
	}
	o, _ := s.parse(name)
	b, err := s.bucket(ctx, o)
	if err != nil {
		return nil, info, err
	}
	r := &resuming{s: s, ctx: ctx, b: b, o: o, info: info}
	if err := r.open(); err != nil {
		return nil, info, err
	}
	return r, info, nil
}

// resuming reads an object, reopening it at the offset reached after a
// transient failure, and checks at the end that it is still the version
// it started reading.
type resuming struct {
	s        *Store
	ctx      context.Context
	b        *blob.Bucket
	o        object
	info     Info
	r        *blob.Reader
	off      int64
	resumed  int
	finished bool
}

func (r *resuming) open() error {
	return r.s.Retry(r.ctx, r.o.String(), func() (err error) {
		r.r, err = r.b.NewRangeReader(r.ctx, r.o.key, r.off, -1, nil)
		return err
	})
}

func (r *resuming) Read(p []byte) (int, error) {
	for {
		n, err := r.r.Read(p)
		r.off += int64(n)
		switch {
		case err == io.EOF:
			if cerr := r.check(); cerr != nil {
				return n, cerr
			}
			return n, io.EOF
		case err == nil || n > 0:
			return n, nil
		case !transient(err) || r.resumed >= r.s.Retries || r.ctx.Err() != nil:
			if transient(err) {
				return 0, &TransientError{fmt.Errorf("%s: reading at byte %d: %w", r.o, r.off, err)}
			}
			return 0, fmt.Errorf("%s: reading at byte %d: %w", r.o, r.off, err)
		}
		r.resumed++
		r.r.Close()
		select {
		case <-time.After(r.s.Backoff << (r.resumed - 1)):
		case <-r.ctx.Done():
			return 0, r.ctx.Err()
		}
		if info, err := r.s.Stat(r.ctx, r.o.String()); err != nil {
			return 0, err
		} else if info.ETag != r.info.ETag {
			return 0, fmt.Errorf("%s: %w while it was read: read it again", r.o, ErrChanged)
		}
		if err := r.open(); err != nil {
			return 0, err
		}
	}
}

// check: the object read is the one opened (same ETag, same size).
func (r *resuming) check() error {
	if r.finished {
		return nil
	}
	r.finished = true
	if r.off != r.info.Size {
		return &TransientError{fmt.Errorf("%s: %d bytes read of %d", r.o, r.off, r.info.Size)}
	}
	info, err := r.s.Stat(r.ctx, r.o.String())
	if err != nil {
		return err
	}
	if info.ETag != r.info.ETag {
		return fmt.Errorf("%s: %w while it was read: read it again", r.o, ErrChanged)
	}
	return nil
}

func (r *resuming) Close() error { return r.r.Close() }
