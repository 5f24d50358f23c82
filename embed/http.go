package embed

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ragaudit/ragaudit/internal/cachefile"
	"github.com/ragaudit/ragaudit/internal/httpjson"
)

// HTTP embeds texts with an OpenAI-compatible /v1/embeddings endpoint
// (OpenAI, Ollama, vLLM, TEI, llama.cpp's server): batched requests, a
// bounded number in flight, retries with backoff on 429 and 5xx, a timeout
// per request, and an on-disk cache so that a re-audit costs nothing and
// gives the same vectors.
type HTTP struct {
	URL         string // base ("http://localhost:11434/v1") or full ".../embeddings" URL
	Model       string
	Key         string // bearer token; never logged or put in errors
	Client      *http.Client
	Batch       int           // texts per request; default 64
	Concurrency int           // requests in flight; default 4
	Retries     int           // retries after the first attempt; negative: none; 0: default 4
	Timeout     time.Duration // per request; default 30s
	Backoff     time.Duration // first retry delay, doubled each time; default 500ms
	Cache       *Cache        // nil: no cache

	dim atomic.Int64 // length of the vectors last returned
}

// Name identifies the embedder and model.
func (h *HTTP) Name() string { return "openai-compatible:" + h.Model }

// Dim is the length of the vectors the endpoint returns: 0 until a call to
// Embed has returned one (from the endpoint or the cache).
func (h *HTTP) Dim() int { return int(h.dim.Load()) }

func (h *HTTP) endpoint() string {
	u := strings.TrimRight(h.URL, "/")
	if strings.HasSuffix(u, "/embeddings") {
		return u
	}
	return u + "/embeddings"
}

// Embed returns one vector per text, from the cache where it can.
func (h *HTTP) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	var missing []int
	for i, t := range texts {
		if v, ok := h.Cache.get(h.Model, t); ok {
			out[i] = v
		} else {
			missing = append(missing, i)
		}
	}
	batch := h.Batch
	if batch <= 0 {
		batch = 64
	}
	conc := h.Concurrency
	if conc <= 0 {
		conc = 4
	}
	sem := make(chan struct{}, conc)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for start := 0; start < len(missing); start += batch {
		idx := missing[start:min(start+batch, len(missing))]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			in := make([]string, len(idx))
			for k, i := range idx {
				in[k] = texts[i]
			}
			vecs, err := h.request(ctx, in)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				return
			}
			for k, i := range idx {
				out[i] = vecs[k]
				h.Cache.put(h.Model, texts[i], vecs[k])
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if len(out) > 0 {
		h.dim.Store(int64(len(out[0])))
	}
	return out, nil
}

type embeddingRequest struct {
	Model string   `json:"model"`
	Input []string `json:"input"`
}

type embeddingResponse struct {
	Data []struct {
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	} `json:"data"`
}

// request sends one batch, retrying on 429, 5xx and network errors.
func (h *HTTP) request(ctx context.Context, texts []string) ([][]float32, error) {
	body, _ := json.Marshal(embeddingRequest{Model: h.Model, Input: texts})
	data, err := h.post().Post(ctx, body)
	if err != nil {
		return nil, err
	}
	return h.decode(data, len(texts))
}

// post is the endpoint with this client's defaults: 4 retries, 30 s a
// request, a Retry-After honoured however long, answers up to 512 MiB.
func (h *HTTP) post() *httpjson.Endpoint {
	retries := h.Retries
	switch {
	case retries == 0:
		retries = 4
	case retries < 0:
		retries = 0
	}
	backoff := h.Backoff
	if backoff <= 0 {
		backoff = 500 * time.Millisecond
	}
	timeout := h.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	return &httpjson.Endpoint{URL: h.endpoint(), Key: h.Key, Client: h.Client, Name: "embedding endpoint", Given: h.URL,
		Hint: "check --embed-url, --embed-model and the key", Timeout: timeout, Retries: retries, Backoff: backoff, MaxBody: 512 << 20}
}

// decode reads the n vectors of an answer, placed by their index.
func (h *HTTP) decode(data []byte, n int) ([][]float32, error) {
	var er embeddingResponse
	if err := json.Unmarshal(data, &er); err != nil {
		return nil, fmt.Errorf("%s: not an embeddings response: %v", h.endpoint(), err)
	}
	if len(er.Data) != n {
		return nil, fmt.Errorf("%s: %d embeddings for %d inputs", h.endpoint(), len(er.Data), n)
	}
	out := make([][]float32, n)
	for _, d := range er.Data {
		if d.Index < 0 || d.Index >= n || out[d.Index] != nil || len(d.Embedding) == 0 {
			return nil, fmt.Errorf("%s: bad or repeated index %d in the response", h.endpoint(), d.Index)
		}
		out[d.Index] = d.Embedding
	}
	return out, nil
}

// Cache stores vectors on disk, one file per (model, text), named by the
// SHA-256 of both, in 256 subdirectories. Safe for concurrent use and for
// several processes: files are written to a temporary name and renamed.
type Cache struct {
	Dir string
}

func (c *Cache) path(model, text string) string {
	h := sha256.Sum256([]byte(model + "\x00" + text))
	return cachefile.Path(c.Dir, h[:], ".f32")
}

func (c *Cache) get(model, text string) ([]float32, bool) {
	if c == nil {
		return nil, false
	}
	b, err := os.ReadFile(c.path(model, text))
	if err != nil || len(b) == 0 || len(b)%4 != 0 {
		return nil, false
	}
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v, true
}

func (c *Cache) put(model, text string, v []float32) {
	if c == nil {
		return
	}
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	cachefile.Write(c.path(model, text), b) // a cache that cannot be written is only slower
}
