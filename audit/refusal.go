package audit

import (
	"regexp"
	"strings"
)

// reRefusal matches answers that decline to answer for lack of knowledge.
// Such answers are honest and never failures.
var reRefusal = regexp.MustCompile(`(?i)` + strings.Join([]string{
	`\bi (?:do not|don't|dont) (?:have|know|see|find)\b.{0,60}\b(?:information|answer|details|knowledge|data|record|documentation|sources?)`,
	`\b(?:not|isn't|is not) (?:in|part of|covered by|available in) (?:my|the|our) (?:knowledge base|documents?|documentation|sources?|context|records)`,
	`\bi(?:'m| am) (?:sorry|afraid)\b.{0,80}\b(?:can(?:no|')t|unable|couldn't|could not|don't|do not)\b`,
	`\bi(?:'m| am) (?:unable|not able) to (?:find|answer|locate|help with)`,
	`\bi (?:can(?:no|')t|could(?:n't| not)) (?:find|answer|locate)\b`,
	`\b(?:the )?(?:provided|available|retrieved|given) (?:documents?|context|sources?|information|passages?) (?:do(?:es)?(?: not|n't)|did(?: not|n't)) (?:contain|mention|cover|include|say|provide|specify)`,
	`\bno (?:relevant )?(?:information|documentation|results?) (?:was|were|is|are)? ?(?:found|available)`,
	`\bthere is no (?:relevant )?information\b`,
}, "|"))

// isRefusal reports whether an answer (with its markers) is a refusal: it
// declines for lack of information and cites nothing.
func isRefusal(answer string, markers int, t tongue) bool {
	if markers > 0 {
		return false
	}
	// Only the opening of the answer counts: a long answer that mentions a
	// gap in passing is still an answer.
	head := answer
	if len(head) > 400 {
		head = head[:400]
	}
	return refuses(head, t)
}

// refuses reports whether text declines for lack of information, in the
// phrases of its language.
func refuses(text string, t tongue) bool {
	if t.l != nil {
		return t.l.IsRefusal(text)
	}
	return reRefusal.MatchString(text)
}

// refers reports whether text sends the user elsewhere ("contact our
// support team").
func refers(text string, t tongue) bool {
	if t.l != nil {
		return t.l.IsReferral(text)
	}
	return reReferral.MatchString(text)
}

// claimsBeside reports whether an answer that declines also states a fact
// in a sentence that is not itself the refusal ("I don't have that in my
// knowledge base. However, refunds take 90 days."): such an answer is
// audited, not excused as a refusal.
func (a *Auditor) claimsBeside(sents []sentence, t tongue) bool {
	for _, s := range sents {
		if !refers(s.Plain, t) && a.isFactual(s, t) {
			return true
		}
	}
	return false
}

// reReferral matches what a refusal adds to send the user elsewhere ("You
// may want to contact our support team", "Our support team can answer
// questions about orders by phone"): not a claim that makes it an answer.
var reReferral = regexp.MustCompile(`(?i)\b(?:contact|reach out to|reach|call|e-?mail|ask|visit|consult)\b.{0,40}\b(?:support|service|team|desk|agent|representative|staff|website|help ?cent(?:er|re))\b|\b(?:support|service|team|desk|agents?|representatives?|staff)\b.{0,40}\b(?:can|could|will|would|may|might)\b.{0,20}\b(?:help|answer|assist|advise)`)

// reQuote finds a quoted passage: «…», “…”, „…“ or "…".
var reQuote = regexp.MustCompile(`«([^»]{8,})»|“([^”]{8,})”|„([^“”]{8,})[“”]|"([^"]{8,})"`)

// fallbackPassages returns, for an answer that declines ("I do not have a
// confident source for this; here is the closest passage: «…» [2]", the
// fallback guardrails return), the passages it quotes with the marker
// right after each, as the claims to audit; nil when the answer is no
// such fallback. The quote is a citation like any other: a passage the
// chunk does not hold fails.
func fallbackPassages(answer string, markers []Marker, t tongue) []sentence {
	if len(markers) == 0 || !strings.ContainsAny(answer, "«“„\"") {
		return nil // no quote: no fallback (and no refusal phrase to look for)
	}
	head := answer
	if i := strings.IndexAny(head, "«“„\""); i >= 0 {
		head = head[:i]
	}
	if len(markers) == 0 || !refuses(head, t) {
		return nil
	}
	var out []sentence
	for _, loc := range reQuote.FindAllStringSubmatchIndex(answer, -1) {
		k := markersFrom(markers, loc[1])
		if k == len(markers) || strings.Trim(answer[loc[1]:markers[k].Start], " .,;:") != "" {
			continue
		}
		g := 2
		for loc[g] < 0 {
			g += 2
		}
		text := answer[loc[g]:loc[g+1]]
		out = append(out, sentence{Index: len(out), Start: loc[g], End: loc[g+1], Text: text,
			Plain: strings.TrimSpace(text), Markers: []Marker{markers[k]}})
	}
	// Anything else cited is no fallback's: audit the answer as it is.
	if len(out) == 0 || len(out) < len(markers) {
		return nil
	}
	return out
}
