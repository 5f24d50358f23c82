package readers

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// jsonChunk is a chunk as logged under its canonical keys, as most
// records are read. aliases holds the keys applications write instead
// (aliases.go): it is read only in records that use one (lenientList),
// so that the chunks of canonical logs decode no larger than they are.
type jsonChunk struct {
	ID         *flexString `json:"id"`
	Source     *flexString `json:"source"`
	Text       *flexString `json:"text"`
	Score      flexNumber  `json:"score"`
	TextStatus flexString  `json:"text_status"`
	Embedding  flexVector  `json:"embedding"`

	aliases *chunkAliases
	// A chunk logged as a plain string in a list of texts: its text, and
	// its id is its position.
	item   string
	isItem bool
}

// chunkAliases are the keys other than the canonical ones a chunk's
// fields may be under (aliasFields). Their values are read only when of
// the field's kind (fields.go), so decoding them never fails.
type chunkAliases struct {
	Content         chunkContent   `json:"content"`
	PageContent     aliasText      `json:"page_content"`
	PageContentJS   aliasText      `json:"pageContent"`
	Chunk           aliasText      `json:"chunk"`
	Snippet         aliasText      `json:"snippet"`
	Passage         aliasText      `json:"passage"`
	ChunkID         aliasID        `json:"chunk_id"`
	NodeID          aliasID        `json:"node_id"`
	IDUnderscore    aliasID        `json:"id_"`
	UnderscoreID    aliasID        `json:"_id"`
	URL             aliasText      `json:"url"`
	Filename        aliasText      `json:"filename"`
	Title           aliasText      `json:"title"`
	RelevanceScore  aliasNumber    `json:"relevance_score"`
	Similarity      aliasNumber    `json:"similarity"`
	UnderscoreScore aliasNumber    `json:"_score"`
	Metadata        *chunkMetadata `json:"metadata"`
}

// noAliases stands for the aliases of a chunk that uses none.
var noAliases = &chunkAliases{Metadata: &chunkMetadata{}}

// chunkMetadata is what a chunk's "metadata" object may hold of its
// fields (Pinecone and LlamaIndex keep the text there, LangChain the
// source and a reranker's score).
type chunkMetadata struct {
	Text           aliasText   `json:"text"`
	Source         aliasText   `json:"source"`
	URL            aliasText   `json:"url"`
	Title          aliasText   `json:"title"`
	ChunkID        aliasID     `json:"chunk_id"`
	Score          aliasNumber `json:"score"`
	RelevanceScore aliasNumber `json:"relevance_score"`
}

// UnmarshalJSON reads an object; metadata of another kind (a JSON string,
// say) holds none of the chunk's fields.
func (m *chunkMetadata) UnmarshalJSON(b []byte) error {
	if len(b) == 0 || b[0] != '{' {
		return nil
	}
	type plain chunkMetadata
	return json.Unmarshal(b, (*plain)(m))
}

// chunkContent is a chunk's "content": its text (Haystack and most apps),
// an object holding it ({"text": …}, Bedrock knowledge bases), or content
// parts ([{"type": "text", "text": …}], OpenAI vector-store results).
// Anything else is not a text.
type chunkContent struct {
	text    string
	form    int  // 1 a string, 2 an object, 3 parts; 0 no text
	partial bool // a part without text (an image) was left out
}

func (c *chunkContent) UnmarshalJSON(b []byte) error {
	*c = chunkContent{}
	switch b[0] {
	case '"':
		var s aliasText
		if err := s.UnmarshalJSON(b); err != nil {
			return err
		}
		c.text, c.form = string(s), 1
	case '{':
		var o struct {
			Text aliasText `json:"text"`
		}
		if json.Unmarshal(b, &o) == nil {
			c.text, c.form = string(o.Text), 2
		}
	case '[':
		var parts []struct {
			Text aliasText `json:"text"`
		}
		if json.Unmarshal(b, &parts) != nil {
			return nil // not parts: not a text
		}
		var texts []string
		for _, p := range parts {
			if p.Text == "" {
				c.partial = true
				continue
			}
			texts = append(texts, string(p.Text))
		}
		c.text, c.form = strings.Join(texts, "\n"), 3
	}
	return nil
}

