package audit

// LanguageOf is the language the audit reads text in when it has only the
// text to tell it by (an answer's, before its chunks are asked): an ISO
// 639-1 code, or "" when the text is too short or the guess unsure.
func LanguageOf(text string) string {
	t, sure := detect(text)
	if t.undetermined() || sure < minSure {
		return ""
	}
	return t.code
}
