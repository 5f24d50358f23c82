package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

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

// project is what applyProject read: the file's path ("" when there is
// none), and the --fail-on gates of the file and the command line merged
// (nil when the command line gives none: the flag then holds the file's).
type project struct {
	path   string
	failOn []string
}

// applyProject fills the flags not given on the command line from the
// project file. A flag given on the command line wins, a list flag's
// whole list too (--tenant acme audits acme alone), but for --fail-on:
// gates add up, so the command line's add to the file's, and one of the
// same name replaces the file's, said on stderr.
func applyProject(c *cli.Context, all []*cli.Command) (project, error) {
	path := c.String("project")
	if path == "" && !c.Bool("no-project") {
		path = findProjectFile()
	}
	if path == "" || c.Bool("no-project") {
		return project{}, nil
	}
	p := project{path: path}
	b, err := os.ReadFile(path)
	if err != nil {
		return p, usageErr("--project: %v", err)
	}
	var raw map[string]any
	if err := yaml.Unmarshal(b, &raw); err != nil {
		return p, usageErr("project file %s: %v", path, err)
	}
	// A key may be written as the flag is (citation-regex) or with
	// underscores, as validator configurations write them (citation_regex).
	values := make(map[string]any, len(raw))
	for k, v := range raw {
		name := strings.ReplaceAll(k, "_", "-")
		if _, dup := values[name]; dup {
			return p, usageErr("project file %s: %q is given twice (with - and with _)", path, name)
		}
		values[name] = v
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
	var replaced []string
	for _, k := range keys {
		switch {
		case k == "project" || k == "no-project":
			return p, usageErr("project file %s: %q cannot be set in a project file", path, k)
		case !known[k]:
			if s := suggest(k, slices.Sorted(maps.Keys(known))); s != "" {
				return p, usageErr("project file %s: unknown key %q: did you mean %q?", path, k, s)
			}
			return p, usageErr("project file %s: unknown key %q: keys are the flags of ragaudit's commands", path, k)
		case !slices.Contains(mine, k):
			continue // another command's flag
		case slices.Contains(mergeFlags, k) && c.IsSet("shard"):
			continue // a shard leaves the bar, gates and labels to the merge, which reads this file too
		case k == "fail-on" && c.IsSet(k):
			fromFile, err := yamlValues(values[k])
			if err != nil {
				return p, usageErr("project file %s: %s: %v", path, k, err)
			}
			p.failOn, replaced = mergeFailOn(fromFile, c.StringSlice(k))
			continue
		case c.IsSet(k):
			continue // given on the command line
		}
		if err := setFlag(c, k, values[k], filepath.Dir(path)); err != nil {
			return p, usageErr("project file %s: %s: %v", path, k, err)
		}
	}
	if !c.Bool("quiet") {
		for i := 0; i < len(replaced); i += 2 {
			fmt.Fprintf(c.App.ErrWriter, "ragaudit: --fail-on %s replaces %s of %s\n", replaced[i], replaced[i+1], path)
		}
	}
	return p, nil
}

// mergeFailOn adds the command line's gates to the project file's: a gate
// of the same name (uncited=5 for uncited=2%) takes the file's place, the
// others follow. replaced lists each replacement as (flag's, file's).
func mergeFailOn(fromFile, fromFlags []string) (merged, replaced []string) {
	placed := make([]bool, len(fromFlags))
	for _, spec := range fromFile {
		i := slices.IndexFunc(fromFlags, func(f string) bool { return gateName(f) == gateName(spec) })
		if i < 0 {
			merged = append(merged, spec)
			continue
		}
		if !placed[i] {
			merged, placed[i] = append(merged, fromFlags[i]), true
		}
		replaced = append(replaced, fromFlags[i], spec)
	}
	for i, f := range fromFlags {
		if !placed[i] {
			merged = append(merged, f)
		}
	}
	return merged, replaced
}

// gateName is the name of a --fail-on spec: "uncited" of "uncited=2%".
func gateName(spec string) string {
	name, _, _ := strings.Cut(spec, "=")
	return strings.TrimSpace(name)
}

// setFlag sets flag name from a YAML value: a scalar, or a list for a
// repeatable flag.
func setFlag(c *cli.Context, name string, v any, dir string) error {
	items, err := yamlValues(v)
	if err != nil {
		return err
	}
	for _, s := range items {
		if slices.Contains(pathFlags, name) && s != "" && s != "-" && !filepath.IsAbs(s) {
			s = filepath.Join(dir, s)
		}
		if err := c.Set(name, s); err != nil {
			return err
		}
	}
	return nil
}

// yamlValues reads a project file's value: a scalar, or a list of them.
func yamlValues(v any) ([]string, error) {
	items, isList := v.([]any)
	if !isList {
		items = []any{v}
	}
	var out []string
	for _, it := range items {
		switch it.(type) {
		case map[string]any, []any, nil:
			return nil, fmt.Errorf("want a value or a list of values")
		}
		out = append(out, fmt.Sprint(it))
	}
	return out, nil
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
