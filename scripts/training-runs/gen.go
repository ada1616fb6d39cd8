//go:build ignore

// Command gen writes the synthetic training logs of the guide's page on
// training runs (content/format/training-runs/): 1,000,000-step runs of
// three model sizes and four seeds each, as a CSV file, a JSON Lines log, a
// Parquet history (parquet-go's writer) and a folder of TensorBoard event
// files (the project's own writer, internal/tfevents). The same bytes come
// out on every run: the noise is drawn from a seeded PCG.
//
// The curves follow the shape of published ones. The loss is the
// learning-rate-annealing law of Tissue et al. (2024),
// L = L∞(N) + B·(S₁ + s₀)^−α − C·S₂, where S₁ is the area under the
// learning rate so far (in thousands of full-rate steps) and S₂ the
// annealing area (the learning rate's drops, carried with momentum), so that
// a step decay of the learning rate shows as a drop of the loss a few
// thousand steps long; L∞(N) is Chinchilla's 1.69 + 406.4/N^0.34. The
// schedule warms up linearly over 2,000 steps, holds, and decays by 10× at
// 60% and again by 3× at 85% of the run. Each logged training loss is the
// mean over its logging interval, with noise that shrinks with it; one or two
// loss spikes per run (a jump of 0.3 to 1.2 that decays over a few thousand
// steps) fall where each seed's draw puts them. The validation loss, every
// 5,000 steps, sits 0.03 above the smooth curve with less noise.
//
// Run from the repository's root:
//
//	go run scripts/training-runs/gen.go
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"github.com/parquet-go/parquet-go"

	"github.com/scalesite/scalesite/internal/tfevents"
)

const (
	out      = "content/format/training-runs"
	steps    = 1_000_000
	warmup   = 2_000
	valEvery = 5_000
)

// model is one of the three sizes.
type model struct {
	name       string
	params     float64
	secPerStep float64 // wall-clock seconds per step
}

var models = []model{
	{"125M", 125e6, 0.21},
	{"350M", 350e6, 0.46},
	{"1.3B", 1.3e9, 1.35},
}

// run is one seed of one size, every step's loss computed.
type run struct {
	model model
	seed  int
	lr    []float64 // learning rate, as a fraction of the peak
	train []float64 // the training loss at each step, noise-free but for spikes
	clean []float64 // the curve without spikes (validation reads it)
	rng   *rand.Rand
}

// lrAt is the schedule: linear warmup, constant, ×0.1 at 60%, ×0.3 more at 85%.
func lrAt(step int) float64 {
	switch {
	case step < warmup:
		return float64(step+1) / warmup
	case step < steps*6/10:
		return 1
	case step < steps*85/100:
		return 0.1
	}
	return 0.03
}

func newRun(m model, seed int) *run {
	r := &run{model: m, seed: seed, rng: rand.New(rand.NewPCG(uint64(seed)*7919+uint64(m.params/1e6), 37))}
	lInf := 1.69 + 406.4/math.Pow(m.params, 0.34)
	const (
		alpha = 0.3
		s0    = 0.04
		c     = 0.1
		decay = 0.999 // momentum of the annealing area
	)
	b := (math.Log(50257) - lInf) * math.Pow(s0, alpha) // starts at ln(vocabulary)
	offset := r.rng.NormFloat64() * 0.006               // seeds differ a little
	r.lr = make([]float64, steps+1)
	r.train = make([]float64, steps+1)
	r.clean = make([]float64, steps+1)
	var s1, s2, mom float64
	prev := lrAt(0)
	for s := 0; s <= steps; s++ {
		lr := lrAt(s)
		s1 += lr / 1000
		if s > warmup {
			mom = decay*mom + (prev - lr)
		}
		s2 += mom * (1 - decay)
		prev = lr
		l := lInf + b*math.Pow(s1+s0, -alpha) - c*s2 + offset
		r.lr[s], r.clean[s], r.train[s] = lr, l, l
	}
	// One or two spikes, past warmup, each rising at once and decaying.
	for range 1 + r.rng.IntN(2) {
		at := 20_000 + r.rng.IntN(steps-40_000)
		height := 0.3 + 0.9*r.rng.Float64()
		tau := 500 + 2500*r.rng.Float64()
		for s := at; s <= steps && s < at+int(10*tau); s++ {
			r.train[s] += height * math.Exp(-float64(s-at)/tau)
		}
	}
	return r
}

// trainLoss is the logged training loss at step: the mean over the every
// steps before it, plus noise of a per-token loss averaged over a batch.
func (r *run) trainLoss(step, every int) float64 {
	lo := max(0, step-every+1)
	var sum float64
	for s := lo; s <= step; s++ {
		sum += r.train[s]
	}
	mean := sum / float64(step-lo+1)
	sd := 0.05 / math.Sqrt(float64(step-lo+1)) * (1 + 0.3*math.Abs(r.rng.NormFloat64()))
	return mean + sd*r.rng.NormFloat64()
}

