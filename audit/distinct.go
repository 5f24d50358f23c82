package audit

import (
	"math"
	"math/bits"
)

// distinctCounter counts distinct 64-bit hashes in bounded memory: exactly
// up to exactDistinct of them, then by HyperLogLog (Flajolet et al. 2007;
// 2^14 registers, 16 KB, standard error 0.8 %). A set of every
// conversation id grew the heap by ~20 MB per million conversations, and
// the collector's headroom tripled that; the audit's memory must not grow
// with the length of the logs. The estimate is order-independent, so the
// same input still gives the same count.
type distinctCounter struct {
	exact map[uint64]struct{} // nil once counting by registers
	regs  []uint8
}

const (
	exactDistinct = 1 << 17
	hllBits       = 14
)

func (d *distinctCounter) add(h uint64) {
	if d.regs == nil {
		if d.exact == nil {
			d.exact = map[uint64]struct{}{}
		}
		d.exact[h] = struct{}{}
		if len(d.exact) <= exactDistinct {
			return
		}
		d.regs = make([]uint8, 1<<hllBits)
		for x := range d.exact {
			d.addReg(x)
		}
		d.exact = nil
		return
	}
	d.addReg(h)
}

func (d *distinctCounter) addReg(h uint64) {
	h = mix64(h) // FNV's high bits are not uniform enough for the registers
	idx := h >> (64 - hllBits)
	rank := uint8(bits.LeadingZeros64(h<<hllBits|1<<(hllBits-1))) + 1
	if rank > d.regs[idx] {
		d.regs[idx] = rank
	}
}

// count returns the number of distinct hashes and whether it is estimated.
func (d *distinctCounter) count() (n int, estimated bool) {
	if d.regs == nil {
		return len(d.exact), false
	}
	m := float64(len(d.regs))
	var sum float64
	zeros := 0
	for _, r := range d.regs {
		sum += math.Ldexp(1, -int(r))
		if r == 0 {
			zeros++
		}
	}
	e := 0.7213 / (1 + 1.079/m) * m * m / sum
	if e <= 2.5*m && zeros > 0 {
		e = m * math.Log(m/float64(zeros)) // small-range correction
	}
	return int(math.Round(e)), true
}

// mix64 is SplitMix64's finaliser.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
