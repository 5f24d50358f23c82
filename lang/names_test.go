package lang

import "testing"

func TestEveryCodeDetectReturnsHasAName(t *testing.T) {
	codes := append([]string{Undetermined}, theDetector().latin...)
	for _, text := range []string{"这是一个测试句子", "これはテストです", "이것은 시험 문장입니다", "Это тестовое предложение",
		"Це тестове речення її", "Αυτή είναι μια πρόταση", "هذه جملة اختبار", "این یک جمله پیش است", "זהו משפט בדיקה",
		"यह एक परीक्षण वाक्य है", "นี่คือประโยคทดสอบ"} {
		codes = append(codes, Detect(text).Code)
	}
	for _, code := range codes {
		if n := Name(code); n == code || n == "" {
			t.Errorf("Name(%q) = %q: want the language's name", code, n)
		}
	}
}

func TestName(t *testing.T) {
	for _, tc := range []struct{ name, code, want string }{
		{"a language with tables is named by its data file", "nl", "Dutch"},
		{"English is English", "en", "English"},
		{"a language the detector tells but the audit has no tables for is named", "it", "Italian"},
		{"so is one told by its script", "uk", "Ukrainian"},
		{"a text that is no language is undetermined", Undetermined, "Undetermined"},
		{"an unknown code is its own name", "xx", "xx"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Name(tc.code); got != tc.want {
				t.Errorf("Name(%q) = %q, want %q", tc.code, got, tc.want)
			}
		})
	}
}

// A language with a data file is named there only: a second name in
// detect.txt could drift from it.
func TestNamesAreWrittenOnce(t *testing.T) {
	for _, code := range Supported() {
		if n, ok := names()[code]; ok {
			t.Errorf("%s is named in data/%s.txt and again in data/detect.txt [names] (%q)", code, code, n)
		}
	}
}
