package audit

// Judged is what a judge the user brings (package llmjudge, --judge-url)
// did with a citation in the uncertain band: its answer, which replaces
// the lexical verdict, and the lexical verdict it replaced. A citation the
// judge was not asked about (over the budget, or an error) keeps its
// lexical verdict and says why.
type Judged struct {
	Status string `json:"status"` // JudgedByModel, JudgeBudget or JudgeError
	Model  string `json:"model"`
	// P is the judge's P(yes) (nil unless judged): supported when P ≥ 0.5.
	P *Score `json:"p"`
	// Answer is the judge's answer as given ("Yes", "No"); Logprobs says
	// P came from the answer tokens' probabilities rather than the answer.
	Answer   string `json:"answer"`
	Logprobs bool   `json:"logprobs"`
	// The verdict and reasons the lexical checks gave.
	LexicalVerdict string   `json:"lexical_verdict"`
	LexicalReasons []string `json:"lexical_reasons"`
	Error          string   `json:"error,omitempty"`
}

// States of a citation in the band.
const (
	JudgedByModel = "judged" // the judge's answer decides the verdict
	JudgeBudget   = "budget" // past --judge-max-calls: the lexical verdict stands
	JudgeError    = "error"  // the judge did not answer Yes or No: the lexical verdict stands
)

// ReasonJudgeUnsupported: the judge answered that the chunk does not
// support the claim.
const ReasonJudgeUnsupported = "judge_unsupported"
