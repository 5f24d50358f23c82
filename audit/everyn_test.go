package audit

import "testing"

// "every week" where the chunk says "every two weeks" states another
// count in every language; the same frequency, or a count of the unit
// elsewhere in the chunk, passes.
func TestEveryUnitAgainstEveryNUnits(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"every week for every two weeks fails in English",
			"Backups run every week [1].", "Backups run every two weeks. You can restore any backup.", true},
		{"jede Woche for alle zwei Wochen fails in German",
			"Die Sicherung läuft jede Woche [1].", "Die Sicherung läuft alle zwei Wochen. Sie können jede Sicherung wiederherstellen.", true},
		{"elke week for elke twee weken fails in Dutch",
			"De reservekopie van uw bestanden wordt elke week gemaakt [1].", "De reservekopie van uw bestanden wordt elke twee weken gemaakt. U kunt elke kopie terugzetten.", true},
		{"chaque année for tous les deux ans fails in French",
			"Le contrôle technique a lieu chaque année [1].", "Le contrôle technique a lieu tous les deux ans. Il coûte 80 euros.", true},
		{"cada año for cada dos años fails in Spanish",
			"La revisión se hace cada año [1].", "La revisión se hace cada dos años. Cuesta 80 euros.", true},
		{"the same frequency passes with a count of the unit elsewhere",
			"Backups run every week [1].", "Backups run every week. You can restore backups from the last 2 weeks.", false},
	})
}

// "every other week", Dutch "om de twee weken" and one-word frequencies
// ("biweekly", "vierzehntäglich") are every two weeks too.
func TestEveryWeekAgainstEveryOtherWeek(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"every week for every other week fails in English",
			"Backups are made every week [1].", "Backups are made every other week.", true},
		{"elke week for om de twee weken fails in Dutch",
			"De nieuwsbrief verschijnt elke week [1].", "De nieuwsbrief verschijnt om de twee weken.", true},
		{"om de twee weken for om de twee weken passes",
			"De nieuwsbrief verschijnt om de twee weken [1].", "De nieuwsbrief verschijnt om de twee weken.", false},
		{"chaque semaine for tous les quinze jours fails in French",
			"La newsletter paraît chaque semaine [1].", "La newsletter paraît tous les quinze jours.", true},
		{"cada semana for cada quince días fails in Spanish",
			"El boletín se envía cada semana [1].", "El boletín se envía cada quince días.", true},
		{"every week for every 7 days passes",
			"Backups are made every week [1].", "Backups are made every 7 days.", false},
		{"every month for every 4 weeks passes",
			"Statements are sent every month [1].", "Statements are sent every 4 weeks.", false},
		{"every other week for every second week passes",
			"Backups are made every other week [1].", "Backups are made every second week.", false},
	})
	assertReason(t, "negation_mismatch", []flipCase{
		{"weekly for biweekly fails in English",
			"Payroll runs weekly [1].", "Payroll runs biweekly.", true},
		{"wöchentlich for vierzehntäglich fails in German",
			"Der Müll wird wöchentlich abgeholt [1].", "Der Müll wird vierzehntäglich abgeholt.", true},
		{"wekelijks for tweewekelijks fails in Dutch",
			"Het afval wordt wekelijks opgehaald [1].", "Het afval wordt tweewekelijks opgehaald.", true},
		{"fortnightly for biweekly passes",
			"Payroll runs fortnightly [1].", "Payroll runs biweekly.", false},
	})
}
