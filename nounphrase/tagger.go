package nounphrase

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/mingrammer/commonregex"
)

// Tagger tags words with prose's averaged-perceptron English model. It
// reproduces prose's tokenizer, tagging rules and features exactly, but
// scores them with the compact model (model.go): no per-token maps, and
// ties broken by class order rather than map order, so the same sentence
// always gets the same tags. Safe for concurrent use.
type Tagger struct {
	p *Perceptron
}

var (
	modelOnce sync.Once
	model     *Perceptron
	modelErr  error
)

// NewTagger returns a tagger over the built-in model (decoded once).
func NewTagger() (*Tagger, error) {
	modelOnce.Do(func() { model, modelErr = DecodePerceptron(taggerAsset) })
	if modelErr != nil {
		return nil, modelErr
	}
	return &Tagger{p: model}, nil
}

// Tag tokenises and tags one sentence.
func (t *Tagger) Tag(sentence string) []Token {
	toks := tokenize(sentence)
	out := make([]Token, len(toks))
	ctx := make([]string, len(toks)+4)
	ctx[0], ctx[1] = "-START-", "-START2-"
	for i, tk := range toks {
		out[i].Text = tk
		ctx[i+2] = contextWord(tk)
	}
	ctx[len(ctx)-2], ctx[len(ctx)-1] = "-END-", "-END2-"
	p1, p2 := "-START-", "-START2-"
	var buf []byte
	for i := range out {
		word := out[i].Text
		var tag string
		switch {
		case word == "-":
			tag = "-"
		case emoticons[word]:
			tag = "SYM"
		case strings.HasPrefix(word, "@") ||
			strings.Contains(word, ".") && commonregex.LinkRegex.MatchString(word) ||
			strings.Contains(word, "@") && commonregex.EmailRegex.MatchString(word):
			tag = "NN"
		case (word == "0" || word[0] == '*') && reNone.MatchString(word):
			tag = "-NONE-"
		case word[0] == '-' && reKeep.MatchString(word):
			tag = word
		default:
			if c, ok := t.p.TagMap[word]; ok {
				tag = t.p.Classes[c]
			} else {
				tag, buf = t.predict(buf, i+2, ctx, word, p1, p2)
			}
		}
		out[i].Tag = tag
		p2, p1 = p1, tag
	}
	return out
}

// prose's rules for tokens that are not scored (tag.go).
var (
	reNone = regexp.MustCompile(`^(?:0|\*[\w?]\*|\*\-\d{1,3}|\*[A-Z]+\*\-\d{1,3}|\*)$`)
	reKeep = regexp.MustCompile(`^\-[A-Z]{3}\-$`)
)

// predict scores prose's 14 features of the word at ctx[i] and returns the
// best class (buf is scratch space, returned for reuse).
func (t *Tagger) predict(buf []byte, i int, ctx []string, w, p1, p2 string) (string, []byte) {
	var scores [256]int64
	var present [256]bool
	add := func(parts ...string) {
		buf = buf[:0]
		for k, p := range parts {
			if k > 0 {
				buf = append(buf, ' ')
			}
			buf = append(buf, p...)
		}
		for _, cw := range t.p.weightsOf(Hash(buf)) {
			scores[cw.class] += int64(cw.weight)
			present[cw.class] = true
		}
	}
	add("bias")
	add("i suffix", suffix3(w))
	add("i pref1", string(rune(w[0]))) // prose converts the first byte, not rune
	add("i-1 tag", p1)
	add("i-2 tag", p2)
	add("i tag+i-2 tag", p1, p2)
	add("i word", ctx[i])
	add("i-1 tag+i word", p1, ctx[i])
	add("i-1 word", ctx[i-1])
	add("i-1 suffix", suffix3(ctx[i-1]))
	add("i-2 word", ctx[i-2])
	add("i+1 word", ctx[i+1])
	add("i+1 suffix", suffix3(ctx[i+1]))
	add("i+2 word", ctx[i+2])
	best, found := 0, false
	for c := range t.p.Classes {
		if present[c] && (!found || scores[c] > scores[best]) {
			best, found = c, true
		}
	}
	if !found {
		return "", buf
	}
	return t.p.Classes[best], buf
}

// suffix3 is the last three bytes of s, as prose takes them.
func suffix3(s string) string { return s[len(s)-min(len(s), 3):] }

// contextWord is prose's normalisation of a word in the tagging context.
func contextWord(word string) string {
	if word == "" {
		return word
	}
	first := word[:1]
	if strings.Contains(word, "-") && first != "-" {
		return "!HYPHEN"
	} else if _, err := strconv.Atoi(word); err == nil && len(word) == 4 {
		return "!YEAR"
	} else if _, err := strconv.Atoi(first); err == nil {
		return "!DIGITS"
	}
	return strings.ToLower(word)
}

// emoticons are tagged SYM (prose's list, tokenize.go).
var emoticons = map[string]bool{
	"(-8":         true,
	"(-;":         true,
	"(-_-)":       true,
	"(._.)":       true,
	"(:":          true,
	"(=":          true,
	"(o:":         true,
	"(¬_¬)":       true,
	"(ಠ_ಠ)":       true,
	"(╯°□°）╯︵┻━┻": true,
	"-__-":        true,
	"8-)":         true,
	"8-D":         true,
	"8D":          true,
	":(":          true,
	":((":         true,
	":(((":        true,
	":()":         true,
	":)))":        true,
	":-)":         true,
	":-))":        true,
	":-)))":       true,
	":-*":         true,
	":-/":         true,
	":-X":         true,
	":-]":         true,
	":-o":         true,
	":-p":         true,
	":-x":         true,
	":-|":         true,
	":-}":         true,
	":0":          true,
	":3":          true,
	":P":          true,
	":]":          true,
	":`(":         true,
	":`)":         true,
	":`-(":        true,
	":o":          true,
	":o)":         true,
	"=(":          true,
	"=)":          true,
	"=D":          true,
	"=|":          true,
	"@_@":         true,
	"O.o":         true,
	"O_o":         true,
	"V_V":         true,
	"XDD":         true,
	"[-:":         true,
	"^___^":       true,
	"o_0":         true,
	"o_O":         true,
	"o_o":         true,
	"v_v":         true,
	"xD":          true,
	"xDD":         true,
	"¯\\(ツ)/¯":    true,
}
