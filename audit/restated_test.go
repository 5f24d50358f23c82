package audit

import (
	"testing"

	"github.com/ragaudit/ragaudit/lang"
)

// "However many" concedes a degree and states none: "each" does not
// oppose it. A quantity word stated still does.
func TestAConcededDegreeIsNoQuantity(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"however many", "The excess is applied only once in each policy year [1].",
			"The Silver plan has an excess of £250 per year. The excess applies once per policy year, however many claims you make.", 0, Supported, "", "en", ""},
		{"some against all", "Only some members pay the excess [1].",
			"All members pay the excess once per policy year.", 0, Unsupported, "negation_mismatch", "en", ""},
	})
}

// A claim that says one clause of the chunk in its own order, every word
// of it there, swaps nothing with the sentence's other clause; a party or
// group put in another's clause still does.
func TestARestatedClauseIsNoSwap(t *testing.T) {
	const chunk = "We pay the hospital directly for in-patient treatment; for outpatient treatment you pay the provider and we reimburse you."
	checkLanguageCases(t, []languageCase{
		{"the clause itself", "We pay the hospital directly for in-patient treatment [1].", chunk, 0, Supported, "", "en", ""},
		{"the clause reordered", "For in-patient treatment, we pay the hospital directly [1].", chunk, 0, Supported, "", "en", ""},
		{"another party in the clause", "You pay the hospital directly for in-patient treatment [1].",
			"You pay the provider for outpatient treatment; we pay the hospital directly for in-patient treatment.", 0, Unsupported, "negation_mismatch", "en", ""},
	})
}

// A waiting period the sentence denies ("with no waiting period",
// "zonder wachttijd") is no condition a claim "from the first day" drops;
// one it gives still is.
func TestADeniedWaitingPeriodIsNoCondition(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"with no waiting period", "Accidents are covered from your first day [1].",
			"New members have a general waiting period of 2 months before they can claim for hospital treatment. Accidents are covered from the first day, with no waiting period.", 0, Supported, "", "en", ""},
		{"zonder wachttijd", "Ongevallen zijn gedekt vanaf de eerste dag [1].",
			"Ongevallen zijn gedekt vanaf de eerste dag, zonder wachttijd. Voor ziekenhuisopname geldt een wachttijd van 2 maanden.", 0, Supported, "", "nl", ""},
		{"a waiting period given", "Hospital treatment is covered from the first day [1].",
			"Hospital treatment is covered after a waiting period of 2 months.", 0, Unsupported, "negation_mismatch", "en", ""},
	})
}

// A cue before a word that excludes cancels it: "not excluded" says
// included, so it flips the chunk's "excluded" in every language, and
// "excluded" copied still passes.
func TestNotExcludedFlipsExcluded(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"en", "Sale items are not excluded from exchange [1].", "Sale items are excluded from exchange.", 0, Unsupported, "negation_mismatch", "en", ""},
		{"de", "Reduzierte Ware ist nicht vom Umtausch ausgeschlossen [1].", "Reduzierte Ware ist vom Umtausch ausgeschlossen.", 0, Unsupported, "negation_mismatch", "de", ""},
		{"nl", "Afgeprijsde artikelen zijn niet uitgesloten van ruilen [1].", "Afgeprijsde artikelen zijn uitgesloten van ruilen.", 0, Unsupported, "negation_mismatch", "nl", ""},
		{"fr", "Les articles soldés ne sont pas exclus de l'échange [1].", "Les articles soldés sont exclus de l'échange.", 0, Unsupported, "negation_mismatch", "fr", ""},
		{"es", "Los artículos rebajados no están excluidos del cambio [1].", "Los artículos rebajados están excluidos del cambio.", 0, Unsupported, "negation_mismatch", "es", ""},
		{"excluded copied", "Sale items are excluded from exchange [1].", "Sale items are excluded from exchange.", 0, Supported, "", "en", ""},
		{"not excluded copied", "Reduzierte Ware ist nicht vom Umtausch ausgeschlossen [1].", "Reduzierte Ware ist nicht vom Umtausch ausgeschlossen.", 0, Supported, "", "de", ""},
	})
}

// Whole against half: "entirely" or "in full" where the chunk halves it
// is an opposite word; "half board" copied still passes.
func TestWholeAgainstHalf(t *testing.T) {
	const chunk = "If you choose the Excess Protect add-on for £4 a month, your excess is reduced by half."
	checkLanguageCases(t, []languageCase{
		{"entirely", "With Excess Protect your excess is reduced entirely [1].", chunk, 0, Unsupported, "negation_mismatch", "en", ""},
		{"in full", "Excess Protect reduces your excess in full [1].", chunk, 0, Unsupported, "negation_mismatch", "en", ""},
		{"half copied", "Half board includes breakfast and dinner [1].", "Half board includes breakfast and dinner; full board adds lunch.", 0, Supported, "", "en", ""},
	})
}

// A period the number before it makes as long as the claim's ("12
// premiers mois" of "la première année") is no other period; one of
// another length still is ("la première semaine").
func TestAPeriodCountedAlikeIsNoOpposite(t *testing.T) {
	l, _ := lang.Get("fr")
	window := normalisedWords(l, "en cas de résiliation dans les 12 premiers mois, des frais de 49 € s'appliquent")
	for claim, want := range map[string]bool{
		"si vous résiliez pendant la première année, des frais de 49 € s'appliquent":   false,
		"si vous résiliez pendant la première semaine, des frais de 49 € s'appliquent": true,
	} {
		if got := opposes(l, normalisedWords(l, claim), window); got != want {
			t.Errorf("%q against the 12 first months: opposes %v, want %v", claim, got, want)
		}
	}
}

// A period run from another event is caught though one word of the
// claim's event ("first" of "your first claim") is in the chunk elsewhere
// ("the first day").
func TestAPeriodFromAnotherEventWithAWordOfItElsewhere(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"first claim against start of policy", "Pre-existing conditions are covered 12 months after your first claim [1].",
			"Pre-existing conditions are covered after a waiting period of 12 months from the start of your policy. Accidents are covered from the first day.", 0, Unsupported, "negation_mismatch", "en", ""},
		{"the same event", "Pre-existing conditions are covered 12 months after the start of your policy [1].",
			"Pre-existing conditions are covered after a waiting period of 12 months from the start of your policy. Accidents are covered from the first day.", 0, Supported, "", "en", ""},
	})
}
