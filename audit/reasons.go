package audit

import "github.com/ragaudit/ragaudit/readers"

// Reason is a code of a finding's reasons, with its words for people: a
// row of Reasons. The report's labels, filters, counts and explanations
// all read it here.
type Reason struct {
	Code    string // in findings ("reasons") and summary.json ("citations_by_reason")
	Verdict string // the verdict it explains
	Label   string // short, for counts and filters: "number mismatch"
	Doc     string // what it means, in one line
	// Says is the reason as a clause about the finding, for lists of the
	// worst failures: {chunk} is the cited chunk ("chunk 3"), {missing}
	// what Missing lists (quoted) and {is} its verb, {support} the
	// support score in parentheses, {better} the chunk that supports the
	// claim. Unlisted replaces it when Missing lists nothing, and
	// Contrast when the chunk's matched passage states one value in place
	// of the one missing ({instead}); "": the reason adds nothing to the
	// clauses of the others.
	Says     string
	Unlisted string
	Contrast string
	// Elsewhere replaces Says when the chunk writes each item Missing
	// lists, of something else (Finding.NumbersElsewhere): "{chunk}
	// states "2 %" only of something else", never "not in the chunk".
	Elsewhere string
	Missing   func(*Finding) []string
	Of        string // it refines that reason and is counted among it
	Beside    bool   // said beside the reason why (another chunk supports the claim)
	Decisive  bool   // the reason of a decisive signal: a contradiction, not a matter of degree
	// Optional: the reason of an option most runs do not use (a judge):
	// counted in reports only when some citation has it.
	Optional bool
}

// Reason codes the audit gives besides the decisive signals' names.
const (
	reasonLowSimilarity      = "low_similarity"
	reasonPartlyStated       = "partly_stated"
	reasonWeakCoCitation     = "weak_co_citation"
	reasonMisattributed      = "misattributed"
	reasonNotRetrieved       = "citation_not_retrieved"
	reasonNoCitation         = "no_citation"
	reasonNoRetrievalLogged  = "no_retrieval_logged"
	reasonChunkIDsAbsent     = "chunk_ids_absent"
	reasonTooManyCitations   = "too_many_citations"
	reasonLanguage           = "language_unsupported"
	reasonLanguagesDiffer    = "languages_differ"
	reasonChunkTextPrefix    = "chunk_text_" // + the chunk's text status
	reasonChunkTextTruncated = reasonChunkTextPrefix + readers.TextTruncated
	reasonChunkTextAbsent    = reasonChunkTextPrefix + readers.TextAbsent
	reasonChunkTextRedacted  = reasonChunkTextPrefix + readers.TextRedacted
	reasonChunkTextEmpty     = reasonChunkTextPrefix + readers.TextEmpty
	reasonDuplicateID        = "duplicate_chunk_id"
	reasonAnswerWordOnly     = "answer_word_only"
	reasonSearchUnnamed      = "search_result_unnamed"
	reasonSourcesAbsent      = "chunk_sources_absent"
)

// The kinds of contradiction (measures.NegationCause): refinements of
// negation_mismatch, so a reader sees which the chunk says otherwise.
const (
	causeNegated    = "negated"
	causeOpposite   = "opposite_word"
	causeSides      = "sides_swapped"
	causeImpossible = "said_impossible"
	causeHedge      = "hedge_dropped"
	causeExcepted   = "exception_ignored"
	causeScope      = "scope_changed"
	causeCondition  = "condition_dropped"
	causeEvent      = "event_swapped"
	causeOther      = "said_of_other"
)

// contradictions are the reasons of the kinds of contradiction, each
// said in place of negation_mismatch's own words.
var contradictions = []Reason{
	{Code: causeNegated, Label: "a negation", Doc: "one side denies what the other states",
		Says: "{chunk} says otherwise: one of them denies what the other states"},
	{Code: causeOpposite, Label: "an opposite word", Doc: "the chunk says the opposite of a word of the sentence",
		Says: "{chunk} says otherwise: the opposite of a word of the sentence"},
	{Code: causeSides, Label: "sides swapped", Doc: "the chunk gives the sides, roles or parties the other way round",
		Says: "{chunk} says otherwise: the sides, roles or parties the other way round"},
	{Code: causeImpossible, Label: "said not possible", Doc: "the chunk says it is not possible, or of none",
		Says: "{chunk} says otherwise: that it is not possible, or of none"},
	{Code: causeHedge, Label: "hedge dropped", Doc: "the sentence says for certain what the chunk hedges",
		Says: "{chunk} says otherwise: it hedges what the sentence says for certain"},
	{Code: causeExcepted, Label: "exception ignored", Doc: "the sentence says it of what the chunk excepts or excludes",
		Says: "{chunk} says otherwise: it excepts or excludes what the sentence says it of"},
	{Code: causeScope, Label: "scope changed", Doc: "the sentence says of all, fully or at any time what the chunk limits, or the reverse",
		Says: "{chunk} says otherwise: it limits what the sentence says of all, fully or at any time, or the reverse"},
	{Code: causeCondition, Label: "condition dropped", Doc: "the sentence leaves out a condition, a waiting period or a requirement the chunk gives",
		Says: "{chunk} says otherwise: under a condition, a waiting period or a requirement the sentence leaves out"},
	{Code: causeEvent, Label: "event swapped", Doc: "the sentence runs a period from another event than the chunk",
		Says: "{chunk} says otherwise: the period runs from another event"},
	{Code: causeOther, Label: "said of another", Doc: "the chunk says it of another thing, and something else of the sentence's",
		Says: "{chunk} says otherwise: it says this of another thing, and something else of the sentence's"},
}

