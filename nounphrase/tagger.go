package nounphrase

import (
	"regexp"
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
	var sc scores
	for i := range out {
		word := out[i].Text
		var tag string
		switch {
		case word == "-":
			tag = "-"
		case emoticons[word]:
			tag = "SYM"
		case strings.HasPrefix(word, "@") ||
			maybeLink(word) && commonregex.LinkRegex.MatchString(word) ||
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
				tag = t.predict(&sc, i+2, ctx, word, p1, p2)
			}
		}
		out[i].Tag = tag
		p2, p1 = p1, tag
	}
	return out
}

// maybeLink reports whether commonregex.LinkRegex could match word: a
// match has a '.' after one of [a-z0-9.-] and before at least two more
// bytes. Every sentence's final "." reached the expression.
func maybeLink(word string) bool {
	for k := 1; k+2 < len(word); k++ {
		if c := word[k-1]; word[k] == '.' && (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-') {
			return true
		}
	}
	return false
}

// prose's rules for tokens that are not scored (tag.go).
var (
	reNone = regexp.MustCompile(`^(?:0|\*[\w?]\*|\*\-\d{1,3}|\*[A-Z]+\*\-\d{1,3}|\*)$`)
	reKeep = regexp.MustCompile(`^\-[A-Z]{3}\-$`)
)

// scores is predict's scratch space, one per Tag call.
type scores struct {
	sum     [256]int64
	present [256]bool
}

// predict scores prose's 14 features of the word at ctx[i] and returns the
// best class. A feature's hash is FNV-1a of its name, a space and its
// parts joined by spaces: the names' part is hashed once (featureNames).
func (t *Tagger) predict(sc *scores, i int, ctx []string, w, p1, p2 string) string {
	n := len(t.p.Classes)
	clear(sc.sum[:n])
	clear(sc.present[:n])
	add := func(h fnv) {
		for _, cw := range t.p.weightsOf(uint64(h)) {
			sc.sum[cw.class] += int64(cw.weight)
			sc.present[cw.class] = true
		}
	}
	f := &featureNames
	add(f.bias)
	add(f.suffix.add(suffix3(w)))
	add(f.pref1.add(string(rune(w[0])))) // prose converts the first byte, not rune
	add(f.tag1.add(p1))
	add(f.tag2.add(p2))
	add(f.tag12.add(p1).add(" ").add(p2))
	add(f.word.add(ctx[i]))
	add(f.tag1word.add(p1).add(" ").add(ctx[i]))
	add(f.prevWord.add(ctx[i-1]))
	add(f.prevSuffix.add(suffix3(ctx[i-1])))
	add(f.prev2Word.add(ctx[i-2]))
	add(f.nextWord.add(ctx[i+1]))
	add(f.nextSuffix.add(suffix3(ctx[i+1])))
	add(f.next2Word.add(ctx[i+2]))
	best, found := 0, false
	for c := range n {
		if sc.present[c] && (!found || sc.sum[c] > sc.sum[best]) {
			best, found = c, true
		}
	}
	if !found {
		return ""
	}
	return t.p.Classes[best]
}

// fnv is an FNV-1a hash in progress (Hash, continued).
type fnv uint64

func (h fnv) add(s string) fnv {
	for i := 0; i < len(s); i++ {
		h ^= fnv(s[i])
		h *= 1099511628211
	}
	return h
}

// featureNames are the hashes of prose's feature names followed by a space
// ("bias" alone), to be continued with the feature's parts.
var featureNames = func() (f struct {
	bias, suffix, pref1, tag1, tag2, tag12, word, tag1word,
	prevWord, prevSuffix, prev2Word, nextWord, nextSuffix, next2Word fnv
}) {
	name := func(s string) fnv { return fnv(14695981039346656037).add(s + " ") }
	f.bias = fnv(14695981039346656037).add("bias")
	f.suffix, f.pref1 = name("i suffix"), name("i pref1")
	f.tag1, f.tag2, f.tag12 = name("i-1 tag"), name("i-2 tag"), name("i tag+i-2 tag")
	f.word, f.tag1word = name("i word"), name("i-1 tag+i word")
	f.prevWord, f.prevSuffix, f.prev2Word = name("i-1 word"), name("i-1 suffix"), name("i-2 word")
	f.nextWord, f.nextSuffix, f.next2Word = name("i+1 word"), name("i+1 suffix"), name("i+2 word")
	return f
}()

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
	} else if len(word) == 4 && isInt(word) { // strconv.Atoi(word) succeeds
		return "!YEAR"
	} else if isDigit(word[0]) { // strconv.Atoi(first) succeeds
		return "!DIGITS"
	}
	return strings.ToLower(word)
}

// isInt reports whether strconv.Atoi would accept s (short enough not to
// overflow): a sign, then decimal digits. Atoi's error allocates, and this
// runs for every word of every claim.
func isInt(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" || len(s) > 18 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

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
