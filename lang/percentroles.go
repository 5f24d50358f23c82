package lang

// readPercentRoles reads [discount-words] (a percentage taken off:
// "korting", "Rabatt", "off"), [price-words] and [percent-of] (a
// percentage of a price: "40 % van de prijs", "25 % du prix"). "40 % korting" and "40 % van de
// prijs" give one figure and opposite prices.
func (l *Language) readPercentRoles(t *table) {
	l.discountWords = set(t.words("discount-words"))
	l.priceWords = set(t.words("price-words"))
	l.percentOf = set(t.words("percent-of"))
	l.leadBefore = set(t.words("lead-before"))
	l.leadUntil = phrasesOf(t.sections["lead-until"])
}

// IsDiscountWord reports whether w is a word of [discount-words].
func (l *Language) IsDiscountWord(w string) bool { v, _ := lookup(l.discountWords, w); return v }

// IsPriceWord reports whether w is a word of [price-words].
func (l *Language) IsPriceWord(w string) bool { v, _ := lookup(l.priceWords, w); return v }

// IsPercentOf reports whether w is a word of [percent-of].
func (l *Language) IsPercentOf(w string) bool { v, _ := lookup(l.percentOf, w); return v }

// IsLeadBefore reports whether w is a word of [lead-before]: after a
// period, it makes the period a lead time ("48 Stunden vor Kursbeginn").
func (l *Language) IsLeadBefore(w string) bool { v, _ := lookup(l.leadBefore, w); return v }

// LeadUntil reports whether words end with a phrase of [lead-until],
// which gives the lead time after it as a deadline ("bis 48 Stunden vor").
func (l *Language) LeadUntil(words []string) bool { return endsWithPhrase(words, l.leadUntil) }
