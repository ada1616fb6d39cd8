package output

import (
	"os"

	"github.com/scalesite/scalesite/internal/sitefs"
)

// File is one file of a built site, as the renderer makes it and the writer
// (Writer.Put, Write) and the preview server take it: its bytes, or (for
// static files) the source file to copy.
type File struct {
	Path string // slash-separated, relative to the output folder
	Data []byte
	Src  string // when set, the file is a copy of this source file
	// Root and Rel, when set, are the site the copied file belongs to and
	// its site-relative path: Open reads it under the site's file rule at the
	// moment it is copied or served, not only when the site was listed.
	Root *sitefs.Root
	Rel  string
	// Default marks a generated file that a static file at the same path
	// replaces: a site may bring its own robots.txt or 404.html.
	Default bool
	// Size is the length of Data, kept in the Output of a streamed render
	// (render.(*Renderer).Stream), which drops the bytes of each file once it
	// is handed to the writer.
	Size int
	// Release, when not nil, says Data is lent: the renderer's buffer,
	// which it writes its next page into once Release is called. The
	// Writer calls it when it is done with the bytes (written, or
	// dropped); whoever keeps the bytes never calls it, and the buffer is
	// then simply not used again.
	Release func()
}

// Len is the length of the file's bytes, also once they are dropped.
func (f File) Len() int {
	if f.Data == nil {
		return f.Size
	}
	return len(f.Data)
}

// Open opens the source file of a copied file: under the site's file rule
// (inside the site, a regular file, no link swapped in since the site was
// listed) when the file came from a site.
func (f File) Open() (*os.File, error) {
	if f.Root != nil {
		return f.Root.OpenFile(f.Rel, sitefs.Limit{})
	}
	return sitefs.OpenRegular(f.Src)
}

// Output is every file of a built site, in a fixed order: what the renderer
// returns and what a build writes.
type Output struct {
	Files []File
}
