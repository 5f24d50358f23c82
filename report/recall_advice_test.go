package report

import (
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/estimate"
)

// The advice on --machine-recall is one a user can follow: a share above
// 0, or, where the labels show none for certain, that no share can be
// taken (the flag refuses 0).
func TestRecallAdviceCanBeFollowed(t *testing.T) {
	var none estimate.Agreement
	none.Confusion.UnsupportedAsSupported = 12
	if got := recallAdvice(none); strings.Contains(got, "0.0%") || !strings.Contains(got, "can take no --machine-recall") {
		t.Errorf("no unsupported citation caught: %q", got)
	}
	some := estimate.Agreement{UnsupportedCaught: 0.8}
	some.Confusion.UnsupportedAsUnsupported, some.Confusion.UnsupportedAsSupported = 40, 10
	if got := recallAdvice(some); !strings.Contains(got, "may take no more than ") || !strings.HasSuffix(got, "as --machine-recall") {
		t.Errorf("most caught: %q", got)
	}
}
