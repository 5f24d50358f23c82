package audit

import (
	"slices"
	"strconv"
	"strings"
)

// quantityIndex is the set of quantity keys a chunk supports, each with
// what is known of it (the q* flags). A chunk has few quantities: a sorted
// slice of key hashes, flags in the low bits, is smaller and quicker to
// build than a map of key strings, and its zero value is an empty index.
type quantityIndex struct {
	keys []uint64  // hash&^qFlags | flags, sorted, one per key
	meas []measure // the amounts with a unit it states ("90 days", "2 kg"), for a claim's in another unit
}

const (
	qPresent  uint64 = 1 << iota // the chunk states the key
	qPositive                    // written without a sign somewhere
	qNegative                    // written with a minus sign somewhere
	qPlain                       // a plain number (not part of an amount, date or percentage)
	qNoUnit                      // a plain number without a unit somewhere

	qFlags = 1<<iota - 1
)

// keyHash is the 64-bit FNV-1a hash of a key string, fed in parts so
// that no key string is built; the index keeps its high 59 bits (FNV's low
// bits are its weakest), and it is deterministic, so reports stay
// reproducible.
// Collisions: a chunk has at most a few hundred keys, so a key matches another with odds under 1e-15 (n/2^59) per lookup.
type keyHash uint64

const keyHashStart keyHash = 14695981039346656037

func (h keyHash) add(s string) keyHash {
	for i := 0; i < len(s); i++ {
		h ^= keyHash(s[i])
		h *= 1099511628211
	}
	return h
}

func (h keyHash) addDecimal(d decimal) keyHash {
	if h = h.add(d.whole); d.frac != "" {
		h = h.add(".").add(d.frac)
	}
	return h
}

func (h keyHash) key() uint64 { return uint64(h) &^ qFlags }

// quantityIndexOf indexes the quantities of a chunk. A dated chunk also
// supports its bare year and month, and an amount supports its bare value;
// what it states only in parts (a date without its year, the second year
// of a range) is indexed too (dates.go).
func quantityIndexOf(text string) quantityIndex {
	return indexQuantities(plainSpaces(text), true, nil)
}

// plainSpaces turns the no-break and thin spaces that pages write inside
// quantities ("10\u00a0June 1865", "5\u202fkg") into plain spaces, which
// the quantity scan reads.
func plainSpaces(text string) string {
	for _, sp := range oddSpaces {
		if strings.Contains(text, sp) {
			return spaces.Replace(text)
		}
	}
	return text
}

var oddSpaces = []string{"\u00a0", "\u202f", "\u2009", "\u2007"}

var spaces = strings.NewReplacer(oddSpaces[0], " ", oddSpaces[1], " ", oddSpaces[2], " ", oddSpaces[3], " ")

// indexQuantities indexes the quantities findQuantities reads and, with
// parts, what text states of them in parts (dates.go). kept, if not nil,
// gets each quantity found, so that one scan serves both.
func indexQuantities(text string, parts bool, kept *[]found) quantityIndex {
	var buf [64]uint64 // a chunk's keys, before they are sorted and copied
	keys := buf[:0]
	var meas []measure
	scanQuantities(text, func(f found) {
		if kept != nil {
			*kept = append(*kept, f)
		}
		if parts {
			keys = appendPartKeys(keys, text, f)
		}
		f.label = labelled(englishTables(), text, f.start)
		if englishTables().InsteadBefore(text[:f.start]) {
			return // "€25 instead of €30": €30 does not apply
		}
		keys, meas = appendKeys(keys, meas, &f)
	})
	if parts {
		keys = appendNamedMonths(keys, text)
	}
	return newQuantityIndex(keys, meas)
}

// appendKeys appends the keys of a quantity the scan found, and its
// measures if it has a unit. The English scan and the other languages'
// (quantities_lang.go) share it.
func appendKeys(keys []uint64, meas []measure, f *found) ([]uint64, []measure) {
	set := func(h keyHash, flags uint64) { keys = append(keys, h.key()|flags) }
	n := keyHashStart.add("n:")
	sign := qPositive
	if f.negative {
		sign = qNegative
	}
	switch {
	case f.phone != 0:
		set(f.phone, qPresent|qPositive)
	case f.clock != "":
		set(keyHashStart.add("t:").add(f.clock), qPresent|qPositive)
		set(n.add(trimLeadingZeros(f.clock[:2])), qPresent) // "at 8" of "08:00"
	case f.ordinal == ordinalWord:
		set(keyHashStart.add("o:").addDecimal(f.value), qPresent|qNoUnit)
		set(keyHashStart.add("unit:ord:").add(f.ordOf), qPresent) // an ordinal of this word (statesUnit)
	case f.date:
		if f.y == "" { // a day and month without a year ("am 12. Mai"; English reads none)
			set(keyHashStart.add("md:").add(f.m).add("-").add(f.d), qPresent|qPositive)
			set(keyHashStart.add("mo:").add(f.m), qPresent)
			set(n.add(trimLeadingZeros(f.d)), qPresent)
			break
		}
		month := keyHashStart.add("d:").add(f.y).add("-").add(f.m)
		set(n.add(f.y), qPresent)
		if f.d == "" {
			set(month, qPresent|qPositive)
			break
		}
		set(month.add("-").add(f.d), qPresent|qPositive)
		set(month, qPresent)
		set(n.add(trimLeadingZeros(f.d)), qPresent)
	case f.percent:
		set(keyHashStart.add("p:").addDecimal(f.value), qPresent|sign)
		set(keyHashStart.add("unit:pct"), qPresent) // a percentage (statesUnit of a share)
		set(n.addDecimal(f.value), qPresent)
	case f.currency != "":
		money := keyHashStart.add("m:").add(f.currency).add(":")
		set(money.addDecimal(f.value), qPresent|sign)
		if f.alt != "" {
			set(money.add(f.alt), qPresent|sign)
		}
		set(n.addDecimal(f.value), qPresent)
	case f.unit != "":
		set(n.addDecimal(f.value), qPresent|sign|qPlain)
		set(keyHashStart.add("u:").addDecimal(f.value).add(":").add(f.unit), qPresent)
		set(keyHashStart.add("unit:").add(f.unit), qPresent) // a number of this unit (statesUnit)
		if v, err := strconv.ParseFloat(f.value.String(), 64); err == nil {
			ms, n := measuresOf(v, f.unit)
			meas = append(meas, ms[:n]...)
		}
	case f.label: // "Artikel 75" states 75, and no amount or duration of 75
		set(n.addDecimal(f.value), qPresent|sign)
	default:
		set(n.addDecimal(f.value), qPresent|sign|qPlain|qNoUnit)
		if f.ordinal == ordinalDigit {
			set(keyHashStart.add("o:").addDecimal(f.value), qPresent|qNoUnit)
			set(keyHashStart.add("unit:ord:").add(f.ordOf), qPresent)
		}
	}
	return keys, meas
}

