package e2e

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/pipeline"
)

// fidelityPage is one page of the corpus of hard cases TestFidelity
// compares besides the gallery: its address, how many charts it has, and
// its files.
type fidelityPage struct {
	slug   string
	charts int
	files  map[string]string
}

// fidelityCorpus is the hard cases for a second drawing of what ECharts
// draws: many labels close together, fits with their dashed and dotted
// parts, a frontier's staircase, bands and reference lines with labels,
// panels, many series, and a curve of 100,000 steps. The data are made
// here, the same every run.
func fidelityCorpus() []fidelityPage {
	page := func(slug, title string, charts int, specs []string, data map[string]string) fidelityPage {
		files := map[string]string{}
		var md strings.Builder
		fmt.Fprintf(&md, "---\ntitle: %q\ndescription: A hard case for the static picture.\n---\n", title)
		for _, s := range specs {
			md.WriteString("```chart\n" + s + "```\n\n")
		}
		files["content/"+slug+"/index.md"] = md.String()
		for name, d := range data {
			files["content/"+slug+"/"+name] = d
		}
		return fidelityPage{slug: slug, charts: charts, files: files}
	}
	// runs: families of models, each a curve of loss against parameters
	var runs strings.Builder
	runs.WriteString("family,model,params,tokens,loss,acc\n")
	fams := []string{"Alpha", "Beta", "Gamma", "Delta", "Epsilon"}
	for fi, fam := range fams {
		for k := range 14 {
			n := 1e7 * math.Pow(10, float64(k)/4+float64(fi)*0.07)
			d := 20 * n * (1 + 0.3*math.Sin(float64(k*7+fi)))
			loss := 1.69 + 406.4/math.Pow(n, 0.34) + 410.7/math.Pow(d, 0.28) + 0.02*math.Sin(float64(3*k+fi))
			acc := 25 + 60/(1+math.Exp(-(math.Log10(n)-9.2)*1.6)) + 2*math.Sin(float64(5*k+fi))
			fmt.Fprintf(&runs, "%s,%s-%d,%.4g,%.4g,%.4f,%.2f\n", fam, fam, k, n, d, loss, acc)
		}
	}
	// many: 24 series of 40 points each
	var many strings.Builder
	many.WriteString("run,step,loss\n")
	for r := range 24 {
		for k := range 40 {
			step := 100 * (k + 1)
			fmt.Fprintf(&many, "run-%02d,%d,%.4f\n", r, step, 2+3*math.Exp(-float64(step)/(800+60*float64(r)))+0.01*float64(r))
		}
	}
	// long: a training log of 100,000 steps, noisy
	var long strings.Builder
	long.WriteString("step,loss\n")
	seed := uint32(7)
	for s := 1; s <= 100000; s++ {
		seed = seed*1664525 + 1013904223
		noise := (float64(seed>>8)/float64(1<<24) - 0.5) * 0.15
		fmt.Fprintf(&long, "%d,%.4f\n", s, 2.1+6/math.Pow(float64(s), 0.3)+noise)
	}
	// seeds: three sizes of five seeds each, logged every 50 steps
	var seeds strings.Builder
	seeds.WriteString("size,seed,step,loss\n")
	for si, size := range []string{"70M", "160M", "410M"} {
		for sd := range 5 {
			for k := range 200 {
				seed = seed*1664525 + 1013904223
				noise := (float64(seed>>8)/float64(1<<24) - 0.5) * 0.1
				step := 50 * (k + 1)
				fmt.Fprintf(&seeds, "%s,%d,%d,%.4f\n", size, sd, step, 2.6-0.25*float64(si)+5/math.Pow(float64(step), 0.3)*(1+0.03*float64(sd-2))+noise)
			}
		}
	}
	// logends: log axes whose data end on a minor tick (4,000, 7,000, 80,
	// 9e5) or just past one: the tick at the end is drawn by both or neither
	logEnds := [][2]float64{{50, 4000}, {30, 7000}, {0.5, 80}, {2e3, 9e5}}
	var ends strings.Builder
	ends.WriteString("range,x,y\n")
	for ri, r := range logEnds {
		for k := range 13 {
			f := float64(k) / 12
			x := r[0] * math.Pow(r[1]/r[0], f)
			y := r[0] * math.Pow(r[1]/r[0], 1-f*f)
			if k == 12 {
				x = r[1]
			}
			fmt.Fprintf(&ends, "r%d,%.6g,%.6g\n", ri, x, y)
		}
	}
	var endSpecs []string
	for ri, r := range logEnds {
		endSpecs = append(endSpecs, fmt.Sprintf("type: line\ntitle: Log axes from %g to %g\ndata: ends.csv\nwhere: {range: r%d}\n"+
			"x: {field: x, title: Steps, scale: log}\ny: {field: y, title: Loss, scale: log}\n", r[0], r[1], ri))
	}
	endSpecs = append(endSpecs, "type: line\ntitle: A log x axis from 50 to 4,000\ndata: ends.csv\nwhere: {range: r0}\n"+
		"x: {field: x, title: Steps, scale: log}\ny: {field: y, title: Loss}\n")
	return []fidelityPage{
		page("dense", "Dense labelled scatter", 1, []string{
			"type: scatter\ntitle: Seventy labelled runs\ndata: runs.csv\nseries: family\nlabel: model\n" +
				"x: {field: params, title: Parameters, scale: log}\ny: {field: acc, title: \"Accuracy (%)\"}\n",
		}, map[string]string{"runs.csv": runs.String()}),
		page("fits", "Fits fitted and extrapolated", 2, []string{
			"type: scatter\ntitle: A power law per family, extrapolated\ndata: runs.csv\nseries: family\n" +
				"x: {field: params, title: Parameters, scale: log}\ny: {field: loss, title: Loss, scale: log}\n" +
				"fit: {type: powerlaw+c, extrapolate: 1e13}\n",
			"type: scatter\ntitle: One law over all\ndata: runs.csv\nseries: family\n" +
				"x: {field: params, title: Parameters, scale: log}\ny: {field: loss, title: Loss}\n" +
				"fit: {type: powerlaw, over: all, extrapolate: 1e12, label: Prediction}\n",
		}, map[string]string{"runs.csv": runs.String()}),
		page("frontier", "A frontier through labels", 1, []string{
			"type: scatter\ntitle: The frontier of the runs\ndata: runs.csv\nseries: family\nlabel: model\n" +
				"x: {field: params, title: Parameters, scale: log}\ny: {field: loss, title: Loss, scale: log}\n" +
				"frontier: min\nfit: {type: powerlaw, over: frontier, label: Frontier fit}\n",
		}, map[string]string{"runs.csv": runs.String()}),
		page("bands", "Bands and reference lines", 1, []string{
			"type: scatter\ntitle: Bands, lines and a note\ndata: runs.csv\nseries: family\n" +
				"x: {field: params, title: Parameters, scale: log, format: si}\ny: {field: acc, title: \"Accuracy (%)\"}\n" +
				"hlines:\n  - {y: 25, label: \"random chance (1 in 4)\"}\n  - 70\n" +
				"vlines: [{x: 1e9, label: \"1B\"}]\n" +
				"bands:\n  - {y: [60, 75], label: \"human range\"}\n  - {x: [1e8, 5e8]}\n" +
				"annotations:\n  - {x: 3e10, y: 50, text: \"a note among the points\"}\n",
		}, map[string]string{"runs.csv": runs.String()}),
		page("panels", "Panels", 1, []string{
			"type: scatter\ntitle: Loss and accuracy (A-B)\ndata: runs.csv\nseries: family\n" +
				"x: {field: params, title: Parameters, scale: log}\n" +
				"panels:\n  - {title: Loss, y: {field: loss, title: Loss, scale: log}, fit: {type: powerlaw}}\n" +
				"  - {title: Accuracy, y: {field: acc, title: \"Accuracy (%)\"}}\n",
		}, map[string]string{"runs.csv": runs.String()}),
		page("many", "Many series", 1, []string{
			"type: line\ntitle: Twenty-four runs\ndata: many.csv\nseries: run\n" +
				"x: {field: step, title: Step}\ny: {field: loss, title: Loss}\n",
		}, map[string]string{"many.csv": many.String()}),
		page("long", "A long curve", 1, []string{
			"type: line\ntitle: 100,000 steps\ndata: log.csv\n" +
				"x: {field: step, title: Step, scale: log}\ny: {field: loss, title: Loss, scale: log}\n",
		}, map[string]string{"log.csv": long.String()}),
		page("seeds", "Repeated runs and a thinned line's band", 3, []string{
			"title: Five seeds, mean ± sd\ndata: seeds.csv\nseries: size\ngroup: seed\n" +
				"x: {field: step, title: Step, scale: log}\ny: {field: loss, title: Loss}\n",
			"type: scatter\ntitle: Five seeds, min to max\ndata: seeds.csv\nseries: size\ngroup: seed\nband: minmax\nwhere: {step: \"<= 1000\"}\n" +
				"x: {field: step, title: Step}\ny: {field: loss, title: Loss}\n",
			"type: line\ntitle: 100,000 steps from 200\ndata: log.csv\ndownsample: 200\n" +
				"x: {field: step, title: Step}\ny: {field: loss, title: Loss}\n",
		}, map[string]string{"seeds.csv": seeds.String(), "log.csv": long.String()}),
		page("logends", "Log axes ending at a minor tick", len(endSpecs), endSpecs, map[string]string{"ends.csv": ends.String()}),
	}
}

// buildCorpus builds the corpus' pages as one site and returns its output folder.
func buildCorpus(t *testing.T) string {
	t.Helper()
	files := map[string]string{}
	for _, p := range fidelityCorpus() {
		for k, v := range p.files {
			files[k] = v
		}
	}
	dest := t.TempDir()
	if _, err := pipeline.Run(pipeline.Options{Source: sitetest.New(t, files), Dest: dest}); err != nil {
		t.Fatalf("building the corpus: %v", err)
	}
	return dest
}
