package audit

import (
	"context"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/readers"
)

// judgeClaim appends the findings of one cited claim, f holding its
// sentence's fields: the claim against its cited chunks together (the
// sentence verdict), then each citation against its own chunk.
func (m *messageAudit) judgeClaim(ctx context.Context, f Finding, c *claim, pairs []pair, out []Finding) ([]Finding, error) {
	if c.answerOnly {
		return m.judgeAnswerWord(f, pairs, out), nil
	}
	ms := m.measurePairs(c, pairs)
	m.sentenceVerdict(&f, c, pairs, ms)
	better, searched := -1, false
	for j, p := range pairs {
		g := f
		g.Marker, g.Citation, g.ResolvedBy = p.marker, p.id, p.by
		switch {
		case unresolvedReason(p.chunk) != "":
			g.Verdict, g.Reasons = NotAuditable, []string{unresolvedReason(p.chunk)}
		case p.chunk == notRetrieved:
			g.Verdict = Fabricated
			g.Reasons = []string{reasonNotRetrieved}
		case p.conflict:
			g.ChunkID = chunkID(m.msg.Retrieval, p.chunk)
			g.Verdict, g.Reasons = NotAuditable, []string{reasonDuplicateID}
		case !c.tongue.ok:
			g.ChunkID = chunkID(m.msg.Retrieval, p.chunk)
			g.Verdict, g.Reasons = NotAuditable, []string{reasonLanguage}
		case auditable(m.msg.Retrieval[p.chunk]) && !m.chunkTongue(p.chunk).ok:
			g.ChunkID = chunkID(m.msg.Retrieval, p.chunk)
			g.ChunkLanguage = m.chunkTongue(p.chunk).code
			g.Verdict, g.Reasons = NotAuditable, []string{reasonLanguage}
		case m.evs[p.chunk] == nil:
			g.ChunkID = chunkID(m.msg.Retrieval, p.chunk)
			g.Verdict = NotAuditable
			g.Reasons = []string{reasonChunkTextPrefix + m.msg.Retrieval[p.chunk].TextStatus()}
		case m.evs[p.chunk].tongue.code != c.tongue.code:
			g.ChunkID = chunkID(m.msg.Retrieval, p.chunk)
			g.ChunkLanguage = m.evs[p.chunk].tongue.code
			m.acrossLanguages(&g, c, m.evs[p.chunk])
		default:
			g.ChunkID = chunkID(m.msg.Retrieval, p.chunk)
			search := m.judgeCitation(&g, c, ms[j])
			m.showOnce(&g, p.chunk)
			if !search {
				break
			}
			if !searched { // the same search for each citation of the claim
				var err error
				if better, err = m.a.betterChunk(ctx, c, m.mis, pairs, f.Tenant, m.wc); err != nil {
					return nil, err
				}
				searched = true
			}
			if better >= 0 {
				g.BetterChunkID = chunkID(m.msg.Retrieval, better)
				g.Reasons = append(g.Reasons, reasonMisattributed)
			}
		}
		out = append(out, g)
	}
	return out, nil
}

// judgeAnswerWord appends the findings of a claim that is only an answer
// word: each citation of a retrieved chunk is not auditable
// (answer_word_only), one of no chunk is fabricated as any other.
func (m *messageAudit) judgeAnswerWord(f Finding, pairs []pair, out []Finding) []Finding {
	f.SentenceVerdict = Fabricated
	if slices.ContainsFunc(pairs, func(p pair) bool { return p.chunk != notRetrieved }) {
		f.SentenceVerdict = NotAuditable
	}
	for _, p := range pairs {
		g := f
		g.Marker, g.Citation, g.ResolvedBy = p.marker, p.id, p.by
		switch {
		case unresolvedReason(p.chunk) != "":
			g.Verdict, g.Reasons = NotAuditable, []string{unresolvedReason(p.chunk)}
		case p.chunk == notRetrieved:
			g.Verdict, g.Reasons = Fabricated, []string{reasonNotRetrieved}
		default:
			g.ChunkID = chunkID(m.msg.Retrieval, p.chunk)
			g.Verdict, g.Reasons = NotAuditable, []string{reasonAnswerWordOnly}
		}
		out = append(out, g)
	}
	return out
}

// measurePairs runs the checks on each citation of a claim whose chunk is
// auditable (nil for the others), then gives each the claim's context:
// every pair is measured before any is judged, as a model may weigh the
// claim's weakest citation in the verdict of each.
func (m *messageAudit) measurePairs(c *claim, pairs []pair) []*measures {
	ms := make([]*measures, len(pairs))
	var measured []*measures
	for j, p := range pairs {
		if p.chunk >= 0 && !p.conflict && m.evs[p.chunk] != nil && m.evs[p.chunk].tongue.code == c.tongue.code {
			pm := runChecks(c, m.evs[p.chunk])
			ms[j] = &pm
			measured = append(measured, ms[j])
		}
	}
	setSentenceMin(measured)
	return ms
}

