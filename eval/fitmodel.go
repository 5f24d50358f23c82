package eval

import (
	"crypto/sha256"
	"encoding/hex"
	"os"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/report"
)

// FitModelOptions say what FitModel fits and records.
type FitModelOptions struct {
	Labels   []string // label files fitted on, each a data set weighing the same
	Model    audit.Shipped
	Name     string // the model's name
	Embedder string // the embedder it is fitted for (--embed), recorded in the file
	Version  string // of ragaudit, recorded in the file
}

// FitModel fits the verdict's weights and threshold by the shipped
// model's procedure on the single citations the label files judge, every
// file a data set weighing the same: how make model fits the shipped
// models on the development sets (ragaudit eval --write-model). A user's
// operating point is Calibrate's.
func FitModel(a *Audited, o FitModelOptions) (audit.ModelFile, error) {
	var items []item
	var fitted []audit.Fitting
	for _, path := range o.Labels {
		labels, err := judgedLabels(path)
		if err != nil {
			return audit.ModelFile{}, err
		}
		its, _ := itemsOf(path, a.Findings, labels, "", &a.Texts)
		if len(its) == 0 {
			return audit.ModelFile{}, noMatch(path)
		}
		sum, err := fileSHA256(path)
		if err != nil {
			return audit.ModelFile{}, err
		}
		items = append(items, its...)
		fitted = append(fitted, audit.Fitting{Labels: path, SHA256: sum, Pairs: len(trainable(its))})
	}
	m := Shipped(o.Model).fit(o.Name, items)
	return audit.ModelFile{Tool: "ragaudit", Version: o.Version, Embedder: o.Embedder, Model: m, FittedOn: fitted}, nil
}

// WriteModelFile writes a model file, all of it or nothing.
func WriteModelFile(path string, mf audit.ModelFile) error {
	f, err := report.CreateAtomic(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := report.WriteJSON(f, mf); err != nil {
		return err
	}
	return f.Commit()
}

func fileSHA256(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:]), nil
}
