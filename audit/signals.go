package audit

import "math"

// Signal is one named value of a (claim, cited chunk) pair that the verdict
// may weigh: a row of Signals. Everything that lists signals derives from
// that table: the model's inputs and weights, the decisive rules and their
// reasons, findings' "signals", the CSV's signal_ columns, the report's
// labels and eval's procedures.
type Signal struct {
	Name string // in findings ("signals"), the CSV ("signal_" + Name) and a model's weights
	Doc  string // what it measures, in one line
	// Supportive: it measures agreement, so a fitted weight is never
	// negative (more overlap never lowers a score).
	Supportive bool
	// Decisive: a model may fail a citation on it whatever the score
	// (hard_fail); Reason, whose code is Name, then says why in words.
	Decisive bool
	Reason   Reason
	// Weighed names the shipped models that weigh it (docs/verdict.md):
	// the others are measured and reported, not weighed.
	Weighed Shipped

	reads    []string // the measures (Check.Writes) its value is made from
	value    func(m *measures) float64
	measured func(m *measures) bool // nil: always; else reported only when true
}

// Shipped names the shipped models.
type Shipped uint8

const (
	WithoutEmbedder Shipped = 1 << iota // the default, --embed none
	WithEmbedder                        // --embed builtin
)

// Signals is the table of signals, in the order of the model's input
// vector (Features), of findings.csv's signal_ columns and of every list
// of signals a report prints.
var Signals = []Signal{
	{Name: "np_coverage", Doc: "mean share of the words of each noun phrase of the claim found in the chunk (no phrase: token_overlap)",
		Supportive: true, reads: []string{"np_coverage", "token_overlap"}, value: npCoverage},
	{Name: "token_overlap", Doc: "share of the claim's content-word stems, numbers included, found in the chunk",
		Supportive: true, Weighed: WithoutEmbedder | WithEmbedder, reads: []string{"token_overlap"}, value: tokenOverlap},
	{Name: "window_overlap", Doc: "share of the claim's content-word stems found in the best window",
		Supportive: true, reads: []string{"window_overlap"}, value: func(m *measures) float64 { return math.Max(m.WindowOverlap, 0) }},
	{Name: "ngram_sim", Doc: "character 4-gram cosine with the best window",
		Supportive: true, Weighed: WithoutEmbedder, reads: []string{"ngram_sim"}, value: func(m *measures) float64 { return m.NgramSim }},
	{Name: "embed_sim", Doc: "embedding cosine with the most similar window (only with an embedder)",
		Supportive: true, Weighed: WithEmbedder, reads: []string{"embed_sim"}, value: func(m *measures) float64 { return math.Max(m.EmbedSim, 0) },
		measured: func(m *measures) bool { return m.EmbedSim >= 0 }},
	{Name: "number_mismatch", Doc: "1 when an amount, date, percentage or number of the claim is not stated by the chunk",
		Decisive: true, Reason: Reason{Label: "number mismatch", Says: "{missing} {is} not in {chunk}", Unlisted: "a number is not in {chunk}",
			Contrast: "{chunk} says {instead}; the sentence says {missing}", Elsewhere: "{chunk} states {missing} only of something else than the sentence does",
			Missing: func(f *Finding) []string { return f.NumbersMissing }},
		reads: []string{"numbers_missing"}, value: func(m *measures) float64 { return oneIf(len(m.NumbersMissing) > 0) }},
	{Name: "negation_mismatch", Doc: "1 when the claim follows a window closely and one of them negates a word the other states, or says its opposite, or swaps its sides, or the claim leaves out a condition, runs a period from another event, or says it of another party, group or thing than the chunk does",
		Decisive: true, Reason: Reason{Label: "contradicted", Says: "{chunk} says otherwise (a negation or an opposite word, sides swapped, or a condition, event, party or group it gives otherwise)"},
		reads: []string{"negation_mismatch"}, value: func(m *measures) float64 { return oneIf(m.NegationMismatch) }},
	{Name: "entity_missing", Doc: "share of the claim's proper nouns the chunk does not mention",
		reads: []string{"entity_share"}, value: entityMissing},
	{Name: "bigram_overlap", Doc: "share of the claim's adjacent content-word pairs found as pairs in the chunk (none: token_overlap)",
		Supportive: true, reads: []string{"bigram_overlap", "token_overlap"}, value: bigramOverlap},
	{Name: "missing_words", Doc: "content-word stems of the claim absent from the chunk, /8, at most 1",
		reads: []string{"missing_words"}, value: func(m *measures) float64 { return math.Min(float64(m.MissingWords)/8, 1) }},
	{Name: "length", Doc: "content-word stems of the claim, /30, at most 1",
		reads: []string{"words"}, value: func(m *measures) float64 { return math.Min(float64(m.Words)/30, 1) }},
	{Name: "soft_recall", Doc: "weighted share of the claim's words matched by word vectors in the chunk (only with the built-in embedder)",
		Supportive: true, reads: []string{"soft_recall"}, value: func(m *measures) float64 { return math.Max(m.SoftRecall, 0) }},
	{Name: "soft_min", Doc: "the word-vector match of the claim's worst-matched contentful word",
		Supportive: true, reads: []string{"soft_min"}, value: func(m *measures) float64 { return math.Max(m.SoftMin, 0) }},
	{Name: "entity_mismatch", Doc: "1 when the claim follows a window that names something else where the claim names a name the chunk lacks, adds a name to a list the chunk gives, or says what the chunk says only of another name",
		Decisive: true, Reason: Reason{Label: "name mismatch", Says: "{missing} {is} not in {chunk} (a different name)",
			Unlisted: "{chunk} says it of another name", Missing: func(f *Finding) []string { return f.EntitiesMissing }},
		reads: []string{"entity_mismatch"}, value: func(m *measures) float64 { return oneIf(m.EntityMismatch) }},
	{Name: "sentence_min_bigram", Doc: "the lowest bigram_overlap among the citations of the claim",
		Supportive: true, reads: []string{"sentence_min", "bigram_overlap", "token_overlap"}, value: sentenceMinBigram},
	{Name: "sentence_min_ngram", Doc: "the lowest ngram_sim among the citations of the claim",
		Supportive: true, reads: []string{"sentence_min", "ngram_sim"}, value: sentenceMinNgram},
	{Name: "plain_overlap", Doc: "the word-overlap rule's score: share of the claim's distinct content words found in the chunk (package overlap)",
		Supportive: true, Weighed: WithoutEmbedder | WithEmbedder, reads: []string{"plain_overlap"},
		value: func(m *measures) float64 { return math.Max(m.PlainOverlap, 0) }},
}

