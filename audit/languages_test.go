package audit

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/readers"
)

// Each claim is judged in its own language, never by another language's
// rules: a claim and a chunk in two languages are compared by their
// numbers only, and a language the audit does not read is not auditable.
func TestClaimLanguages(t *testing.T) {
	const (
		nlChunk = "U kunt een bestelling binnen 30 dagen na ontvangst kosteloos retourneren. Het aankoopbedrag wordt binnen 14 dagen teruggestort."
		enChunk = "Orders can be returned free of charge within 30 days of receipt. Refunds are paid within 14 days."
		// Read unsurely as Catalan for "per" and "costs".
		priceChunk = "Basic costs €9 per month. Pro costs €29 per month. Team costs €99 per month."
		// Portuguese, whose "o", "para" and "de" are Spanish stopwords too.
		ptChunk = "O envio expresso custa 9,90 €. O envio normal é gratuito para encomendas acima de 50 €. O plano Básico custa 4,99 € por mês e inclui 10 GB de armazenamento."
	)
	cases := []languageCase{
		{"a Dutch claim of a Dutch chunk is judged in Dutch",
			"U kunt uw bestelling binnen 30 dagen kosteloos retourneren [1].", nlChunk, 0, Supported, "", "nl", ""},
		{"an English sentence in a Dutch answer citing a Dutch chunk is not judged by Dutch rules",
			"U kunt uw bestelling binnen 30 dagen kosteloos retourneren [1]. Refunds are paid within 14 days of the return [1].",
			nlChunk, 1, NotAuditable, reasonLanguagesDiffer, "en", "nl"},
		{"a German claim of an English chunk that states its number cannot be compared",
			"Die Erstattung erfolgt innerhalb von 14 Tagen [1].", enChunk, 0, NotAuditable, reasonLanguagesDiffer, "de", "en"},
		{"a German claim of an English chunk that lacks its number fails",
			"Die Erstattung erfolgt innerhalb von 21 Tagen [1].", enChunk, 0, Unsupported, "number_mismatch", "de", "en"},
		{"an Italian claim is not auditable",
			"Il rimborso viene effettuato entro quattordici giorni dalla restituzione [1].", enChunk, 0, NotAuditable, reasonLanguage, "it", ""},
		{"a short Italian claim is not auditable",
			"Il prodotto è gratuito [1].", enChunk, 0, NotAuditable, reasonLanguage, "it", ""},
		{"a short Polish claim is not auditable",
			"Zwrot jest bezpłatny [1].", enChunk, 0, NotAuditable, reasonLanguage, "pl", ""},
		{"a short German answer with the word pro is judged in German",
			"Das Pro-Paket kostet 9,99 € pro Woche [1].", "Das Pro-Paket kostet 9,99 € pro Woche.", 0, Supported, "", "de", ""},
		{"a short Dutch answer naming Pro is judged in Dutch, not Czech",
			"Pro kost € 9,99 per maand [1].", "Pro kost € 9,99 per maand.", 0, Supported, "", "nl", ""},
		{"a three-word German answer naming Pro takes its chunk's German",
			"Pro kostet Aufpreis [1].", "Pro kostet keinen Aufpreis.", 0, Unsupported, "negation_mismatch", "de", ""},
		{"a three-word English answer naming Pro takes its chunk's English",
			"Pro includes backups [1].", "Pro does not include backups.", 0, Unsupported, "negation_mismatch", "en", ""},
		{"an English price sentence that reads unsurely as Catalan is judged in English",
			"Basic costs €9 per month, Pro costs €39 per month and Team costs €99 per month [1].", priceChunk, 0, Unsupported, "number_mismatch", "en", ""},
		{"an English price list that reads unsurely as Catalan is judged in English",
			"Our plans:\n- Basic costs €9 per month\n- Pro costs €29 per month\n- Team costs €99 per month [1]", priceChunk, 1, Supported, "", "en", ""},
		{"a Catalan answer of several sentences citing an English chunk is not auditable",
			"El pla Basic costa 9 euros al mes. El pla Pro costa 39 euros al mes i inclou vint usuaris. El pla Team costa 99 euros al mes [1].",
			priceChunk, 2, NotAuditable, reasonLanguage, "ca", ""},
		{"a short Catalan price sentence is not auditable",
			"El pla Pro costa 39 euros al mes [1].", priceChunk, 0, NotAuditable, reasonLanguage, "ca", ""},
		{"an Italian answer of several sentences about prices is not auditable",
			"Il piano Basic costa 9 euro al mese. Il piano Pro costa 39 euro al mese e include venti utenti. Il piano Team costa 99 euro al mese [1].",
			priceChunk, 2, NotAuditable, reasonLanguage, "it", ""},
		{"a Portuguese answer of several sentences about prices is not auditable",
			"O plano Basic custa 9 euros por mês. O plano Pro custa 39 euros por mês e inclui vinte usuários. O plano Team custa 99 euros por mês [1].",
			priceChunk, 2, NotAuditable, reasonLanguage, "pt", ""},
		{"a Portuguese denial citing a Portuguese chunk is not read by Spanish rules",
			"O envio normal não é gratuito para encomendas acima de 50 € [1].", ptChunk, 0, NotAuditable, reasonLanguage, "pt", ""},
		{"a short Portuguese price sentence citing a Portuguese chunk is not auditable",
			"O envio expresso custa 9,90 € [1].", ptChunk, 0, NotAuditable, reasonLanguage, "pt", ""},
		{"a Portuguese sentence with Spanish-looking words citing a Portuguese chunk is not auditable",
			"O plano Básico custa 4,99 € por ano e inclui 10 GB de armazenamento [1].", ptChunk, 0, NotAuditable, reasonLanguage, "pt", ""},
		{"a Polish answer of several sentences about prices is not auditable",
			"Plan Basic kosztuje 9 euro miesięcznie. Plan Pro kosztuje 39 euro miesięcznie i obejmuje dwudziestu użytkowników. Plan Team kosztuje 99 euro [1].",
			priceChunk, 2, NotAuditable, reasonLanguage, "pl", ""},
	}
	checkLanguageCases(t, cases)
}

