package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/embed"
)

// tiny is a hand-made file in the package's layout: 3 dimensions, then the
// L2 norm and the index.
const tiny = `{"precision":8,"l2NormIndex":3,"wordIndex":4,"size":6,"dimensions":3,
"words":["the",",","refund","U.S.","e-mail","warranty"],
"vectors":{"the":[0.1,-0.2,0.3,0.37,0],",":[1,1,1,1.7,1],"refund":[0.5,0.25,-1,1.1,2],
"U.S.":[0,0,1,1,3],"e-mail":[-0.3,0.3,0,0.42,4],"warranty":[0.2,0.2,0.2,0.35,5]}}`

func TestRunIsReproducible(t *testing.T) {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "package")
	os.Mkdir(pkg, 0o755)
	if err := os.WriteFile(filepath.Join(pkg, sourceFile), []byte(tiny), 0o644); err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(dir, "a.bin"), filepath.Join(dir, "b.bin")
	// By file, and by the directory npm pack unpacks into.
	if err := run(filepath.Join(pkg, sourceFile), a, 3); err != nil {
		t.Fatal(err)
	}
	if err := run(dir, b, 3); err != nil {
		t.Fatal(err)
	}
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	if len(ab) == 0 || !bytes.Equal(ab, bb) {
		t.Fatalf("two runs differ (%d vs %d bytes)", len(ab), len(bb))
	}
	vs, err := embed.Read(bytes.NewReader(ab))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"the", "refund", "e-mail"}; vs.Dims != 3 || !reflect.DeepEqual(vs.Words, want) {
		t.Fatalf("%d dims, words %q, want 3 and %q", vs.Dims, vs.Words, want)
	}
	// refund = (0.5, 0.25, -1): scale 1/127, values 64, 32, -127.
	if q := vs.Data[3:6]; q[0] != 64 || q[1] != 32 || q[2] != -127 || vs.Scales[1] != float32(1.0/127) {
		t.Errorf("refund quantised to %v × %v", q, vs.Scales[1])
	}
	if err := run(dir, filepath.Join(dir, "c.bin"), 5); err == nil || !strings.Contains(err.Error(), "only 4 plain words") {
		t.Errorf("asking for more words than there are: %v", err)
	}
}

func TestParseRejectsOtherLayouts(t *testing.T) {
	for name, in := range map[string]string{
		"index out of order": strings.Replace(tiny, `"refund":[0.5,0.25,-1,1.1,2]`, `"refund":[0.5,0.25,-1,1.1,7]`, 1),
		"missing vector":     strings.Replace(tiny, `"warranty":[0.2,0.2,0.2,0.35,5]`, `"other":[0.2,0.2,0.2,0.35,5]`, 1),
		"short vector":       strings.Replace(tiny, `"the":[0.1,-0.2,0.3,0.37,0]`, `"the":[0.1,-0.2]`, 1),
		"wrong size":         strings.Replace(tiny, `"size":6`, `"size":7`, 1),
		"not json":           "words",
	} {
		if _, err := parse(strings.NewReader(in)); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
	if _, err := parse(strings.NewReader(tiny)); err != nil {
		t.Errorf("tiny: %v", err)
	}
}
