package audit

import "testing"

// A two the claim writes ("the two accounts") is stated by the chunk's
// word for two of the same thing ("both accounts", [both]), in every
// language, and only of that thing; and a value a part between
// semicolons gives another named thing ("La Cuenta Online … 5 €") is no
// rival of the claim's thing's ("La Cuenta Clásica … 8 €").
func TestBothAndNamedSubjects(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"English: the two accounts of both accounts",
			"Holders under 26 pay no fee on the two accounts [1].", "Holders under 26 pay no fee on both accounts.", 0, Supported, "", "en", ""},
		{"German: die zwei Konten of beide Konten",
			"Unter 26 zahlen Sie für die zwei Konten keine Gebühr [1].", "Kunden unter 26 zahlen für beide Konten keine Gebühr.", 0, Supported, "", "de", ""},
		{"Spanish: las dos cuentas of ambas cuentas",
			"Los menores de 26 años no pagan comisión en las dos cuentas [1].", "Los menores de 26 años no pagan comisión en ambas cuentas.", 0, Supported, "", "es", ""},
		{"Dutch: beide of another thing is no two of the claim's",
			"De twee abonnementen kosten € 10 per maand [1].", "Beide gebruikers betalen € 10 per maand voor het abonnement.", 0, Unsupported, "number_mismatch", "nl", ""},
		{"Spanish: another named account's value in a part of its own",
			"La Cuenta Clásica cuesta 8 euros al mes [1].",
			"La Cuenta Online cuesta 5 € al mes; con nómina es gratis. La Cuenta Clásica cuesta 8 € al mes, sin condiciones.", 0, Supported, "", "es", ""},
		{"Spanish: the same named account's other value in a part of its own still fails",
			"La Cuenta Clásica cuesta 5 euros al mes [1].",
			"La Cuenta Online cuesta 5 € al mes; la Cuenta Clásica cuesta 8 € al mes.", 0, Unsupported, "number_mismatch", "es", ""},
	})
}

// Faithful paraphrases that kept the meaning in other words: a condition
// restated by its figure ("hecha antes de las 15:00" of "si se ordenan
// antes de las 15:00"), a compound the window also writes apart
// ("jaarbetaling" beside "jaarlijkse betaling" and "maandelijkse
// betaling").
func TestParaphrasesKeepingTheMeaning(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"Spanish: a condition restated by its figure",
			"Una transferencia SEPA ordinaria hecha antes de las 15:00 llega al día hábil siguiente [1].",
			"Las transferencias SEPA ordinarias llegan al día hábil siguiente si se ordenan antes de las 15:00. Las transferencias inmediatas llegan en menos de 10 segundos.", 0, Supported, "", "es", ""},
		{"Spanish: the condition dropped still fails",
			"Una transferencia SEPA ordinaria llega al día hábil siguiente [1].",
			"Las transferencias SEPA ordinarias llegan al día hábil siguiente si se ordenan antes de las 15:00.", 0, Unsupported, "negation_mismatch", "es", ""},
		{"Dutch: a compound the window also writes apart",
			"Starter kost bij jaarbetaling € 12 per gebruiker per maand [1].",
			"Het Starter-abonnement kost € 12 per gebruiker per maand bij jaarlijkse betaling; bij maandelijkse betaling is dat € 15.", 0, Supported, "", "nl", ""},
	})
}

// A value the chunk states only in a sentence about something else,
// where the sentence holding all but one of the claim's words states
// another of its kind, is not stated of the claim's thing.
func TestAnotherValueOfTheSentenceAboutTheClaim(t *testing.T) {
	const de = "Die gesetzliche Gewährleistung beträgt zwei Jahre ab Lieferung. Zusätzlich gewähren manche Hersteller eine freiwillige Garantie. Tritt ein Mangel in den ersten zwölf Monaten auf, wird vermutet, dass er bereits bei Lieferung vorlag."
	checkLanguageCases(t, []languageCase{
		{"German: two years of the warranty said of the presumption",
			"In den ersten zwei Jahren nach Lieferung wird vermutet, dass ein Mangel schon bei Lieferung vorlag [1].", de, 0, Unsupported, "number_mismatch", "de", ""},
		{"German: twelve months of the presumption passes",
			"In den ersten zwölf Monaten nach Lieferung wird vermutet, dass ein Mangel schon bei Lieferung vorlag [1].", de, 0, Supported, "", "de", ""},
	})
}

