package table

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"unicode"
)

// readAll reads every record of r with the position of each field.
func readAll(t testing.TB, r records) (recs [][]string, pos [][2]int) {
	t.Helper()
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return recs, pos
		}
		if err != nil {
			t.Fatalf("Read: %v", err)
		}
		recs = append(recs, append([]string(nil), rec...))
		for i := range rec {
			l, c := r.FieldPos(i)
			pos = append(pos, [2]int{l, c})
		}
	}
}

// checkPlainReader holds plainReader to encoding/csv's Reader set as
// ParseCSV sets it, on text without a double quote.
func checkPlainReader(t testing.TB, src string, comma rune) {
	t.Helper()
	if strings.Contains(src, `"`) || !validComma(comma) {
		return
	}
	trim := !unicode.IsSpace(comma)
	cr := csv.NewReader(bytes.NewReader([]byte(src)))
	cr.Comma, cr.FieldsPerRecord, cr.ReuseRecord, cr.TrimLeadingSpace = comma, -1, true, trim
	wantRecs, wantPos := readAll(t, cr)
	gotRecs, gotPos := readAll(t, &plainReader{text: src, comma: comma, trim: trim})
	if !reflect.DeepEqual(gotRecs, wantRecs) || !reflect.DeepEqual(gotPos, wantPos) {
		t.Fatalf("%q, %q:\n plainReader %q at %v\n encoding/csv %q at %v", src, comma, gotRecs, gotPos, wantRecs, wantPos)
	}
}

var plainSeeds = []string{
	"", "\n", "\n\n", "\r\n", "\r", "\r\r", "a", "a\n", "a\r\n", "a\r", "a\rb\n", "a\r\r\n",
	"model,flops,acc\nA,1e21,71.2\nB,3e23,80\n",
	"a, b ,  c\n1,2,3", "a,\n,b\n,,\n", "  \n a\n\t\n", "a,   \n", "x,\u3000y,\u00a0z\n",
	"a\tb\t\n1\t\t3\n", "a b  c\n", "a;b\n1;2\r\n\r\n3;4", "a|b\n", "\xff,\xfe a\n", "a\u2028b,c\n",
	"header\n\n\n1\n\n", "a,b\r\n1,2\r", "é,ü\n1,2\n",
}

func TestPlainReaderMatchesEncodingCSV(t *testing.T) {
	for _, src := range plainSeeds {
		for _, comma := range []rune{',', '\t', ';', ' ', '|', 'é'} {
			checkPlainReader(t, src, comma)
		}
	}
}

func FuzzPlainReader(f *testing.F) {
	for _, s := range plainSeeds {
		f.Add(s, ',')
		f.Add(s, '\t')
	}
	f.Fuzz(func(t *testing.T, src string, comma rune) {
		checkPlainReader(t, src, comma)
	})
}

// TestParseCSVStringIsParseCSV: the string form reads the same table, or
// the same error, with or without quotes and a byte order mark.
func TestParseCSVStringIsParseCSV(t *testing.T) {
	for _, src := range []string{
		"a,b\n1,2\n", "\xef\xbb\xbfa,b\n1,2\n", "\xef\xbb\xbfa,\"b\"\n1,2\n", "a,\"b, c\"\n1,2\n", "a,b\n1,2,3\n", "", "a,a\n1,2\n",
	} {
		at := page
		want, wantErr := ParseCSV([]byte(src), at, ',')
		got, gotErr := ParseCSVString(src, at, ',')
		if !reflect.DeepEqual(got, want) || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
			t.Errorf("%q: ParseCSVString = %+v, %v; ParseCSV = %+v, %v", src, got, gotErr, want, wantErr)
		}
	}
}
