package diag

import (
	"errors"
	"testing"
)

func TestDidYouMean(t *testing.T) {
	keys := []string{"type", "title", "subtitle", "data", "x", "y", "series", "label", "panels", "height", "colors"}
	tests := []struct{ word, want string }{
		{"serie", ` — did you mean "series"?`},
		{"Series", ` — did you mean "series"?`},
		{"colours", ` — did you mean "colors"?`},
		{"titel", ` — did you mean "title"?`},
		{"hight", ` — did you mean "height"?`},
		{"series", ""}, // the word itself: nothing to suggest
		{"xlabel", ` — did you mean "label"?`},
		{"zzzzzzz", ""}, // nothing close
		{"panel", ` — did you mean "panels"?`},
	}
	for _, tt := range tests {
		if got := DidYouMean(tt.word, keys); got != tt.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

func TestListSortAndError(t *testing.T) {
	var l List
	l.Add(Errorf(Pos{File: "b.md", Line: 2, Col: 1}, "second"))
	l.Add(List{Errorf(Pos{File: "a.md", Line: 9}, "first"), Errorf(Pos{File: "b.md", Line: 2, Col: 1}, "second")})
	l.Add(errors.New("no file"))
	l.Add(nil)
	got := l.Sort().Error()
	want := "no file\na.md:9: first\nb.md:2:1: second"
	if got != want {
		t.Errorf("sorted list:\n%s\nwant:\n%s", got, want)
	}
	if (List{}).Err() != nil {
		t.Errorf("an empty list is not nil as an error")
	}
}
