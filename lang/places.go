package lang

// IsPlace reports whether the normalised word w names a country or what
// its people, language or things are called ([places]).
func (l *Language) IsPlace(w string) bool { return len(l.places[w]) > 0 }

// OtherPlace reports whether the normalised words a and b name different
// places of [places] ("österreich" and "deutschlands").
func (l *Language) OtherPlace(a, b string) bool {
	for _, x := range l.places[a] {
		for _, y := range l.places[b] {
			if x.group == y.group && x.member != y.member {
				return true
			}
		}
	}
	return false
}

// SaysPlace reports whether a word of ws names the place w names, in any
// of its forms ("irish" of "ireland").
func (l *Language) SaysPlace(w string, ws []string) bool {
	for _, x := range l.places[w] {
		for _, v := range ws {
			for _, y := range l.places[v] {
				if x.group == y.group && x.member == y.member {
					return true
				}
			}
		}
	}
	return false
}
