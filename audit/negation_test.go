package audit

import (
	"strings"
	"testing"
	"unicode"

	"github.com/ragaudit/ragaudit/nounphrase"
)

// polarityDiffers is the negation check on a sentence and the window it
// follows: one negates something about the words they share, the other
// does not.
func polarityDiffers(sentence, window string) bool {
	stems := func(text string) map[string]bool {
		m := map[string]bool{}
		for _, w := range nounphrase.Words(text) {
			m[nounphrase.StemWord(w)] = true
		}
		return m
	}
	s, w := stems(sentence), stems(window)
	return negatedAbout(sentence, func(st string) bool { return w[st] }) != negatedAbout(window, func(st string) bool { return s[st] })
}

func TestNegation(t *testing.T) {
	cases := []struct {
		name, sentence, window string
		differs                bool
	}{
		{"a flipped claim differs", "The warranty covers water damage.", "The warranty does not cover water damage.", true},
		{"a negation added to a claim differs", "Refunds are never issued in cash.", "Refunds are issued in cash.", true},
		{"an adverb between the cue and the verb is passed over", "The update does not actually fix the pairing bug.", "The update fixes the pairing bug.", true},
		{"a clause that negates itself", "Parking is free. Valet parking is not.", "Valet parking is free.", true},
		{"a first-person hedge is no negation of the claim", "i'm not sure but the museum opened in 1932", "The museum opened in 1932.", false},
		{"nor is a hedge with never", "I've never heard of her, but she founded the bakery in Leeds.", "She founded the bakery in Leeds.", false},
		{"a leading no answers the question", "no i have not, but the lake freezes every winter", "The lake freezes every winter.", false},
		{"a leading No, answers the question", "No, the lake freezes every winter.", "The lake freezes every winter.", false},
		{"we and you still make claims", "We do not ship parcels to Canada.", "We ship parcels to Canada.", true},
		{"not only adds rather than denies", "It was one of the longest tours in jazz history.", "It was not only the band's longest tour but one of the longest tours in jazz history.", false},
		{"rather than and not say the same", "The problem lies in the marketing rather than the product itself.", "It is the marketing, not the product itself, that causes the problem.", false},
		{"whether or not asks rather than denies", "The heir must check whether or not the couple married in community of property.", "The couple married in community of property.", false},
		{"two negations of one claim agree", "Unused days cannot be carried over.", "Employees may not carry over unused days.", false},
		{"a claim that denies what the window says differs", "After 30 days Acme does not issue store credit.",
			"Refunds are accepted within 30 days of delivery. After 30 days we issue store credit instead of a refund.", true},
		{"not and instead of say the same", "After 30 days you get store credit, not a refund.",
			"After 30 days we issue store credit instead of a refund.", false},
		// A word said in one clause and denied in another is still denied:
		// words alone cannot tell which mention the other text follows, and
		// a flipped claim passed is worse than a paraphrase failed.
		{"a denial beside an affirmation of the same verb differs", "The API supports JSON but does not support XML.", "The API supports JSON and XML.", true},
		{"no longer denies the word after longer", "The Classic plan is available.", "The Classic plan is no longer available.", true},
		{"no longer than is a limit, no denial", "The warranty lasts two years.", "The warranty lasts no longer than two years.", false},
		{"a denied clause of a policy differs", "Refunds are not accepted after 30 days.", "Refunds are accepted after 30 days.", true},
		{"a negation of another word of the window is not about the claim", "Pupils may still not be reading well despite being in school.", "Many schools lack electricity and clean water.", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := polarityDiffers(tc.sentence, tc.window); got != tc.differs {
				t.Errorf("polarity of %q against %q differs: %v, want %v", tc.sentence, tc.window, got, tc.differs)
			}
		})
	}
}

func TestTrimToWordTrimsAsTheRuneByRuneTrimDoes(t *testing.T) {
	ref := func(f string) string {
		return strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' })
	}
	for _, f := range []string{"", "word", "(word),", "«mot»", "l'offre.", "’s", "don't!", "--", "€12,", "12%", "\"Quote\"", "naïve.", "x", "...", "[1]", "über-", "l’avis;"} {
		if got, want := trimToWord(f), ref(f); got != want {
			t.Errorf("trimToWord(%q) = %q, want %q", f, got, want)
		}
	}
}

