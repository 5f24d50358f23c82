package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"time"

	"gocloud.dev/gcerrors"
)

// TransientError is a store error that persisted through the retries but
// may pass later (a service unavailable, throttling, a network failure):
// an engine should retry the task (exit 75, EX_TEMPFAIL).
type TransientError struct{ Err error }

func (e *TransientError) Error() string { return e.Err.Error() }
func (e *TransientError) Unwrap() error { return e.Err }

// ErrNotExist: no object or file of that name.
var ErrNotExist = errors.New("does not exist")

// transient reports whether err may pass on a retry.
func transient(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, ErrNotExist) {
		return false
	}
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	switch gcerrors.Code(err) {
	case gcerrors.Internal, gcerrors.ResourceExhausted, gcerrors.DeadlineExceeded, gcerrors.Unknown:
		return true
	}
	return false
}

// Retry runs op until it succeeds, fails for good, or the retries are
// spent (then the error is a *TransientError).
func (s *Store) Retry(ctx context.Context, what string, op func() error) error {
	wait := s.Backoff
	for attempt := 0; ; attempt++ {
		err := op()
		switch {
		case err == nil:
			return nil
		case gcerrors.Code(err) == gcerrors.NotFound:
			return fmt.Errorf("%s: %w", what, ErrNotExist)
		case !transient(err) || ctx.Err() != nil:
			return fmt.Errorf("%s: %w", what, err)
		case attempt >= s.Retries:
			return &TransientError{fmt.Errorf("%s: %w (after %d retries)", what, err, s.Retries)}
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
		wait *= 2
	}
}