// languageCase is an answer citing one chunk, and the finding one of its
// sentences should have: verdict, first reason, and languages.
type languageCase struct {
	name, answer, chunk string
	sentence            int // the finding checked, by sentence index
	verdict             string
	reason              string // "" for none
	lang, chunkLang     string
}

func checkLanguageCases(t *testing.T, cases []languageCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := auditOneChunk(t, tc.answer, tc.chunk)
			i := slices.IndexFunc(res.Findings, func(f Finding) bool { return f.SentenceIndex == tc.sentence && f.Citation == "1" })
			if i < 0 {
				t.Fatalf("no finding for sentence %d: %+v", tc.sentence, res.Findings)
			}
			f := res.Findings[i]
			reason := ""
			if len(f.Reasons) > 0 {
				reason = f.Reasons[0]
			}
			if f.Verdict != tc.verdict || reason != tc.reason || f.Language != tc.lang || f.ChunkLanguage != tc.chunkLang {
				t.Errorf("%s %q in %q (chunk %q), want %s %q in %q (chunk %q)", f.Verdict, reason, f.Language, f.ChunkLanguage,
					tc.verdict, tc.reason, tc.lang, tc.chunkLang)
			}
		})
	}
}

// A short text, a chunk or a sentence, plainly in one of the five
// languages is read in it, and a table by its cells, its answer's prose
// or its chunks, never by a label such as "Plus".
func TestShortTextsAndTablesAreReadInTheirLanguage(t *testing.T) {
	const enChunk = "Orders can be returned free of charge within 30 days of receipt. Refunds are paid within 14 days."
	checkLanguageCases(t, []languageCase{
		{"a short Dutch claim citing an English chunk is Dutch, not read as English",
			"Terugsturen kan binnen 30 dagen [1].", enChunk, 0, NotAuditable, reasonLanguagesDiffer, "nl", "en"},
		{"an English claim citing a short French chunk reads the chunk's date in French",
			"The sale ends on 9 April 2026 [1].", "La promotion se termine le 9 avril 2026.", 0, NotAuditable, reasonLanguagesDiffer, "en", "fr"},
		{"an English claim citing a short Dutch chunk reads the chunk's amount in Dutch",
			"The deposit is €2,500 [1].", "De borg bedraagt € 2.500.", 0, NotAuditable, reasonLanguagesDiffer, "en", "nl"},
		{"an English sentence in a German answer citing a German chunk is not judged by German rules",
			"Die Lieferung dauert 3 Tage [1]. Returns are free of charge [1].", "Die Lieferung dauert 3 Tage. Rücksendungen kosten 4,95 €.",
			1, NotAuditable, reasonLanguagesDiffer, "en", "de"},
		{"a Spanish table with no prose is judged in Spanish, row by row",
			"| Tarifa | Precio |\n|---|---|\n| Mini | 4 € al mes [1] |\n| Maxi | 12 € al mes [1] |",
			"La tarifa Mini tiene 5 GB y cuesta 4 € al mes. La tarifa Maxi tiene 50 GB y cuesta 9 € al mes.", 1, Unsupported, "number_mismatch", "es", ""},
		{"an English table is not read as French for its row named Plus",
			"| Plan | Storage |\n|---|---|\n| Lite | 5 GB [1] |\n| Plus | 50 GB [1] |",
			"The Lite plan has 5 GB of storage. The Plus plan has 50 GB of storage.", 1, Supported, "", "en", ""},
		{"a French row saying without commitment of the offer the chunk binds fails",
			"| Offre | Engagement |\n|---|---|\n| Solo | sans engagement [1] |",
			"L'offre Solo impose un engagement de 24 mois. L'offre Duo est sans engagement.", 0, Unsupported, "negation_mismatch", "fr", ""},
		{"a French row saying without commitment of the offer the chunk frees is supported",
			"| Offre | Engagement |\n|---|---|\n| Duo | sans engagement [1] |",
			"L'offre Solo impose un engagement de 24 mois. L'offre Duo est sans engagement.", 0, Supported, "", "fr", ""},
	})
}

// Two negative sentences are no flipped negation, whichever word each
// cue negates; a limit ("niet langer dan") is no denial; a flip is.
func TestNegationInOtherLanguages(t *testing.T) {
	assertFlips(t, []flipCase{
		{"a flipped Dutch privacy statement fails",
			"Wij delen uw gegevens met onze advertentiepartners [1].",
			"Wij delen uw gegevens niet met advertentiepartners. U kunt uw gegevens altijd inzien.", true},
		{"a German flip fails",
			"Wir geben Ihre Daten an Dritte weiter [1].",
			"Wir geben Ihre Daten nicht an Dritte weiter. Sie können Ihre Daten jederzeit einsehen.", true},
		{"two Dutch denials of returning agree",
			"Na 30 dagen kunt u niet retourneren [1].",
			"Na 30 dagen is retourneren niet mogelijk. Gebruikte artikelen worden niet teruggenomen.", false},
		{"a Dutch limit is no denial",
			"Per bestelling kunt u maximaal drie artikelen retourneren [1].",
			"Per bestelling kunt u niet meer dan drie artikelen retourneren. Gebruikte artikelen worden niet teruggenomen.", false},
		{"a German limit is no denial",
			"Pro Bestellung können Sie höchstens drei Artikel zurücksenden [1].",
			"Pro Bestellung können Sie nicht mehr als drei Artikel zurücksenden. Benutzte Artikel nehmen wir nicht zurück.", false},
		{"no longer is a denial",
			"Na 30 dagen kunt u nog retourneren [1].",
			"Na 30 dagen kunt u niet meer retourneren. Gebruikte artikelen worden niet teruggenomen.", true},
		{"a French adverb between the verb and pas is not what is denied",
			"L'option express n'est probablement pas très rapide dans les zones rurales [1].",
			"L'option express est probablement lente dans les zones rurales.", false},
		{"a French adverb between the verb and pas passes the denial on to the word after it",
			"Le remboursement n'est évidemment pas automatique [1].",
			"Le remboursement est automatique après réception du colis.", true},
		{"French pas encore denies the word after encore",
			"Le modèle X n'est pas encore disponible en France [1].",
			"Le modèle X est disponible en France depuis mars.", true},
		{"French pas très denies the word after très",
			"Le service n'est pas très rapide [1].",
			"Le service est rapide et fiable.", true},
		{"French pas aussi … que is a comparison, not a denial of its word",
			"La livraison express est plus rapide que la livraison standard [1].",
			"La livraison standard n'est pas aussi rapide que la livraison express.", false},
	})
}

