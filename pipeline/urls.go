package pipeline

import (
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/site"
)

// RelativeURLs warns when the site's base URL is only a path ("/",
// "/repo/"): the sitemap's addresses, robots.txt's Sitemap line, the feed's
// links and ids, and every page's canonical and og:url links would then be
// relative, and search engines, feed readers and the sites that show a
// shared link do not resolve them. A build for publishing wants the full
// address; a preview (serve) is served from its own and needs none.
func RelativeURLs(s *site.Site) diag.List {
	if s.Config.Origin() != "" {
		return nil
	}
	return diag.List{diag.Errorf(diag.Pos{File: site.ConfigFile},
		"baseURL %q is only a path, so the sitemap, robots.txt, the feed and the pages' canonical links are relative, which search engines and feed readers do not follow: set baseURL to the site's full address in %s (like https://USER.github.io/REPO/), or build with --base-url https://USER.github.io/REPO/",
		s.Config.BaseURL, site.ConfigFile)}
}