// A limit in words is an upper bound as "up to" is ("a limit of €500",
// "eine Obergrenze von 500 €" against "bis zu 500 €"), and a number in
// words takes its multiplier and currency ("two million euros" of
// "€2,000,000"), in English as in the other languages.
func TestBoundsAndMultipliersInWords(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"English: a limit of", "There is a limit of €500 for dental treatment [1].", "Dental treatment is covered up to €500.", 0, Supported, "", "en", ""},
		{"English: a plain figure against up to still fails", "Dental treatment costs €500 [1].", "Dental treatment is covered up to €500.", 0, Unsupported, "number_mismatch", "en", ""},
		{"German: Obergrenze von", "Zahnbehandlungen sind mit einer Obergrenze von 500 € versichert [1].", "Zahnbehandlungen sind bis zu 500 € versichert.", 0, Supported, "", "de", ""},
		{"English: three million euros fails", "Medical costs are covered up to three million euros per person [1].", "Medical costs are covered up to €2,000,000 per person.", 0, Unsupported, "number_mismatch", "en", ""},
	})
	// Numbers in words lower the word scores (README's known misses); the
	// number check itself agrees.
	res := auditOneChunk(t, "Medical costs are covered up to two million euros per person [1].", "Medical costs are covered up to €2,000,000 per person.")
	if f := res.Findings[0]; len(f.NumbersMissing) > 0 {
		t.Errorf("two million euros of €2,000,000: numbers missing %q", f.NumbersMissing)
	}
}

// A figure counted per a noun with a modifier ("per insured person",
// "pro versicherter Person") is counted per the noun; per another noun
// still fails.
func TestCountedPerAModifiedNoun(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"English: per insured person of per person", "We reimburse cancellation costs up to €3,000 per insured person [1].",
			"The policy reimburses cancellation costs up to €3,000 per person.", 0, Supported, "", "en", ""},
		{"English: per person of per insured person", "We reimburse cancellation costs up to €3,000 per person [1].",
			"The policy reimburses cancellation costs up to €3,000 per insured person.", 0, Supported, "", "en", ""},
		{"German: pro versicherter Person of pro Person", "Wir erstatten Stornokosten bis zu 3.000 € pro versicherter Person [1].",
			"Die Reiserücktrittsversicherung erstattet die Stornokosten bis zu 3.000 € pro Person.", 0, Supported, "", "de", ""},
		{"English: per booking of per insured person fails", "We reimburse cancellation costs up to €3,000 per booking [1].",
			"The policy reimburses cancellation costs up to €3,000 per insured person.", 0, Unsupported, "number_mismatch", "en", ""},
	})
}

// A sentence giving one figure "with X" and another "without" at its
// clause's end gives the second to the case without X: the figure of the
// other case fails, the case's own passes, in every language.
func TestWithAndWithoutAtTheClauseEnd(t *testing.T) {
	const de = "Im Fernverkehr können Sie drei Gepäckstücke kostenlos mitnehmen. Die Fahrradkarte kostet im Fernverkehr 9,90 € mit BahnCard und 13,90 € ohne. Zusammengeklappte Falträder gelten als Handgepäck."
	const en = "The bike ticket costs €9.90 with a BahnCard and €13.90 without."
	checkLanguageCases(t, []languageCase{
		{"German: mit BahnCard given the figure without it fails", "Mit BahnCard kostet die Fahrradkarte im Fernverkehr 13,90 € [1].", de, 0, Unsupported, "number_mismatch", "de", ""},
		{"German: ohne BahnCard with its figure passes", "Ohne BahnCard kostet die Fahrradkarte im Fernverkehr 13,90 € [1].", de, 0, Supported, "", "de", ""},
		{"German: mit BahnCard with its figure passes", "Mit BahnCard kostet die Fahrradkarte im Fernverkehr 9,90 € [1].", de, 0, Supported, "", "de", ""},
		{"German: ohne BahnCard given the figure with it fails", "Ohne BahnCard kostet die Fahrradkarte im Fernverkehr 9,90 € [1].", de, 0, Unsupported, "number_mismatch", "de", ""},
		{"English: with a BahnCard given the figure without it fails", "With a BahnCard the bike ticket costs €13.90 [1].", en, 0, Unsupported, "number_mismatch", "en", ""},
		{"English: without a BahnCard with its figure passes", "Without a BahnCard the bike ticket costs €13.90 [1].", en, 0, Supported, "", "en", ""},
		{"Spanish: con Tarjeta given the figure without it fails", "Con Tarjeta el billete de bicicleta cuesta 13,90 € [1].", "El billete de bicicleta cuesta 9,90 € con Tarjeta y 13,90 € sin.", 0, Unsupported, "number_mismatch", "es", ""},
	})
}

