package lang

import "testing"

func TestVerbRootsMeetTheirNounsAndInfinitives(t *testing.T) {
	cases := []struct {
		name, code, raw, same string // same: a word whose stem the root's stem is
	}{
		{"a German participle meets the infinitive", "de", "geliefert", "liefern"},
		{"a German participle after a separable prefix meets the infinitive", "de", "zurückgeschickt", "zurückschicken"},
		{"a German third person meets its noun", "de", "bestellt", "Bestellung"},
		{"a German participle in -et meets the infinitive", "de", "gesendet", "senden"},
		{"a Dutch participle meets its noun", "nl", "geleverd", "levering"},
		{"a Dutch participle after a separable prefix meets the infinitive", "nl", "teruggestuurd", "terugsturen"},
		{"a Dutch present meets the infinitive", "nl", "levert", "leveren"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, _ := Get(c.code)
			w := l.Normalize(c.raw)
			root := l.VerbRoot(c.raw, w)
			if root == "" {
				t.Fatalf("%s %q: no verb root", c.code, c.raw)
			}
			if got, want := l.Stem(root), l.Stem(l.Normalize(c.same)); got != want {
				t.Errorf("%s %q → root %q, stem %q; %q stems to %q", c.code, c.raw, root, got, c.same, want)
			}
			if l.Stem(w) == l.Stem(l.Normalize(c.same)) {
				t.Errorf("%s %q already stems as %q does: the case tests nothing", c.code, c.raw, c.same)
			}
		})
	}
}

func TestVerbRootLeavesOtherWords(t *testing.T) {
	cases := []struct{ name, code, raw string }{
		{"a capitalised German word is a noun", "de", "Gebiet"},
		{"a short word keeps its ending", "de", "weit"},
		{"a word without a mark or an ending", "de", "schnell"},
		{"a Dutch word without a mark or an ending", "nl", "snel"},
		{"French has no such forms", "fr", "livrent"},
		{"English has no such forms", "en", "delivered"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, _ := Get(c.code)
			if got := l.VerbRoot(c.raw, l.Normalize(c.raw)); got != "" {
				t.Errorf("%s %q → %q, want none", c.code, c.raw, got)
			}
		})
	}
}

func TestSeparatedRootsSplitAtTheirSeparablePrefix(t *testing.T) {
	for _, c := range []struct{ code, raw, prefix, rest string }{
		{"de", "angekommen", "an", "kommen"},
		{"de", "abgebucht", "ab", "buch"},
		{"nl", "teruggestuurd", "terug", "stuur"},
		{"de", "bestellt", "", ""},
	} {
		l, ok := Get(c.code)
		if !ok {
			t.Fatalf("no %s", c.code)
		}
		root := l.VerbRoot(c.raw, l.Normalize(c.raw))
		if p, r := l.SeparatedRoot(root); p != c.prefix || r != c.rest {
			t.Errorf("%s SeparatedRoot(%q) of %q = %q, %q; want %q, %q", c.code, root, c.raw, p, r, c.prefix, c.rest)
		}
	}
}
