package review

import (
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
	if _, err := os.Stat(path); err == nil {
		if err := lf.load(); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	lf.f = f
	return lf, nil
}

// load replays the file's lines (not ReadLabels' summary of them: undo
// needs the order).
func (lf *LabelFile) load() error {
	b, err := os.ReadFile(lf.path)
	if err != nil {
		return err
	}
	s0 := lf.sample[0]
	for n, line := range splitLines(b) {
		if len(line) == 0 {
			continue
		}
		var l readers.Label
		if err := json.Unmarshal(line, &l); err != nil {
			return fmt.Errorf("%s:%d: %v", lf.path, n+1, err)
		}
		switch {
		case l.ConfigHash != s0.ConfigHash:
			return fmt.Errorf("%s:%d: made under another audit configuration (config_hash %s, the sample's %s): give the labels of this sample, or another --labels file", lf.path, n+1, short(l.ConfigHash), short(s0.ConfigHash))
		case l.Sample != s0.Sample:
			return fmt.Errorf("%s:%d: made for another sample (%s, this one is %s): give another --labels file", lf.path, n+1, short(l.Sample), short(s0.Sample))
		}
		i, ok := lf.index[l.Key()]
		if !ok {
			return fmt.Errorf("%s:%d: judges a citation that is not in the sample", lf.path, n+1)
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
	switch label {
	case readers.LabelSupported, readers.LabelPartial, readers.LabelUnsupported, readers.LabelCannotJudge, readers.LabelWithdrawn:
	default:
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
