package lang_test

import (
	"testing"

	"github.com/ragaudit/ragaudit/lang"
)

// Sentences written for these tests, as a support bot would answer.
func TestDetect(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
	}{
		{"English answer", "You can return the item within 30 days of delivery [1].", "en"},
		{"English answer full of Dutch names", "The order for Melissa van der Berg was sent to Rotterdam on Monday [2].", "en"},
		{"English answer naming a German product", "The Weltkugelbrunnen kit is made of steel.", "en"},
		{"short English price sentence", "A van costs €6.90 per hour [1].", "en"},
		{"Catalan price sentence", "El preu és de 6,90 € per hora i 0,35 € per quilòmetre.", "ca"},
		{"Dutch answer", "U kunt het artikel binnen 30 dagen na ontvangst retourneren [1].", "nl"},
		{"Dutch short answer", "De levering is gratis.", "nl"},
		{"Dutch short answer with elke and an English loanword", "De back-up loopt elke nacht.", "nl"},
		{"German answer", "Die Rückgabefrist beträgt 30 Tage ab Erhalt der Ware [1].", "de"},
		{"German short answer", "Der Versand ist kostenlos.", "de"},
		{"French answer", "Vous pouvez retourner l'article dans un délai de 30 jours [1].", "fr"},
		{"French short answer with elision", "L'envoi n'est pas gratuit.", "fr"},
		{"Spanish answer", "Puede devolver el artículo en un plazo de 30 días desde la entrega [1].", "es"},
		{"Spanish short answer", "El envío es gratuito.", "es"},
		{"Italian is not Spanish", "Può restituire l'articolo entro 30 giorni dalla consegna.", "it"},
		{"Portuguese is not Spanish", "Você pode devolver o produto em até 30 dias após a entrega.", "pt"},
		{"Polish", "Możesz zwrócić produkt w ciągu 30 dni od dostawy.", "pl"},
		{"Swedish", "Du kan returnera varan inom 30 dagar efter leveransen.", "sv"},
		{"Danish", "Du kan returnere varen inden for 30 dage efter levering.", "da"},
		{"Finnish", "Voit palauttaa tuotteen 30 päivän kuluessa toimituksesta.", "fi"},
		{"Czech", "Zboží můžete vrátit do 30 dnů od doručení.", "cs"},
		{"Romanian", "Puteți returna produsul în termen de 30 de zile de la livrare.", "ro"},
		{"Turkish", "Ürünü teslimattan sonra 30 gün içinde iade edebilirsiniz.", "tr"},
		{"Russian by script", "Вы можете вернуть товар в течение 30 дней.", "ru"},
		{"Ukrainian by its letters", "Ви можете повернути товар протягом 30 днів після отримання.", "uk"},
		{"Greek by script", "Μπορείτε να επιστρέψετε το προϊόν εντός 30 ημερών.", "el"},
		{"Chinese by script", "您可以在收货后30天内退货。", "zh"},
		{"Japanese by its kana", "商品は30日以内に返品できます。", "ja"},
		{"Arabic by script", "يمكنك إرجاع المنتج خلال 30 يومًا من التسليم.", "ar"},
		{"short Dutch claim is not German", "Alle tarieven bevatten internet.", "nl"},
		{"short Dutch claim with English names is Dutch", "Microsoft 365 Business Basic bevat Defender for Business.", "nl"},
		{"short French claim is not Spanish", "La garantie dure 2 ans.", "fr"},
		{"short Spanish claim is not French", "La tarifa cuesta 20 € al mes.", "es"},
		{"French claim with English product names is not Italian", "Le Samsung Galaxy Watch 6 Classic supporte Google Wallet.", "fr"},
		{"short German claim stays German", "Alle Tarife kosten 10 € im Monat.", "de"},
		{"English with a German quote is English", "The sign says \"Eingang\", which means entrance, and the shop is open daily.", "en"},
		{"a marker alone", "OK [1].", lang.Undetermined},
		{"an amount alone", "€ 15,00", lang.Undetermined},
		{"one word", "Quito.", lang.Undetermined},
		{"digits and punctuation", "12.05.2026 – 15:30 [2]", lang.Undetermined},
		{"empty", "", lang.Undetermined},
		{"invalid UTF-8", "\xff\xfe \xfd", lang.Undetermined},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := lang.Detect(c.text)
			if g.Code != c.want {
				t.Errorf("Detect(%q) = %s (confidence %.2f), want %s", c.text, g.Code, g.Confidence, c.want)
			}
			if g.Confidence < 0 || g.Confidence > 1 || g.Code == lang.Undetermined && g.Confidence != 0 {
				t.Errorf("Detect(%q): confidence %v out of range", c.text, g.Confidence)
			}
		})
	}
}

func TestDetectIsDeterministic(t *testing.T) {
	text := "De retourtermijn is 30 dagen, daarna wordt het bedrag teruggestort."
	first := lang.Detect(text)
	for range 50 {
		if g := lang.Detect(text); g != first {
			t.Fatalf("Detect gave %v, then %v", first, g)
		}
	}
}

func BenchmarkDetect(b *testing.B) {
	sentences := []string{
		"You can return the item within 30 days of delivery [1].",
		"Die Rückgabefrist beträgt 30 Tage ab Erhalt der Ware [1].",
		"Vous pouvez retourner l'article dans un délai de 30 jours [1].",
		"Puede devolver el artículo en un plazo de 30 días desde la entrega [1].",
		"U kunt het artikel binnen 30 dagen na ontvangst retourneren [1].",
	}
	lang.Detect(sentences[0]) // the tables are read once, not timed
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		lang.Detect(sentences[i%len(sentences)])
	}
}

func TestEvidenceAndDetectionAmongSupportedLanguages(t *testing.T) {
	for _, c := range []struct {
		name, text, code string
		evidence         int
	}{
		{"one Czech word in a German sentence is thin evidence", "Pro kostet Aufpreis.", "cs", 1},
		{"two Italian words are evidence", "Il prodotto è gratuito.", "it", 2},
		{"a Polish word and letter are evidence", "Wysyłamy do Polski.", "pl", 2},
		{"a word counts once", "pro pro pro", "cs", 1},
		{"an unknown code has none", "Pro kostet Aufpreis.", "xx", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := lang.Evidence(c.text, c.code); got != c.evidence {
				t.Errorf("Evidence(%q, %s) = %d, want %d", c.text, c.code, got, c.evidence)
			}
		})
	}
	for _, c := range []struct {
		name, text, want string
	}{
		{"German read as Czech for pro is German among the five", "Das Pro-Paket kostet 9,99 € pro Woche.", "de"},
		{"Dutch read by its negation among the five", "Pro is niet gratis.", "nl"},
		{"Portuguese alone among the five is undetermined", "Obrigado.", lang.Undetermined},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := lang.DetectAmong(c.text, lang.Supported()); got.Code != c.want {
				t.Errorf("DetectAmong(%q) = %+v, want %s", c.text, got, c.want)
			}
		})
	}
}
