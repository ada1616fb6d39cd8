package site

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/katex"
)

func TestTagSlug(t *testing.T) {
	tests := []struct{ tag, want string }{
		{"Scaling Laws", "scaling-laws"},
		{"audio", "audio"},
		{"  a  b ", "a-b"},
		{"C++/CUDA", "c++-cuda"},
		{"Über", "über"},
		{"C#", "c-sharp"},
		{"F# and C#", "f-sharp-and-c-sharp"},
		{"#ml", "ml"},
		{"a?b", "a-b"},
		{"a%20b", "a-20b"},
		{"100%", "100"},
		{"日本語", "日本語"},
		{"α-β", "α-β"},
		{"x² × y", "x²-×-y"},
		{"🔥 hot", "🔥-hot"},
		{"a\x00b\x1b[2J", "a-b-2j"},
		{"", ""},
		{".", ""},
		{"..", ""},
		{"#", ""},
		{"?&=", ""},
		{strings.Repeat("ab ", 100), strings.Repeat("ab-", 33) + "a"}, // cut to maxTagSlug bytes
	}
	for _, tt := range tests {
		got := TagSlug(tt.tag)
		if got != tt.want {
			t.Errorf("TagSlug(%q) = %q, want %q", tt.tag, got, tt.want)
		}
		// A slug is a file name and a URL path segment as it is.
		if strings.ContainsAny(got, "/\\?#%&:*\"<>|. \t\n") || len(got) > maxTagSlug {
			t.Errorf("TagSlug(%q) = %q holds a character a URL or a file name cannot", tt.tag, got)
		}
	}
}

func TestTagsInFrontMatter(t *testing.T) {
	tests := []struct {
		name string
		tags string
		want []string // the tags kept
		errs []string
	}{
		{"plain", "[audio, Scaling Laws]", []string{"audio", "Scaling Laws"}, nil},
		{"spaces trimmed", `[" audio "]`, []string{"audio"}, nil},
		{"the same tag twice", "[Audio, audio, scaling_laws, scaling laws]", []string{"Audio", "scaling_laws"}, nil},
		{"no letter or digit", `["", ".", "..", "#"]`, nil, []string{
			`content/p.md:4:8: tag "" has no letter or digit, so it can have no page of its own: write a word, or remove it`,
			`content/p.md:4:12: tag "." has no letter or digit, so it can have no page of its own: write a word, or remove it`,
			`content/p.md:4:17: tag ".." has no letter or digit, so it can have no page of its own: write a word, or remove it`,
			`content/p.md:4:23: tag "#" has no letter or digit, so it can have no page of its own: write a word, or remove it`,
		}},
		{"one page for two tags", "[a/b, a-b, a?b]", nil, []string{
			`content/p.md:4:13: tags "a-b" and "a/b" (content/p.md:4:8) would share one page, tags/a-b/: write the tag the same way everywhere, or make the two differ in letters or digits`,
			`content/p.md:4:18: tags "a?b" and "a/b" (content/p.md:4:8) would share one page, tags/a-b/: write the tag the same way everywhere, or make the two differ in letters or digits`,
		}},
		{"C# and C sharp", "[C#, C sharp]", nil, []string{
			`content/p.md:4:12: tags "C sharp" and "C#" (content/p.md:4:8) would share one page, tags/c-sharp/`,
		}},
		{"the most tags a page may have", numberedTags(0, MaxPageTags), strings.Split(strings.Trim(numberedTags(0, MaxPageTags), "[]"), ", "), nil},
		{"the same tag again does not count", "[t000, " + strings.Trim(numberedTags(0, MaxPageTags), "[]") + ", t001]", strings.Split(strings.Trim(numberedTags(0, MaxPageTags), "[]"), ", "), nil},
		{"one tag too many", numberedTags(0, MaxPageTags+1), nil, []string{
			`content/p.md:4:308: this page has more than 50 tags, the most a page may have (each tag lists the page on a page of its own): keep the few a reader would look the page up by`,
		}},
		{"thousands of tags: one error", numberedTags(0, 5000), nil, []string{
			`content/p.md:4:308: this page has more than 50 tags, the most a page may have`,
		}},
		{"a tag of the longest length", "[" + strings.Repeat("x", MaxTagLength) + "]", []string{strings.Repeat("x", MaxTagLength)}, nil},
		{"a tag too long", "[ok, " + strings.Repeat("é", MaxTagLength+1) + "]", nil, []string{
			`content/p.md:4:12: tag "` + strings.Repeat("é", diag.MaxQuoted) + `…" is 101 characters long, more than the 100 a tag may have: shorten it to the words a reader would look for`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &Page{Path: "content/p.md"}
			fm, _, _, err := splitFrontMatter([]byte("---\ntitle: T\ndate: 2025-01-01\ntags: "+tt.tags+"\n---\nBody\n"), p.Path)
			if err != nil {
				t.Fatal(err)
			}
			err = p.parseFrontMatter(fm, new(katex.Cache))
			var got []string
			var l diag.List
			l.Add(err)
			for _, e := range l {
				got = append(got, e.Error())
			}
			if len(got) != len(tt.errs) {
				t.Fatalf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.errs, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.errs[i]) {
					t.Errorf("error %d:\n got %s\nwant %s", i, got[i], tt.errs[i])
				}
			}
			if err == nil && !slices.Equal(p.Tags, tt.want) {
				t.Errorf("tags = %q, want %q", p.Tags, tt.want)
			}
			if len(p.TagPos) != len(p.Tags) {
				t.Errorf("%d positions for %d tags", len(p.TagPos), len(p.Tags))
			}
		})
	}
}

func TestTagPageClashes(t *testing.T) {
	page := func(path string, tags ...string) *Page {
		p := &Page{Path: path, Tags: tags}
		for i := range tags {
			p.TagPos = append(p.TagPos, diag.Pos{File: path, Line: 4, Col: 8 + 10*i})
		}
		return p
	}
	pages := []*Page{ // newest first, as the site sorts them
		page("content/new.md", "a-b", "scaling-laws", "Audio"),
		page("content/old.md", "a/b", "Scaling Laws", "audio"),
	}
	errs, warnings := tagPageClashes(pages)
	wantErrs := []string{
		`content/old.md:4:8: tags "a/b" and "a-b" (content/new.md:4:8) would share one page, tags/a-b/: write the tag the same way everywhere, or make the two differ in letters or digits`,
	}
	wantWarnings := []string{
		`content/old.md:4:18: tags "Scaling Laws" and "scaling-laws" (content/new.md:4:18) are one tag, with one page, tags/scaling-laws/, named "scaling-laws": write it the same way everywhere`,
		`content/old.md:4:28: tags "audio" and "Audio" (content/new.md:4:28) are one tag, with one page, tags/audio/, named "Audio": write it the same way everywhere`,
	}
	if got := strings.Split(errs.Error(), "\n"); !slices.Equal(got, wantErrs) {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantErrs, "\n"))
	}
	if got := strings.Split(warnings.Error(), "\n"); !slices.Equal(got, wantWarnings) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantWarnings, "\n"))
	}
}

// numberedTags is a YAML flow list of n tags, t000 onwards from first:
// each six columns from the last.
func numberedTags(first, n int) string {
	tags := make([]string, n)
	for i := range tags {
		tags[i] = fmt.Sprintf("t%03d", first+i)
	}
	return "[" + strings.Join(tags, ", ") + "]"
}
