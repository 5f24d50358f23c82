package readers

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"os"
)

// An adapter converts one provider response format into canonical
// records. Provider responses are single JSON documents (often
// pretty-printed), optionally wrapped by the app's logger in an object with
// "_log" {conversation_id, tenant, agent, logged_at}.
type adapter struct {
	name    string
	detect  func(doc map[string]any) bool
	convert func(doc map[string]any) (Record, error)
	// group, for trace exports, assembles records from all the lines of a
	// file (spans or runs of one conversation are spread over lines).
	group func(in traceInput) ([]Record, []*SkipError)
}

// traceInput is what a trace adapter assembles: the documents that parsed,
// with the line each starts on, and the traces named by lines that did not
// parse (their conversations are audited with a warning: a span is lost).
type traceInput struct {
	docs    []map[string]any
	lines   []int
	damaged map[string][]int // trace id → unreadable lines naming it
}

// Formats lists the provider formats ragaudit reads besides canonical
// JSONL and Parquet (for --format and the README).
func Formats() []string {
	names := []string{"jsonl", "parquet"}
	for _, a := range adapters {
		names = append(names, a.name)
	}
	return names
}

var adapters = []adapter{
	{name: "anthropic", detect: func(d map[string]any) bool {
		return get(d, "response", "content") != nil && get(d, "request", "messages") != nil
	},
		convert: anthropic},
	{name: "openai-responses", detect: func(d map[string]any) bool { return str(get(d, "object")) == "response" && get(d, "output") != nil },
		convert: openAIResponses},
	{name: "gemini", detect: func(d map[string]any) bool { return get(d, "candidates") != nil },
		convert: gemini},
	{name: "cohere", detect: func(d map[string]any) bool { return get(d, "response", "message", "citations") != nil },
		convert: cohere},
	{name: "dify", detect: func(d map[string]any) bool { return get(d, "retriever_resources") != nil && get(d, "answer") != nil },
		convert: dify},
	{name: "openai-assistants", detect: func(d map[string]any) bool { return str(get(d, "message", "object")) == "thread.message" },
		convert: openAIAssistants},
	{name: "bedrock", detect: func(d map[string]any) bool { return get(d, "output", "text") != nil && get(d, "citations") != nil },
		convert: bedrock},
	{name: "azure-on-your-data", detect: func(d map[string]any) bool { return get(d, "choices", 0, "message", "context", "citations") != nil },
		convert: azureOnYourData},
	{name: "langfuse", detect: func(d map[string]any) bool {
		return get(d, "trace_id") != nil && get(d, "parent_observation_id") != nil && get(d, "type") != nil
	}, group: langfuse},
	{name: "openinference", detect: func(d map[string]any) bool { return get(d, "resourceSpans") != nil }, group: openInferenceOTLP},
	{name: "phoenix", detect: func(d map[string]any) bool { return get(d, "context.span_id") != nil && get(d, "span_kind") != nil },
		group: phoenixRows},
	{name: "langsmith", detect: func(d map[string]any) bool { return get(d, "run_type") != nil && get(d, "dotted_order") != nil },
		group: langsmith},
	{name: "openai-chat-url-citation", detect: func(d map[string]any) bool {
		return str(get(d, "object")) == "chat.completion" && get(d, "choices", 0, "message", "annotations") != nil
	}, convert: openAIChatURLCitations},
}

// sniffBytes is how much of the start of an input decides whether it is
// canonical JSONL (streamed) or provider documents (read whole).
const sniffBytes = 64 << 10

// pickAdapter returns the named adapter, or when format is "" the one
// most documents match (the first in the file on a tie), so that a stray
// line does not decide the format of the rest.
func pickAdapter(docs []map[string]any, format string) (adapter, bool) {
	if format != "" {
		for _, a := range adapters {
			if a.name == format {
				return a, true
			}
		}
		return adapter{}, false
	}
	votes := make([]int, len(adapters))
	first := make([]int, len(adapters))
	best := -1
	for i, d := range docs {
		for k, a := range adapters {
			if a.detect(d) {
				if votes[k] == 0 {
					first[k] = i
				}
				votes[k]++
				if best < 0 || votes[k] > votes[best] || votes[k] == votes[best] && first[k] < first[best] {
					best = k
				}
				break
			}
		}
	}
	if best < 0 {
		return adapter{}, false
	}
	return adapters[best], true
}

// looksCanonical sniffs the start of a file: a first line that is a
// canonical record (gzip undone) means the streaming JSONL reader;
// anything else may be a provider document.
func looksCanonical(path string) bool {
	if path == Stdin {
		return true
	}
	f, err := os.Open(path)
	if err != nil {
		return true // let the JSONL reader report it
	}
	defer f.Close()
	head := make([]byte, sniffBytes)
	n, _ := io.ReadFull(f, head)
	return headLooksCanonical(head[:n])
}

// headLooksCanonical is looksCanonical on the first bytes of an input as
// stored.
func headLooksCanonical(head []byte) bool {
	if len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(head))
		if err != nil {
			return true // let the JSONL reader report it
		}
		// The head of a longer stream ends mid-way: what decoded is enough.
		head, _ = io.ReadAll(io.LimitReader(zr, sniffBytes))
	}
	if enc := utf16ByBOM(bufio.NewReader(bytes.NewReader(head))); enc != nil {
		head, _ = enc.NewDecoder().Bytes(head[:len(head)&^1]) // whole code units
	}
	head = bytes.TrimPrefix(head, utf8BOM)
	// The first line that is a JSON object decides, so that a broken
	// first line does not hide the format of the rest (a nested object of
	// a pretty-printed document is indented, so it does not count).
	for _, line := range bytes.Split(head, []byte("\n")) {
		var d map[string]any
		if !bytes.HasPrefix(line, []byte("{")) || json.Unmarshal(line, &d) != nil || d == nil {
			continue
		}
		return d["messages"] != nil || (d["answer"] != nil && d["retriever_resources"] == nil)
	}
	// A pretty-printed document, or broken lines: a provider document if
	// the file parses, else JSONL's errors.
	return !bytes.HasPrefix(bytes.TrimSpace(head), []byte("{")) || bytes.Count(head, []byte("\n")) < 2
}

// IsParquet reports whether path is a Parquet file (by its magic bytes).
func IsParquet(path string) bool {
	if path == Stdin {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	magic := make([]byte, 4)
	_, err = io.ReadFull(f, magic)
	return err == nil && string(magic) == parquetMagic
}

// Open streams the records of path in whatever supported format it is:
// Parquet (by its magic bytes), a provider response format (by its
// content, or opts.Format), or JSONL (plain or gzip; "-" is stdin).
func Open(path string, opts Options, stats *FileStats) iter.Seq2[Record, error] {
	if len(opts.Mappings) > 0 && !IsParquet(path) {
		return Mapped(path, opts.Mappings, opts.MappingName, opts, stats)
	}
	switch opts.Format {
	case "", "auto":
		if IsParquet(path) {
			return Parquet(path, stats)
		}
		if seq, ok := OpenDocument(path, &opts, stats); ok {
			return seq
		}
	case "parquet":
		return Parquet(path, stats)
	case "jsonl":
	default:
		seq, ok := OpenDocument(path, &opts, stats)
		if !ok {
			return func(yield func(Record, error) bool) {
				yield(Record{}, fmt.Errorf("%s: not readable as --format %s (one JSON document, or one per line)", path, opts.Format))
			}
		}
		return seq
	}
	return JSONL(path, opts, stats)
}
