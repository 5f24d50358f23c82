package audit

import (
	"context"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/readers"
)

// auditMessage audits one assistant message of at most budget claims
// (errTooManySentences past it): its claims, each citation resolved to a
// retrieved chunk, the claims and their chunks measured, then judged.
func (a *Auditor) auditMessage(ctx context.Context, base Finding, mi int, rec *readers.Record, wc *wordCache, budget int) (Answer, []Finding, error) {
	msg := continued(rec.Messages, mi)
	before := rec.Messages[:mi]
	if len(rec.Earlier) > 0 { // earlier records' answers, then the record's own
		before = slices.Concat(rec.Earlier, before)
	}
	m := &messageAudit{a: a, msg: msg, own: msg.Retrieval, earlier: earlierTurns{msgs: before}, wc: wc, base: base, ans: Answer{MessageIndex: mi, Status: Answered}}
	if err := m.sentences(ctx, budget); err != nil {
		return Answer{}, nil, err
	}
	if m.refusal() {
		return m.ans, nil, nil
	}
	m.resolve()
	m.resolveRefs()
	m.setStatus()
	if err := m.measure(ctx); err != nil {
		return m.ans, nil, err
	}
	out, err := m.judge(ctx)
	m.countCut()
	return m.ans, out, err
}

// countCut counts the distinct chunks the message cites whose text ends
// cut by the logger (Answer.ChunksCut).
func (m *messageAudit) countCut() {
	seen := map[int]bool{}
	for _, ps := range m.pairs {
		for _, p := range ps {
			if p.chunk >= 0 && !seen[p.chunk] && m.msg.Retrieval[p.chunk].CutInText() {
				seen[p.chunk] = true
				m.ans.ChunksCut++
			}
		}
	}
}

// messageAudit is the audit of one assistant message: its claims, their
// resolved citations and the evidence of the chunks they cite.
type messageAudit struct {
	a   *Auditor
	msg readers.Message // its Retrieval grows by the earlier turns' chunks cited (earlier)
	// own is the message's own retrieval: positions, the floor, the
	// answer's language and a better chunk are read in it alone.
	own     []readers.Chunk
	earlier earlierTurns
	base    Finding // the finding fields every claim of the message shares
	ans     Answer
	wc      *wordCache
	rule    ResolveRule // how the claims' citations resolve
	ids     resolver
	sents   []sentence
	refs    []sentence  // entries of the answer's list of sources: their citations are resolved, not judged
	madeUp  []madeUp    // the citations of refs that name no retrieved chunk
	json    []jsonClaim // the claims of an answer that is JSON with claims
	pairs   [][]pair    // per sentence, its distinct citations
	claims  []*claim    // per sentence; nil: uncited
	items   [][]*claim  // per sentence, a whole list's items (nil: none in the answer)
	evs     []*evidence // per retrieved chunk; nil: not measured
	mis     *misattribution
	shown   map[passage]bool // the passages whose text a finding holds
	// decided is the verdict of a claim's one measured citation
	// (sentenceVerdict), until judgeCitation takes it.
	decided decided
	// The answer's language; each sentence's (tongues, set by measure);
	// each chunk's, detected on first use (code "": not yet).
	tongue       tongue
	tongues      []tongue
	chunkTongues []tongue
}

// passage is a span of a retrieved chunk, in code points.
type passage struct{ chunk, start, end int }

// pair is one citation of a claim, resolved.
type pair struct {
	marker, id string
	chunk      int // index in the retrieval, or notRetrieved or notLogged
	by         string
	// names are every chunk the citation names when more than one: an id
	// logged twice, or a source several chunks come from (chooseChunks
	// picks chunk among them); conflict: they disagree on the claim.
	names    []int
	conflict bool
}

// What a citation resolves to when not to a retrieved chunk.
const (
	notRetrieved = -1 // the retrieval logged has no such chunk: fabricated
	notLogged    = -2 // the log holds no retrieval: it cannot be checked
	idsNotLogged = -3 // the retrieval's chunks carry no id: a named one cannot be checked
	// searchUnnamed: a file-search marker ("4:1†source") naming no chunk's
	// id or file: it cannot be checked.
	searchUnnamed = -4
	// sourcesNotLogged: a citation naming a file ("[Quelle: tarife.md]")
	// where no chunk logs its file: it cannot be checked.
	sourcesNotLogged = -5
)

