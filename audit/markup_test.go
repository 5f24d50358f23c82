package audit

import (
	"context"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/ragaudit/ragaudit/nounphrase"
	"github.com/ragaudit/ragaudit/readers"
)

func TestMaskMarkup(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"a tag around a word leaves the word", "are <strong>not</strong> accepted", "are         not          accepted"},
		{"a tag with attributes is masked whole", `<p class="x">Hi</p>`, `             Hi    `},
		{"struck-out HTML states nothing", "takes <del>3 days</del> <ins>5 days</ins>.", "takes                        5 days      ."},
		{"s and strike are struck out too", "<s>3</s> <STRIKE>4</STRIKE> 5", strings.Repeat(" ", 28) + "5"},
		{"a script's content is no text", "14 dagen.<script>var d=30;</script>", "14 dagen." + strings.Repeat(" ", 26)},
		{"a style's content is no text", "<style>p{x:30px}</style>Hi", "                        Hi"},
		{"an unclosed script hides the rest", "ok <script>var d=30;", "ok                  "},
		{"Markdown strike-through states nothing", "dauert ~~3 Werktage~~ 2 Werktage", "dauert                2 Werktage"},
		{"a comment is masked", "29 <!-- old: 39 --> EUR", "29                  EUR"},
		{"an entity is decoded where it starts, its word moved up to it", "costs &euro;29&nbsp;a month", "costs €29         a month"},
		{"a numeric entity is decoded", "&#8364;5 &#x20AC;6", "€5     €6     "},
		{"an entity in a word does not split it", "M&auml;rz 2026", "März     2026"},
		{"two entities in a word do not split it", "Gr&ouml;&szlig;e x", "Größe          x"},
		{"an entity at a word's end leaves its blanks there", "Gr&ouml;&szlig; x", "Größ          x"},
		{"a tag after an entity ends its word", "M&auml;<b>rz</b>", "Mä       rz    "},
		{"a less-than sign before a number is text", "takes <5 days, a < b", "takes <5 days, a < b"},
		{"an unknown tag is text", "<foo>bar</foo>", "<foo>bar</foo>"},
		{"a single tilde is text", "~5 days and ~6", "~5 days and ~6"},
		{"a code fence is no strike-through", "~~~\ncode\n~~~", "~~~\ncode\n~~~"},
		{"strike-through ends with its paragraph", "~~open\n\nclosed~~", "~~open\n\nclosed~~"},
		{"an ampersand alone is text", "R&D and AT&T", "R&D and AT&T"},
		{"an unknown entity is text", "&bogus; x", "&bogus; x"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := maskMarkup(c.text)
			if got != c.want {
				t.Errorf("maskMarkup(%q) = %q, want %q", c.text, got, c.want)
			}
			if len(got) != len(c.text) {
				t.Errorf("maskMarkup(%q) is %d bytes, want %d: offsets moved", c.text, len(got), len(c.text))
			}
		})
	}
}

func TestMaskMarkupKeepsTextWithoutMarkupAsIs(t *testing.T) {
	for _, text := range []string{"Plain text, no markup at all.", "R&D < 5 days ~ 3", ""} {
		if got := maskMarkup(text); unsafe.StringData(got) != unsafe.StringData(text) {
			t.Errorf("maskMarkup(%q) made a copy", text)
		}
	}
}

