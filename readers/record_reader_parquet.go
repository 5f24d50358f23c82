package readers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
)

// parquetBatchRows is the record-batch size read from Parquet. pqarrow in
// v17 reads nothing at all with a batch size of 0, so it is always set.
const parquetBatchRows = 512

// parquetMagic starts (and ends) every Parquet file.
const parquetMagic = "PAR1"

// errParquetStdin: Parquet's footer is read first, so a stream will not do.
var errParquetStdin = errors.New("a Parquet file needs random access, so it cannot be read from standard input or a pipe: pass the file itself")

// isParquet tells a Parquet file by its magic bytes.
func isParquet(in *input) bool {
	magic, _ := in.raw.Peek(len(parquetMagic))
	return string(magic) == parquetMagic
}

// parquetRecords streams the records of a Parquet file of canonical records:
// either one conversation per row (conversation_id, tenant, agent,
// timestamp, messages: list<struct<role, content, retrieval:
// list<struct<id, source, text, score>>>>), or the flat layout, one
// assistant turn per row (conversation_id, turn, timestamp, question,
// answer, retrieval). It reads row group by row group, batch by batch,
// with buffered streams, so memory does not follow the file or row-group
// size; every string kept is copied out of Arrow's buffers. Skips name the
// row (1-based) in Line. A row group that cannot be decoded costs its own
// rows only: each is skipped as truncated_input, and the next group is
// read.
func parquetRecords(in *input, stop func() error, yield func(Record, error) bool) error {
	if in.remote != nil {
		return stagedParquet(in, stop, yield)
	}
	if !in.regular {
		return fmt.Errorf("%s: %w", in.name, errParquetStdin)
	}
	fi, err := in.file.Stat()
	if err != nil {
		return err
	}
	// Read at random through a section of the file, so that the input's
	// own reading, which hashes it, is not disturbed.
	return parquetRows(in.name, io.NewSectionReader(in.file, 0, fi.Size()), stop, yield)
}

