package lang_test

import (
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/lang"
)

func TestNumberWords(t *testing.T) {
	for _, c := range []struct {
		name, code, text string
		value, n         int
		ambiguous        bool
	}{
		{"German one-word compound", "de", "fünfunddreißig tage", 35, 1, false},
		{"German Swiss spelling", "de", "dreissig", 30, 1, false},
		{"German ein is an article too", "de", "ein jahr", 1, 1, true},
		{"Dutch diaeresis", "nl", "tweeëntwintig dagen", 22, 1, false},
		{"Dutch een is an article too", "nl", "een week", 1, 1, true},
		{"Dutch één is the number", "nl", "één week", 1, 1, false},
		{"French hyphenated", "fr", "trente-cinq jours", 35, 1, false},
		{"French hyphen split by a tokenizer", "fr", "quatre vingt dix jours", 90, 3, false},
		{"French vingt et un in three words", "fr", "vingt et un jours", 21, 3, false},
		{"Belgian septante", "fr", "septante-deux", 72, 1, false},
		{"French un is an article too", "fr", "un mois", 1, 1, true},
		{"Spanish treinta y cinco", "es", "treinta y cinco días", 35, 3, false},
		{"Spanish veintidós with and without accent", "es", "veintidos", 22, 1, false},
		{"Spanish uno is a pronoun too", "es", "uno de ellos", 1, 1, true},
		{"English thirty-five", "en", "thirty-five days", 35, 1, false},
		{"English words that are no number", "en", "often days", 0, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, n, amb := get(t, c.code).NumberAt(strings.Fields(c.text), 0)
			if v != c.value || n != c.n || amb != c.ambiguous {
				t.Errorf("NumberAt(%q) = %d, %d words, ambiguous %v; want %d, %d, %v", c.text, v, n, amb, c.value, c.n, c.ambiguous)
			}
		})
	}
	for _, c := range []struct {
		code, w string
		want    float64
	}{
		{"de", "Mio", 1e6}, {"de", "Milliarden", 1e9}, {"de", "Billion", 1e12}, {"en", "billion", 1e9},
		{"nl", "mld", 1e9}, {"fr", "milliards", 1e9}, {"es", "millones", 1e6},
	} {
		if m, ok := get(t, c.code).Multiplier(c.w); !ok || m != c.want {
			t.Errorf("%s Multiplier(%q) = %g, %v; want %g", c.code, c.w, m, ok, c.want)
		}
	}
	if m, n := get(t, "es").MultiplierAt([]string{"mil", "millones", "de", "euros"}, 0); m != 1e9 || n != 2 {
		t.Errorf(`"mil millones" = %g in %d words, want 1e9 in 2`, m, n)
	}
	if v, ok := get(t, "de").Ordinal("dritten"); !ok || v != 3 {
		t.Errorf(`German "dritten" = %d, %v`, v, ok)
	}
	for code, sfx := range map[string]string{"en": "th", "nl": "ste", "fr": "er", "es": "º"} {
		if !get(t, code).IsOrdinalSuffix(sfx) {
			t.Errorf("%s: %q is an ordinal suffix", code, sfx)
		}
	}
}

func TestMonthsAndOrdinalDot(t *testing.T) {
	for _, c := range []struct {
		code, w string
		want    int
	}{
		{"de", "März", 3}, {"de", "Mrz.", 3}, {"de", "Jänner", 1}, {"nl", "mrt", 3}, {"nl", "mei", 5},
		{"fr", "févr.", 2}, {"fr", "août", 8}, {"fr", "aout", 8}, {"es", "sept.", 9}, {"es", "setiembre", 9},
		{"en", "Sept.", 9}, {"en", "may", 5}, {"nl", "maandag", 0}, {"fr", "mardi", 0},
	} {
		if m, _ := get(t, c.code).Month(c.w); m != c.want {
			t.Errorf("%s Month(%q) = %d, want %d", c.code, c.w, m, c.want)
		}
	}
	de := get(t, "de")
	for next, want := range map[string]bool{"Mai": true, "Jahrhundert": true, "und": true, "Danach": false, "": false} {
		if got := de.OrdinalBefore(next); got != want {
			t.Errorf(`German "12. %s": OrdinalBefore = %v, want %v`, next, got, want)
		}
	}
	if get(t, "fr").OrdinalBefore("mai") {
		t.Error("French writes no ordinal dot")
	}
	if !get(t, "es").IsDateConnector("de") || !get(t, "de").IsMonthTimeWord("seit") {
		t.Error(`"12 de mayo" and "seit März" must read as dates`)
	}
}

