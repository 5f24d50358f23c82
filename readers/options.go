package readers

import "io"

// DefaultMaxLineBytes bounds one JSONL line. A longer line is skipped (and
// drained without being held in memory), so one runaway record cannot take
// the process down.
const DefaultMaxLineBytes = 8 << 20

// Options tune the readers.
type Options struct {
	MaxLineBytes int       // 0 means DefaultMaxLineBytes
	Stdin        io.Reader // what "-" reads; nil means os.Stdin
	Format       string    // "" or "auto": detect; else jsonl, parquet or a provider format (Formats)
	Mappings     []Mapping // custom-table mappings (--mapping); used for JSONL rows when set
	MappingName  string    // which mapping; "" picks the first that fits
}

// FileStats is filled in while a file is read; SHA256 and Bytes are final
// once the iteration has ended.
type FileStats struct {
	Path    string
	SHA256  string // of the bytes as stored (compressed bytes for .gz)
	Bytes   int64
	Records int // records yielded
	Skipped int // records skipped
}

// Stdin is the path that reads standard input.
const Stdin = "-"