// Markup in a chunk hides nothing from the checks and struck-out text
// supports nothing, while the finding shows and shades the passage as
// the chunk gives it.
func TestMarkupInChunks(t *testing.T) {
	for _, c := range []struct {
		name, answer, chunk, verdict, reason string
	}{
		{"a negation in strong tags fails the flipped claim", "Returns are accepted for opened software [1].",
			"<p>Returns are <strong>not</strong> accepted for opened software.</p>", "unsupported", "negation_mismatch"},
		{"a German negation in em tags fails the flipped claim", "Geöffnete Software wird zurückgenommen [1].",
			"<p>Geöffnete Software wird <em>nicht</em> zurückgenommen.</p>", "unsupported", "negation_mismatch"},
		{"a French pas in b tags fails the flipped claim", "Les logiciels ouverts sont repris [1].",
			"<p>Les logiciels ouverts ne sont <b>pas</b> repris.</p>", "unsupported", "negation_mismatch"},
		{"a deleted figure supports nothing", "Standard delivery takes 3 days [1].",
			"Standard delivery takes <del>3 days</del> <ins>5 days</ins>.", "unsupported", "number_mismatch"},
		{"a struck-out Markdown figure supports nothing", "Der Versand dauert 3 Werktage [1].",
			"Der Versand dauert ~~3 Werktage~~ 2 Werktage.", "unsupported", "number_mismatch"},
		{"a figure in a script supports nothing", "Retourneren kan binnen 30 dagen [1].",
			"<p>Retourneren kan binnen 14 dagen.</p><script>var days=30;</script>", "unsupported", "number_mismatch"},
		{"the inserted figure supports", "Standard delivery takes 5 days [1].",
			"Standard delivery takes <del>3 days</del> <ins>5 days</ins>.", "supported", ""},
		{"a price written with entities supports", "The Pro plan costs €29 per month [1].",
			"<p>The Pro plan costs &euro;29&nbsp;per month.</p>", "supported", ""},
		{"a negation in tags in the answer fails the flipped claim", "Returns are <strong>not</strong> accepted for opened software [1].",
			"Returns are accepted for opened software.", "unsupported", "negation_mismatch"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := testAuditor.Audit(context.Background(), record(c.answer, readers.Chunk{ID: "1", Text: c.chunk}))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Findings) != 1 {
				t.Fatalf("%d findings, want 1", len(res.Findings))
			}
			f := res.Findings[0]
			if string(f.Verdict) != c.verdict || c.reason != "" && !slices.Contains(f.Reasons, c.reason) {
				t.Errorf("verdict %s %v, want %s %s", f.Verdict, f.Reasons, c.verdict, c.reason)
			}
			// The passage shown is the chunk's own text, at its own offsets.
			if f.MatchedText != "" && string([]rune(c.chunk)[f.MatchedStart:f.MatchedEnd]) != f.MatchedText {
				t.Errorf("matched text %q is not the chunk's text at %d..%d", f.MatchedText, f.MatchedStart, f.MatchedEnd)
			}
			if f.MatchedText != "" && !strings.Contains(c.chunk, f.MatchedText) {
				t.Errorf("matched text %q is not in the chunk", f.MatchedText)
			}
		})
	}
}

// An entity in a word leaves the word whole for the word and date readers.
func TestEntitiesInWordsKeepTheWordWhole(t *testing.T) {
	dates := []struct {
		name, chunk, claim string
		missing            []string
	}{
		{"a German month with an entity is read as the month", "Die Frist endet am 12. M&auml;rz 2026.", "Die Frist endet am 12. März 2026.", nil},
		{"another month against it is missing", "Die Frist endet am 12. M&auml;rz 2026.", "Die Frist endet am 12. April 2026.", []string{"12. April 2026"}},
	}
	for _, c := range dates {
		t.Run(c.name, func(t *testing.T) {
			l := getLang(t, "de")
			cl := &claim{quantities: claimQuantitiesIn(l, c.claim)}
			ev := &evidence{quantities: quantityIndexIn(l, maskMarkup(c.chunk))}
			if got := numbersMissing(cl, ev); !slices.Equal(got, c.missing) {
				t.Errorf("missing %q, want %q (claim %v)", got, c.missing, shown(cl.quantities))
			}
		})
	}
	words := []struct {
		name, text string
		want       []string
	}{
		{"two entities in a word leave one word", "Die Gr&ouml;&szlig;e passt.", []string{"Die", "Größe", "passt"}},
		{"an entity at a word's start leaves one word", "&Auml;rger vermeiden", []string{"Ärger", "vermeiden"}},
	}
	for _, c := range words {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			nounphrase.RawWordsAt(maskMarkup(c.text), func(raw string, _ int) { got = append(got, raw) })
			if !slices.Equal(got, c.want) {
				t.Errorf("words %q, want %q", got, c.want)
			}
		})
	}
}