func TestUnitsCurrenciesAndPercent(t *testing.T) {
	for _, c := range []struct {
		code, w, want string
	}{
		{"de", "Tage", "time:day"}, {"de", "Werktagen", "time:day"}, {"de", "Jahre", "time:year"}, {"de", "Monate", "time:month"},
		{"de", "Wochen", "time:week"}, {"de", "Stunden", "time:hour"}, {"de", "Minuten", "time:minute"}, {"de", "kg", "mass:kg"},
		{"nl", "dagen", "time:day"}, {"nl", "jaar", "time:year"}, {"nl", "maanden", "time:month"}, {"nl", "weken", "time:week"},
		{"nl", "uur", "time:hour"}, {"nl", "minuten", "time:minute"},
		{"fr", "jours", "time:day"}, {"fr", "ans", "time:year"}, {"fr", "mois", "time:month"}, {"fr", "semaines", "time:week"},
		{"fr", "heures", "time:hour"}, {"fr", "minutes", "time:minute"}, {"fr", "Go", "data:gb"},
		{"es", "días", "time:day"}, {"es", "años", "time:year"}, {"es", "meses", "time:month"}, {"es", "semanas", "time:week"},
		{"es", "horas", "time:hour"}, {"es", "minutos", "time:minute"},
	} {
		if u, _ := get(t, c.code).Unit(c.w); u != c.want {
			t.Errorf("%s Unit(%q) = %q, want %q", c.code, c.w, u, c.want)
		}
	}
	for _, c := range []struct{ code, w, want string }{
		{"de", "Euro", "EUR"}, {"nl", "euro's", "EUR"}, {"fr", "euros", "EUR"}, {"es", "dólares", "USD"},
		{"fr", "€", "EUR"}, {"de", "Franken", "CHF"},
	} {
		if cur, _ := get(t, c.code).Currency(c.w); cur != c.want {
			t.Errorf("%s Currency(%q) = %q, want %q", c.code, c.w, cur, c.want)
		}
	}
	for _, c := range []struct {
		code, text string
		want       int
	}{
		{"de", "Prozent", 1}, {"nl", "procent", 1}, {"fr", "pour cent", 2}, {"es", "por ciento", 2},
		{"es", "puntos porcentuales", 2}, {"en", "per cent", 2}, {"fr", "pour le client", 0},
	} {
		if n := get(t, c.code).PercentAt(strings.Fields(c.text), 0); n != c.want {
			t.Errorf("%s PercentAt(%q) = %d, want %d", c.code, c.text, n, c.want)
		}
	}
	if s, _ := get(t, "de").Scale("Celsius"); s != "temp:c" || !get(t, "de").IsDegreeWord("Grad") {
		t.Error(`"5 Grad Celsius" must read as temp:c`)
	}
}

func TestAbbreviationsAndTitles(t *testing.T) {
	for _, c := range []struct{ code, w string }{
		{"de", "z.B."}, {"de", "bzw."}, {"de", "ca."}, {"de", "Nr."}, {"de", "usw."}, {"de", "d.h."},
		{"nl", "bijv."}, {"nl", "o.a."}, {"nl", "enz."}, {"nl", "m.b.t."},
		{"fr", "p.ex."}, {"fr", "etc."}, {"fr", "Mme"}, {"fr", "M."},
		{"es", "p.ej."}, {"es", "Sra."}, {"es", "Dña."}, {"es", "aprox."},
	} {
		if !get(t, c.code).IsAbbreviation(c.w) {
			t.Errorf("%s: %q is an abbreviation", c.code, c.w)
		}
	}
	for _, c := range []struct{ code, w string }{{"de", "Dr."}, {"fr", "Mme"}, {"fr", "M."}, {"es", "Sr."}, {"es", "Dña."}, {"nl", "dhr."}} {
		if !get(t, c.code).IsTitle(c.w) {
			t.Errorf("%s: %q is a title", c.code, c.w)
		}
	}
	if get(t, "de").IsAbbreviation("Garantie.") {
		t.Error("a word is no abbreviation")
	}
}

