package audit

import (
	"math"
	"strconv"
	"strings"
)

// Measures: a number with a unit is an amount of its dimension, so that
// "2,000 g" is the "2 kg" of a chunk and "500 ml" its "0.5 l", while "2 cm"
// is not its "2 m" nor "200 seconds" its "200 ms". The audit compares
// them in the dimension's base unit; durations as spans of days (a month
// is 28 to 31 days, durationDays).

// measure is an amount a chunk states, as a span of its dimension's base
// unit (exact but for durations).
type measure struct {
	lo, hi float64
	dim    uint8 // dimOf: time, mass, length, volume, data, power, energy
}

// dimOf numbers the dimension of a unit ("mass:kg" → mass): a byte, not
// the string, as every chunk with units keeps its measures.
func dimOf(unit string) uint8 {
	dim, _, _ := strings.Cut(unit, ":")
	for i, d := range [...]string{"time", "mass", "length", "volume", "data", "power", "energy", "rate"} {
		if d == dim {
			return uint8(i + 1)
		}
	}
	return 0
}

// unitFactors are the units in their dimension's base unit: grams,
// metres, litres, watts, kilowatt-hours, bits a second. Data units are powers of 1,000
// or 1,024 (dataSteps).
var unitFactors = map[string]float64{
	"mass:mcg": 1e-6, "mass:mg": 1e-3, "mass:g": 1, "mass:kg": 1e3, "mass:t": 1e6,
	"mass:lb": 453.59237, "mass:oz": 28.349523125,
	"length:mm": 1e-3, "length:cm": 1e-2, "length:m": 1, "length:km": 1e3,
	"length:ft": 0.3048, "length:yd": 0.9144, "length:mi": 1609.344, "length:inch": 0.0254,
	"volume:ml": 1e-3, "volume:cl": 1e-2, "volume:dl": 1e-1, "volume:l": 1, "volume:gal": 3.785411784,
	"power:w": 1, "power:kw": 1e3, "energy:kwh": 1,
	"rate:kbit": 1e3, "rate:mbit": 1e6, "rate:gbit": 1e9, // bits a second
}

// dataSteps are the data units' powers: a gigabyte is 1,000³ or 1,024³
// bytes, as vendors write either ("1 GB" is "1,000 MB" and "1,024 MB").
var dataSteps = map[string]float64{"data:kb": 1, "data:mb": 2, "data:gb": 3, "data:tb": 4}

// measuresOf returns the readings of v in unit (two for data: 1,000 and
// 1,024 a step) and how many there are; none for a unit of no known size.
func measuresOf(v float64, unit string) (ms [2]measure, n int) {
	dim := dimOf(unit)
	if lo, hi, ok := durationDays(v, unit); ok {
		ms[0] = measure{lo, hi, dim}
		return ms, 1
	}
	if f, ok := unitFactors[unit]; ok {
		ms[0] = measure{v * f, v * f, dim}
		return ms, 1
	}
	if k, ok := dataSteps[unit]; ok {
		a, b := v*math.Pow(1000, k), v*math.Pow(1024, k)
		ms[0], ms[1] = measure{a, a, dim}, measure{b, b, dim}
		return ms, 2
	}
	return ms, 0
}

// statesMeasure reports whether a chunk's measures hold the claim's
// number q with its unit, in another unit of the same dimension: their
// spans meet, within rounding.
func statesMeasure(ms []measure, q quantity) bool {
	if len(ms) == 0 {
		return false
	}
	v, err := strconv.ParseFloat(strings.TrimPrefix(q.Key, "n:"), 64)
	if err != nil {
		return false
	}
	mine, n := measuresOf(v, q.Unit)
	for _, a := range mine[:n] {
		for _, b := range ms {
			eps := 1e-9 * max(math.Abs(a.hi), math.Abs(b.hi))
			if a.dim == b.dim && a.lo <= b.hi+eps && b.lo <= a.hi+eps {
				return true
			}
		}
	}
	return false
}

var timeDim = dimOf("time:")

// statesTime reports whether ms holds a duration.
func statesTime(ms []measure) bool {
	for _, m := range ms {
		if m.dim == timeDim {
			return true
		}
	}
	return false
}
