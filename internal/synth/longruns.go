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

// LongRuns writes into dir the site of issue 37's speed goal: runs
// training runs of steps steps each in one CSV, data/runs.csv (run, step,
// train_loss, val_loss, lr, wall_time; val_loss logged every 1,000 steps
// and empty between, as a trainer logs it), and a page, content/runs.md,
// charting train_loss against step by run on a log and on a linear x axis.
// Ten runs of 1,000,000 steps make a CSV of about 324 MB, so the site
// raises the data limit to 400MB. The same runs and steps write the same
// bytes.
func LongRuns(dir string, runs, steps int) error {
	for _, d := range []string{"content", "data"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			return err
		}
	}
	files := map[string]string{
		"scalesite.yaml":   "title: Long training runs\ndescription: Ten long training runs.\nlimits: {data: 400MB}\n",
		"content/index.md": "# Long training runs\n\nSee [the runs](runs/).\n",
		"content/runs.md": "---\ntitle: Training runs\n---\nTraining loss of every run, on a log and a linear step axis.\n\n" +
			"```chart\ntype: line\ndata: data/runs.csv\nx: {field: step, scale: log}\ny: train_loss\nseries: run\n```\n\n" +
			"```chart\ntype: line\ndata: data/runs.csv\nx: step\ny: train_loss\nseries: run\n```\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	f, err := os.Create(filepath.Join(dir, "data", "runs.csv"))
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteString("run,step,train_loss,val_loss,lr,wall_time\n")
	rng := rand.New(rand.NewPCG(37, 1))
	var b []byte
	for r := range runs {
		scale := 1 + 0.05*float64(r)
		for s := 1; s <= steps; s++ {
			loss := scale * (1.7 + 8/math.Pow(float64(s), 0.3)) * (1 + 0.02*rng.NormFloat64())
			lr := 3e-4 * math.Min(1, float64(s)/2000) * (0.5 + 0.5*math.Cos(math.Pi*float64(s)/float64(steps)))
			b = append(b[:0], 'r')
			b = strconv.AppendInt(b, int64(r), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(s), 10)
			b = append(b, ',')
			b = strconv.AppendFloat(b, loss, 'f', 4, 64)
			b = append(b, ',')
			if s%1000 == 0 {
				b = strconv.AppendFloat(b, loss*1.05, 'f', 4, 64)
			}
			b = append(b, ',')
			b = strconv.AppendFloat(b, lr, 'g', 2, 64)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(0.35*float64(s)*scale), 10)
			b = append(b, '\n')
			w.Write(b)
		}
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", f.Name(), err)
	}
	return f.Close()
}
