package audit

import (
	"context"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// refusalCase is an answer that cites nothing, and whether the audit must
// count it as an honest refusal; if not, the sentence it must report as
// an uncited claim.
type refusalCase struct {
	name, answer string
	refusal      bool
	uncited      string
}

// Natural refusals in the five languages are refusals, not uncited
// claims; a sentence that only sounds like one states a fact.
func TestNaturalRefusalsAreRefusals(t *testing.T) {
	runRefusalCases(t, []refusalCase{
		{name: "an English I don't know", answer: "I don't know.", refusal: true},
		{name: "an English apology and I don't know that", answer: "Sorry, I don't know that.", refusal: true},
		{name: "a Dutch sorry, I don't know", answer: "Sorry, dat weet ik helaas niet.", refusal: true},
		{name: "a Dutch I don't know it", answer: "Ik weet het niet.", refusal: true},
		{name: "a Dutch I can tell you nothing about it", answer: "Daarover kan ik u helaas niets vertellen.", refusal: true},
		{name: "a Dutch that is not in my information", answer: "Dat staat niet in de informatie die ik heb.", refusal: true},
		{name: "a German I don't know that", answer: "Das weiß ich leider nicht.", refusal: true},
		{name: "a German I can give no information", answer: "Leider kann ich Ihnen hierzu keine Auskunft geben.", refusal: true},
		{name: "a German I have no reliable source", answer: "Dazu habe ich leider keine verlässliche Quelle.", refusal: true},
		{name: "a German apology then I don't know", answer: "Es tut mir leid, aber das weiß ich nicht.", refusal: true},
		{name: "a French I don't know", answer: "Je ne sais pas.", refusal: true},
		{name: "a French apology and I don't know it", answer: "Désolé, je ne le sais pas.", refusal: true},
		{name: "a Spanish I don't know it", answer: "No lo sé.", refusal: true},
		{name: "a Spanish apology and I don't know it", answer: "Lo siento, no lo sé.", refusal: true},
		{name: "a Dutch I cannot find that in the terms", answer: "Dat kan ik helaas niet terugvinden in de voorwaarden.", refusal: true},
		{name: "a French I did not find this information", answer: "Désolée, je n'ai pas trouvé cette information dans nos documents.", refusal: true},
		{name: "a Dutch refusal, then contact an adviser", answer: "Daarover heb ik geen informatie. Neem contact op met een adviseur.", refusal: true},
		{name: "a Belgian Dutch refusal, then contact customer service", answer: "Daar heb ik helaas geen informatie over. Neem contact op met onze klantendienst.", refusal: true},
		{name: "an Austrian refusal, then ask the adviser", answer: "Dazu habe ich leider keine Informationen. Bitte wenden Sie sich an Ihren Berater.", refusal: true},
		{name: "a Spanish refusal, then contact the branch", answer: "Lo siento, no tengo información sobre eso. Póngase en contacto con su oficina.", refusal: true},
		{name: "a German sentence saying what I know is a claim", answer: "Ich weiß, dass die Lieferung drei Werktage dauert.",
			uncited: "Ich weiß, dass die Lieferung drei Werktage dauert."},
		{name: "a Dutch sentence saying I know it for sure is a claim", answer: "Dat weet ik zeker: retourneren kan binnen 30 dagen.",
			uncited: "Dat weet ik zeker: retourneren kan binnen 30 dagen."},
		{name: "an English sentence about knowing no cheaper shop is a claim", answer: "I don't know of any shop that sells the X200 for less than 99 euros.",
			uncited: "I don't know of any shop that sells the X200 for less than 99 euros."},
	})
}

// A refusal is a refusal only when nothing else in its sentence states a
// fact: a made-up fact after "but", "aber", "maar", "mais" or "pero", in
// a clause of its own, or a phone number to call, is a claim to audit.
func TestARefusalWithAClaimBesideItIsAnAnswer(t *testing.T) {
	runRefusalCases(t, []refusalCase{
		{name: "an English refusal, but a store's hours",
			answer:  "I don't have information about that, but our Bristol store is closed on Sundays.",
			uncited: "I don't have information about that, but our Bristol store is closed on Sundays."},
		{name: "an English I don't know, but an opening time",
			answer:  "I don't know, but our Leeds shop opens at 10 am.",
			uncited: "I don't know, but our Leeds shop opens at 10 am."},
		{name: "an English claim before the refusal",
			answer:  "Our Bristol store is closed on Sundays, but I don't have information about public holidays.",
			uncited: "Our Bristol store is closed on Sundays, but I don't have information about public holidays."},
		{name: "an English refusal, then a claim after a semicolon",
			answer:  "I don't have information about that; our Bristol store closes at 6 pm.",
			uncited: "I don't have information about that; our Bristol store closes at 6 pm."},
		{name: "an English refusal, then a claim after a comma, with a number",
			answer:  "I don't know, the delivery takes 5 working days.",
			uncited: "I don't know, the delivery takes 5 working days."},
		{name: "a German refusal, aber a branch's closing day",
			answer:  "Dazu habe ich keine Informationen, aber unsere Filiale in Hamburg ist sonntags geschlossen.",
			uncited: "Dazu habe ich keine Informationen, aber unsere Filiale in Hamburg ist sonntags geschlossen."},
		{name: "a Dutch refusal, maar a shop's closing day",
			answer:  "Daarover heb ik geen informatie, maar onze winkel in Utrecht is op maandag gesloten.",
			uncited: "Daarover heb ik geen informatie, maar onze winkel in Utrecht is op maandag gesloten."},
		{name: "a Dutch refusal, then a phone number to call",
			answer:  "Daar heb ik helaas geen informatie over. Neem contact op met onze klantenservice via 030-7654321.",
			uncited: "Neem contact op met onze klantenservice via 030-7654321."},
		{name: "a French refusal, mais a closing time",
			answer:  "Je n'ai pas d'information à ce sujet, mais notre magasin de Lyon ferme à 19 h.",
			uncited: "Je n'ai pas d'information à ce sujet, mais notre magasin de Lyon ferme à 19 h."},
		{name: "a Spanish refusal, pero an opening time",
			answer:  "No tengo información sobre eso, pero nuestra tienda de Madrid abre a las 10.",
			uncited: "No tengo información sobre eso, pero nuestra tienda de Madrid abre a las 10."},
	})
}

// What a refusal adds without stating a fact keeps it a refusal: the
// rest of its own phrase, an apology, a referral without a number to
// call, an offer of help.
func TestARefusalWithNothingBesideItStaysARefusal(t *testing.T) {
	runRefusalCases(t, []refusalCase{
		{name: "an English refusal naming what it does not know", answer: "I don't have information about the opening hours of our Bristol store.", refusal: true},
		{name: "an English refusal, but the support team can help", answer: "I don't have information about that, but our support team can help you.", refusal: true},
		{name: "an English apology, but I don't know", answer: "I'm sorry, but I don't know.", refusal: true},
		{name: "an English refusal, but an offer of help", answer: "I don't know, but I'd be happy to help with anything else.", refusal: true},
		{name: "an English refusal listing years", answer: "I don't have information about the prices for 2024, 2025 or 2026.", refusal: true},
		{name: "a Dutch refusal listing what it does not know", answer: "Ik heb geen informatie over de openingstijden, de prijzen van de abonnementen of de voorraad.", refusal: true},
		{name: "an English apology with an adverb, but I don't know", answer: "I'm really sorry, but I don't know.", refusal: true},
		{name: "a French apology with an adverb, mais I don't know", answer: "Je suis vraiment désolé, mais je ne sais pas.", refusal: true},
		{name: "a German apology with an adverb, aber I don't know", answer: "Es tut mir sehr leid, aber das weiß ich nicht.", refusal: true},
		{name: "a Dutch refusal, maar an offer of help", answer: "Dat weet ik helaas niet, maar ik help u graag met andere vragen.", refusal: true},
		{name: "a German refusal, aber an offer of help", answer: "Das weiß ich leider nicht, aber ich helfe Ihnen gerne bei anderen Fragen.", refusal: true},
		{name: "a Dutch refusal, maar customer service can help", answer: "Daarover heb ik geen informatie, maar de klantenservice kan u verder helpen.", refusal: true},
		{name: "a Dutch refusal, then contact customer service", answer: "Daarover heb ik geen informatie. Neem contact op met de klantenservice.", refusal: true},
		{name: "a German refusal, aber customer service helps", answer: "Dazu habe ich keine Informationen, aber unser Kundenservice hilft Ihnen gerne weiter.", refusal: true},
		{name: "a French refusal, mais the support can help", answer: "Je n'ai pas d'information à ce sujet, mais notre service client peut vous aider.", refusal: true},
		{name: "a Spanish refusal, pero the support team can help", answer: "No tengo información sobre eso, pero nuestro equipo de soporte puede ayudarle.", refusal: true},
	})
}

func runRefusalCases(t *testing.T, cases []refusalCase) {
	t.Helper()
	chunk := readers.Chunk{ID: "1", Text: "Returns are accepted within 30 days. Retourneren kan binnen 30 dagen.", Score: score(0.9)}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := plainAuditor().Audit(context.Background(), record(tc.answer, chunk))
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Answers[0].Status == Refusal; got != tc.refusal {
				t.Fatalf("%q: refusal %v, want %v (status %s, findings %d)", tc.answer, got, tc.refusal, res.Answers[0].Status, len(res.Findings))
			}
			if tc.refusal {
				if len(res.Findings) != 0 {
					t.Errorf("a refusal with findings: %+v", res.Findings)
				}
				return
			}
			found := false
			for _, f := range res.Findings {
				found = found || f.Sentence == tc.uncited && f.Verdict == Uncited
			}
			if !found {
				var got []string
				for _, f := range res.Findings {
					got = append(got, f.Verdict+": "+f.Sentence)
				}
				t.Errorf("want %q reported as uncited, got %q", tc.uncited, got)
			}
		})
	}
}
