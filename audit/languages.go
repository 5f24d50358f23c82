package audit

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
	"github.com/ragaudit/ragaudit/readers"
)

// tongue is the language a text was found to be in: supported (ok) or
// not, with its tables in l — nil for English, whose words, numbers and
// sentences the audit reads with its own fast paths (the English figures
// depend on them to the digit).
type tongue struct {
	code string // ISO 639-1, or lang.Undetermined
	l    *lang.Language
	ok   bool
}

var english = tongue{code: "en", ok: true}

// tongueOf is the tongue of a language code.
func tongueOf(code string) tongue {
	if code == "en" {
		return english
	}
	if l, ok := lang.Get(code); ok {
		return tongue{code: code, l: l, ok: true}
	}
	return tongue{code: code}
}

func (t tongue) undetermined() bool { return t.code == lang.Undetermined }

// detectLimit bounds the text read to tell a language: a long chunk's
// first kilobytes tell it as well as the whole, and detection runs on
// every cited chunk.
const detectLimit = 2048

// detect tells the language of text, and how sure the guess is
// (lang.Guess.Confidence). A long text is read in three places — its
// start, middle and last quarter — and is in a language only when all
// three say so (with the least confidence of the three); else it is
// undetermined, and its reader's language is taken. A page's opening is
// often a menu of names ("Abergorlech War Memorial, Abernant War
// Memorial, …") that looks like any language.
func detect(text string) (tongue, float64) {
	if len(text) <= 2*detectLimit {
		g := lang.Detect(head(text))
		return tongueOf(g.Code), g.Confidence
	}
	var first lang.Guess
	for k, at := range []int{0, len(text) / 2, 3 * len(text) / 4} {
		g := lang.Detect(head(fromRune(text, at)))
		switch {
		case k == 0:
			first = g
		case g.Code != first.Code:
			return tongueOf(lang.Undetermined), 0
		case g.Confidence < first.Confidence:
			first.Confidence = g.Confidence
		}
	}
	return tongueOf(first.Code), first.Confidence
}

// fromRune is text from the first character that starts at or after i.
func fromRune(text string, i int) string {
	for i < len(text) && !utf8.RuneStart(text[i]) {
		i++
	}
	return text[i:]
}

// head is the part of text detection reads: its first detectLimit bytes,
// cut at a character's start.
func head(text string) string {
	if len(text) <= detectLimit {
		return text
	}
	k := detectLimit
	for k > 0 && !utf8.RuneStart(text[k]) {
		k--
	}
	return text[:k]
}

// minSure is the confidence a guess needs to stand against the other
// evidence of the conversation: an answer guessed at below it takes the
// language of its chunks, a chunk the language of its answer, a sentence
// its answer's. Below it, a text is mostly names and words that several
// languages share ("Melissa Auf der Maur was born in Montreal").
const minSure = 0.5

// splitters are an Auditor's sentence splitters by language: English's is
// loaded with the auditor, the others on first use (their models are
// read only when an answer in the language comes).
type splitters struct {
	mu  sync.Mutex
	en  *splitter
	by  map[string]*splitter
	err map[string]error
}

