package scene

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/internal/chartcorpus"
)

var dumpOptions = flag.String("dump-options", "", "write the corpus' page options to this folder for scripts/bench/jsengines")

// TestDumpOptions writes the page options the Scene benchmarks draw, so
// that scripts/bench/jsengines (its own module, which cannot import this
// one's internal packages) times JavaScript engines on the very same
// bytes: corpus-NN.json for each chart of the test corpus and
// labelled-1000.json for BenchmarkLabelledScatter's 1,000 points. It does
// nothing unless -dump-options is given.
func TestDumpOptions(t *testing.T) {
	if *dumpOptions == "" {
		t.Skip("no -dump-options folder given")
	}
	if err := os.MkdirAll(*dumpOptions, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, opt []byte) {
		if err := os.WriteFile(filepath.Join(*dumpOptions, name+".json"), opt, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range chartcorpus.Charts(t, "../..") {
		write(fmt.Sprintf("corpus-%02d", i+1), chart.OptionBytes(chart.Option(c)))
	}
	write("labelled-1000", labelledScatter(t, 1000))
}
