package embed

import (
	"bytes"
	"context"
	"io"
	"math"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
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

func words(text string) []string {
	var got []string
	forEachWord(text, func(w []byte) { got = append(got, string(w)) })
	return got
}

func TestTokenisation(t *testing.T) {
	cases := map[string][]string{
		"Don't use Acme's 2-year e-mail!":         {"do", "not", "use", "acme", "2", "year", "e", "mail"},
		"We CAN'T, they won’t; I'm sure you'd've": {"we", "can", "not", "they", "will", "not", "i", "am", "sure", "you", "would", "ve"},
		"We'll see: they're here, we've gone":     {"we", "will", "see", "they", "are", "here", "we", "have", "gone"},
		"O'Sullivan rock'n'roll students' it'sx":  {"o", "sullivan", "rock", "n", "roll", "students", "it", "sx"},
		"Ünïcode ÉTÉ café—naïve 東京":               {"ünïcode", "été", "café", "naïve", "東京"},
		"n't 't ' '' don'":                        {"n", "t", "t", "don"},
		"":                                        nil,
		"   ...   ":                               nil,
	}
	for in, want := range cases {
		if got := words(in); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
	long := strings.Repeat("x", 200)
	if got := words("a " + long + " b"); !reflect.DeepEqual(got, []string{"a", long, "b"}) {
		t.Errorf("long word: %q", got)
	}
}

func TestContractionsReachTheVocabulary(t *testing.T) {
	g := builtinT(t)
	// "not" must count: a negated sentence moves away from the original.
	a, neg := g.EmbedOne("the refund was approved"), g.EmbedOne("the refund wasn't approved")
	if reflect.DeepEqual(a, neg) {
		t.Error("n't was ignored")
	}
	if !reflect.DeepEqual(g.EmbedOne("it can't"), g.EmbedOne("it can not")) {
		t.Error(`"can't" should embed as "can not"`)
	}
}

func TestSIFWeightsFavourRareWords(t *testing.T) {
	g := builtinT(t)
	the, _ := g.lookup([]byte("the"))
	refund, _ := g.lookup([]byte("refund"))
	if the != 0 || refund < 1000 {
		t.Fatalf("ranks: the %d, refund %d", the+1, refund+1)
	}
	if wt, wr := g.weight(the), g.weight(refund); !(wt < 0.05 && wr > 0.9) {
		t.Errorf("weights: the %.3f, refund %.3f", wt, wr)
	}
	// A stopword barely moves a sentence; a content word does.
	base := g.EmbedOne("refund policy")
	if c := Cosine(base, g.EmbedOne("the refund policy")); c < 0.99 {
		t.Errorf("adding 'the' moved the vector to cosine %.4f", c)
	}
	if c := Cosine(base, g.EmbedOne("giraffe refund policy")); c > 0.95 {
		t.Errorf("adding 'giraffe' left the vector at cosine %.4f", c)
	}
}

func TestNameDimAndConcurrency(t *testing.T) {
	g := builtinT(t)
	var e Embedder = g
	if e.Dim() != 100 || e.Name() != "builtin:glove-100d-50k-int8-sif" {
		t.Fatalf("Dim %d, Name %q", e.Dim(), e.Name())
	}
	if g2, _ := Builtin(); g2 != g {
		t.Error("Builtin loaded twice")
	}
	in := []string{"Refunds within 30 days.", "The giraffe is tall.", "Shipping is free over $50.", ""}
	want, _ := g.Embed(context.Background(), in)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				for i, s := range in {
					if !reflect.DeepEqual(g.EmbedOne(s), want[i]) {
						errs <- s
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for s := range errs {
		t.Errorf("concurrent EmbedOne(%q) differs", s)
	}
}

func TestEmbedStopsWhenCancelled(t *testing.T) {
	g := builtinT(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Embed(ctx, make([]string, 5000)); err != context.Canceled {
		t.Errorf("cancelled Embed: %v", err)
	}
	vs, err := g.Embed(context.Background(), nil)
	if err != nil || len(vs) != 0 {
		t.Errorf("empty Embed: %v %v", vs, err)
	}
}

func TestCosineEdgeCases(t *testing.T) {
	a := []float32{1, 2, 3}
	for _, c := range []struct {
		x, y []float32
		want float64
	}{
		{a, a, 1},
		{a, []float32{-1, -2, -3}, -1},
		{a, []float32{2, 4, 6}, 1},
		{[]float32{1, 0}, []float32{0, 1}, 0},
		{a, []float32{0, 0, 0}, 0},
		{[]float32{0, 0, 0}, []float32{0, 0, 0}, 0},
		{a, []float32{1, 2}, 0},
		{nil, nil, 0},
	} {
		got := Cosine(c.x, c.y)
		if math.IsNaN(got) || math.Abs(got-c.want) > 1e-6 {
			t.Errorf("Cosine(%v, %v) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

func TestHTTPDim(t *testing.T) {
	srv := httptest.NewServer(newFake(nil))
	defer srv.Close()
	h := newClient(srv, nil)
	if h.Dim() != 0 {
		t.Errorf("Dim before any call = %d", h.Dim())
	}
	if _, err := h.Embed(context.Background(), []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	if h.Dim() != 3 {
		t.Errorf("Dim = %d, want 3", h.Dim())
	}
}

func TestReadRejectsDamage(t *testing.T) {
	vs := &Vectors{Dims: 2, Words: []string{"a", "bc"}, Scales: []float32{1, 0.5}, Data: []int8{1, -1, 127, -127}}
	var buf bytes.Buffer
	if err := vs.Write(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	if back, err := Read(bytes.NewReader(good)); err != nil || !reflect.DeepEqual(back, vs) {
		t.Fatalf("round trip: %v %+v", err, back)
	}
	for name, b := range map[string][]byte{
		"truncated":  good[:len(good)-1],
		"trailing":   append(slices.Clone(good), 0),
		"empty":      nil,
		"header":     good[:len(magic)+4],
		"huge count": append(append([]byte(magic), 2, 0, 0, 0, 0xff, 0xff, 0xff, 0), good[len(magic)+8:]...),
		"zero dims":  append(append([]byte(magic), 0, 0, 0, 0), good[len(magic)+4:]...),
	} {
		if _, err := Read(bytes.NewReader(b)); err == nil {
			t.Errorf("%s: read without error", name)
		}
	}
	if err := (&Vectors{Dims: 1, Words: []string{""}, Scales: []float32{1}, Data: []int8{0}}).Write(io.Discard); err == nil {
		t.Error("empty word written")
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
	if err := vs.Write(&a); err != nil {
		t.Fatal(err)
	}
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

// TestFloatRowsMatchInt8 checks that embedding from the cached float32
// rows gives, bit for bit, the sums of scale × int8 element the embedder
// computed before the rows existed (the calibrated models depend on them).
func TestFloatRowsMatchInt8(t *testing.T) {
	g := builtinT(t)
	for _, text := range []string{
		"the refund was issued within 14 days",
		"Customers can't return opened items; they'll get store credit.",
		"zzzzunknownword",
		"",
	} {
		want := make([]float32, g.dims)
		for _, i := range g.Tokens(text) {
			s := g.scales[i]
			for k, x := range g.data[int(i)*g.dims : (int(i)+1)*g.dims] {
				want[k] += s * float32(x)
			}
		}
		got := g.EmbedOne(text)
		for k := range want {
			if math.Float32bits(got[k]) != math.Float32bits(want[k]) {
				t.Fatalf("%q: element %d is %v, want %v", text, k, got[k], want[k])
			}
		}
	}
}
