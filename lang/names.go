package lang

import (
	"fmt"
	"strings"
	"sync"
)

// Name is the English name of a language code ("Dutch", "Italian",
// "Undetermined"): for every code Detect returns, the five of Get's
// included; an unknown code is its own name.
func Name(code string) string {
	if l, ok := Get(code); ok {
		return l.Name
	}
	if n, ok := names()[code]; ok {
		return n
	}
	return code
}

// names reads data/detect.txt's [names]: the languages without tables.
var names = sync.OnceValue(func() map[string]string {
	t, err := readTable("detect.txt")
	if err != nil {
		panic(err)
	}
	out := map[string]string{}
	for _, line := range t.sections["names"] {
		code, name, ok := strings.Cut(line, " ")
		if !ok || strings.TrimSpace(name) == "" {
			panic(fmt.Sprintf("lang: data/detect.txt: [names]: want \"code Name\", got %q", line))
		}
		out[code] = strings.TrimSpace(name)
	}
	return out
})
