package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// notReadLog writes a log of answers: each a conversation whose answer
// cites chunk 1 of a German chunk when cited, or retrieves nothing.
func notReadLog(t *testing.T, answers ...string) string {
	t.Helper()
	var b strings.Builder
	for i, a := range answers {
		retrieval := []map[string]any{}
		if strings.Contains(a, "[1]") {
			retrieval = append(retrieval, map[string]any{"id": "1", "text": "Die Rücksendung ist innerhalb von 30 Tagen kostenlos.", "score": 0.8})
		}
		rec := map[string]any{"conversation_id": "c" + string(rune('a'+i)), "messages": []map[string]any{
			{"role": "user", "content": "?"}, {"role": "assistant", "content": a, "retrieval": retrieval}}}
		line, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	path := filepath.Join(t.TempDir(), "log.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Answers in a language the checks do not read, citing nothing over an
// empty retrieval, are counted as not read: a gate on uncited sentences or
// on answers below the floor is not met (INCOMPLETE, exit 5), never
// passed, and a log of them alone is no empty day under such a gate. The
// same answer in German fails the gate.
func TestUncitedAnswersInUnreadLanguages(t *testing.T) {
	const de = "Die Rücksendung ist innerhalb von 30 Tagen kostenlos [1]."
	const pl = "Tak, przyjmujemy płatności kryptowalutami za wszystkie zamówienia i wysyłka zawsze trwa jeden dzień."
	const it = "Sì, accettiamo pagamenti in criptovalute per tutti gli ordini e la spedizione dura sempre un giorno."
	mixed := notReadLog(t, de, de, de, pl, it)
	r := runCLI(t, "", "audit", "-q", "--accept-machine", "--fail-on", "uncited", "--fail-on", "below-floor", mixed)
	if r.code != 5 || !strings.HasPrefix(r.stdout, "INCOMPLETE: --fail-on uncited is not met") || !strings.Contains(r.stdout, "(it 1, pl 1)") {
		t.Errorf("mixed log: exit %d, %q; want 5, INCOMPLETE naming it 1, pl 1", r.code, r.stdout)
	}
	if !strings.Contains(r.text, "Not read (a language the checks do not read): 2 uncited sentences, factual or not (it 1, pl 1); 2 answers below the retrieval floor, answers or refusals (it 1, pl 1)") {
		t.Errorf("summary lacks the not-read line:\n%s", r.text)
	}
	only := notReadLog(t, pl, it)
	if r := runCLI(t, "", "audit", "-q", "--fail-on", "below-floor", only); r.code != 5 || !strings.Contains(r.stdout, "below-floor is not met") {
		t.Errorf("unread answers alone under a gate: exit %d, %q; want 5", r.code, r.stdout)
	}
	if r := runCLI(t, "", "audit", "-q", only); r.code != 4 || !strings.Contains(r.stdout, "sentences in a language the checks do not read (it 1, pl 1)") {
		t.Errorf("unread answers alone: exit %d, %q; want NO_DATA naming them", r.code, r.stdout)
	}
	german := notReadLog(t, de, de, de, "Ja, wir akzeptieren Zahlungen in Kryptowährungen für alle Bestellungen, und der Versand dauert immer einen Tag.")
	if r := runCLI(t, "", "audit", "-q", "--accept-machine", "--fail-on", "uncited", german); r.code != 1 {
		t.Errorf("the German answer: exit %d, %q; want FAIL", r.code, r.stdout)
	}
}

// The guard does not pass an answer it cannot read: an Italian answer
// stating facts without a citation is unverifiable (exit 4).
func TestGuardUnreadLanguageIsUnverifiable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "answer.json")
	rec := `{"conversation_id":"g","messages":[{"role":"user","content":"?"},{"role":"assistant","content":"Sì, accettiamo pagamenti in criptovalute per tutti gli ordini e la spedizione dura sempre un giorno.","retrieval":[{"id":"1","text":"Die Rücksendung ist innerhalb von 30 Tagen kostenlos.","score":0.8}]}]}`
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "", "check", path)
	if r.code != 4 || !strings.Contains(r.stdout, `"action":"unverifiable"`) {
		t.Errorf("exit %d, %s; want 4, unverifiable", r.code, r.stdout)
	}
}

