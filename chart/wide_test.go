package chart

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// wideLog is a training log of two runs as a tracker exports it: a
// validation loss every other step.
const wideLog = "run,step,train_loss,val_loss\n" +
	"small,1000,4.31,4.38\nsmall,2000,3.72,\nsmall,3000,3.41,3.50\nsmall,4000,3.25,\nsmall,5000,3.14,3.22\n" +
	"large,1000,4.02,4.09\nlarge,2000,3.35,\nlarge,3000,3.02,3.10\nlarge,4000,2.86,\nlarge,5000,2.75,2.83\n"

// wideChart loads one chart of the spec over wideLog.
func wideChart(t *testing.T, spec string) *site.Chart {
	t.Helper()
	s, err := site.Load(sitetest.New(t, map[string]string{
		"scalesite.yaml":        "title: Lab\n",
		"content/index.md":      "---\ntitle: Lab\n---\n",
		"content/loss/index.md": "---\ntitle: Loss\n---\n```chart\n" + spec + "```\n",
		"content/loss/log.csv":  wideLog,
	}), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Pages {
		if p.Path == "content/loss/index.md" {
			return s.Body(p).Charts[0]
		}
	}
	t.Fatal("no loss page")
	return nil
}

// TestWideOption compares the option of a wide chart (two runs, two
// columns, renamed) with its golden file: one series per run and column,
// a legend, the series' names. Run `go test ./chart -run TestWideOption
// -update` after an intended change, and read the diff.
func TestWideOption(t *testing.T) {
	c := wideChart(t, "title: Loss of two runs\ndata: log.csv\nx: {field: step, title: Step}\n"+
		"y: {field: [train_loss, val_loss], title: Loss, scale: log}\nnames: {train_loss: Train, val_loss: Validation}\nseries: run\n")
	checkOptionGolden(t, "wide-loss.golden.json", c)
	var o struct {
		Legend struct{ Show bool }
		Series []struct {
			Name string
			Data [][]any
		}
	}
	got, err := json.Marshal(Option(c))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &o); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range o.Series {
		names = append(names, s.Name)
	}
	wantNames := "small · Train, small · Validation, large · Train, large · Validation"
	if strings.Join(names, ", ") != wantNames || !o.Legend.Show {
		t.Errorf("series %q, legend %v; want %s and a legend", names, o.Legend.Show, wantNames)
	}
	if len(o.Series) == 4 && (len(o.Series[0].Data) != 5 || len(o.Series[1].Data) != 3) {
		t.Errorf("small run: %d train and %d validation points, want 5 and 3", len(o.Series[0].Data), len(o.Series[1].Data))
	}
}

// TestWideExports checks what a wide chart writes besides its option: the
// CSV file (a series column, as if the data were long, with the raw
// values) and the alt text.
func TestWideExports(t *testing.T) {
	tests := []struct {
		name     string
		spec     string
		csvHead  string // the CSV file's first lines
		alt      string
		styleKey string // the style key of the first series
	}{
		{
			name:     "columns",
			spec:     "data: log.csv\nx: step\ny: [train_loss, val_loss]\nwhere: {run: small}\n",
			csvHead:  "series,step,y\ntrain_loss,1000,4.31\ntrain_loss,2000,3.72\n",
			alt:      "Line chart of train_loss, val_loss against step, 8 points in 2 series: train_loss, val_loss.",
			styleKey: "train_loss",
		},
		{
			name:     "runs and renamed columns",
			spec:     "data: log.csv\nx: step\ny: {field: [train_loss, val_loss], title: Loss}\nnames: {val_loss: Validation}\nseries: run\n",
			csvHead:  "series,step,y\nsmall · train_loss,1000,4.31\nsmall · train_loss,2000,3.72\n",
			alt:      "Line chart of Loss against step, 16 points in 4 series: small · train_loss, small · Validation, large · train_loss, large · Validation.",
			styleKey: "small · train_loss",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := wideChart(t, tt.spec)
			if got := string(CSV(c)); !strings.HasPrefix(got, tt.csvHead) {
				t.Errorf("CSV starts\n%s\nwant\n%s", got[:min(len(got), 200)], tt.csvHead)
			}
			if got := AltText(c); got != tt.alt {
				t.Errorf("alt text\n%s\nwant\n%s", got, tt.alt)
			}
			if got := StyleKey(c.Spec.Panels[0], c.Panels[0].Series[0]); got != tt.styleKey {
				t.Errorf("style key %q, want %q", got, tt.styleKey)
			}
		})
	}
}
