package lang

import (
	"embed"
	"fmt"
	"strings"
)

// files holds every table of the package: one file per language
// (data/<code>.txt), the stopword lists (data/stopwords/<code>.txt), the
// detector's evidence (data/detect.txt) and what all languages share
// (data/common.txt). Each starts with a header naming its source and
// licence.
//
//go:embed data
var files embed.FS

// table is a data file as read: its "key: value" lines before the first
// section, and the lines of each "[section]", comments ("#") and blank
// lines left out.
type table struct {
	name     string
	keys     map[string]string
	sections map[string][]string
}

// readTable reads data/<name>.
func readTable(name string) (*table, error) {
	b, err := files.ReadFile("data/" + name)
	if err != nil {
		return nil, err
	}
	t := &table{name: name, keys: map[string]string{}, sections: map[string][]string{}}
	section := ""
	for n, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case isSection(line):
			section = line[1 : len(line)-1]
			if _, dup := t.sections[section]; dup {
				return nil, fmt.Errorf("data/%s:%d: section [%s] twice", name, n+1, section)
			}
			t.sections[section] = nil
		case section == "":
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				return nil, fmt.Errorf("data/%s:%d: want \"key: value\" before the first section, got %q", name, n+1, line)
			}
			t.keys[strings.TrimSpace(k)] = strings.TrimSpace(v)
		default:
			t.sections[section] = append(t.sections[section], line)
		}
	}
	return t, nil
}

// isSection reports whether line is a section header: "[name]", the name
// of lower-case letters and hyphens (a regular expression line may also
// start with "[" and end with "]").
func isSection(line string) bool {
	name, ok := strings.CutPrefix(line, "[")
	if !ok {
		return false
	}
	if name, ok = strings.CutSuffix(name, "]"); !ok || name == "" {
		return false
	}
	return strings.Trim(name, "abcdefghijklmnopqrstuvwxyz-") == ""
}

// words returns the whitespace-separated words of a section's lines.
func (t *table) words(section string) []string {
	var out []string
	for _, line := range t.sections[section] {
		out = append(out, strings.Fields(line)...)
	}
	return out
}

// wordList reads a plain list of words (a stopword file), lowercased.
func wordList(name string) ([]string, error) {
	b, err := files.ReadFile("data/" + name)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, w := range strings.Fields(line) {
			out = append(out, strings.ToLower(w))
		}
	}
	return out, nil
}
