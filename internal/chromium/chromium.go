// Package chromium holds how scalesite's browser tests and measuring tools
// start Debian's headless Chromium, so that both run it the same way.
package chromium

import "github.com/chromedp/chromedp"

// Options are the allocator options for a headless Chromium at path with
// its profile in the folder profile, in a 1280 × 900 window.
func Options(path, profile string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// Tabs a test opens are background tabs: without these, Chromium
		// throttles their timers to one a second and stops their animation
		// frames, and every wait in a test would take a second.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 900),
	}
}
