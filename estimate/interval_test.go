package estimate

import (
	"math"
	"testing"
)

// Student's t quantiles against the tables, to 1 % from 2 degrees of
// freedom (the Cornish-Fisher expansion is asymptotic in df).
func TestTQuantileMatchesTheTables(t *testing.T) {
	cases := []struct {
		z, df, want float64
	}{
		{z975, 2, 4.303}, {z975, 5, 2.571}, {z975, 10, 2.228}, {z975, 30, 2.042}, {z975, 120, 1.980},
		{z95, 2, 2.920}, {z95, 5, 2.015}, {z95, 10, 1.812}, {z95, 30, 1.697},
		{z975, math.Inf(1), z975},
	}
	for _, c := range cases {
		if got := tQuantile(c.z, c.df); math.Abs(got-c.want)/c.want > 0.01 {
			t.Errorf("t(%v, df %v) = %v, want %v", c.z, c.df, got, c.want)
		}
	}
	if q := normalQuantile(0.8); math.Abs(q-0.8416212335729143) > 1e-12 {
		t.Errorf("normal quantile of 0.8: %v", q)
	}
}

// Wilson's interval for 5 of 20 at z = 1.96 (z² = 3.84146): centre
// (0.25 + 3.84146/40) / (1 + 3.84146/20) = 0.346037/1.192073 = 0.290281,
// half-width 1.959964/1.192073·√(0.1875/20 + 3.84146/1600) = 1.644164 ·
// 0.108517 = 0.178420: [0.111862, 0.468701].
func TestWilsonBounds(t *testing.T) {
	lo, hi := wilsonBounds(0.25, 20, z975)
	if math.Abs(lo-0.111862) > 5e-6 || math.Abs(hi-0.468701) > 5e-6 {
		t.Errorf("Wilson(0.25, 20) = [%v, %v], want [0.111862, 0.468701]", lo, hi)
	}
	if lo, hi := wilsonBounds(0.3, math.Inf(1), z975); lo != 0.3 || hi != 0.3 {
		t.Errorf("no sampling error left: [%v, %v]", lo, hi)
	}
}
