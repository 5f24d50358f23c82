package audit

import "testing"

// How often a thing happens is a number: "une fois" against "deux fois",
// "einmal" against "zweimal", "once" against "twice" fail in every
// language; the same count reworded passes.
func TestHowOftenIsANumber(t *testing.T) {
	cases := []flipCase{
		{"une fois for deux fois fails in French",
			"Le détartrage est remboursé une fois par année civile [1].", "Le détartrage est remboursé deux fois par année civile.", true},
		{"una vez for dos veces fails in Spanish",
			"La limpieza dental se reembolsa una vez al año [1].", "La limpieza dental se reembolsa dos veces al año.", true},
		{"deux fois reworded passes in French",
			"Le détartrage est remboursé deux fois par année civile [1].", "Deux fois par année civile, le détartrage est remboursé.", false},
	}
	assertReason(t, "number_mismatch", cases)
	assertFlips(t, []flipCase{
		{"einmal for zweimal fails in German",
			"Eine professionelle Zahnreinigung wird einmal pro Kalenderjahr erstattet [1].", "Eine professionelle Zahnreinigung wird zweimal pro Kalenderjahr erstattet.", true},
		{"eenmaal for tweemaal fails in Dutch",
			"Het gebit wordt eenmaal per jaar gecontroleerd [1].", "Het gebit wordt tweemaal per jaar gecontroleerd.", true},
		{"once for twice fails in English",
			"Dental cleaning is covered once per calendar year [1].", "Dental cleaning is covered twice per calendar year.", true},
	})
}

// A duration the chunk names in one word is stated: "every three months"
// of "every quarter", "alle sechs Monate" of "halbjährlich"; another
// number of months is not, nor one where the chunk states durations too.
func TestADurationTheChunkNamesInAWord(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"every three months of every quarter passes",
			"We read your water meter every three months [1].", "We read your water meter every quarter.", false},
		{"alle sechs Monate of halbjährlich passes",
			"Die Heizung wird alle sechs Monate gewartet [1].", "Die Heizung wird halbjährlich gewartet.", false},
		{"every two weeks of fortnightly passes",
			"Bins are emptied every two weeks [1].", "Bins are emptied fortnightly.", false},
		{"every two months against every quarter fails",
			"We read your water meter every two months [1].", "We read your water meter every quarter.", true},
		{"a chunk that states another duration beside its quarter fails",
			"Readings are due every three months [1].", "Readings are due every 6 months; statements are quarterly.", true},
	})
}

// A count of times per year or week is the interval the chunk states:
// "deux fois par an" of "tous les six mois"; another count, or a count per
// another period, still fails on its number.
func TestTimesPerPeriodAsInterval(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"deux fois par an against tous les six mois passes in French", "Le ramonage de la chaudière est effectué deux fois par an [1].",
			"Le ramonage de la chaudière est effectué tous les six mois par notre technicien.", false},
		{"dos veces al año against cada seis meses passes in Spanish", "La revisión del extintor se hace dos veces al año [1].",
			"La revisión del extintor se hace cada seis meses en todas las oficinas.", false},
		{"4 mal im Jahr against alle drei Monate passes in German", "Die Heizungswartung erfolgt 4 mal im Jahr [1].",
			"Die Heizungswartung erfolgt alle drei Monate durch unseren Techniker.", false},
		{"four times a year against every three months passes its number in English", "We test the smoke alarms four times a year [1].",
			"We test the smoke alarms every three months in every flat.", false},
		{"dos veces al día against cada 12 horas passes in Spanish", "Tome 5 ml del jarabe dos veces al día [1].", "Tome 5 ml del jarabe cada 12 horas.", false},
		{"trois fois par an against tous les six mois fails in French", "Le ramonage de la chaudière est effectué trois fois par an [1].",
			"Le ramonage de la chaudière est effectué tous les six mois par notre technicien.", true},
		{"dos veces al mes against cada seis meses fails in Spanish", "La revisión del extintor se hace dos veces al mes [1].",
			"La revisión del extintor se hace cada seis meses en todas las oficinas.", true},
	})
}