// sentences finds the message's claims, as sentences (claimsOf).
func (m *messageAudit) sentences(ctx context.Context, budget int) error {
	m.wc.arena.reset() // the previous answer's evidence is out of use
	// An answer that is JSON with claims is audited claim by claim, by
	// evidence id: the JSON around the claims is not prose.
	jclaims, claimsJSON := parseClaims(m.msg.Content)
	var whole jsonIDs // the ids a JSON answer gives as a whole
	switch {
	case len(m.msg.Citations) > 0:
	case claimsJSON:
		m.json = jclaims
	default:
		// An answer that is a JSON object with its prose under "answer":
		// the prose is the answer.
		if prose, ids, key, ok := unwrapAnswer(m.msg.Content); ok {
			m.msg.Content, whole = prose, jsonIDs{ids, key}
		}
	}
	m.tongue = m.answerTongue()
	m.ans.Language = m.tongue.code
	var err error
	m.sents, m.refs, m.rule, err = m.a.claimsOf(ctx, m.msg, m.json, budget, m.tongue)
	if ref, ok := whole.ref(m.msg.Content, m.sents, m.refs); ok {
		m.refs = append(m.refs, ref)
	}
	m.ans.Sentences = len(m.sents)
	for _, s := range m.sents {
		for _, u := range s.Unread {
			m.ans.Unread = appendUnique(m.ans.Unread, u.Shape)
		}
	}
	return err
}

// refusal reports whether the message declines to answer for lack of
// information, citing nothing and stating nothing beside (Status Refusal).
func (m *messageAudit) refusal() bool {
	markers := 0
	for _, s := range m.sents {
		markers += len(s.Markers)
	}
	if isRefusal(m.msg.Content, markers, m.tongue) && !m.a.claimsBeside(m.sents, m.tongue) {
		m.ans.Status = Refusal
		return true
	}
	// A fallback that quotes the closest passage is a refusal whose
	// quotes are audited as citations.
	if m.json == nil && len(m.msg.Citations) == 0 {
		var all []Marker
		for _, s := range m.sents {
			all = append(all, s.Markers...)
		}
		if passages := fallbackPassages(m.msg.Content, all, m.tongue); passages != nil {
			m.ans.Status, m.sents = Refusal, passages
		}
	}
	return false
}

// resolve finds the retrieved chunk of each distinct citation of each
// claim, up to MaxCitationsPerClaim of them; the others are counted.
func (m *messageAudit) resolve() {
	m.ids = newResolver(m.own)
	m.pairs = make([][]pair, len(m.sents))
	var all []string
	for _, s := range m.sents {
		for _, mk := range s.Markers {
			all = append(all, mk.IDs...)
		}
	}
	m.ids.zeroBased, m.ans.ZeroUnclear = m.ids.zeroBasedAnswer(m.rule, all)
	m.ans.ZeroBased = m.ids.zeroBased
	for i, s := range m.sents {
		eachCitation(s, func(mk Marker, id string) {
			if len(m.pairs[i]) == MaxCitationsPerClaim {
				m.ans.CitationsNotAudited++
				return
			}
			idx, by := m.resolveID(id)
			var names []int
			if idx >= 0 {
				names = m.ids.candidates(id, idx, by)
			}
			if _, zeroForm := cutPrefixFold(id, "id:"); by == string(ResolvePosition) && !zeroForm &&
				m.ids.zeroID != "" && m.rule != ResolvePosition0 && !m.ids.zeroBased {
				m.ans.ZeroIDs = m.ids.zeroID
			}
			m.pairs[i] = append(m.pairs[i], pair{marker: mk.Raw, id: id, chunk: idx, by: by, names: names})
		})
	}
}

