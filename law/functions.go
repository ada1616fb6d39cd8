package law

import "strings"

// fn is a function a law may call.
type fn uint8

const (
	fnExp fn = iota
	fnLog
	fnLog10
	fnLog2
	fnSqrt
	fnAbs
	fnMin
	fnMax
)

// functions are the functions a law may call, indexed by fn: the contract's
// exp, log (natural), log10 and sqrt, and log2, abs, min and max, which
// laws in the literature also use (a floor, a broken power law's switch).
var functions = [...]struct {
	name  string
	arity int
	usage string
}{
	fnExp:   {"exp", 1, "exp(x) is e to the power x"},
	fnLog:   {"log", 1, "log(x) is the natural logarithm of x"},
	fnLog10: {"log10", 1, "log10(x) is the base-10 logarithm of x"},
	fnLog2:  {"log2", 1, "log2(x) is the base-2 logarithm of x"},
	fnSqrt:  {"sqrt", 1, "sqrt(x) is the square root of x"},
	fnAbs:   {"abs", 1, "abs(x) is the absolute value of x"},
	fnMin:   {"min", 2, "min(a, b) is the smaller of a and b"},
	fnMax:   {"max", 2, "max(a, b) is the larger of a and b"},
}

func lookupFunction(name string) (fn, bool) {
	for i, f := range functions {
		if f.name == name {
			return fn(i), true
		}
	}
	return 0, false
}

func functionNames() []string {
	names := make([]string, len(functions))
	for i, f := range functions {
		names[i] = f.name
	}
	return names
}

// functionList names the functions for a message: "exp, log (natural), …
// and max".
func functionList() string {
	names := functionNames()
	names[fnLog] = "log (natural)"
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
