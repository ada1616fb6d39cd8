// Command scalesite builds static sites of interactive scaling charts from
// Markdown pages and data files.
//
//	scalesite build [--source DIR] [--dest DIR] [--base-url URL] [--drafts]
//	scalesite check [--source DIR] [--drafts]
//	scalesite figure [--width 6.5in] [--out FILE|DIR] [--format svg|pdf|png] PAGE[#N]... | --all
//	scalesite new site DIR
//	scalesite new page NAME [--source DIR]
//	scalesite version
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/render"
)

// version is set at release time with -ldflags "-X main.version=v1.2.3".
var version = "dev"

const usage = `scalesite builds static sites of interactive scaling charts.

Usage:

	scalesite <command> [flags]

Commands:

	build     build the site into public/
	serve     preview the site with live reload as you edit
	check     check the site for errors and warnings, writing nothing
	figure    draw charts as SVG, PDF or PNG figures for papers and slides
	new       start a new site (new site DIR) or page (new page NAME)
	version   print the version of scalesite and of its ECharts

Run "scalesite <command> --help" for a command's flags.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// commands are the names run takes, for a did-you-mean on a typo.
var commands = []string{"build", "serve", "server", "check", "figure", "new", "version", "help"}

// run is the command with its arguments and outputs, so tests can call it.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "build":
		return runBuild(rest, stdout, stderr)
	case "serve", "server": // "server" as in Hugo
		return runServe(rest, stdout, stderr)
	case "check":
		return runCheck(rest, stdout, stderr)
	case "figure":
		return runFigure(rest, stdout, stderr)
	case "new":
		return runNew(rest, stdout, stderr)
	case "version":
		return runVersion(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 {
			return run([]string{rest[0], "--help"}, stdout, stderr)
		}
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "scalesite: unknown command %s%s\n\n%s", diag.Quote(cmd), diag.DidYouMean(cmd, commands), usage)
		return 2
	}
}

// newFlags returns a flag set that prints the command's help on -h/--help.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: scalesite %s\n\n%s\n", name, synopsis)
		any := false
		fs.VisitAll(func(*flag.Flag) { any = true })
		if any {
			fmt.Fprint(fs.Output(), "\nFlags:\n")
		}
		fs.VisitAll(func(f *flag.Flag) {
			names := "--" + f.Name
			if len(f.Name) == 1 {
				names = "-" + f.Name
			}
			arg, help := flag.UnquoteUsage(f)
			if d := f.DefValue; d != "" && d != "false" && !strings.Contains(help, "(default") {
				help += " (default " + d + ")"
			}
			fmt.Fprintf(fs.Output(), "  %s %s\n\t%s\n", names, arg, strings.ReplaceAll(help, "\n", "\n\t"))
		})
	}
	return fs
}

// parseFlags parses args; it returns a non-negative exit code when the
// command should stop (help asked for, or bad flags).
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) int {
	return parseFlagsArgs(fs, args, stdout, false)
}

// parseFlagsArgs is parseFlags for a command that takes arguments after
// its flags (withArgs) or none.
func parseFlagsArgs(fs *flag.FlagSet, args []string, stdout io.Writer, withArgs bool) int {
	// flag prints the usage itself, to the flag set's output (stderr), on
	// -h as on a bad flag; print it once, here, on stdout when asked for.
	// The error is printed here too, with a hint for a misspelled flag
	// or one of Hugo's.
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = usage
	fs.SetOutput(out)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fs.Usage()
		return 0
	}
	if err != nil {
		fmt.Fprintf(out, "%s%s\n", err, unknownFlagHint(fs, err))
		fs.Usage()
		return 2
	}
	if fs.NArg() > 0 && !withArgs {
		fmt.Fprintf(fs.Output(), "scalesite %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2
	}
	return -1
}

// licences is what `scalesite version` says of the licences of scalesite
// and of the libraries it embeds and copies into every site.
const licences = `scalesite is under the MIT License. It embeds, and copies into the sites it builds:
  Apache ECharts (Apache License 2.0), with ZRender (BSD 3-Clause) and tslib (0BSD):
    their licences and notices go beside the bundle, as assets/echarts-licenses.*.txt;
  KaTeX (MIT License), into sites with math: its licence goes beside it, as assets/katex-*/LICENSE.
It also embeds the DejaVu fonts (Bitstream Vera and Arev licences), which scalesite figure
  draws chart text with; their licence is dejavu-fonts-license.txt in the release archives.
`

func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("version", "Prints the version of scalesite, the commit it was built from, the ECharts and KaTeX versions it embeds, and their licences.", stderr)
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	commit := "unknown"
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				commit = s.Value[:min(12, len(s.Value))]
			}
		}
		if version == "dev" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			version = info.Main.Version
		}
	}
	ec := render.EChartsVersion()
	if ec == "" {
		ec = "not embedded (build with `make build`)"
	}
	fmt.Fprintf(stdout, "scalesite %s (commit %s), ECharts %s, KaTeX %s\n", version, commit, ec, katex.Version)
	fmt.Fprint(stdout, licences)
	return 0
}
