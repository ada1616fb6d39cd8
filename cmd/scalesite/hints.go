package main

import (
	"flag"
	"strings"

	"github.com/scalesite/scalesite/diag"
)

// hugoFlags are flags people bring from Hugo's command line, with the
// scalesite flag that does the same.
var hugoFlags = map[string]string{
	"baseURL":     "base-url",
	"baseurl":     "base-url",
	"buildDrafts": "drafts",
	"destination": "dest",
}

// unknownFlagHint returns a " — did you mean --x?" for the error of a flag
// the set does not define, or "".
func unknownFlagHint(fs *flag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: ")
	if !ok {
		return ""
	}
	name = strings.TrimLeft(name, "-")
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if len(f.Name) > 1 {
			names = append(names, f.Name)
		}
	})
	if to, ok := hugoFlags[name]; ok && fs.Lookup(to) != nil {
		return " — did you mean --" + to + "?"
	}
	if s := diag.Suggest(name, names); s != "" {
		return " — did you mean --" + s + "?"
	}
	return ""
}
