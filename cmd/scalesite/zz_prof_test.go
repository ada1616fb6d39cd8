package main

import (
	"io"
	"os"
	"testing"
)

func TestZZProf(t *testing.T) {
	dir := os.Getenv("PROF_SITE")
	if dir == "" {
		t.Skip()
	}
	os.RemoveAll(dir + "/public")
	if rc := run([]string{"build", "--source", dir}, io.Discard, os.Stderr); rc != 0 {
		t.Fatal(rc)
	}
}
