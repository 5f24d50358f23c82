package audit

import (
	"math"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/embed"
	"github.com/ragaudit/ragaudit/lang"
)

// measures are what the checks measure of one (claim, chunk) pair, each
// under the name (tag) its check writes and readers declare (Check.Reads,
// the signals' reads); the lists say why a pair fails.
type measures struct {
	NPCoverage     float64  `measure:"np_coverage"`     // mean share of each noun phrase's words found in the chunk; -1: no phrase
	NPFound        []string `measure:"np_coverage"`     // the phrases found whole
	NPMissing      []string `measure:"np_coverage"`     // the others
	TokenOverlap   float64  `measure:"token_overlap"`   // share of the claim's content-word stems, numbers included, found in the chunk; -1: no word
	MissingWords   int      `measure:"missing_words"`   // content-word stems of the claim absent from the chunk
	Words          int      `measure:"words"`           // content-word stems of the claim
	PlainOverlap   float64  `measure:"plain_overlap"`   // the word-overlap rule's score (package overlap); -1: no content word
	Unstated       []string `measure:"plain_overlap"`   // the claim's content words the chunk lacks (as the rule counts them)
	BigramOverlap  float64  `measure:"bigram_overlap"`  // share of the claim's adjacent content-word pairs found in the chunk; -1: none
	Window         *window  `measure:"window"`          // the best-matching window
	Span           [2]int   `measure:"window"`          // its byte span in its chunk
	SpanText       string   `measure:"window"`          // the text the span refers to, markup masked
	SpanShown      string   `measure:"window"`          // the same text as its chunk gives it, for the finding
	WindowOverlap  float64  `measure:"window_overlap"`  // share of the claim's content-word stems in the best window; -1: no word
	NgramSim       float64  `measure:"ngram_sim"`       // character 4-gram cosine with the best window
	EmbedSim       float64  `measure:"embed_sim"`       // embedding cosine with the most similar window; -1: no embedder
	SoftRecall     float64  `measure:"soft_recall"`     // SIF-weighted mean, over the claim's words, of the best word-vector match in the chunk; -1: no word vectors
	SoftMin        float64  `measure:"soft_min"`        // the worst such match among the claim's contentful words; -1: none
	NumbersMissing []string `measure:"numbers_missing"` // the claim's quantities the chunk does not state, as written
	// RivalSpan, RivalText: the chunk sentence about the same thing that
	// states another value instead (passageContradicts), as the chunk
	// gives it; "" when none.
	RivalSpan        [2]int   `measure:"numbers_missing"`
	RivalText        string   `measure:"numbers_missing"`
	NegationMismatch bool     `measure:"negation_mismatch"` // "not", "no", "never", "without", "n't"… on one side only, in a close match
	NegationCause    string   `measure:"negation_mismatch"` // which kind of contradiction (a cause* reason code); "" without one
	EntitiesMissing  []string `measure:"entities_missing"`  // the claim's proper nouns the chunk does not mention
	EntityShare      float64  `measure:"entity_share"`      // share of the claim's proper nouns found in the chunk; -1: none
	EntityMismatch   bool     `measure:"entity_mismatch"`   // a close match to a window whose only new words are names the chunk lacks
	// SentenceMin: the lowest bigram_overlap and ngram_sim among the
	// citations of the pair's claim (sentenceContext); nil: the pair alone.
	SentenceMin *[2]float64 `measure:"sentence_min"`
}

// Check is one named, documented measurement of a pair, in the manner of
// go/analysis's Analyzer: it declares the measures of earlier checks it
// reads (as an Analyzer its Requires) and the measures it writes, and
// validate refuses a check that reads what no earlier check writes.
type Check struct {
	Name   string
	Doc    string   // what it measures, in one line
	Reads  []string // measures written by earlier checks
	Writes []string // measures only it writes
	run    func(c *claim, ev *evidence, m *measures)
}