// "No longer" denies in every language, on either side: "nicht mehr
// akzeptiert" against "akzeptiert" is a flip, though "nicht mehr als drei"
// against "drei" is a limit, as before.
func TestNoLongerIsADenialAndNoLongerThanALimit(t *testing.T) {
	assertFlips(t, []flipCase{
		{"a German chunk that no longer accepts cash denies the answer", "Barzahlungen werden akzeptiert [1].", "Barzahlungen werden nicht mehr akzeptiert.", true},
		{"a German answer that no longer accepts cash denies the chunk", "Das Modell X ist nicht mehr erhältlich [1].", "Das Modell X ist erhältlich.", true},
		{"German nicht mehr after a phrase denies", "Eine Stornierung ist nach dem Versand möglich [1].", "Eine Stornierung ist nach dem Versand nicht mehr möglich.", true},
		{"German nicht länger denies", "Barzahlungen werden akzeptiert [1].", "Barzahlungen werden nicht länger akzeptiert.", true},
		{"German nie mehr denies", "Wir liefern nach Norwegen [1].", "Wir liefern nie mehr nach Norwegen.", true},
		{"German nicht mehr als stays a limit", "Pro Bestellung können Sie höchstens drei Artikel zurücksenden [1].", "Pro Bestellung können Sie nicht mehr als drei Artikel zurücksenden.", false},
		{"German nicht länger als stays a limit", "Die Garantie gilt zwei Jahre [1].", "Die Garantie gilt nicht länger als zwei Jahre.", false},
		{"Dutch niet langer denies", "Contante betalingen worden geaccepteerd [1].", "Contante betalingen worden niet langer geaccepteerd.", true},
		{"a Dutch answer that is niet langer denies the chunk", "Het model X is niet langer verkrijgbaar [1].", "Het model X is verkrijgbaar.", true},
		{"Dutch niet langer dan stays a limit", "De garantie geldt twee jaar [1].", "De garantie geldt niet langer dan twee jaar.", false},
		{"Dutch niet meer dan stays a limit", "De levering duurt 3 dagen [1].", "De levering duurt niet meer dan 3 dagen.", false},
		{"an English chunk that no longer offers a plan denies the answer", "The Classic plan is available to new customers [1].", "The Classic plan is no longer available to new customers.", true},
		{"an English answer that no longer ships denies the chunk", "We no longer ship to Norway [1].", "We ship to Norway.", true},
		{"English not any longer denies", "This offer is valid [1].", "This offer is not any longer valid.", true},
		{"English no longer than stays a limit", "The warranty lasts two years [1].", "The warranty lasts no longer than two years.", false},
		{"Spanish ya no denies", "Aceptamos pagos en efectivo [1].", "Ya no aceptamos pagos en efectivo.", true},
		{"French ne plus denies", "Nous acceptons les paiements en espèces [1].", "Nous n'acceptons plus les paiements en espèces.", true},
	})
}

// A word whose opposite the passage says of the same thing fails as a
// flip: before and after, inclusive and exclusive, a minimum and a
// maximum, one weekday for another. The same words about other things
// do not.
func TestOpposites(t *testing.T) {
	assertFlips(t, []flipCase{
		{"after for before fails in Dutch",
			"Bestellingen na 17 uur worden dezelfde dag verzonden [1].",
			"Bestellingen vóór 17 uur worden dezelfde dag verzonden. Later geplaatste bestellingen gaan de volgende werkdag mee.", true},
		{"exclusive for inclusive fails in Dutch",
			"De prijs van € 29,00 is inclusief btw [1].",
			"De prijs van € 29,00 is exclusief btw. Verzendkosten worden apart berekend.", true},
		{"a maximum for a minimum fails in German",
			"Sie können mindestens drei Geräte verbinden [1].",
			"Sie können höchstens drei Geräte verbinden. Weitere Geräte erfordern ein Upgrade.", true},
		{"another weekday fails in English",
			"The shop is closed on Monday [1].",
			"The shop is closed on Tuesday. It opens at 9 am on other days.", true},
		{"sometimes for never fails in Dutch",
			"Wij verkopen uw gegevens soms aan partners [1].",
			"Wij verkopen uw gegevens nooit aan derden. U kunt dit altijd nakijken.", true},
		{"always for usually fails in English",
			"We always ship within two days [1].",
			"We usually ship within two days. Large items take longer.", true},
		{"a fall for a rise in the past fails in German",
			"Der Preis des Abonnements ist im Mai gestiegen [1].",
			"Der Preis des Abonnements ist im Mai gesunken. Bestehende Verträge bleiben gleich.", true},
		{"a fall for a rise in the past fails in Dutch",
			"De prijs van het abonnement is in mei gestegen [1].",
			"De prijs van het abonnement is in mei gedaald. Bestaande contracten blijven gelijk.", true},
		{"a fall for a rise in the past fails in French",
			"Le prix de l'abonnement a augmenté en mai [1].",
			"Le prix de l'abonnement a diminué en mai. Les contrats existants ne changent pas.", true},
		{"a fall for a rise in the past fails in Spanish",
			"El precio de la suscripción aumentó en mayo [1].",
			"El precio de la suscripción bajó en mayo. Los contratos existentes no cambian.", true},
		{"the same weekday passes",
			"The shop is closed on Tuesday [1].",
			"The shop is closed on Tuesday. It opens at 9 am on other days.", false},
		{"before and after of different things pass",
			"Germany declared war after realizing that a war with Russia meant a war with France [1].",
			"Germany realized that a war with Russia meant a war with France, and planned a quick victory before the Russians could become a factor.", false},
	})
}

