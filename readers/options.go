package readers

import (
	"context"
	"io"
	"math"
)

// DefaultMaxLineBytes bounds one record: a JSONL line, or one record of a
// pretty-printed file or JSON array. A longer one is skipped (and drained
// without being held in memory), so one runaway record cannot take the
// process down.
const DefaultMaxLineBytes = 8 << 20

// Options tune the readers.
type Options struct {
	MaxLineBytes int       // 0 (or less) means DefaultMaxLineBytes; math.MaxInt means no limit
	Stdin        io.Reader // what "-" reads; nil means os.Stdin
	Format       string    // "" or "auto": detect; else one of Formats
	Mappings     []Mapping // custom-table mappings (--mapping); used for JSON rows when set
	MappingName  string    // which mapping; "" picks the first that fits
	// Context stops opening and reading when it is cancelled: a FIFO
	// nobody writes to, or a pipe that never ends, does not hold the run.
	// nil means context.Background().
	Context context.Context
	// Progress, when set, is told of the bytes of each read of an input
	// as stored (compressed bytes for gzip), for a progress bar.
	Progress func(bytes int)
	// Remote opens the inputs it claims (object storage URLs); nil: every
	// input is a local path.
	Remote Remote
}

// Remote opens inputs that are not local paths: objects in a store, read
// once from their first byte to their last, as a pipe is (a Parquet
// object is staged to a temporary file on the way).
type Remote interface {
	IsRemote(name string) bool
	// Open opens name and says its ETag (the version read).
	Open(ctx context.Context, name string) (io.ReadCloser, string, error)
}

// maxRecordBytes is the bound on one record in force: opts.MaxLineBytes,
// its default, or (for values past any real file) no bound at all, kept
// clear of integer overflow where a line ending is added to it.
func (o *Options) maxRecordBytes() int {
	switch {
	case o.MaxLineBytes <= 0:
		return DefaultMaxLineBytes
	case o.MaxLineBytes > math.MaxInt-2:
		return math.MaxInt - 2
	}
	return o.MaxLineBytes
}

func (o *Options) context() context.Context {
	if o.Context == nil {
		return context.Background()
	}
	return o.Context
}

// FileStats is filled in while a file is read; SHA256 and Bytes are final
// once the iteration has ended.
type FileStats struct {
	Path   string
	SHA256 string // of the bytes as stored (compressed bytes for .gz)
	// ContentSHA256 is of a gzip input's bytes decompressed, as far as
	// they were read; "" for an input that is not gzip (SHA256 is its
	// content's).
	ContentSHA256 string
	ETag          string // the object's, for an input read from object storage (Options.Remote)
	Bytes         int64
	Records       int // records yielded
	Skipped       int // records skipped
	// KeysRead says, for canonical JSON records, which key each aliased
	// field (aliases.go) was read from, how often and from which line
	// on: by field, then by first line. A field read from two keys is a
	// log whose schema changed within the file.
	KeysRead []KeyUse
	keys     *fileKeys
}

// Stdin is the path that reads standard input.
const Stdin = "-"