// sentenceVerdict is the verdict of a claim over its cited, auditable
// chunks together: fabricated when none is retrieved, not auditable when
// none has text to check or no retrieval is logged.
func (m *messageAudit) sentenceVerdict(f *Finding, c *claim, pairs []pair, ms []*measures) {
	var cited []*evidence
	var first *measures
	for j, p := range pairs {
		if ms[j] != nil {
			cited = appendEvidence(cited, m.evs[p.chunk])
			if first == nil {
				first = ms[j]
			}
		}
	}
	switch {
	case len(cited) > 0:
		if len(cited) > 1 {
			sm := runChecks(c, union(cited))
			f.SentenceSignals = signalMap(&sm)
			v, p, _ := m.a.modelFor(c).verdict(&sm, f.Tenant)
			f.SentenceVerdict, f.SentenceScore = v, scorePtr(p)
			break
		}
		// One chunk: the sentence's verdict is its citation's, which
		// judgeCitation takes from here rather than deciding it again.
		v, p, reasons := m.a.modelFor(c).verdict(first, f.Tenant)
		m.decided = decided{first, f.Tenant, v, p, reasons}
		f.SentenceVerdict, f.SentenceScore = v, scorePtr(p)
	case slices.ContainsFunc(pairs, func(p pair) bool { return p.chunk >= 0 && m.contradictsAcross(c, p.chunk) }):
		f.SentenceVerdict = Unsupported // a number of another language's chunk that it does not state
	case slices.ContainsFunc(pairs, func(p pair) bool { return p.chunk != notRetrieved }):
		f.SentenceVerdict = NotAuditable
	default:
		f.SentenceVerdict = Fabricated
	}
}

// judgeCitation fills the verdict of a citation of an auditable chunk,
// measured by ms, and reports whether a better chunk is to be looked for:
// when it fails on its own, not only for its weakest co-citation.
func (m *messageAudit) judgeCitation(g *Finding, c *claim, ms *measures) (search bool) {
	model := m.a.modelFor(c)
	v, score, reasons := m.decided.verdict, m.decided.score, m.decided.reasons
	if m.decided.ms != ms || m.decided.tenant != g.Tenant {
		v, score, reasons = model.verdict(ms, g.Tenant)
	}
	m.decided = decided{}
	g.Verdict, g.Reasons = v, reasons
	g.fill(ms, score)
	if v != Unsupported {
		return false
	}
	if ms.SentenceMin != nil {
		// The claim's context only lowers a score: say so when it alone
		// decided, and look no further, as this chunk supports the claim
		// on its own.
		alone := *ms
		alone.SentenceMin = nil
		if va, _, _ := model.verdict(&alone, g.Tenant); va == Supported {
			g.Reasons = []string{reasonWeakCoCitation}
			return false
		}
	}
	return true
}

// showOnce keeps the text of a finding's matched passage only in the
// first finding of the answer that matches it: a later one gives its span
// alone (MatchedStart, MatchedEnd), so that a long chunk cited by many
// claims is not written once per claim.
func (m *messageAudit) showOnce(g *Finding, chunk int) {
	if g.MatchedText == "" {
		return
	}
	p := passage{chunk, g.MatchedStart, g.MatchedEnd}
	if m.shown[p] {
		g.MatchedText = ""
		return
	}
	if m.shown == nil {
		m.shown = map[passage]bool{}
	}
	m.shown[p] = true
}

func appendEvidence(list []*evidence, ev *evidence) []*evidence {
	for _, x := range list {
		if x == ev {
			return list
		}
	}
	return append(list, ev)
}

func chunkID(chunks []readers.Chunk, i int) *string {
	id := (&readers.Message{Retrieval: chunks}).ChunkID(i)
	return &id
}

// acrossLanguages judges a claim against a chunk in another language
// (a German answer citing an English page): words cannot be compared, so
// it is not auditable — unless the chunk does not state a number, amount,
// date or duration of the claim, which is read alike in both languages
// and decides.
func (m *messageAudit) acrossLanguages(g *Finding, c *claim, ev *evidence) {
	missing := numbersMissing(c, ev)
	if len(missing) > 0 && m.a.cfg.Model.decisive("number_mismatch") {
		g.Verdict, g.Reasons, g.NumbersMissing = Unsupported, []string{"number_mismatch"}, missing
		return
	}
	g.Verdict, g.Reasons = NotAuditable, []string{reasonLanguagesDiffer}
}

// contradictsAcross reports whether chunk i, in another language than the
// claim, fails one of its numbers.
func (m *messageAudit) contradictsAcross(c *claim, i int) bool {
	ev := m.evs[i]
	return ev != nil && ev.tongue.code != c.tongue.code && len(numbersMissing(c, ev)) > 0 && m.a.cfg.Model.decisive("number_mismatch")
}

// writesShare reports whether q is a share in words the chunk writes in
// the same words ("half price" of a chunk's "half price").
func (ev *evidence) writesShare(q quantity) bool {
	return q.Kind == "fraction" && slices.ContainsFunc(ev.texts, func(t string) bool { return containsFold(t, q.Raw) })
}

