package lang

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Language holds what the audit needs to read text of one language: its
// words, numbers, dates, units, sentence ends and stock phrases. Every
// table comes from data/<code>.txt (and data/common.txt, the stopword
// list, the stemmer), read once; a Language is immutable and safe for
// concurrent use.
type Language struct {
	Code string // ISO 639-1: "en", "nl", "de", "fr", "es"
	Name string // in English: "German"

	// DecimalSeparator is the decimal mark of amounts: '.' in English,
	// ',' in the other four ("127,50").
	DecimalSeparator rune
	// ThousandsSeparators group thousands: ',' in English; '.', spaces,
	// no-break (U+00A0) and narrow no-break (U+202F) spaces elsewhere,
	// and apostrophes in Swiss German and French ("1’234").
	ThousandsSeparators []rune
	// NumericDates is the order of day, month and year in dates written
	// in digits ("12.05.2026", "12/05/2026"): "DMY", or "" where the
	// audit reads no such date because the order is not known (English:
	// 05/12/2026 is either).
	NumericDates string
	// MonthFirst: dates are also written month first ("May 12, 2026").
	MonthFirst bool
	// MonthsCapitalised: month names are written with a capital (en, de),
	// so a lower-case "may" is no month; nl, fr and es write them lower-case.
	MonthsCapitalised bool
	// OrdinalDot: a day or ordinal is written with a full stop ("am 12.
	// Mai", "im 19. Jahrhundert"), which ends no sentence (see OrdinalBefore).
	OrdinalDot bool
	// Compounds: the language writes compound nouns as one word
	// ("Garantiezeit", "retourtermijn"); see Compound.
	Compounds bool
	// NounsCapitalised: every noun is written with a capital (German), so
	// a capital inside a sentence does not make a word a name.
	NounsCapitalised bool

	// NoSource says that no confident source was found ("I do not have a
	// confident source for this."); NoSourceQuote says it and quotes the
	// closest passage: "{passage}" and "{marker}" mark where the passage
	// and its citation go. The guard serves them; both read as refusals.
	NoSource, NoSourceQuote string
	// RefusalExamples are refusals as people write them ("Das weiß ich
	// leider nicht."), each read by IsRefusal.
	RefusalExamples []string

	english               bool // stopwords, normalisation and stems are nounphrase's
	stem                  func(string) string
	stopwords             map[string]bool
	weightless            map[string]bool         // stopwords and [quantifiers]
	opposites             map[string][]opposite   // [opposites], by word
	ranged                map[int]bool            // [ranged]: groups of [opposites] in order
	discountWords         map[string]bool         // [discount-words]
	priceWords            map[string]bool         // [price-words]
	percentOf             map[string]bool         // [percent-of]
	leadBefore            map[string]bool         // [lead-before]
	leadUntil             [][]string              // [lead-until]
	irregular             map[string]string       // [irregular-verbs]: form → base
	places                map[string][]opposite   // [places], by word
	placeForms            map[[2]int][]string     // the forms of each member of [places], by group and member
	negPrefixes           []string                // [negating-prefixes]
	negSuffixes           []string                // [negating-suffixes]
	restrictors           map[string]bool         // [restrictors]
	universals            map[string]bool         // [universals]
	both                  map[string]bool         // [both]
	with, without         string                  // [with-without]
	fullWords             map[string]bool         // [full-words]
	unlimited             map[string]bool         // [unlimited-words]
	roleLinks             map[string]bool         // [role-connectors]
	compLinks             map[string]bool         // [comparison-connectors]
	compOf                map[string]bool         // [comparison-of]
	compDegree            map[string]int          // [comparison-up] +1, [comparison-down] -1
	listJoins             map[string]bool         // [list-joins]
	perWords              map[string]bool         // [per-words]
	labelNouns            map[string]bool         // [label-nouns]
	degreeAsks            map[string]bool         // [degree-asks]
	perCues               cueSet                  // [per-words] and [per-phrases], for a byte test first
	restrictCues          cueSet                  // [restrictors], for MayRestrict
	affirms               map[string]bool         // [affirm-particles]
	affirmCues            cueSet                  // the same, for MayAffirmApart
	obligatory            map[string]bool         // [obligatory-words]
	perPhrases            []perPhrase             // [per-phrases]
	unless                *regexp.Regexp          // [unless], as whole words
	unlessCues            map[string]bool         // [unless], each cue's words joined by a space
	unlessComma           *regexp.Regexp          // a cue of [unless] and the comma after it ("es sei denn,")
	unlessEnds            []string                // the last word of each cue with its comma, lower-cased: the byte test before unlessComma
	unlessBefore          *regexp.Regexp          // a comma and the cue of [unless] after it (", sauf si")
	unlessStarts          []string                // the first word of each cue, lower-cased: after ", ", the test before unlessBefore
	conditionals          map[string]bool         // [conditionals]
	condThen              map[string]bool         // [condition-then]
	negWords              map[string]bool         // [negative-words]
	zeroWords             map[string]bool         // [zero-words]
	backRefs              map[string]bool         // [back-references]
	subjectPronouns       map[string]bool         // [subject-pronouns]
	pairJoins             map[string]string       // [pair-joins]: the join by the word opening the pair
	afterDur              map[string]bool         // [after-durations]
	determiners           map[string]bool         // [determiners]
	superlativeBefore     map[string]bool         // [superlative-before]
	superlativeAfterForms []string                // [superlative-after]
	exceptions            phraseList              // [exceptions]
	periodFrom            phraseList              // [period-anchors]
	periodOf              phraseList              // [period-anchors-within]
	condPhrases           phraseList              // [condition-phrases]
	otherwise             phraseList              // [otherwise]
	evenIf                phraseList              // [even-if]
	condTimes             map[string]bool         // [condition-times]
	distributive          map[string]bool         // [distributives]
	poolWords             map[string]bool         // [pool-words]
	totalWords            map[string]bool         // [total-words]
	belowThat             map[string]bool         // [below-that]
	possessives           map[string]bool         // [possessives]
	aboveThat             map[string]bool         // [above-that]
	orWords               map[string]bool         // [or-words]
	requires              map[string]bool         // [requirement-words]
	modals                []string                // [requirement-modals], normalised
	zones                 map[string][]zonePhrase // [time-zones], by first word
	dateNouns             map[string]bool         // [date-nouns]
	waiting               phraseList              // [waiting-periods]
	atOnce                phraseList              // [at-once]
	intro                 phraseList              // [introductory]
	agentMarks            map[string]bool         // [agent-markers]
	hedges                phraseList              // [hedges]
	hedgeAdverbs          phraseList              // [hedge-adverbs]
	possible              phraseList              // [possibility]
	certain               phraseList              // [certainty]
	complements           phraseList              // [complement-words]
	denialsOfAll          phraseList              // [universal-denials]
	scaleWords            map[string]scaleEnd     // [scale-ends]
	degreeDown            map[string]bool         // [degree-down]
	rivals                map[string][]string     // of a word of [opposites], the words of its groups' other members
	permission            phraseList              // [permission]
	grantors              map[string]bool         // [grantors]
	receiving             map[string]bool         // [receiving]
	overlapStops          []string
	overlapSet            map[string]bool

	neg            negation
	answers        answerWords // AnswerWordOnly
	numbers        map[string]numberForm
	numberList     []NumberForm
	maxNumber      int      // most words of a number form
	hundreds       bool     // [hundreds] given: numbers above 100 are read (NumberAt)
	glued          []string // of a language writing numbers as one word, the forms of 100 and 1000 in them
	mults          map[string]float64
	maxMult        int
	ordinals       map[string]int
	ordSuffix      map[string]bool
	months         map[string]int
	monthTime      map[string]bool
	dateConn       map[string]bool
	ordNouns       map[string]bool
	units          map[string]string
	unitStems      map[string]string // the units by their words' stems (UnitOfStem), made once asked
	unitStemsOnce  sync.Once
	perAlike       [][]string     // [per-alike]: words naming one thing a figure is counted per
	perAlikeStems  map[string]int // their stems, to the line (SamePer), made once asked
	perAlikeOnce   sync.Once
	modalStems     map[string]bool // the stems of [requirement-modals] (IsRequirementModalStem), made once asked
	modalStemsOnce sync.Once
	dayQual        map[string]bool
	centWords      map[string]bool
	degrees        map[string]bool
	scales         map[string]string
	currencies     map[string]string
	percent        [][]string
	points         []string // [percent-points], lower-cased
	pointCues      cueSet   // the same, for a byte test
	fractions      []fraction
	fractionCues   cueSet // the longest word of each fraction, half and daytime phrase
	halves         []fraction
	daytime        []fraction
	shareWords     map[string]bool
	abbrevs        map[string]bool
	// Names where every noun is capitalised (NameBefore, NounSuffixed).
	nameBefore    map[string]bool
	nameParticles map[string]bool
	nounSuffixes  []string
	titles        map[string]bool
	elision       []string
	clockWords    map[string]bool
	clockHours    map[string]bool
	clockMarks    map[string]bool
	clockPre      [][]string
	clockPreLate  [][]string // [clock-before-late]
	ranges        map[string]bool
	minus         map[string][]string // a minus word and the words before it that cancel it
	curConn       map[string]bool
	bounds        boundWords // [bound-*]
	refusal       *regexp.Regexp
	courtesy      *regexp.Regexp
	referral      *regexp.Regexp
	contrast      *regexp.Regexp
	relatives     *regexp.Regexp        // [relatives], as contrast
	contrastWords map[string]bool       // [contrast], its one-word entries
	clauseJoins   map[string][][]string // [clause-joins]: by first word, the words after it
	freeWords     map[string]bool       // [free-words]
	freeNotBefore map[string]bool       // [free-not-before]
	freeCues      cueSet                // [free-words], for a byte test first
	costWords     map[string]bool       // [cost-words]
	everyN        map[string]bool       // [every-n]
	everyOther    map[string]bool       // [every-other]
	anytime       phraseList            // [anytime]
	noTime        phraseList            // [at-no-time]
	allDay        phraseList            // [around-the-clock]
	periods       map[string][]string   // [period-words], by "time:month 3"
	periodWord    map[string]bool       // the words of [period-words]
	periodKey     map[string]string     // [period-words]: word -> "time:month 3"
	timesWords    map[string]int        // [times-words]
	limitOpens    phraseList            // [limit-opens]
	anyWords      map[string]bool       // [any-words]
	alsoWords     map[string]bool       // [also-words]
	linking       []string
	sourceWords   []string
	fold          *strings.Replacer // [fold]: letters the stemmer folds
	// [ligatures]: letters written joined or apart, read apart (Normalize),
	// and the joined letters.
	ligatures       *strings.Replacer
	ligatureLetters string
	// [accents]: letters read without their accents (BareStem), and those
	// letters.
	accents       *strings.Replacer
	accentLetters string
	verbs         verbForms
	punktCache
}

