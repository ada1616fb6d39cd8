//go:build !unix

package render

import "testing"

// reportCPU reports nothing where the system gives no process CPU time.
func reportCPU(*testing.B) func() { return func() {} }
