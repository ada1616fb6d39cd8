//go:build !unix

package serve

// openFileLimit is the process's limit on open files: 0, none known.
func openFileLimit() int { return 0 }