// One act told from each side is no swap of parties: "you get … reimbursed"
// says what "we reimburse …" says. A party that gives where the window's
// gives, or pays where it is reimbursed, is still another party.
func TestReceivedFromTheOtherSide(t *testing.T) {
	assertFlips(t, []flipCase{
		{"you get for we reimburse passes in English",
			"Each calendar year you get 18 physiotherapy sessions reimbursed with Extra Fit [1].", "With the Extra Fit supplementary insurance we reimburse 18 physiotherapy sessions per calendar year.", false},
		{"krijgt u for vergoeden we passes in Dutch",
			"Per kalenderjaar krijgt u met Extra Fit 18 behandelingen fysiotherapie vergoed [1].", "Met de aanvullende verzekering Extra Fit vergoeden we 18 behandelingen fysiotherapie per kalenderjaar.", false},
		{"bekommen Sie for erstatten wir passes in German",
			"Pro Kalenderjahr bekommen Sie mit Extra Fit 18 Behandlungen Physiotherapie erstattet [1].", "Mit der Zusatzversicherung Extra Fit erstatten wir 18 Behandlungen Physiotherapie pro Kalenderjahr.", false},
		{"vergoedt u for vergoeden we fails in Dutch",
			"Per kalenderjaar vergoedt u met Extra Fit 18 behandelingen fysiotherapie [1].", "Met de aanvullende verzekering Extra Fit vergoeden we 18 behandelingen fysiotherapie per kalenderjaar.", true},
		{"betaalt u for vergoeden we fails in Dutch",
			"Per kalenderjaar betaalt u met Extra Fit 18 behandelingen fysiotherapie [1].", "Met de aanvullende verzekering Extra Fit vergoeden we 18 behandelingen fysiotherapie per kalenderjaar.", true},
	})
}

// A claim denying what the window's sentence excepts says it in other
// words ("does not apply to accidental injury" against "…, except for
// accidental injury"); a denial of what it includes or does not except
// still fails.
func TestDeniedAsExcepted(t *testing.T) {
	const en = "There is a 3-month waiting period for dental and optical claims from the start of your policy, except for accidental injury."
	assertFlips(t, []flipCase{
		{"a denial of the excepted thing passes in English", "The waiting period does not apply to accidental injury [1].", en, false},
		{"a denial of the excepted thing passes in German", "Die Wartezeit gilt nicht bei Unfällen [1].", "Für Zahnersatz gilt eine Wartezeit von 8 Monaten, außer bei Unfällen.", false},
		{"a denial of the excepted thing passes in Dutch", "De wachttijd geldt niet bij een ongeval [1].", "Voor kronen geldt een wachttijd van 6 maanden, behalve bij een ongeval.", false},
		{"a denial of what is not excepted fails in German", "Die Wartezeit gilt nicht für Zahnersatz [1].", "Für Zahnersatz gilt eine Wartezeit von 8 Monaten, außer bei Unfällen.", true},
		{"a denial of what is included fails in English", "The waiting period does not apply to accidental injury [1].", "There is a 3-month waiting period for all claims, including accidental injury.", true},
		{"the excepted thing as the subject of the denial passes in English", "Custom-made items cannot be returned [1].", "All items can be returned within 30 days, except custom-made items.", false},
		{"the excepted thing as the subject of the denial passes in German", "Maßanfertigungen können nicht zurückgegeben werden [1].", "Alle Artikel können innerhalb von 30 Tagen zurückgegeben werden, außer Maßanfertigungen.", false},
		{"the excepted thing as the subject of the denial passes in French", "Les articles personnalisés ne peuvent pas être retournés [1].", "Tous les articles peuvent être retournés sous 30 jours, sauf les articles personnalisés.", false},
		{"a closing cue of what a sentence-opening exception names passes in German", "Geöffnete Hygieneartikel sind von der Rückgabe ausgeschlossen [1].",
			"Ausgenommen vom Rückgaberecht sind individuell angefertigte Artikel sowie geöffnete Hygieneartikel.", false},
	})
	checkLanguageCases(t, []languageCase{
		{"a closing cue of what the exception does not name fails in German", "Reduzierte Artikel sind vom Rückgaberecht ausgeschlossen [1].",
			"Ausgenommen vom Rückgaberecht sind individuell angefertigte Artikel sowie geöffnete Hygieneartikel.", 0, Unsupported, "low_similarity", "de", ""},
		{"a thing not excepted as the subject of the denial fails in English", "Shoes cannot be returned [1].",
			"All items can be returned within 30 days, except custom-made items.", 0, Unsupported, "low_similarity", "en", ""},
	})
}

