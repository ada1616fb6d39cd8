package markdown

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark/text"
)

func TestZZProf(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	src := []byte(strings.ReplaceAll(os.Getenv("ZZPRE"), `\n`, "\n") + strings.Repeat(strings.ReplaceAll(os.Getenv("ZZREP"), `\n`, "\n"), n))
	t0 := time.Now()
	doc := New().Parser().Parse(text.NewReader(src))
	t1 := time.Now()
	var b bytes.Buffer
	New().Renderer().Render(&b, src, doc)
	t.Logf("%d bytes parse %v render %v", len(src), t1.Sub(t0), time.Since(t1))
}