// Citations none of which could be checked give no rate, whatever
// --min-checked says (0 included): INCOMPLETE naming the cause, never "the
// machine's rate 0.0%"; sample says there is nothing to sample, and why.
func TestNoCitationCheckedIsNoRate(t *testing.T) {
	log := notReadLog(t, "Tak, zwrot jest bezpłatny przez 30 dni [1].", "Sì, il reso è gratuito per 30 giorni [1].")
	r := runCLI(t, "", "audit", "-q", "--min-checked", "0", log)
	if r.code != 5 || !strings.HasPrefix(r.stdout, "INCOMPLETE: only 0 of 2 citations (0.0%) could be checked: 2 citation(s) are in a language the checks do not support (it 1, pl 1)") {
		t.Errorf("exit %d, %q; want INCOMPLETE, exit 5", r.code, r.stdout)
	}
	r = runCLI(t, "", "sample", "--plan", "--min-checked", "0", log)
	if r.code != 4 || !strings.Contains(r.stderr, "no checked citation to sample: only 0 of 2 citations") {
		t.Errorf("sample: exit %d, %q; want 4 naming the cause", r.code, r.stderr)
	}
}

// The counts of records a status gives leave out repeats of a record, and
// say so, so that they agree with the Records line, which counts them
// among the records skipped.
func TestRecordCountsSayTheyLeaveOutRepeats(t *testing.T) {
	rec := `{"conversation_id":"c1","timestamp":"2026-06-03T10:00:00Z","messages":[{"role":"user","content":"?"},{"role":"assistant","content":"Returns are free [1].","retrieval":[{"id":"1","text":"Returns are free."}]}]}`
	path := filepath.Join(t.TempDir(), "log.jsonl")
	if err := os.WriteFile(path, []byte(rec+"\n"+rec+"\n{broken\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "", "audit", "-q", path)
	if !strings.Contains(r.text, "1 of 2 records (not counting 1 repeat of a record) could not be read") || !strings.Contains(r.text, "Records: 3 read, 1 audited, 0 filtered out, 2 skipped") {
		t.Errorf("summary:\n%s", r.text)
	}
}

// A label file read line by line: a later line replaces its own
// reviewer's label (a correction) but not another reviewer's, which is a
// disagreement to settle, refused as two files that disagree are; and a
// label that gives its sentence is not used where the logs' sentence at
// its place says something else (a conversation id used again).
func TestLabelsOfAnotherReviewerOrSentence(t *testing.T) {
	log := notReadLog(t, "Die Rücksendung ist innerhalb von 30 Tagen kostenlos [1].")
	write := func(lines ...string) string {
		path := filepath.Join(t.TempDir(), "labels.jsonl")
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	const at = `"conversation_id":"ca","message_index":1,"char_start":0,"char_end":57,"citation_marker":"[1]"`
	two := write(`{`+at+`,"label":"supported","reviewer":"marieke"}`, `{`+at+`,"label":"unsupported","reviewer":"jules"}`)
	if r := runCLI(t, "", "audit", "-q", "--labels", two, log); r.code != 2 || !strings.Contains(r.stderr, "(reviewer jules) and line 1 (reviewer marieke) judge the same citation differently") {
		t.Errorf("two reviewers: exit %d, %q", r.code, r.stderr)
	}
	own := write(`{`+at+`,"label":"unsupported","reviewer":"marieke"}`, `{`+at+`,"label":"supported","reviewer":"marieke"}`)
	if r := runCLI(t, "", "audit", "-q", "--labels", own, log); r.code == 2 || !strings.Contains(r.text, "1 label line(s) replaced or withdrawn by a later line of their reviewer") {
		t.Errorf("a reviewer's own correction: exit %d, %q\n%s", r.code, r.stderr, r.text)
	}
	other := write(`{` + at + `,"label":"supported","sentence_text":"Die Rücksendung ist innerhalb von 90 Tagen kostenlos [1]."}`)
	if r := runCLI(t, "", "audit", "-q", "--labels", other, log); r.code != 2 || !strings.Contains(r.stderr, "1 judged evidence that has changed since") {
		t.Errorf("another sentence: exit %d, %q", r.code, r.stderr)
	}
	same := write(`{` + at + `,"label":"supported","sentence_text":"Die Rücksendung ist innerhalb von 30 Tagen kostenlos."}`)
	if r := runCLI(t, "", "audit", "-q", "--labels", same, log); r.code == 2 {
		t.Errorf("the sentence without its marker: exit 2, %q", r.stderr)
	}
}

// A sample drawn with --tenant and audited without it is refused: drawn
// again over all the tenants' citations it would draw from groups none of
// its labels is from (the reverse is refused by the strata's sizes).
func TestSampleOfOneTenantAuditedOverAll(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		tenant, days := []string{"acme", "globex"}[i%2], []int{30, 30, 30, 60}[i%4/2+i%3%2]
		fmt.Fprintf(&b, `{"conversation_id":"c%d","tenant":%q,"messages":[{"role":"user","content":"?"},{"role":"assistant","content":"Die Rücksendung ist innerhalb von %d Tagen kostenlos [1].","retrieval":[{"id":"1","text":"Die Rücksendung ist innerhalb von 30 Tagen kostenlos.","score":0.8}]}]}`+"\n", i, tenant, days)
	}
	dir := t.TempDir()
	log, sample, labels := filepath.Join(dir, "log.jsonl"), filepath.Join(dir, "sample.jsonl"), filepath.Join(dir, "labels.jsonl")
	if err := os.WriteFile(log, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCLI(t, "", "sample", "-n", "40", "--seed", "1", "--tenant", "acme", "-o", sample, log); r.code != 0 {
		t.Fatalf("sample: exit %d, %s", r.code, r.stderr)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(readFile(t, sample))), "\n") {
		out = append(out, strings.TrimSuffix(line, "}")+`,"label":"supported","reviewer":"r"}`)
	}
	if err := os.WriteFile(labels, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCLI(t, "", "audit", "-q", "--labels", labels, "--tenant", "acme", log); r.code == exitUsage {
		t.Errorf("with the sample's filter: exit %d, %s", r.code, r.stderr)
	}
	if r := runCLI(t, "", "audit", "-q", "--labels", labels, log); r.code != exitUsage || !strings.Contains(r.stderr, "none of the labels is from") {
		t.Errorf("without it: exit %d, %q", r.code, r.stderr)
	}
	// A sample's label without its sample_size is named so, not read as
	// a sample of no labels.
	var sizeless []string
	for _, line := range out {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "sample_size")
		b, _ := json.Marshal(m)
		sizeless = append(sizeless, string(b))
	}
	if err := os.WriteFile(labels, []byte(strings.Join(sizeless, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCLI(t, "", "audit", "-q", "--labels", labels, "--tenant", "acme", log); r.code != exitUsage || !strings.Contains(r.stderr, "without the sample's sample_size") {
		t.Errorf("labels without sample_size: exit %d, %q", r.code, r.stderr)
	}
}

// Every citation labelled is no sample: a census drawn under another
// configuration (or by another build, whose verdicts group the citations
// otherwise) still gives the exact rate, where a sample of part of them
// is refused.
func TestACensusCountsWhateverDrewIt(t *testing.T) {
	var b strings.Builder
	for i := range 20 {
		days := []int{30, 60}[i%5/4]
		fmt.Fprintf(&b, `{"conversation_id":"c%d","messages":[{"role":"user","content":"?"},{"role":"assistant","content":"Die Rücksendung ist innerhalb von %d Tagen kostenlos [1].","retrieval":[{"id":"1","text":"Die Rücksendung ist innerhalb von 30 Tagen kostenlos.","score":0.8}]}]}`+"\n", i, days)
	}
	dir := t.TempDir()
	log, sample, labels := filepath.Join(dir, "log.jsonl"), filepath.Join(dir, "sample.jsonl"), filepath.Join(dir, "labels.jsonl")
	if err := os.WriteFile(log, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCLI(t, "", "sample", "-n", "20", "--seed", "1", "-o", sample, log); r.code != 0 {
		t.Fatalf("sample: exit %d, %s", r.code, r.stderr)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(readFile(t, sample))), "\n") {
		label := "supported"
		if strings.Contains(line, "60 Tagen") {
			label = "unsupported"
		}
		out = append(out, strings.TrimSuffix(line, "}")+`,"label":"`+label+`","reviewer":"r"}`)
	}
	if err := os.WriteFile(labels, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "", "audit", "-q", "--threshold", "0.9", "--labels", labels, log)
	if r.code != 1 || !strings.Contains(r.stdout, "verified citation accuracy 80.0%") || !strings.Contains(r.stdout, "(20 labels, 20 citations)") {
		t.Errorf("a census under another threshold: exit %d, %q %s", r.code, r.stdout, r.stderr)
	}
	part := filepath.Join(dir, "part.jsonl")
	if err := os.WriteFile(part, []byte(strings.Join(out[:10], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCLI(t, "", "audit", "-q", "--threshold", "0.9", "--labels", part, log); r.code != exitUsage {
		t.Errorf("half of them under another threshold: exit %d, %q", r.code, r.stdout)
	}
}
