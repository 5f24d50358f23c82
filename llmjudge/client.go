package llmjudge

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/ragaudit/ragaudit/internal/httpjson"
)

// client asks an OpenAI-compatible chat-completions endpoint.
type client struct {
	model string
	post  *httpjson.Endpoint
	slots chan struct{} // requests in flight
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

// newClient is cfg's client, its defaults set by New.
func newClient(cfg Config) *client {
	u := strings.TrimRight(cfg.URL, "/")
	if !strings.HasSuffix(u, "/chat/completions") {
		u += "/chat/completions"
	}
	// Retry-After is honoured up to a minute: a judge run waits on no
	// server longer than that between attempts.
	post := &httpjson.Endpoint{URL: u, Key: cfg.Key, Client: cfg.HTTP, Name: "judge endpoint", Given: cfg.URL,
		Hint:    "check --judge-url, --judge-model and the key; a document too long for the model's context is refused too",
		Timeout: cfg.Timeout, Retries: cfg.Retries, Backoff: cfg.Backoff, MaxRetryAfter: time.Minute, MaxBody: 8 << 20}
	return &client{model: cfg.Model, post: post, slots: make(chan struct{}, cfg.Concurrency)}
}

// ask sends one claim and document, waiting for a free slot, and retries
// 429, 5xx, network errors and timeouts with doubling backoff (or the
// server's Retry-After, up to a minute). A reply that is not a chat
// completion, or not a Yes or a No, is not retried.
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
	data, err := c.post.Post(ctx, body)
	if err != nil {
		return Answer{}, err
	}
	var cr chatResponse
	if err := json.Unmarshal(data, &cr); err != nil || len(cr.Choices) == 0 {
		return Answer{}, fmt.Errorf("%s: not a chat completion: %s", c.post.URL, httpjson.Snippet(data))
	}
	a, err := answerOf(&cr)
	if err != nil {
		return Answer{}, err
	}
	return a, nil
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
		return a, fmt.Errorf("the judge answered %q, not Yes or No", httpjson.Snippet([]byte(a.Text)))
	}
	return a, nil
}

// word folds a token or an answer to its word: " Yes." reads "yes".
func word(s string) string {
	return strings.ToLower(strings.Trim(s, " \t\n\r.,!:;\"'`*▁Ġ"))
}
