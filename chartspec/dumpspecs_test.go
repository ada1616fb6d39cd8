package chartspec_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/internal/chartcorpus"
)

var dumpSpecs = flag.String("dump-specs", "", "write the benchmark specs to this folder for scripts/bench/yamlcmp")

// TestDumpSpecs writes the specs BenchmarkParseSynthetic and
// BenchmarkParseCorpus parse, so that scripts/bench/yamlcmp (its own module,
// which cannot import this one's internal packages) times YAML libraries on
// the very same bytes. For each spec it writes NAME.yaml (the spec as
// written) and NAME.fed.yaml (what Parse hands the YAML library). It does
// nothing unless -dump-specs is given.
func TestDumpSpecs(t *testing.T) {
	if *dumpSpecs == "" {
		t.Skip("no -dump-specs folder given")
	}
	if err := os.MkdirAll(*dumpSpecs, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, spec string) {
		for file, text := range map[string][]byte{
			name + ".yaml":     []byte(spec),
			name + ".fed.yaml": chartspec.FedToYAML([]byte(spec)),
		} {
			if err := os.WriteFile(filepath.Join(*dumpSpecs, file), text, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, spec := range syntheticSpecs(t) {
		write(fmt.Sprintf("synthetic-%d", i+1), spec)
	}
	for i, spec := range chartcorpus.Specs {
		write(fmt.Sprintf("corpus-%02d", i+1), spec)
	}
}
