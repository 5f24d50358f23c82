//go:build unix && !linux

package report

import "errors"

func exchange(a, b string) error { return errors.ErrUnsupported }
