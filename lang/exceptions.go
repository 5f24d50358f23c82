package lang

// readExceptions reads [exceptions]: a line is a phrase that leaves
// something out of what its sentence says of all ("except", "mit
// Ausnahme von", "à l'exception de"); a line opening with "-" is one that
// does not, a condition or a clause ("- except that", "- sauf si"). It
// also reads [hedges], [possibility], [certainty], [permission],
// [period-anchors], [period-anchors-within], [date-nouns],
// [distributives], [pool-words], [or-words], [requirement-words],
// [grantors], [receiving], [waiting-periods], [at-once], [introductory] and [agent-markers].
func (l *Language) readExceptions(t, _ *table) error {
	l.agentMarks = set(l.withNormalized(t.words("agent-markers")))
	l.exceptions = l.readPhraseList(t, "exceptions")
	l.waiting = l.readPhraseList(t, "waiting-periods")
	l.atOnce = l.readPhraseList(t, "at-once")
	l.intro = l.readPhraseList(t, "introductory")
	l.hedges = l.readPhraseList(t, "hedges")
	l.hedgeAdverbs = l.readPhraseList(t, "hedge-adverbs")
	l.possible = l.readPhraseList(t, "possibility")
	l.certain = l.readPhraseList(t, "certainty")
	l.permission = l.readPhraseList(t, "permission")
	l.periodFrom = l.readPhraseList(t, "period-anchors")
	l.periodOf = l.readPhraseList(t, "period-anchors-within")
	l.dateNouns = set(l.withNormalized(t.words("date-nouns")))
	l.distributive = set(l.withNormalized(t.words("distributives")))
	l.poolWords = set(l.withNormalized(t.words("pool-words")))
	l.totalWords = set(l.withNormalized(t.words("total-words")))
	l.belowThat = set(l.withNormalized(t.words("below-that")))
	l.possessives = set(l.withNormalized(t.words("possessives")))
	l.aboveThat = set(l.withNormalized(t.words("above-that")))
	l.orWords = set(l.withNormalized(t.words("or-words")))
	l.requires = set(l.withNormalized(t.words("requirement-words")))
	l.modals = l.withNormalized(t.words("requirement-modals"))
	l.grantors = set(l.withNormalized(t.words("grantors")))
	l.receiving = set(l.withNormalized(t.words("receiving")))
	return nil
}

// MayHoldException reports whether text may hold an exception phrase; a
// sentence without one need not be split into words for ExceptionAt.
func (l *Language) MayHoldException(text string) bool { return l.exceptions.mayHold(text) }

// ExceptionAt returns how many words an exception phrase of
// [exceptions] takes at words[i] (normalised words), 0 for none:
// "except", "with the exception of", "außer", "sauf", "salvo"; not
// "except that" or "sauf si", which say a condition.
func (l *Language) ExceptionAt(words []string, i int) int { return l.exceptions.at(words, i) }

// MayWait reports whether text may hold a phrase of [waiting-periods];
// a text without one need not be split into words for WaitingAt.
func (l *Language) MayWait(text string) bool { return l.waiting.mayHold(text) }

// WaitingAt returns how many words a phrase of [waiting-periods] takes at
// words[i] (normalised words), 0 for none: "waiting period", "Wartezeit",
// "délai de carence".
func (l *Language) WaitingAt(words []string, i int) int { return l.waiting.at(words, i) }

// SaysAtOnce reports whether words (normalised) hold a phrase of
// [at-once]: "from the first day", "ab sofort", "dès le premier jour".
func (l *Language) SaysAtOnce(words []string) bool {
	for i := range words {
		if l.atOnce.at(words, i) > 0 {
			return true
		}
	}
	return false
}

// MayIntroduce reports whether text may hold a word of [introductory];
// a text without one need not be split into words for IntroductoryAt.
func (l *Language) MayIntroduce(text string) bool { return l.intro.mayHold(text) }

// IntroductoryAt returns how many words a phrase of [introductory] takes
// at words[i] (normalised words), 0 for none: "first" of "for the first
// 6 months", "ersten" of "im ersten Jahr".
func (l *Language) IntroductoryAt(words []string, i int) int { return l.intro.at(words, i) }

// IsAgentMarker reports whether the normalised word w names who does
// what a passive sentence says: "by", "door", "von", "par", "por".
func (l *Language) IsAgentMarker(w string) bool { return l.agentMarks[w] }

// MayHedge reports whether text may hold a phrase of [hedges] or
// [possibility]; a text without one need not be split into words.
func (l *Language) MayHedge(text string) bool {
	return l.hedges.mayHold(text) || l.possible.mayHold(text)
}

// Hedged reports whether the normalised words say a phrase of [hedges]:
// an aim or what holds as a rule ("we aim to", "in most cases", "in der
// Regel").
//
// A claim's own hedging adverb ([hedge-adverbs]: "usually", "meist")
// hedges it too: a sentence that keeps a hedge in other words drops none.
func (l *Language) Hedged(words []string) bool { return l.hedges.in(words) || l.hedgeAdverbs.in(words) }

