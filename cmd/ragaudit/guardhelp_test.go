package main

import (
	"strings"
	"testing"
)

// check and serve share flags with audit where they mean the same; where
// they do not (what -q leaves out, what the floor does, where precomputed
// vectors are), each says what it does in that command.
func TestCheckAndServeDescribeTheirOwnFlags(t *testing.T) {
	for _, tc := range []struct {
		name, command string
		says, never   []string
	}{
		{name: "check's -q keeps the decision", command: "check",
			says:  []string{"the decision is printed as JSON all the same", "refused", "in the request"},
			never: []string{"status line", "the report is written", "flag answers", "in the logs"}},
		{name: "serve's -q keeps the address it listens on", command: "serve",
			says:  []string{"the line saying where it listens is printed all the same", "refused", "in the request"},
			never: []string{"status line", "the report is written", "flag answers", "in the logs"}},
		{name: "audit's -q is still audit's", command: "audit",
			says: []string{"the report is written all the same", "flag answers"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", "help", tc.command)
			for _, s := range tc.says {
				if !strings.Contains(r.stdout, s) {
					t.Errorf("%s --help does not say %q:\n%s", tc.command, s, r.stdout)
				}
			}
			for _, s := range tc.never {
				if strings.Contains(r.stdout, s) {
					t.Errorf("%s --help says %q, which is audit's:\n%s", tc.command, s, r.stdout)
				}
			}
		})
	}
}