// The reverse: a duration of the claim that is the interval of the
// chunk's count of times per year; "zweimal im Jahr" is no yearly rate
// against "halbjährlich", while "una vez al año" still is.
func TestIntervalAsTimesPerPeriod(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"tous les six mois against deux fois par an passes in French", "Le ramonage de la chaudière est effectué tous les six mois [1].",
			"Le ramonage de la chaudière est effectué deux fois par an par notre technicien.", false},
		{"elk half jaar against twee keer per jaar passes in Dutch", "Het onderhoud van de ketel gebeurt elk half jaar [1].",
			"Het onderhoud van de ketel gebeurt twee keer per jaar door onze monteur.", false},
		{"cada 12 horas against dos veces al día passes in Spanish", "Tome 5 ml del jarabe cada 12 horas [1].", "Tome 5 ml del jarabe dos veces al día.", false},
		{"cada 6 horas against dos veces al día fails in Spanish", "Tome 5 ml del jarabe cada 6 horas [1].", "Tome 5 ml del jarabe dos veces al día.", true},
		{"tous les quatre mois against deux fois par an fails in French", "Le ramonage de la chaudière est effectué tous les quatre mois [1].",
			"Le ramonage de la chaudière est effectué deux fois par an par notre technicien.", true},
	})
	assertFlips(t, []flipCase{
		{"halbjährlich against zweimal im Jahr passes in German", "Die Heizung wird halbjährlich gewartet [1].", "Die Heizung wird zweimal im Jahr gewartet.", false},
		{"cada semestre against una vez al año fails in Spanish", "Las pensiones se revalorizan cada semestre según el IPC [1].",
			"Las pensiones se revalorizan una vez al año, en enero, según el IPC.", true},
	})
}

// A percentage of the claim the chunk writes as a share in words passes;
// another still fails.
func TestPercentWrittenAsShare(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"50 % against die Hälfte passes in German", "Mitglieder zahlen 50 % des normalen Eintrittspreises [1].", "Mitglieder zahlen die Hälfte des normalen Eintrittspreises.", false},
		{"el 50 % against la mitad passes in Spanish", "Los socios pagan el 50 % del precio normal de la entrada [1].", "Los socios pagan la mitad del precio normal de la entrada.", false},
		{"50% against half passes in English", "Members pay 50% of the normal entry price [1].", "Members pay half the normal entry price.", false},
		{"25 % against die Hälfte fails in German", "Mitglieder zahlen 25 % des normalen Eintrittspreises [1].", "Mitglieder zahlen die Hälfte des normalen Eintrittspreises.", true},
	})
}

// "ein Viertel" in a chunk about a share of the costs is 25 %.
func TestQuarterWrittenAsShareInGerman(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"25 % against ein Viertel der Kosten passes in German", "Die Kasse übernimmt 25 % der Kosten [1].", "Die Kasse übernimmt ein Viertel der Kosten.", false},
		{"30 % against ein Viertel der Kosten fails in German", "Die Kasse übernimmt 30 % der Kosten [1].", "Die Kasse übernimmt ein Viertel der Kosten.", true},
	})
}

// A count of times per period against "every n units" at another rate is
// a number mismatch in every language; the same rate passes.
func TestRateAgainstEvery(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"twice a day against every two days fails in English", "Apply the cream twice a day [1].", "Apply the cream every two days.", true},
		{"zweimal täglich against alle zwei Tage fails in German", "Tragen Sie die Salbe zweimal täglich auf [1].", "Tragen Sie die Salbe alle zwei Tage auf.", true},
		{"tweemaal per dag against om de twee dagen fails in Dutch", "Breng de zalf tweemaal per dag aan [1].", "Breng de zalf om de twee dagen aan.", true},
		{"trois fois par jour against tous les deux jours fails in French", "Appliquez la crème trois fois par jour [1].", "Appliquez la crème tous les trois jours.", true},
		{"twice a week against every other week fails in English", "Take one tablet twice a week [1].", "Take one tablet every other week.", true},
		{"twice a day against three times a day fails in English", "Apply the cream twice a day [1].", "Apply the cream three times a day.", true},
		{"twice a year against once or twice a year passes in English", "You can change your tariff twice a year [1].", "You can change your tariff once or twice a year.", false},
		{"twice a day against every 12 hours passes in English", "Apply the cream twice a day [1].", "Apply the cream twice a day, every 12 hours.", false},
		{"once a week against every seven days passes in English", "Take the capsule once a week with water [1].", "Take the capsule every seven days with water.", false},
	})
}

// A count of times written with a number is the count the chunk writes in
// one word for the same period: "twee keer per jaar" of "tweemaal per
// jaar", "zwei Mal im Jahr" of "zweimal im Jahr", "two times a year" of
// "twice a year"; another count, or the count per another period, fails.
func TestTimesWithANumberOfTimesInAWord(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"één keer per jaar of eenmaal per jaar passes",
			"Wij lezen de meter één keer per jaar af [1].", "Wij lezen de meterstand eenmaal per jaar af.", false},
		{"zwei Mal im Jahr of zweimal im Jahr passes",
			"Wir lesen den Zähler zwei Mal im Jahr ab [1].", "Wir lesen den Zählerstand zweimal im Jahr ab.", false},
		{"two times a year of twice a year passes",
			"We read the meter two times a year [1].", "We read the meter twice a year.", false},
		{"three times a year against twice a year fails",
			"We read the meter three times a year [1].", "We read the meter twice a year.", true},
		{"twee keer per maand against tweemaal per jaar fails",
			"Wij lezen de meter twee keer per maand af [1].", "Wij lezen de meterstand tweemaal per jaar af.", true},
		{"two times a year against twice a month fails",
			"We read the meter two times a year [1].", "We read the meter twice a month.", true},
	})
}
