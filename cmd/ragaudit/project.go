package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/urfave/cli/v2"
	"gopkg.in/yaml.v3"
)

// projectFileNames are the names a project file may have, looked for in
// the working directory and its parents up to the repository root.
var projectFileNames = []string{"ragaudit.yaml", "ragaudit.yml", ".ragaudit.yaml"}

// pathFlags are flags whose value is a path: in a project file it is
// relative to the file's directory.
var pathFlags = []string{"mapping", "config", "out", "junit", "baseline", "labels", "embed-cache", "config-out", "sample"}

// projectFlags are the flags that choose the project file.
func projectFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "project", Usage: "project file of flag values (default: ragaudit.yaml in this directory or, in a git repository, a parent up to its root); flags given here win"},
		&cli.BoolFlag{Name: "no-project", Usage: "ignore any project file"},
	}
}

// applyProject fills the flags not given on the command line from the
// project file, and returns its path ("" when there is none).
func applyProject(c *cli.Context, all []*cli.Command) (string, error) {
	path := c.String("project")
	if path == "" && !c.Bool("no-project") {
		path = findProjectFile()
	}
	if path == "" || c.Bool("no-project") {
		return "", nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", usageErr("--project: %v", err)
	}
	var values map[string]any
	if err := yaml.Unmarshal(b, &values); err != nil {
		return "", usageErr("project file %s: %v", path, err)
	}
	known := map[string]bool{}
	for _, cmd := range all {
		for _, n := range flagNames(cmd.Flags) {
			known[n] = true
		}
	}
	mine := flagNames(c.Command.Flags)
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch {
		case k == "project" || k == "no-project":
			return "", usageErr("project file %s: %q cannot be set in a project file", path, k)
		case !known[k]:
			if s := suggest(k, slices.Sorted(maps.Keys(known))); s != "" {
				return "", usageErr("project file %s: unknown key %q: did you mean %q?", path, k, s)
			}
			return "", usageErr("project file %s: unknown key %q: keys are the flags of ragaudit's commands", path, k)
		case !slices.Contains(mine, k) || c.IsSet(k):
			continue // another command's flag, or given on the command line
		}
		if err := setFlag(c, k, values[k], filepath.Dir(path)); err != nil {
			return "", usageErr("project file %s: %s: %v", path, k, err)
		}
	}
	return path, nil
}

// setFlag sets flag name from a YAML value: a scalar, or a list for a
// repeatable flag.
func setFlag(c *cli.Context, name string, v any, dir string) error {
	items, isList := v.([]any)
	if !isList {
		items = []any{v}
	}
	for _, it := range items {
		switch it.(type) {
		case map[string]any, []any, nil:
			return fmt.Errorf("want a value or a list of values")
		}
		s := fmt.Sprint(it)
		if slices.Contains(pathFlags, name) && s != "" && s != "-" && !filepath.IsAbs(s) {
			s = filepath.Join(dir, s)
		}
		if err := c.Set(name, s); err != nil {
			return err
		}
	}
	return nil
}

// findProjectFile looks in the working directory and, inside a
// repository, its parents up to the directory holding .git. Outside a
// repository only the working directory counts: a file in some parent
// (a shared /tmp, a home directory) must not change a run unseen.
func findProjectFile() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	top := repositoryRoot(wd)
	if top == "" {
		top = wd
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		for _, n := range projectFileNames {
			p := filepath.Join(dir, n)
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				// Relative to the working directory, so that summary.json
				// names it the same on every machine.
				if rel, err := filepath.Rel(wd, p); err == nil {
					return rel
				}
				return p
			}
		}
		if dir == top || filepath.Dir(dir) == dir {
			return ""
		}
	}
}

// repositoryRoot is the nearest directory from dir up holding .git, or "".
func repositoryRoot(dir string) string {
	for {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
