// Package katex typesets TeX at build time with KaTeX, run in an embedded
// JavaScript engine (goja), so that a page shows its formulas without any
// script and without a flash of raw TeX.
//
// dist/ holds KaTeX's release files as `make bundle` copies them from
// node_modules (the version pinned in package-lock.json): katex.min.js,
// which Render runs, and the stylesheet and WOFF2 fonts (Files), which a
// site publishes beside the pages that hold math.
//
// A goja runtime is not safe for concurrent use: Render takes one from a
// pool of idle runtimes, each with KaTeX loaded, and makes a new one when
// none is idle. The script is compiled once per process, on first use, so
// a site without math pays nothing.
package katex

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"
)

//go:embed dist/katex.min.js
var script string

//go:embed dist/katex.min.css dist/fonts dist/LICENSE
var dist embed.FS

// Version is the KaTeX release embedded, read from its script.
var Version = func() string {
	m := regexp.MustCompile(`version:"([0-9A-Za-z.+-]+)"`).FindStringSubmatch(script)
	if m == nil {
		return "unknown"
	}
	return m[1]
}()

// Dir is the folder, under a site's assets/, holding the stylesheet and the
// fonts. The version in its name stands in for a content hash: the
// stylesheet names its fonts by relative URLs (fonts/KaTeX_*.woff2), so
// the files keep their names, and a new release gets a new folder.
var Dir = "katex-" + Version

// Stylesheet is the name of KaTeX's stylesheet in Dir.
const Stylesheet = "katex.min.css"

// File is a file a site with math publishes, by its path under Dir.
type File struct {
	Name string
	Data []byte
}

// Files returns the stylesheet, the fonts it names and KaTeX's licence, in
// a fixed order.
func Files() []File {
	var files []File
	err := fs.WalkDir(dist, "dist", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := dist.ReadFile(p)
		files = append(files, File{Name: p[len("dist/"):], Data: b})
		return err
	})
	if err != nil {
		panic(err) // the files are embedded: only a broken build gets here
	}
	return files
}

// Options of KaTeX that every formula is typeset with. Output holds both
// the visible HTML and MathML, which screen readers read: the MathML adds
// about an eighth to a formula's markup. throwOnError turns a TeX mistake
// into an error instead of red text on the page. trust stays off: a
// command that needs it (\href, \url, \includegraphics, \htmlClass...)
// is a refusal, which KaTeX would otherwise typeset as its name in red
// without a word. maxExpand keeps KaTeX's default, 1000 macro expansions
// (its own \dots, \binom... count), and maxSize caps a size written in a
// formula (\rule{1000em}{1000em}) at 100 em.
//
// What the expansions make is bounded too (ExpansionRatio): KaTeX
// counts expansions, not their size, so the glue wraps its macro
// expander's expandOnce, found through a macro that is handed the
// expander. __refusal says why a formula was refused, when it was for
// one of these limits.
const glue = `
var console = {log: function() {}, warn: function(m) { __warnings.push({msg: String(m), pos: -1, strict: false}); }};
var __warnings = [];
var __refusal = null;
var __maxTokens = 0;
(function() {
	var proto = null;
	katex.renderToString("\\scalesitehook", {macros: {"\\scalesitehook": function(expander) {
		proto = Object.getPrototypeOf(expander);
		return "";
	}}});
	if (!proto || typeof proto.expandOnce !== "function" || typeof proto.future !== "function") {
		throw new Error("KaTeX's macro expander has no expandOnce: what macros expand to cannot be bounded");
	}
	var expandOnce = proto.expandOnce;
	proto.expandOnce = function(expandableOnly) {
		var token = this.future();
		// KaTeX's own macros (\\; is 41 tokens of conditionals) are
		// bounded by maxExpand; the formula's own are counted.
		var own = this.macros && this.macros.current && Object.prototype.hasOwnProperty.call(this.macros.current, token.text);
		var n = expandOnce.call(this, expandableOnly);
		if (own && typeof n === "number") {
			this.scalesiteTokens = (this.scalesiteTokens || 0) + n;
			if (this.scalesiteTokens > __maxTokens) {
				__refusal = {kind: "tokens"};
				throw new katex.ParseError("macros expand too far", token);
			}
		}
		return n;
	};
})();
function __render(tex, display, maxTokens) {
	__warnings = [];
	__refusal = null;
	__maxTokens = maxTokens;
	var html = katex.renderToString(tex, {
		displayMode: display,
		output: "htmlAndMathml",
		throwOnError: true,
		trust: function(context) {
			__refusal = {kind: "untrusted", command: String(context.command)};
			throw new katex.ParseError(context.command + " is turned off");
		},
		maxExpand: 1000,
		maxSize: 100,
		strict: function(code, msg, token) {
			var pos = token && token.loc ? token.loc.start : -1;
			__warnings.push({msg: msg + " [" + code + "]", pos: pos, strict: true});
			return "ignore";
		}
	});
	return {html: html, warnings: __warnings, refused: __refusal !== null};
}
`