// The event a claim's period runs from is part of the figure: a period
// of the chunk's sentence about another act, said of the act whose own
// sentence gives another period, fails ("report the theft to the police
// within 30 days of returning home" against "Claims … within 30 days of
// returning home. Theft … to the local police within 24 hours").
func TestAPeriodOfAnotherActWithItsEvent(t *testing.T) {
	const en = "Claims must be submitted within 30 days of returning home. Theft of baggage must be reported to the local police within 24 hours, and you must obtain a written police report."
	checkLanguageCases(t, []languageCase{
		{"the claims' period said of the police report fails", "You must report the theft to the local police within 30 days of returning home [1].", en, 0, Unsupported, "number_mismatch", "en", ""},
		{"the claims' period said of claims passes", "Claims must be submitted within 30 days of returning home [1].", en, 0, Supported, "", "en", ""},
		{"the police report's period passes", "You must report a theft to the local police within 24 hours [1].", en, 0, Supported, "", "en", ""},
	})
}

// A clause that says nothing but a word and figures goes on about the
// subject of the clause before it ("… Monday to Friday from 7:00 to 22:30
// and on Saturdays from 9:00 to 14:00"), and a clause after an exception
// saying what holds for it states the claim made of it.
func TestEllipticalClausesAndWhatAnExceptionHolds(t *testing.T) {
	const en = "The clubs open Monday to Friday from 7:00 to 22:30 and on Saturdays from 9:00 to 14:00."
	const es = "Los centros abren de lunes a viernes de 7:00 a 22:30 y los sábados de 9:00 a 14:00. Los domingos están cerrados, salvo en julio y agosto, cuando abren los domingos de 9:00 a 13:00."
	checkLanguageCases(t, []languageCase{
		{"English: Saturday's hours as the sentence gives them", "On Saturdays the clubs open from 9:00 to 14:00 [1].", en, 0, Supported, "", "en", ""},
		{"English: weekday hours said of Saturday fail", "On Saturdays the clubs open from 7:00 to 22:30 [1].", en, 0, Unsupported, "number_mismatch", "en", ""},
		{"Spanish: Saturday's hours as the sentence gives them", "Los sábados los centros abren de 9:00 a 14:00 [1].", es, 0, Supported, "", "es", ""},
		{"Spanish: what holds in the excepted months", "En julio y agosto los centros abren los domingos de 9:00 a 13:00 [1].", es, 0, Supported, "", "es", ""},
		{"Spanish: the rule said of the excepted months fails", "En julio y agosto los centros están cerrados los domingos [1].", es, 0, Unsupported, "negation_mismatch", "es", ""},
	})
}

// "per X and Y" counts per Y only where Y ends the list: "par mois et
// donne accès" is a verb and its object, not a count per "donne".
func TestPerListEndsBeforeAVerb(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"French: par mois et donne accès", "La formule Liberté coûte 34,90 € par mois et donne accès à tous les clubs [1].",
			"La formule Liberté à 34,90 € par mois donne accès à tous les clubs, sans restriction horaire.", 0, Supported, "", "fr", ""},
		{"Spanish: por persona y noche still needs the night", "La habitación cuesta 80 € por persona y noche [1].",
			"La habitación cuesta 80 € por persona.", 0, Unsupported, "number_mismatch", "es", ""},
	})
}
