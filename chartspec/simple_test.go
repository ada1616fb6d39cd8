package chartspec

import (
	"fmt"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/scalesite/scalesite/internal/yamlx"
)

// testSpecs are the specs of this package's tests, valid and not.
func testSpecs() []string {
	specs := []string{benchSpec, ok + chinchilla, isoSpec,
		"type: line\ntitle: Accuracy vs compute (0)\nx: {field: flops, title: Training FLOPs, scale: log}\ny: {field: acc, title: Average accuracy (%)}\nseries: model\ndata: |\n  model,flops,acc\n  a,1e19,39.3\n  a,2e19,41.2\n",
		"x:\n  field: flops\n  scale: log\n  min: -1\ny: {field: loss, max: 4}\ndata: runs.csv\nheight: 300\nlegend: false\nfit: {type: powerlaw, extrapolate: 1e24}\n",
		"x: flops\ny: loss\ndata: runs.csv\nx: params\nunknwn: 1\n",
	}
	for _, tt := range validTests {
		specs = append(specs, tt.src)
	}
	for _, tt := range errorTests {
		specs = append(specs, tt.src)
	}
	for _, tt := range wideErrorTests {
		specs = append(specs, tt.src)
	}
	for _, tt := range lawErrorTests {
		specs = append(specs, tt.src)
	}
	for _, tt := range markErrorTests {
		specs = append(specs, tt.src)
	}
	for _, tt := range groupErrorTests {
		specs = append(specs, tt.src)
	}
	return specs
}

// TestSimpleYAMLSameChart checks that reading plain YAML without the
// library (yamlx.ParseSimple) gives every test spec the same chart, or
// the same errors, as the library does, and that it reads enough of them
// for that to mean something.
func TestSimpleYAMLSameChart(t *testing.T) {
	read := 0
	for _, src := range testSpecs() {
		sameWithoutLibrary(t, src)
		if _, ok := yamlx.ParseSimple(FedToYAML([]byte(src))); ok {
			read++
		}
	}
	if read < 20 {
		t.Errorf("the simple reading took %d of the test specs, want at least 20", read)
	}
}

func FuzzSimpleYAML(f *testing.F) {
	for _, src := range testSpecs() {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return
		}
		sameWithoutLibrary(t, src)
	})
}

// sameWithoutLibrary fails t when src parses differently with and without
// the simple reading.
func sameWithoutLibrary(t *testing.T, src string) {
	t.Helper()
	c1, err1 := parse([]byte(src), at, true, true)
	c2, err2 := parse([]byte(src), at, true, false)
	if fmt.Sprint(err1) != fmt.Sprint(err2) {
		t.Fatalf("spec %q: the simple reading's errors:\n%v\nthe library's:\n%v", src, err1, err2)
	}
	if !reflect.DeepEqual(c1, c2) {
		t.Fatalf("spec %q: the simple reading's chart:\n%+v\nthe library's:\n%+v", src, c1, c2)
	}
}