// What the macros a formula defines (\def, \newcommand) may expand to,
// in TeX tokens (a letter, a digit, a command, a brace): ExpansionRatio
// times the formula's length, or MinExpansion for a short formula.
// KaTeX's maxExpand bounds how many expansions there are, not how large:
// a macro of 3,500 letters used 990 times took more than a minute and
// 2 GB of memory, and 92 bytes of macros of macros made 9,000 letters in
// 2 s. A page's \newcommand expands to a few tokens each time it is used:
// 200 uses of \loss for \mathcal{L}(\theta) make about as many tokens as
// the formula has bytes, half the bound. KaTeX's own macros (\iff, \;
// and \pmod expand to 40 to 90 tokens, most of them conditionals) are
// bounded by maxExpand and not counted. Each token a formula ends with
// costs KaTeX, in this engine, about as much as a character typed: MaxTeX
// and FormulaTime bound what is left. A formula stopped at the bound has
// cost about half a second.
const (
	ExpansionRatio = 2
	MinExpansion   = 2000
)

// maxTokens is what the macros of tex may expand to.
func maxTokens(tex string) int { return max(MinExpansion, ExpansionRatio*len(tex)) }

// MaxMarkup bounds the markup of one formula, in bytes. A formula of
// MaxTeX bytes of fractions makes about 750 KB; past MaxMarkup, the page
// would be too heavy to read whatever the formula says.
const MaxMarkup = 2 << 20

var (
	compileOnce sync.Once
	programs    [2]*goja.Program
	compileErr  error
	// idle holds the runtimes not in use; beyond its capacity, a runtime
	// given back is dropped.
	idle = make(chan *engine, runtime.GOMAXPROCS(0))
)

// engine is a goja runtime with KaTeX loaded.
type engine struct {
	vm     *goja.Runtime
	render goja.Callable
}

func newEngine() (*engine, error) {
	compileOnce.Do(func() {
		programs[0], compileErr = goja.Compile("katex.min.js", script, false)
		if compileErr == nil {
			programs[1], compileErr = goja.Compile("scalesite-katex.js", glue, false)
		}
	})
	if compileErr != nil {
		return nil, fmt.Errorf("loading KaTeX: %v", compileErr)
	}
	vm := goja.New()
	vm.SetMaxCallStackSize(maxCallStack)
	for _, p := range programs {
		if _, err := vm.RunProgram(p); err != nil {
			return nil, fmt.Errorf("loading KaTeX: %v", err)
		}
	}
	render, ok := goja.AssertFunction(vm.Get("__render"))
	if !ok {
		return nil, errors.New("loading KaTeX: no render function")
	}
	return &engine{vm: vm, render: render}, nil
}

// maxCallStack bounds KaTeX's recursion, which deeply nested braces
// drive: past it a formula fails with an error instead of growing the
// engine's stack without end.
const maxCallStack = 4000

// FormulaTime bounds the time one formula may take. MaxTeX and
// ExpansionRatio keep every formula seen so far under a few seconds; a
// real one takes milliseconds (N^\alpha 2 ms, the Chinchilla loss 10 ms).
const FormulaTime = 10 * time.Second

// A Budget is time that a set of formulas (a page's, a build's) may take
// to typeset in all, so that many formulas that each stay under
// FormulaTime still cannot keep a build busy for minutes. Render charges
// each formula's time to the budgets it is given and stops a formula when
// one of them runs out. A Budget is safe for concurrent use.
type Budget struct {
	total time.Duration
	mu    sync.Mutex
	used  time.Duration
}

// NewBudget returns a budget of total time.
func NewBudget(total time.Duration) *Budget { return &Budget{total: total} }

// Total is the time the budget was made with.
func (b *Budget) Total() time.Duration { return b.total }

// left is the time left.
func (b *Budget) left() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.total - b.used
}

func (b *Budget) spend(d time.Duration) {
	b.mu.Lock()
	b.used += d
	b.mu.Unlock()
}

// TimeError is a formula whose typesetting was stopped, or not started,
// for lack of time.
type TimeError struct {
	// Budget is the budget that ran out, or nil when the formula took
	// FormulaTime on its own.
	Budget *Budget
}

