package readers

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"

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

// errParquetStdin: Parquet's footer is read first, so a pipe will not do.
var errParquetStdin = errors.New("Parquet cannot be read from stdin (it needs random access): pass the file")

// Parquet streams the records of a Parquet file of canonical records:
// either one conversation per row (conversation_id, tenant, agent,
// timestamp, messages: list<struct<role, content, retrieval:
// list<struct<id, source, text, score>>>>), or the flat layout, one
// assistant turn per row (conversation_id, turn, timestamp, question,
// answer, retrieval). It reads batch by batch with buffered streams, so
// memory does not follow the file or row-group size; every string kept is
// copied out of Arrow's buffers. Skips name the row (1-based) in Line.
func Parquet(path string, stats *FileStats) iter.Seq2[Record, error] {
	if stats == nil {
		stats = &FileStats{}
	}
	stats.Path = path
	return func(yield func(Record, error) bool) {
		if path == Stdin {
			yield(Record{}, errParquetStdin)
			return
		}
		sum, size, err := hashFile(path)
		if err != nil {
			yield(Record{}, err)
			return
		}
		stats.SHA256, stats.Bytes = sum, size

		// arrow panics on some damaged files (a bad page header, a corrupt
		// compressed page) instead of returning an error, and pqarrow
		// decodes struct columns on goroutines of its own, out of reach of
		// any recover. So each row group is first decoded column by column
		// here, under guard, and handed to pqarrow only when that worked:
		// Parquet input costs two decodes, and damage becomes a counted
		// loss naming the row, like any other bad input.
		var (
			pf   *file.Reader
			fr   *pqarrow.FileReader
			cols parquetCols
		)
		err = guard(func() error {
			props := parquet.NewReaderProperties(memory.DefaultAllocator)
			props.BufferedStreamEnabled = true
			props.BufferSize = 1 << 20
			var err error
			if pf, err = file.OpenParquetFile(path, false, file.WithReadProps(props)); err != nil {
				return fmt.Errorf("not a readable Parquet file: %w", err)
			}
			if fr, err = pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: parquetBatchRows}, memory.DefaultAllocator); err != nil {
				return err
			}
			s, err := fr.Schema()
			if err != nil {
				return err
			}
			cols, err = parquetColumns(s)
			return err
		})
		defer func() {
			if pf != nil {
				_ = guard(pf.Close)
			}
		}()
		if err != nil {
			yield(Record{}, fmt.Errorf("%s: %w", path, err))
			return
		}
		row := 0
		lost := func(err error) {
			stats.Skipped++
			detail := "Parquet data from this row on cannot be read: " + err.Error()
			if n := pf.NumRows(); n > int64(row) {
				detail = fmt.Sprintf("rows %d–%d of %d cannot be read (damaged file): %v", row+1, n, n, err)
			}
			yield(Record{}, &SkipError{File: path, Line: row + 1, Reason: ReasonTruncatedGzip, Detail: detail})
		}
		for g := 0; g < pf.NumRowGroups(); g++ {
			if err := guard(func() error { return checkRowGroup(pf.RowGroup(g)) }); err != nil {
				lost(err)
				return
			}
			var rr pqarrow.RecordReader
			if err := guard(func() (err error) {
				rr, err = fr.GetRecordReader(context.Background(), nil, []int{g})
				return err
			}); err != nil {
				lost(err)
				return
			}
			ok := func() bool {
				defer func() { _ = guard(func() error { rr.Release(); return nil }) }()
				for {
					var more bool
					if err := guard(func() error { more = rr.Next(); return nil }); err != nil {
						lost(err)
						return false
					}
					if !more {
						break
					}
					batch := rr.Record()
					for i := 0; i < int(batch.NumRows()); i++ {
						var rec Record
						var skip *SkipError
						if err := guard(func() error { rec, skip = cols.record(batch, i); return nil }); err != nil {
							lost(err)
							return false
						}
						row++
						if skip != nil {
							skip.File, skip.Line = path, row
							stats.Skipped++
							if !yield(Record{}, skip) {
								return false
							}
							continue
						}
						rec.File, rec.Line = path, row
						stats.Records++
						if !yield(rec, nil) {
							return false
						}
					}
				}
				if err := rr.Err(); err != nil && !errors.Is(err, io.EOF) {
					lost(err)
					return false
				}
				return true
			}()
			if !ok {
				return
			}
		}
	}
}

// checkRowGroup decodes every value and level of a row group and returns
// the first error; run under guard, it turns arrow's panics on damaged
// data into errors on this goroutine.
func checkRowGroup(rg *file.RowGroupReader) error {
	const n = 1024
	def, rep := make([]int16, n), make([]int16, n)
	for j := 0; j < rg.NumColumns(); j++ {
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
		for cr.HasNext() {
			if t, err := read(); err != nil {
				return err
			} else if t == 0 {
				break
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

func hashFile(path string) (string, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", 0, fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}
