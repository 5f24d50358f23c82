package embed

import "fmt"

// Select keeps the n most frequent plain words (lowercase letters, with
// inner hyphens or apostrophes, as in "n't" or "e-mail"), in the order
// given, and quantises their first dims values.
func Select(words []string, vectors map[string][]float64, dims, n int) (*Vectors, error) {
	vs := &Vectors{Dims: dims}
	for _, w := range words {
		if len(vs.Words) == n {
			break
		}
		if !plainWord(w) {
			continue
		}
		v, ok := vectors[w]
		if !ok {
			continue
		}
		if len(v) < dims {
			return nil, fmt.Errorf("word %q: %d values, want at least %d", w, len(v), dims)
		}
		q, scale := Quantise(v[:dims])
		vs.Words = append(vs.Words, w)
		vs.Scales = append(vs.Scales, scale)
		vs.Data = append(vs.Data, q...)
	}
	return vs, nil
}

func plainWord(w string) bool {
	if w == "" {
		return false
	}
	letters := 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'a' && c <= 'z':
			letters++
		case (c == '-' || c == '\'') && i > 0:
		default:
			return false
		}
	}
	return letters > 0
}