// newQuantityIndex returns the index of keys, sorted and copied out of the
// caller's buffer.
func newQuantityIndex(keys []uint64, meas []measure) quantityIndex {
	if len(keys) == 0 {
		return quantityIndex{}
	}
	keys = compactKeys(keys)
	return quantityIndex{keys: append(make([]uint64, 0, len(keys)), keys...), meas: meas}
}

// compactKeys sorts keys and joins the flags of equal hashes.
func compactKeys(keys []uint64) []uint64 {
	slices.Sort(keys)
	out := keys[:0]
	for _, k := range keys {
		if last := len(out) - 1; last >= 0 && out[last]&^qFlags == k&^qFlags {
			out[last] |= k
		} else {
			out = append(out, k)
		}
	}
	return out
}

// merge adds the quantities of o to idx.
func (idx *quantityIndex) merge(o quantityIndex) {
	keys := make([]uint64, 0, len(idx.keys)+len(o.keys)) // o's slice is never written
	idx.keys = compactKeys(append(append(keys, idx.keys...), o.keys...))
	idx.meas = append(idx.meas[:len(idx.meas):len(idx.meas)], o.meas...)
}

// flags returns the flags of the key of hash h, 0 if idx lacks it.
func (idx quantityIndex) flags(h keyHash) uint64 {
	k := h.key()
	if i, _ := slices.BinarySearch(idx.keys, k); i < len(idx.keys) && idx.keys[i]&^qFlags == k {
		return idx.keys[i] & qFlags
	}
	return 0
}

// supports reports whether the chunk states quantity q. An amount is
// supported by the same amount, or by the bare number when the chunk names
// no currency nor other unit for it.
func (idx quantityIndex) supports(q quantity) bool {
	if q.Kind == "fraction" {
		return idx.statesShare(q)
	}
	if q.AltKey != "" && idx.flags(keyHashStart.add(q.AltKey))&qPresent != 0 {
		return idx.supports(quantity{Kind: q.Kind, Key: q.AltKey, Negative: q.Negative})
	}
	if f := idx.flags(keyHashStart.add(q.Key)); f&qPresent != 0 {
		// A sign disagrees only where the chunk writes the value with the
		// other sign alone: "-5 °C" against "5 °C" (a list's "-5 days"
		// bullet beside "5 days" elsewhere does not count).
		if q.Negative && f&(qPositive|qNegative) == qPositive || !q.Negative && f&(qPositive|qNegative) == qNegative {
			return false
		}
		if q.Unit == "" {
			return true
		}
		// "10 months" needs 10 months, or a 10 whose unit the chunk leaves
		// open ("between 10 and 15 months"); 10 years is a different claim.
		return f&qNoUnit != 0 ||
			idx.flags(keyHashStart.add("u:").add(strings.TrimPrefix(q.Key, "n:")).add(":").add(q.Unit))&qPresent != 0 ||
			statesMeasure(idx.meas, q)
	}
	if q.Unit != "" && statesMeasure(idx.meas, q) {
		return true // "three months" of a chunk's "90 days", "2,000 g" of its "2 kg"
	}
	if q.Kind == "money" {
		// A bare number: not one of another unit ("€10" is not "10 business days").
		f := idx.flags(keyHashStart.add("n:").add(q.Key[strings.LastIndexByte(q.Key, ':')+1:]))
		return f&qPlain != 0 && f&qNoUnit != 0
	}
	if q.Kind == "date" {
		return idx.statesInParts(q.Key)
	}
	return false
}

// statesUnit reports whether the chunk states a number of q's unit, or of
// any duration when q is one, or an ordinal of the same word when q is
// one ("third floor" against "second floor"): what a weak quantity is
// held to.
func (idx quantityIndex) statesUnit(q quantity) bool {
	if _, _, ok := durationDays(1, q.Unit); ok && statesTime(idx.meas) {
		return true
	}
	return idx.flags(keyHashStart.add("unit:").add(q.Unit))&qPresent != 0
}
