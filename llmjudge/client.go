package llmjudge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// client asks an OpenAI-compatible chat-completions endpoint.
type client struct {
	url, model, key string
	http            *http.Client
	timeout         time.Duration
	retries         int
	backoff         time.Duration
	slots           chan struct{} // requests in flight
}

type chatRequest struct {
	Model       string    `json:"model"`
	Messages    []message `json:"messages"`
	Temperature float64   `json:"temperature"`
	MaxTokens   int       `json:"max_tokens"`
	Logprobs    bool      `json:"logprobs"`
	TopLogprobs int       `json:"top_logprobs"`
}

type chatResponse struct {
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
		Logprobs *struct {
			Content []struct {
				Token       string  `json:"token"`
				Logprob     float64 `json:"logprob"`
				TopLogprobs []struct {
					Token   string  `json:"token"`
					Logprob float64 `json:"logprob"`
				} `json:"top_logprobs"`
			} `json:"content"`
		} `json:"logprobs"`
	} `json:"choices"`
}

// permanentError is an answer a retry would not change: a 4xx other than
// 429 (a wrong model, a document too long for the context), or a reply
// that is not a Yes or a No.
type permanentError struct{ msg string }

func (e *permanentError) Error() string { return e.msg }

func (c *client) endpoint() string {
	u := strings.TrimRight(c.url, "/")
	if strings.HasSuffix(u, "/chat/completions") {
		return u
	}
	return u + "/chat/completions"
}

// ask sends one claim and document, waiting for a free slot, and retries
// 429, 5xx, network errors and timeouts with doubling backoff (or the
// server's Retry-After, up to a minute).
func (c *client) ask(ctx context.Context, claim, document string) (Answer, error) {
	body, err := json.Marshal(chatRequest{Model: c.model, Messages: messages(claim, document), Temperature: 0, MaxTokens: 1, Logprobs: true, TopLogprobs: 5})
	if err != nil {
		return Answer{}, err
	}
	select {
	case c.slots <- struct{}{}:
		defer func() { <-c.slots }()
	case <-ctx.Done():
		return Answer{}, ctx.Err()
	}
	delay := c.backoff
	var last error
	for attempt := 0; attempt <= c.retries; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return Answer{}, ctx.Err()
			case <-time.After(delay):
			}
			delay *= 2
		}
		a, after, err := c.once(ctx, body)
		if err == nil {
			return a, nil
		}
		var perm *permanentError
		if errors.As(err, &perm) || ctx.Err() != nil {
			return Answer{}, err
		}
		last = err
		delay = max(delay, min(after, time.Minute))
	}
	return Answer{}, fmt.Errorf("%s: giving up after %d attempts: %w", c.endpoint(), c.retries+1, last)
}

// once sends one request; after is the server's Retry-After.
func (c *client) once(ctx context.Context, body []byte) (a Answer, after time.Duration, err error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint(), bytes.NewReader(body))
	if err != nil {
		return a, 0, &permanentError{fmt.Sprintf("judge endpoint %q: %v", c.url, err)}
	}
	req.Header.Set("Content-Type", "application/json")
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return a, 0, err // the URL, never the headers
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return a, 0, err
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
			after = time.Duration(s) * time.Second
		}
		return a, after, fmt.Errorf("%s: HTTP %d: %s", c.endpoint(), resp.StatusCode, snippet(data))
	case resp.StatusCode != http.StatusOK:
		return a, 0, &permanentError{fmt.Sprintf("%s: HTTP %d: %s (check --judge-url, --judge-model and the key; a document too long for the model's context is refused too)",
			c.endpoint(), resp.StatusCode, snippet(data))}
	}
	var cr chatResponse
	if err := json.Unmarshal(data, &cr); err != nil || len(cr.Choices) == 0 {
		return a, 0, &permanentError{fmt.Sprintf("%s: not a chat completion: %s", c.endpoint(), snippet(data))}
	}
	a, err = answerOf(&cr)
	return a, 0, err
}

// answerOf reads P(yes) from the first token's top logprobs (the sum of
// exp(logprob) of the tokens that read "yes"), when there are some that
// read "yes" or "no"; else from the answer: "Yes" 1, "No" 0. Anything
// else is an error, never a guess.
func answerOf(cr *chatResponse) (Answer, error) {
	ch := cr.Choices[0]
	a := Answer{Text: strings.TrimSpace(ch.Message.Content)}
	if lp := ch.Logprobs; lp != nil && len(lp.Content) > 0 {
		var yes float64
		seen := false
		for _, t := range lp.Content[0].TopLogprobs {
			switch word(t.Token) {
			case "yes":
				yes += math.Exp(t.Logprob)
				seen = true
			case "no":
				seen = true
			}
		}
		if seen {
			a.P, a.Logprobs = math.Min(yes, 1), true
			return a, nil
		}
	}
	switch word(a.Text) {
	case "yes":
		a.P = 1
	case "no":
		a.P = 0
	default:
		return a, &permanentError{fmt.Sprintf("the judge answered %q, not Yes or No", snippet([]byte(a.Text)))}
	}
	return a, nil
}

// word folds a token or an answer to its word: " Yes." reads "yes".
func word(s string) string {
	return strings.ToLower(strings.Trim(s, " \t\n\r.,!:;\"'`*▁Ġ"))
}

func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
