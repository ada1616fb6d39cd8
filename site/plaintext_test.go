package site

import (
	"strings"
	"testing"
)

// TestTeXInData: series names and labels read from the data are written
// as plain Unicode, and match the spec's colors written in TeX; what plain
// text cannot hold is an error at the data file's line and column.
func TestTeXInData(t *testing.T) {
	s := load(t, map[string]string{
		"content/p/runs.csv": "m,x,y,note\n$\\beta_2 = 0.95$,1,1,$10^{21}$ FLOPs\n$\\beta_2 = 0.95$,2,2,\\$5M\nplain,1,3,$5M\n",
		"content/p/index.md": chartMD("data: runs.csv\nx: x\ny: y\nseries: m\nlabel: note\ncolors: {'$\\beta_2 = 0.95$': red}\n"),
	}, Options{})
	c := body(t, s, "content/p/index.md").Charts[0]
	got := seriesView(c.Panels[0])
	want := []string{"β₂ = 0.95: 1,1[10²¹ FLOPs] 2,2[$5M]", "plain: 1,3[$5M]"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("series:\n got %q\nwant %q", got, want)
	}
	if c.Spec.Colors["β₂ = 0.95"] == "" {
		t.Errorf("colors %v: the spec's key is not the data's name", c.Spec.Colors)
	}

	// Valid TeX Unicode has no characters for is drawn in a linear form,
	// with a warning at the cell; what is not TeX plain text can stand for
	// is an error there.
	tests := []struct {
		name, csv, spec, want string
		warn                  bool
	}{
		{"series name", "m,x,y\na,1,1\n$N_c$,2,2\n$N_c$,3,3\n", "series: m\n",
			`warning[tex-linear-form]: content/p/runs.csv:3:1: series name from column "m": "$N_c$" is drawn as plain text, and Unicode has no characters for "_c": it is drawn as "_c"`, true},
		{"series name in a quoted cell: the cell", "m,x,y\na,1,1\n\"  $N_c$, run\",2,2\n", "series: m\n",
			`warning[tex-linear-form]: content/p/runs.csv:3:1: series name from column "m": "$N_c$, run" is drawn as plain text`, true},
		{"label", "m,x,y,l\na,1,1,x\nb,2,2,$\\frac{1}{2}$\n", "label: l\n",
			`warning[tex-linear-form]: content/p/runs.csv:3:7: label "l" of this row: "$\frac{1}{2}$" is drawn as plain text, and Unicode has no characters for "\frac{1}{2}": it is drawn as "1/2"`, true},
		{"unknown command", "m,x,y\na,1,1\n$\\foo$,2,2\n", "series: m\n",
			`content/p/runs.csv:3:1: series name from column "m": "$\foo$" is drawn as plain text, which cannot hold "\foo"`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{
				"content/p/runs.csv": tt.csv,
				"content/p/index.md": chartMD("data: runs.csv\nx: x\ny: y\n" + tt.spec),
			}
			if !tt.warn {
				if errs := loadErr(t, files); len(errs) != 1 || !strings.HasPrefix(errs[0], tt.want) {
					t.Errorf("errors:\n%s\nwant one starting:\n%s", strings.Join(errs, "\n"), tt.want)
				}
				return
			}
			var got []string
			for _, w := range load(t, files, Options{}).Warnings {
				got = append(got, w.Warning())
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], tt.want) {
				t.Errorf("warnings:\n%s\nwant one starting:\n%s", strings.Join(got, "\n"), tt.want)
			}
		})
	}
}
