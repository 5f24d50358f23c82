package report

// moreUnreadNotes say, after "N answer(s) contain ", what each further
// shape of marker-shaped text or link is (audit's Marker.Shape), why the
// run did not read it as a citation or could not tell its chunk, and what
// to do.
var moreUnreadNotes = map[string]string{
	"[…](url)": "Markdown links or link definitions to web pages (`[1](https://…)`, `[1]: https://…`) while no chunk they were given carries a URL: " +
		"which chunk a link means cannot be told from its target, so a link is read as a citation by its text only (`[1]` as chunk 1) and other links as links; " +
		"log each chunk's URL as its source (or map it with --mapping) to have links checked against the pages retrieved",
	"[text](url)": "Markdown links in prose (`[our help centre](https://…)`) to pages no chunk was retrieved from, not read as citations: " +
		"their words are not a citation's, but the page they link was not retrieved; a link whose text is a number or a source word is a citation, fabricated",
	"[^n]: name": "footnote definitions that name a file (`[^1]: prijzen.md`) while no chunk they were given carries a source name: " +
		"which chunk the footnote means cannot be told, so its marker is read as written (`[^1]` as chunk 1); log each chunk's source to have it checked",
	"{n}": "numbers in braces such as `{2}` or `{src:2}` where citations sit, not read as citations: braces are as often a template's placeholder left in the text; " +
		"if they cite, see --citation-regex '\\{(?:[a-z]+:)?(\\d+)\\}'",
	"(faq.md)": "file names in parentheses such as `(prijzen.md)` where citations sit, not read as citations: in parentheses a file name may be prose (\"open the form (aanvraag.pdf)\"); " +
		"if they cite, write them `[prijzen.md]` or see --citation-regex",
	"(… source n)": "source words inside an aside such as `(zie bron 2)` or `(see source 2)`, not read as citations: the label does not open the parentheses, so the aside may be prose; " +
		"if they cite, see --citation-regex",
}
