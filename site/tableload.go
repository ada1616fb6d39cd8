package site

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path"
	"strings"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/rebuild"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/table"
)

// eventFilePrefix starts the name of every TensorBoard event file
// (events.out.tfevents.<time>.<host>...), whoever wrote it.
const eventFilePrefix = "events.out.tfevents."

// loadTable reads a chart's data: a data file, parsed as it is read from
// the file (table.Read), or a folder of TensorBoard event files read as one
// table (table.ReadEvents). Its sum is the file's rebuild.FileSum, or the
// folder's eventFolderSum.
func loadTable(files *sitefs.Root, file string, limit sitefs.Limit) (*table.Table, [32]byte, int64, bool, error) {
	if isFolder(files, file) {
		return loadEventFolder(files, file, limit, func(list []table.EventFile) (*table.Table, error) {
			return table.ReadEvents(file, list)
		})
	}
	return streamed(table.Read)(files, file, limit)
}

// isFolder reports whether the site path file is a folder inside the site.
func isFolder(files *sitefs.Root, file string) bool {
	real, err := files.Resolve(file)
	if err != nil {
		return false
	}
	fi, err := os.Stat(real)
	return err == nil && fi.IsDir()
}

// limitedHash reads r, hashing what it reads, and fails once more than
// limit bytes have come: a file can grow after its size was checked.
type limitedHash struct {
	r     io.Reader
	h     hash.Hash
	n     int64
	limit sitefs.Limit
	path  string // the site path the limit's error names
	err   error
}

func (l *limitedHash) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.r.Read(p)
	l.n += int64(n)
	if l.limit.Bytes > 0 && l.n > l.limit.Bytes {
		l.err = &sitefs.TooLargeError{Path: l.path, Size: l.n, Limit: l.limit.Bytes, Key: l.limit.Key}
		return 0, l.err
	}
	l.h.Write(p[:n])
	if err != nil && !errors.Is(err, io.EOF) {
		l.err = err
	}
	return n, err
}

// eventFiles lists the TensorBoard event files of the site folder dir:
// their paths relative to dir, in name order (a run's files in the order
// they were written, as their names start with the time), and their
// sizes, held together to limit. A file the rule refuses is an error;
// other files (checkpoints, hyperparameter configs) are not read.
func eventFiles(files *sitefs.Root, dir string, limit sitefs.Limit) ([]string, []int64, error) {
	list, problems, err := files.List(dir, sitefs.Limit{})
	if err != nil {
		return nil, nil, err
	}
	for _, p := range problems {
		var fe *sitefs.Error
		if errors.As(p, &fe) && strings.HasPrefix(path.Base(fe.Path), eventFilePrefix) {
			return nil, nil, p
		}
	}
	var out []string
	var sizes []int64
	var total int64
	for _, sub := range list {
		if !strings.HasPrefix(path.Base(sub), eventFilePrefix) {
			continue
		}
		fi, err := files.Stat(path.Join(dir, sub), sitefs.Limit{})
		if err != nil {
			return nil, nil, err
		}
		total += fi.Size()
		out = append(out, sub)
		sizes = append(sizes, fi.Size())
	}
	if limit.Bytes > 0 && total > limit.Bytes {
		return nil, nil, &folderTooLarge{sitefs.TooLargeError{Path: dir, Size: total, Limit: limit.Bytes, Key: limit.Key}}
	}
	if len(out) == 0 {
		return nil, nil, &diag.Error{Pos: diag.Pos{File: dir}, Msg: "the folder holds no TensorBoard event files (" + eventFilePrefix +
			"*), in it or in a folder per run: name a data file (.csv, .jsonl, .parquet, ...), or the folder TensorBoard's writer wrote (its log_dir)"}
	}
	return out, sizes, nil
}

// folderTooLarge is a folder of event files whose sizes add up to more
// than the data limit.
type folderTooLarge struct{ sitefs.TooLargeError }

func (e *folderTooLarge) Unwrap() error { return &e.TooLargeError }

