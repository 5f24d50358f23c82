package shard

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"

	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/report"
)

// StateFormat is the version of unit states this ragaudit writes and
// merges; a merge refuses another.
const StateFormat = 1

// Meta is what every unit of a run must share to be merged: the tool
// version, the plan, and the configuration that decides the verdicts.
type Meta struct {
	Tool       string `json:"tool"`
	Plan       string `json:"plan"`
	ConfigHash string `json:"config_hash"`
	// Config is the audit's configuration as summary.json writes it; the
	// merge sets its own flags (bar, gates, labels) in it.
	Config          json.RawMessage `json:"config"`
	Embedder        string          `json:"embedder"`
	HTMLMaxFailures int             `json:"html_max_failures"`
}

// State is a unit's state: gzip of this JSON.
type State struct {
	Format int `json:"format"`
	Meta
	Unit     int                 `json:"unit"`
	URL      string              `json:"url"`
	ETag     string              `json:"etag,omitempty"`
	Findings []string            `json:"findings"` // the unit's findings files, relative to the run
	JUnit    *JUnitPart          `json:"junit,omitempty"`
	Stream   *pipeline.UnitState `json:"stream"`
	Report   *report.UnitState   `json:"report"`
}

// JUnitPart is a unit's JUnit cases: their file (gzip, relative to the
// run) and counts.
type JUnitPart struct {
	Name     string `json:"name"`
	Tests    int    `json:"tests"`
	Failures int    `json:"failures"`
	Skipped  int    `json:"skipped,omitempty"` // answers none of whose citations was checked
}

// EncodeState writes a state.
func EncodeState(s *State) ([]byte, error) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	enc := json.NewEncoder(zw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// DecodeState reads a state written by EncodeState.
func DecodeState(name string, b []byte) (*State, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: not a unit state: %v", name, err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var s State
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("%s: not a unit state: %v", name, err)
	}
	if s.Format != StateFormat {
		return nil, fmt.Errorf("%s: unit state format %d, this ragaudit merges %d: audit the shards and merge with one version", name, s.Format, StateFormat)
	}
	if s.Stream == nil || s.Stream.Tally == nil || s.Report == nil {
		return nil, fmt.Errorf("%s: a unit state without its counts", name)
	}
	return &s, nil
}