// signalIndex is the position of each signal in Signals and in Features.
var signalIndex = func() map[string]int {
	idx := make(map[string]int, len(Signals))
	for i, s := range Signals {
		idx[s.Name] = i
	}
	return idx
}()

// Decisive are the names of the decisive signals, in table order: the
// hard-fail rules a model may use, all of them in the shipped models.
func Decisive() []string {
	var out []string
	for _, s := range Signals {
		if s.Decisive {
			out = append(out, s.Name)
		}
	}
	return out
}

// Features are a pair's signal values in the order of Signals: the
// model's input. Read a value by its name with Of.
type Features []float64

// Of is the value of the named signal.
func (f Features) Of(name string) float64 { return f[signalIndex[name]] }

// features are the values of the signals of a measured pair. A value that
// could not be measured takes its nearest stand-in or 0.
func features(m *measures) Features {
	f := make(Features, len(Signals))
	for i := range Signals {
		f[i] = Signals[i].value(m)
	}
	return f
}

// FeaturesOf turns a finding's signals back into the model's input (an
// unreported signal is 0).
func FeaturesOf(signals map[string]Score) Features {
	f := make(Features, len(Signals))
	for i, s := range Signals {
		f[i] = float64(signals[s.Name])
	}
	return f
}

// signalMap is the reported signals of a measured pair, by name.
func signalMap(m *measures) map[string]Score {
	out := make(map[string]Score, len(Signals))
	for i := range Signals {
		if s := &Signals[i]; s.measured == nil || s.measured(m) {
			out[s.Name] = Score(s.value(m))
		}
	}
	return out
}

func oneIf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func tokenOverlap(m *measures) float64 { return math.Max(m.TokenOverlap, 0) }

func npCoverage(m *measures) float64 {
	if m.NPCoverage < 0 {
		return tokenOverlap(m)
	}
	return m.NPCoverage
}

func bigramOverlap(m *measures) float64 {
	if m.BigramOverlap < 0 {
		return tokenOverlap(m)
	}
	return m.BigramOverlap
}

func entityMissing(m *measures) float64 {
	if m.EntityShare < 0 {
		return 0
	}
	return 1 - m.EntityShare
}

// Alone (one citation, the union of a claim's chunks, a candidate better
// chunk) a pair is its claim's weakest citation.
func sentenceMinBigram(m *measures) float64 {
	if m.SentenceMin == nil {
		return bigramOverlap(m)
	}
	return m.SentenceMin[0]
}

func sentenceMinNgram(m *measures) float64 {
	if m.SentenceMin == nil {
		return m.NgramSim
	}
	return m.SentenceMin[1]
}

// setSentenceMin gives each of a claim's measured citations the lowest
// bigram_overlap and ngram_sim among them (the measure sentence_min, read
// by the sentence_min_ signals). A claim whose citations do not all state
// it word for word is often a synthesis that none of them supports
// (HAGRID's jointly judged sentences).
func setSentenceMin(ms []*measures) {
	if len(ms) < 2 {
		return
	}
	lo := [2]float64{math.Inf(1), math.Inf(1)}
	for _, m := range ms {
		lo[0] = math.Min(lo[0], bigramOverlap(m))
		lo[1] = math.Min(lo[1], m.NgramSim)
	}
	for _, m := range ms {
		m.SentenceMin = &lo
	}
}

// sentenceContext is the step after the checks that writes sentence_min
// across a claim's citations: declared as a check is, so that the
// validation knows who writes it.
var sentenceContext = Check{Name: "sentence_context",
	Doc:   "the lowest bigram_overlap and ngram_sim among the citations of the claim, given to each",
	Reads: []string{"bigram_overlap", "token_overlap", "ngram_sim"}, Writes: []string{"sentence_min"}}