// Reasons is the table of reasons: the decisive signals' (Signals), then
// the others, each verdict's in the order reports list them.
var Reasons = append(decisiveReasons(), []Reason{
	{Code: reasonLowSimilarity, Verdict: Unsupported, Label: "low similarity",
		Doc:  "the model's support score is below the threshold",
		Says: "{chunk} does not mention {missing}", Unlisted: "{chunk} does not state it{support}",
		Missing: func(f *Finding) []string { return f.NPMissing }},
	{Code: reasonPartlyStated, Verdict: Unsupported, Label: "partly stated", Of: reasonLowSimilarity,
		Doc: "of low similarity, and the chunk states at least half of the claim's content words (unstated lists the others)"},
	{Code: reasonWeakCoCitation, Verdict: Unsupported, Label: "weak co-citation",
		Doc:  "the chunk states the claim, but another citation of the claim does not, and the model weighs the weakest",
		Says: "{chunk} states it, but another citation of the sentence does not"},
	{Code: ReasonJudgeUnsupported, Verdict: Unsupported, Label: "judge: unsupported", Optional: true,
		Doc:  "in the uncertain band, the judge the run was given (--judge-url) answered that the chunk does not support the claim; the lexical verdict is in judge.lexical_verdict",
		Says: "the judge found {chunk} does not support it"},
	{Code: reasonMisattributed, Verdict: Unsupported, Label: "misattributed", Beside: true,
		Doc: "another retrieved chunk supports the sentence", Says: "{better} supports it"},
	{Code: reasonNotRetrieved, Verdict: Fabricated, Label: "citation not retrieved",
		Doc: "the citation resolves to no retrieved chunk", Says: "matches no retrieved chunk"},
	{Code: reasonChunkTextTruncated, Verdict: NotAuditable, Label: "chunk text truncated",
		Doc: "the cited chunk's text was logged truncated: it cannot prove the claim"},
	{Code: reasonChunkTextAbsent, Verdict: NotAuditable, Label: "chunk text absent",
		Doc: "the cited chunk was logged without text (or only white space)"},
	{Code: reasonChunkTextRedacted, Verdict: NotAuditable, Label: "chunk text redacted",
		Doc: "the cited chunk's text was logged redacted"},
	{Code: reasonChunkTextEmpty, Verdict: NotAuditable, Label: "chunk text empty",
		Doc: "the cited chunk was logged with its text key empty (\"text\": \"\")"},
	{Code: reasonDuplicateID, Verdict: NotAuditable, Label: "duplicate chunk id",
		Doc: "the cited id names several retrieved chunks, and they disagree on the claim (one supports it, another does not): which one the answer cites cannot be told"},
	{Code: reasonNoRetrievalLogged, Verdict: NotAuditable, Label: "no retrieval logged",
		Doc: "the answer's log holds no retrieval at all (no key, or null): what it cites cannot be checked"},
	{Code: reasonChunkIDsAbsent, Verdict: NotAuditable, Label: "chunk ids absent",
		Doc: "the citation names an id (\"[doc-1]\"), but the answer's retrieval logs its chunks without ids: whether it names one of them or none cannot be told"},
	{Code: reasonSourcesAbsent, Verdict: NotAuditable, Label: "chunk sources absent",
		Doc: "the citation names a file (\"[Quelle: tarife.md]\"), but the answer's retrieval logs its chunks without their files (sources): whether it names one of them or none cannot be told"},
	{Code: reasonSearchUnnamed, Verdict: NotAuditable, Label: "search result unnamed",
		Doc: "a file-search marker (\"【4:1†source】\") counts the results of a search, which the log does not number, and names no retrieved chunk's id or file: which chunk it cites cannot be told"},
	{Code: reasonAnswerWordOnly, Verdict: NotAuditable, Label: "answer word only",
		Doc: "the cited sentence is only an answer word (\"Yes.\", \"Ja, das geht.\", \"Oui, c'est possible.\", \"No.\"): it says nothing the chunk can be checked against without the question, which a reviewer judges it with"},
	{Code: reasonLanguage, Verdict: NotAuditable, Label: "language not supported",
		Doc: "the sentence or the cited chunk is in a language the checks do not support: it is not judged by another language's rules"},
	{Code: reasonLanguagesDiffer, Verdict: NotAuditable, Label: "chunk in another language",
		Doc: "the sentence and the cited chunk are in different languages: their words cannot be compared, and their numbers agree"},
	{Code: reasonTooManyCitations, Verdict: NotAuditable, Label: "too many citations",
		Doc: "a citation of a claim past its first MaxCitationsPerClaim distinct ones: counted, not audited nor listed"},
	{Code: reasonNoCitation, Verdict: Uncited, Label: "no citation",
		Doc: "a factual sentence that cites nothing", Says: "a factual sentence with no citation"},
}...)

func decisiveReasons() []Reason {
	var out []Reason
	for _, s := range Signals {
		if s.Decisive {
			r := s.Reason
			r.Code, r.Verdict, r.Doc, r.Decisive = s.Name, Unsupported, s.Doc, true
			out = append(out, r)
			if s.Name == "negation_mismatch" { // its kinds, after it
				for _, k := range contradictions {
					k.Verdict, k.Of = Unsupported, s.Name
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// ReasonOf returns the row of a reason code, and whether there is one.
func ReasonOf(code string) (Reason, bool) {
	for _, r := range Reasons {
		if r.Code == code {
			return r, true
		}
	}
	return Reason{}, false
}
