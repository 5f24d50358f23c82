package embed

import (
	"context"
	"math"
)

// Embedder turns texts into vectors. Implementations are deterministic and
// safe for concurrent use.
type Embedder interface {
	Name() string // identifies the embedder (and model) in reports
	Dim() int     // vector length; 0 while unknown (HTTP before a response)
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

var (
	_ Embedder = (*Glove)(nil)
	_ Embedder = (*HTTP)(nil)
)

// Cosine is the cosine similarity of a and b; 0 when either is zero or
// their lengths differ.
func Cosine(a, b []float32) float64 {
	if len(a) != len(b) {
		return 0
	}
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}
