package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLinksMadeWhileServing: a link to a file outside the site, made while
// the preview runs, is refused as a fresh build refuses it: the browser is
// told why, and the file outside is never served.
func TestLinksMadeWhileServing(t *testing.T) {
	secret, err := os.ReadFile("/etc/hostname")
	if err != nil || len(strings.TrimSpace(string(secret))) == 0 {
		secret = []byte("root:x:0:0")
	}
	target := "/etc/hostname"
	if _, err := os.Stat(target); err != nil {
		target = "/etc/passwd"
		secret = []byte("root:x:0:0")
	}
	ts := newTestSite(t, true)
	ev := ts.events()
	next(t, ev, "hello")
	for _, tc := range []struct{ link, url string }{
		{"static/n.txt", "/n.txt"},
		{"content/leak.md", "/leak/"},
		{"static/robots.txt", "/robots.txt"}, // a served file replaced by a link
	} {
		p := filepath.Join(ts.dir, filepath.FromSlash(tc.link))
		os.Remove(p)
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
		e := next(t, ev, "error")
		if !strings.Contains(e.Error, tc.link+": leads outside the site folder") {
			t.Errorf("%s: error event %q, want it to say the link leads outside the site", tc.link, e.Error)
		}
		if _, body := ts.get(tc.url); strings.Contains(body, strings.TrimSpace(string(secret))) {
			t.Errorf("%s is served with the content of %s", tc.url, target)
		}
		os.Remove(p)
		if tc.link == "static/robots.txt" {
			ts.write(tc.link, "User-agent: *\n")
		}
		next(t, ev, "change")
	}
}