// stagedParquet reads a Parquet object: its footer comes first, so it is
// copied to a temporary file by one sequential read (hashed on the way,
// as every input is) and read from there; the file is gone with the
// reading.
func stagedParquet(in *input, stop func() error, yield func(Record, error) bool) error {
	tmp, err := os.CreateTemp("", "ragaudit-parquet-*")
	if err != nil {
		return fmt.Errorf("%s: staging the Parquet object: %w", in.name, err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	n, err := io.Copy(tmp, in.raw)
	if err != nil {
		return fmt.Errorf("%s: staging the Parquet object: %w", in.name, err)
	}
	return parquetRows(in.name, io.NewSectionReader(tmp, 0, n), stop, yield)
}

// parquetRows streams the rows of the Parquet data r holds.
func parquetRows(name string, r parquet.ReaderAtSeeker, stop func() error, yield func(Record, error) bool) error {
	p, err := openParquet(name, r)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	defer func() { _ = guard(p.pf.Close) }()
	for g := 0; g < p.pf.NumRowGroups(); g++ {
		if err := stop(); err != nil {
			return fmt.Errorf("%s: reading stopped: %w", name, err)
		}
		if !p.rowGroup(g, yield) {
			return nil
		}
	}
	return nil
}

// parquetReader is an open Parquet file of canonical records.
type parquetReader struct {
	name string
	r    io.ReaderAt // the file, for the page headers checked before arrow reads them
	hung error       // a group whose decoding did not end: the file reads no further
	pf   *file.Reader
	fr   *pqarrow.FileReader
	cols parquetCols
	row  int // rows before the current row group
}

// openParquet reads the footer and schema of r.
//
// arrow panics on some damaged files (a bad page header, a corrupt
// compressed page) instead of returning an error, and pqarrow decodes
// struct columns on goroutines of its own, out of reach of any recover.
// So each row group is first decoded column by column here, under guard,
// and handed to pqarrow only when that worked: Parquet input costs two
// decodes, and damage becomes a counted loss naming the rows, like any
// other bad input.
func openParquet(name string, r parquet.ReaderAtSeeker) (*parquetReader, error) {
	p := &parquetReader{name: name, r: r}
	err := guard(func() error {
		props := parquet.NewReaderProperties(memory.DefaultAllocator)
		props.BufferedStreamEnabled = true
		props.BufferSize = 1 << 20
		var err error
		if p.pf, err = file.NewParquetReader(r, file.WithReadProps(props)); err != nil {
			return fmt.Errorf("not a readable Parquet file: %w", err)
		}
		if p.fr, err = pqarrow.NewFileReader(p.pf, pqarrow.ArrowReadProperties{BatchSize: parquetBatchRows}, memory.DefaultAllocator); err != nil {
			return err
		}
		s, err := p.fr.Schema()
		if err != nil {
			return err
		}
		p.cols, err = parquetColumns(s)
		return err
	})
	if err != nil && p.pf != nil {
		_ = guard(p.pf.Close)
	}
	return p, err
}

// decodeLimit bounds the decoding of one row group (about 0.1 s for the
// 500 conversations convert writes to a group). Arrow's column reader
// spins forever, inside one call, on a page of a required column whose
// decoder yields fewer values than the page announces (one damaged byte
// does it), and nothing can stop that call.
var decodeLimit = 60 * time.Second

// checkGroup runs checkRowGroup on group g within decodeLimit. A group
// whose decoding does not end is damage, and the rest of the file with
// it: its goroutine keeps spinning until the process ends, and is not
// given another group to spin on.
func (p *parquetReader) checkGroup(g int) error {
	done := make(chan error, 1)
	go func() { done <- guard(func() error { return checkRowGroup(p.pf.RowGroup(g)) }) }()
	t := time.NewTimer(decodeLimit)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		p.hung = fmt.Errorf("decoding row group %d did not end in %v (a damaged page the Parquet decoder cannot leave); the rest of the file is not read", g+1, decodeLimit)
		return p.hung
	}
}

// rowGroup yields the rows of row group g. The rows a damaged group held
// that were not yielded are skipped one by one, naming the group's rows;
// false means the caller stopped.
func (p *parquetReader) rowGroup(g int, yield func(Record, error) bool) bool {
	first := p.row
	var want int
	if err := guard(func() error { want = int(p.pf.MetaData().RowGroup(g).NumRows()); return nil }); err != nil {
		want = 0
	}
	p.row += want
	done, stopped := 0, false
	err := p.readGroup(g, func(rec Record, skip *SkipError) bool {
		done++
		row := first + done
		if skip != nil {
			skip.File, skip.Line = p.name, row
			stopped = !yield(Record{}, skip)
		} else {
			rec.File, rec.Line = p.name, row
			stopped = !yield(rec, nil)
		}
		return !stopped
	})
	if stopped {
		return false
	}
	if err == nil && done < want {
		err = fmt.Errorf("it holds %d rows, its metadata %d", done, want)
	}
	for row := first + done + 1; err != nil && row <= first+want; row++ {
		if !yield(Record{}, &SkipError{File: p.name, Line: row, Reason: ReasonTruncatedGzip,
			Detail: fmt.Sprintf("row group %d (rows %d–%d) cannot be read (damaged file): %v", g+1, first+1, first+want, err)}) {
			return false
		}
	}
	return true
}

// readGroup decodes row group g and hands each row to each (false: stop),
// returning the damage that stopped it.
func (p *parquetReader) readGroup(g int, each func(Record, *SkipError) bool) error {
	if p.hung != nil {
		return p.hung // nothing more of this file is read
	}
	if err := guard(func() error { return checkPageSizes(p.r, p.pf.MetaData(), p.pf.RowGroup(g)) }); err != nil {
		return err
	}
	if err := p.checkGroup(g); err != nil {
		return err
	}
	var rr pqarrow.RecordReader
	if err := guard(func() (err error) {
		rr, err = p.fr.GetRecordReader(context.Background(), nil, []int{g})
		return err
	}); err != nil {
		return err
	}
	defer func() { _ = guard(func() error { rr.Release(); return nil }) }()
	for {
		var more bool
		if err := guard(func() error { more = rr.Next(); return nil }); err != nil {
			return err
		}
		if !more {
			break
		}
		batch := rr.Record()
		for i := 0; i < int(batch.NumRows()); i++ {
			var rec Record
			var skip *SkipError
			if err := guard(func() error { rec, skip = p.cols.record(batch, i); return nil }); err != nil {
				return err
			}
			if !each(rec, skip) {
				return nil
			}
		}
	}
	if err := rr.Err(); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

// checkRowGroup decodes every value and level of a row group and returns
// the first error; run under guard, it turns arrow's panics on damaged
// data into errors on this goroutine.
func checkRowGroup(rg *file.RowGroupReader) error {
	const n = 1024
	def, rep := make([]int16, n), make([]int16, n)
	for j := 0; j < rg.NumColumns(); j++ {
		if err := checkLevels(rg, j); err != nil {
			return err
		}
		cr, err := rg.Column(j)
		if err != nil {
			return err
		}
		var read func() (int64, error)
		switch c := cr.(type) {
		case *file.ByteArrayColumnChunkReader:
			read = batchReader[parquet.ByteArray](c, def, rep)
		case *file.Int64ColumnChunkReader:
			read = batchReader[int64](c, def, rep)
		case *file.Int32ColumnChunkReader:
			read = batchReader[int32](c, def, rep)
		case *file.Float64ColumnChunkReader:
			read = batchReader[float64](c, def, rep)
		case *file.Float32ColumnChunkReader:
			read = batchReader[float32](c, def, rep)
		case *file.BooleanColumnChunkReader:
			read = batchReader[bool](c, def, rep)
		case *file.Int96ColumnChunkReader:
			read = batchReader[parquet.Int96](c, def, rep)
		case *file.FixedLenByteArrayColumnChunkReader:
			read = batchReader[parquet.FixedLenByteArray](c, def, rep)
		default:
			return fmt.Errorf("column %d: unsupported physical type %T", j, cr)
		}
		// A damaged page header can claim billions of values, each read
		// in turn: no column holds more than its metadata says.
		meta, err := rg.MetaData().ColumnChunk(j)
		if err != nil {
			return err
		}
		var got int64
		for cr.HasNext() {
			t, err := read()
			if err != nil {
				return err
			} else if t == 0 {
				break
			}
			if got += t; got > meta.NumValues() {
				return fmt.Errorf("column %d holds more values than the %d its metadata says", j, meta.NumValues())
			}
		}
		if err := cr.Err(); err != nil {
			return err
		}
	}
	return nil
}

// batchReader returns a function that reads the next batch of a typed
// column chunk reader (arrow has one type per physical type, and no
// untyped ReadBatch) into scratch space, reporting the values read.
func batchReader[T any](c interface {
	ReadBatch(int64, []T, []int16, []int16) (int64, int, error)
}, def, rep []int16) func() (int64, error) {
	vals := make([]T, len(def))
	return func() (int64, error) {
		t, _, err := c.ReadBatch(int64(len(vals)), vals, def, rep)
		return t, err
	}
}

// guard runs f, turning a panic inside it into an error. Only calls into
// arrow are guarded, never yield: a panic of the consumer stays its own.
func guard(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("damaged Parquet data (%v)", r)
		}
	}()
	return f()
}
