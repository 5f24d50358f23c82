package estimate

import (
	"fmt"
	"testing"
)

// benchCitations is an audit of n citations over 30 tenants.
func benchCitations(n int) []Citation {
	cs := make([]Citation, n)
	for i := range cs {
		p := float64((i*7919)%10000) / 10000
		cs[i] = Citation{Key: fmt.Sprintf("conv-%07d/1/%d/[1]", i/4, i%4), Tenant: fmt.Sprintf("tenant-%02d", i%30),
			Supported: p >= 0.5, Fabricated: i%97 == 0, Score: p}
	}
	return cs
}

// Frame, design and draw of 400 labels from 100,000 citations.
func BenchmarkDraw(b *testing.B) {
	cs := benchCitations(100_000)
	b.ReportAllocs()
	for b.Loop() {
		f := NewFrame()
		for _, c := range cs {
			_ = f.Add(c)
		}
		d, err := NewDesign(f, 400, 1, DesignOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := d.Draw(cs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(cs))*float64(b.N)/b.Elapsed().Seconds(), "citations/s")
}

// Tally of 100,000 citations, 400 of them labelled, and the estimate.
func BenchmarkEstimate(b *testing.B) {
	cs := benchCitations(100_000)
	b.ReportAllocs()
	for b.Loop() {
		t := NewTally()
		for i, c := range cs {
			l := Unlabelled
			if i%250 == 0 {
				l = Supported
				if c.Score < 0.4 {
					l = Unsupported
				}
			}
			stratum := "machine-unsupported"
			if c.Supported {
				stratum = "machine-supported"
			}
			_ = t.Add(stratum, c, l)
		}
		if _, err := t.Estimate(Options{Bar: 0.9}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(cs))*float64(b.N)/b.Elapsed().Seconds(), "citations/s")
}
