//go:build !unix

package figure

import "testing"

// reportCPU reports nothing where the system gives no process CPU time.
func reportCPU(*testing.B) func() { return func() {} }