func (e *folderTooLarge) Error() string {
	return fmt.Sprintf("%s holds TensorBoard event files of %s together, over the %s limit for one chart's data: raise it in scalesite.yaml with limits: {%s: %s}",
		diag.QuoteIfNeeded(e.Path), sitefs.FormatSize(e.Size), sitefs.FormatSize(e.Limit), e.Key, sitefs.FormatSize(sitefs.NextLimit(e.Size)))
}

// loadEventFolder reads the event files under dir as one table, by read
// (table.ReadEvents, or StreamEvents): run is a file's folder relative to
// dir ("." for dir itself). Their sizes together are held to limit, as
// one data file's is, while they are read as well (a run still being
// written grows).
func loadEventFolder(files *sitefs.Root, dir string, limit sitefs.Limit, read func([]table.EventFile) (*table.Table, error)) (*table.Table, [32]byte, int64, bool, error) {
	var sum [32]byte
	subs, sizes, err := eventFiles(files, dir, limit)
	if err != nil {
		return nil, sum, 0, false, err
	}
	folder := sha256.New()
	var done int64 // bytes of the files read
	var over error
	list := make([]table.EventFile, len(subs))
	for i, sub := range subs {
		rel := path.Join(dir, sub)
		list[i] = table.EventFile{Run: path.Dir(sub), Name: rel, Size: sizes[i], Open: func() (io.ReadCloser, error) {
			f, err := files.OpenFile(rel, sitefs.Limit{})
			if err != nil {
				return nil, err
			}
			left := sitefs.Limit{Bytes: limit.Bytes - done, Key: limit.Key}
			if limit.Bytes == 0 {
				left.Bytes = 0
			}
			h := &limitedHash{r: f, h: sha256.New(), limit: left, path: rel}
			return &hashedFile{readAhead: newReadAhead(h), f: f, done: func() {
				done += h.n
				if h.err != nil && over == nil {
					over = h.err
				}
				var fileSum [32]byte
				h.h.Sum(fileSum[:0])
				fmt.Fprintf(folder, "%s\x00%x\n", sub, fileSum)
			}}, nil
		}}
	}
	t, err := read(list)
	if over != nil {
		var tl *sitefs.TooLargeError
		if errors.As(over, &tl) {
			return nil, sum, done, false, &folderTooLarge{sitefs.TooLargeError{Path: dir, Size: done, Limit: limit.Bytes, Key: limit.Key}}
		}
		return nil, sum, done, false, over
	}
	folder.Sum(sum[:0])
	return t, sum, done, err == nil, err
}

// hashedFile is an event file being read, and summed, a block ahead of
// its reader on the other core (readAhead): closing it records its sum.
type hashedFile struct {
	*readAhead
	f    *os.File
	done func()
}

func (h *hashedFile) Close() error {
	h.readAhead.Close()
	h.done()
	return h.f.Close()
}

// eventFolderSum is the sum loadEventFolder gives dir, computed without
// reading the events: each event file's path under dir and its
// rebuild.FileSum, in order.
func eventFolderSum(files *sitefs.Root, dir string, limit sitefs.Limit) ([32]byte, error) {
	var sum [32]byte
	subs, _, err := eventFiles(files, dir, limit)
	if err != nil {
		return sum, err
	}
	folder := sha256.New()
	for _, sub := range subs {
		b, err := files.ReadFile(path.Join(dir, sub), sitefs.Limit{})
		if err != nil {
			return sum, err
		}
		fmt.Fprintf(folder, "%s\x00%x\n", sub, rebuild.FileSum(b))
	}
	folder.Sum(sum[:0])
	return sum, nil
}

// InputSum is the rebuild.FileSum of the page input f, a data file or
// .bib file, or the sum of a folder of event files that a chart reads,
// read now: what a build compares with the sum it kept of the page's
// inputs when no page of this build read f (ReadSum).
func (s *Site) InputSum(f string) ([32]byte, error) {
	limit := s.Config.Limits.DataLimit()
	if isFolder(s.Files, f) {
		return eventFolderSum(s.Files, f, limit)
	}
	b, err := s.Files.ReadFile(f, limit)
	if err != nil {
		return [32]byte{}, err
	}
	return rebuild.FileSum(b), nil
}
