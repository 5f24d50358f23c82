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