func (e *TimeError) Error() string {
	if e.Budget == nil {
		return fmt.Sprintf("KaTeX took more than %v to typeset the formula", FormulaTime)
	}
	return fmt.Sprintf("the formulas took more than %v to typeset in all", e.Budget.total)
}

// Result is a typeset formula.
type Result struct {
	// HTML is KaTeX's markup: HTML for the eye and MathML for screen
	// readers, styled by the stylesheet in Files.
	HTML string
	// Warnings are what KaTeX's strict mode reports about TeX that LaTeX
	// would reject or typeset differently, such as Unicode text in math
	// mode. KaTeX typesets the formula all the same.
	Warnings []Warning
}

// Warning is a remark of KaTeX's on a formula it typeset.
type Warning struct {
	Msg string
	// LaTeX reports a warning of KaTeX's strict mode: LaTeX would reject
	// the TeX. Other warnings are about KaTeX itself, such as a character
	// its fonts lack.
	LaTeX bool
	// Offset is the byte offset in the TeX that the warning is about, or
	// -1 when KaTeX does not say.
	Offset int
}

// Error is a formula that KaTeX cannot typeset.
type Error struct {
	// Msg is KaTeX's message, without its "KaTeX parse error: " prefix and
	// the excerpt of the formula that follows it.
	Msg string
	// Offset is the byte offset in the TeX at which KaTeX found the
	// mistake (len(tex) for a formula that ends too early), or -1 when
	// KaTeX does not say.
	Offset int
	// Costly says the formula was refused for the work it would take (its
	// macros expand past the bound, its markup is too large), after KaTeX
	// had already spent about half a second on it: a page of such formulas
	// is stopped after a few, however fast the machine is.
	Costly bool
}

func (e *Error) Error() string { return e.Msg }

// MaxTeX is the longest formula Render takes, in bytes. KaTeX's time grows
// faster than a formula's length (in this engine, 0.3 s for 1,000
// characters, 6 s for 10,000); a real formula, even a long derivation, is
// far shorter.
const MaxTeX = 8000

// Render typesets tex, inline or as a display formula, charging its time
// to each of budgets. A formula KaTeX refuses is an *Error; one stopped
// for time (FormulaTime, or a budget run out) is a *TimeError; any other
// error means KaTeX could not run.
func Render(tex string, display bool, budgets ...*Budget) (Result, error) {
	if len(tex) > MaxTeX {
		at := MaxTeX // where it is too long: at a character's start
		for at > 0 && !utf8.RuneStart(tex[at]) {
			at--
		}
		return Result{}, &Error{Msg: fmt.Sprintf("the formula is %d bytes long, and scalesite typesets formulas of up to %d: split it", len(tex), MaxTeX), Offset: at}
	}
	limit, stopper := FormulaTime, (*Budget)(nil)
	for _, b := range budgets {
		left := b.left()
		if left <= 0 {
			return Result{}, &TimeError{Budget: b}
		}
		if left < limit {
			limit, stopper = left, b
		}
	}
	var e *engine
	select {
	case e = <-idle:
	default:
		var err error
		if e, err = newEngine(); err != nil {
			return Result{}, err
		}
	}
	escaped, back := escapeAstral(tex)
	start := time.Now()
	res, err, reusable := e.run(escaped, display, limit)
	took := time.Since(start)
	for _, b := range budgets {
		b.spend(took)
	}
	if te, ok := err.(*TimeError); ok {
		te.Budget = stopper
	}
	if reusable {
		select {
		case idle <- e:
		default:
		}
	}
	if escaped == tex {
		return res, err
	}
	// Back to tex: the markup's TeX annotation, and offsets.
	for _, r := range tex {
		if r >= 0x10000 {
			res.HTML = strings.ReplaceAll(res.HTML, astral(r), string(r))
		}
	}
	for i := range res.Warnings {
		res.Warnings[i].Offset = back(res.Warnings[i].Offset)
	}
	if ke, ok := err.(*Error); ok {
		ke.Offset = back(ke.Offset)
	}
	return res, err
}

