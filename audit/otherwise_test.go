package audit

import "testing"

// What a chunk's sentence says after "otherwise" holds where the part
// before it does not: a claim stating it under that part's opposite
// passes, under the part itself it fails, whichever polarity the part has.
func TestOtherwiseCase(t *testing.T) {
	const (
		en = "The ground for the assembly must be prepared by the customer; otherwise a call-out fee of €79 is charged."
		de = "Der Untergrund für die Montage muss vom Kunden vorbereitet sein; andernfalls wird eine Anfahrtspauschale von 79 € berechnet."
		fr = "Le sol doit être préparé par le client ; sinon, des frais de déplacement de 79 € sont facturés."
		no = "The card must not be shared with anyone; otherwise it is blocked."
	)
	assertFlips(t, []flipCase{
		{"if not prepared passes in English", "If the ground is not prepared by the customer, we charge a call-out fee of €79 [1].", en, false},
		{"if prepared fails in English", "If the ground is prepared by the customer, we charge a call-out fee of €79 [1].", en, true},
		{"wenn nicht vorbereitet passes in German", "Wenn der Untergrund nicht vom Kunden vorbereitet ist, stellen wir eine Anfahrtspauschale von 79 € in Rechnung [1].", de, false},
		{"si pas préparé passes in French", "Si le sol n'est pas préparé par le client, nous facturons des frais de déplacement de 79 € [1].", fr, false},
		{"si préparé fails in French", "Si le sol est préparé par le client, nous facturons des frais de déplacement de 79 € [1].", fr, true},
		{"a denied part: if shared passes", "If the card is shared, it is blocked [1].", no, false},
		{"a denied part: if not shared fails", "If the card is not shared, it is blocked [1].", no, true},
	})
}

// The rule decides the condition only: a claim whose condition is right
// but whose main clause is denied or turned still fails, and a condition
// said in other words than the part before "otherwise" ("is missing",
// "is late", "fails to") is left to the other checks, which pass it.
func TestOtherwiseCaseLeavesTheRestToTheOtherChecks(t *testing.T) {
	const en = "The ground for the assembly must be prepared by the customer; otherwise a call-out fee of €79 is charged."
	assertUnsupported(t, []flipCase{
		{"a denied main clause fails", "If the ground is not prepared by the customer, we do not charge a call-out fee of €79 [1].", en, true},
		{"a main clause turned in other words fails", "If the ground is not prepared by the customer, the call-out is free [1].", en, true},
		{"a denied fee fails", "If invoices are not paid within 14 days, no fee is charged [1].", "Invoices must be paid within 14 days; otherwise a fee of €5 is charged.", true},
		{"is missing for bring passes", "If your receipt is missing, we can only offer store credit [1].", "Please bring your receipt; otherwise we can only offer store credit.", false},
		{"is late for is due passes", "If a payment is late, a late fee of €5 is charged [1].", "Payment is due by the 5th of each month; otherwise a late fee of €5 is charged.", false},
		{"fails to prepare passes", "If the customer fails to prepare the ground, we charge a call-out fee of €79 [1].", en, false},
	})
}
