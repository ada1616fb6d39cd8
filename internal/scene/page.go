package scene

// The widths in CSS px of a chart's box on the built-in theme's pages
// (site.css), one for each class of viewport the theme lays a chart out
// for: what the static figures are drawn at (package render) and what
// package check measures a chart's panels at, so that both see the layout
// the reader's browser runs.
//   - desktop, 1064 px and wider (a 1,200 px window): the chart box of the
//     wide column (--wide, 64rem = 1024 px, less the chart's 1 px borders
//     and 0.5rem paddings);
//   - tablet, 800 to 1063 px: the chart box of an 800 px viewport (less 2 ×
//     the 1.25rem gutter, the borders and paddings), which site.css keeps at
//     that width up to the desktop's;
//   - phone, up to 638 px: the chart box of a 375 px phone (less 2 × the
//     1rem gutter, the borders and 2 × 0.15rem paddings), fluid; the
//     scripts lay a chart out differently below 600 px (chartlayout.js
//     frame: its panels in one column).
//
// Between 639 and 799 px the box is fluid (600 to 741 px).
const (
	DesktopWidth = 1006
	TabletWidth  = 742
	PhoneWidth   = 336
)