// escapeAstral writes each character beyond the Basic Multilingual Plane
// (an emoji, 𝔼...) as KaTeX's \@char{CODE}, which \char expands to and
// which KaTeX typesets as the same character: goja's regular expressions misread
// UTF-16 surrogate pairs past the start of a string, which KaTeX's lexer
// depends on. back maps a byte offset in the escaped TeX to one in tex.
func escapeAstral(tex string) (escaped string, back func(int) int) {
	// An escape spans [start, end) in escaped, where tex has the one
	// character of 4 bytes.
	type escape struct{ start, end int }
	var escapes []escape
	var b strings.Builder
	for i, r := range tex {
		if r < 0x10000 {
			if escapes != nil {
				b.WriteRune(r)
			}
			continue
		}
		if escapes == nil {
			b.WriteString(tex[:i])
		}
		start := b.Len()
		b.WriteString(astral(r))
		escapes = append(escapes, escape{start, b.Len()})
	}
	if escapes == nil {
		return tex, func(off int) int { return off }
	}
	return b.String(), func(off int) int {
		if off < 0 {
			return off
		}
		by := 0 // how much longer escaped is than tex before off
		for _, e := range escapes {
			if off < e.end {
				off = min(off, e.start) // inside an escape: at its character
				break
			}
			by += e.end - e.start - 4
		}
		return min(off-by, len(tex))
	}
}

func astral(r rune) string { return fmt.Sprintf(`\@char{%d}`, r) }

// run typesets one formula within limit; reusable reports whether the
// engine may typeset another (it may not after an interrupted run). A
// formula stopped at limit is a *TimeError without a Budget.
func (e *engine) run(tex string, display bool, limit time.Duration) (res Result, err error, reusable bool) {
	timer := time.AfterFunc(limit, func() { e.vm.Interrupt("timeout") })
	v, err := e.render(goja.Undefined(), e.vm.ToValue(tex), e.vm.ToValue(display), e.vm.ToValue(maxTokens(tex)))
	if !timer.Stop() {
		// The interrupt fired, or is firing: this runtime is not reused.
		if err == nil {
			return res, &TimeError{}, false
		}
		reusable = false
	} else {
		reusable = true
	}
	if err != nil {
		return res, e.failure(tex, err), reusable
	}
	obj := v.ToObject(e.vm)
	if obj.Get("refused").ToBoolean() {
		// KaTeX caught a refusal of the glue's and typeset on: a refusal
		// all the same.
		return res, e.refusal(tex, -1), reusable
	}
	res.HTML = obj.Get("html").String()
	if len(res.HTML) > MaxMarkup {
		return Result{}, &Error{Msg: fmt.Sprintf("the formula typesets to %d KB of markup, more than the %d KB a formula may make: split it or simplify it", len(res.HTML)>>10, MaxMarkup>>10), Offset: -1, Costly: true}, reusable
	}
	var warnings []map[string]any
	if err := e.vm.ExportTo(obj.Get("warnings"), &warnings); err != nil {
		return res, fmt.Errorf("reading KaTeX's warnings: %v", err), reusable
	}
	for _, w := range warnings {
		msg, _ := w["msg"].(string)
		pos, _ := w["pos"].(int64)
		strict, _ := w["strict"].(bool)
		res.Warnings = append(res.Warnings, Warning{Msg: msg, Offset: byteOffset(tex, int(pos)), LaTeX: strict})
	}
	return res, nil, reusable
}

// untrusted says what a command that needs KaTeX's trust does and what
// to write instead. Trust stays off: a link or an image in a formula could
// run a script or load a page from anywhere.
func untrusted(cmd string) string {
	switch cmd {
	case `\href`:
		return "makes a link, which scalesite's formulas cannot: write the link in Markdown outside the formula, e.g. [the paper](https://…)"
	case `\url`:
		return "makes a link, which scalesite's formulas cannot: write the address outside the formula, as <https://…>, which Markdown makes a link"
	case `\includegraphics`:
		return "shows an image, which scalesite's formulas cannot: put the image outside the formula, as ![what it shows](image.png)"
	}
	return "sets HTML attributes, which scalesite's formulas cannot: style the page with the theme's stylesheet instead"
}

// refusal turns the glue's __refusal into an *Error at offset (a byte
// offset in tex, or -1), or returns nil when the glue refused nothing.
func (e *engine) refusal(tex string, offset int) *Error {
	r, ok := e.vm.Get("__refusal").Export().(map[string]any)
	if !ok {
		return nil
	}
	switch kind, _ := r["kind"].(string); kind {
	case "tokens":
		return &Error{Msg: fmt.Sprintf("the macros of this formula expand to more than %d symbols and commands (%d times its length, and at least %d), which would take minutes to typeset: define fewer or shorter macros, or write the formula out",
			maxTokens(tex), ExpansionRatio, MinExpansion), Offset: offset, Costly: true}
	case "untrusted":
		cmd, _ := r["command"].(string)
		return &Error{Msg: cmd + " " + untrusted(cmd), Offset: commandOffset(tex, cmd)}
	}
	return nil
}

