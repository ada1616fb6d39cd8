package table

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestSpareBatchesKeepNothing reads the same inputs in one order and in
// the reverse, a long input between them: the batches and windows a read
// leaves for the next (spareBatches, readers) must give every table, and
// every problem, as a first read does, and no table read before may
// change when the next is read.
func TestSpareBatchesKeepNothing(t *testing.T) {
	var long strings.Builder
	long.WriteString("step,loss\n")
	for i := range 3 * csvBatchRows {
		fmt.Fprintf(&long, "%d,%d.%d\n", i, i%97, i%13)
	}
	inputs := []string{
		"model,flops,acc\nA,1e20,0.5\nB,2e21,0.75\nC,3e22,0.875\n",
		"a,b\n1,2\n",
		"x;y\n1;2\n",
		"name,acc\n\"élan, vital\",0.5\n\"plain\",0.25\n",
		"model,flops,acc\nA,1,2\nB,1,2,3\n",
		"a,b\n\"open,2\n3,4\n",
		"a,b\n1,2\x00\n",
		"wide,columns,of,many,names,here\n" + strings.Repeat("aaaaaaaa,bbbbbbbb,cccccccc,dddddddd,eeeeeeee,ffffffff\n", 300),
		"a,b\n1,2\n3,4\n",
		long.String(),
		"c\n" + strings.Repeat("ü\n", 50),
	}
	read := func(i int) (*Table, string) {
		comma := ','
		if strings.HasPrefix(inputs[i], "x;y") {
			comma = ';'
		}
		tab, err := ReadCSV(bytes.NewReader([]byte(inputs[i])), int64(len(inputs[i])), page, comma)
		return tab, outcome(tab, err)
	}
	first := make([]string, len(inputs))
	tables := make([]*Table, len(inputs))
	for i := range inputs {
		tables[i], first[i] = read(i)
	}
	for i, tab := range tables {
		if tab != nil && dump(tab) != first[i] {
			t.Errorf("input %d changed as the others were read:\n%s\nwas:\n%s", i, dump(tab), first[i])
		}
	}
	runtime.GC() // the pools may keep their batches or not
	for i := len(inputs) - 1; i >= 0; i-- {
		if _, got := read(i); got != first[i] {
			t.Errorf("input %d read after the others:\n%s\nread first:\n%s", i, got, first[i])
		}
	}
}