// Get returns the language of an ISO 639-1 code, or false when ragaudit
// has no tables for it.
func Get(code string) (*Language, bool) {
	l, ok := languages()[code]
	return l, ok
}

// Supported returns the codes Get knows, sorted.
func Supported() []string {
	return slices.Sorted(maps.Keys(languages()))
}

// supported lists the languages with tables in data/.
var supported = []string{"en", "nl", "de", "fr", "es"}

// sections are those a language file may have.
var sections = []string{"negation", "negation-cancel", "negation-double", "negation-adverbs", "function-words", "quantifiers", "negating-prefixes", "negating-suffixes", "hedge", "hedge-after", "answer-no", "answer-after-no", "answer-yes", "answer-word-rest",
	"numbers", "hundreds", "multipliers", "ordinals", "ordinal-suffixes", "months", "month-time-words", "date-connectors",
	"ordinal-nouns", "units", "cent-words", "day-qualifiers", "degrees", "currencies", "percent", "percent-points", "fractions", "share-words", "discount-words", "price-words", "percent-of", "lead-before", "lead-until", "halves", "daytime", "abbreviations", "titles",
	"elision", "refusal", "courtesy", "referral", "linking", "participle-marks", "separable-prefixes", "verb-endings", "irregular-verbs", "name-before", "name-particles", "noun-suffixes", "fold", "ligatures", "accents", "plural-endings",
	"clock", "clock-hours", "clock-marks", "clock-before", "clock-before-late", "ranges", "minus", "currency-connectors", "opposites", "ranged", "places", "per-words", "per-alike", "label-nouns", "degree-asks", "per-phrases", "back-references", "subject-pronouns", "pair-joins", "after-durations", "period-anchors", "period-anchors-within", "date-nouns", "distributives", "pool-words", "total-words", "below-that", "above-that", "possessives", "determiners", "superlative-before", "superlative-after", "restrictors", "universals", "both", "with-without", "full-words", "unlimited-words", "around-the-clock", "period-words",
	"role-connectors", "comparison-connectors", "comparison-of", "comparison-up", "comparison-down", "list-joins", "or-words", "requirement-words", "requirement-modals", "exceptions", "negative-words", "zero-words", "hedges", "hedge-adverbs", "possibility", "certainty", "permission", "grantors", "receiving", "unless", "conditionals", "condition-then", "condition-phrases", "otherwise", "even-if", "condition-times", "waiting-periods", "at-once", "introductory", "agent-markers",
	"change-verbs", "change-from", "change-to", "change-by", "bound-upper", "bound-lower", "bound-over", "bound-under", "bound-within", "bound-upper-after", "bound-lower-after", "bound-range", "bound-between", "bound-upper-final", "instead-of", "affirm-particles", "obligatory-words",
	"source-words", "contrast", "relatives", "refusal-examples", "no-source", "complement-words", "universal-denials", "scale-ends", "degree-down", "clause-joins", "free-words", "free-not-before", "cost-words", "every-n", "every-other", "anytime", "at-no-time", "limit-opens", "any-words", "also-words", "time-zones", "times-words"}

