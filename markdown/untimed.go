package markdown

import (
	"fmt"
	"math"
	"reflect"
	"sync"
	"time"
	"unsafe"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Chroma gives every regular expression of its lexers a match timeout of
// 250 ms of wall-clock time, and a match that times out is taken as no
// match: the lexer goes on with its next rule, and the code is coloured
// differently. A build on a busy machine (a CI runner, a laptop compiling
// at the same time) can be paused that long in the middle of a match, so
// the same page came out with other colours from one build to the next:
// seen twice in a day of tests on a loaded 2-core machine, as a
// TestReproducible failure on the YAML of the format guide. The output of
// a build must depend on its input only, so the lexers a page uses lose
// their timeouts before it is rendered. Nothing is given up by it: a
// pathological pattern can only meet code the site's own author wrote.

// forever is regexp2's "no timeout".
const forever = time.Duration(math.MaxInt64)

// untimedLexers holds the lexers whose timeouts are removed. It is shared
// by the whole process because Chroma's lexers are: lexers.Get returns
// the same lexer to every page and every goroutine.
var untimedLexers = struct {
	sync.Mutex
	done map[chroma.Lexer]bool
}{done: map[chroma.Lexer]bool{}}

// untimeLanguages is the parser transformer that removes the timeouts of
// the lexers of the fenced code blocks in a document, before any of them
// is highlighted: a page's blocks are highlighted when it is rendered,
// after it is parsed, so a lexer is never changed while in use (the mutex
// orders the change before every use by another page).
type untimeLanguages struct{}

func (untimeLanguages) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if b, ok := n.(*ast.FencedCodeBlock); ok && entering {
			if lang := b.Language(src); len(lang) > 0 {
				if l := lexers.Get(string(lang)); l != nil {
					// An error here leaves the lexer as Chroma made it: the
					// block is still highlighted, only without this promise.
					_ = untime(l)
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// untime removes the match timeouts of lexer l and of the lexers its rules
// hand text to (Using: CSS and JavaScript inside HTML, code inside
// Markdown).
func untime(l chroma.Lexer) error {
	untimedLexers.Lock()
	defer untimedLexers.Unlock()
	return untimeLocked(l)
}

func untimeLocked(l chroma.Lexer) error {
	if untimedLexers.done[l] {
		return nil
	}
	untimedLexers.done[l] = true
	rl, ok := l.(*chroma.RegexLexer)
	if !ok {
		return nil // not made of regular expressions
	}
	// Tokenise compiles the rules (once, under the lexer's own lock).
	if _, err := rl.Tokenise(nil, ""); err != nil {
		return err
	}
	rules, err := compiledRules(rl)
	if err != nil {
		return err
	}
	for _, state := range rules {
		for _, r := range state {
			if r.Regexp != nil {
				r.Regexp.MatchTimeout = forever
			}
			if name, ok := usingLexer(r.Type); ok {
				if sub := lexers.Get(name); sub != nil {
					if err := untimeLocked(sub); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// compiledRules reads the compiled rules of a RegexLexer, which Chroma
// keeps unexported. TestUntimedLexers fails if a new Chroma keeps them
// otherwise.
func compiledRules(rl *chroma.RegexLexer) (map[string][]*chroma.CompiledRule, error) {
	type rules = map[string][]*chroma.CompiledRule
	f := reflect.ValueOf(rl).Elem().FieldByName("rules")
	if !f.IsValid() || f.Type() != reflect.TypeFor[rules]() {
		return nil, fmt.Errorf("chroma's RegexLexer has no rules field of type map[string][]*CompiledRule")
	}
	return *(*rules)(unsafe.Pointer(f.UnsafeAddr())), nil
}

// usingLexer returns the name of the lexer a rule's emitter hands its text
// to (chroma.Using), if it does.
func usingLexer(e chroma.Emitter) (string, bool) {
	k, ok := e.(interface{ EmitterKind() string })
	if !ok || k.EmitterKind() != "using" {
		return "", false
	}
	v := reflect.ValueOf(e)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return "", false
	}
	f := v.FieldByName("Lexer")
	if !f.IsValid() || f.Kind() != reflect.String {
		return "", false
	}
	return f.String(), true
}
