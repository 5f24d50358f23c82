// Package s3test runs an S3-compatible server in the test process
// (gofakes3 over httptest, on 127.0.0.1) for the tests of object storage.
package s3test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Server is a running fake S3.
type Server struct {
	URL string
	// Fail, when set, may answer a request instead of the server (to cut
	// a download short, or to fail as a service does).
	mu   sync.Mutex
	fail func(w http.ResponseWriter, r *http.Request) bool
}

// Start serves S3 on 127.0.0.1 until the test ends, with the buckets
// given, and sets the credentials the AWS SDK reads from the environment.
func Start(t testing.TB, buckets ...string) *Server {
	t.Helper()
	backend := s3mem.New()
	for _, b := range buckets {
		if err := backend.CreateBucket(b); err != nil {
			t.Fatal(err)
		}
	}
	faker := gofakes3.New(backend, gofakes3.WithAutoBucket(true))
	s := &Server{}
	h := faker.Server()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		fail := s.fail
		s.mu.Unlock()
		if fail != nil && fail(w, r) {
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	s.URL = ts.URL
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test-secret")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	t.Setenv("AWS_CONFIG_FILE", "/dev/null")
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", "/dev/null")
	return s
}

// Params is the query string that points a bucket URL at the server.
func (s *Server) Params() string {
	return "endpoint=" + s.URL + "&use_path_style=true&disable_https=true&region=us-east-1" +
		"&request_checksum_calculation=when_required&response_checksum_validation=when_required"
}

// URL of a key in a bucket, with the server's parameters.
func (s *Server) Object(bucket, key string) string {
	return "s3://" + bucket + "/" + key + "?" + s.Params()
}

// FailWith sets (nil: clears) what answers requests before the server.
func (s *Server) FailWith(f func(w http.ResponseWriter, r *http.Request) bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = f
}