// A claim saying a benefit is due at once ("from the first day") against
// a sentence naming a waiting period contradicts it, in every language;
// one naming the period passes.
func TestDueAtOnceAgainstAWaitingPeriod(t *testing.T) {
	assertFlips(t, []flipCase{
		{"from the first day fails in English",
			"Dental and optical claims can be made from the first day of your policy [1].",
			"There is a 3-month waiting period for dental and optical claims from the start of your policy, except for accidental injury.", true},
		{"ab dem ersten Tag fails in German",
			"Zahnbehandlungen werden ab dem ersten Tag erstattet [1].", "Für Zahnbehandlungen gilt eine Wartezeit von drei Monaten ab Vertragsbeginn.", true},
		{"vanaf de eerste dag fails in Dutch",
			"Tandheelkundige zorg wordt vanaf de eerste dag vergoed [1].", "Voor tandheelkundige zorg geldt een wachttijd van 6 maanden.", true},
		{"the waiting period named passes in English",
			"Dental claims can be made after a 3-month waiting period [1].",
			"There is a 3-month waiting period for dental and optical claims from the start of your policy.", false},
	})
}

// A claim saying of every one of a kind what another sentence of the
// chunk limits to others ("Only administrators can add or remove
// users") widens it, in every language; a limit to the claim's own kind
// or about something else, and "each week", are none.
func TestUniversalAgainstARestrictionElsewhere(t *testing.T) {
	assertFlips(t, []flipCase{
		{"English", "Every user can add colleagues via Settings > Team [1].", "You can add extra users at any time via Settings > Team. Only administrators can add or remove users.", true},
		{"Dutch", "Iedere gebruiker kan zelf collega's toevoegen via Instellingen > Team [1].", "Extra gebruikers kunt u op elk moment toevoegen via Instellingen > Team. Alleen beheerders kunnen gebruikers toevoegen of verwijderen.", true},
		{"German", "Alle Nutzer können Kollegen unter Einstellungen > Team hinzufügen [1].", "Sie können jederzeit weitere Nutzer unter Einstellungen > Team hinzufügen. Nur Administratoren können Nutzer hinzufügen oder entfernen.", true},
		{"French", "Tous les utilisateurs peuvent ajouter des collègues dans Paramètres > Équipe [1].", "Vous pouvez ajouter des utilisateurs à tout moment dans Paramètres > Équipe. Seuls les administrateurs peuvent ajouter ou supprimer des utilisateurs.", true},
		{"Spanish", "Todos los usuarios pueden añadir compañeros en Ajustes > Equipo [1].", "Puedes añadir usuarios en cualquier momento en Ajustes > Equipo. Solo los administradores pueden añadir o eliminar usuarios.", true},
		{"a limit about something else is none", "All plans include daily backups [1].", "All plans include daily backups. Only the Pro plan includes priority support.", false},
	})
}

// A claim of a sentence's clause that leaves out the condition it is
// said under fails however long the sentence beside it is, the
// alternative after "otherwise" no part of the clause; one stating the
// condition passes.
func TestConditionLeftOutOfALongSentence(t *testing.T) {
	const en = "The new card is free if the theft is reported to the police, otherwise it costs €15."
	const fr = "Une nouvelle carte est envoyée sous 7 jours ouvrés ; elle est gratuite en cas de vol déclaré avec dépôt de plainte, sinon elle est facturée 15 €."
	assertFlips(t, []flipCase{
		{"English: free without the condition", "The new card is free of charge [1].", en, true},
		{"English: free under the condition", "The new card is free if the theft is reported to the police [1].", en, false},
		{"French: free without en cas de", "La nouvelle carte est gratuite [1].", "La nouvelle carte est gratuite en cas de vol déclaré avec dépôt de plainte, sinon elle est facturée 15 €.", true},
		{"French: free under en cas de", "Une nouvelle carte est gratuite en cas de vol déclaré [1].", fr, false},
		{"French: permanently against temporarily", "Vous pouvez relever votre plafond de paiement de façon permanente depuis l'application [1].",
			"Vous pouvez relever temporairement votre plafond de paiement depuis l'application pendant 7 jours.", true},
	})
}
