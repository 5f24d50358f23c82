package audit

// Calibration records, in a model file written by ragaudit calibrate,
// how its operating point was fitted on a user's labels and why it was
// allowed to replace the one before: data for people and for the next
// run's messages, never read by the verdict.
type Calibration struct {
	// Sample is the id of the ragaudit sample the labels were drawn as
	// ("" for labels not drawn by it), DrawnUnder the configuration hash
	// it was drawn under: these labels verify runs of that configuration,
	// not of this file's.
	Sample     string `json:"sample,omitempty"`
	DrawnUnder string `json:"drawn_under,omitempty"`
	// Before is the model the operating point replaces: its name and
	// thresholds (the weights are this file's).
	Before struct {
		Name             string             `json:"name"`
		Threshold        float64            `json:"threshold"`
		TenantThresholds map[string]float64 `json:"tenant_thresholds,omitempty"`
	} `json:"before"`
	Labels      int        `json:"labels"` // labelled citations fitted on
	Supported   int        `json:"supported"`
	PartialAs   string     `json:"partial_as"`
	Folds       int        `json:"folds"`
	Replicates  int        `json:"bootstrap_replicates"`
	HumanRate   [3]float64 `json:"human_rate"`   // estimate, 95 % low, high (from the labels)
	MachineRate [2]float64 `json:"machine_rate"` // before, after, on the logs calibrated on
	// BalancedAccuracy: before, after (cross-validated), and the 95 %
	// interval of after − before.
	BalancedAccuracy [4]float64 `json:"balanced_accuracy"`
	Rule             string     `json:"why"` // the rule's reading: why it was written
}
