// Package lang holds what is language-specific in reading a text, as
// data, for English, Dutch, German, French and Spanish, and tells which
// language a text is in. The audit takes a *Language for the text it
// judges and never branches on its code: adding a language is a data
// file and a stemmer, not an edit across the audit.
//
// Files, in the order data flows through them:
//
//   - data.go: the embedded data files (data/) and their format: a header
//     of "key: value" lines, then [sections] of lines.
//   - language.go: Language, Get and Supported; the header's facts
//     (separators, date order, capitalised months, the ordinal dot,
//     compounds).
//   - words.go: Normalize, Stem (Snowball; nounphrase's for English),
//     IsStopword, OverlapStopwords, StripElision.
//   - negation.go: NegationAt (cues, cues with partners such as "ne …
//     plus", cues that "only" cancels), IsHedge, AnswersNo.
//   - numbers.go: NumberWord and NumberAt (1–100 in words), multipliers,
//     ordinals.
//   - dates.go: Month, the words around dates, OrdinalBefore.
//   - units.go: Unit, Currency, PercentAt, degrees.
//   - sentences.go: IsAbbreviation, IsTitle.
//   - phrases.go: IsRefusal, FindRefusal, IsCourtesy, IsReferral, Contrasts.
//   - markers.go: SourceWords, the words of citation labels.
//   - compound.go: Compound ("Garantiezeit" ≈ "Garantie … Zeit").
//   - detect.go, script.go, detector.go, trigrams.go: Detect, by script,
//     function words, letters and letter trigrams.
//   - names.go: Name, the English name of every code Detect returns.
//
// Data files (each with its source and licence in its header):
//
//   - data/<code>.txt: a language's tables, written for ragaudit (en holds
//     the audit's English tables, unchanged).
//   - data/common.txt: unit symbols and currency codes every language shares.
//   - data/stopwords/<code>.txt: Snowball's stopword lists (BSD-3-Clause,
//     data/SNOWBALL-LICENSE), NLTK's English one, and short lists written
//     for ragaudit where Snowball has none (pl, cs, ro, tr, ca, hu); the
//     detector reads them all.
//   - data/detect.txt: the detector's further function words and letters,
//     and the names of the languages without a data/<code>.txt.
//   - data/trigrams.txt: letter trigram probabilities derived from
//     lingua-go's models (Apache-2.0) by internal/trigramgen.
//
// See docs/languages.md for the sources and the detector's accuracy.
package lang
