//go:build ignore

// Command trigramgen writes lang/data/trigrams.txt, the detector's letter
// trigram model, from the language models of lingua-go v1.4.0 (Apache-2.0,
// github.com/pemistahl/lingua-go): for each language, the n trigrams most
// frequent in its training text (by the product of the probabilities
// lingua's unigram, bigram and trigram models give their first letter,
// their second after it and their third after those two), each with the
// probability of its third letter after the first two. It reads the module as the go command downloads it
// and writes the same bytes for the same module version:
//
//	dir=$(go mod download -json github.com/pemistahl/lingua-go@v1.4.0 | sed -n 's/.*"Dir": "\(.*\)",/\1/p')
//	go run lang/internal/trigramgen/main.go -lingua "$dir" > lang/data/trigrams.txt
package main

import (
	"archive/zip"
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"google.golang.org/protobuf/encoding/protowire"
)

func main() {
	dir := flag.String("lingua", "", "the lingua-go v1.4.0 module directory")
	n := flag.Int("n", 3000, "trigrams kept per language")
	codes := flag.String("codes", "en nl de fr es it pt pl sv da nb fi cs ro tr ca hu", "lingua's codes of the languages, in the detector's order")
	flag.Parse()
	fmt.Printf(`# The language detector's letter trigram model: for each language, the %d trigrams
# (inside words, lowercased) most frequent in its training text, each with -ln P(last letter |
# first two), to one decimal. Derived by lang/internal/trigramgen from the language models of
# lingua-go v1.4.0 (github.com/pemistahl/lingua-go), Copyright (c) 2021-present Peter M. Stahl,
# Apache License 2.0 (www.apache.org/licenses/LICENSE-2.0); regenerate with the command in
# lang/internal/trigramgen/main.go. "nb" (Bokmål) is written as "no".
`, *n)
	for _, code := range strings.Fields(*codes) {
		uni := load(*dir, code, "unigrams")
		bi := load(*dir, code, "bigrams")
		tri := load(*dir, code, "trigrams")
		type entry struct {
			t     string
			joint float64
		}
		var es []entry
		for t, p := range tri {
			r := []rune(t)
			es = append(es, entry{t, uni[string(r[:1])] * bi[string(r[:2])] * p})
		}
		sort.Slice(es, func(i, j int) bool {
			if es[i].joint != es[j].joint {
				return es[i].joint > es[j].joint
			}
			return es[i].t < es[j].t
		})
		es = es[:min(*n, len(es))]
		sort.Slice(es, func(i, j int) bool { return es[i].t < es[j].t })
		name := code
		if code == "nb" {
			name = "no"
		}
		fmt.Printf("\n[%s]\n", name)
		for i, e := range es {
			sep := " "
			if i%8 == 7 || i == len(es)-1 {
				sep = "\n"
			}
			fmt.Printf("%s %.1f%s", e.t, -math.Log(tri[e.t]), sep)
		}
	}
}

// load reads one of lingua's models: ngram → probability.
func load(dir, code, kind string) map[string]float64 {
	path := filepath.Join(dir, "language-models", code, kind+".pb.bin.zip")
	b, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		log.Fatalf("%s: %v", path, err)
	}
	f, err := z.File[0].Open()
	if err != nil {
		log.Fatal(err)
	}
	pb, err := io.ReadAll(f)
	if err != nil {
		log.Fatal(err)
	}
	out := map[string]float64{}
	// SerializableLanguageModel: field 4 repeated SerializableNgramSet
	// {1: double probability, 2: repeated string ngrams}.
	for len(pb) > 0 {
		num, typ, n := protowire.ConsumeTag(pb)
		pb = pb[n:]
		if num != 4 || typ != protowire.BytesType {
			pb = pb[protowire.ConsumeFieldValue(num, typ, pb):]
			continue
		}
		set, n := protowire.ConsumeBytes(pb)
		pb = pb[n:]
		var prob float64
		var grams []string
		for len(set) > 0 {
			num, typ, n := protowire.ConsumeTag(set)
			set = set[n:]
			switch {
			case num == 1 && typ == protowire.Fixed64Type:
				v, n := protowire.ConsumeFixed64(set)
				prob, set = math.Float64frombits(v), set[n:]
			case num == 2 && typ == protowire.BytesType:
				s, n := protowire.ConsumeString(set)
				grams, set = append(grams, s), set[n:]
			default:
				set = set[protowire.ConsumeFieldValue(num, typ, set):]
			}
		}
		for _, g := range grams {
			out[g] = prob
		}
	}
	return out
}
