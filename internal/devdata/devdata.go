// Package devdata finds the labelled development sets for the tests
// behind the eval build tag. They live outside the repository: in the
// folder RAGAUDIT_DATA names (make eval sets it from DATA), else in
// ../shared/data beside the repository's root. A test that needs them
// fails, never skips, when they are not there.
package devdata

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Env is the variable naming the folder of the development sets.
const Env = "RAGAUDIT_DATA"

// Dir is the folder of the development sets, once each of needs (paths
// under it, such as "hagrid/dev.jsonl") is found there; else t fails,
// naming where it looked and how to point it elsewhere.
func Dir(t testing.TB, needs ...string) string {
	t.Helper()
	dir, err := find(needs)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// File is the path of one file of the development sets, such as
// "hagrid/dev.labels.jsonl"; t fails as with Dir when it is not there.
func File(t testing.TB, name string) string {
	t.Helper()
	return filepath.Join(Dir(t, name), filepath.FromSlash(name))
}

// find is Dir's folder, or an error that says where it looked.
func find(needs []string) (string, error) {
	dir, where := os.Getenv(Env), "named by "+Env
	if dir == "" {
		root, err := moduleRoot()
		if err != nil {
			return "", fmt.Errorf("the development sets: %v (set %s or make eval DATA=...)", err, Env)
		}
		dir, where = filepath.Join(root, "..", "shared", "data"), "the default: ../shared/data beside the repository"
	}
	if len(needs) == 0 {
		needs = []string{"."}
	}
	for _, n := range needs {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(n))); err != nil {
			return "", fmt.Errorf("the development sets are not at %s (%s; set %s or make eval DATA=...): %v", dir, where, Env, err)
		}
	}
	return dir, nil
}

// moduleRoot is the folder of the go.mod above the working directory (a
// test's is its package's folder).
func moduleRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		if filepath.Dir(dir) == dir {
			return "", errors.New("no go.mod above " + wd)
		}
	}
}
