package llmjudge

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/audit"
)

// The MiniCheck protocol (Tang, Laban and Durrett, EMNLP 2024;
// github.com/Liyan06/MiniCheck, minicheck/utils.py): one claim against one
// document, answered "Yes" or "No".
const (
	systemPrompt = `Determine whether the provided claim is consistent with the corresponding document. Consistency in this context implies that all information presented in the claim is substantiated by the document. If not, it should be considered inconsistent. Please assess the claim's consistency with the document by responding with either "Yes" or "No".`
	userPrompt   = "Document: [DOCUMENT]\nClaim: [CLAIM]" // as messages builds it
)

// PromptID names the prompt: part of the cache key and of the run's
// configuration, so that another prompt is never served a cached answer.
var PromptID = "minicheck:" + shortHash(systemPrompt+"\x00"+userPrompt)

func shortHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:6])
}

// MaxDocument is the most characters of a chunk sent: a longer chunk is
// sent as the window of that many characters centred on its best-matching
// passage (a whole web page of 90,000 characters would cost a judge
// minutes and most endpoints' context).
const MaxDocument = 6000

// Claim is the text a finding's citation covers, without its markers.
func Claim(f *audit.Finding) string {
	return strings.TrimSpace(audit.StripMarkers(f.Sentence, audit.FindMarkers(f.Sentence, nil)))
}

// Document is what of the chunk text is sent for a finding: all of it up
// to MaxDocument characters, else the window of MaxDocument characters
// around the matched passage (code points MatchedStart to MatchedEnd),
// cut at spaces.
func Document(text string, matchedStart, matchedEnd int) string {
	n := utf8.RuneCountInString(text)
	if n <= MaxDocument {
		return text
	}
	runes := []rune(text)
	mid := (matchedStart + matchedEnd) / 2
	start := max(0, min(mid-MaxDocument/2, n-MaxDocument))
	end := start + MaxDocument
	// Whole words: drop a word cut at either end.
	if start > 0 {
		if i := strings.IndexByte(string(runes[start:min(start+100, end)]), ' '); i >= 0 {
			start += utf8.RuneCountInString(string(runes[start:min(start+100, end)])[:i]) + 1
		}
	}
	if end < n {
		s := string(runes[max(end-100, start):end])
		if i := strings.LastIndexByte(s, ' '); i >= 0 {
			end = max(end-100, start) + utf8.RuneCountInString(s[:i])
		}
	}
	return "… " + string(runes[start:end]) + " …"
}

// messages is the chat a judge is sent for a claim and its document.
func messages(claim, document string) []message {
	// Concatenated, not substituted: a chunk holding "{claim}" stays as it is.
	user := "Document: " + document + "\nClaim: " + claim
	return []message{{Role: "system", Content: systemPrompt}, {Role: "user", Content: user}}
}

type message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}
