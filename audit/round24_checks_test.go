package audit

import "testing"

// "Most" is a quantifier against "all" in English as "de meeste" is in
// Dutch: "All rooms have a balcony" against "Most rooms have a balcony"
// fails. "Most" as a superlative ("the most popular") or a bound ("at
// most") is no quantifier, and "most" said as the chunk says it passes.
func TestMostAgainstAll(t *testing.T) {
	const most = "Most rooms have a balcony with a view of the sea."
	assertUnsupported(t, []flipCase{
		{"all against most fails", "All rooms have a balcony [1].", most, true},
		{"every against most fails", "Every room has a balcony [1].", most, true},
		{"alle against de meeste fails", "Alle kamers hebben een balkon [1].", "De meeste kamers hebben een balkon.", true},
		{"most as the chunk says passes", "Most of the rooms have a balcony [1].", most, false},
		{"the most popular passes", "The Pro plan is the most popular plan [1].",
			"All plans include email support. The Pro plan is the most popular plan.", false},
		{"at most passes", "You can add at most three devices [1].",
			"You can add at most three devices. All devices must be registered.", false},
	})
}

// A one-off amount is no amount per period: "a one-off fee" against "€15
// per day" fails either way round in English, Dutch and German; a one-off
// amount the chunk gives so passes.
func TestOneOffAgainstPerPeriod(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"one-off against per day fails", "Cleaning costs a one-off fee of €15 [1].", "Cleaning costs €15 per day.", true},
		{"per day against one-off fails", "Cleaning costs €15 per day [1].", "Cleaning costs a one-off fee of €15.", true},
		{"eenmalig against per dag fails", "De schoonmaak kost eenmalig € 15 [1].", "De schoonmaak kost € 15 per dag.", true},
		{"einmalig against pro Tag fails", "Die Endreinigung kostet einmalig 15 € [1].", "Die Endreinigung kostet 15 € pro Tag.", true},
		{"one-time as the chunk says passes", "Cleaning costs a one-time fee of €15 [1].", "A one-time cleaning fee of €15 applies.", false},
		{"eenmalig as the chunk says passes", "De schoonmaak kost eenmalig € 15 [1].", "U betaalt eenmalig € 15 voor de schoonmaak.", false},
		{"the monthly fee beside a one-off one passes", "You pay a monthly fee of €10 [1].",
			"There is a one-off activation fee of €30 and a monthly fee of €10.", false},
	})
}
