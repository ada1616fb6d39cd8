package main

import (
	"net"
	"strings"
	"testing"
)

// TestOpenableURL: a preview bound to every interface is announced at an
// address a browser can open.
func TestOpenableURL(t *testing.T) {
	for _, tc := range []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1414}, "http://127.0.0.1:1414/"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 1415}, "http://localhost:1415/"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 1416}, "http://localhost:1416/"},
		{&net.TCPAddr{IP: net.ParseIP("::1"), Port: 1417}, "http://[::1]:1417/"},
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 20), Port: 8080}, "http://192.168.1.20:8080/"},
	} {
		if got := openableURL(tc.addr); got != tc.want {
			t.Errorf("openableURL(%v) = %q, want %q", tc.addr, got, tc.want)
		}
	}
}

// TestVersionHelpHasNoEmptyFlags: a command without flags prints no empty
// "Flags:" heading; one with flags lists them under it.
func TestVersionHelpHasNoEmptyFlags(t *testing.T) {
	if _, stdout, _ := runCmd("version", "--help"); strings.Contains(stdout, "Flags:") {
		t.Errorf("version --help prints an empty Flags: section:\n%s", stdout)
	}
	if _, stdout, _ := runCmd("build", "--help"); !strings.Contains(stdout, "Flags:\n  --source") && !strings.Contains(stdout, "Flags:\n") {
		t.Errorf("build --help lists no flags:\n%s", stdout)
	}
}
