package pipeline

import (
	"context"

	"github.com/ragaudit/ragaudit/llmjudge"
)

// startJudge sends a record's band to the judge (every record takes its
// turn for the budget, one that failed with nothing to judge) and returns
// what waits for the answers; the error is the audit's, or the context's.
func startJudge(ctx context.Context, judge *llmjudge.Judge, d *done, auditErr error) (func() error, error) {
	if judge == nil {
		return nil, auditErr
	}
	res := &d.res
	if auditErr != nil {
		res = nil
	}
	wait, err := judge.Start(ctx, d.seq, res)
	if auditErr != nil {
		return nil, auditErr
	}
	return wait, err
}

// judgeTurn passes a unit mark's place in the order to the judge, which
// hands out its budget by turns of every number the stream gives out.
func judgeTurn(ctx context.Context, judge *llmjudge.Judge, seq int) error {
	if judge == nil {
		return nil
	}
	_, err := judge.Start(ctx, seq, nil)
	return err
}
