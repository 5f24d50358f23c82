package audit

import "testing"

func TestIsLetter(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		if want := b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'; isLetter(b) != want {
			t.Errorf("isLetter(%#x) = %v", b, !want)
		}
	}
}

func TestLetterBits(t *testing.T) {
	var buf [64]byte
	for c := range 256 {
		for k := range buf {
			buf[k] = 'x'
		}
		for k := range buf {
			buf[k] = byte(c)
			for n := 0; n <= len(buf); n++ {
				var want uint64
				for i := range n {
					if isLetter(buf[i]) {
						want |= 1 << i
					}
				}
				if got := letterBits(string(buf[:n])); got != want {
					t.Fatalf("letterBits(%q) = %#x, want %#x", buf[:n], got, want)
				}
			}
		}
	}
}

// Hundreds and thousands in words are one number: "three hundred euros"
// is 300, which a chunk's "€300" states, not 3, which it does not.
func TestHundredsAndThousandsInWords(t *testing.T) {
	for _, c := range []struct {
		text, want string
		n          int
		ordinal    bool
	}{
		{"three hundred euros", "three hundred", 300, false},
		{"three hundred and fifty days", "three hundred and fifty", 350, false},
		{"two hundred twenty-one", "two hundred twenty-one", 221, false},
		{"one hundred days", "one hundred", 100, false},
		{"a hundred and five", "a hundred and five", 105, false},
		{"the two hundred twenty-first floor", "two hundred twenty-first", 221, true},
		{"three thousand euros", "three thousand", 3000, false},
		{"two thousand five hundred", "two thousand five hundred", 2500, false},
		{"three hundred thousand", "three hundred thousand", 300000, false},
	} {
		var got []string
		var n int
		var ord bool
		scanWordNumbers(c.text, func(a, b, v int, o bool) { got, n, ord = append(got, c.text[a:b]), v, o })
		if len(got) != 1 || got[0] != c.want || n != c.n || ord != c.ordinal {
			t.Errorf("%q: read %q = %d (ordinal %v), want %q = %d (ordinal %v)", c.text, got, n, ord, c.want, c.n, c.ordinal)
		}
	}
	for _, text := range []string{"hundreds of customers", "a hundred", "thousand"} {
		scanWordNumbers(text, func(a, b, v int, _ bool) {
			if text != "a hundred" || v != 100 {
				t.Errorf("%q: read %q = %d", text, text[a:b], v)
			}
		})
	}
}
