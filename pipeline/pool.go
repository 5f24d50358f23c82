package pipeline

import (
	"context"
	"fmt"
	"sync"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/llmjudge"
	"github.com/ragaudit/ragaudit/readers"
)

// inFlightPerWorker bounds the records read but not yet written: memory
// stays flat however long the input and however slow one record is.
const inFlightPerWorker = 16

// auditInOrder audits the records that produce submits on workers
// goroutines and calls emit with the results in submission order. At most
// workers*inFlightPerWorker records are in flight. The first error of
// produce or emit is returned, after every goroutine has stopped.
// auditor is called by the workers: models may still be loading while the
// first records are read.
// A judge (nil: none) is sent each record's band after its audit, its
// answers awaited in order before the record is emitted, so that calls
// for many records are in flight at once. produce submits records, and
// marks (a unit's start and end) that pass through to emit in their place
// in the order.
func auditInOrder(ctx context.Context, auditor func() (*audit.Auditor, error), guard GuardLog, judge *llmjudge.Judge, workers int,
	produce func(ctx context.Context, submit func(readers.Record, *repeats, *unitMark) bool) error, emit func(*audit.Result, *unitMark) error) error {

	// The first failure cancels the work still queued (e.g. records
	// waiting on an embedding endpoint that is down).
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	inFlight := workers * inFlightPerWorker
	jobs := make(chan job, inFlight)
	results := make(chan done, inFlight)
	tokens := make(chan struct{}, inFlight) // one per record not yet emitted
	stop := make(chan struct{})             // closed when emit fails

	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				results <- work(runCtx, auditor, guard, judge, &j)
			}
		}()
	}

	var produceErr error
	go func() {
		defer func() {
			close(jobs)
			wg.Wait()
			close(results)
		}()
		seq := 0
		produceErr = produce(ctx, func(rec readers.Record, rp *repeats, mark *unitMark) bool {
			select {
			case tokens <- struct{}{}:
			case <-stop:
				return false
			}
			jobs <- job{seq, rec, rp, mark}
			seq++
			return true
		})
	}()

	var repeated settler
	reaudit := func(rec *readers.Record) (audit.Result, error) { return auditOne(runCtx, auditor, guard, rec) }
	pending := map[int]*done{}
	next := 0
	var emitErr error
	for d := range results {
		pending[d.seq] = &d
		for r, ok := pending[next]; ok; r, ok = pending[next] {
			delete(pending, next)
			next++
			<-tokens
			if emitErr != nil {
				continue
			}
			if emitErr = emitOne(r, &repeated, reaudit, emit); emitErr != nil {
				close(stop)
				cancel()
			}
		}
	}
	// results is closed only after produce returned: produceErr is set.
	if produceErr != nil {
		return produceErr
	}
	return emitErr
}

// emitOne waits for a record's judge, settles its repeated answers and
// emits it, in input order.
func emitOne(r *done, repeated *settler, reaudit func(*readers.Record) (audit.Result, error), emit func(*audit.Result, *unitMark) error) error {
	if r.err != nil {
		return r.err
	}
	if r.wait != nil {
		if err := r.wait(); err != nil {
			return err
		}
	}
	if r.mark != nil && !r.mark.end {
		*repeated = settler{} // a unit's answers are its own
	}
	if err := repeated.settle(&r.res, r.rp, reaudit); err != nil {
		return err
	}
	return emit(&r.res, r.mark)
}

type job struct {
	seq  int
	rec  readers.Record
	rp   *repeats // the answers it took for an earlier record's (nil: none)
	mark *unitMark
}

type done struct {
	seq  int
	res  audit.Result
	err  error
	wait func() error // the judge's answers put in res (nil: no judge)
	rp   *repeats
	mark *unitMark
}

// unitMark is the start (end false) or the end of a unit in the stream.
type unitMark struct {
	acc *unitAcc
	end bool
}

// work is a worker's part of one job: its audit and its turn with the
// judge; a unit's start or end has nothing to audit, but takes its turn
// for the judge's budget.
func work(ctx context.Context, auditor func() (*audit.Auditor, error), guard GuardLog, judge *llmjudge.Judge, j *job) done {
	if j.mark != nil {
		return done{seq: j.seq, mark: j.mark, err: judgeTurn(ctx, judge, j.seq)}
	}
	d := done{seq: j.seq, rp: j.rp}
	d.res, d.err = auditOne(ctx, auditor, guard, &j.rec)
	d.wait, d.err = startJudge(ctx, judge, &d, d.err)
	return d
}

// auditOne audits a record on a worker, unless the run is stopping.
func auditOne(ctx context.Context, auditor func() (*audit.Auditor, error), guard GuardLog, rec *readers.Record) (res audit.Result, err error) {
	// A check that panics on some record is a bug: the run stops with an
	// error naming the record, not a stack trace whose exit code reads as
	// a usage error, and no record is passed over silently.
	defer func() {
		if p := recover(); p != nil {
			res, err = audit.Result{}, fmt.Errorf("%s:%d (conversation %q): internal error while auditing this record, a bug in ragaudit (please report it with this record): %v",
				rec.File, rec.Line, rec.ConversationID, p)
		}
	}()
	if err := ctx.Err(); err != nil {
		return audit.Result{}, err
	}
	a, err := auditor()
	if err != nil {
		return audit.Result{}, err
	}
	return auditGuarded(ctx, a, rec, guard)
}
