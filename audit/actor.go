package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// actorSwapped reports whether the claim gives its actor what the
// window's sentence says another party does: "De netbeheerder stuurt u
// de jaarafrekening" against "Wij sturen u de jaarafrekening; de
// netbeheerder plaatst de meter", "Your bank charges a 2% fee" against
// "We charge a 2% fee; your bank may add its own charges". One clause of
// the sentence holds every content word of the claim but its actor and
// names another party before them (a grantor such as "we", or a word
// after a determiner that the claim lacks); another clause opens with the
// actor after a determiner, its subject, and says words of its own of it
// but not all the claim's other words (then it says the claim itself).
// The actor is the claim's first content word, or the one after an agent
// marker ("door de netbeheerder"). A sentence of one clause, or a claim
// of fewer than three content words, is not read.
func actorSwapped(l *lang.Language, c *claim, closest []string, sentence string) bool {
	ca := actorOf(l, c)
	content := ca.content
	if len(content) < 3 || !slices.ContainsFunc(ca.actors, func(n int) bool {
		return afterDeterminer(l, closest, content[n]) || opensClause(sentence, content[n])
	}) {
		return false // most sentences do not open a clause with the claim's actor
	}
	words := partyClauses(l, c.tongue, sentence, func(w string) bool {
		return slices.ContainsFunc(ca.actors, func(n int) bool { return content[n] == w })
	})
	if len(words) < 2 {
		return false
	}
	subjects := make([]string, len(words))
	for _, n := range ca.actors {
		for k := range words {
			// A bare plural may open a clause as its subject ("managers
			// can approve leave"), where the claim's actor does.
			if subjects[k] = subjectWord(l, words[k]); subjects[k] == "" && len(words[k]) > 0 && words[k][0] == content[n] {
				subjects[k] = content[n]
			}
		}
		if !slices.Contains(subjects, content[n]) {
			continue // no clause opens with this actor
		}
		for a := range words {
			if slices.Contains(words[a], content[n]) || !namesOther(l, words[a], content) {
				continue
			}
			all := holdsAllBut(l, content, n, words[a])
			for b := range words {
				// The actor's own clause saying the claim too ("Las
				// hospitalizaciones tienen … carencia de 6 meses; el parto
				// tiene una carencia de 8 meses") supports it. The claim may
				// take the rest of its words from there, where the other
				// clause restricts its act to its party ("Managers can
				// approve payroll runs for their direct reports" against
				// "Only … Payroll Admin … can approve a payroll run;
				// managers can approve leave for their direct reports").
				if b != a && subjects[b] == content[n] && saysOwn(l, words[b], content) && !holdsAllBut(l, content, n, words[b]) &&
					(all || slices.ContainsFunc(words[a], l.IsRestrictor) && mixedFrom(l, content, n, words[a], words[b])) {
					return true
				}
			}
		}
	}
	return false
}

// partyClauses are the words of the sentence's clauses (clausesOf), a
// part that names no party of its own joined to the one before ("wij
// sturen u | daarna binnen zes weken …"), and a part without a content
// word to the one after ("we | then send you …"). A part opening with a
// word actor accepts names a party ("…; managers can approve leave").
func partyClauses(l *lang.Language, t tongue, sentence string, actor func(string) bool) [][]string {
	var out [][]string
	for _, cl := range clausesOf(t, sentence) {
		ws := normalisedWords(l, cl)
		if n := len(out); n > 0 && (!slices.ContainsFunc(out[n-1], func(w string) bool { return contentWord(l, w) }) ||
			subjectWord(l, ws) == "" && !slices.ContainsFunc(ws, l.IsGrantor) && (len(ws) == 0 || !actor(ws[0]))) {
			out[n-1] = append(out[n-1], ws...)
			continue
		}
		out = append(out, ws)
	}
	return out
}

// claimActor is a claim's content words (no stopword, number or word
// after a duration) and where its possible actors stand among them.
type claimActor struct {
	content []string
	actors  []int
}

