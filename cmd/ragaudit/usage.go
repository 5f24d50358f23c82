package main

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
)

// oneLineUsageErrors makes every command answer a usage error with one
// line on stderr, with a suggestion where one is close, instead of its
// whole help on stdout.
func oneLineUsageErrors(cmds []*cli.Command) {
	for _, cmd := range cmds {
		cmd.OnUsageError = func(c *cli.Context, err error, _ bool) error { return flagError(c.Command, err) }
		oneLineUsageErrors(cmd.Subcommands)
	}
}

var (
	reUndefinedFlag = regexp.MustCompile(`^flag provided but not defined: -+(.+)$`)
	reInvalidValue  = regexp.MustCompile(`^invalid value "(.*)" for flag -+([^:]+): (.*)$`)
	reSingleDash    = regexp.MustCompile(`(^|\s)-([a-z][a-z0-9-]+)`)
)

// flagError rewrites the flag parser's message for people: "unknown flag
// --bra: did you mean --bar?", "--bar 95: want …".
func flagError(cmd *cli.Command, err error) error {
	msg := err.Error()
	help := "(ragaudit --help)"
	if cmd.Name != "" {
		help = fmt.Sprintf("(ragaudit %s --help)", cmd.Name)
	}
	if m := reUndefinedFlag.FindStringSubmatch(msg); m != nil {
		if s := suggest(m[1], flagNames(cmd.Flags)); s != "" {
			return usageErr("unknown flag --%s: did you mean --%s? %s", m[1], s, help)
		}
		return usageErr("unknown flag --%s %s", m[1], help)
	}
	if m := reInvalidValue.FindStringSubmatch(msg); m != nil {
		why := m[3]
		if why == "parse error" {
			why = "not a value of this flag's kind (a number, a duration like 30s, true or false)"
		}
		return usageErr("--%s %s: %s %s", m[2], m[1], why, help)
	}
	return usageErr("%s %s", reSingleDash.ReplaceAllString(msg, "$1--$2"), help)
}

func flagNames(flags []cli.Flag) []string {
	var names []string
	for _, f := range flags {
		for _, n := range f.Names() {
			if len(n) > 1 {
				names = append(names, n)
			}
		}
	}
	return names
}

// suggest returns the candidate closest to s by edit distance, if it is
// close enough to be what was meant (at most a third of its letters
// wrong), or one that s is a prefix of.
func suggest(s string, candidates []string) string {
	best, bestD := "", math.MaxInt
	for _, c := range candidates {
		d := editDistance(s, c)
		if strings.HasPrefix(c, s) && len(s) >= 3 {
			d = min(d, 1)
		}
		if d < bestD || d == bestD && c < best {
			best, bestD = c, d
		}
	}
	if bestD <= max(1, len(s)/3) {
		return best
	}
	return ""
}

// editDistance is the optimal-string-alignment distance of a and b, by
// bytes: insertions, deletions, substitutions and swaps of two neighbours
// ("--bra" for "--bar") each cost one.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// rate is a flag value that is a share: 0.9 or 90%.
type rate float64

func (r *rate) Set(s string) error {
	v, err := parseRate(s)
	if err != nil {
		return err
	}
	*r = rate(v)
	return nil
}

func (r *rate) String() string { return strconv.FormatFloat(float64(*r), 'g', -1, 64) }

// parseRate reads "0.9" or "90%"; anything outside [0, 1] is refused with
// what to write instead.
func parseRate(s string) (float64, error) {
	t := strings.TrimSpace(s)
	pct := strings.HasSuffix(t, "%")
	num := strings.TrimSpace(strings.TrimSuffix(t, "%"))
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		// A decimal comma, as Dutch, German, French and Spanish write it.
		if point := strings.Replace(num, ",", ".", 1); strings.Count(num, ",") == 1 {
			if _, perr := strconv.ParseFloat(point, 64); perr == nil {
				if pct {
					point += "%"
				}
				return 0, fmt.Errorf("write the decimal with a point: %s", point)
			}
		}
		return 0, fmt.Errorf("want a rate between 0 and 1 (e.g. 0.9) or a percentage (90%%)")
	}
	if pct {
		v /= 100
	}
	if !(v >= 0 && v <= 1) { // NaN too
		if !pct && v > 1 && v <= 100 {
			return 0, fmt.Errorf("want a rate between 0 and 1: did you mean %s%%?", strconv.FormatFloat(v, 'g', -1, 64))
		}
		return 0, fmt.Errorf("want a rate between 0 and 1 (e.g. 0.9) or a percentage (90%%)")
	}
	return v, nil
}

// rateFlag is a flag that takes a rate.
func rateFlag(name string, value float64, usage string) *cli.GenericFlag {
	v := rate(value)
	return &cli.GenericFlag{Name: name, Value: &v, Usage: usage, DefaultText: strconv.FormatFloat(value, 'g', -1, 64)}
}

// rateOf reads a rate flag.
func rateOf(c *cli.Context, name string) float64 {
	if r, ok := c.Generic(name).(*rate); ok {
		return float64(*r)
	}
	return 0
}

// commandNames lists the app's commands, for suggestions.
func commandNames(cmds []*cli.Command) []string {
	var names []string
	for _, c := range cmds {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	return slices.Sorted(slices.Values(names))
}
