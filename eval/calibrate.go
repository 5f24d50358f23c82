package eval

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/report"
)

// CalibrateOptions say what calibrate fits and records.
type CalibrateOptions struct {
	Labels   []string // label files fitted on
	Model    audit.Shipped
	Name     string // the model's name
	Embedder string // the embedder it is fitted for (--embed), recorded in the file
	Version  string // of ragaudit, recorded in the file
	// MinTenantLabels: a tenant with this many labelled citations (and 10
	// of each class) gets its own threshold; 0: none.
	MinTenantLabels int
	Folds           int // cross-validation of the procedure reported beside (< 2: none)
}

// Calibration is a model fitted on a user's labels, as the config file
// audit --config reads, with the cross-validation of its procedure.
type Calibration struct {
	File   audit.ModelFile
	Fitted int   // labelled citations fitted on
	CV     []Row // Folds-fold cross-validation by conversation
	folds  int
}

// Calibrate fits the verdict by the shipped model's procedure on the
// single citations the label files judge, with tenant thresholds.
func Calibrate(a *Audited, o CalibrateOptions) (*Calibration, error) {
	var items []item
	var fitted []audit.Fitting
	for _, path := range o.Labels {
		labels, err := judgedLabels(path)
		if err != nil {
			return nil, err
		}
		its, _ := itemsOf(path, a.Findings, labels, "", &a.Texts)
		if len(its) == 0 {
			return nil, noMatch(path)
		}
		sum, err := fileSHA256(path)
		if err != nil {
			return nil, err
		}
		items = append(items, its...)
		fitted = append(fitted, audit.Fitting{Labels: path, SHA256: sum, Pairs: len(trainable(its))})
	}
	proc := Shipped(o.Model)
	m := proc.fit(o.Name, items)
	m.TenantThresholds = tenantThresholds(m, trainable(items), o.MinTenantLabels)
	c := &Calibration{File: audit.ModelFile{Tool: "ragaudit", Version: o.Version, Embedder: o.Embedder, Model: m, FittedOn: fitted},
		Fitted: len(trainable(items)), folds: o.Folds}
	if o.Folds >= 2 {
		c.CV = crossValidate(items, o.Folds, proc)
	}
	return c, nil
}

// Write writes the config file, all of it or nothing.
func (c *Calibration) Write(path string) error {
	f, err := report.CreateAtomic(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := report.WriteJSON(f, c.File); err != nil {
		return err
	}
	return f.Commit()
}

// WriteText says what was fitted, where it was written, and the
// cross-validation beside the word-overlap rule.
func (c *Calibration) WriteText(w io.Writer, path string) error {
	if _, err := fmt.Fprintf(w, "fitted on %d labelled citations; wrote %s\n", c.Fitted, path); err != nil {
		return err
	}
	for _, r := range c.CV {
		if _, err := fmt.Fprintf(w, "%d-fold CV %s (%s): balanced accuracy %.3f, AUC %.3f (n=%d); word-overlap rule %.3f, %.3f\n",
			c.folds, r.Set, r.Scope, r.Model.BalancedAccuracy, r.Model.AUC, r.Model.N, r.Rule.BalancedAccuracy, r.Rule.AUC); err != nil {
			return err
		}
	}
	return nil
}

// tenantThresholds fits a threshold per tenant with enough labels of both
// classes: the probability cut that maximises that tenant's balanced
// accuracy under the pooled model.
func tenantThresholds(m audit.Model, items []item, minLabels int) map[string]float64 {
	byTenant := map[string][]item{}
	for _, it := range items {
		if it.Features != nil {
			byTenant[it.Tenant] = append(byTenant[it.Tenant], it)
		}
	}
	tenants := make([]string, 0, len(byTenant))
	for t := range byTenant {
		tenants = append(tenants, t)
	}
	sort.Strings(tenants)
	out := map[string]float64{}
	for _, t := range tenants {
		its := byTenant[t]
		var ps []float64
		var ys []bool
		pos := 0
		for _, it := range its {
			_, p := m.Decide(it.Features, "")
			ps = append(ps, p)
			ys = append(ys, it.Supported)
			if it.Supported {
				pos++
			}
		}
		if minLabels > 0 && len(its) >= minLabels && pos >= 10 && len(its)-pos >= 10 {
			out[t] = bestThreshold(ps, ys)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func fileSHA256(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:]), nil
}