// An e-mail or web address the chunk gives otherwise is a wrong contact,
// in any language; one the chunk gives, or a chunk with none, is not.
func TestContactSwapped(t *testing.T) {
	for _, tc := range []struct {
		name, claim, chunk, want string
	}{
		{"another domain is a swap", "Mail naar privacy@voorbeeld.com.", "Stuur uw verzoek naar privacy@voorbeeld.nl.", "privacy@voorbeeld.com"},
		{"the same address in other case passes", "Write to Privacy@Example.com.", "Write to privacy@example.com for a copy.", ""},
		{"another web address is a swap", "Siehe https://shop.example.de/rueckgabe.", "Alle Infos unter https://shop.example.de/versand.", "https://shop.example.de/rueckgabe"},
		{"a chunk with no address says nothing", "Mail naar privacy@voorbeeld.com.", "Neem contact op met de privacy-afdeling.", ""},
	} {
		if got := contactSwapped(tc.claim, tc.chunk); got != tc.want {
			t.Errorf("%s: contactSwapped = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// Names joined by particles are one name: "Jan de Vries" for "Piet
// Jansen" is a swapped name.
func TestNamesWithParticles(t *testing.T) {
	nl, _ := lang.Get("nl")
	de, _ := lang.Get("de")
	for _, tc := range []struct {
		name, text string
		l          *lang.Language
		want       []string
	}{
		{"a Dutch surname with de", "Neem contact op met Jan de Vries van de afdeling Privacy.", nl, []string{"Jan de Vries", "Privacy"}},
		{"a German name with von der", "Ihr Ansprechpartner ist Herr Klaus von der Heide in Leipzig.", de, []string{"Klaus von der Heide", "Leipzig"}},
		{"a particle not between names joins nothing", "Bel Jan van maandag tot vrijdag.", nl, []string{"Jan"}},
		{"a name seen before keeps its own entry", "Bel met Jan. Daarna belt u Jan de Vries.", nl, []string{"Jan", "Jan de Vries"}},
	} {
		if got := namesIn(tc.text, tc.l); !slices.Equal(got, tc.want) {
			t.Errorf("%s: namesIn = %q, want %q", tc.name, got, tc.want)
		}
	}
	res, err := testAuditor.Audit(context.Background(), record("Neem contact op met Jan de Vries van de afdeling Privacy [1].",
		readers.Chunk{ID: "1", Text: "Neem contact op met Piet Jansen van de afdeling Privacy."}))
	if err != nil {
		t.Fatal(err)
	}
	if f := res.Findings[0]; !slices.Contains(f.Reasons, "entity_mismatch") {
		t.Errorf("Jan de Vries for Piet Jansen: %s %v, want entity_mismatch", f.Verdict, f.Reasons)
	}
}

// A claim about some of a kind where the chunk says all of it, or the
// reverse, says something else, in every language; a restrictor that
// limits something else, or both sides limiting alike, does not.
func TestScope(t *testing.T) {
	assertFlips(t, []flipCase{
		{"all for only fails in English", "All customers get phone support [1].", "Only Pro customers get phone support. Others use the chat.", true},
		{"only for all fails in English", "Only Pro customers get phone support [1].", "All customers get phone support. The line opens at 9.", true},
		{"alle for alleen fails in Dutch", "Alle klanten krijgen telefonische support [1].", "Alleen Pro-klanten krijgen telefonische support. Anderen gebruiken de chat.", true},
		{"alleen for alle fails in Dutch", "Alleen Pro-klanten krijgen telefonische support [1].", "Alle klanten krijgen telefonische support. De lijn opent om 9 uur.", true},
		{"nur for alle fails in German", "Nur Pro-Kunden erhalten telefonischen Support [1].", "Alle Kunden erhalten telefonischen Support. Die Hotline öffnet um 9 Uhr.", true},
		{"alle for nur fails in German", "Alle Kunden erhalten telefonischen Support [1].", "Nur Premium-Kunden erhalten telefonischen Support. Andere nutzen den Chat.", true},
		{"tous for seuls fails in French", "Tous les clients ont accès au support téléphonique [1].", "Seuls les clients Pro ont accès au support téléphonique. Les autres utilisent le chat.", true},
		{"todos for solo fails in Spanish", "Todos los clientes tienen soporte telefónico [1].", "Solo los clientes Pro tienen soporte telefónico. Los demás usan el chat.", true},
		{"only before a verb passes", "You can only return items within 30 days [1].", "All items can be returned within 30 days of delivery.", false},
		{"only on both sides passes", "Phone support is only for Pro customers [1].", "Only Pro customers get phone support. Others use the chat.", false},
		{"all of another thing in the chunk passes", "All orders ship within two days [1].", "All orders ship within two days; only orders above 50 euros ship free.", false},
	})
}

// auditOneChunk audits an answer citing one chunk (id "1") and fails the
// test on an error.
func auditOneChunk(t *testing.T, answer, chunk string) Result {
	t.Helper()
	res, err := testAuditor.Audit(context.Background(), record(answer, readers.Chunk{ID: "1", Text: chunk}))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// flipCase is an answer citing one chunk and whether its finding must
// fail as a flipped negation.
type flipCase struct {
	name, answer, chunk string
	flipped             bool
}

// assertFlips audits each case and checks its first finding's
// negation_mismatch.
func assertFlips(t *testing.T, cases []flipCase) {
	t.Helper()
	assertReason(t, "negation_mismatch", cases)
}

// assertUnsupported checks that each case's finding is not supported
// exactly when the case says it fails (flipped), whatever the reason.
func assertUnsupported(t *testing.T, cases []flipCase) {
	t.Helper()
	eachFirstFinding(t, cases, func(t *testing.T, tc flipCase, f Finding) {
		if (f.Verdict != Supported) != tc.flipped {
			t.Errorf("%s %v, want unsupported %v", f.Verdict, f.Reasons, tc.flipped)
		}
	})
}

// eachFirstFinding audits each case in a subtest and checks its first
// finding with check.
func eachFirstFinding(t *testing.T, cases []flipCase, check func(*testing.T, flipCase, Finding)) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := auditOneChunk(t, tc.answer, tc.chunk)
			if len(res.Findings) == 0 {
				t.Fatal("no finding")
			}
			check(t, tc, res.Findings[0])
		})
	}
}

// assertReason checks that each case's finding gives the reason exactly
// when the case says it fails (flipped).
func assertReason(t *testing.T, reason string, cases []flipCase) {
	t.Helper()
	eachFirstFinding(t, cases, func(t *testing.T, tc flipCase, f Finding) {
		if got := slices.Contains(f.Reasons, reason); got != tc.flipped {
			t.Errorf("%s %v, want %v (%s %v %q)", reason, got, tc.flipped, f.Verdict, f.Reasons, f.EntitiesMissing)
		}
	})
}

// A cue and "without" in one clause cancel each other ("does not run
// without a cable" says it needs one), in every language: a claim that
// runs without what the chunk says it cannot run without is a flip; the
// same words on both sides, or two "without"s, are not a pair.
func TestDoubleNegation(t *testing.T) {
	assertFlips(t, []flipCase{
		{"runs without for does not run without fails in English",
			"The scanner runs without a power cable [1].", "The scanner does not run without a power cable. Charge it overnight.", true},
		{"can for cannot without fails in English",
			"Bookings can be moved without a surcharge [1].", "Bookings cannot be moved without a surcharge. Ask the desk for details.", true},
		{"werkt zonder for werkt niet zonder fails in Dutch",
			"De printer werkt zonder stroomkabel [1].", "De printer werkt niet zonder stroomkabel. Laad hem 's nachts op.", true},
		{"läuft ohne for läuft nicht ohne fails in German",
			"Der Drucker läuft ohne Netzkabel [1].", "Der Drucker läuft nicht ohne Netzkabel. Laden Sie ihn über Nacht.", true},
		{"ohne before kein makes a pair too in German",
			"Ohne Quittung ist ein Umtausch möglich [1].", "Ohne Quittung ist kein Umtausch möglich. Bewahren Sie sie auf.", true},
		{"fonctionne sans for ne fonctionne pas sans fails in French",
			"L'imprimante fonctionne sans câble secteur [1].", "L'imprimante ne fonctionne pas sans câble secteur. Chargez-la la nuit.", true},
		{"funciona sin for no funciona sin fails in Spanish",
			"La impresora funciona sin cable de red [1].", "La impresora no funciona sin cable de red. Cárguela por la noche.", true},
		{"does not run without on both sides passes",
			"The scanner does not run without a power cable [1].", "The scanner does not run without a power cable. Charge it overnight.", false},
		{"runs without on both sides passes",
			"The scanner runs without a power cable [1].", "The scanner runs without a power cable. Charge it overnight.", false},
		{"niet zonder on both sides passes in Dutch",
			"U kunt niet zonder wachtwoord inloggen [1].", "U kunt niet zonder wachtwoord inloggen. Vraag een nieuw wachtwoord aan.", false},
		{"two withouts are no pair",
			"The kit ships without batteries and without a charger [1].", "The kit ships with batteries and a charger. Spare parts are sold apart.", true},
		{"sin ningún recargo of sin recargo passes in Spanish: one denial",
			"La matrícula se puede pagar en cuatro plazos sin ningún recargo [1].", "La matrícula puede pagarse en un único pago o en cuatro plazos sin recargo.", false},
		{"sans aucun frais of sans frais passes in French: one denial",
			"Vous pouvez annuler sans aucun frais jusqu'à la veille [1].", "Vous pouvez annuler sans frais jusqu'à la veille du cours.", false},
		{"con recargo against sin recargo fails in Spanish",
			"La matrícula se puede pagar en cuatro plazos con recargo [1].", "La matrícula puede pagarse en un único pago o en cuatro plazos sin recargo.", true},
	})
}

// "Free" against a cost denied in a compound ("keine Versandkosten") is
// one statement, as against "keine Kosten für den Versand"; a cost
// affirmed against the same denial still fails.
func TestFreeAgainstACompoundCostDenied(t *testing.T) {
	assertFlips(t, []flipCase{
		{"kostenlos of keine Versandkosten passes in German",
			"Mit einer Plus-Mitgliedschaft ist der Versand kostenlos [1].", "Kunden mit einer Plus-Mitgliedschaft zahlen keine Versandkosten. Die Mitgliedschaft kostet 29 € im Jahr.", false},
		{"gratis of geen verzendkosten passes in Dutch",
			"Met een Plus-lidmaatschap is verzending gratis [1].", "Klanten met een Plus-lidmaatschap betalen geen verzendkosten. Het lidmaatschap kost € 29 per jaar.", false},
		{"Versandkosten paid against keine Versandkosten fails in German",
			"Mit einer Plus-Mitgliedschaft zahlen Kunden Versandkosten [1].", "Kunden mit einer Plus-Mitgliedschaft zahlen keine Versandkosten. Die Mitgliedschaft kostet 29 € im Jahr.", true},
	})
}

// The common opposites of support texts fail as flips in every language
// (less and more before an amount, open and closed, allowed and
// forbidden, within and after a period, from and until a date, free and
// paid, earliest and latest, business and private customers, plus and
// minus VAT), as does a word the chunk says with a negating prefix; the
// same words about other things, a range's end, or a word that only
// looks prefixed do not.
func TestCommonOpposites(t *testing.T) {
	assertFlips(t, []flipCase{
		{"less than for more than an amount fails in English",
			"Baskets of less than €80 get a free tote [1].", "Baskets of more than €80 get a free tote. Totes are blue.", true},
		{"unter for über an amount fails in German",
			"Einkäufe unter 80 € erhalten eine Tasche gratis [1].", "Einkäufe über 80 € erhalten eine Tasche gratis. Die Taschen sind blau.", true},
		{"minder dan for meer dan fails in Dutch",
			"Aankopen van minder dan € 80 krijgen een gratis tas [1].", "Aankopen van meer dan € 80 krijgen een gratis tas. De tassen zijn blauw.", true},
		{"moins de for plus de fails in French",
			"Les achats de moins de 80 € reçoivent un sac offert [1].", "Les achats de plus de 80 € reçoivent un sac offert. Les sacs sont bleus.", true},
		{"menos de for más de fails in Spanish",
			"Las compras de menos de 80 € reciben una bolsa de regalo [1].", "Las compras de más de 80 € reciben una bolsa de regalo. Las bolsas son azules.", true},
		{"geopend for gesloten fails in Dutch",
			"Het filiaal is op feestdagen geopend [1].", "Het filiaal is op feestdagen gesloten. Bestellen kan online.", true},
		{"ouvert for fermé fails in French",
			"Le guichet est ouvert le samedi matin [1].", "Le guichet est fermé le samedi matin. Commandez en ligne.", true},
		{"erlaubt for verboten fails in German",
			"Fotografieren ist im Museum erlaubt [1].", "Fotografieren ist im Museum verboten. Taschen bleiben an der Garderobe.", true},
		{"permitido for prohibido fails in Spanish",
			"Fumar está permitido en la terraza [1].", "Fumar está prohibido en la terraza. Hay ceniceros en la entrada.", true},
		{"after for within a period fails in English",
			"You can swap the jacket after 21 days [1].", "You can swap the jacket within 21 days of purchase. Bring the tag.", true},
		{"na for binnen a period fails in Dutch",
			"U kunt de jas na 21 dagen ruilen [1].", "U kunt de jas binnen 21 dagen ruilen. Neem het label mee.", true},
		{"nach for innerhalb a period fails in German",
			"Sie können die Jacke nach 21 Tagen umtauschen [1].", "Sie können die Jacke innerhalb von 21 Tagen umtauschen. Bringen Sie das Etikett mit.", true},
		{"bis for ab an amount fails in German",
			"Die Montage ist bis 300 € Warenwert inklusive [1].", "Die Montage ist ab 300 € Warenwert inklusive. Termine nach Absprache.", true},
		{"kostenpflichtig for kostenlos fails in German",
			"Die Expresslieferung ist kostenpflichtig [1].", "Die Expresslieferung ist kostenlos. Sie dauert einen Tag.", true},
		{"payant for gratuit fails in French",
			"Le stationnement est payant pour les clients [1].", "Le stationnement est gratuit pour les clients. Il compte 40 places.", true},
		{"spätestens for frühestens fails in German",
			"Die Karte wird spätestens am Montag verschickt [1].", "Die Karte wird frühestens am Montag verschickt. Sie kommt per Post.", true},
		{"zuzüglich for inklusive fails in German",
			"Alle Tarife gelten inklusive Umsatzsteuer [1].", "Alle Tarife gelten zuzüglich Umsatzsteuer. Rabatte sind möglich.", true},
		{"particuliere for zakelijke fails in Dutch",
			"De korting geldt voor particuliere klanten [1].", "De korting geldt voor zakelijke klanten. Vraag een offerte aan.", true},
		{"a negating prefix fails in English",
			"The booking fee is refundable [1].", "The booking fee is non-refundable. It is charged once.", true},
		{"a negating prefix fails in French",
			"Ce modèle est disponible en Belgique [1].", "Ce modèle est indisponible en Belgique. Il arrive en mai.", true},
		{"a negating prefix the other way fails in German",
			"Die Nutzung ist unbegrenzt möglich [1].", "Die Nutzung ist begrenzt möglich. Details stehen im Vertrag.", true},
		{"from a date within a range passes in German",
			"Die Aktion gilt ab 1. Juli [1].", "Die Aktion gilt vom 1. Juli bis 31. August. Solange der Vorrat reicht.", false},
		{"more of another thing passes in English",
			"Orders of more than €80 ship free [1].", "Orders of more than €80 ship free, and orders of less than €20 pay a small fee.", false},
		{"a word that only looks prefixed passes",
			"Please inform the desk before you leave [1].", "Please inform the desk before you leave. The form is at the door.", false},
	})
}

// The words before a window are cut at a space of any width: French
// writes "seuls\u00a0les clients" with a no-break space.
func TestWithWordsBeforeCutsAtWideSpaces(t *testing.T) {
	text := "Offre\u00a0: seuls\u00a0les clients Pro ont accès au support."
	at := strings.Index(text, "clients")
	if got, want := withWordsBefore(text, at, 3), "seuls\u00a0les "; got != want {
		t.Errorf("withWordsBefore = %q, want %q", got, want)
	}
	if got, want := withWordsBefore(text, at, 1), "les "; got != want {
		t.Errorf("one word: %q, want %q (not half a space)", got, want)
	}
	if got := withWordsBefore("clients Pro", 0, 3); got != "" {
		t.Errorf("at the start: %q, want nothing", got)
	}
}

// Periods, rates, parts of the day, first and last, multiples, business
// and calendar days, net and gross: one said for another fails in every
// language; the same period as the unit of an amount is for the number
// checks ("14 days" for "2 weeks" passes here), and a range "from … to"
// says the member of "until".
func TestPeriodsAndRatesOpposites(t *testing.T) {
	assertFlips(t, []flipCase{
		{"every year for every month fails in English",
			"Invoices are sent every year [1].", "Invoices are sent every month. They list each order.", true},
		{"jaarlijks for maandelijks fails in Dutch",
			"Facturen worden jaarlijks verstuurd [1].", "Facturen worden maandelijks verstuurd. Ze tonen elke bestelling.", true},
		{"jährlich for monatlich fails in German",
			"Rechnungen werden jährlich verschickt [1].", "Rechnungen werden monatlich verschickt. Sie zeigen jede Bestellung.", true},
		{"par an for par mois fails in French",
			"L'abonnement coûte 8 € par an [1].", "L'abonnement coûte 8 € par mois. Il est sans engagement.", true},
		{"al año for al mes fails in Spanish",
			"La suscripción cuesta 8 euros al año [1].", "La suscripción cuesta 8 euros al mes. No hay permanencia.", true},
		{"calendar days for business days fail in English",
			"Refunds are processed within 10 calendar days [1].", "Refunds are processed within 10 business days. You get an e-mail.", true},
		{"Kalendertage for Werktage fail in German",
			"Die Erstattung erfolgt innerhalb von 10 Kalendertagen [1].", "Die Erstattung erfolgt innerhalb von 10 Werktagen. Sie erhalten eine E-Mail.", true},
		{"brutto for netto fails in German",
			"Die Jahreslizenz kostet 100 € brutto [1].", "Die Jahreslizenz kostet 100 € netto. Sie gilt für ein Gerät.", true},
		{"the evening for the morning fails in English",
			"Parcels are delivered in the evening [1].", "Parcels are delivered in the morning. The driver rings twice.", true},
		{"vormittags for abends fails in German",
			"Pakete werden vormittags zugestellt [1].", "Pakete werden abends zugestellt. Der Fahrer klingelt zweimal.", true},
		{"the first for the last instalment fails in English",
			"The first instalment is due when you sign the contract [1].", "The last instalment is due when you sign the contract. The rest is monthly.", true},
		{"doppelte for dreifache points fail in German",
			"Mitglieder sammeln doppelte Punkte bei jedem Einkauf [1].", "Mitglieder sammeln dreifache Punkte bei jedem Einkauf. Punkte verfallen nie.", true},
		{"until for from a date fails in English",
			"The new prices apply until 1 July 2026 [1].", "The new prices apply from 1 July 2026. Existing orders keep their price.", true},
		{"at the earliest for at the latest fails in English",
			"Your parcel arrives on Monday at the earliest [1].", "Your parcel arrives on Monday at the latest. Track it online.", true},
		{"two weeks for 14 days passes: the unit of an amount",
			"Returns are accepted within two weeks [1].", "Returns are accepted within 14 days. Keep the receipt.", false},
		{"until the end of a range passes in English",
			"The shop is open until 17:00 on Saturdays [1].", "The shop is open from 9:00 to 17:00 on Saturdays. Parking is free.", false},
		{"a monthly plan beside a monthly fee passes",
			"The monthly fee is €9 [1].", "The monthly fee is €9, or €90 for a year paid at once.", false},
	})
}

// The two sides of a role connector swapped fail; the same sides, or a
// comparison said the other way round with the other comparative, pass.
func TestSwappedRoles(t *testing.T) {
	assertFlips(t, []flipCase{
		{"faster than swapped fails in English",
			"Standard shipping is faster than express shipping [1].", "Express shipping is faster than standard shipping. Both are tracked.", true},
		{"schneller als swapped fails in German",
			"Der Standardversand ist schneller als der Expressversand [1].", "Der Expressversand ist schneller als der Standardversand. Beide sind versichert.", true},
		{"from one account to the other swapped fails in English",
			"You can transfer money from your current account to your savings account at any time [1].", "You can transfer money from your savings account to your current account at any time.", true},
		{"a lower charge than swapped with an adjective before the noun fails in English",
			"The Basic tariff has a lower monthly standing charge than the Green tariff [1].", "The Green tariff has a lower monthly standing charge than the Basic tariff.", true},
		{"the comparison said the other way round passes",
			"Express shipping is faster than standard shipping [1].", "Standard shipping is slower than express shipping. Both are tracked.", false},
		{"the same sides pass",
			"Express shipping is faster than standard shipping [1].", "Express shipping is faster than standard shipping. Both are tracked.", false},
	})
}

// Who does something: "we" (the company) for the customer, or the
// reverse, fails in every language; "you" for "the customer" is one
// side and passes.
func TestActorsOpposite(t *testing.T) {
	assertFlips(t, []flipCase{
		{"we for the customer fails in English",
			"We pay the return shipping costs [1].", "The customer pays the return shipping costs. Labels are in the box.", true},
		{"we for you fails in English",
			"We cover the cost of return shipping [1].", "You must cover the cost of return shipping yourself. Use any carrier.", true},
		{"you and us against the customer alone passes in English",
			"You send us your meter readings through your online account [1].", "Customers submit their meter readings through the online account.", false},
		{"wij for de klant fails in Dutch",
			"Wij betalen de retourkosten [1].", "De klant betaalt de retourkosten. Het label zit in de doos.", true},
		{"wir for der Kunde fails in German",
			"Die Rücksendekosten tragen wir [1].", "Die Rücksendekosten trägt der Kunde. Das Etikett liegt bei.", true},
		{"notre for du client fails in French",
			"Les frais de retour sont à notre charge [1].", "Les frais de retour sont à la charge du client. L'étiquette est fournie.", true},
		{"you for the customer passes",
			"You pay the return shipping costs [1].", "The customer pays the return shipping costs. Labels are in the box.", false},
		{"we refund you for we refund customers passes",
			"We refund you within 14 days [1].", "We refund customers within 14 days. The money goes back to the card.", false},
	})
}

// A verb form Snowball leaves whole counts as its root in Dutch and
// German, and a chunk's word opening with that root holds it: every
// content word of these claims is in their chunk.
func TestVerbFormsAreFoundAsTheirRoots(t *testing.T) {
	cases := []struct{ name, answer, chunk string }{
		{"a German participle against the infinitive", "Ihre Bestellung wird morgen geliefert [1].", "Wir liefern Ihre Bestellung morgen."},
		{"a German participle in -et against the infinitive", "Die Rechnung wird gesendet [1].", "Wir senden die Rechnung."},
		{"a Dutch participle after a separable prefix against the infinitive", "Het pakket is teruggestuurd [1].", "U kunt het pakket terugsturen."},
		{"a German verb against a compound of the chunk opening with its root", "Das Gerät saugt leise [1].", "Der Saugroboter ist ein leises Gerät."},
		{"a German participle against another tense opening with its root", "Der Kurier hat Ihr Paket gestern gebracht [1].", "Der Kurier brachte Ihr Paket gestern."},
		{"a German participle of a separable verb against the verb written apart", "Die Zahlung wurde gestern abgebucht [1].", "Wir buchen die Zahlung gestern ab. Die Zahlung wurde bestätigt."},
	}
	assertEveryWordFound(t, cases)
}

func TestStoplistsTellEveryStopwordAndNoOtherWord(t *testing.T) {
	s := newStoplists()
	for w, want := range s.mask {
		if got := s.of([]byte(w)); got != want {
			t.Errorf("stopword %q: languages %b, want %b", w, got, want)
		}
	}
	for _, w := range []string{"refund", "delivery", "rückgabe", "entrega", "a-very-long-compound-word-of-forty-bytes", "x"} {
		if got := s.of([]byte(w)); got != s.mask[w] {
			t.Errorf("%q: languages %b, want %b", w, got, s.mask[w])
		}
	}
}

// Short claims in a language close to another (Dutch and German, French
// and Spanish), read alike with their chunk, are judged by their own
// language's negation rules: a flip by "geen", "niet" or "no" fails, the
// faithful claim passes.
func TestShortClaimsOfCloseLanguages(t *testing.T) {
	assertFlips(t, []flipCase{
		{"a Dutch claim against geen fails", "Alle tarieven bevatten internet [1].", "Alle tarieven bevatten geen internet.", true},
		{"a Dutch claim with English names against geen fails",
			"Microsoft 365 Business Basic bevat Defender for Business [1].", "Microsoft 365 Business Basic bevat geen Defender for Business.", true},
		{"a Dutch claim against niet fails", "Alle tarieven bevatten internet [1].", "Alle tarieven bevatten niet internet.", true},
		{"a Spanish claim against no fails", "La tarifa cuesta 20 € al mes [1].", "La tarifa Básica no cuesta 20 € al mes.", true},
		{"a French claim against ne pas fails", "La garantie dure 2 ans [1].", "La garantie ne dure pas 2 ans.", true},
		{"the faithful Dutch claim passes", "Alle tarieven bevatten internet [1].", "Alle tarieven bevatten internet.", false},
	})
	for _, tc := range []struct{ name, answer, chunk string }{
		{"a faithful short French claim is auditable", "La garantie dure 2 ans [1].", "La garantie dure 2 ans à compter de l'achat."},
		{"a faithful French claim naming English products is auditable",
			"Le Samsung Galaxy Watch 6 Classic supporte Google Wallet [1].", "Le Samsung Galaxy Watch 6 Classic supporte Google Wallet et Samsung Pay."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := auditOneChunk(t, tc.answer, tc.chunk)
			if len(res.Findings) == 0 || res.Findings[0].Verdict != Supported {
				t.Errorf("want supported, got %+v", res.Findings)
			}
		})
	}
}