// of returns the splitter of a supported tongue.
func (s *splitters) of(t tongue) (*splitter, error) {
	if t.l == nil {
		return s.en, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if sp, ok := s.by[t.code]; ok {
		return sp, nil
	}
	if err, ok := s.err[t.code]; ok {
		return nil, err
	}
	sp, err := newSplitter(t.l)
	if s.by == nil {
		s.by, s.err = map[string]*splitter{}, map[string]error{}
	}
	if err != nil {
		err = fmt.Errorf("loading the %s sentence model: %w", t.l.Name, err)
		s.err[t.code] = err
		return nil, err
	}
	s.by[t.code] = sp
	return sp, nil
}

// answerTongue is the language of the answer: detected on its text (on
// its claims' of a claims JSON, whose keys are English); an answer too
// short to tell ("Ja [1].") takes its first chunk's, else English.
func (m *messageAudit) answerTongue() tongue {
	text, table := answerProse(m.msg.Content)
	text = m.withoutMarkers(text)
	if m.json != nil {
		var parts []string
		for _, c := range m.json {
			parts = append(parts, c.text)
		}
		text, table = strings.Join(parts, " "), false
	}
	// Most answers plainly read as one language by their stopwords
	// (readsAsOne agrees with detect on every dev answer and chunk where
	// it fires); a long one is detect's, read in three places.
	if len(text) <= 2*detectLimit && !table {
		if code, ok := m.a.readsAsOne(text, minSampleWords); ok {
			return tongueOf(code)
		}
	}
	t, sure := detect(text)
	// Read unsurely in a language without tables that a chunk is surely
	// in, it is in that language: "O envio expresso custa 9,90 €" citing a
	// Portuguese page is no Spanish (nor English) answer.
	if m.unsupportedLikeItsChunks(text, t, sure) {
		return t
	}
	if sure < minSureAlone && !table && fewerWords(text, minSampleWords) {
		if jt, ok := m.jointTongue(text); ok {
			return jt
		}
	}
	// A table's cells are labels and values: a guess resting on one word
	// of them ("Plus", French to Detect) is no guess.
	thinTable := table && !t.undetermined() && lang.Evidence(text, t.code) < 2
	if !t.undetermined() && sure >= minSure && !thinlyForeign(text, t.code) && !thinTable {
		return t
	}
	// Too short or unsure: the language most of its chunks are surely in,
	// unless the answer plainly reads as another of the five.
	thin := thinlyForeign(text, t.code)
	best, votes := m.chunksLanguage(thin, table)
	if pt, ok := plainlyIn(text, cmp.Or(best, "en")); ok && (t.ok || t.undetermined()) {
		return pt // not for a text read as another language ("El pla Pro costa …", Catalan)
	}
	switch {
	case best != "" && (t.undetermined() || thin || 2*votes > len(m.own) && (t.ok || lang.Evidence(text, best) >= 2)):
		// An answer read, unsurely, in a language the audit does not read
		// takes its chunks' only where it holds two words of theirs: "El
		// pla Pro costa 39 euros al mes" citing an English page stays
		// Catalan; "Una maleta de mano … va incluida en cada vuelo" citing
		// a Spanish one is Spanish.
		return tongueOf(best)
	case thin:
		// No chunk to tell: the supported language its words read as.
		if g := lang.DetectAmong(text, lang.Supported()); g.Code != lang.Undetermined && g.Confidence >= minSure {
			return tongueOf(g.Code)
		}
		return t
	case !t.undetermined():
		return m.unsurelyRead(text, t, sure, best)
	}
	return english
}

// withoutMarkers is text without its citation markers and their
// look-alikes, whose ids and URLs are no words of the answer's language
// ("… kostet 9,90 Euro [kb-versand-2026-de-0001]." reads as Danish with
// its marker, "… [1](https://help.example.de/versand)." as Norwegian).
func (m *messageAudit) withoutMarkers(text string) string {
	if len(m.a.markers.custom) == 0 && (!strings.ContainsAny(text, "[(<^¹²³⁴⁵⁶⁷⁸⁹⁰") || 10*bracketed(text) < len(text)) {
		return text // what markers there are weigh too little to sway the detector
	}
	ms, unread := findMarkers(text, m.a.markerContext(m.msg.Retrieval))
	all := append(ms, unread...)
	slices.SortStableFunc(all, func(a, b Marker) int { return a.Start - b.Start })
	return StripMarkers(text, all)
}

// bracketed counts the bytes of text inside brackets and parentheses,
// of its <sup> tags and of its superscript digits: an upper bound of what
// its markers hold.
func bracketed(text string) int {
	n, depth := strings.Count(text, "<sup>")*len("<sup></sup>"), 0
	for _, r := range text {
		switch r {
		case '[', '(':
			depth++
		case ']', ')':
			depth = max(0, depth-1)
		}
		if depth > 0 || strings.ContainsRune("¹²³⁴⁵⁶⁷⁸⁹⁰", r) {
			n += utf8.RuneLen(r)
		}
	}
	return n
}

// unsupportedLikeItsChunks reports whether an answer read unsurely (or
// thinly) in a language without tables, t, cites a chunk surely in it.
func (m *messageAudit) unsupportedLikeItsChunks(text string, t tongue, sure float64) bool {
	if t.ok || t.undetermined() || sure >= minSure && !thinlyForeign(text, t.code) {
		return false
	}
	return slices.ContainsFunc(m.own, func(c readers.Chunk) bool {
		ct, s := detect(c.Text)
		return auditable(c) && ct.code == t.code && s >= minSure
	})
}

// unsurelyRead is the language of an answer detection reads, unsurely,
// as t: a supported one it holds as plainly (unsurelyForeign, agreeing
// with its chunks' best), or the one its function words and a cited
// chunk are in (unsureNeighbour); else t.
func (m *messageAudit) unsurelyRead(text string, t tongue, sure float64, best string) tongue {
	if code, ok := unsurelyForeign(text, t, sure); ok && (best == "" || best == code) {
		return tongueOf(code)
	}
	// A guess of a language the audit does not read that is all but tied
	// with one it reads, the language its chunks are in, is that one: "Der
	// Standardversand kostet 5,95 €" is Danish to Detect by 0.001 and German
	// among the five, and its chunks are German.
	if !t.ok && sure < barelyAhead && best != "" && lang.DetectAmong(text, lang.Supported()).Code == best {
		return tongueOf(best)
	}
	if code, ok := m.unsureNeighbour(text, t, sure); ok {
		return tongueOf(code)
	}
	return t
}

// barelyAhead is the confidence below which a guess is a tie with the
// runner-up: the detector has no evidence that tells them apart.
const barelyAhead = 0.05

// unsureNeighbour is the supported language an answer that detection
// reads, barely, in an unsupported one is written in, where its chunks
// agree: the answer holds two or more of its function words, more than of
// any other of the five and of the guess's, and a chunk it cites reads
// first in it among the five. "La cuota mensual se cobra a finales de
// cada mes" is Portuguese to Detect at 0.02, Spanish by five function
// words to four, and its chunk is Spanish: it is not left unread as
// Portuguese.
func (m *messageAudit) unsureNeighbour(text string, t tongue, sure float64) (string, bool) {
	if t.ok || sure >= minSure {
		return "", false
	}
	best, most, tie := "", lang.Evidence(text, t.code), false
	for _, code := range lang.Supported() {
		switch n := lang.Evidence(text, code); {
		case n > most:
			best, most, tie = code, n, false
		case n == most:
			tie = true
		}
	}
	if best == "" || tie || most < 2 {
		return "", false
	}
	for _, c := range m.own {
		if auditable(c) && lang.DetectAmong(head(c.Text), lang.Supported()).Code == best {
			return best, true
		}
	}
	return "", false
}

// jointTongue is the supported language a short answer detection is not
// sure of is read in, told by the text around it: the language its
// chunks, then the question it answers, surely read as among the five,
// the first the answer holds a word of and as many as of any other of
// the five. "La factura se emite cada mes" holds as many French words as
// Spanish ones, "De back-up draait elke week" reads as English to
// Detect; with their Spanish and Dutch chunks they read as Spanish and
// Dutch. A German answer citing an English page stays German.
func (m *messageAudit) jointTongue(text string) (tongue, bool) {
	fits := func(code string) bool {
		own := lang.Evidence(text, code)
		if own == 0 {
			return false
		}
		for _, other := range lang.Supported() {
			if lang.Evidence(text, other) > own {
				return false
			}
		}
		return true
	}
	tried := map[string]bool{}
	try := func(around string) (tongue, bool) {
		g := lang.DetectAmong(head(around), lang.Supported())
		if g.Code == lang.Undetermined || g.Confidence < minSure || tried[g.Code] {
			return tongue{}, false
		}
		tried[g.Code] = true
		if !fits(g.Code) {
			return tongue{}, false
		}
		// Text surely in a language without tables (a Portuguese chunk)
		// says nothing of which supported one the answer is in.
		if full := lang.Detect(head(around)); full.Confidence >= minSure && !tongueOf(full.Code).ok {
			return tongue{}, false
		}
		return tongueOf(g.Code), true
	}
	for _, c := range m.own {
		if auditable(c) {
			if t, ok := try(c.Text); ok {
				return t, true
			}
		}
	}
	if q := m.earlier.question(); q != "" {
		return try(q)
	}
	return tongue{}, false
}

// unsurelyForeign is the supported language an answer detection unsurely
// reads in an unsupported one holds as plainly: surely first among the
// supported languages, with as many of its function words as of the
// guess's. "Basic costs €9 per month, Pro costs €39 per month and Team
// costs €99 per month" is Catalan at 0.22 for "per" and "costs", and
// English for "and" among the five; a text that is Italian, Catalan or
// Polish is surely so, or has more of its own function words.
func unsurelyForeign(text string, t tongue, sure float64) (string, bool) {
	if t.ok || t.undetermined() || sure >= minSure {
		return "", false
	}
	g := lang.DetectAmong(text, lang.Supported())
	if g.Code == lang.Undetermined || g.Confidence < minSure || lang.Evidence(text, g.Code) < max(1, lang.Evidence(text, t.code)) {
		return "", false
	}
	return g.Code, true
}

// chunksLanguage is the supported language most of the message's chunks
// are surely in, and how many are; for a thinly foreign answer a chunk
// detection is unsure of is weighed among the supported ones ("Pro
// kostet nichts extra.", barely German to Detect, is surely German among
// the five), never one it surely reads in an unsupported language (a
// Portuguese chunk is no Spanish one). For an answer that is a
// table, whose cells tell nothing, a chunk counts in the language it most
// reads as, sure or not.
func (m *messageAudit) chunksLanguage(thin, table bool) (string, int) {
	votes := map[string]int{}
	best := ""
	for _, c := range m.own {
		if !auditable(c) {
			continue
		}
		ct, s := detect(c.Text)
		if thin && s < minSure {
			g := lang.DetectAmong(head(c.Text), lang.Supported())
			ct, s = tongueOf(g.Code), g.Confidence
		}
		if ct.ok && (s >= minSure || table) {
			votes[ct.code]++
			if votes[ct.code] > votes[best] || votes[ct.code] == votes[best] && ct.code < best {
				best = ct.code
			}
		}
	}
	return best, votes[best]
}

// sentenceTongue is the language sentence i is judged in: its answer's,
// unless detection says it is in another ("… Bitte beachten Sie …" in an
// English answer) and either is sure of it (minSureAlone) or a chunk it
// cites is in that language too. A sentence surely in another language is
// read in it whatever it cites: an English sentence citing a Dutch chunk
// is no Dutch sentence failing for want of Dutch words, but a claim the
// audit cannot compare word for word (languages_differ).
func (m *messageAudit) sentenceTongue(i int, s sentence) tongue {
	if fewerWords(s.Plain, 4) || m.a.readsAs(s.Plain, m.tongue, minSentenceWords) {
		return m.tongue
	}
	g := lang.Detect(s.Plain)
	if g.Code == lang.Undetermined || tongueOf(g.Code).ok {
		if t, ok := plainlyIn(s.Plain, m.tongue.code); ok {
			return t
		}
	}
	if g.Code == lang.Undetermined || g.Code == m.tongue.code || g.Confidence < minSure {
		return m.tongue
	}
	if thinlyForeign(s.Plain, g.Code) || s.TableRow && lang.Evidence(s.Plain, g.Code) < 2 {
		return m.tongue // a row's labels and values: "Plus" is no French
	}
	if g.Confidence >= minSureAlone {
		return tongueOf(g.Code)
	}
	for _, p := range m.pairs[i] {
		if p.chunk >= 0 && m.chunkTongue(p.chunk).code == g.Code {
			return tongueOf(g.Code)
		}
	}
	return m.tongue
}

// closeReading is t, or the close language of t whose negation cue the
// text holds though t has no such word (lang.CloseNegation): "Alle
// tarieven bevatten geen internet." misread as German is Dutch, lest
// German's negation rules pass over "geen" and a flipped claim pass. A
// sentence so read against a chunk still read as t is not auditable
// (languages_differ), never judged by the wrong rules.
func closeReading(t tongue, text string) tongue {
	if !t.ok {
		return t
	}
	if code, ok := lang.CloseNegation(head(text), t.code); ok {
		return tongueOf(code)
	}
	return t
}

// answerProse is the text an answer's language is told by: its prose
// outside its Markdown tables when there is a sentence of it, else the
// whole answer, and then true: most of it is a table's labels and values.
func answerProse(content string) (string, bool) {
	if strings.IndexByte(content, '|') < 0 {
		return content, false
	}
	ts, spans := markdownTables(content)
	if len(ts) == 0 {
		return content, false
	}
	if prose := outsideTables(content, spans); !fewerWords(prose, minSentenceWords) {
		return prose, false
	}
	return content, true
}

// thinlyForeign reports whether a short text detected in a language the
// audit does not read rests on one word of it: "Pro is free" read as
// Czech for "pro", "Enviamos a Canarias" as Portuguese for "a". Such a
// text takes the language of the chunks it cites (of its answer, for a
// sentence); "Il prodotto è gratuito" (two Italian words) and "Wysyłamy
// do Polski" (a Polish word and letter) stay not auditable.
func thinlyForeign(text, code string) bool {
	t := tongueOf(code)
	return !t.ok && !t.undetermined() && fewerWords(text, minSampleWords) && lang.Evidence(text, code) <= 1
}

// plainlyIn is the supported language a text reads as among the five
// when detection is unsure of it, if it plainly does rather than in
// language other (the one the text would otherwise take: its answer's,
// its chunks'): two or more words of its own (lang.Evidence), more than
// of other's, and either surely first among the five (minSureAlone) or
// with no word of other's at all. "Retourneren kan binnen 30 dagen" is
// Dutch though it cites an English page; "L'offre se termine le 5 mars"
// French though cited in English; "Shipping is free of charge" English
// in a German answer. "Melissa Auf der Maur was born in Montreal" has
// English words and German ones, and stays with other.
func plainlyIn(text, other string) (tongue, bool) {
	g := lang.DetectAmong(text, lang.Supported())
	if g.Code == lang.Undetermined || g.Code == other {
		return tongue{}, false
	}
	own, theirs := lang.Evidence(text, g.Code), lang.Evidence(text, other)
	if own < 2 || own <= theirs || g.Confidence < minSureAlone && theirs > 0 {
		return tongue{}, false
	}
	return tongueOf(g.Code), true
}

// minSureAlone is the confidence a sentence needs to be read in another
// language than its answer's with no chunk of that language behind it.
// Below it, sentences of English pages heavy with foreign names would be
// read as French or Dutch (on the dev sets, 0.5 moved one ExpertQA
// sentence and the held-out tables with it).
const minSureAlone = 0.8

// chunkTongue is the language of retrieved chunk i, detected once; a
// chunk too short to tell is taken to be in the answer's.
func (m *messageAudit) chunkTongue(i int) tongue {
	if len(m.chunkTongues) < len(m.msg.Retrieval) { // grown by earlier turns' chunks (fromEarlierTurn)
		m.chunkTongues = append(m.chunkTongues, make([]tongue, len(m.msg.Retrieval)-len(m.chunkTongues))...)
	}
	if m.chunkTongues[i].code == "" {
		m.chunkTongues[i] = m.wc.chunkTongue(m.a, m.msg.Retrieval[i].Text, m.tongue)
	}
	return m.chunkTongues[i]
}

// englishOnly are the evidences an English embedder may embed.
func englishOnly(evs []*evidence) []*evidence {
	out := make([]*evidence, len(evs))
	for i, ev := range evs {
		if ev != nil && ev.tongue.l == nil {
			out[i] = ev
		}
	}
	return out
}

// maxDetected bounds a worker's cache of chunk languages.
const maxDetected = 1 << 12

// chunkTongue is the language of a chunk cited in an answer in language
// answer: the answer's when the chunk plainly reads so (readsAs), else as
// detected, the answer's when it cannot be told or is unsure. Remembered
// by the worker: a knowledge base's chunks come back answer after answer,
// and telling a long text's language is most of what the audit adds for
// it.
func (c *wordCache) chunkTongue(a *Auditor, text string, answer tongue) tongue {
	var h maphash.Hash
	h.SetSeed(c.seed)
	h.WriteString(answer.code)
	h.WriteByte(0)
	h.WriteString(head(text))
	key := h.Sum64()
	if t, ok := c.detected[key]; ok {
		return t
	}
	t := answer
	if !a.readsAs(text, answer, minSampleWords) {
		var sure float64
		if t, sure = detect(text); t.undetermined() || sure < minSure && t.code != answer.code || answer.ok && thinlyForeign(text, t.code) {
			t = answer
			if pt, ok := plainlyIn(head(text), answer.code); ok {
				t = pt // "De limiet is € 1.500." cited in English
			}
		}
	}
	t = closeReading(t, text)
	if c.detected == nil || len(c.detected) >= maxDetected {
		c.detected = make(map[uint64]tongue, 64)
	}
	c.detected[key] = t
	return t
}

// readsAs reports whether a chunk (or a sentence) is plainly in the
// language of its answer, without detecting its language: among its first
// sampleWords words, at least minWords, the answer language's stopwords are at least minStopShare of
// them and clearly more than any other supported language's. It is a
// shortcut for the common case (a knowledge base in the bot's language);
// any doubt goes to detect.
func (a *Auditor) readsAs(text string, t tongue, minWords int) bool {
	if !t.ok {
		return false
	}
	code, ok := a.readsAsOne(text, minWords)
	return ok && code == t.code
}

// readsAsOne is the supported language text plainly reads as by readsAs'
// rule, if one does.
func (a *Auditor) readsAsOne(text string, minWords int) (string, bool) {
	var counts [32]int // per language, in a.stops.codes order
	var buf [64]byte
	n := 0
	nounphrase.RawWordsWhile(head(text), func(raw string, _ int) bool {
		w := trimApostrophes(raw) // a word is letters, digits and apostrophes
		if w == "" {
			return true
		}
		n++
		for m, i := a.stops.of(lowerWord(&buf, w)), 0; m != 0; m, i = m>>1, i+1 {
			counts[i] += int(m & 1)
		}
		return n < sampleWords
	})
	if n < minWords {
		return "", false
	}
	best := 0
	for i := range a.stops.codes {
		if counts[i] > counts[best] {
			best = i
		}
	}
	// A text that reads best as a language without tables (Portuguese
	// for its "o", "para", "de") is for detect to tell.
	if best >= a.stops.supported || float64(counts[best]) < minStopShare*float64(n) {
		return "", false
	}
	// Clearly more than any other language's: an English text's "a" and
	// "in" are Italian too, a Frisian one's "wurdt", "net", "jo" and "it"
	// tell it from English.
	for i := range a.stops.codes {
		if i != best && 2*counts[i] > counts[best] {
			return "", false
		}
	}
	return a.stops.codes[best], true
}

// The shortcut of readsAs reads at most sampleWords words and needs
// minSampleWords of a chunk (minSentenceWords of a sentence), minStopShare
// of them stopwords of the answer's language.
const (
	sampleWords      = 40
	minSampleWords   = 12
	minSentenceWords = 6
	minStopShare     = 0.25
)

// stoplists holds the supported languages' stopwords (English's the
// audit's own) as one map from a word to the set of languages it is a
// stopword of, bit i for codes[i]: readsAs runs on every chunk's first
// words, and one lookup a word is cheaper than one a language.
type stoplists struct {
	codes     []string // the supported languages', then the others' of the detector
	supported int      // codes[:supported] are supported
	mask      map[string]uint32
	// lead marks, per first byte, the lengths (below 32 bytes) of the
	// stopwords starting with it: a word of no such first byte and length
	// (most content words) is no stopword, told without hashing it.
	lead [256]uint32
}

// of is the set of languages whose stopword the lower-cased word w is.
func (s *stoplists) of(w []byte) uint32 {
	if n := len(w); n == 0 || n < 32 && s.lead[w[0]]&(1<<n) == 0 {
		return 0
	}
	return s.mask[string(w)]
}

func newStoplists() stoplists {
	s := stoplists{codes: []string{"en"}, mask: map[string]uint32{}}
	add := func(code string, ws []string) {
		if len(s.codes) == 32 {
			panic("audit: more than 32 languages for stoplists' uint32 mask")
		}
		bit := uint32(1) << len(s.codes)
		s.codes = append(s.codes, code)
		for _, w := range ws {
			s.mask[w] |= bit
		}
	}
	for _, w := range nounphrase.Stopwords() {
		s.mask[w] |= 1
	}
	for _, code := range lang.Supported() {
		if l, _ := lang.Get(code); code != "en" {
			add(code, l.Stopwords())
		}
	}
	s.supported = len(s.codes)
	others := lang.Unsupported()
	for _, code := range slices.Sorted(maps.Keys(others)) {
		add(code, others[code])
	}
	for w := range s.mask {
		if n := len(w); n > 0 && n < 32 {
			s.lead[w[0]] |= 1 << n
		}
	}
	return s
}

// lowerWord is w in lower case, in buf when w is short ASCII: readsAs
// runs on every chunk and sentence, and a map lookup of string(bytes)
// does not allocate.
func lowerWord(buf *[64]byte, w string) []byte {
	if len(w) > len(buf) {
		return []byte(strings.ToLower(w))
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			return []byte(strings.ToLower(w))
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return buf[:len(w)]
}

// trimApostrophes is strings.Trim(w, "'’") without its cutset's
// per-rune search.
func trimApostrophes(w string) string {
	for {
		switch {
		case strings.HasPrefix(w, "'"):
			w = w[1:]
		case strings.HasPrefix(w, "’"):
			w = w[len("’"):]
		case strings.HasSuffix(w, "'"):
			w = w[:len(w)-1]
		case strings.HasSuffix(w, "’"):
			w = w[:len(w)-len("’")]
		default:
			return w
		}
	}
}

// fewerWords reports whether text has fewer than n words (strings.Fields
// without the slice).
func fewerWords(text string, n int) bool {
	in := false
	for _, r := range text {
		switch sp := unicode.IsSpace(r); {
		case sp:
			in = false
		case !in:
			in = true
			if n--; n == 0 {
				return false
			}
		}
	}
	return true
}