// eachCitation calls fn with each distinct id a sentence's markers cite,
// in order, and the marker that cites it first.
func eachCitation(s sentence, fn func(mk Marker, id string)) {
	seen := map[string]bool{}
	for _, mk := range s.Markers {
		for _, id := range mk.IDs {
			if !seen[id] {
				seen[id] = true
				fn(mk, id)
			}
		}
	}
}

// resolveID is the chunk a citation's id names: in its turn's
// retrieval, else in an earlier turn's (fromEarlierTurn).
func (m *messageAudit) resolveID(id string) (int, string) {
	idx, by := m.ids.resolve(m.rule, id)
	if m.msg.NoRetrievalLogged {
		idx, by = notLogged, ""
	}
	if idx < 0 {
		idx, by = m.fromEarlierTurn(id, idx, by)
	}
	if idx == notRetrieved && len(m.own) > 0 {
		// A citation the log's names cannot tell from a made-up one.
		switch {
		case !m.ids.named && namesAnID(id):
			idx, by = idsNotLogged, ""
		case m.ids.searchUnnamed(id):
			idx, by = searchUnnamed, ""
		case m.ids.sourcesUnlogged(id):
			idx, by = sourcesNotLogged, ""
		}
	}
	return idx, by
}

// unresolvedReason is the reason a citation of a sentinel index
// (notLogged, idsNotLogged, searchUnnamed, sourcesNotLogged) cannot be
// checked, "" for any other index.
func unresolvedReason(chunk int) string {
	switch chunk {
	case notLogged:
		return reasonNoRetrievalLogged
	case idsNotLogged:
		return reasonChunkIDsAbsent
	case searchUnnamed:
		return reasonSearchUnnamed
	case sourcesNotLogged:
		return reasonSourcesAbsent
	}
	return ""
}

// namesAnID reports whether a marker's id is a name an id could have
// ("doc-1", "kb-acme-0001"): no number, which names a place in the list
// ("[3]", "[doc3]": beyond the list it is fabricated), and no file name
// or address, which names a source.
func namesAnID(id string) bool {
	if isDigits(strings.TrimPrefix(id, "doc")) {
		return false
	}
	if strings.Contains(id, "://") {
		return false
	}
	return !hasFileExt(id)
}

