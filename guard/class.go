package guard

import (
	"slices"

	"github.com/ragaudit/ragaudit/audit"
)

// Class is a class of failure: what a policy enforces or annotates.
type Class string

// The classes of failure, in the order decisions list them.
const (
	// Deterministic: facts of the answer and its retrieval.
	ClassFabricated     Class = "fabricated"      // a citation resolves to no retrieved chunk
	ClassClaimsRejected Class = "claims_rejected" // claims JSON citing evidence that was not retrieved
	ClassBelowFloor     Class = "below_floor"     // nothing retrieved, or the best score under the floor
	// Decisive: the cited chunk contradicts the claim.
	ClassNumberMismatch   Class = "number_mismatch"
	ClassNegationMismatch Class = "negation_mismatch"
	ClassEntityMismatch   Class = "entity_mismatch"
	// Score-only: the model's support score is under the threshold.
	ClassLowSimilarity Class = "low_similarity"
	ClassMisattributed Class = "misattributed" // another retrieved chunk supports the claim
	ClassUncited       Class = "uncited"       // a factual sentence that cites nothing
	// Cannot be checked: no retrieval, a chunk without text, a language
	// the checks do not support.
	ClassUnverifiable Class = "unverifiable"
)

// Classes are every class, in order.
var Classes = []Class{ClassFabricated, ClassClaimsRejected, ClassBelowFloor, ClassNumberMismatch, ClassNegationMismatch,
	ClassEntityMismatch, ClassLowSimilarity, ClassMisattributed, ClassUncited, ClassUnverifiable}

// scoreOnly are the classes that rest on the model's score alone.
func (c Class) scoreOnly() bool {
	return c == ClassLowSimilarity || c == ClassMisattributed || c == ClassUncited
}

// classOfReason is the class of a finding's reason ("" for reasons that
// only refine another).
func classOfReason(code string) Class {
	switch code {
	case string(ClassNumberMismatch), string(ClassNegationMismatch), string(ClassEntityMismatch):
		return Class(code)
	case "misattributed":
		return ClassMisattributed
	case "partly_stated":
		return "" // refines low_similarity
	}
	return ClassLowSimilarity
}

// classesOf are the classes of failure of one claim's findings. A claim
// whose sentence verdict is supported stands on its citations together:
// an unsupported co-citation is no failure of the claim, a fabricated or
// unverifiable one still is.
func classesOf(fs []audit.Finding) []Class {
	var out []Class
	add := func(c Class) {
		if c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for i := range fs {
		f := &fs[i]
		switch f.Verdict {
		case audit.Fabricated:
			add(ClassFabricated)
		case audit.NotAuditable:
			add(ClassUnverifiable)
		case audit.Uncited:
			add(ClassUncited)
		case audit.Unsupported:
			if f.SentenceVerdict == audit.Supported {
				continue
			}
			if len(f.Reasons) == 0 {
				add(ClassLowSimilarity)
			}
			for _, r := range f.Reasons {
				add(classOfReason(r))
			}
		}
	}
	slices.SortFunc(out, func(a, b Class) int { return slices.Index(Classes, a) - slices.Index(Classes, b) })
	return out
}
