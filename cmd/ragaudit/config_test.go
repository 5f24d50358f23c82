package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// A config is audited with the embedder it was fitted for: taken from the
// config when --embed is not given, and refused when --embed names
// another (its weights would read similarities that are not there).
func TestConfigNamesItsEmbedder(t *testing.T) {
	ex := testdata + "/example.jsonl"
	b, _ := json.Marshal(audit.ModelFile{Tool: "ragaudit", Embedder: "builtin", Model: audit.DefaultModel()})
	cfg := filepath.Join(t.TempDir(), "cfg.json")
	if err := os.WriteFile(cfg, b, 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "", "audit", "-q", "--bar", "0", "--config", cfg, ex)
	if r.code != exitPass {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var sum struct {
		Config struct {
			Embedder string `json:"embedder"`
		} `json:"config"`
	}
	if err := json.Unmarshal(readFile(t, filepath.Join(r.out, "summary.json")), &sum); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sum.Config.Embedder, "builtin") {
		t.Errorf("audited with embedder %q, want the config's builtin", sum.Config.Embedder)
	}
	if r := runCLI(t, "", "audit", "-q", "--bar", "0", "--embed", "none", "--config", cfg, ex); r.code != exitUsage ||
		!strings.Contains(r.stderr, "fitted for --embed builtin") {
		t.Errorf("--embed none with a builtin config: exit %d, %s", r.code, r.stderr)
	}
}
