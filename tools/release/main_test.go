package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// entry is a file read back from an archive.
type entry struct {
	name string
	mode os.FileMode
	data string
	time time.Time
}

func readTar(t *testing.T, b []byte) []entry {
	t.Helper()
	gz, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var out []entry
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(tr)
		out = append(out, entry{h.Name, h.FileInfo().Mode(), string(data), h.ModTime.UTC()})
	}
}

func readZip(t *testing.T, b []byte) []entry {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var out []entry
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		out = append(out, entry{f.Name, f.Mode(), string(data), f.Modified.UTC()})
	}
	return out
}

func TestArchives(t *testing.T) {
	mtime := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	files := []file{{"scalesite", 0o755, []byte("binary")}, {"LICENSE", 0o644, []byte("MIT")}}
	want := []entry{
		{"scalesite-v1-linux-amd64/", os.ModeDir | 0o755, "", mtime},
		{"scalesite-v1-linux-amd64/scalesite", 0o755, "binary", mtime},
		{"scalesite-v1-linux-amd64/LICENSE", 0o644, "MIT", mtime},
	}
	tgz, err := tarArchive("scalesite-v1-linux-amd64", files, mtime)
	if err != nil {
		t.Fatal(err)
	}
	if got := readTar(t, tgz); !slices.Equal(got, want) {
		t.Errorf("tar.gz holds %v, want %v", got, want)
	}
	z, err := zipArchive("scalesite-v1-linux-amd64", files, mtime)
	if err != nil {
		t.Fatal(err)
	}
	if got := readZip(t, z); !slices.Equal(got, want) {
		t.Errorf("zip holds %v, want %v", got, want)
	}
	// The same files give the same bytes: a release can be rebuilt and
	// checked against its checksums.
	again, _ := tarArchive("scalesite-v1-linux-amd64", files, mtime)
	again2, _ := zipArchive("scalesite-v1-linux-amd64", files, mtime)
	if !bytes.Equal(tgz, again) || !bytes.Equal(z, again2) {
		t.Error("packing the same files twice gave different archives")
	}
}

func TestNames(t *testing.T) {
	tests := []struct{ goos, goarch, want string }{
		{"linux", "amd64", "scalesite-v1.2.3-linux-amd64.tar.gz"},
		{"darwin", "arm64", "scalesite-v1.2.3-darwin-arm64.tar.gz"},
		{"windows", "arm64", "scalesite-v1.2.3-windows-arm64.zip"},
	}
	for _, tc := range tests {
		if got := ArchiveName("v1.2.3", tc.goos, tc.goarch); got != tc.want {
			t.Errorf("ArchiveName(%s/%s) = %s, want %s", tc.goos, tc.goarch, got, tc.want)
		}
	}
	if got := ChecksumsName("v1.2.3"); got != "scalesite-v1.2.3-checksums.txt" {
		t.Errorf("ChecksumsName = %s", got)
	}
}

func TestChecksums(t *testing.T) {
	got := string(checksums(map[string]string{"b.zip": "22", "a.tar.gz": "11"}))
	if want := "11  a.tar.gz\n22  b.zip\n"; got != want {
		t.Errorf("checksums = %q, want %q (sha256sum's format, in name order)", got, want)
	}
}

func TestReleaseRefuses(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	tests := []struct {
		version   string
		platforms []string
		want      string
	}{
		{"", []string{"linux/amd64"}, "give the release's version"},
		{"v1/../x", []string{"linux/amd64"}, "give the release's version"},
		{"v1.2.3", []string{"linux"}, `platform "linux" is not GOOS/GOARCH`},
		{"v1.2.3", []string{"plan10/amd64"}, "go build for plan10/amd64"},
	}
	for _, tc := range tests {
		out := t.TempDir()
		_, err := release(root, out, tc.version, tc.platforms)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("release(%q, %q): error %v, want one saying %q", tc.version, tc.platforms, err, tc.want)
		}
		if entries, _ := os.ReadDir(out); len(entries) > 0 {
			t.Errorf("release(%q, %q) failed but wrote %d files", tc.version, tc.platforms, len(entries))
		}
	}
}

// TestRelease builds the release of this machine's platform and checks the
// archive's files and its checksum.
func TestRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles scalesite (-short)")
	}
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	out := t.TempDir()
	t.Setenv("SOURCE_DATE_EPOCH", "1750000000")
	goos, goarch := runtime.GOOS, runtime.GOARCH
	written, err := release(root, out, "v0.0.1-test", []string{goos + "/" + goarch})
	if err != nil {
		t.Fatal(err)
	}
	archive := ArchiveName("v0.0.1-test", goos, goarch)
	if want := []string{archive, ChecksumsName("v0.0.1-test")}; !slices.Equal(written, want) {
		t.Fatalf("wrote %q, want %q", written, want)
	}
	b, err := os.ReadFile(filepath.Join(out, archive))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	sums, _ := os.ReadFile(filepath.Join(out, ChecksumsName("v0.0.1-test")))
	if want := hex.EncodeToString(sum[:]) + "  " + archive + "\n"; string(sums) != want {
		t.Errorf("checksums file %q, want %q", sums, want)
	}
	var got []entry
	if goos == "windows" {
		got = readZip(t, b)
	} else {
		got = readTar(t, b)
	}
	base := Base("v0.0.1-test", goos, goarch)
	exe := "scalesite"
	if goos == "windows" {
		exe += ".exe"
	}
	var names []string
	for _, e := range got {
		names = append(names, e.name)
		if !e.time.Equal(time.Unix(1750000000, 0)) {
			t.Errorf("%s dated %v, want SOURCE_DATE_EPOCH", e.name, e.time)
		}
	}
	want := []string{base + "/", base + "/" + exe, base + "/LICENSE", base + "/README.md", base + "/echarts-licenses.txt", base + "/katex-license.txt", base + "/dejavu-fonts-license.txt"}
	if !slices.Equal(names, want) {
		t.Errorf("the archive holds %q, want %q", names, want)
	}
	lic, _ := os.ReadFile(filepath.Join(root, "themes", "default", "assets", "echarts-licenses.txt"))
	for _, e := range got {
		if strings.HasSuffix(e.name, "/echarts-licenses.txt") && e.data != string(lic) {
			t.Errorf("echarts-licenses.txt in the archive differs from the theme's")
		}
		if strings.HasSuffix(e.name, "/"+exe) && (e.mode != 0o755 || len(e.data) < 1<<20) {
			t.Errorf("%s: mode %v, %d bytes; want an executable command", e.name, e.mode, len(e.data))
		}
	}
}
