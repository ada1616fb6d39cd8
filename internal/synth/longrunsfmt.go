package synth

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/parquet-go/parquet-go"

	"github.com/scalesite/scalesite/internal/tfevents"
)

// longRunWriter writes the runs in one format: its data files, and the
// lines of the page's chart specs that name them (spec) and the loss (y).
type longRunWriter struct {
	data    func(dir string, runs, steps int) error
	spec, y string
}

// longRunWriters are LongRunsAs's formats. An event folder reads as a
// table of run, tag, step, wall_time and value: its chart picks the tag
// and titles the value as the other formats' y axis is titled.
var longRunWriters = map[string]longRunWriter{
	LongRunsCSV:      {writeLongCSV, "data: data/runs.csv\n", "y: train_loss\n"},
	LongRunsJSONL:    {writeLongJSONL, "data: data/runs.jsonl\n", "y: train_loss\n"},
	LongRunsParquet:  {writeLongParquet, "data: data/runs.parquet\n", "y: train_loss\n"},
	LongRunsTFEvents: {writeLongEvents, "data: data/tb/\nwhere: {tag: train_loss}\n", "y: {field: value, title: train_loss}\n"},
}

// writeLongJSONL writes the runs as data/runs.jsonl, an object a step with
// the CSV's keys in its order, val_loss only where it is logged.
func writeLongJSONL(dir string, runs, steps int) error {
	return writeBuffered(filepath.Join(dir, "runs.jsonl"), func(w *bufio.Writer) error {
		var b []byte
		return eachLongStep(runs, steps, func(s *longStep) error {
			b = append(b[:0], `{"run":"`...)
			b = append(b, s.runName...)
			b = append(b, `","step":`...)
			b = strconv.AppendInt(b, int64(s.step), 10)
			b = append(b, `,"train_loss":`...)
			b = append(b, s.lossText...)
			if s.val {
				b = append(b, `,"val_loss":`...)
				b = append(b, s.valText...)
			}
			b = append(b, `,"lr":`...)
			b = append(b, s.lrText...)
			b = append(b, `,"wall_time":`...)
			b = strconv.AppendInt(b, s.wall, 10)
			b = append(b, "}\n"...)
			_, err := w.Write(b)
			return err
		})
	})
}

// longRow is a row of data/runs.parquet.
type longRow struct {
	Run       string   `parquet:"run,dict"`
	Step      int64    `parquet:"step"`
	TrainLoss float64  `parquet:"train_loss"`
	ValLoss   *float64 `parquet:"val_loss,optional"`
	LR        float64  `parquet:"lr"`
	WallTime  int64    `parquet:"wall_time"`
}

// writeLongParquet writes the runs as data/runs.parquet with parquet-go's
// writer as pyarrow writes a table by default: Snappy, row groups of
// 1,048,576 rows.
func writeLongParquet(dir string, runs, steps int) error {
	return writeBuffered(filepath.Join(dir, "runs.parquet"), func(bw *bufio.Writer) error {
		w := parquet.NewGenericWriter[longRow](bw, parquet.Compression(&parquet.Snappy), parquet.MaxRowsPerRowGroup(1<<20))
		rows := make([]longRow, 0, 4096)
		vals := make([]float64, 0, cap(rows))
		flush := func() error {
			_, err := w.Write(rows)
			rows, vals = rows[:0], vals[:0]
			return err
		}
		err := eachLongStep(runs, steps, func(s *longStep) error {
			row := longRow{Run: s.runName, Step: int64(s.step), TrainLoss: s.loss, LR: s.lr, WallTime: s.wall}
			if s.val {
				vals = append(vals, s.valLoss)
				row.ValLoss = &vals[len(vals)-1]
			}
			if rows = append(rows, row); len(rows) == cap(rows) {
				return flush()
			}
			return nil
		})
		if err == nil {
			err = flush()
		}
		if err != nil {
			return err
		}
		return w.Close()
	})
}

// writeLongEvents writes the runs as a TensorBoard log_dir, data/tb/, a
// folder per run as PyTorch's SummaryWriter lays it out, with an event per
// scalar as its add_scalar writes them: train_loss every step, val_loss
// where it is logged, as simple_value. The learning rate is left out: a
// tag of its own every step would double the rows, past table.MaxRows.
func writeLongEvents(dir string, runs, steps int) error {
	var w *tfevents.Writer
	var out *bufio.Writer
	var f *os.File
	closeRun := func() error {
		if f == nil {
			return nil
		}
		defer f.Close()
		if err := w.Err(); err != nil {
			return fmt.Errorf("writing %s: %w", f.Name(), err)
		}
		if err := out.Flush(); err != nil {
			return fmt.Errorf("writing %s: %w", f.Name(), err)
		}
		return f.Close()
	}
	err := eachLongStep(runs, steps, func(s *longStep) error {
		if s.step == 1 {
			if err := closeRun(); err != nil {
				return err
			}
			run := filepath.Join(dir, "tb", s.runName)
			if err := os.MkdirAll(run, 0o755); err != nil {
				return err
			}
			var err error
			f, err = os.Create(filepath.Join(run, fmt.Sprintf("events.out.tfevents.1700000000.trainer.%d.0", 4000+s.run)))
			if err != nil {
				return err
			}
			out = bufio.NewWriterSize(f, 1<<20)
			w = tfevents.NewWriter(out, 0)
		}
		w.Event(int64(s.step), float64(s.wall), tfevents.Scalar{Tag: "train_loss", Value: s.loss})
		if s.val {
			w.Event(int64(s.step), float64(s.wall), tfevents.Scalar{Tag: "val_loss", Value: s.valLoss})
		}
		return w.Err()
	})
	if err != nil {
		if f != nil {
			f.Close()
		}
		return err
	}
	return closeRun()
}