// Checks are the checks run on every pair, in order.
var Checks = []Check{
	{
		Name:   "noun_phrases",
		Doc:    "noun phrases of the sentence found in the chunk (case, plural and punctuation normalised)",
		Writes: []string{"np_coverage"},
		run: func(c *claim, ev *evidence, s *measures) {
			s.NPCoverage = -1
			if len(c.phrases) == 0 {
				return
			}
			var sum float64
			for i, p := range c.phrases {
				found := 0
				for _, k := range c.phraseKeys[i] {
					if ev.contains(k) {
						found++
					}
				}
				sum += float64(found) / float64(len(p.Words))
				if found == len(p.Words) {
					s.NPFound = appendUnique(s.NPFound, p.Text)
				} else {
					s.NPMissing = appendUnique(s.NPMissing, p.Text)
				}
			}
			s.NPCoverage = sum / float64(len(c.phrases))
		},
	},
	{
		Name:   "word_overlap",
		Doc:    "share of the sentence's content words (stemmed, stopwords removed, numbers kept) present in the chunk",
		Writes: []string{"token_overlap", "missing_words", "words"},
		run: func(c *claim, ev *evidence, s *measures) {
			s.TokenOverlap, s.Words = -1, len(c.stems)
			for k := range c.stems {
				if !c.found(k, ev) {
					s.MissingWords++
				}
			}
			if s.Words > 0 {
				s.TokenOverlap = float64(s.Words-s.MissingWords) / float64(s.Words)
			}
		},
	},
	{
		Name:   "plain_overlap",
		Doc:    "share of the sentence's distinct content words found in the chunk, counted by the word-overlap rule (lower-cased, no stems); the words it lacks",
		Writes: []string{"plain_overlap"},
		run: func(c *claim, ev *evidence, s *measures) {
			s.PlainOverlap = shareIn(c.plainWords, ev.plainWords)
			for i, h := range c.plainWords {
				if !ev.plainWords.has(h) {
					s.Unstated = append(s.Unstated, c.plainText[i])
				}
			}
		},
	},
	{
		Name:   "bigrams",
		Doc:    "share of the sentence's adjacent content-word pairs found as pairs in the chunk",
		Writes: []string{"bigram_overlap"},
		run: func(c *claim, ev *evidence, s *measures) {
			s.BigramOverlap = shareIn(c.bigrams, ev.bigrams)
		},
	},
	{
		Name:   "best_window",
		Doc:    "the chunk window (one or two sentences) holding most of the sentence's content words, of those the most similar by character 4-grams; word overlap and 4-gram similarity with it",
		Writes: []string{"window", "window_overlap", "ngram_sim"},
		run: func(c *claim, ev *evidence, s *measures) {
			// Most words first: by 4-gram cosine alone, a short heading
			// that repeats two of the sentence's words outranks the
			// passage that states it, and a long page has many headings.
			// Only the windows holding the most are compared (their
			// vectors made): the first of the most similar among them.
			best, bestFound, bestSim := -1, -1, 0.0
			var buf [128]int
			counts := windowCounts(c.stems, ev.windows, buf[:0])
			if len(counts) > 0 {
				bestFound = slices.Max(counts)
			}
			for i := range ev.windows {
				if counts[i] < bestFound {
					continue
				}
				if sim := c.grams.cosine(ev.windows[i].vector(ev.arena)); best < 0 || sim > bestSim {
					best, bestSim = i, sim
				}
			}
			s.NgramSim, s.WindowOverlap = bestSim, -1
			if best < 0 {
				return
			}
			w := &ev.windows[best]
			s.Window = w
			if len(c.stems) > 0 {
				s.WindowOverlap = float64(bestFound) / float64(len(c.stems))
			}
			s.Span, s.SpanText, s.SpanShown = [2]int{w.start, w.end}, ev.texts[best], ev.shown(best)
		},
	},
	{
		Name:   "embedding",
		Doc:    "cosine of the sentence embedding with the most similar window embedding",
		Writes: []string{"embed_sim"},
		run: func(c *claim, ev *evidence, s *measures) {
			s.EmbedSim = -1
			if c.vec == nil || ev.vecs == nil {
				return
			}
			for _, v := range ev.vecs {
				s.EmbedSim = math.Max(s.EmbedSim, embed.Cosine(c.vec, v))
			}
		},
	},
	{
		Name:   "word_alignment",
		Doc:    "each content word of the sentence aligned to its closest chunk word by word vectors (exact or synonym)",
		Writes: []string{"soft_recall", "soft_min"},
		run: func(c *claim, ev *evidence, s *measures) {
			s.SoftRecall, s.SoftMin = -1, -1
			if len(c.wids) == 0 || len(ev.wids) == 0 {
				return
			}
			var num, den float64
			for i, v := range c.wids {
				best := 0.0
				if slices.Contains(ev.wids, v) {
					best = 1 // the word itself: no need to compare it with every other
				} else {
					for _, u := range ev.wids {
						if d := float64(c.wsim(v, u)); d > best {
							best = d
							if best >= 1 {
								break
							}
						}
					}
				}
				w := float64(c.wweights[i])
				num += w * best
				den += w
				if w > 0.5 && (s.SoftMin < 0 || best < s.SoftMin) {
					s.SoftMin = best
				}
			}
			if den > 0 {
				s.SoftRecall = num / den
			}
		},
	},
	{
		Name:   "numbers",
		Doc:    "every number, amount, percentage and date of the sentence appears in the chunk (normalised; a duration also as a period word the chunk names, 'quarterly' for 'every three months'; an amount in cents as the amount in the currency, '29 céntimos' for '0,29 €', but not the same figure in the other unit, '€12' for '12 cents'; a count of times as the chunk's word for it, 'two times a year' for 'twice a year'; a two as the chunk's word for two of the thing, 'the two accounts' for 'both accounts') with the bound the chunk gives it (up to, from, a range), and in the chunk's sentence (or, where it gives several things values, the clause) about the same thing when that states another of its kind, and not only of another subject where the chunk calls the claim's free or included, nor only of a neighbouring item the chunk lists in the same frame (\"Tarif Strom Fix: … 50 € Neukundenbonus\" for Strom Basis), nor with two subjects' values the other way round (\"dogs from age 10 and cats from age 8\" against \"age 8 for dogs and age 10 for cats\"), nor of the first subject of a sentence whose second clause leaves out the verb (\"80% and dental check-ups at 60%\"), nor to each of a kind or per something where the window's sentence gives it to share or in total (\"Each member gets 100 GB\" against \"100 GB per workspace, shared by all members\"), nor as a percentage where the chunk gives it only in percentage points (\"um 2 Prozent\" against \"um 2 Prozentpunkte\"), nor in a time zone where the chunk names another (\"2 pm UK time\" against \"2 pm CET\"), nor only of a thing named with another number (\"Extra Zorg 2\" for \"Extra Zorg 1\"), nor only of another of a series by its ordinal (\"The first reminder costs €7.50\" against \"… The second reminder costs €7.50\"), nor as another part of a change (\"rises to €29.99\" or \"steigt um 5 %\" against \"from €29.99 to €34.99\", \"von 5 % auf 10 %\"), nor a count of times for another period than the one rate the chunk gives (\"once a month\" against \"at most once per quarter\")",
		Reads:  []string{"window"},
		Writes: []string{"numbers_missing"},
		run: func(c *claim, ev *evidence, s *measures) {
			s.NumbersMissing = numbersMissing(c, ev)
			if x := oneCountedOtherwise(c, ev); x != "" { // "one extra user" against "three extra users"
				s.NumbersMissing = appendUnique(s.NumbersMissing, x)
			}
			if l, ok := lang.Get(c.tongue.code); ok && s.SpanText != "" {
				for _, x := range changeSwapped(l, c, s.SpanText) { // "steigt um 5 %" of "von 5 % auf 10 %"
					s.NumbersMissing = appendUnique(s.NumbersMissing, x)
				}
				if x := changedByOnly(l, c, ev); x != "" { // "lasts 14 days" of "can be extended by 14 days"
					s.NumbersMissing = appendUnique(s.NumbersMissing, x)
				}
			}
			var other []string
			at := -1
			// A figure said as a difference ("€25 more than online") is no
			// figure a sentence of the chunk could state otherwise.
			skip := append(slices.Clip(s.NumbersMissing), ev.differences(c, s.NumbersMissing)...)
			if p := newPassage(c, ev, skip); p != nil {
				if other, at = passageContradicts(c, skip, p); at < 0 {
					other, at = subjectSwapped(c, skip, p)
				}
				if at < 0 {
					other, at = freeSubject(c, skip, p)
				}
				if at < 0 {
					other, at = frameSwapped(c, skip, p)
				}
				if at < 0 {
					other, at = siblingStated(c, skip, p)
				}
				if at < 0 {
					other, at = partStated(c, skip, p)
				}
				if at < 0 {
					other, at = renamedStated(c, skip, p)
				}
				if at < 0 {
					other, at = topicStated(c, skip, p)
				}
			}
			for _, raw := range other {
				s.NumbersMissing = appendUnique(s.NumbersMissing, raw)
			}
			if at >= 0 {
				w := &ev.windows[at]
				s.RivalSpan, s.RivalText = [2]int{w.start, w.end}, ev.shown(at)
			}
			if l, ok := lang.Get(c.tongue.code); ok && s.SpanText != "" && len(c.quantities) == 0 && slices.ContainsFunc(claimWords(c, l), l.IsUniversal) {
				// "every week" where the window says "every two weeks"
				if closest, _, _ := c.nearest(l, s.SpanText[s.Span[0]:s.Span[1]]); closest != nil {
					if x := everyOther(l, c.words, closest); x != "" {
						s.NumbersMissing = appendUnique(s.NumbersMissing, x)
					}
				}
			}
			if l, ok := lang.Get(c.tongue.code); ok && s.SpanText != "" {
				if x := pricedFree(l, c, s.SpanText[s.Span[0]:s.Span[1]]); x != "" {
					s.NumbersMissing = appendUnique(s.NumbersMissing, x) // "kostenlos" where the window gives "2 %"
				} else if x := costsNothing(l, c, s.SpanText[s.Span[0]:s.Span[1]]); x != "" {
					s.NumbersMissing = appendUnique(s.NumbersMissing, x) // "charges nothing" where it gives "£5"
				} else if x := freeOfAnother(l, c, s.SpanText); x != "" {
					s.NumbersMissing = appendUnique(s.NumbersMissing, x) // "free" where the chunk gives it a reduced fare
				} else if x := percentRoleSwapped(l, c, s.SpanText[s.Span[0]:s.Span[1]]); x != "" {
					s.NumbersMissing = appendUnique(s.NumbersMissing, x) // "40 % van de prijs" of "40 % korting"
				}
				if x := pointsAsPercent(l, c, s.SpanText); x != "" {
					s.NumbersMissing = appendUnique(s.NumbersMissing, x) // "um 2 Prozent" of "um 2 Prozentpunkte"
				}
				if cw := claimWords(c, l); c.countsTimes(l, cw) {
					if at, end := rateAt(l, cw, c.nearestWords(l, s.SpanText[s.Span[0]:s.Span[1]])); at >= 0 {
						x := rawRate(c.plain, cw[at], cw[end-1])
						if x == "" {
							x = strings.Join(cw[at:end], " ")
						}
						s.NumbersMissing = appendUnique(s.NumbersMissing, x) // "twice a day" of "every two days"
					}
				}
				if x := zoneSwapped(l, c, s.SpanText); x != "" {
					s.NumbersMissing = appendUnique(s.NumbersMissing, x) // "2 pm UK time" of "2 pm CET"
				}
			}
			if x := perSwapped(c, ev); x != "" {
				s.NumbersMissing = appendUnique(s.NumbersMissing, x) // "€12 per account" of "€12 per user"
			}
			if l, ok := lang.Get(c.tongue.code); ok {
				if x, i := ordinalMoved(l, c, ev); x != "" && !slices.Contains(s.NumbersMissing, x) { // "the first reminder" of "the second reminder costs €7.50"
					s.NumbersMissing = append(s.NumbersMissing, x)
					if s.RivalText == "" {
						w := &ev.windows[i]
						s.RivalSpan, s.RivalText = [2]int{w.start, w.end}, ev.shown(i)
					}
				}
			}
			if x := totalGivenPer(c, ev); x != "" {
				s.NumbersMissing = appendUnique(s.NumbersMissing, x) // "£75 in total" of "£75 per fuel"
			}
			if l, ok := lang.Get(c.tongue.code); ok && s.SpanText != "" && givesEach(l, c) {
				_, _, sentence := c.nearest(l, s.SpanText[s.Span[0]:s.Span[1]])
				if x := sharedGivenEach(l, c, sentence); x != "" {
					s.NumbersMissing = appendUnique(s.NumbersMissing, x) // "each member gets 100 GB" of "100 GB shared by all members"
				}
			}
			if l, ok := lang.Get(c.tongue.code); ok && s.SpanText != "" && len(c.quantities) > 0 {
				// "Mit BahnCard … 13,90 €" against "9,90 € mit BahnCard und 13,90 € ohne"
				_, _, sentence := c.nearest(l, s.SpanText[s.Span[0]:s.Span[1]])
				if x := withoutSwapped(l, c, sentence); x != "" {
					s.NumbersMissing = appendUnique(s.NumbersMissing, x)
				} else if x := alsoExtended(l, c, sentence); x != "" {
					s.NumbersMissing = appendUnique(s.NumbersMissing, x) // "€5, also for specialists" of "€5 for GPs and €10 for specialists"
				}
			}
			if l, ok := lang.Get(c.tongue.code); ok && s.SpanText != "" && twoOfAKind(c.quantities) {
				// "dogs from age 10 and cats from age 8" where the window says dogs 8, cats 10
				_, _, sentence := c.nearest(l, s.SpanText[s.Span[0]:s.Span[1]])
				if x := valuesSwapped(l, c, sentence); x != "" && !slices.Contains(s.NumbersMissing, x) {
					s.NumbersMissing = append(s.NumbersMissing, x)
					if s.RivalText == "" {
						s.RivalSpan, s.RivalText = s.Span, s.SpanShown
					}
				}
			}
			other, text, span := tableContradicts(c, ev, s.NumbersMissing)
			for _, raw := range other {
				s.NumbersMissing = appendUnique(s.NumbersMissing, raw)
			}
			if s.RivalText == "" && text != "" {
				s.RivalSpan, s.RivalText = span, text
			}
			if l, ok := lang.Get(c.tongue.code); ok && len(s.NumbersMissing) == 0 && s.SpanText != "" {
				s.NumbersMissing = otherPartAmount(l, c, s.SpanText[s.Span[0]:s.Span[1]]) // the bus's "€ 4,00" for the train
			}
		},
	},
	{
		Name:   "negation",
		Doc:    "a negation in the sentence but not in the best-matching window, or the reverse, about the words both share (a requirement's modal words as one: 'do not need to' against 'must'); or a word whose opposite the window says instead (before/after, inclusive/exclusive, one weekday for another, only some against all; the two sides of 'faster than' or 'from … to' swapped; said of what the chunk's sentence leaves out with 'except', or its 'unless' case given as the rule ('refunded to your card' against '… as a credit note, unless you ask for a refund to your card') or said 'even if' ('verlengd, ook als u … opzegt' against '…, tenzij u … opzegt'), or of all of a kind where it excepts part ('l'intégralité des sommes versées' against '… intégralement, à l'exception des frais d'inscription'); said for certain where the window hedges it ('we aim to', 'can be'); said of all or both where the window says it of some ('all plans' for 'the Pro and Business plans', 'in beide pakketten' for 'het Plus-pakket') or of another group ('Alle Kunden' against 'Mitglieder des Treueprogramms'); 'can' where the window denies it on a possibility word ('not possible', 'we do not accept'); 'fully' or 'unlimited' where the window bounds it ('up to 75%', 'up to four devices'); a frequency in one word against another period the window gives as a rate ('monthly' against 'every quarter'); 'around the clock' where the window's sentence gives hours ('daily from 6 am to 10 pm'); below close similarity, an opposite or a denial of all (looseFlip), a denial on a possibility word, or one word turned in a sentence that holds all the claim's others; a waiting period the window names dropped, or the price it gives for an introductory period given as the price; two parties each given what the window gives the other; one party given what a clause says another does ('your bank charges' against 'we charge …; your bank may add'); said of another name where the window says it of one only ('on Plus and Lifetime' against 'only Lifetime'); 'only' on part of a list the window gives whole; 'maximale Laufzeit' against 'Mindestlaufzeit'; said of a thing the window leaves out and the chunk names only to deny it ('Rabbits may travel' against 'Cats and dogs may travel … Rabbits and birds are not allowed'); said of every one of a kind where another sentence limits it to others ('Every user can add colleagues' against 'Only administrators can add or remove users'); a period run from another event than the window's ('within seven days of your flight' against 'of receiving the bag'); the window's sentence without the condition it says it under ('Physiotherapy is covered for up to 12 sessions' against '… when referred by your GP'), or with one of two requirements its condition joins ('si … tiene cargas familiares' against '… y sus ingresos son bajos'; 'nur …, wenn' one of two joined by 'oder'); two things the window's sentence needs both of joined by 'or', or the reverse ('you need a driving licence or a credit card' against '… and a credit card'); at any closeness, what the window's sentence says after 'otherwise' given under the part before it rather than its opposite ('If the ground is prepared …, we charge €79' against 'must be prepared; otherwise €79 is charged'), a comparison the other way round from the figures the chunk gives its two sides ('the Fixed mortgage has a lower rate than the Mixed' against 2.95 % and 2.45 %), or a figure with a comparison of the other direction ('5 € günstiger' against '5 € mehr')",
		Reads:  []string{"window", "ngram_sim", "missing_words"},
		Writes: []string{"negation_mismatch"},
		run: func(c *claim, ev *evidence, s *measures) {
			// The kind of contradiction found is its reason's refinement:
			// the first rule that fires names it; a denial on one side
			// only, whatever else read it, is "negated".
			why := func(cause string, hit bool) bool {
				if hit && s.NegationCause == "" {
					s.NegationCause = cause
				}
				return hit
			}
			defer func() {
				switch {
				case !s.NegationMismatch:
					s.NegationCause = ""
				case s.NegationCause == "":
					s.NegationCause = causeNegated
				}
			}()
			// Only a window that the sentence closely follows can flip its
			// polarity; against a loosely related window the comparison
			// says nothing.
			if s.SpanText == "" {
				return
			}
			window := s.SpanText[s.Span[0]:s.Span[1]]
			inWindow, inClaim := englishRoots(c, window), englishRoots(c, c.plain)
			modalOfWindow, modalOfClaim := requirementModal(c, window), requirementModal(c, c.plain)
			var ofWindow, ofClaim func(string) bool
			ofWindow = func(st string) bool {
				return s.Window.has(hashWord(st)) || ev.prefixes.has(prefixKey(st)) || inWindow(st) || partsOf(c, st, ofWindow) || modalOfWindow(st)
			}
			ofClaim = func(st string) bool {
				return c.stemSet.has(hashWord(st)) || c.prefixSet.has(prefixKey(st)) || inClaim(st) || partsOf(c, st, ofClaim) || modalOfClaim(st)
			}
			// "lower than" where the chunk's figures say higher, or "€5
			// cheaper" where it says "€5 more", at any closeness: a
			// comparison shares most of its words with the figures it
			// misreads.
			if l, ok := lang.Get(c.tongue.code); ok && (why(causeSides, comparisonReversed(l, c, s.SpanText)) || why(causeOpposite, amountDegreeFlipped(l, c, s.SpanText))) {
				s.NegationMismatch = true
				return
			}
			// Without a condition "otherwise" needs, what is left against
			// what follows the cue ("If … not prepared, we charge" of "must be
			// prepared; otherwise …").
			claimText, windowText := c.plain, window
			if l, ok := lang.Get(c.tongue.code); ok && l.MayHoldOtherwise(window) {
				if turned, rest, alt, ok := otherwiseCase(l, c, window); ok && turned {
					s.NegationMismatch = why(causeCondition, true)
					return
				} else if ok {
					claimText, windowText = rest, alt
				}
			}
			if s.NgramSim < closeMatch {
				// Below a close match only these are read: "Nobody" against
				// "every customer" or an opposite in a reworded sentence
				// (looseFlip); a denial of all the claim names ("Cancelling
				// by phone is not possible" shares few 4-grams with "You can
				// cancel by phone"); a word turned in a sentence that holds
				// all the claim's others; a waiting period or an introductory
				// price's period dropped (conditionDropped); "maximale
				// Laufzeit" against "Mindestlaufzeit"; the opposite said of
				// the claim's subject in a clause of its own (clauseOpposed).
				flip := s.NgramSim >= swapMatch && why(causeOpposite, looseFlip(c, window))
				if l, ok := lang.Get(c.tongue.code); ok && !flip && s.MissingWords <= 1 {
					cw := claimWords(c, l)
					// A turned word is the one claim word the chunk lacks.
					flip = s.MissingWords == 1 && (why(causeOpposite, turnedWord(l, cw, window)) ||
						why(causeScope, slices.ContainsFunc(cw, l.SaysWhole) && fullyBounded(l, cw, closestSentence(l, cw, window)))) ||
						s.NgramSim >= swapMatch && why(causeImpossible, deniedPossible(l, cw, window, ofClaim))
				}
				if l, ok := lang.Get(c.tongue.code); ok && !flip && s.NgramSim >= swapMatch {
					flip = why(causeCondition, conditionDropped(l, c, window, nil)) || why(causeScope, universalRestricted(l, c, ev, s.SpanText)) ||
						why(causeOpposite, l.Compounds && slices.ContainsFunc(claimWords(c, l), l.InOpposites) && adjectiveAgainstCompound(l, c.words, c.nearestWords(l, window))) ||
						why(causeEvent, anchorSwapped(l, claimWords(c, l), c.nearestWords(l, window), ev)) ||
						why(causeScope, groupWidened(l, claimWords(c, l), c.nearestWords(l, window)) || anytimeLimited(l, c.words, c.nearestWords(l, window))) ||
						why(causeNegated, s.MissingWords <= 1 && deniedOfTheRestricted(l, c, c.nearestWords(l, window))) ||
						why(causeExcepted, exceptionDropped(l, claimWords(c, l), c.nearestWords(l, window)))
					if !flip && (slices.ContainsFunc(claimWords(c, l), l.InOpposites) || mayNameActor(l, c, window) || l.MayRestrict(window)) {
						flip = why(causeSides, clausesSwapped(l, c, window, s.SpanText))
					}
					if !flip && s.MissingWords <= 1 {
						// Every word of the claim in the chunk, one of them only
						// where the chunk denies it: "Half board includes lunch"
						// against "… breakfast and dinner; lunch is not included";
						// or (all but one of them) a clause the window's sentence
						// says under a condition the claim leaves out, the sentence
						// long beside it ("The new card is free of charge" against
						// "… it is free if the theft is reported, otherwise it
						// costs €15").
						closest, _, closestText := c.nearest(l, window)
						flip = s.MissingWords == 0 && why(causeExcepted, excludedElsewhere(l, c, ev, closestPart(l, c, closest, closestText), s.SpanText)) ||
							why(causeCondition, conditionOmitted(l, c, closest, closestText))
					}
				}
				if l, ok := lang.Get(c.tongue.code); ok && !flip && s.NgramSim < swapMatch && s.MissingWords <= 1 {
					// A short claim of a long sentence: "The new card is free of
					// charge" against "The new card is free if the theft is
					// reported to the police, otherwise it costs €15".
					closest, _, closestText := c.nearest(l, window)
					flip = why(causeCondition, conditionOmitted(l, c, closest, closestText))
				}
				if l, ok := lang.Get(c.tongue.code); ok && !flip {
					// "even if" over the case the sentence's "unless" excepts
					// turns it round, however the rest is worded.
					_, _, closestText := c.nearest(l, window)
					flip = why(causeExcepted, evenIfUnless(l, c, closestText))
				}
				s.NegationMismatch = flip
				// A claim made of the chunk's own words is close to it
				// whatever its 4-grams say: its denial is read as at a close
				// match ("Een nota kunt u niet meer bij ons indienen" against
				// "U kunt nota's … bij ons indienen").
				if flip || s.NgramSim < swapMatch || s.MissingWords > 0 {
					return
				}
			}
			claimDenies, windowDenies := negates(c.tongue, claimText, ofWindow) || crossed(claimText), negates(c.tongue, windowText, ofClaim) || crossed(windowText)
			// "Unless" denies a claim that states a condition ("renews if
			// you cancel") or drops it ("Refunds are paid to the original
			// card" of "… unless the card has expired"); one that restates
			// the condition's words without a conditional ("renews every
			// month, so cancel a week before the renewal date") does not.
			if l, ok := lang.Get(c.tongue.code); ok && windowDenies && !claimDenies {
				// A claim restating the condition after an "unless" of its
				// own ("except if", "behalve als" for "tenzij") says it too.
				_, claimUnless := l.UnlessClause(c.plain)
				if d, ok := unlessRestated(l, c.tongue, window, ofClaim, claimUnless || !l.HasConditional(claimWords(c, l))); ok {
					windowDenies = d
				}
			}
			if l, ok := lang.Get(c.tongue.code); ok && claimDenies && !windowDenies {
				// The same the other way round: "renews unless you cancel"
				// against "renews, except if you cancel by 30 September".
				_, windowUnless := l.UnlessClause(window)
				if d, ok := unlessRestated(l, c.tongue, c.plain, ofWindow, windowUnless); ok {
					claimDenies = d
				}
			}
			// A denial of the claim's words that a two-sentence window says
			// only in its sentence the claim does not follow ("The customer
			// pays return shipping unless the item is faulty" beside
			// "Returns are accepted within 30 days") is about something else.
			if l, ok := lang.Get(c.tongue.code); ok && windowDenies && !claimDenies {
				_, _, closest := c.nearest(l, window)
				if closest != window {
					windowDenies = negates(c.tongue, closest, ofClaim) || crossed(closest) || deniesSubject(c, window)
				}
				// So is one said only in a clause other than the one holding
				// most of the claim's words ("… y de 2 € por consulta de
				// medicina general; las pruebas diagnósticas no tienen copago").
				if cl, ok := closestClause(l, c, closest); windowDenies && ok {
					windowDenies = negates(c.tongue, cl, ofClaim) || crossed(cl)
				}
				windowDenies = windowDenies && !affirmedApart(l, c, closest) // "…; aan de voorkant wel"
			}
			s.NegationMismatch = claimDenies != windowDenies
			if l, ok := lang.Get(c.tongue.code); ok && s.NegationMismatch && claimDenies {
				// "nie haftbar" against "nicht …, es sei denn, …": the cues pair,
				// and the claim's "never" drops the exception
				_, _, closestText := c.nearest(l, window)
				why(causeExcepted, absoluteUnlessDropped(l, c, closestText, ofClaim))
			}
			if l, ok := lang.Get(c.tongue.code); ok && !s.NegationMismatch && !claimDenies {
				// "Accidental damage is covered" of "… is not covered unless you add Device Care"
				s.NegationMismatch = why(causeCondition, slices.ContainsFunc(windowSentences(window), func(sentence string) bool {
					return deniedUnlessDropped(l, c, sentence, ofClaim)
				}))
			}
			if l, ok := lang.Get(c.tongue.code); ok && s.NegationMismatch && windowDenies {
				// The window's denial may be its other clause's, of other things.
				if differs, found := clausePolarity(l, c, window, ofClaim, ofWindow); found {
					s.NegationMismatch = differs
				}
			}
			// A side whose clause about the shared words holds a cue of its
			// own denies too, in other words: both are negative ("Partial
			// months are not refunded" against "Refunds are not given for
			// partial months"). English reads it only where both sides make
			// one statement: a clause after a semicolon or an "except" may
			// deny another subject ("Snow chains are included at no charge;
			// winter tyres are charged …").
			if l, ok := lang.Get(c.tongue.code); s.NegationMismatch && ok && (c.tongue.l != nil || oneStatement(l, window) && oneStatement(l, c.plain)) {
				s.NegationMismatch = !(claimDenies && deniesIn(l, beyondConditions(l, c, window), ofClaim) || windowDenies && deniesIn(l, c.plain, ofWindow))
			}
			// The side without a cue may deny in other words: "unavailable"
			// for "not available", "lacks" for "does not support", "… by
			// post is not possible" for "cannot … by post".
			if l, ok := lang.Get(c.tongue.code); s.NegationMismatch && ok {
				// An "unless" is a condition, not a denial a word of the
				// claim could say in other words ("waived unless" against
				// "waived if").
				_, unless := l.UnlessClause(window)
				_, claimUnless := l.UnlessClause(c.plain)
				s.NegationMismatch = !(windowDenies && !unless && deniesInOtherWords(l, c.plain, window) || claimDenies && !claimUnless && deniesInOtherWords(l, window, c.plain) ||
					claimDenies && permissionDenied(l, claimWords(c, l), window, ofClaim) ||
					claimDenies && !windowDenies && deniedAsExcepted(l, claimWords(c, l), c.nearestWords(l, window)) ||
					claimDenies && !windowDenies && withoutAgrees(l, c, c.nearestText(l, window)) ||
					windowDenies && !claimDenies && (onlyAsExcepted(l, claimWords(c, l), c.nearestWords(l, window)) || affirmedAsExcepted(l, claimWords(c, l), c.nearestWords(l, window)) ||
						withCaseOfBoth(l, claimWords(c, l), c.nearestWords(l, window))))
			}
			if l, ok := lang.Get(c.tongue.code); s.NegationMismatch && ok && l.MayDenyAll(c.plain) && l.MayDenyAll(window) {
				s.NegationMismatch = !bothDenyAll(l, normalisedWords(l, c.plain), normalisedWords(l, window))
			}
			if !s.NegationMismatch && claimDenies && windowDenies {
				s.NegationMismatch = deniedOfOther(c, window, ofClaim)
				if !s.NegationMismatch && window != s.SpanText && c.numberedName() {
					// "Giga 500 has none" against a window of "Giga 100 has
					// none": the chunk's other sentences say whose it is.
					s.NegationMismatch = deniedOfOther(c, s.SpanText, ofClaim)
				}
				if l, ok := lang.Get(c.tongue.code); ok && !s.NegationMismatch {
					s.NegationMismatch, _ = clausePolarity(l, c, window, ofClaim, ofWindow) // another clause's denial
				}
				if l, ok := lang.Get(c.tongue.code); ok && !s.NegationMismatch {
					s.NegationMismatch = why(causeNegated, denialsDiffer(l, c, claimText, window, ofClaim) || claimClauseAffirms(l, c, window, ofClaim, ofWindow))
				}
				if l, ok := lang.Get(c.tongue.code); ok && s.NegationMismatch {
					// "Ohne BahnCard … 13,90 €" against "… 13,90 € ohne": the
					// window's "ohne" is of the claim's thing, left unsaid.
					s.NegationMismatch = !withoutAgrees(l, c, c.nearestText(l, window))
				}
			}
			if l, ok := lang.Get(c.tongue.code); !s.NegationMismatch && ok && s.NgramSim >= closeMatch {
				s.NegationMismatch = why(causeOther, wordMoved(l, c, ev))
			}
			if l, ok := lang.Get(c.tongue.code); !s.NegationMismatch && ok {
				closest, ww, closestText := c.nearest(l, window)
				s.NegationMismatch = why(causeOpposite, opposes(l, c.words, closest) || opposesInPart(l, c, closest, closestText)) || why(causeSides, rolesSwapped(l, c.words, ww) || partiesSwapped(l, c.words, closest)) ||
					why(causeImpossible, !claimDenies && deniedPossible(l, c.words, window, ofClaim)) || why(causeNegated, deniedOfTheRestricted(l, c, closest)) ||
					why(causeHedge, l.MayHedge(window) && hedgeDropped(l, c.words, closest)) ||
					why(causeExcepted, exceptedClaimed(l, c.plain, c.words, sentenceAround(s.SpanText, s.Span)) || absoluteUnlessDropped(l, c, closestText, ofClaim) || unlessCaseAsRule(l, c, closestText) || evenIfUnless(l, c, closestText)) ||
					why(causeScope, scopeFlipped(l, c.words, withWordsBefore(s.SpanText, s.Span[0], 3), ww) || fullyBounded(l, c.words, closest) || generalised(l, c.words, closest)) ||
					why(causeSides, complementSwapped(l, c.words, ww) || endSwapped(l, c.words, closest)) || why(causeImpossible, deniedOfAll(l, c.words, closest)) ||
					why(causeCondition, conditionDropped(l, c, window, closest)) || why(causeSides, membersSwapped(l, c.words, closest)) || why(causeScope, listNarrowed(l, c.words, closest)) ||
					why(causeOpposite, adjectiveAgainstCompound(l, c.words, closest) || obligationAsPermission(l, c.words, closest)) ||
					why(causeScope, restrictedOtherwise(l, c.words, closest) || anytimeLimited(l, c.words, closest) || restrictedAnytime(l, c.words, closest) || hoursLimited(l, c, window, closestText)) ||
					why(causeSides, clausesSwapped(l, c, window, s.SpanText)) ||
					why(causeExcepted, excludedElsewhere(l, c, ev, closestPart(l, c, closest, closestText), s.SpanText)) || why(causeEvent, anchorSwapped(l, c.words, closest, ev)) ||
					why(causeScope, universalRestricted(l, c, ev, s.SpanText)) ||
					why(causeCondition, conditionOmitted(l, c, closest, closestText) || requirementDropped(l, c, closestText) || joinLoosened(l, c.words, closest, closestText) || restrictionDropped(l, c, closestText))
			}
		},
	},
	{
		Name:   "entities",
		Doc:    "names, products and places (proper nouns) of the sentence that the chunk does not mention; an e-mail or web address the chunk gives otherwise; a model code for another ('S23' for 'S24'); a name the window gives with one more word after it ('iPhone 15' for 'iPhone 15 Pro'); a common word made a name for another of a kind the window names ('the Team plan' for 'the Business plan'); a name added to a list of names the chunk gives; a thing the chunk tells apart from the window's ('Expressversand' for 'Standardversand' beside a row 'Express', 'gatos' for 'perros' where the chunk lists 'perros y gatos'); what the chunk says of another name, where it names the sentence's too and says it nowhere of that",
		Reads:  []string{"window", "ngram_sim", "missing_words"},
		Writes: []string{"entities_missing", "entity_share", "entity_mismatch"},
		run: func(c *claim, ev *evidence, s *measures) {
			s.EntityShare = -1
			if x := contactSwapped(c.plain, s.SpanText); x != "" {
				// "privacy@voorbeeld.com" where the chunk gives "privacy@voorbeeld.nl"
				s.EntityMismatch, s.EntitiesMissing = true, append(s.EntitiesMissing, x)
			}
			if s.SpanText != "" && s.NgramSim >= swapMatch {
				if x := codeSwapped(c, s.SpanText[s.Span[0]:s.Span[1]]); x != "" && !slices.Contains(s.EntitiesMissing, x) {
					// "Galaxy S23" where the window says "Galaxy S24"
					s.EntityMismatch, s.EntitiesMissing = true, append(s.EntitiesMissing, x)
				} else if x := variantNamed(c, s.SpanText[s.Span[0]:s.Span[1]]); x != "" && !slices.Contains(s.EntitiesMissing, x) {
					// "iPhone 15" where the window says "iPhone 15 Pro"
					s.EntityMismatch, s.EntitiesMissing = true, append(s.EntitiesMissing, x)
				} else if x := placeSwapped(c, ev, s.SpanText[s.Span[0]:s.Span[1]]); x != "" && !slices.Contains(s.EntitiesMissing, x) {
					// "nach Österreich" where the window says "innerhalb Deutschlands"
					s.EntityMismatch, s.EntitiesMissing = true, append(s.EntitiesMissing, x)
				} else if x := headNameSwapped(c, ev, s.SpanText[s.Span[0]:s.Span[1]]); x != "" && !slices.Contains(s.EntitiesMissing, x) {
					// "the Team plan" where the window says "the Business plan"
					s.EntityMismatch, s.EntitiesMissing = true, append(s.EntitiesMissing, x)
				} else if l, ok := lang.Get(c.tongue.code); ok && strings.Contains(c.plain, ",") {
					// "card, bank transfer and cheque" where the window lists "… and PayPal"
					if x := listSwapped(l, c.plain, s.SpanText[s.Span[0]:s.Span[1]]); x != "" && !slices.Contains(s.EntitiesMissing, x) {
						s.EntityMismatch, s.EntitiesMissing = true, append(s.EntitiesMissing, x)
					}
				}
				if l, ok := lang.Get(c.tongue.code); ok && !s.EntityMismatch && s.NgramSim >= closeMatch {
					// "Expressversand" where the window says "Standardversand" and a table lists "Express"
					closest, _, sentence := c.nearest(l, s.SpanText[s.Span[0]:s.Span[1]])
					s.EntityMismatch = siblingSwapped(l, c, closest, sentence, s.SpanText)
				}
			}
			if l, ok := lang.Get(c.tongue.code); ok && !s.EntityMismatch {
				if at := oneOfListed(l, c, ev); at >= 0 { // "The Basic and Premium plans include …" of the Premium plan's
					s.EntityMismatch = true
					w := &ev.windows[at]
					s.RivalSpan, s.RivalText = [2]int{w.start, w.end}, ev.shown(at)
				}
			}
			if len(c.entities) == 0 {
				return
			}
			found := 0
			var missing [][]wordKey
			inChunk := make([]bool, len(c.entities))
			for i, e := range c.entities {
				if entityIn(c.entityKeys[i], ev) || zoneNamedIn(c, e, s.SpanText) {
					found++
					inChunk[i] = true
				} else if !slices.Contains(s.EntitiesMissing, e) {
					s.EntitiesMissing = append(s.EntitiesMissing, e)
					missing = append(missing, c.entityKeys[i])
				}
			}
			s.EntityShare = float64(found) / float64(len(c.entities))
			// A swapped name: the sentence follows a window closely, the
			// only words the chunk lacks are the names themselves, and the
			// window has a name of its own where the sentence has one.
			missingNameWords := 0
			for _, keys := range missing {
				for _, k := range keys {
					if !ev.stems.has(k.stem) {
						missingNameWords++
					}
				}
			}
			s.EntityMismatch = s.EntityMismatch || found < len(c.entities) && s.NgramSim >= swapMatch && s.MissingWords <= missingNameWords &&
				s.SpanText != "" && nameSwapped(c.tongue, c.plain, s.EntitiesMissing, s.SpanText[s.Span[0]:s.Span[1]])
			if l, ok := lang.Get(c.tongue.code); ok && !s.EntityMismatch && found < len(c.entities) {
				s.EntityMismatch = listExtended(l, c.plain, c.entities, inChunk)
			}
			s.EntityMismatch = s.EntityMismatch || found < len(c.entities) && s.NgramSim >= swapMatch && s.SpanText != "" &&
				nameIntroduced(c.tongue, c.plain, s.EntitiesMissing, s.SpanText[s.Span[0]:s.Span[1]]) // "a PayPal account" for "the original payment method"
			if !s.EntityMismatch && found == len(c.entities) && s.NgramSim >= closeMatch && s.SpanText != "" {
				if at := subjectMoved(c, ev, s.SpanText[s.Span[0]:s.Span[1]]); at >= 0 {
					s.EntityMismatch = true
					if s.RivalText == "" {
						w := &ev.windows[at]
						s.RivalSpan, s.RivalText = [2]int{w.start, w.end}, ev.shown(at)
					}
				}
			}
			if l, ok := lang.Get(c.tongue.code); ok && !s.EntityMismatch && s.SpanText != "" && c.numberedName() {
				_, _, sentence := c.nearest(l, s.SpanText[s.Span[0]:s.Span[1]])
				s.EntityMismatch = numberedClauseMoved(l, c, sentence) // "On Team 50 … once a month" of Team 10's
			}
		},
	},
}

