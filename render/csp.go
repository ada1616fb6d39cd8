package render

// ContentSecurityPolicy is the policy every page of a site runs under. The
// built-in theme sets it with <meta http-equiv> (GitHub Pages sends no
// headers), and the preview server sends it as a header on every response.
//
// Only the site's own script files run: no inline script, no event-handler
// attributes, no eval, nothing from another origin. Styles may be inline
// because ECharts writes style attributes into its tooltips. Images may be
// data: and blob: URLs, which the PNG and SVG export make.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; media-src 'self'; " +
	"object-src 'none'; frame-src 'none'; base-uri 'self'; form-action 'self'"