// languages reads every language's tables once; the data are compiled
// in, so an error is a bug of the package, which its tests catch.
var languages = sync.OnceValue(func() map[string]*Language {
	common, err := readTable("common.txt")
	if err != nil {
		panic(err)
	}
	out := map[string]*Language{}
	for _, code := range supported {
		l, err := load(code, common)
		if err != nil {
			panic(fmt.Sprintf("lang: %v", err))
		}
		out[code] = l
	}
	return out
})

// load builds the Language of code from data/<code>.txt and common.
func load(code string, common *table) (*Language, error) {
	t, err := readTable(code + ".txt")
	if err != nil {
		return nil, err
	}
	l := &Language{Code: t.keys["code"], Name: t.keys["name"]}
	if l.Code != code {
		return nil, fmt.Errorf("data/%s.txt: code %q", code, l.Code)
	}
	for sec := range t.sections {
		if !slices.Contains(sections, sec) {
			return nil, fmt.Errorf("data/%s.txt: unknown section [%s]", code, sec)
		}
	}
	if err := l.readHeader(t); err != nil {
		return nil, err
	}
	if err := l.readWords(t); err != nil {
		return nil, err
	}
	for _, step := range []func(*table, *table) error{l.readNumbers, l.readDates, l.readUnits,
		l.readQuantityWords, l.readBounds, l.readFractions, l.readSentences, l.readPhrases, l.readOpposites, l.readUnless, l.readExceptions, l.readComplements, l.readSourceWords, l.readClauses, l.readEveryN, l.readAnytime, l.readPeriods, l.readZones, l.readPairJoins} {
		if err := step(t, common); err != nil {
			return nil, fmt.Errorf("data/%s.txt: %w", code, err)
		}
	}
	return l, nil
}

