package chartspec

import (
	"testing"
)

// groupErrorTests are the errors of group and band, each at its value.
var groupErrorTests = []struct {
	name string
	src  string
	want string
}{
	{"group: a list", ok + "group: [seed, run]\n",
		`content/audio.md:13:8: group must name the column that tells repeated runs of one configuration apart, like group: seed, not a list`},
	{"group: empty", ok + "group:\n",
		`content/audio.md:13:1: group must name the column that tells repeated runs of one configuration apart, like group: seed, but it is empty`},
	{"band: std", ok + "group: seed\nband: std\n",
		`content/audio.md:14:7: band must be sd (mean ± one standard deviation of the runs) or minmax (from the lowest run to the highest), not "std" — did you mean "sd"?`},
	{"band: range", ok + "group: seed\nband: range\n",
		`content/audio.md:14:7: band must be sd (mean ± one standard deviation of the runs) or minmax (from the lowest run to the highest), not "range" — did you mean "minmax"?`},
	{"band: minmx", ok + "group: seed\nband: minmx\n",
		`content/audio.md:14:7: band must be sd (mean ± one standard deviation of the runs) or minmax (from the lowest run to the highest), not "minmx" — did you mean "minmax"?`},
	{"band without group", ok + "band: sd\n",
		`content/audio.md:13:7: band says how the spread of repeated runs is drawn: add group: COLUMN (the column naming each run's seed), or write bands: for shaded regions of the plot`},
	{"group is the series", ok + "series: seed\ngroup: seed\n",
		`content/audio.md:14:8: group and series both name "seed": series names the configurations (one line each) and group the column telling their runs apart (the seed)`},
	{"group with labels", ok + "label: model\ngroup: seed\n",
		`content/audio.md:13:8: a grouped chart draws the mean of each configuration's runs, which has no row to take a label from: leave label out, or group out`},
	{"group with y err", "data: runs.csv\nx: flops\ny: {field: loss, err: sd}\ngroup: seed\n",
		`content/audio.md:12:23: a grouped chart draws its own band, the spread of the runs (band: sd or minmax): leave y's low, high and err out`},
	{"group with connect: rows", ok + "connect: rows\ngroup: seed\n",
		`content/audio.md:13:10: a grouped chart lines up its runs by x, so its lines join their points in x order: leave connect: rows out`},
	{"group in a panel", ok + "panels:\n  - {group: seed}\n",
		`content/audio.md:14:6: unknown key "group" in a panel: group is set once for the whole chart, at the top of the spec, not in a panel`},
}

func TestGroupErrors(t *testing.T) {
	for _, tt := range groupErrorTests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err == nil {
				t.Fatalf("no error; got %+v", c)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestGroup: every panel takes the chart's group; band defaults to sd.
func TestGroup(t *testing.T) {
	for _, tt := range []struct {
		src, band string
	}{
		{ok + "group: seed\n", BandSD},
		{ok + "group: seed\nband: SD\n", BandSD},
		{ok + "group: seed\nband: minmax\n", BandMinMax},
		{ok + "series: size\ngroup: seed\nband: minmax\npanels:\n  - {title: a}\n  - {title: b, type: scatter}\n", BandMinMax},
	} {
		c, err := Parse([]byte(tt.src), at)
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		for i, p := range c.Panels {
			if p.Group.Column.Name != "seed" || p.Group.Band != tt.band || !p.Group.Set() {
				t.Errorf("%q: panel %d's group %+v, want seed with band %s", tt.src, i, p.Group, tt.band)
			}
		}
	}
	c, err := Parse([]byte(ok), at)
	if err != nil || c.Panels[0].Group.Set() {
		t.Errorf("a chart without group: %+v, %v", c.Panels[0].Group, err)
	}
}