func TestRefusalsCourtesiesAndReferrals(t *testing.T) {
	for _, c := range []struct {
		name, code, text            string
		refusal, courtesy, referral bool
	}{
		{"Dutch refusal", "nl", "Ik heb daar geen informatie over.", true, false, false},
		{"German refusal", "de", "Dazu liegen mir keine Informationen vor.", true, false, false},
		{"French refusal", "fr", "Je n'ai pas d'information à ce sujet.", true, false, false},
		{"French refusal with a curly apostrophe", "fr", "Je n’ai pas d’informations sur ce point.", true, false, false},
		{"Spanish refusal", "es", "No tengo información sobre eso.", true, false, false},
		{"English fallback", "en", "I do not have information about that order.", true, false, false},
		{"German claim is no refusal", "de", "Die Rückgabefrist beträgt 30 Tage.", false, false, false},
		{"English I don't know", "en", "I don't know.", true, false, false},
		{"English I don't know of a shop is no refusal", "en", "I don't know of a cheaper shop.", false, false, false},
		{"Dutch I don't know that", "nl", "Dat weet ik helaas niet.", true, false, false},
		{"Dutch I know that for sure is no refusal", "nl", "Dat weet ik zeker.", false, false, false},
		{"Dutch it is not in my information", "nl", "Dat staat niet in de informatie die ik heb.", true, false, false},
		{"German I don't know that", "de", "Das weiß ich leider nicht.", true, false, false},
		{"German I know that is no refusal", "de", "Ich weiß, dass der Versand kostenlos ist.", false, false, false},
		{"German no information to give", "de", "Leider kann ich Ihnen dazu keine Auskunft geben.", true, false, false},
		{"German no reliable source", "de", "Dazu habe ich leider keine verlässliche Quelle.", true, false, false},
		{"French I don't know", "fr", "Je ne sais pas.", true, false, false},
		{"French apology, accented", "fr", "Désolé, je ne peux pas répondre.", true, false, false},
		{"Spanish I don't know it", "es", "No lo sé.", true, false, false},
		{"Spanish I don't know if is no refusal by itself", "es", "No sé si la tienda abre hoy, pero el envío es gratis.", false, false, false},
		{"Spanish I know nothing of information, accented", "es", "No sé nada de esa información.", true, false, false},
		{"English offer of help", "en", "I'd be happy to help with anything else.", false, true, false},
		{"Dutch offer of help", "nl", "Ik help u graag met andere vragen.", false, true, false},
		{"German offer of help", "de", "Ich helfe Ihnen gerne bei anderen Fragen.", false, true, false},
		{"Dutch thanks", "nl", "Graag gedaan!", false, true, false},
		{"Dutch closing offer", "nl", "Heeft u nog andere vragen, laat het ons dan weten.", false, true, false},
		{"Dutch closing offer with als", "nl", "Als u nog vragen heeft, neem gerust contact op.", false, true, false},
		{"Dutch pleasantry", "nl", "Goed dat u het even checkt.", false, true, false},
		{"Dutch claim about questions is a claim", "nl", "Vragen over facturen beantwoordt de klantenservice binnen twee werkdagen.", false, false, false},
		{"German lead-in", "de", "Hier sind die Schritte:", false, true, false},
		{"French greeting", "fr", "Bonjour, voici la réponse.", false, true, false},
		{"Spanish question back", "es", "¿Hay algo más en lo que pueda ayudarle?", false, true, false},
		{"German natürlich opening a claim is a claim", "de", "Natürlich ist der Versand kostenlos.", false, false, false},
		{"Spanish nothing found in the documentation", "es", "No hemos encontrado datos sobre ese pedido en el sistema.", true, false, false},
		{"French no information found", "fr", "Nous n'avons trouvé aucune réponse à cette question.", true, false, false},
		{"French no information shared is a claim", "fr", "Aucune information n'est transmise à des tiers.", false, false, false},
		{"German nothing found, verb second", "de", "Hierzu haben wir in den Unterlagen keine Angaben gefunden.", true, false, false},
		{"German could not find", "de", "Ich konnte dazu leider nichts finden.", true, false, false},
		{"German we found the parcel is a claim", "de", "Wir haben Ihr Paket im Lager gefunden.", false, false, false},
		{"Dutch nothing found", "nl", "We hebben daar in de handleiding niets over gevonden.", true, false, false},
		{"English could not locate", "en", "We weren't able to locate any details on that plan.", true, false, false},
		{"German wish for the evening", "de", "Einen angenehmen Abend noch!", false, true, false},
		{"German gerne opening a claim is a claim", "de", "Gerne versenden wir auch in die Schweiz.", false, false, false},
		{"Spanish wish for the day", "es", "Que pase un buen fin de semana.", false, true, false},
		{"Spanish a usted opening a claim is a claim", "es", "A usted le enviamos la factura por correo.", false, false, false},
		{"French wish for the evening", "fr", "Je vous souhaite une excellente soirée.", false, true, false},
		{"French you are welcome", "fr", "De rien !", false, true, false},
		{"Dutch wish for the weekend", "nl", "Prettig weekend!", false, true, false},
		{"English wish for the day", "en", "Have a lovely weekend!", false, true, false},
		{"English no problem opening a claim is a claim", "en", "No problem orders ship the same day.", false, false, false},
		{"Dutch referral", "nl", "Neem contact op met onze klantenservice.", false, false, true},
		{"Spanish referral", "es", "Póngase en contacto con nuestro equipo de soporte.", false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := get(t, c.code)
			if r, co, re := l.IsRefusal(c.text), l.IsCourtesy(c.text), l.IsReferral(c.text); r != c.refusal || co != c.courtesy || re != c.referral {
				t.Errorf("refusal %v, courtesy %v, referral %v; want %v, %v, %v", r, co, re, c.refusal, c.courtesy, c.referral)
			}
		})
	}
}

// The texts the guard serves and the refusals ragaudit serve suggests
// read as refusals in their own language, or the audit would count them
// as answers.
func TestNoSourceTextsAndRefusalExamplesReadAsRefusals(t *testing.T) {
	for _, code := range lang.Supported() {
		l := get(t, code)
		texts := append([]string{l.NoSource, l.NoSourceQuote}, l.RefusalExamples...)
		for _, text := range texts {
			t.Run(code+": "+text, func(t *testing.T) {
				if !l.IsRefusal(text) {
					t.Errorf("%s: %q does not read as a refusal", l.Name, text)
				}
			})
		}
		if !strings.Contains(l.NoSourceQuote, "«{passage}» {marker}") {
			t.Errorf("%s: the quote %q must quote {passage} with its {marker} right after it", l.Name, l.NoSourceQuote)
		}
	}
}
