//go:build !unix

package sitefs

import "os"

// openNoFollow opens a file for reading. The caller has resolved its links
// and checks what it opened with Stat.
func openNoFollow(p string) (*os.File, error) {
	return os.Open(p)
}
