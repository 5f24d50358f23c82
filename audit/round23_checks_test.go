package audit

import "testing"

// A thing named by a common word made a name, "the Team plan", is another
// thing than the window's "Business plan" where the chunk never says
// "Team": the English tagger reads "Team" as no proper noun. Naming the
// window's plan, a plan the chunk names elsewhere, a weekday and a
// sentence that names both pass.
func TestACommonWordNameOfAnotherPlan(t *testing.T) {
	const en = "Phone support is only included in the Business plan. All plans include email support."
	const both = "Phone support is included in the Team plan and the Business plan."
	assertUnsupported(t, []flipCase{
		{"the Team plan fails", "Phone support is included in the Team plan [1].", en, true},
		{"the Family tier fails", "Phone support is only included in the Family tier [1].",
			"Phone support is only included in the Business tier.", true},
		{"the Business plan passes", "Phone support is included in the Business plan [1].", en, false},
		{"a plan the chunk names passes", "Phone support is included in the Team plan [1].", both, false},
		{"both plans named passes", "Phone support is included in the Team and Business plans [1].", both, false},
		{"a weekday in a range passes", "The shop is open on Tuesday mornings [1].",
			"The shop is open Monday to Friday mornings from 9 am.", false},
	})
}

// A day inside a range of days the chunk gives is no other day: "open on
// Tuesdays" against "open Monday to Friday" passes in every language; a
// day outside the range, or against two days listed with "and", fails.
func TestADayInsideARangeOfDays(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"Tuesday in Monday to Friday passes", "The shop is open on Tuesday mornings [1].",
			"The shop is open Monday to Friday mornings from 9 am.", false},
		{"Sunday outside Monday to Friday fails", "The shop is open on Sundays [1].", "The shop is open from Monday to Friday.", true},
		{"Tuesday against Monday and Friday fails", "The shop is open on Tuesdays [1].", "The shop is open on Monday and Friday.", true},
		{"dienstags in Montag bis Freitag passes", "Der Laden ist dienstags geöffnet [1].", "Der Laden ist von Montag bis Freitag geöffnet.", false},
		{"sonntags outside Montag bis Freitag fails", "Der Laden ist sonntags geöffnet [1].", "Der Laden ist von Montag bis Freitag geöffnet.", true},
		{"dinsdag in maandag tot en met vrijdag passes", "De winkel is op dinsdag open [1].", "De winkel is open van maandag tot en met vrijdag.", false},
		{"mardi in du lundi au vendredi passes", "La boutique est ouverte le mardi [1].", "La boutique est ouverte du lundi au vendredi.", false},
		{"mardi against lundi et vendredi fails", "La boutique est ouverte le mardi [1].", "La boutique est ouverte le lundi et le vendredi.", true},
		{"martes in de lunes a viernes passes", "La tienda abre los martes [1].", "La tienda abre de lunes a viernes.", false},
		{"domingo outside de lunes a viernes fails", "La tienda abre los domingos [1].", "La tienda abre de lunes a viernes.", true},
	})
}
