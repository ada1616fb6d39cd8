// Package corpus reads the bad-input corpus of pipeline/testdata/bad: the
// ways to break a site that `scalesite build` (pipeline's TestBadInputCorpus)
// and `scalesite serve` (cmd/scalesite's TestServeHostileInputs) are
// tested against. Each case is laid over a good site with Case.Apply.
package corpus

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// The corpus is a folder of txtar archives (the format of
// golang.org/x/tools/txtar, read here by a few lines of code): a comment,
// then files, each introduced by a line "-- NAME --".
//
// In a case, the comment's first line says what the case is; the lines after
// it are directives (see Case.Apply), blank lines and "#" notes. The files
// are laid over the base site (_base.txtar), except two sections: "want"
// holds the problems the build must fail with, one per line as the command
// prints them without its "error: " prefix ("file:line:col: message"), and
// "warn" the warnings a build that must succeed prints, without "warning"
// and with their names in brackets ("[NAME] file:line: message").

// Archive is a parsed txtar file.
type Archive struct {
	Comment []byte
	Files   []File
}

// File is one file of an Archive.
type File struct {
	Name string
	Data []byte
}

// Parse reads a txtar archive. It never fails: text before the first
// file marker is the comment, and a file holds the lines up to the next marker.
func Parse(data []byte) *Archive {
	a := &Archive{}
	var name string
	a.Comment, name, data = nextFile(data)
	for name != "" {
		f := File{Name: name}
		f.Data, name, data = nextFile(data)
		a.Files = append(a.Files, f)
	}
	return a
}

// nextFile returns the text before the next file marker line, the marker's
// file name ("" at the end) and the text after the marker line.
func nextFile(data []byte) (before []byte, name string, after []byte) {
	for i := 0; i < len(data); {
		line, rest, _ := bytes.Cut(data[i:], []byte("\n"))
		if n, ok := markerName(line); ok {
			return data[:i], n, rest
		}
		i += len(line) + 1
	}
	return data, "", nil
}

func markerName(line []byte) (string, bool) {
	s, ok := strings.CutPrefix(string(line), "-- ")
	if !ok {
		return "", false
	}
	s, ok = strings.CutSuffix(s, " --")
	s = strings.TrimSpace(s)
	return s, ok && s != ""
}

