package chartspec

import (
	"testing"

	"github.com/scalesite/scalesite/diag"
)

func TestSource(t *testing.T) {
	tests := []struct {
		name, src string
		want      Field
	}{
		{"none", ok, Field{}},
		{"citation", ok + `source: "@hoffmann2022"` + "\n", Field{Name: "@hoffmann2022", Pos: diag.Pos{File: "content/audio.md", Line: 13, Col: 9}}},
		{"citations in a list", ok + `source: ["@kaplan2020", "@hoffmann2022, fig. 3"]` + "\n", Field{Name: "@kaplan2020; @hoffmann2022, fig. 3", Pos: diag.Pos{File: "content/audio.md", Line: 13, Col: 9}}},
		{"web address", ok + "source: https://arxiv.org/abs/2203.15556\n", Field{Name: "https://arxiv.org/abs/2203.15556", Pos: diag.Pos{File: "content/audio.md", Line: 13, Col: 9}}},
		{"text", ok + "source: \"  Epoch AI, 2024 \"\n", Field{Name: "Epoch AI, 2024", Pos: diag.Pos{File: "content/audio.md", Line: 13, Col: 9}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err != nil {
				t.Fatal(err)
			}
			if c.Source != tt.want {
				t.Errorf("Source = %+v, want %+v", c.Source, tt.want)
			}
		})
	}
}

func TestSourceErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unquoted citation", ok + "source: @hoffmann2022\n",
			`content/audio.md:13:9: invalid YAML: '@' is a reserved character; a citation must be in quotes, e.g. source: "@hoffmann2022"`},
		{"a data file", "x: flops\ny: loss\nsource: runs.csv\n",
			`content/audio.md:12:9: source "runs.csv" names a data file: a chart reads its data from data: runs.csv, and source: says where the data comes from (a citation like "@hoffmann2022", a web address or text)`},
		{"a list of text", ok + "source: [Epoch, OpenAI]\n",
			`content/audio.md:13:9: source lists citations, e.g. source: ["@kaplan2020", "@hoffmann2022"]; one web address or text is written alone, not in a list`},
		{"a mapping", ok + "source: {url: x}\n",
			`content/audio.md:13:9: source must be a citation ("@key"), a web address or text, not a mapping`},
		{"in a panel", "panels:\n  - {data: a.csv, x: f, y: g, source: x}\n",
			`content/audio.md:11:31: unknown key "source" in a panel: source is set once for the whole chart, at the top of the spec, not in a panel`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src), at)
			if err == nil {
				t.Fatal("no error")
			}
			if err.Error() != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", err, tt.want)
			}
		})
	}
}
