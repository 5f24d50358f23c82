package eval

import (
	"math"

	"github.com/ragaudit/ragaudit/audit"
)

// example is one labelled pair for fitting.
type example struct {
	Features  audit.Features
	Supported bool
	Weight    float64 // 0 means 1
}

// fitLogistic fits a logistic regression over the signals by Newton's
// method with an L2 penalty (lambda) on the weights, not the bias. It is
// deterministic: same examples, same model. Classes are reweighted to
// balance, since the verdict is judged by balanced accuracy.
func fitLogistic(name string, xs []example, lambda float64) audit.Model {
	k := len(audit.Signals) + 1 // bias last
	w := make([]float64, k)
	var pos, neg float64
	for _, x := range xs {
		if x.Supported {
			pos += exWeight(x)
		} else {
			neg += exWeight(x)
		}
	}
	cw := func(x example) float64 {
		if pos == 0 || neg == 0 {
			return exWeight(x)
		}
		if x.Supported {
			return exWeight(x) * (pos + neg) / (2 * pos)
		}
		return exWeight(x) * (pos + neg) / (2 * neg)
	}
	for iter := 0; iter < 50; iter++ {
		grad := make([]float64, k)
		hess := make([][]float64, k)
		for i := range hess {
			hess[i] = make([]float64, k)
		}
		for _, x := range xs {
			z := w[k-1]
			for i, v := range x.Features {
				z += w[i] * v
			}
			p := 1 / (1 + math.Exp(-z))
			y := 0.0
			if x.Supported {
				y = 1
			}
			c := cw(x)
			for i := 0; i < k; i++ {
				vi := 1.0
				if i < k-1 {
					vi = x.Features[i]
				}
				grad[i] += c * (y - p) * vi
				for j := 0; j < k; j++ {
					vj := 1.0
					if j < k-1 {
						vj = x.Features[j]
					}
					hess[i][j] += c * p * (1 - p) * vi * vj
				}
			}
		}
		for i := 0; i < k-1; i++ {
			grad[i] -= lambda * w[i]
			hess[i][i] += lambda
		}
		hess[k-1][k-1] += 1e-9
		step := solve(hess, grad)
		maxStep := 0.0
		for i := range w {
			w[i] += step[i]
			maxStep = math.Max(maxStep, math.Abs(step[i]))
		}
		if maxStep < 1e-9 {
			break
		}
	}
	m := audit.Model{Name: name, Bias: round(w[k-1]), Weights: map[string]float64{}, Threshold: 0.5}
	for i, s := range audit.Signals {
		m.Weights[s.Name] = round(w[i])
	}
	return m
}

func exWeight(x example) float64 {
	if x.Weight == 0 {
		return 1
	}
	return x.Weight
}

// round keeps six decimals so fitted models print and reload exactly.
func round(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// solve solves a·x = b by Gaussian elimination with partial pivoting.
func solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	m := make([][]float64, n)
	for i := range a {
		m[i] = append(append([]float64(nil), a[i]...), b[i])
	}
	for col := 0; col < n; col++ {
		piv := col
		for r := col + 1; r < n; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[piv][col]) {
				piv = r
			}
		}
		m[col], m[piv] = m[piv], m[col]
		if math.Abs(m[col][col]) < 1e-12 {
			continue
		}
		for r := col + 1; r < n; r++ {
			f := m[r][col] / m[col][col]
			for c := col; c <= n; c++ {
				m[r][c] -= f * m[col][c]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		if math.Abs(m[r][r]) < 1e-12 {
			continue
		}
		s := m[r][n]
		for c := r + 1; c < n; c++ {
			s -= m[r][c] * x[c]
		}
		x[r] = s / m[r][r]
	}
	return x
}