// A text read in one of two close languages that holds a negation cue of
// the other is read in the other, whatever detection made of it.
func TestCloseReading(t *testing.T) {
	for _, tc := range []struct{ name, text, read, want string }{
		{"geen read as German is Dutch", "Alle tarieven bevatten geen internet.", "de", "nl"},
		{"pas read as Spanish is French", "La garantie ne dure pas 2 ans.", "es", "fr"},
		{"kein read as German stays German", "Alle Pakete enthalten kein Roaming.", "de", "de"},
		{"an unsupported reading is left alone", "Alle tarieven bevatten geen internet.", "it", "it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := closeReading(tongueOf(tc.read), tc.text).code; got != tc.want {
				t.Errorf("closeReading(%s, %q) = %s, want %s", tc.read, tc.text, got, tc.want)
			}
		})
	}
}

// French words are found written with or without their accents where
// their stems are long enough.
func TestWordsAreFoundWithOrWithoutAccents(t *testing.T) {
	cases := []struct{ name, answer, chunk string }{
		{"a French name with its accent against one without", "Le temple de Ramsès fascine les visiteurs [1].", "Le temple de Ramses fascine les visiteurs."},
		{"a French capital without its accent against the accented word", "L'Etat finance le musée [1].", "L'état finance le musée."},
	}
	assertEveryWordFound(t, cases)
}

