package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/nounphrase"
)

// hashWord hashes a word (64-bit FNV-1a). The evidence keeps its words,
// stems and bigrams as sorted hash slices probed by binary search: built
// once per chunk with one sort, where string-keyed maps cost a third of the
// audit in allocation and hashing.
func hashWord(s string) uint64 { return nounphrase.Hash(s) }

// hashPair is the hash of an ordered pair of words (a bigram).
func hashPair(a, b uint64) uint64 {
	h := a*0x9E3779B97F4A7C15 + b
	h ^= h >> 29
	return h * 0xBF58476D1CE4E5B9
}

// wordSet is a sorted set of word hashes.
type wordSet []uint64

// newWordSet sorts hs and drops repeats, in place.
func newWordSet(hs []uint64) wordSet {
	slices.Sort(hs)
	return slices.Compact(hs)
}

func (s wordSet) has(h uint64) bool {
	_, ok := slices.BinarySearch(s, h)
	return ok
}

// unionSets merges sets into a new one.
func unionSets(sets ...wordSet) wordSet {
	n := 0
	for _, s := range sets {
		n += len(s)
	}
	all := make([]uint64, 0, n)
	for _, s := range sets {
		all = append(all, s...)
	}
	return newWordSet(all)
}