// hasFileExt reports whether a name ends in a file's extension: a dot and
// one to five letters ("faq.md", "tarife.pdf").
func hasFileExt(name string) bool {
	ext := path.Ext(name)
	return len(ext) >= 2 && len(ext) <= 6 && strings.IndexFunc(ext[1:], func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// resolveRefs finds the citations of the answer's list of sources that
// name no retrieved chunk (madeUp): a source made up is fabricated in a
// list as in a sentence. The others name what their markers stand for.
func (m *messageAudit) resolveRefs() {
	for k, s := range m.refs {
		eachCitation(s, func(mk Marker, id string) {
			if idx, _ := m.resolveID(id); idx == notRetrieved {
				m.madeUp = append(m.madeUp, madeUp{k, mk.Raw, id})
			}
		})
	}
}

// madeUp is a citation of entry ref of the list of sources that names no
// retrieved chunk.
type madeUp struct {
	ref        int
	marker, id string
}

// judgeRefs makes a fabricated finding of each made-up citation of the
// list of sources, its entries numbered after the sentences.
func (m *messageAudit) judgeRefs(runeOffsets *runeCounter, out []Finding) []Finding {
	for _, c := range m.madeUp {
		s := m.refs[c.ref]
		f := m.base
		f.SentenceIndex = len(m.sents) + c.ref
		f.Language = m.tongue.code
		f.CharStart, f.CharEnd = runeOffsets.at(s.Start), runeOffsets.at(s.End)
		f.Sentence = s.Text
		f.Marker, f.Citation = c.marker, c.id
		f.Verdict, f.SentenceVerdict = Fabricated, Fabricated
		f.Reasons = []string{reasonNotRetrieved}
		out = append(out, f)
	}
	return out
}

// setStatus gives the answer its status, which every finding carries:
// below the retrieval floor, or rejected (claims JSON citing evidence
// that was not retrieved). Without retrieval logged neither can be told.
func (m *messageAudit) setStatus() {
	if m.msg.NoRetrievalLogged {
		m.base.MessageIndex, m.base.AnswerStatus = m.ans.MessageIndex, m.ans.Status
		return
	}
	// A follow-up that retrieved nothing of its own answers on what the
	// latest earlier turn retrieved: the floor is that retrieval's.
	stands := m.own
	if len(stands) == 0 {
		stands = m.earlier.latestRetrieval()
	}
	if reason := m.a.cfg.BelowFloor(m.base.Tenant, stands); reason != "" && len(m.sents) > 0 && m.ans.Status != Refusal {
		if m.statesSomething() {
			m.ans.Status, m.ans.FloorReason = AnsweredBelowFloor, reason
		} else if !m.tongue.ok {
			m.ans.FloorNotRead = m.tongue.code // an answer or a refusal: which, its language does not tell
		}
	} else if len(m.sents) > 0 && m.ans.Status != Refusal {
		m.ans.FloorUnchecked = m.a.cfg.FloorUnchecked(m.base.Tenant, stands)
	}
	if m.json != nil && m.citesUnretrieved() {
		m.ans.Status = Rejected
	}
	m.base.MessageIndex, m.base.AnswerStatus = m.ans.MessageIndex, m.ans.Status
}

// statesSomething reports whether the answer cites or claims anything:
// thanks and a greeting alone ("Graag gedaan! Fijne dag nog.") answer
// nothing, so no floor holds them.
func (m *messageAudit) statesSomething() bool {
	for _, s := range m.sents {
		if len(s.Markers) > 0 {
			return true
		}
	}
	return m.a.claimsBeside(m.sents, m.tongue)
}

// measure builds the claims and the evidence of the chunks they cite,
// embedded in one batch.
func (m *messageAudit) measure(ctx context.Context) error {
	m.claims = make([]*claim, len(m.sents))
	m.evs = make([]*evidence, len(m.msg.Retrieval))
	m.tongues = make([]tongue, len(m.sents))
	var toEmbed []*claim
	for i, s := range m.sents {
		if err := stopped(ctx, i); err != nil {
			return err
		}
		m.tongues[i] = closeReading(m.sentenceTongue(i, s), s.Plain)
		if len(s.Markers) == 0 {
			continue
		}
		t := m.tongues[i]
		c := m.a.claimOf(s, m.wc.of(t), t)
		m.claims[i] = &c
		if len(s.Items) > 0 {
			toEmbed = m.itemClaims(i, s.Items, t, toEmbed)
		} else if t.l == nil && t.ok { // word vectors are English
			toEmbed = append(toEmbed, &c)
		}
		for _, p := range m.pairs[i] {
			m.evidence(p.chunk)
			for _, k := range p.names {
				m.evidence(k)
			}
		}
	}
	m.mis = newMisattribution(m.own, m.evs[:len(m.own)], m.chunkTongue, m.tongue)
	if m.a.precomputed {
		usePrecomputed(m.msg, toEmbed, m.evs)
		return nil
	}
	return m.a.embed(ctx, toEmbed, englishOnly(m.evs))
}

// evidence measures chunk i, once, when it can be checked: its text is
// whole and in a language the checks read.
func (m *messageAudit) evidence(i int) {
	if i < 0 || m.evs[i] != nil || !auditable(m.msg.Retrieval[i]) {
		return
	}
	if t := m.chunkTongue(i); t.ok {
		m.evs[i] = newEvidence(m.msg.Retrieval[i].Text, m.wc.of(t), t)
	}
}

// judge makes the message's findings: each cited claim against its
// chunks (judgeClaim), and each uncited factual sentence.
func (m *messageAudit) judge(ctx context.Context) ([]Finding, error) {
	runeOffsets := newRuneCounter(m.msg.Content)
	// A finding per citation and per uncited sentence, most answers: room
	// for them at once (a Finding is large to copy on regrowing).
	n := 0
	for i := range m.sents {
		n += max(1, len(m.pairs[i]))
	}
	out := make([]Finding, 0, n)
	for i, s := range m.sents {
		if err := stopped(ctx, i); err != nil {
			return nil, err
		}
		f := m.base
		f.SentenceIndex = s.Index
		f.Language = m.tongues[i].code
		f.CharStart, f.CharEnd = runeOffsets.at(s.Start), runeOffsets.at(s.End)
		f.Sentence = s.Text
		if m.claims[i] == nil {
			if notRead(s, m.tongues[i]) {
				m.ans.NotRead = append(m.ans.NotRead, m.tongues[i].code)
			} else if m.factual(s, m.tongues[i]) {
				f.Verdict, f.SentenceVerdict = Uncited, Uncited
				f.Reasons = []string{reasonNoCitation}
				out = append(out, f)
			}
			continue
		}
		m.chooseChunks(m.claims[i], m.pairs[i], f.Tenant)
		var err error
		if m.items != nil && m.items[i] != nil {
			out, err = m.judgeList(ctx, f, m.items[i], m.pairs[i], out)
		} else {
			out, err = m.judgeClaim(ctx, f, m.claims[i], m.pairs[i], out)
		}
		if err != nil {
			return nil, err
		}
	}
	return m.judgeRefs(runeOffsets, out), nil
}

// notRead reports whether an uncited sentence is in a language the checks
// do not read (t): whether it states a fact cannot be told, so it is
// counted as not read (Answer.NotRead), never passed as claiming nothing.
// A question is none, in any language.
func notRead(s sentence, t tongue) bool {
	p := strings.TrimSpace(s.Plain)
	return !t.ok && p != "" && !askedOrLeading(p) && !strings.HasSuffix(p, "¿")
}

// factual is isFactual of an uncited sentence in its language t, as
// citationSpans told it when t is the answer's language.
func (m *messageAudit) factual(s sentence, t tongue) bool {
	if s.factualKnown && t == m.tongue {
		return s.factual
	}
	return m.a.isFactual(s, t)
}

// stopped returns ctx's error, checked every 64 sentences: the audit of
// one long answer (megabytes, a million sentences) must stop on Ctrl-C.
func stopped(ctx context.Context, i int) error {
	if i%64 != 0 {
		return nil
	}
	return ctx.Err()
}

// runeCounter converts byte offsets to code-point offsets incrementally.
type runeCounter struct {
	s            string
	lastB, lastR int
}

func newRuneCounter(s string) *runeCounter { return &runeCounter{s: s} }

func (rc *runeCounter) at(b int) int {
	if b < rc.lastB {
		// Overlapping spans: step back, not from the start, which was
		// quadratic; counts add up only across whole runes.
		if rc.runeStart(b) && rc.runeStart(rc.lastB) {
			rc.lastR -= utf8.RuneCountInString(rc.s[b:rc.lastB])
			rc.lastB = b
			return rc.lastR
		}
		rc.lastB, rc.lastR = 0, 0
	}
	rc.lastR += utf8.RuneCountInString(rc.s[rc.lastB:b])
	rc.lastB = b
	return rc.lastR
}

func (rc *runeCounter) runeStart(b int) bool { return b == len(rc.s) || utf8.RuneStart(rc.s[b]) }

// continued is message mi, which, logged without retrieval right after an
// assistant message that logged one with no user turn between, goes on
// with that message's answer and cites its retrieval ("… € 39 [kb-1]."
// then "… retourneren [kb-2]."): an id of neither is made up, as the
// guard, which checks the two as one answer, reads it.
func continued(msgs []readers.Message, mi int) readers.Message {
	msg := msgs[mi]
	if !msg.NoRetrievalLogged || len(msg.Retrieval) > 0 {
		return msg
	}
	for i := mi - 1; i >= 0 && msgs[i].Role != "user"; i-- {
		if p := msgs[i]; p.Role == "assistant" && !p.NoRetrievalLogged {
			msg.Retrieval, msg.NoRetrievalLogged = p.Retrieval, false
			return msg
		}
	}
	return msg
}