// HedgeAt returns how many words a phrase of [hedges] takes at words[i],
// 0 for none.
func (l *Language) HedgeAt(words []string, i int) int { return l.hedges.at(words, i) }

// Possible reports whether the words say a phrase of [possibility]
// ("can", "kann", "peut"): what may be, not what will be.
func (l *Language) Possible(words []string) bool { return l.possible.in(words) }

// Certain reports whether the words say a phrase of [certainty] ("will",
// "always", "guaranteed", "immer", "toujours").
func (l *Language) Certain(words []string) bool { return l.certain.in(words) }

// MayPermit reports whether text may hold a word of [permission]; a text
// without one need not be split into words for PermitsAt.
func (l *Language) MayPermit(text string) bool { return l.permission.mayHold(text) }

// PermitsAt returns how many words a phrase of [permission] takes at
// words[i], 0 for none: a word that, negated, denies that a thing may be
// done ("not possible", "do not accept", "nicht möglich", "no admiten").
func (l *Language) PermitsAt(words []string, i int) int { return l.permission.at(words, i) }

// IsGrantor reports whether the normalised word w names who allows or
// accepts ("we", "wij", "wir"), not what is allowed.
func (l *Language) IsGrantor(w string) bool { return l.grantors[w] }

// IsReceiving reports whether the normalised word w is one of
// [receiving]: a party gets what another gives ("you get", "krijgt u").
func (l *Language) IsReceiving(w string) bool { return l.receiving[w] }

// PeriodAnchorAt returns how many words a phrase of [period-anchors]
// or [period-anchors-within] takes at words[i] (normalised words), 0 for
// none: the words tying a period to the event it runs from ("after",
// "suivant", "à compter de"). within tells a phrase of the second,
// which does so only where a word of [bound-within] opens the period
// ("within 7 days of your flight", not "30 days of holiday").
func (l *Language) PeriodAnchorAt(words []string, i int) (n int, within bool) {
	if n := l.periodFrom.at(words, i); n > 0 {
		return n, false
	}
	n = l.periodOf.at(words, i)
	return n, n > 0
}

// IsDateNoun reports whether the normalised word w names the date of an
// event ([date-nouns]: "date", "Datum", "fecha"), not an event.
func (l *Language) IsDateNoun(w string) bool { return l.dateNouns[w] }

// IsDistributive reports whether the normalised word w gives a thing to
// each of a kind ([distributives]: "each", "chacune", "jede").
func (l *Language) IsDistributive(w string) bool { return l.distributive[w] }

// IsPoolWord reports whether the normalised word w gives a figure to a
// group together ([pool-words]: "shared", "partager", "geteilt").
func (l *Language) IsPoolWord(w string) bool { return l.poolWords[w] }

// IsTotalWord reports whether the normalised word w gives a figure as a
// total ([total-words]: "total", "insgesamt", "totaal").
func (l *Language) IsTotalWord(w string) bool { return l.totalWords[w] }

// IsPossessive reports whether the normalised word w is a possessive
// determiner ([possessives]: "our", "your", "onze", "unser"): the owner
// of a thing, not a party that acts.
func (l *Language) IsPossessive(w string) bool { return l.possessives[w] }

// ThatSide reports whether the normalised word w, after a figure given
// with a bound, restates that figure with the other bound ([below-that]
// "darunter", "en dessous"; [above-that] "darüber", "au-delà"): +1 for
// above it, -1 for below, 0 for neither.
func (l *Language) ThatSide(w string) int {
	switch {
	case l.aboveThat[w]:
		return 1
	case l.belowThat[w]:
		return -1
	}
	return 0
}

// IsOrWord reports whether the normalised word w joins alternatives
// ([or-words]: "or", "oder", "ou").
func (l *Language) IsOrWord(w string) bool { return l.orWords[w] }

// IsRequirementWord reports whether the normalised word w says that what
// it names is needed ([requirement-words]: "need", "required",
// "benötigen", "nécessaire"): two things it joins with "and" are both
// needed, with "or" either will do.
func (l *Language) IsRequirementWord(w string) bool { return l.requires[w] }

// IsRequirementModalStem reports whether the stem st, as Stem gives it,
// is of a word of [requirement-modals], which says that something is
// required, whatever the act ("need", "must", "müssen", "hoeven",
// "obligatoire"): one denied ("do not need to be in their original
// packaging") turns one stated ("must be … in their original packaging").
func (l *Language) IsRequirementModalStem(st string) bool {
	l.modalStemsOnce.Do(func() {
		l.modalStems = map[string]bool{}
		for _, w := range l.modals {
			if k := l.Stem(w); k != "" {
				l.modalStems[k] = true
			}
		}
	})
	return l.modalStems[st]
}
