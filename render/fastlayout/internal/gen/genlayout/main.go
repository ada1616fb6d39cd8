// Command genlayout writes package fastlayout's layouts_gen.go from the
// built-in theme's layouts (package gen): `go generate ./render/fastlayout`
// runs it in that folder.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/scalesite/scalesite/render/fastlayout/internal/gen"
	"github.com/scalesite/scalesite/themes"
)

func main() {
	out := flag.String("o", "layouts_gen.go", "the file to write")
	flag.Parse()
	src, err := gen.Generate(themes.Default(), gen.Builtin())
	if err == nil {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genlayout:", err)
		os.Exit(1)
	}
}
