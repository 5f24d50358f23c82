package readers

import (
	"github.com/apache/arrow/go/v17/parquet/compress"
)

// arrow's codecs panic on damaged compressed pages (zstd's does so for
// every decode error), and pqarrow decodes struct columns on goroutines of
// its own, where no recover of ours can reach. Each codec is wrapped so
// that a failed decode returns nothing instead: the page reader then sees
// fewer bytes than the page header promised and reports an error, which
// Parquet turns into a counted loss naming the row.
func init() {
	for _, c := range []compress.Compression{compress.Codecs.Snappy, compress.Codecs.Gzip, compress.Codecs.Brotli, compress.Codecs.Zstd} {
		if codec, err := compress.GetCodec(c); err == nil {
			compress.RegisterCodec(c, safeCodec{codec})
		}
	}
}

type safeCodec struct{ compress.Codec }

func (s safeCodec) Decode(dst, src []byte) (out []byte) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	return s.Codec.Decode(dst, src)
}
