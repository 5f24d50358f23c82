package estimate

import "math"

// Quantiles of the standard normal.
const (
	z95  = 1.6448536269514722 // one-sided 95 %
	z975 = 1.959963984540054  // two-sided 95 %
)

// normalQuantile is the standard normal quantile of p.
func normalQuantile(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }

// wilsonBounds is the Wilson score interval of a proportion p observed on n
// (possibly infinite: no sampling error left).
func wilsonBounds(p, n, z float64) (lo, hi float64) {
	if math.IsInf(n, 1) {
		return p, p
	}
	z2 := z * z
	centre := (p + z2/(2*n)) / (1 + z2/n)
	half := z / (1 + z2/n) * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return max(centre-half, 0), min(centre+half, 1)
}

// tQuantile is Student's t quantile with df degrees of freedom at the
// normal quantile z, by the Cornish-Fisher expansion.
func tQuantile(z, df float64) float64 {
	if math.IsInf(df, 1) {
		return z
	}
	df = max(df, 1)
	z2 := z * z
	g1 := (z2 + 1) * z / 4
	g2 := ((5*z2+16)*z2 + 3) * z / 96
	g3 := (((3*z2+19)*z2+17)*z2 - 15) * z / 384
	g4 := ((((79*z2+776)*z2+1482)*z2-1920)*z2 - 945) * z / 92160
	return z + g1/df + g2/(df*df) + g3/(df*df*df) + g4/(df*df*df*df)
}