// readHeader reads the "key: value" lines of t.
func (l *Language) readHeader(t *table) error {
	yes := func(k string) (bool, error) {
		switch t.keys[k] {
		case "yes":
			return true, nil
		case "no":
			return false, nil
		}
		return false, fmt.Errorf("data/%s: %s: want yes or no, got %q", t.name, k, t.keys[k])
	}
	var err error
	for k, p := range map[string]*bool{"month-first": &l.MonthFirst, "months-capitalised": &l.MonthsCapitalised,
		"ordinal-dot": &l.OrdinalDot, "compounds": &l.Compounds, "nouns-capitalised": &l.NounsCapitalised} {
		if *p, err = yes(k); err != nil {
			return err
		}
	}
	seps := map[string]rune{"space": ' ', "nbsp": '\u00a0', "nnbsp": '\u202f', ",": ',', ".": '.', "'": '\'', "’": '’'}
	dec, ok := seps[t.keys["decimal"]]
	if !ok || (dec != '.' && dec != ',') {
		return fmt.Errorf("data/%s: decimal: want . or ,, got %q", t.name, t.keys["decimal"])
	}
	l.DecimalSeparator = dec
	for _, s := range strings.Fields(t.keys["thousands"]) {
		r, ok := seps[s]
		if !ok || r == dec {
			return fmt.Errorf("data/%s: thousands: %q", t.name, s)
		}
		l.ThousandsSeparators = append(l.ThousandsSeparators, r)
	}
	switch l.NumericDates = t.keys["numeric-dates"]; l.NumericDates {
	case "DMY":
	case "none":
		l.NumericDates = ""
	default:
		return fmt.Errorf("data/%s: numeric-dates: want DMY or none, got %q", t.name, l.NumericDates)
	}
	return nil
}

// set makes a set of words, lowercased.
func set(words []string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[strings.ToLower(w)] = true
	}
	return m
}

// entries reads the "key = form; form" lines of a section, calling add
// with each key and form (lowercased, trimmed).
func entries(t *table, section string, add func(key, form string) error) error {
	for _, line := range t.sections[section] {
		k, v, ok := strings.Cut(line, " = ")
		if !ok {
			return fmt.Errorf("[%s]: want \"key = form; form\", got %q", section, line)
		}
		for _, f := range strings.Split(v, ";") {
			if f = strings.ToLower(strings.TrimSpace(f)); f != "" {
				if err := add(strings.TrimSpace(k), f); err != nil {
					return fmt.Errorf("[%s]: %w", section, err)
				}
			}
		}
	}
	return nil
}
