package review

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/ragaudit/ragaudit/readers"
)

// LabelFile is the reviewer's label file: every judgment is appended and
// synced to disk the moment it is given, so a server killed at any moment
// loses nothing given; read back, it says where to resume.
type LabelFile struct {
	// Repaired says what opening the file mended (a last line cut short
	// by a crash, never acknowledged to the reviewer, was removed).
	Repaired string
	// Carried counts the labels of an earlier, smaller sample of the same
	// seed and configuration that carry over to this one.
	Carried int
	path    string
	f       *os.File
	sample  []Item
	index   map[string]int // item key → position in sample
	labels  map[int]string // position → label in force
	history []int          // positions in the order judged, for undo
	now     func() time.Time
}

// OpenLabels opens (or creates) path as the label file of sample. A file
// made for another sample or another audit configuration is refused, as is
// one that judges citations the sample does not hold.
func OpenLabels(path string, sample []Item) (*LabelFile, error) {
	lf := &LabelFile{path: path, sample: sample, index: map[string]int{}, labels: map[int]string{}, now: time.Now}
	for i := range sample {
		lf.index[sample[i].Key()] = i
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	if err := lockLabels(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	lf.f = f
	if err := lf.load(); err != nil {
		f.Close()
		return nil, err
	}
	return lf, nil
}

// load replays the file's lines (not ReadLabels' summary of them: undo
// needs the order).
func (lf *LabelFile) load() error {
	b, err := os.ReadFile(lf.path)
	if err != nil {
		return err
	}
	if cut := bytes.LastIndexByte(b, '\n') + 1; cut < len(b) && !json.Valid(b[cut:]) {
		// A last line without its line feed is a write cut short by a
		// crash: the page moves on only once a label is synced whole.
		if err := lf.f.Truncate(int64(cut)); err != nil {
			return err
		}
		lf.Repaired = fmt.Sprintf("removed a last line cut short by a crash (%d bytes, never saved as a judgment)", len(b)-cut)
		b = b[:cut]
	}
	s0 := lf.sample[0]
	carried := map[int]bool{} // items whose standing label is a smaller sample's
	defer func() { lf.Carried = len(carried) }()
	for n, line := range splitLines(b) {
		if len(line) == 0 {
			continue
		}
		var l readers.Label
		if err := json.Unmarshal(line, &l); err != nil {
			return fmt.Errorf("%s:%d: %v", lf.path, n+1, err)
		}
		if err := l.CheckValue(lf.path); err != nil {
			return fmt.Errorf("%s:%d: %w", lf.path, n+1, err)
		}
		switch {
		case l.ConfigHash != s0.ConfigHash:
			return fmt.Errorf("%s:%d: made under another audit configuration (%s; this sample: %s): give the labels of this sample, or another --labels file", lf.path, n+1, l.Config, s0.Config)
		case l.Sample != s0.Sample && l.Seed != s0.Seed:
			return fmt.Errorf("%s:%d: made for another sample (%s, seed %d; this one is %s, seed %d): give another --labels file", lf.path, n+1, short(l.Sample), l.Seed, short(s0.Sample), s0.Seed)
		}
		i, ok := lf.index[l.Key()]
		if !ok || l.Sample != s0.Sample && l.Stratum != lf.sample[i].Stratum {
			return fmt.Errorf("%s:%d: judges a citation that is not in the sample (this sample is not a larger draw of the same seed over the same strata)", lf.path, n+1)
		}
		carried[i] = l.Sample != s0.Sample && l.Label != readers.LabelWithdrawn
		if !carried[i] {
			delete(carried, i)
		}
		lf.apply(i, l.Label)
	}
	return nil
}

func (lf *LabelFile) apply(i int, label string) {
	if label == readers.LabelWithdrawn {
		delete(lf.labels, i)
		for k := len(lf.history) - 1; k >= 0; k-- {
			if lf.history[k] == i {
				lf.history = append(lf.history[:k], lf.history[k+1:]...)
				break
			}
		}
		return
	}
	if _, ok := lf.labels[i]; ok {
		for k := len(lf.history) - 1; k >= 0; k-- {
			if lf.history[k] == i {
				lf.history = append(lf.history[:k], lf.history[k+1:]...)
				break
			}
		}
	}
	lf.labels[i] = label
	lf.history = append(lf.history, i)
}

// Give records a judgment of item i: appended and synced before it returns.
func (lf *LabelFile) Give(i int, label, reviewer string) error {
	if !readers.IsLabel(label) {
		return fmt.Errorf("label %q: want supported, partial, unsupported or cannot_judge", label)
	}
	if i < 0 || i >= len(lf.sample) {
		return fmt.Errorf("no item %d in the sample", i)
	}
	l := lf.sample[i]
	l.Label, l.Reviewer, l.LabelledAt, l.Line = label, reviewer, lf.now().UTC().Format(time.RFC3339), 0
	b, err := json.Marshal(&l)
	if err != nil {
		return err
	}
	if _, err := lf.f.Write(append(b, '\n')); err != nil {
		return err
	}
	if err := lf.f.Sync(); err != nil {
		return err
	}
	lf.apply(i, label)
	return nil
}

// Undo withdraws the latest judgment and returns its item (-1: none).
func (lf *LabelFile) Undo(reviewer string) (int, error) {
	if len(lf.history) == 0 {
		return -1, nil
	}
	i := lf.history[len(lf.history)-1]
	return i, lf.Give(i, readers.LabelWithdrawn, reviewer)
}

// Label returns item i's label in force ("" when unlabelled).
func (lf *LabelFile) Label(i int) string { return lf.labels[i] }

// Done counts the labelled items.
func (lf *LabelFile) Done() int { return len(lf.labels) }

// Next returns the first unlabelled item at or after from, wrapping
// around; -1 when every item is labelled.
func (lf *LabelFile) Next(from int) int {
	n := len(lf.sample)
	for k := 0; k < n; k++ {
		i := (from + k) % n
		if _, ok := lf.labels[i]; !ok {
			return i
		}
	}
	return -1
}

// Close closes the file.
func (lf *LabelFile) Close() error { return lf.f.Close() }

func splitLines(b []byte) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] != '\n' {
			i++
		}
		out = append(out, b[:i])
		if i < len(b) {
			i++
		}
		b = b[i:]
	}
	return out
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