// chunk reads one logged chunk, the i-th of its list at (for errors),
// each field from the keys it may be under; t counts the keys read.
func (c *jsonChunk) chunk(i int, at func() string, t *keyTally) (Chunk, *SkipError) {
	if c.isItem {
		t[fieldText][len(aliasFields[fieldText].keys)-1]++
		t[fieldID][len(aliasFields[fieldID].keys)-1]++
		return Chunk{ID: strconv.Itoa(i + 1), Text: c.item, NoID: true}, nil
	}
	a := c.aliases
	if a == nil {
		a = noAliases
	}
	m := a.Metadata
	if m == nil {
		m = noAliases.Metadata
	}
	text := newPick[string](fieldText)
	text.offer(c.Text.text())
	for form := 1; form <= 3; form++ {
		text.offer(a.Content.text, a.Content.form == form && a.Content.text != "")
	}
	for _, v := range [...]aliasText{a.PageContent, a.PageContentJS, a.Chunk, a.Snippet, a.Passage, m.Text} {
		text.offer(string(v), v != "")
	}
	id := newPick[string](fieldID)
	id.offer(c.ID.text())
	for _, v := range [...]aliasID{a.ChunkID, a.NodeID, a.IDUnderscore, a.UnderscoreID, m.ChunkID} {
		id.offer(string(v), v != "")
	}
	source := newPick[string](fieldSource)
	source.offer(c.Source.text())
	for _, v := range [...]aliasText{m.Source, a.URL, m.URL, a.Filename, a.Title, m.Title} {
		source.offer(string(v), v != "")
	}
	score := newPick[float64](fieldScore)
	score.offer(c.Score.v, c.Score.ok)
	for _, v := range [...]aliasNumber{a.RelevanceScore, a.Similarity, a.UnderscoreScore, m.Score, m.RelevanceScore} {
		score.offer(v.v, v.ok)
	}
	if skip := text.conflict(at, false); skip != nil {
		return Chunk{}, skip
	}
	if skip := id.conflict(at, true); skip != nil {
		return Chunk{}, skip
	}
	if skip := score.conflict(at, true); skip != nil {
		return Chunk{}, skip
	}
	status, err := textStatus(string(c.TextStatus))
	if err != nil {
		return Chunk{}, skipf(ReasonWrongType, "%s.text_status: %v", at(), err)
	}
	if status == "" && text.key == textKeyContentParts && a.Content.partial {
		status = TextTruncated // an image part left out: not the whole of the chunk
	}
	if status == "" && c.Text != nil && strings.TrimSpace(text.val) == "" {
		status = TextEmpty // "text": "" is no text under an unknown key
	}
	out := Chunk{ID: id.val, Source: source.val, Text: text.val, Status: status, Embedding: c.Embedding.floats()}
	if score.key >= 0 {
		out.Score = &score.val
	}
	text.count(t)
	id.count(t)
	source.count(t)
	score.count(t)
	return out, nil
}

// textKeyContentParts is "content[].text" in aliasFields[fieldText].
const textKeyContentParts = 3

// chunkList is the Go type an answer's chunk list decodes into: fastList
// when every list in the record is a list of objects under canonical
// keys, lenientList otherwise (canonicalRecord).
type chunkList interface {
	// chunks returns the logged chunks; read is false when the key is
	// absent or null, other says what it held instead of chunks.
	chunks() (items []jsonChunk, read bool, other string)
}

// fastList decodes a list of chunk objects as the decoder does best.
type fastList []jsonChunk

func (l fastList) chunks() ([]jsonChunk, bool, string) { return l, l != nil, "" }

// lenientList decodes what a chunk-list key holds, whatever it is: a list
// of chunk objects (under any keys) or of texts is read, anything else is
// noted.
type lenientList struct {
	items []jsonChunk
	read  bool
	other string
}

func (l lenientList) chunks() ([]jsonChunk, bool, string) { return l.items, l.read, l.other }

func (l *lenientList) UnmarshalJSON(b []byte) error {
	*l = lenientList{}
	switch b[0] {
	case 'n':
		return nil
	case '[':
	default:
		l.other = withArticle(jsonKind(b))
		return nil
	}
	// A list of objects, as most are, decodes in one pass under both
	// kinds of keys.
	var all []struct {
		jsonChunk
		chunkAliases
	}
	err := json.Unmarshal(b, &all)
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		l.items, l.read = make([]jsonChunk, len(all)), true
		for i := range all {
			l.items[i] = all[i].jsonChunk
			l.items[i].aliases = &all[i].chunkAliases
		}
		return nil
	case errors.As(err, &te) && te.Field != "":
		// A chunk's field of the wrong kind: its path as the outer
		// decoder completes it ("score"), without the embedded type.
		te.Field = strings.TrimPrefix(te.Field, "jsonChunk.")
		return te
	case te == nil:
		return err
	}
	return l.texts(b)
}

