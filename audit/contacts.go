package audit

import (
	"regexp"
	"slices"
	"strings"
)

// Contacts are e-mail addresses and web addresses: written the same in
// every language, and wrong when one character is.
var (
	reEmail = regexp.MustCompile(`(?i)\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b`)
	reURL   = regexp.MustCompile(`(?i)\b(?:https?://|www\.)[^\s<>"')\]]+`)
)

// contactSwapped is the e-mail or web address the claim gives and the
// chunk does not, where the chunk gives another of that kind ("" when
// none): the customer is sent to the wrong place.
func contactSwapped(claim, chunk string) string {
	if !strings.Contains(claim, "@") && !strings.Contains(claim, "://") && !strings.Contains(claim, "www.") {
		return "" // the usual claim: no address to check, no regular expression run
	}
	for _, re := range []*regexp.Regexp{reEmail, reURL} {
		mine := re.FindAllString(claim, -1)
		if len(mine) == 0 {
			continue
		}
		theirs := re.FindAllString(chunk, -1)
		for i := range theirs {
			theirs[i] = contactKey(theirs[i])
		}
		for _, x := range mine {
			if k := contactKey(x); !slices.Contains(theirs, k) && len(theirs) > 0 {
				return strings.TrimRight(x, ".,;:!?")
			}
		}
	}
	return ""
}

// contactKey is an address as compared: lower-cased, without a final
// full stop or slash or a scheme.
func contactKey(s string) string {
	s = strings.ToLower(strings.TrimRight(s, ".,;:!?/"))
	for _, p := range []string{"https://", "http://", "www."} {
		s = strings.TrimPrefix(s, p)
	}
	return s
}
