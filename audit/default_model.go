package audit

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// The shipped models, written by `make model` (ragaudit calibrate on the
// four labelled development sets of ../shared/data, each weighing the
// same): one for the built-in embedder, one for audits without embeddings.
var (
	//go:embed default_model.json
	defaultModelJSON []byte
	//go:embed default_model_noembed.json
	defaultModelNoEmbedJSON []byte
)

// ModelFile is the content of a config file written by ragaudit calibrate.
type ModelFile struct {
	Tool     string    `json:"tool"`
	Version  string    `json:"version"`
	Embedder string    `json:"embedder"`
	Model    Model     `json:"model"`
	FittedOn []Fitting `json:"fitted_on"`
	// Calibration says how ragaudit calibrate fitted its operating point
	// (nil: a model fitted by make model).
	Calibration *Calibration `json:"calibration,omitempty"`
}

// Fitting records one label file a model was fitted on.
type Fitting struct {
	Labels string `json:"labels"`
	SHA256 string `json:"sha256"`
	Pairs  int    `json:"pairs"`
}

// ParseModelFile reads a calibrate config file and validates its model.
func ParseModelFile(b []byte) (ModelFile, error) {
	var mf ModelFile
	if err := json.Unmarshal(b, &mf); err != nil {
		return mf, fmt.Errorf("not a ragaudit config: %v", err)
	}
	if mf.Model.Weights == nil {
		return mf, fmt.Errorf(`no "model" with weights in the file`)
	}
	return mf, mf.Model.validate()
}

func mustModel(b []byte) Model {
	mf, err := ParseModelFile(b)
	if err != nil {
		panic("shipped model: " + err.Error())
	}
	return mf.Model
}

// DefaultModel is the shipped verdict model for the built-in embedder.
func DefaultModel() Model { return mustModel(defaultModelJSON) }

// DefaultModelNoEmbed is the shipped model for audits without an embedder
// (--embed none).
func DefaultModelNoEmbed() Model { return mustModel(defaultModelNoEmbedJSON) }
