package lang

import (
	"bytes"
	"compress/gzip"
	"io"
	"sync"
)

// PunktModel returns the Punkt sentence model of the language (the JSON
// training data gopkg.in/neurosnap/sentences.v1 loads), or nil for
// English, whose model that package compiles in. It is read on first use.
func (l *Language) PunktModel() ([]byte, error) {
	if l.english {
		return nil, nil
	}
	l.punktOnce.Do(func() {
		var gz []byte
		if gz, l.punktErr = files.ReadFile("data/punkt/" + l.Code + ".json.gz"); l.punktErr != nil {
			return
		}
		var r *gzip.Reader
		if r, l.punktErr = gzip.NewReader(bytes.NewReader(gz)); l.punktErr != nil {
			return
		}
		l.punkt, l.punktErr = io.ReadAll(r)
	})
	return l.punkt, l.punktErr
}

// punktCache is the decompressed model, on the Language.
type punktCache struct {
	punktOnce sync.Once
	punkt     []byte
	punktErr  error
}
