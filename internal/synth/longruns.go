package synth

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// The formats LongRunsAs writes the runs in.
const (
	LongRunsCSV      = "csv"      // data/runs.csv
	LongRunsJSONL    = "jsonl"    // data/runs.jsonl
	LongRunsParquet  = "parquet"  // data/runs.parquet
	LongRunsTFEvents = "tfevents" // data/tb/, a folder of event files per run
)

// LongRunsAs writes into dir the site of issue 37's speed goal: runs
// training runs of steps steps each in format, one of LongRunsCSV,
// LongRunsJSONL, LongRunsParquet and LongRunsTFEvents (longrunsfmt.go);
// as a CSV, data/runs.csv (run, step, train_loss, val_loss, lr,
// wall_time; val_loss logged every 1,000 steps and empty between, as a
// trainer logs it). A page, content/runs.md, charts train_loss against
// step by run on a log and on a linear x axis, the same lines from each
// format, so that the readers can be measured against each other. Ten
// runs of 1,000,000 steps make a CSV of about 324 MB, so the site raises
// the data limit to 400MB. The same runs and steps write the same bytes.
func LongRunsAs(dir string, runs, steps int, format string) error {
	write, ok := longRunWriters[format]
	if !ok {
		return fmt.Errorf("no format %q for the long runs: csv, jsonl, parquet or tfevents", format)
	}
	// The site's files are written over whatever stands at their names, so
	// only into a folder that holds nothing yet.
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty: the long runs are written into a new or empty folder", dir)
	}
	for _, d := range []string{"content", "data"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			return err
		}
	}
	limit := "400MB"
	if format != LongRunsCSV {
		limit = "1GB" // JSON Lines and event files are larger
	}
	files := map[string]string{
		"scalesite.yaml":   "title: Long training runs\ndescription: Ten long training runs.\nlimits: {data: " + limit + "}\n",
		"content/index.md": "# Long training runs\n\nSee [the runs](runs/).\n",
		"content/runs.md": "---\ntitle: Training runs\n---\nTraining loss of every run, on a log and a linear step axis.\n\n" +
			"```chart\ntype: line\n" + write.spec + "x: {field: step, scale: log}\n" + write.y + "series: run\n```\n\n" +
			"```chart\ntype: line\n" + write.spec + "x: step\n" + write.y + "series: run\n```\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return write.data(filepath.Join(dir, "data"), runs, steps)
}

// longStep is one logged step of a run, its values as the CSV writes them
// and as numbers read back from that text, so that every format holds
// the same values.
type longStep struct {
	run, step int
	runName   string
	loss      float64
	lossText  []byte
	val       bool // val_loss is logged at this step
	valLoss   float64
	valText   []byte
	lr        float64
	lrText    []byte
	wall      int64
}

// eachLongStep calls fn for every step of every run, in order; the same
// runs and steps give the same values. fn must not keep s's texts.
func eachLongStep(runs, steps int, fn func(s *longStep) error) error {
	rng := rand.New(rand.NewPCG(37, 1))
	var s longStep
	for r := range runs {
		scale := 1 + 0.05*float64(r)
		s.run, s.runName = r, "r"+strconv.Itoa(r)
		for step := 1; step <= steps; step++ {
			loss := scale * (1.7 + 8/math.Pow(float64(step), 0.3)) * (1 + 0.02*rng.NormFloat64())
			lr := 3e-4 * math.Min(1, float64(step)/2000) * (0.5 + 0.5*math.Cos(math.Pi*float64(step)/float64(steps)))
			s.step = step
			s.lossText = strconv.AppendFloat(s.lossText[:0], loss, 'f', 4, 64)
			s.loss = parsed(s.lossText)
			s.val = step%1000 == 0
			s.valText = s.valText[:0]
			if s.val {
				s.valText = strconv.AppendFloat(s.valText, loss*1.05, 'f', 4, 64)
				s.valLoss = parsed(s.valText)
			}
			s.lrText = strconv.AppendFloat(s.lrText[:0], lr, 'g', 2, 64)
			s.lr = parsed(s.lrText)
			s.wall = int64(0.35 * float64(step) * scale)
			if err := fn(&s); err != nil {
				return err
			}
		}
	}
	return nil
}

// parsed is the number the text b, written by strconv, reads back as.
func parsed(b []byte) float64 {
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		panic(err) // strconv wrote it
	}
	return v
}

// writeLongCSV writes the runs as data/runs.csv.
func writeLongCSV(dir string, runs, steps int) error {
	return writeBuffered(filepath.Join(dir, "runs.csv"), func(w *bufio.Writer) error {
		w.WriteString("run,step,train_loss,val_loss,lr,wall_time\n")
		var b []byte
		return eachLongStep(runs, steps, func(s *longStep) error {
			b = append(b[:0], s.runName...)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(s.step), 10)
			b = append(b, ',')
			b = append(b, s.lossText...)
			b = append(b, ',')
			b = append(b, s.valText...)
			b = append(b, ',')
			b = append(b, s.lrText...)
			b = append(b, ',')
			b = strconv.AppendInt(b, s.wall, 10)
			b = append(b, '\n')
			_, err := w.Write(b)
			return err
		})
	})
}

// writeBuffered creates the file name and writes it through fill.
func writeBuffered(name string, fill func(w *bufio.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	if err := fill(w); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return f.Close()
}
