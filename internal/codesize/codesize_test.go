// Package codesize holds the repository's size rules as a test: no
// function over 80 lines and no non-test file over 800 lines, so that every
// room stays readable (gocyclo, in make check, bounds the complexity).
package codesize

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	maxFuncLines = 80
	maxFileLines = 800
)

func TestFunctionsAndFilesStaySmall(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	n := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata" || d.Name() == "bin") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			return err
		}
		n++
		if lines := strings.Count(string(src), "\n"); !strings.HasSuffix(p, "_test.go") && lines > maxFileLines {
			t.Errorf("%s: %d lines (at most %d): split it by what it holds", p, lines, maxFileLines)
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil {
				if lines := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1; lines > maxFuncLines {
					t.Errorf("%s: %s is %d lines (at most %d)", p, fn.Name.Name, lines, maxFuncLines)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("only %d Go files found: the walk does not see the repository", n)
	}
}