// commandOffset is the byte offset of the command cmd (\href) in tex, not
// counting a longer command it starts (\hrefx), or -1.
func commandOffset(tex, cmd string) int {
	for from := 0; ; {
		i := strings.Index(tex[from:], cmd)
		if i < 0 {
			return -1
		}
		end := from + i + len(cmd)
		if end == len(tex) || !isLetter(tex[end]) {
			return from + i
		}
		from = end
	}
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// failure turns what the render call threw into an error: KaTeX's
// ParseError into an *Error at its place in tex.
func (e *engine) failure(tex string, err error) error {
	var interrupted *goja.InterruptedError
	if errors.As(err, &interrupted) {
		return &TimeError{}
	}
	var overflow *goja.StackOverflowError
	if errors.As(err, &overflow) {
		return &Error{Msg: "the formula is nested too deeply", Offset: -1}
	}
	var ex *goja.Exception
	if !errors.As(err, &ex) {
		return fmt.Errorf("KaTeX failed: %v", err)
	}
	obj, ok := ex.Value().(*goja.Object)
	if !ok {
		return fmt.Errorf("KaTeX failed: %v", ex.Value())
	}
	if name := obj.Get("name"); name == nil || name.String() != "ParseError" {
		if name != nil && name.String() == "RangeError" {
			// goja's "Maximum call stack size exceeded".
			return &Error{Msg: "the formula is nested too deeply", Offset: -1}
		}
		// KaTeX's own checks throw plain Errors on some malformed TeX
		// (`\begin\ `): a mistake in the formula all the same.
		msg := obj.Get("message")
		if msg == nil || goja.IsUndefined(msg) || msg.String() == "" {
			return fmt.Errorf("KaTeX failed: %v", ex.Value())
		}
		return &Error{Msg: msg.String(), Offset: -1}
	}
	offset := -1
	if pos := obj.Get("position"); pos != nil && !goja.IsUndefined(pos) {
		offset = byteOffset(tex, int(pos.ToInteger()))
	}
	if r := e.refusal(tex, offset); r != nil {
		return r
	}
	msg := obj.Get("rawMessage")
	out := &Error{Msg: ex.Value().String(), Offset: offset}
	if msg != nil && !goja.IsUndefined(msg) {
		out.Msg = msg.String()
	}
	return out
}

// byteOffset converts an index into tex as JavaScript counts (UTF-16 code
// units) to a byte offset; a negative index stays -1.
func byteOffset(tex string, units int) int {
	if units < 0 {
		return -1
	}
	n := 0
	for i, r := range tex {
		if n >= units {
			return i
		}
		n += utf16.RuneLen(r)
	}
	return len(tex)
}

// Cache remembers what Render returned for each formula, so that a
// formula used on many pages is typeset once. It keeps KaTeX's refusals
// (*Error) and formulas that took FormulaTime on their own, but not a
// failure to run KaTeX, nor a formula stopped because a budget ran out.
// The zero Cache is ready to use, and safe for concurrent use.
type Cache struct {
	mu      sync.Mutex
	entries map[cacheKey]*cacheEntry
}

type cacheKey struct {
	tex     string
	display bool
}

type cacheEntry struct {
	once sync.Once
	res  Result
	err  error
}

// Len is how many formulas c holds.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

// Render is the package's Render, once per formula. A caller that waited
// for another's typesetting of the formula, which another's budget
// stopped, typesets it again with its own budgets.
func (c *Cache) Render(tex string, display bool, budgets ...*Budget) (Result, error) {
	k := cacheKey{tex, display}
	for {
		c.mu.Lock()
		if c.entries == nil {
			c.entries = make(map[cacheKey]*cacheEntry)
		}
		e, ok := c.entries[k]
		if !ok {
			e = &cacheEntry{}
			c.entries[k] = e
		}
		c.mu.Unlock()
		ran := false
		e.once.Do(func() { e.res, e.err = Render(tex, display, budgets...); ran = true })
		if keep(e.err) {
			return e.res, e.err
		}
		// KaTeX did not run, or ran out of a budget's time: the next call
		// tries again rather than keep the failure.
		c.mu.Lock()
		if c.entries[k] == e {
			delete(c.entries, k)
		}
		c.mu.Unlock()
		var te *TimeError
		if ran || !errors.As(e.err, &te) || te.Budget == nil || slices.Contains(budgets, te.Budget) {
			return e.res, e.err
		}
	}
}

// keep reports whether a Cache keeps a result with the error err.
func keep(err error) bool {
	var ke *Error
	var te *TimeError
	return err == nil || errors.As(err, &ke) || (errors.As(err, &te) && te.Budget == nil)
}
