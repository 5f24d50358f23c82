// Package httpjson posts a JSON body to an OpenAI-compatible endpoint (the
// embeddings endpoint of embed, the judge of llmjudge) and returns the
// body of its answer: a bearer key, a timeout per attempt, a bounded read,
// and retries with doubling backoff of what a retry may change (429, 5xx,
// transport errors and timeouts), honouring the server's Retry-After. An
// error names the endpoint, never the key or the headers. Decoding the
// answer is the caller's.
package httpjson

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Endpoint is one endpoint and how it is asked. The caller fills every
// field it needs with its own defaults: Endpoint has none.
type Endpoint struct {
	URL    string       // posted to
	Key    string       // bearer token; never in an error
	Client *http.Client // nil: http.DefaultClient
	// Name is what the endpoint is to a user ("judge endpoint") and Given
	// its URL as they gave it: the two name it when URL is not a URL.
	Name, Given string
	// Hint ends the error of a refusal (a 4xx other than 429, never
	// retried): what to check.
	Hint string

	Timeout time.Duration // per attempt
	Retries int           // after the first attempt
	Backoff time.Duration // the first retry's delay, doubled each time
	// MaxRetryAfter is the longest Retry-After honoured: the server may
	// lengthen the next delay up to it. 0: as long as the server says.
	MaxRetryAfter time.Duration
	MaxBody       int64 // bytes of an answer read; the rest is cut off
}

// Post sends body and returns the body of a 200 answer. It retries 429,
// 5xx, transport errors and timeouts up to Retries times, waiting Backoff,
// then twice as long each time, or longer when the server's Retry-After
// says so; it stops at once on any other status or when ctx ends.
func (e *Endpoint) Post(ctx context.Context, body []byte) ([]byte, error) {
	delay := e.Backoff
	var last error
	for attempt := 0; attempt <= e.Retries; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(delay):
			}
			delay *= 2
		}
		data, after, err := e.once(ctx, body)
		if err == nil {
			return data, nil
		}
		var perm *permanentError
		if errors.As(err, &perm) || ctx.Err() != nil {
			return nil, err
		}
		last = err
		if e.MaxRetryAfter > 0 {
			after = min(after, e.MaxRetryAfter)
		}
		delay = max(delay, after)
	}
	return nil, fmt.Errorf("%s: giving up after %d attempts: %w", e.URL, e.Retries+1, last)
}

// permanentError is an answer a retry would not change: a URL that is
// not one, or a 4xx other than 429 (a wrong model, a text too long).
type permanentError struct{ msg string }

func (e *permanentError) Error() string { return e.msg }

// once sends one request; after is the server's Retry-After.
func (e *Endpoint) once(ctx context.Context, body []byte) (data []byte, after time.Duration, err error) {
	ctx, cancel := context.WithTimeout(ctx, e.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.URL, bytes.NewReader(body))
	if err != nil {
		return nil, 0, &permanentError{fmt.Sprintf("%s %q: %v", e.Name, e.Given, err)}
	}
	req.Header.Set("Content-Type", "application/json")
	if e.Key != "" {
		req.Header.Set("Authorization", "Bearer "+e.Key)
	}
	client := e.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, 0, err // transport errors carry the URL, never the headers
	}
	defer resp.Body.Close()
	data, err = io.ReadAll(io.LimitReader(resp.Body, e.MaxBody))
	if err != nil {
		return nil, 0, err
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
			after = time.Duration(s) * time.Second
		}
		return nil, after, fmt.Errorf("%s: HTTP %d: %s", e.URL, resp.StatusCode, Snippet(data))
	case resp.StatusCode != http.StatusOK:
		msg := fmt.Sprintf("%s: HTTP %d: %s", e.URL, resp.StatusCode, Snippet(data))
		if e.Hint != "" {
			msg += " (" + e.Hint + ")"
		}
		return nil, 0, &permanentError{msg}
	}
	return data, 0, nil
}

// Snippet is the start of an answer, for an error: trimmed, at most 200
// bytes and an ellipsis.
func Snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
