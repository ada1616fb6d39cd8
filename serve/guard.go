package serve

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/render"
)

// setSecurityHeaders sets the headers every response carries: the site's
// Content-Security-Policy (the same one the built-in theme sets with a
// <meta> tag, so a page previewed behaves as published, and a static HTML
// or SVG file cannot run script on the preview's origin) and nosniff, so a
// file is never run as a type other than the one it is served as.
func setSecurityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", render.ContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
}

// allowedHost reports whether a request's Host header names this server:
// localhost, an IP address, or the host it was told to listen on. Any other
// name is a page elsewhere reaching the preview through DNS rebinding (its
// own name made to resolve to 127.0.0.1): the browser would let that page
// read the answers, so there are none.
func (s *Server) allowedHost(hostport string) bool {
	host := hostname(hostport)
	if host == "" {
		return false
	}
	if host == "localhost" {
		return true
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return true
	}
	return s.opts.Bind != "" && host == hostname(s.opts.Bind)
}

// hostname is the host of a Host header or --bind value, lower-case,
// without port, brackets or a final dot: "LocalHost.:1414" → "localhost",
// "[::1]:80" → "::1".
func hostname(hostport string) string {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return strings.TrimSuffix(strings.ToLower(host), ".")
}

// refuseHost answers a request for another host with 403, and says once in
// the log why, for a person who reached the preview by a name of their own.
func (s *Server) refuseHost(w http.ResponseWriter, r *http.Request) {
	host := diag.Quote(r.Host)
	s.refusedOnce.Do(func() {
		s.logf("warning: refused a request for host %s: the preview answers only localhost, IP addresses and the --bind host, as a guard against DNS rebinding\n", host)
	})
	http.Error(w, fmt.Sprintf("403 forbidden: this preview server answers only requests for localhost, an IP address or its --bind host, not %s.", host), http.StatusForbidden)
}
