package embed

import (
	"bytes"
	"context"
	"math"
	"reflect"
	"testing"
)

func builtinT(t testing.TB) *Glove {
	t.Helper()
	g, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestAssetLoads(t *testing.T) {
	vs, err := Read(bytes.NewReader(gloveAsset))
	if err != nil {
		t.Fatal(err)
	}
	if vs.Dims != 100 || len(vs.Words) != 50000 || vs.Words[0] != "the" {
		t.Fatalf("dims %d, %d words, first %q", vs.Dims, len(vs.Words), vs.Words[0])
	}
}

func sim(g *Glove, a, b string) float64 { return Cosine(g.EmbedOne(a), g.EmbedOne(b)) }

func TestRelatedWordsAreCloser(t *testing.T) {
	g := builtinT(t)
	cases := [][3]string{
		{"refund", "reimbursement", "giraffe"},
		{"warranty", "guarantee", "banana"},
		{"shipping", "delivery", "philosophy"},
	}
	for _, c := range cases {
		if sim(g, c[0], c[1]) <= sim(g, c[0], c[2]) {
			t.Errorf("%s~%s %.3f <= %s~%s %.3f", c[0], c[1], sim(g, c[0], c[1]), c[0], c[2], sim(g, c[0], c[2]))
		}
	}
}

func TestParaphraseScoresAboveUnrelated(t *testing.T) {
	g := builtinT(t)
	a := "Refunds are accepted within thirty days of delivery."
	para := "You can get your money back up to a month after the parcel arrives."
	unrelated := "The volcano erupted and covered the island in ash."
	if sim(g, a, para) <= sim(g, a, unrelated) {
		t.Errorf("paraphrase %.3f <= unrelated %.3f", sim(g, a, para), sim(g, a, unrelated))
	}
}

func TestDeterministicAndZeroSafe(t *testing.T) {
	g := builtinT(t)
	a, b := g.EmbedOne("Store credit is issued after 30 days."), g.EmbedOne("Store credit is issued after 30 days.")
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same text, different vectors")
	}
	z := g.EmbedOne("zzqx qqzz !!!")
	for _, x := range z {
		if x != 0 {
			t.Fatal("unknown words gave a non-zero vector")
		}
	}
	if c := Cosine(z, a); c != 0 || math.IsNaN(c) {
		t.Errorf("cosine with zero vector = %v", c)
	}
	if c := Cosine(a, a); math.Abs(c-1) > 1e-6 {
		t.Errorf("self cosine = %v", c)
	}
	vs, err := g.Embed(context.Background(), []string{"a refund", "the warranty"})
	if err != nil || len(vs) != 2 || len(vs[0]) != 100 {
		t.Fatalf("Embed: %v %d", err, len(vs))
	}
}

func TestTokenisation(t *testing.T) {
	var got []string
	forEachWord("Don't use Acme's 2-year e-mail!", nil, func(w []byte) { got = append(got, string(w)) })
	want := []string{"do", "n't", "use", "acme", "2", "year", "e", "mail"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestGeneratorPipelineIsReproducible(t *testing.T) {
	words := []string{"the", ",", "refund", "U.S.", "n't", "e-mail", "warranty"}
	vecs := map[string][]float64{
		"the": {0.1, -0.2, 0.3, 1, 0}, ",": {1, 1, 1, 1, 1}, "refund": {0.5, 0.25, -1, 2, 3},
		"n't": {0, 0, 0.01, 1, 4}, "e-mail": {-0.3, 0.3, 0, 1, 5}, "warranty": {0.2, 0.2, 0.2, 1, 6},
	}
	vs, err := Select(words, vecs, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"the", "refund", "n't", "e-mail"}; !reflect.DeepEqual(vs.Words, want) {
		t.Fatalf("selected %q, want %q (frequency order, plain words, first 4)", vs.Words, want)
	}
	var a, b bytes.Buffer
	vs.Write(&a)
	vs.Write(&b)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two encodings differ")
	}
	back, err := Read(bytes.NewReader(a.Bytes()))
	if err != nil || !reflect.DeepEqual(back, vs) {
		t.Fatalf("round trip: %v", err)
	}
	// Quantisation error is at most half a step.
	q, s := Quantise([]float64{0.5, 0.25, -1})
	for i, x := range []float64{0.5, 0.25, -1} {
		if math.Abs(float64(q[i])*float64(s)-x) > float64(s)/2+1e-9 {
			t.Errorf("value %d: %v*%v vs %v", i, q[i], s, x)
		}
	}
	if _, err := Read(bytes.NewReader([]byte("garbage"))); err == nil {
		t.Error("garbage read as vectors")
	}
}

func BenchmarkEmbedOne(b *testing.B) {
	g := builtinT(b)
	s := "Refunds are accepted within 30 days of delivery, and store credit is issued after that."
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g.EmbedOne(s)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "sentences/s")
}
