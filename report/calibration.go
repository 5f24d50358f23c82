package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Calibrated is what audit --labels --calibrate fitted on the labels
// (summary.json's verified.calibration): the operating point, how it
// compares with the run's out of sample, and whether it was written. The
// run's verdicts and its verified rate are the run's configuration's
// either way: the file is for the next runs.
type Calibrated struct {
	Written bool   `json:"written"`
	File    string `json:"file"`
	Why     string `json:"why"`
	Labels  int    `json:"labels"`
	// Thresholds before and after, and tenants' own after.
	Threshold        [2]float64         `json:"threshold"`
	TenantThresholds map[string]float64 `json:"tenant_thresholds,omitempty"`
	// MachineRate before and after on this run's citations; HumanRate the
	// labels' estimate and 95 % interval.
	MachineRate [2]float64 `json:"machine_rate"`
	HumanRate   [3]float64 `json:"human_rate"`
	// BalancedAccuracy before, after (cross-validated by conversation),
	// and the 95 % interval of after − before; Rule the word-overlap
	// rule's fitted the same way.
	BalancedAccuracy [4]float64 `json:"balanced_accuracy"`
	Rule             float64    `json:"rule_balanced_accuracy"`
}

// writeCalibrated says what --calibrate fitted and whether it was written.
func writeCalibrated(b *strings.Builder, c *Calibrated) {
	if c == nil {
		return
	}
	tenants := ""
	if len(c.TenantThresholds) > 0 {
		var parts []string
		for _, t := range slices.Sorted(maps.Keys(c.TenantThresholds)) {
			parts = append(parts, fmt.Sprintf("%s %.4f", Printable(t), c.TenantThresholds[t]))
		}
		tenants = "; tenants' own: " + strings.Join(parts, ", ")
	}
	fmt.Fprintf(b, "  Calibration on these %d labels: threshold %.4f → %.4f%s; machine rate %s → %s (labels: %s, 95%% %s–%s); balanced accuracy %.3f → %.3f out of sample (difference %+.3f to %+.3f; word-overlap rule %.3f)\n",
		c.Labels, c.Threshold[0], c.Threshold[1], tenants, pct(c.MachineRate[0]), pct(c.MachineRate[1]), pct(c.HumanRate[0]), pct(c.HumanRate[1]), pct(c.HumanRate[2]),
		c.BalancedAccuracy[0], c.BalancedAccuracy[1], c.BalancedAccuracy[2], c.BalancedAccuracy[3], c.Rule)
	if c.Written {
		fmt.Fprintf(b, "  Wrote %s for the next runs (--config; this run's verdicts and verified rate are unchanged): %s\n", Printable(c.File), c.Why)
	} else {
		fmt.Fprintf(b, "  Not written: %s\n", c.Why)
	}
}
