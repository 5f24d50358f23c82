package store

import (
	"context"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"gocloud.dev/blob"
)

// Schemes are the URL schemes the store reads as object storage (a
// binary built without a cloud's driver, drivers.go, says so when asked
// to open one).
var Schemes = []string{"s3", "gs", "azblob"}

// IsURL reports whether name is an object-storage URL rather than a local
// path.
func IsURL(name string) bool {
	scheme, _, ok := strings.Cut(name, "://")
	return ok && slices.Contains(Schemes, scheme)
}

// Store opens buckets once and remembers their options.
type Store struct {
	// Retries is how many times a transient failure is retried (with
	// Backoff doubling from its value).
	Retries int
	Backoff time.Duration

	mu      sync.Mutex
	buckets map[string]*blob.Bucket // by scheme://bucket
	params  map[string]string       // scheme://bucket → its query string
}

// New returns a store retrying 4 times from half a second (0.5 + 1 + 2 +
// 4 s), after the SDKs' own retries.
func New() *Store {
	return &Store{Retries: 4, Backoff: 500 * time.Millisecond, buckets: map[string]*blob.Bucket{}, params: map[string]string{}}
}

// object is a URL split: its bucket (scheme://bucket) and key.
type object struct {
	bucket, key string
}

func (o object) String() string { return o.bucket + "/" + o.key }

// parse splits a URL and remembers its bucket's options.
func (s *Store) parse(name string) (object, error) {
	u, err := url.Parse(name)
	if err != nil {
		return object{}, fmt.Errorf("%s: %v", name, err)
	}
	if u.Host == "" {
		return object{}, fmt.Errorf("%s: no bucket in the URL (want %s://BUCKET/KEY)", name, u.Scheme)
	}
	b := u.Scheme + "://" + u.Host
	if u.RawQuery != "" {
		s.mu.Lock()
		if prev, ok := s.params[b]; ok && prev != u.RawQuery {
			s.mu.Unlock()
			return object{}, fmt.Errorf("%s: the bucket %s was given with other options (%s)", name, b, prev)
		}
		s.params[b] = u.RawQuery
		s.mu.Unlock()
	}
	key := strings.TrimPrefix(u.Path, "/")
	if key != "" && path.Clean("/" + key)[1:] != strings.TrimSuffix(key, "/") {
		return object{}, fmt.Errorf("%s: a key with . or .. or // in it", name)
	}
	return object{bucket: b, key: key}, nil
}

// Canonical is a URL without its query string (the name reports give an
// object), or a local path unchanged.
func (s *Store) Canonical(name string) (string, error) {
	if !IsURL(name) {
		return name, nil
	}
	o, err := s.parse(name)
	if err != nil {
		return "", err
	}
	return o.String(), nil
}

// Params returns the options given for each bucket (scheme://bucket →
// query string).
func (s *Store) Params() map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]string{}
	for k, v := range s.params {
		out[k] = v
	}
	return out
}

// SetParams adds options for buckets (from a plan); a bucket given with
// other options is an error.
func (s *Store) SetParams(p map[string]string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, v := range p {
		if prev, ok := s.params[k]; ok && prev != v {
			return fmt.Errorf("the bucket %s was given with other options (%s, and %s)", k, prev, v)
		}
		s.params[k] = v
	}
	return nil
}

// bucket opens (once) the bucket of o.
func (s *Store) bucket(ctx context.Context, o object) (*blob.Bucket, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if b, ok := s.buckets[o.bucket]; ok {
		return b, nil
	}
	u := o.bucket
	if q := s.params[o.bucket]; q != "" {
		u += "?" + q
	}
	b, err := blob.OpenBucket(ctx, u)
	if err != nil && strings.Contains(err.Error(), "no driver registered") {
		scheme, _, _ := strings.Cut(o.bucket, "://")
		return nil, fmt.Errorf("%s: this ragaudit was built without the driver for %s:// (a build tag noblob_…): use a build with it", o.bucket, scheme)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", o.bucket, err)
	}
	s.buckets[o.bucket] = b
	return b, nil
}

// Close closes the buckets opened.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var first error
	for k, b := range s.buckets {
		if err := b.Close(); err != nil && first == nil {
			first = err
		}
		delete(s.buckets, k)
	}
	return first
}

// Join joins a directory or prefix and names with slashes (URLs) or the
// system's separator (paths); a last name ending in "/" names a prefix.
func Join(base string, elem ...string) string {
	if IsURL(base) {
		u, q, _ := strings.Cut(base, "?")
		out := strings.TrimSuffix(u, "/")
		for _, e := range elem {
			out += "/" + strings.Trim(e, "/")
		}
		if len(elem) > 0 && strings.HasSuffix(elem[len(elem)-1], "/") {
			out += "/"
		}
		if q != "" {
			out += "?" + q
		}
		return out
	}
	return filepath.Join(append([]string{base}, elem...)...)
}
