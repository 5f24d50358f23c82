package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// membersSwapped reports whether the claim gives two members of a group
// of [opposites] each what closest, the normalised words of the window's
// sentence it follows, gives the other: "The merchant refunds the amount
// if the card issuer does not respond" against "The card issuer refunds
// the amount if the merchant does not respond", "the insurer must notify
// the policyholder" against the reverse. A member is read by the content
// word after it, or by the word before it where both share that; a
// clause put first ("If the merchant does not respond, the card issuer
// refunds …") keeps each member's word and passes. A passive's agent
// ("refunded by the card issuer") is read otherwise, so a sentence with
// one is left alone, as are two members joined in a list ("the landlord
// and the tenant must both sign"). partiesSwapped reads any two words
// swapped with the same words between them.
func membersSwapped(l *lang.Language, cw, closest []string) bool {
	// The claim's words of a group that stand once in the sentence, with
	// where they stand there: most claims have none or one, and no pair
	// is compared.
	var buf [8][2]int
	cand := buf[:0]
	for i, a := range cw {
		if l.InOpposites(a) {
			if j := memberAt(a, closest); j >= 0 {
				cand = append(cand, [2]int{i, j})
			}
		}
	}
	for x := 0; x < len(cand); x++ {
		for y := x + 1; y < len(cand); y++ {
			i1, ja, i2, jb := cand[x][0], cand[x][1], cand[y][0], cand[y][1]
			if !l.Opposes(cw[i1], cw[i2]) || joined(l, cw, i1, i2) || joined(l, closest, min(ja, jb), max(ja, jb)) ||
				agentBefore(l, cw, i1) || agentBefore(l, cw, i2) || agentBefore(l, closest, ja) || agentBefore(l, closest, jb) {
				continue
			}
			ca, cb := partyWord(l, cw, i1), partyWord(l, cw, i2)
			if ca != cb && ca == partyWord(l, closest, jb) && cb == partyWord(l, closest, ja) {
				return true
			}
			// Both before one verb at the end (German, Dutch): the
			// article before each tells its role ("der Vermieter muss
			// den Mieter informieren").
			if ca == cb && i1 > 0 && ja > 0 && jb > 0 && cw[i1-1] != cw[i2-1] && cw[i1-1] == closest[jb-1] && cw[i2-1] == closest[ja-1] {
				return true
			}
		}
	}
	return false
}

// memberAt is the position of the only word of ws that is w, -1 for
// none or several. Another form of its member is not read: "u" (you)
// and "uw" (your) stand in different roles.
func memberAt(w string, ws []string) int {
	at := -1
	for k, v := range ws {
		if v == w {
			if at >= 0 {
				return -1
			}
			at = k
		}
	}
	return at
}

// partyWord is the stem of the first content word among the four after
// ws[k] that is no member of ws[k]'s groups, "" for none.
func partyWord(l *lang.Language, ws []string, k int) string {
	for n := k + 1; n < len(ws) && n <= k+4; n++ {
		if w := ws[n]; !l.IsStopword(w) && !l.SameGroup(w, ws[k]) && !strings.HasSuffix(w, "'") {
			return l.Stem(w)
		}
	}
	return ""
}

// agentBefore reports whether a word of [agent-markers] stands in the two
// words before ws[k] ("by the merchant").
func agentBefore(l *lang.Language, ws []string, k int) bool {
	for n := max(k-2, 0); n < k; n++ {
		if l.IsAgentMarker(ws[n]) {
			return true
		}
	}
	return false
}

// joined reports whether a word of [list-joins] stands between ws[i]
// and ws[j].
func joined(l *lang.Language, ws []string, i, j int) bool {
	for n := i + 1; n < j; n++ {
		if l.IsListJoin(ws[n]) {
			return true
		}
	}
	return false
}

// adjectiveAgainstCompound reports whether one side writes a word of a
// group of [opposites] before a noun ("maximale Laufzeit") where the
// other writes that noun joined to another member of the group
// ("Mindestlaufzeit"), in a language that joins compounds.
func adjectiveAgainstCompound(l *lang.Language, cw, closest []string) bool {
	if !l.Compounds {
		return false
	}
	return adjectiveJoined(l, cw, closest) || adjectiveJoined(l, closest, cw)
}

func adjectiveJoined(l *lang.Language, a, b []string) bool {
	for i := 0; i+1 < len(a); i++ {
		noun := a[i+1]
		if !l.InOpposites(a[i]) || len(noun) < minCompoundNoun {
			continue
		}
		for _, y := range b {
			if p, ok := strings.CutSuffix(y, noun); ok && p != "" && l.Opposes(a[i], p) && !saysJoined(a, p, noun) {
				return true
			}
		}
	}
	return false
}

// saysJoined reports whether ws also write the compound p+noun apart, its
// first part as the adjective before the noun: "jaarlijkse betaling"
// beside "maandelijkse betaling" is the claim's "jaarbetaling".
func saysJoined(ws []string, p, noun string) bool {
	for k := 0; k+1 < len(ws); k++ {
		if ws[k+1] == noun && (strings.HasPrefix(ws[k], p) || strings.HasPrefix(p, ws[k])) {
			return true
		}
	}
	return false
}

// minCompoundNoun is the fewest bytes of a noun read as the head of a
// compound: "zeit" of "Laufzeit" is one, "e" of "Menge" none.
const minCompoundNoun = 4