// partsOf reports whether every part of a hyphenated stem is of a text
// (of): a negation about "Online-Bestellungen" is about the text's
// "online" and "bestellungen", which its stems hold apart. A part before
// the last is stemmed; the last is the stem's end.
func partsOf(c *claim, st string, of func(string) bool) bool {
	if !strings.Contains(st, "-") {
		return false
	}
	l, ok := lang.Get(c.tongue.code)
	parts := strings.Split(st, "-")
	for i, p := range parts {
		if p == "" {
			return false
		}
		if i < len(parts)-1 && ok {
			p = l.Stem(p)
		}
		if strings.Contains(p, "-") || !of(p) {
			return false
		}
	}
	return true
}

// claimWords are the claim's words as l normalises them, made once a
// claim, not once a chunk.
func claimWords(c *claim, l *lang.Language) []string {
	if c.words == nil {
		c.words = normalisedWords(l, c.plain)
	}
	return c.words
}

// entityIn reports whether every word of a proper noun ("Haute-Saône")
// is in the chunk, as written or as a stem.
func entityIn(keys []wordKey, ev *evidence) bool {
	for _, k := range keys {
		if !ev.contains(k) {
			return false
		}
	}
	return true
}

// closeMatch is the 4-gram similarity above which a sentence follows a
// window closely enough that a flipped negation or a swapped name is a
// contradiction rather than a different topic.
const closeMatch = 0.6

// swapMatch is the 4-gram similarity above which a window can hold a
// swapped name: lower than closeMatch, as two names of several words
// (Thomas Hardy, Charles Dickens) weigh on 4-grams, while nameSwapped
// asks for the other name in the same place.
const swapMatch = 0.4

// runChecks measures a pair.
func runChecks(c *claim, ev *evidence) measures {
	var m measures
	for i := range Checks {
		Checks[i].run(c, ev, &m)
	}
	return m
}

func shareIn(stems []uint64, in wordSet) float64 {
	if len(stems) == 0 {
		return -1
	}
	found := 0
	for _, st := range stems {
		if in.has(st) {
			found++
		}
	}
	return float64(found) / float64(len(stems))
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