// A determiner of quantity weighs nothing in the similarity, as English's
// "some" and "several" do: the sentence's other words are all found.
func TestQuantifiersWeighNothing(t *testing.T) {
	cases := []struct{ name, answer, chunk string }{
		{"French certains", "Certains magasins acceptent les retours [1].", "Les magasins acceptent les retours."},
		{"German mehrere", "Mehrere Filialen nehmen Rücksendungen an [1].", "Die Filialen nehmen Rücksendungen an."},
		{"Spanish varias", "Varias tiendas aceptan devoluciones [1].", "Las tiendas aceptan devoluciones."},
		{"Dutch sommige", "Sommige winkels nemen de pakketten van klanten terug [1].", "De winkels nemen de pakketten van klanten terug."},
	}
	assertEveryWordFound(t, cases)
}

// assertEveryWordFound checks that each answer's words are all found in
// its chunk (token_overlap 1).
func assertEveryWordFound(t *testing.T, cases []struct{ name, answer, chunk string }) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := auditOneChunk(t, tc.answer, tc.chunk)
			if len(res.Findings) == 0 || res.Findings[0].TokenOverlap == nil {
				t.Fatal("no finding with a word overlap")
			}
			if got := float64(*res.Findings[0].TokenOverlap); got != 1 {
				t.Errorf("token_overlap %.2f, want 1", got)
			}
		})
	}
}
