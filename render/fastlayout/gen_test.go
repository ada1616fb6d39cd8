package fastlayout

import (
	"bytes"
	"os"
	"testing"

	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/render/fastlayout/internal/gen"
	"github.com/scalesite/scalesite/themes"
)

// TestGeneratedIsCurrent: layouts_gen.go is what the generator makes of
// the built-in layouts as they are now, so an edited layout cannot leave a
// writer that writes the old one.
func TestGeneratedIsCurrent(t *testing.T) {
	want, err := gen.Generate(themes.Default(), gen.Builtin())
	if err != nil {
		t.Fatalf("the built-in layouts cannot be written in Go: %v", err)
	}
	got, err := os.ReadFile("layouts_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("render/fastlayout/layouts_gen.go is not what the built-in layouts make: run `go generate ./render/fastlayout` and commit it\n%s",
			chartcorpus.FirstDiff(got, want))
	}
}