// texts reads a list that is not a list of objects: a list of texts is
// the chunks' texts, anything else is noted.
func (l *lenientList) texts(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	items := make([]jsonChunk, len(raw))
	for i, r := range raw {
		var s flexString
		if r[0] != '"' || s.UnmarshalJSON(r) != nil {
			l.other = "a list of other values than chunks (objects) or texts"
			return nil
		}
		items[i] = jsonChunk{item: string(s), isItem: true}
	}
	l.items, l.read = items, true
	return nil
}

// numListKeys is the number of chunk-list keys (aliasFields[fieldList]).
const numListKeys = 8

// readList is the chunk list of one answer as read.
type readList struct {
	chunks []Chunk
	key    int  // the index of the key it was read from; -1: no retrieval logged
	noText bool // a chunk object has no text under any known key (needsKeys)
}

// chunkLists reads an answer's chunks from the keys applications log
// them under (aliases.go): the first key that holds a list of chunks, or
// none (key -1: no retrieval logged). Two keys holding different lists
// skip the record; msg is the answer's message (-1: the flat record), for
// positions in errors.
func chunkLists[L chunkList](lists [numListKeys]L, msg int, t *keyTally) (readList, *SkipError) {
	r := readList{key: -1}
	for k := range lists {
		items, read, other := lists[k].chunks()
		name := aliasFields[fieldList].keys[k]
		switch {
		case !read && other != "" && k == 0:
			return r, skipf(ReasonWrongType, "%s%s is %s, want a list of chunks (objects) or of their texts", answerAt(msg), name, other)
		case !read, k == listKeySources && len(items) > 0 && items[0].isItem:
			continue
		}
		// The first list read counts its keys; another, read only to be
		// compared with it, does not.
		counts := t
		if r.key >= 0 {
			counts = &keyTally{}
		}
		got, skip := convertChunks(items, msg, name, counts)
		switch {
		case skip != nil:
			return r, skip
		case r.key < 0:
			r.chunks, r.key = got, k
			r.noText = slices.ContainsFunc(items, func(c jsonChunk) bool { return !c.isItem }) &&
				slices.ContainsFunc(got, func(c Chunk) bool { return c.Text == "" && c.Status == "" })
		case !slices.EqualFunc(r.chunks, got, sameChunk):
			where := strings.TrimSuffix(answerAt(msg), ".")
			if where == "" {
				where = "the record"
			}
			return r, skipf(ReasonDuplicateKey, "%s holds chunk lists under %q and %q, and they differ: tools differ on which one counts; keep one (docs/formats.md lists the keys read)",
				where, aliasFields[fieldList].keys[r.key], name)
		}
	}
	if r.key >= 0 {
		t[fieldList][r.key]++
	}
	return r, nil
}

// answerAt is the position of message msg in errors ("messages[1].");
// "" for the flat record (-1).
func answerAt(msg int) string {
	if msg < 0 {
		return ""
	}
	return fmt.Sprintf("messages[%d].", msg)
}

// convertChunks reads the chunks of the list under key of message msg.
func convertChunks(in []jsonChunk, msg int, key string, t *keyTally) ([]Chunk, *SkipError) {
	if len(in) == 0 {
		return nil, nil
	}
	out := make([]Chunk, len(in))
	for i := range in {
		var skip *SkipError
		if out[i], skip = in[i].chunk(i, func() string { return fmt.Sprintf("%s%s[%d]", answerAt(msg), key, i) }, t); skip != nil {
			return nil, skip
		}
	}
	return out, nil
}

// sameChunk tells two chunks read from two keys apart.
func sameChunk(a, b Chunk) bool {
	return a.ID == b.ID && a.Source == b.Source && a.Text == b.Text && a.Status == b.Status &&
		(a.Score == nil) == (b.Score == nil) && (a.Score == nil || *a.Score == *b.Score) && slices.Equal(a.Embedding, b.Embedding)
}