// Format writes the archive back: Parse(a.Format()) equals a when every
// file's text ends in a newline.
func (a *Archive) Format() []byte {
	var b bytes.Buffer
	b.Write(a.Comment)
	for _, f := range a.Files {
		fmt.Fprintf(&b, "-- %s --\n", f.Name)
		b.Write(f.Data)
		if len(f.Data) > 0 && f.Data[len(f.Data)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// Section returns the lines of the named file of the archive, and whether
// it is there.
func (a *Archive) Section(name string) ([]string, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			s := strings.TrimSuffix(string(f.Data), "\n")
			if s == "" {
				return nil, true
			}
			return strings.Split(s, "\n"), true
		}
	}
	return nil, false
}

// SetSection replaces the named file with lines, or drops it when keep is
// false; other files keep their place.
func (a *Archive) SetSection(name string, lines []string, keep bool) {
	i := slices.IndexFunc(a.Files, func(f File) bool { return f.Name == name })
	if !keep {
		if i >= 0 {
			a.Files = slices.Delete(a.Files, i, i+1)
		}
		return
	}
	var data []byte
	for _, l := range lines {
		data = append(data, l+"\n"...)
	}
	if i < 0 {
		a.Files = append(a.Files, File{Name: name, Data: data})
		return
	}
	a.Files[i].Data = data
}

// Case is one case of the corpus.
type Case struct {
	Name, Path string
	Archive    *Archive
	Desc       string     // what the case is: the first line
	Directives [][]string // each a directive's fields (forbid, timeout and command are read into the fields below)
	Files      map[string][]byte
	Want, Warn []string
	HasWant    bool          // the archive has a want section: the build must fail with Want
	IsWarn     bool          // it has a warn section: the build must succeed, printing Warn
	Forbid     []string      // text that must not reach the output or the terminal
	Timeout    time.Duration // a tighter bound the case sets on the build, 0 for none
	Command    string        // the command the corpus runs on the case: "build" or "check"
}

// Load reads the case at path (dir/NAME.txtar). Which of the want and warn
// sections it must have is the caller's to check.
func Load(t testing.TB, path string) *Case {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := Parse(data)
	c := &Case{
		Name:    strings.TrimSuffix(filepath.Base(path), ".txtar"),
		Path:    path,
		Archive: a,
		Files:   map[string][]byte{},
		Command: "build",
	}
	lines := strings.Split(strings.TrimSuffix(string(a.Comment), "\n"), "\n")
	c.Desc = strings.TrimSpace(lines[0])
	if c.Desc == "" {
		t.Fatalf("%s: the first line must say what the case is", path)
	}
	for _, l := range lines[1:] {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		d := strings.Fields(l)
		switch d[0] {
		case "forbid":
			c.Forbid = append(c.Forbid, strings.TrimSpace(strings.TrimPrefix(l, "forbid")))
		case "timeout":
			if len(d) != 2 {
				t.Fatalf("%s: %q: want timeout DURATION", path, l)
			}
			if c.Timeout, err = time.ParseDuration(d[1]); err != nil {
				t.Fatalf("%s: %q: %v", path, l, err)
			}
		case "command":
			if len(d) != 2 || (d[1] != "build" && d[1] != "check") {
				t.Fatalf("%s: %q: want command build|check", path, l)
			}
			c.Command = d[1]
		case "remove", "mkdir", "fifo", "unescape":
			if len(d) != 2 {
				t.Fatalf("%s: %q: want %s PATH", path, l, d[0])
			}
		case "symlink":
			if len(d) != 4 || d[2] != "->" {
				t.Fatalf("%s: %q: want symlink PATH -> TARGET", path, l)
			}
		case "generate":
			if len(d) != 4 {
				t.Fatalf("%s: %q: want generate PATH SIZE KIND", path, l)
			}
		case "repeat":
			if n, err := strconv.Atoi(d[min(2, len(d)-1)]); len(d) != 3 || err != nil || n < 1 {
				t.Fatalf("%s: %q: want repeat PATH COUNT", path, l)
			}
		case "encode":
			if len(d) != 3 {
				t.Fatalf("%s: %q: want encode PATH utf-16le|utf-16be", path, l)
			}
		default:
			t.Fatalf("%s: unknown directive %q", path, l)
		}
		if d[0] != "forbid" && d[0] != "timeout" && d[0] != "command" {
			c.Directives = append(c.Directives, d)
		}
	}
	c.Want, c.HasWant = a.Section("want")
	c.Warn, c.IsWarn = a.Section("warn")
	for _, f := range a.Files {
		if f.Name != "want" && f.Name != "warn" {
			c.Files[f.Name] = f.Data
		}
	}
	return c
}

// Apply lays the case over the site at src: removals, folders and the
// transforms of files first, in the order of their lines, then the files are
// written, then the links and pipes made.
//
//	remove PATH               delete a file or folder of the base site
//	mkdir PATH                make an (empty) folder
//	generate PATH SIZE KIND   fill PATH with generated text (see generate)
//	unescape PATH             decode \xHH, \n, \t, \r and \\ in PATH, and drop its final newline
//	encode PATH utf-16le      re-encode PATH (UTF-8 text) as UTF-16 with a byte order mark
//	repeat PATH COUNT         PATH (as the lines before made it) also written COUNT times more, as NAME-1.EXT … NAME-COUNT.EXT beside it: a site of many pages (in a folder of
//	                          the case's own, which taking the case off removes whole)
//	(the archive's files)     written, replacing the base site's
//	symlink PATH -> TARGET    PATH is a symbolic link to TARGET, absolute or relative to PATH's folder
//	fifo PATH                 PATH is a named pipe
//
// PATH is relative to the site and may begin with ../ to make files beside
// it, outside the site, in the case's temp folder.
func (c *Case) Apply(t testing.TB, src string) {
	t.Helper()
	root := filepath.Dir(src)
	at := func(p string) string {
		full := filepath.Join(src, filepath.FromSlash(p))
		if filepath.IsAbs(filepath.FromSlash(p)) || !within(full, root) || full == root {
			t.Fatalf("%s: path %q leaves the case's folder", c.Path, p)
		}
		return full
	}
	files := maps.Clone(c.Files)
	for _, d := range c.Directives {
		switch d[0] {
		case "remove":
			// Moved out of the site in one step, then removed: a preview
			// watching sees the folder go at once, never a smaller site
			// of the files not yet removed, which it would rightly build.
			gone := at(d[1])
			if aside := filepath.Join(t.TempDir(), "removed"); os.Rename(gone, aside) == nil {
				gone = aside
			}
			if err := os.RemoveAll(gone); err != nil {
				t.Fatal(err)
			}
		case "mkdir":
			if err := os.MkdirAll(at(d[1]), 0o755); err != nil {
				t.Fatal(err)
			}
		case "generate":
			files[d[1]] = generate(t, c.Path, files[d[1]], d[2], d[3])
		case "unescape":
			files[d[1]] = unescape(t, c.Path, files[d[1]])
		case "encode":
			files[d[1]] = encodeUTF16(t, c.Path, files[d[1]], d[2])
		case "repeat":
			n, _ := strconv.Atoi(d[2])
			ext := filepath.Ext(d[1])
			for i := 1; i <= n; i++ {
				files[fmt.Sprintf("%s-%d%s", strings.TrimSuffix(d[1], ext), i, ext)] = files[d[1]]
			}
		}
	}
	for p, b := range files {
		full := at(p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range c.Directives {
		switch d[0] {
		case "symlink":
			p := at(d[1])
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.FromSlash(d[3]), p); err != nil {
				t.Skipf("cannot make the symbolic link this case needs: %v", err)
			}
		case "fifo":
			p := at(d[1])
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := mkfifo(p); err != nil {
				t.Skipf("cannot make the named pipe this case needs: %v", err)
			}
		}
	}
}

// generate returns text of the given kind and size. When the archive holds
// the file, its text is a template and the text replaces its one
// "{{generated}}"; otherwise the text is the whole file. Kinds:
//
//	csv-bytes    a valid model,flops,loss CSV of SIZE bytes
//	csv-columns  a CSV header of SIZE columns whose last repeats the first, and one row
//	cell         SIZE bytes of "x": a cell that is not a number
//	yaml-flow    a YAML flow sequence nested SIZE deep: [[[…]]]
//	yaml-block   a YAML block sequence nested SIZE deep: - - - … x
//	inline-rows  SIZE rows of an inline CSV (model,flops,loss) indented by two spaces
//	yaml-lines   SIZE lines of a YAML block list indented by two spaces: "  - 1"
//	quote-markers    Markdown block quotes nested SIZE deep on one line: > > > … x
//	indented-list    a Markdown list of SIZE lines, each item nested in the one above
//	ref-definitions  SIZE Markdown link reference definitions of one label: [r]: /u
//	footnotes        SIZE Markdown footnotes, each referred to and defined
//	link-lines       a Markdown paragraph of SIZE lines, each a link: [r]
//	formulas         SIZE inline formulas on one line: $x$ $x$ …
//	label-refs   "{c}" repeated to SIZE bytes: a label template naming column c that often
//	tag-lines    SIZE lines of a YAML block list of different tags: "  - tag-00001"
//	same-points  a CSV "model,x,y" of SIZE rows "m<row>,1,2": one point, each row its own model
//
// SIZE is a count, or bytes with a KB or MB suffix (1024-based).
func generate(t testing.TB, casePath string, template []byte, sizeText, kind string) []byte {
	t.Helper()
	size, err := parseSize(sizeText)
	if err != nil {
		t.Fatalf("%s: generate: %v", casePath, err)
	}
	var b bytes.Buffer
	switch kind {
	case "csv-bytes":
		b.WriteString("model,flops,loss\n")
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "m%d,1e%d,%d.%d\n", i%7, 18+i%5, 2+i%3, i%10)
		}
	case "csv-columns":
		for i := 1; i < size; i++ {
			fmt.Fprintf(&b, "c%d,", i)
		}
		b.WriteString("c1\n")
		b.WriteString(strings.Repeat("1,", size-1) + "1\n")
	case "cell":
		b.WriteString(strings.Repeat("x", size))
	case "yaml-flow":
		b.WriteString(strings.Repeat("[", size) + strings.Repeat("]", size))
	case "yaml-block":
		b.WriteString(strings.Repeat("- ", size) + "x")
	case "inline-rows":
		for i := 1; i <= size; i++ {
			fmt.Fprintf(&b, "  m%d,%d,%d.5\n", i%7, i, 1+i%4)
		}
	case "yaml-lines":
		b.WriteString(strings.Repeat("  - 1\n", size))
	case "quote-markers":
		b.WriteString(strings.Repeat("> ", size) + "x")
	case "indented-list":
		for i := range size {
			b.WriteString(strings.Repeat("  ", i) + "- x\n")
		}
	case "ref-definitions":
		b.WriteString(strings.Repeat("[r]: /u\n", size))
	case "footnotes":
		for i := 1; i <= size; i++ {
			fmt.Fprintf(&b, "Text.[^%d]\n\n[^%d]: A note.\n\n", i, i)
		}
	case "link-lines":
		b.WriteString(strings.Repeat("[r]\n", size))
	case "formulas":
		b.WriteString(strings.Repeat("$x$ ", size))
	case "label-refs":
		b.WriteString(strings.Repeat("{c}", size/3))
	case "tag-lines":
		for i := 1; i <= size; i++ {
			fmt.Fprintf(&b, "  - tag-%05d\n", i)
		}
	case "same-points":
		b.WriteString("model,x,y\n")
		for i := range size {
			fmt.Fprintf(&b, "m%d,1,2\n", i)
		}
	default:
		t.Fatalf("%s: unknown kind %q for generate", casePath, kind)
	}
	if template == nil {
		return b.Bytes()
	}
	if bytes.Count(template, []byte("{{generated}}")) != 1 {
		t.Fatalf("%s: a generated file's template must hold {{generated}} once", casePath)
	}
	return bytes.Replace(template, []byte("{{generated}}"), b.Bytes(), 1)
}

