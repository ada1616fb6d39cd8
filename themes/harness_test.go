package themes

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// harness runs n cases through testdata/harness.js in Node, which calls the
// pure functions of the theme's scripts (format.js, tooltip.js, ticks.js, labels.js,
// breaktext.js, colors.js), and returns one string per case.
func harness(t *testing.T, cases any, n int) []string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if testing.Short() {
			t.Skip("node not on PATH (needed to test the theme's scripts)")
		}
		t.Fatal("node not on PATH: the theme's scripts are tested in Node (use -short to skip)")
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "testdata/harness.js")
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node testdata/harness.js: %v\n%s", err, stderr.String())
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("harness output: %v\n%s", err, out)
	}
	if len(got) != n {
		t.Fatalf("harness returned %d results for %d cases", len(got), n)
	}
	for i, g := range got {
		if strings.HasPrefix(g, "ERROR: ") {
			t.Fatalf("case %d: %s", i, g)
		}
	}
	return got
}
