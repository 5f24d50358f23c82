// Package nounphrase finds the noun phrases of a sentence with a chunker over
// prose's part-of-speech tags, and normalises words so that a phrase can be
// looked up in a chunk regardless of case, plural and punctuation. It is a
// leaf: text in, phrases out.
//
// Files, in the order data flows through them:
//
//   - tokenize.go: a sentence to words and punctuation, as prose's
//     tokenizer, which the tagging model was trained with, cuts it.
//   - model.go, tagger.go: the averaged-perceptron part-of-speech model
//     (tagger.bin, made by tools/taggen) and the Tagger that applies it.
//   - nounphrase.go: noun phrases and proper nouns from tags; the words
//     of a text with their offsets (RawWordsAt, as the audit reads
//     chunks), Normalize and stems.
//   - stopwords.go: the stopwords of the audit's own tokenisation.
package nounphrase
