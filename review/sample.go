package review

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ragaudit/ragaudit/readers"
)

// Item is one citation to review: a line of the sample file, in the label
// schema without a label (readers.Label, whose sample fields it fills),
// and what the sample was drawn from. Review copies it into every label,
// so that a label file given with other logs can say which it needs.
type Item struct {
	Judgment
	DrawnFrom *DrawnFrom `json:"drawn_from,omitempty"`
}

// Judgment is readers.Label under a name that does not hide its Label
// field in Item.
type Judgment = readers.Label

// DrawnFrom is what a sample was drawn from: the logs as given to ragaudit
// sample, and its filters as flags.
type DrawnFrom struct {
	Logs    []string `json:"logs"`
	Filters []string `json:"filters,omitempty"` // the flags that choose the records: "--tenant", "acme", "--last", "200"
}

// String says it for a message: "logs/a.jsonl with --tenant acme", or
// "… with no filter".
func (d *DrawnFrom) String() string {
	logs := make([]string, len(d.Logs))
	for i, l := range d.Logs {
		logs[i] = l
		if l == readers.Stdin {
			logs[i] = "standard input"
		}
	}
	filters := "no filter"
	if len(d.Filters) > 0 {
		filters = strings.Join(d.Filters, " ")
	}
	return strings.Join(logs, ", ") + " with " + filters
}

// WriteSample writes items as JSONL, in review order.
func WriteSample(w io.Writer, items []Item) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range items {
		it := items[i]
		it.Label = ""
		if err := enc.Encode(&it); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// ReadSample reads a sample file: every line must be an item of one sample
// (same sample id, seed and configuration hash).
func ReadSample(path string) ([]Item, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var items []Item
	seen := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), readers.DefaultMaxLineBytes)
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var it Item
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		switch {
		case it.Sample == "" || it.ConfigHash == "":
			return nil, fmt.Errorf("%s:%d: not a line of a ragaudit sample (no sample id or config_hash): make one with ragaudit sample", path, line)
		case len(items) > 0 && (it.Sample != items[0].Sample || it.ConfigHash != items[0].ConfigHash || it.Seed != items[0].Seed):
			return nil, fmt.Errorf("%s:%d: belongs to another sample than line 1", path, line)
		case it.Label != "":
			return nil, fmt.Errorf("%s:%d: has a label: a sample file lists citations to review (did you give the labels file?)", path, line)
		}
		if prev, dup := seen[it.Key()]; dup {
			return nil, fmt.Errorf("%s:%d: the same citation as line %d", path, line, prev)
		}
		seen[it.Key()] = line
		it.Line = line
		items = append(items, it)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("%s: the sample is empty", path)
	}
	return items, nil
}
