package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"gocloud.dev/blob"
)

// Writer writes one file or object, which appears whole at Commit (a local
// file by rename; an object when its upload completes) or not at all
// (Abort, or a process killed first).
type Writer struct {
	name   string
	f      *os.File // local: the temporary file
	w      *blob.Writer
	cancel context.CancelFunc
	done   bool
}

// Create starts writing name, replacing what is there at Commit.
func (s *Store) Create(ctx context.Context, name string) (*Writer, error) {
	if !IsURL(name) {
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			return nil, err
		}
		f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp-*")
		if err != nil {
			return nil, err
		}
		// CreateTemp's 0600 would keep the run's files from the other
		// users of a shared file system: 0666 less the umask, as os.Create.
		if err := f.Chmod(0o666 &^ umask()); err != nil {
			f.Close()
			os.Remove(f.Name())
			return nil, err
		}
		return &Writer{name: name, f: f}, nil
	}
	o, err := s.parse(name)
	if err != nil {
		return nil, err
	}
	b, err := s.bucket(ctx, o)
	if err != nil {
		return nil, err
	}
	// Cancelling the writer's context before Close abandons the upload.
	wctx, cancel := context.WithCancel(ctx)
	w, err := b.NewWriter(wctx, o.key, nil)
	if err != nil {
		cancel()
		return nil, fmt.Errorf("%s: %v", o, err)
	}
	return &Writer{name: o.String(), w: w, cancel: cancel}, nil
}

func (w *Writer) Write(p []byte) (int, error) {
	if w.f != nil {
		return w.f.Write(p)
	}
	return w.w.Write(p)
}

// Commit makes the file or object appear whole.
func (w *Writer) Commit() error {
	if w.done {
		return fmt.Errorf("%s: committed twice", w.name)
	}
	w.done = true
	if w.f != nil {
		if err := w.f.Sync(); err != nil {
			w.f.Close()
			os.Remove(w.f.Name())
			return err
		}
		if err := w.f.Close(); err != nil {
			os.Remove(w.f.Name())
			return err
		}
		if err := os.Rename(w.f.Name(), w.name); err != nil {
			os.Remove(w.f.Name())
			return err
		}
		return nil
	}
	defer w.cancel()
	if err := w.w.Close(); err != nil {
		if transient(err) {
			return &TransientError{fmt.Errorf("%s: %w", w.name, err)}
		}
		return fmt.Errorf("%s: %w", w.name, err)
	}
	return nil
}

// Abort discards what was written; a no-op after Commit.
func (w *Writer) Abort() {
	if w.done {
		return
	}
	w.done = true
	if w.f != nil {
		w.f.Close()
		os.Remove(w.f.Name())
		return
	}
	w.cancel()
	w.w.Close()
}

// WriteFile writes a whole (small) file or object, retrying a transient
// failure.
func (s *Store) WriteFile(ctx context.Context, name string, data []byte) error {
	return s.Retry(ctx, name, func() error {
		w, err := s.Create(ctx, name)
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			w.Abort()
			return err
		}
		return w.Commit()
	})
}
