package pipeline

import (
	"context"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// A check that panics on a record stops the run with an error naming the
// record, not with a stack trace.
func TestAPanicAuditingARecordIsAnErrorNamingIt(t *testing.T) {
	rec := &readers.Record{File: "logs.jsonl", Line: 7, ConversationID: "c-7"}
	// A nil auditor panics on its first field: a stand-in for a check's bug.
	_, err := auditOne(context.Background(), func() (*audit.Auditor, error) { return nil, nil }, GuardLog{}, rec)
	if err == nil || !strings.Contains(err.Error(), `logs.jsonl:7 (conversation "c-7"): internal error`) {
		t.Fatalf("err %v", err)
	}
}