// actorOf is the claim's claimActor, read once a claim.
func actorOf(l *lang.Language, c *claim) *claimActor {
	if c.actor != nil {
		return c.actor
	}
	a := &claimActor{}
	marked := false
	for i, w := range claimWords(c, l) {
		if l.IsAgentMarker(w) {
			marked = true
		}
		if !contentWord(l, w) || l.AfterDuration(c.words, i) {
			continue
		}
		if len(a.content) == 0 || marked {
			a.actors, marked = append(a.actors, len(a.content)), false
		}
		a.content = append(a.content, w)
	}
	c.actor = a
	return a
}

// afterDeterminer reports whether w stands in words after a determiner.
func afterDeterminer(l *lang.Language, words []string, w string) bool {
	for k := 1; k < len(words); k++ {
		if words[k] == w && l.IsDeterminer(words[k-1]) {
			return true
		}
	}
	return false
}

// mayNameActor reports whether text may name one of the claim's actors:
// a test on the text before its words are read.
func mayNameActor(l *lang.Language, c *claim, text string) bool {
	a := actorOf(l, c)
	return len(a.content) >= 3 && slices.ContainsFunc(a.actors, func(n int) bool { return containsFold(text, a.content[n]) })
}

// verbForm reports whether two normalised words are one word, as
// sameWordRoot tells, or as a verb's form with "-t" is
// ("stuurt" of "sturen").
func verbForm(l *lang.Language, a, b string) bool {
	return sameWordRoot(l, a, b) || len(a) > 4 && strings.HasSuffix(a, "t") && l.Stem(a[:len(a)-1]) == l.Stem(b) ||
		len(b) > 4 && strings.HasSuffix(b, "t") && l.Stem(b[:len(b)-1]) == l.Stem(a)
}

// inClause reports whether a clause's words hold w in a form of it.
func inClause(l *lang.Language, w string, clause []string) bool {
	return slices.Contains(clause, w) || slices.ContainsFunc(clause, func(x string) bool { return verbForm(l, w, x) })
}

// holdsAllBut reports whether a clause holds every content word of the
// claim but the n-th.
func holdsAllBut(l *lang.Language, content []string, n int, clause []string) bool {
	for i, w := range content {
		if i != n && !inClause(l, w, clause) {
			return false
		}
	}
	return true
}

// mixedFrom reports whether every content word of the claim but the n-th
// is of clause a or clause b, and two or more are of a alone.
func mixedFrom(l *lang.Language, content []string, n int, a, b []string) bool {
	only := 0
	for i, w := range content {
		inA, inB := inClause(l, w, a), inClause(l, w, b)
		switch {
		case i == n:
		case !inA && !inB:
			return false
		case inA && !inB:
			only++
		}
	}
	return only >= 2
}

// namesOther reports whether a clause names a party before its first
// word of the claim: a grantor ("wij sturen") or a word after a
// determiner ("the tenant pays") or a restrictor ("only users with the
// Payroll Admin role can") that the claim lacks.
func namesOther(l *lang.Language, words, content []string) bool {
	for k, w := range words {
		if inClause(l, w, content) {
			return false
		}
		if l.IsGrantor(w) || k > 0 && (l.IsDeterminer(words[k-1]) || l.IsRestrictor(words[k-1])) && contentWord(l, w) {
			return true
		}
	}
	return false
}

// saysOwn reports whether a clause holds a content word the claim lacks:
// it says something of its own of the party it names.
func saysOwn(l *lang.Language, words, content []string) bool {
	for _, w := range words {
		if contentWord(l, w) && !inClause(l, w, content) {
			return true
		}
	}
	return false
}

// subjectWord is a clause's first word that is no stopword and no
// number, where a determiner stands before it ("de netbeheerder
// plaatst"): the party the clause is about; "" otherwise.
func subjectWord(l *lang.Language, words []string) string {
	for k, w := range words {
		if contentWord(l, w) {
			if k > 0 && l.IsDeterminer(words[k-1]) {
				return w
			}
			return ""
		}
	}
	return ""
}

// opensClause reports whether the word w (lower-cased) opens a clause of
// sentence after a semicolon: "…; managers can approve leave".
func opensClause(sentence, w string) bool {
	return containsFold(sentence, "; "+w) // "managers" of the normalised "manager" too
}