func parseSize(s string) (int, error) {
	mult := 1
	switch {
	case strings.HasSuffix(s, "MB"):
		s, mult = strings.TrimSuffix(s, "MB"), 1<<20
	case strings.HasSuffix(s, "KB"):
		s, mult = strings.TrimSuffix(s, "KB"), 1<<10
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("size %q is not a positive count, or bytes with KB or MB", s)
	}
	return n * mult, nil
}

// unescape decodes the escapes a txtar file cannot hold as bytes, and drops
// the final newline txtar adds, so a file may hold any bytes at all.
func unescape(t testing.TB, casePath string, text []byte) []byte {
	t.Helper()
	if text == nil {
		t.Fatalf("%s: unescape names a file the archive does not hold", casePath)
	}
	text = bytes.TrimSuffix(text, []byte("\n"))
	var out []byte
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' || i+1 == len(text) {
			out = append(out, text[i])
			continue
		}
		i++
		switch text[i] {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'r':
			out = append(out, '\r')
		case '\\':
			out = append(out, '\\')
		case 'x':
			v, err := strconv.ParseUint(string(text[i+1:min(i+3, len(text))]), 16, 8)
			if err != nil {
				t.Fatalf("%s: bad \\x escape: %v", casePath, err)
			}
			out = append(out, byte(v))
			i += 2
		default:
			t.Fatalf("%s: unknown escape \\%c", casePath, text[i])
		}
	}
	return out
}

func encodeUTF16(t testing.TB, casePath string, text []byte, enc string) []byte {
	t.Helper()
	if text == nil {
		t.Fatalf("%s: encode names a file the archive does not hold", casePath)
	}
	var put func(b []byte, u uint16) []byte
	switch enc {
	case "utf-16le":
		put = func(b []byte, u uint16) []byte { return append(b, byte(u), byte(u>>8)) }
	case "utf-16be":
		put = func(b []byte, u uint16) []byte { return append(b, byte(u>>8), byte(u)) }
	default:
		t.Fatalf("%s: unknown encoding %q (utf-16le or utf-16be)", casePath, enc)
	}
	out := put(nil, 0xfeff)
	for _, u := range utf16.Encode([]rune(string(text))) {
		out = put(out, u)
	}
	return out
}

// within reports whether path is dir or inside it (both absolute and clean).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
