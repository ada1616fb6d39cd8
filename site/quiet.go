package site

import (
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// quietList reads scalesite.yaml's `quiet`: the names of the warnings the
// site silences (quiet: [crowded-labels, heavy-page]), one name or a list.
// A name that is no warning's is an error, with the nearest name.
func quietList(mv *ast.MappingValueNode, at diag.Pos) ([]string, diag.List) {
	names, err := stringList(mv, at)
	if err != nil {
		return nil, diag.List{err.(*diag.Error)}
	}
	pos := make([]diag.Pos, len(names))
	seq, isList := mv.Value.(*ast.SequenceNode)
	for i := range pos {
		pos[i] = nodePos(at, mv.Value)
		if isList && len(seq.Values) == len(names) {
			pos[i] = nodePos(at, seq.Values[i])
		}
	}
	var out []string
	var errs diag.List
	for i, name := range names {
		name = strings.TrimSpace(name)
		if err := diag.UnknownQuiet(name, pos[i]); err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, name)
	}
	return out, errs
}
