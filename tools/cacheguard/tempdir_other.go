//go:build !linux

package main

// memoryTempRoot is "": the tests' temporary folders go in the system's
// temporary folder (only Linux has a memory filesystem at a known place).
func memoryTempRoot() string { return "" }
