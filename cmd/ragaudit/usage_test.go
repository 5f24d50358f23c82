package main

import (
	"strings"
	"testing"
)

// A mistake on the command line gets one line on stderr that says what to
// write instead, and nothing on stdout (no page of help to scroll past).
func TestUsageErrorsAreOneLineWithASuggestion(t *testing.T) {
	ex := testdata + "/example.jsonl"
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"a mistyped flag is named, with the flag meant", []string{"audit", "--bra", "0.9", ex}, "unknown flag --bra: did you mean --bar?"},
		{"a flag of another command is named, without a wild guess", []string{"audit", "--ablation", ex}, "unknown flag --ablation (ragaudit audit --help)"},
		{"a mistyped command is named, with the command meant", []string{"audti", ex}, `unknown command "audti": did you mean audit?`},
		{"a mistyped gate is named, with the gate meant", []string{"audit", "--fail-on", "fabricted", ex}, `--fail-on "fabricted": did you mean fabricated?`},
		{"a bar of 95 asks whether 95% was meant", []string{"audit", "--bar", "95", ex}, "--bar 95: want a rate between 0 and 1: did you mean 95%?"},
		{"a bar that is not a number says what is wanted", []string{"audit", "--bar", "high", ex}, "--bar high: want a rate between 0 and 1 (e.g. 0.9) or a percentage (90%)"},
		{"a mistyped global flag is named", []string{"--verison"}, "unknown flag --verison: did you mean --version?"},
		{"help for an unknown command suggests one", []string{"help", "adit"}, `no command "adit": did you mean audit?`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", tc.args...)
			if r.code != exitUsage {
				t.Errorf("exit %d, want %d", r.code, exitUsage)
			}
			if r.stdout != "" {
				t.Errorf("stdout %q, want nothing", r.stdout)
			}
			if lines := strings.Count(r.stderr, "\n"); lines != 1 || !strings.Contains(r.stderr, tc.want) {
				t.Errorf("stderr %q (%d lines), want one line with %q", r.stderr, lines, tc.want)
			}
		})
	}
}

// --bar reads a rate or a percentage alike.
func TestBarTakesAPercentage(t *testing.T) {
	for _, bar := range []string{"0.95", "95%", " 95 %"} {
		r := runCLI(t, "", "audit", "-q", "--bar", bar, testdata+"/example.jsonl")
		if got := summaryOf(t, r)["bar"]; got != 0.95 {
			t.Errorf("--bar %q: summary bar %v, want 0.95", bar, got)
		}
	}
}

// help and version are commands, as users of other CLIs expect.
func TestHelpAndVersionCommands(t *testing.T) {
	if r := runCLI(t, "", "version"); r.code != exitPass || !strings.HasPrefix(r.stdout, "ragaudit "+version+" (go") {
		t.Errorf("version: exit %d, %q", r.code, r.stdout)
	}
	if r := runCLI(t, "", "help"); r.code != exitPass || !strings.Contains(r.stdout, "audit") || !strings.Contains(r.stdout, "calibrate") {
		t.Errorf("help: exit %d, %q", r.code, r.stdout)
	}
	if r := runCLI(t, "", "help", "audit"); r.code != exitPass || !strings.Contains(r.stdout, "--bar") {
		t.Errorf("help audit: exit %d, %q", r.code, r.stdout)
	}
	for _, flag := range []string{"--help", "-h"} {
		if r := runCLI(t, "", flag); r.code != exitPass || !strings.Contains(r.stdout, "calibrate") || r.stderr != "" {
			t.Errorf("ragaudit %s: exit %d, stdout %q, stderr %q", flag, r.code, r.stdout, r.stderr)
		}
	}
	// No command at all is a usage error: a script that lost its command
	// must not pass. The help goes to stderr, stdout stays empty.
	if r := runCLI(t, ""); r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, "calibrate") || strings.Contains(r.stderr, "ragaudit: ") {
		t.Errorf("ragaudit without arguments: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if r := runCLI(t, "", "--version"); r.code != exitPass || !strings.HasPrefix(r.stdout, "ragaudit "+version+" (go") {
		t.Errorf("--version: %q", r.stdout)
	}
	if r := runCLI(t, "", "gen", "50"); r.code != exitUsage || !strings.Contains(r.stderr, "ragaudit gen -n 50") {
		t.Errorf("gen 50: exit %d %q", r.code, r.stderr)
	}
}
