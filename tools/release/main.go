// Command release builds scalesite's release archives, as `make release` and
// the release workflow (.github/workflows/release.yml) run it:
//
//	go run ./tools/release -version v1.2.3 [-o bin/release] [-platforms linux/amd64,windows/arm64]
//
// For each platform it cross-compiles the command (without cgo, with the
// version stamped in and the committed ECharts bundle embedded) and packs
// it with LICENSE, README.md and the bundle's licences into
// scalesite-VERSION-OS-ARCH.tar.gz, or .zip for windows, inside a folder of
// the same name. Beside the archives it writes scalesite-VERSION-checksums.txt,
// their SHA-256 sums in the format `sha256sum --check` reads, which the Pages
// workflow of a new site checks its download against. The archives'
// timestamps are the commit's (or SOURCE_DATE_EPOCH), so that two runs on
// one commit give the same bytes.
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Platforms are the release's targets, GOOS/GOARCH.
var Platforms = []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"}

// extras are the files packed beside the binary: the name in the archive
// and the path in the module.
var extras = []struct{ name, src string }{
	{"LICENSE", "LICENSE"},
	{"README.md", "README.md"},
	{"echarts-licenses.txt", "themes/default/assets/echarts-licenses.txt"},
	{"katex-license.txt", "internal/katex/dist/LICENSE"},
	{"dejavu-fonts-license.txt", "figure/font/LICENSE"},
}

func main() {
	version := flag.String("version", "", "the release's `version`, e.g. v1.2.3")
	out := flag.String("o", "bin/release", "the `folder` for the archives and checksums")
	platforms := flag.String("platforms", strings.Join(Platforms, ","), "comma-separated GOOS/GOARCH `list`")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "release: unexpected argument %q\n", flag.Arg(0))
		os.Exit(2)
	}
	files, err := release(".", *out, *version, strings.Split(*platforms, ","))
	if err != nil {
		fmt.Fprintf(os.Stderr, "release: %v\n", err)
		os.Exit(1)
	}
	for _, f := range files {
		fmt.Println(filepath.Join(*out, f))
	}
}

var versionName = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z._+-]*$`)

// Base is the name of a platform's archive without its extension, and of
// the folder inside it.
func Base(version, goos, goarch string) string {
	return "scalesite-" + version + "-" + goos + "-" + goarch
}

// ArchiveName is a platform's archive: .zip for windows, .tar.gz elsewhere.
func ArchiveName(version, goos, goarch string) string {
	if goos == "windows" {
		return Base(version, goos, goarch) + ".zip"
	}
	return Base(version, goos, goarch) + ".tar.gz"
}

// ChecksumsName is the release's checksums file.
func ChecksumsName(version string) string { return "scalesite-" + version + "-checksums.txt" }

// file is one file in an archive.
type file struct {
	name string
	mode int64
	data []byte
}

// release builds the module at root for each platform into out, and
// returns the names of the files it wrote, the checksums file last.
func release(root, out, version string, platforms []string) ([]string, error) {
	if !versionName.MatchString(version) {
		return nil, fmt.Errorf("-version %q: give the release's version, like v1.2.3 (letters, digits, dots, dashes)", version)
	}
	var extra []file
	for _, e := range extras {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(e.src)))
		if err != nil {
			return nil, fmt.Errorf("the archives carry %s: %w", e.src, err)
		}
		extra = append(extra, file{e.name, 0o644, b})
	}
	mtime, err := sourceDate(root)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "scalesite-release-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	var written []string
	sums := map[string]string{}
	for _, p := range platforms {
		goos, goarch, ok := strings.Cut(strings.TrimSpace(p), "/")
		if !ok || goos == "" || goarch == "" {
			return nil, fmt.Errorf("platform %q is not GOOS/GOARCH, like linux/amd64", p)
		}
		exe := "scalesite"
		if goos == "windows" {
			exe += ".exe"
		}
		bin := filepath.Join(tmp, goos+"-"+goarch, exe)
		if err := compile(root, bin, version, goos, goarch); err != nil {
			return nil, err
		}
		b, err := os.ReadFile(bin)
		if err != nil {
			return nil, err
		}
		base := Base(version, goos, goarch)
		files := append([]file{{exe, 0o755, b}}, extra...)
		var archive []byte
		if goos == "windows" {
			archive, err = zipArchive(base, files, mtime)
		} else {
			archive, err = tarArchive(base, files, mtime)
		}
		if err != nil {
			return nil, err
		}
		name := ArchiveName(version, goos, goarch)
		if err := os.WriteFile(filepath.Join(out, name), archive, 0o644); err != nil {
			return nil, err
		}
		sum := sha256.Sum256(archive)
		sums[name] = hex.EncodeToString(sum[:])
		written = append(written, name)
	}
	name := ChecksumsName(version)
	if err := os.WriteFile(filepath.Join(out, name), checksums(sums), 0o644); err != nil {
		return nil, err
	}
	return append(written, name), nil
}

// compile cross-compiles the command for one platform.
func compile(root, bin, version, goos, goarch string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=auto",
		"-ldflags", "-s -w -X main.version="+version, "-o", bin, "./cmd/scalesite")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build for %s/%s: %v\n%s", goos, goarch, err, out)
	}
	return nil
}

// sourceDate is the time the archives' files carry: SOURCE_DATE_EPOCH, or
// the time of the commit at root, or now outside a git checkout.
func sourceDate(root string) (time.Time, error) {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q is not a number of seconds", s)
		}
		return time.Unix(n, 0).UTC(), nil
	}
	cmd := exec.Command("git", "log", "-1", "--format=%ct")
	cmd.Dir = root
	if out, err := cmd.Output(); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64); err == nil {
			return time.Unix(n, 0).UTC(), nil
		}
	}
	return time.Now().UTC().Truncate(time.Second), nil
}

// tarArchive packs files into base/ in a gzipped tar.
func tarArchive(base string, files []file, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	gz, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	tw := tar.NewWriter(gz)
	hdr := func(h *tar.Header) error {
		h.ModTime, h.Uname, h.Gname, h.Format = mtime, "root", "root", tar.FormatPAX
		return tw.WriteHeader(h)
	}
	if err := hdr(&tar.Header{Typeflag: tar.TypeDir, Name: base + "/", Mode: 0o755}); err != nil {
		return nil, err
	}
	for _, f := range files {
		if err := hdr(&tar.Header{Typeflag: tar.TypeReg, Name: base + "/" + f.name, Mode: f.mode, Size: int64(len(f.data))}); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// zipArchive packs files into base/ in a zip.
func zipArchive(base string, files []file, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	dir := &zip.FileHeader{Name: base + "/", Modified: mtime}
	dir.SetMode(os.ModeDir | 0o755)
	if _, err := zw.CreateHeader(dir); err != nil {
		return nil, err
	}
	for _, f := range files {
		h := &zip.FileHeader{Name: base + "/" + f.name, Method: zip.Deflate, Modified: mtime}
		h.SetMode(os.FileMode(f.mode))
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// checksums writes sums (file name → hex SHA-256) as sha256sum does, one
// "SUM  NAME" line per file, in name order.
func checksums(sums map[string]string) []byte {
	var b bytes.Buffer
	for _, n := range slices.Sorted(maps.Keys(sums)) {
		fmt.Fprintf(&b, "%s  %s\n", sums[n], n)
	}
	return b.Bytes()
}
