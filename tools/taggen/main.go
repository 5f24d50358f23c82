// Command taggen writes nounphrase/tagger.bin, the part-of-speech model of
// ragaudit's noun-phrase chunker, from the averaged-perceptron model that
// github.com/jdkato/prose/v2 embeds (en-v2.0.0, MIT). Run by `make tagger`;
// the output is byte-identical for the same prose version.
package main

import (
	"bytes"
	"encoding/gob"
	"flag"
	"fmt"
	"os"

	"github.com/jdkato/prose/v2"

	"github.com/ragaudit/ragaudit/nounphrase"
)

func main() {
	out := flag.String("out", "nounphrase/tagger.bin", "model file to write")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "taggen:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	var (
		weights map[string]map[string]float64
		tags    map[string]string
		classes []string
	)
	for name, v := range map[string]any{"weights.gob": &weights, "tags.gob": &tags, "classes.gob": &classes} {
		b, err := prose.Asset("model/AveragedPerceptron/" + name)
		if err != nil {
			return err
		}
		if err := gob.NewDecoder(bytes.NewReader(b)).Decode(v); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	var b bytes.Buffer
	if err := nounphrase.EncodePerceptron(&b, weights, tags, classes); err != nil {
		return err
	}
	return os.WriteFile(out, b.Bytes(), 0o644)
}