// writesInWords reports whether q, a percentage of the claim, is a share
// the chunk writes in words ([fractions]: "50 %" of "die Hälfte", "la
// mitad"). Chunks are not scanned for shares on the hot path
// (fractions.go); this reads one only for a percentage it lacks.
func (ev *evidence) writesInWords(c *claim, q quantity) bool {
	l, ok := lang.Get(c.tongue.code)
	if !ok || q.Kind != "percent" || q.Negative {
		return false
	}
	if ev.shares == nil || ev.shares.l != l {
		ev.shares = &wordShares{l: l, keys: sharesInWords(l, ev.scanned)}
	}
	return slices.Contains(ev.shares.keys, q.Key)
}

// wordShares are the keys of the percentages a chunk writes in words,
// read once a chunk in the claim's language l: every claim's percentage
// is looked up in them.
type wordShares struct {
	l    *lang.Language
	keys []string
}

// sharesInWords are the keys ("p:50" and its other forms) of the shares
// text writes in words.
func sharesInWords(l *lang.Language, text string) []string {
	if !mayHaveFraction(text) || !l.MayHaveFraction(text) {
		return nil
	}
	words := letterWords(text)
	ws := wordStrings(words)
	shares := slices.ContainsFunc(ws, l.IsShareWord) // "ein Viertel" is a share beside "des Preises", as a claim's is read
	var keys []string
	for i := range ws {
		pct, n, amb := l.FractionAt(ws, i)
		if n == 0 || amb && !shares || notAShare(l, words, i, n) {
			continue
		}
		keys = append(keys, "p:"+pct)
		if alts := shareAlts(pct); alts != "" {
			keys = append(keys, strings.Split(alts, "|")...)
		}
	}
	return keys
}

// namesPeriod reports whether q, a duration, is a period the chunk names
// in one word and states no duration besides ([period-words]: "every
// three months" of "every quarter", "alle drei Monate" of
// "vierteljährlich").
func (ev *evidence) namesPeriod(c *claim, q quantity) bool {
	l, ok := lang.Get(c.tongue.code)
	if !ok || !strings.HasPrefix(q.Unit, "time:") || q.Negative || ev.quantities.statesUnit(q) {
		return false
	}
	return slices.ContainsFunc(l.PeriodWords(q.Unit, strings.TrimPrefix(q.Key, "n:")), func(w string) bool { return ev.words.has(hashWord(w)) })
}

// saysBoth reports whether q, a bare two of the claim ("las dos
// cuentas", "the two accounts"), is the chunk's word for two of the same
// thing ([both]: "ambas cuentas", "both accounts"): the word after q in
// the claim follows the chunk's within two words. Read only for a two
// the chunk lacks.
func (ev *evidence) saysBoth(c *claim, q quantity) bool {
	l, ok := lang.Get(c.tongue.code)
	if !ok || q.Kind != "number" || q.Key != "n:2" || q.Unit != "" || q.Negative {
		return false
	}
	cw := claimWords(c, l)
	at := slices.IndexFunc(cw, func(w string) bool { return w == "2" || w == strings.ToLower(q.Raw) })
	if at < 0 || at+1 == len(cw) {
		return false
	}
	thing := cw[at+1]
	for k, text := range ev.texts {
		if k > 0 && text == ev.texts[k-1] {
			continue // a window of the same chunk
		}
		ws := normalisedWords(l, text)
		for i, w := range ws {
			if l.IsBoth(w) && slices.ContainsFunc(ws[i+1:min(len(ws), i+3)], func(x string) bool { return sameWordRoot(l, x, thing) }) {
				return true
			}
		}
	}
	return false
}

// numbersMissing are the claim's quantities the chunk does not state.
func numbersMissing(c *claim, ev *evidence) []string {
	var out []string
	for _, q := range c.quantities {
		// An article read as one ("an einem Werktag") fails only against
		// another number of its unit ("ein Jahr" against "zwei Jahre"),
		// and not where the chunk says the unit after the same word
		// without one ("op een werkdag" against "op werkdagen").
		if !ev.quantities.supports(q) && (!q.Weak || ev.quantities.statesUnit(q) && !ev.articleAsInChunk(c, q)) && !ev.writesShare(q) && !ev.namesPeriod(c, q) && !ev.statesAsInterval(c, q) && !ev.statesAsCount(c, q) && !ev.writesInWords(c, q) && !ev.timesInWord(c, q) && !ev.inCents(c, q) && !ev.saysBoth(c, q) && !ev.numberedAsOrdinal(c, q) && !ev.oneAsTheUnit(c, q) && !ev.statesAsDifference(c, q) && !ev.insteadAlike(c, q) || boundMismatch(c, q, ev) || ev.centsConfused(c, q) {
			out = appendUnique(out, q.Raw)
		}
	}
	return out
}

// decided is the verdict of a claim's measures ms, as sentenceVerdict
// decided it, for judgeCitation to give the same citation.
type decided struct {
	ms      *measures
	tenant  string
	verdict string
	score   float64
	reasons []string
}
