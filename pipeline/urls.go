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
	return diag.List{diag.Warnf(diag.RelativeURLs, diag.Pos{File: site.ConfigFile},
		"baseURL %q is only a path, so the sitemap, robots.txt, the feed and the pages' canonical links are relative, which search engines and feed readers do not follow: set baseURL to the site's full address in %s (like https://USER.github.io/REPO/), or build with --base-url https://USER.github.io/REPO/",
		s.Config.BaseURL, site.ConfigFile)}
}

// RobotsSubPath says, once, that a site published under a sub-path
// (https://user.github.io/repo/) has no robots.txt: crawlers read only
// /robots.txt at the host's root, so the build writes none there
// (render's siteFiles) rather than a file nothing reads.
func RobotsSubPath(s *site.Site) diag.List {
	if s.Config.AtHostRoot() {
		return nil
	}
	return diag.List{diag.Warnf(diag.RobotsSubPath, diag.Pos{File: site.ConfigFile},
		"baseURL %q is under a sub-path (%q), so the build writes no robots.txt: crawlers read only /robots.txt at the host's root, which this site does not publish; the sitemap is still written (sitemap.xml), and a search engine can be given it by hand",
		s.Config.BaseURL, s.Config.BasePath)}
}