// valLoss is the validation loss at step: the curve without spikes' lasting
// harm, a little above training, with less noise.
func (r *run) valLoss(step int) float64 {
	return r.clean[step] + 0.03 + 0.004*r.rng.NormFloat64()
}

func (r *run) wallTime(step int) float64 {
	return 1.7e9 + float64(r.seed)*86400 + float64(step)*r.model.secPerStep
}

func f4(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }

func main() {
	var runs [][]*run // by model, then seed
	for _, m := range models {
		var bySeed []*run
		for seed := range 4 {
			bySeed = append(bySeed, newRun(m, seed))
		}
		runs = append(runs, bySeed)
	}
	must(writeCSV(runs[2][0]))
	must(writeJSONL(runs))
	must(writeParquet(runs))
	must(writeEvents(runs))
}

// writeCSV writes one run of the largest model, logged every 100 steps, wide:
// step, train_loss, val_loss (every 5,000 steps, blank between), lr.
func writeCSV(r *run) error {
	var b bytes.Buffer
	b.WriteString("step,train_loss,val_loss,lr\n")
	for s := 100; s <= steps; s += 100 {
		val := ""
		if s%valEvery == 0 {
			val = f4(r.valLoss(s))
		}
		fmt.Fprintf(&b, "%d,%s,%s,%.3g\n", s, f4(r.trainLoss(s, 100)), val, 3e-4*r.lr[s])
	}
	return os.WriteFile(filepath.Join(out, "run.csv"), b.Bytes(), 0o644)
}

// writeJSONL writes every seed of every size, a line every 1,000 steps with
// the training loss nested as a logger writes it: {"train": {"loss": ...}}.
func writeJSONL(runs [][]*run) error {
	var b bytes.Buffer
	for _, bySeed := range runs {
		for _, r := range bySeed {
			for s := 1000; s <= steps; s += 1000 {
				fmt.Fprintf(&b, `{"model":%q,"seed":%d,"_step":%d,"train":{"loss":%s}}`+"\n",
					r.model.name, r.seed, s, f4(r.trainLoss(s, 1000)))
			}
		}
	}
	return os.WriteFile(filepath.Join(out, "seeds.jsonl"), b.Bytes(), 0o644)
}

// historyRow is one row of a W&B-style run history.
type historyRow struct {
	Model   string   `parquet:"model,dict"`
	Step    int64    `parquet:"_step"`
	Runtime float64  `parquet:"_runtime"`
	Train   float32  `parquet:"train/loss"`
	Val     *float32 `parquet:"val/loss,optional"`
	LR      float32  `parquet:"lr"`
}

// writeParquet writes seed 0 of each size, every 250 steps, as one history
// table with a model column, compressed with zstd as pandas does by default
// in recent versions.
func writeParquet(runs [][]*run) error {
	var rows []historyRow
	for _, bySeed := range runs {
		r := bySeed[0]
		for s := 250; s <= steps; s += 250 {
			row := historyRow{Model: r.model.name, Step: int64(s), Runtime: math.Round(r.wallTime(s) - r.wallTime(0)),
				Train: float32(r.trainLoss(s, 250)), LR: float32(3e-4 * r.lr[s])}
			if s%valEvery == 0 {
				v := float32(r.valLoss(s))
				row.Val = &v
			}
			rows = append(rows, row)
		}
	}
	var b bytes.Buffer
	w := parquet.NewGenericWriter[historyRow](&b, parquet.Compression(&parquet.Zstd))
	if _, err := w.Write(rows); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "history.parquet"), b.Bytes(), 0o644)
}

// writeEvents writes seed 1 of each size as a TensorBoard log_dir, one
// folder per run as PyTorch's SummaryWriter lays it out: train/loss every
// 250 steps, val/loss every 5,000, both as simple_value.
func writeEvents(runs [][]*run) error {
	for i, bySeed := range runs {
		r := bySeed[1]
		dir := filepath.Join(out, "tb", r.model.name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		// each size trained on a node of its own, as its file's name says
		name := fmt.Sprintf("events.out.tfevents.%d.gpu-node-%02d.%d.0", int64(r.wallTime(0)), 10*(i+1)+r.seed, 4000+r.seed)
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		bw := bufio.NewWriter(f)
		w := tfevents.NewWriter(bw, r.wallTime(0))
		for s := 250; s <= steps; s += 250 {
			w.Event(int64(s), r.wallTime(s), tfevents.Scalar{Tag: "train/loss", Value: float64(float32(r.trainLoss(s, 250)))})
			if s%valEvery == 0 {
				w.Event(int64(s), r.wallTime(s), tfevents.Scalar{Tag: "val/loss", Value: float64(float32(r.valLoss(s)))})
			}
		}
		if err := w.Err(); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
