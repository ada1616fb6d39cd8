# scalesite: `make serve` builds the command and serves the demo site with live reload,
# `make demo` builds the demo site into public/, `make test` runs every test,
# `make test-fast` every test but the browser and other slow ones, `make golden`
# rewrites the golden files.
GO     ?= go
BUNDLE := themes/default/assets/echarts.min.js
BIN    := bin/scalesite

.PHONY: all build bundle demo serve test test-fast golden vet fmt-check bench clean fuzz paper-figures

all: build

## build: the command, with the ECharts bundle embedded, at bin/scalesite
build: $(BUNDLE)
	$(GO) build -buildvcs=auto -o $(BIN) ./cmd/scalesite

## bundle: ECharts from node_modules, only the parts scalesite uses, into the theme,
## with its licences beside it, KaTeX into internal/katex/dist and DejaVu Sans into
## figure/font (all committed, so that `go install` works)
bundle: $(BUNDLE)

## bundle-check: the committed bundle is what `make bundle` makes from package-lock.json
.PHONY: bundle-check
bundle-check: node_modules/.package-lock.json
	@mkdir -p bin/bundle-check
	@$(GO) run ./tools/bundle -o bin/bundle-check/echarts.min.js -katex bin/bundle-check/katex -font bin/bundle-check/font >/dev/null
	@for f in echarts.min.js echarts-svg.min.js echarts-licenses.txt; do \
		cmp -s bin/bundle-check/$$f themes/default/assets/$$f || { \
			echo "themes/default/assets/$$f differs from what make bundle makes from package-lock.json: run make bundle and commit it"; exit 1; }; \
	done
	@diff -r bin/bundle-check/katex internal/katex/dist >/dev/null || { \
		echo "internal/katex/dist differs from what make bundle makes from package-lock.json: run make bundle and commit it"; exit 1; }
	@diff -r bin/bundle-check/font figure/font >/dev/null || { \
		echo "figure/font differs from what make bundle makes from package-lock.json: run make bundle and commit it"; exit 1; }

$(BUNDLE): node_modules/.package-lock.json tools/bundle/main.go tools/bundle/entry.js tools/bundle/katex.go tools/bundle/font.go
	$(GO) run ./tools/bundle -o $(BUNDLE)

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

## demo: build the demo site in content/ into public/
demo: build
	$(BIN) build --source . --dest public

## serve: build the command and preview the demo site at http://127.0.0.1:1414/
serve: build
	$(BIN) serve --source .

## test: formatting, vet, and every test (unit, golden, whole-site, headless Chromium).
## Each package's tests may take $(TESTTIMEOUT) (Go's default is 10 minutes): on a
## busy 2-core machine e2e alone takes over 8, and a package that runs out of time is
## a failure, not a slow pass.
TESTTIMEOUT ?= 30m

## Both test targets run go test under tools/cacheguard, which gives it an empty
## home folder and fails if any test wrote into the user's cache there
## (~/.cache/scalesite): tests write only into temporary folders. It gives the
## tests a temporary folder of their own too, which test-fast puts in memory
## (/dev/shm, where Linux has it with room): on disk, the tests' small files
## and syncs took a quarter of the fast suite's time.
CACHEGUARD := $(GO) run ./tools/cacheguard

test: bundle-check tidy-check build fmt-check vet
	$(CACHEGUARD) $(GO) test -count=1 -timeout $(TESTTIMEOUT) ./...

## test-fast: formatting, vet, and every test with -short, which skips what opens
## Chromium, compiles the command again or builds large sites (no Node.js bundle or
## Chromium needed); for the edit-test loop, `make test` before a commit
test-fast: fmt-check vet
	$(CACHEGUARD) -memory-tmp $(GO) test -short -count=1 -timeout 10m ./...

## golden: rewrite every golden file from what the code makes now, in each package
## whose tests take -update (found here, so a new one is never left out): the
## charts' options, Markdown and math markup, code.css, the built-in theme's
## scripts and stylesheets minified (render/minified), KaTeX's markup and the
## errors and warnings of pipeline/'s bad-input corpus. Review `git diff` before
## committing it.
golden:
	@pkgs=$$(grep -rl --include='*_test.go' --exclude-dir=node_modules 'flag.Bool("update"' . | xargs -n1 dirname | sort -u); \
	echo "go test -update $$(echo $$pkgs)"; \
	$(GO) test -count=1 -timeout $(TESTTIMEOUT) $$pkgs -update

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './node_modules/*')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

## fuzz: every fuzz target (func FuzzX in a _test.go file), one after another, for
## $(FUZZTIME) each: make fuzz FUZZTIME=5m. Inputs that fail are kept in the package's
## testdata/fuzz/FuzzX/, which plain go test runs from then on.
FUZZTIME ?= 30s

fuzz:
	@set -e; for f in $$(grep -rl --include='*_test.go' '^func Fuzz' . | grep -v node_modules | sort); do \
		for name in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$f); do \
			echo "== $$(dirname $$f) $$name ($(FUZZTIME))"; \
			$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) $$(dirname $$f); \
		done; \
	done

## bench: the Go benchmarks of the pipeline, then one synthetic site of $(BENCHPAGES)
## pages built by scalesite and by Hugo in turn (scripts/bench/compare_hugo.py,
## which needs Debian's hugo package), and the live preview's start-up on $(SERVEPAGES)
## pages against hugo server's (scripts/bench/servemem.py); BENCHMARKS.md has the figures
BENCHPAGES ?= 1000
SERVEPAGES ?= 10000

bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./...
	@command -v hugo >/dev/null || { echo "make bench builds the same site with Hugo too: apt-get install hugo"; exit 1; }
	@echo "full builds (no manifest of the last output, so every page is loaded, rendered and written, as Hugo does):"
	XDG_CACHE_HOME=/proc/no-cache python3 scripts/bench/compare_hugo.py $(BIN) $(BENCHPAGES) --runs 5
	@echo "the same command run again over its own output (scalesite rebuilds only what changed):"
	python3 scripts/bench/compare_hugo.py $(BIN) $(BENCHPAGES) --runs 5
	@echo "preview start-up on $(SERVEPAGES) pages: until the home page answers, and peak memory (scalesite serve, hugo server):"
	@work=$$(mktemp -d /tmp/servemem-XXXXXX) && trap 'rm -rf "$$work"' EXIT && \
		python3 scripts/bench/gensite.py "$$work/site" $(SERVEPAGES) --hugo >/dev/null && \
		python3 scripts/bench/servemem.py $(BIN) "$$work/site"

# The format guide's comparison (content/format/paper-figures): six gallery
# charts as scalesite figure draws them for a 3.25 in column, beside
# matplotlib's defaults (tools/mplcompare, run with the system Python).
PAPER_DIR := content/format/paper-figures
paper-figures: build
	/usr/bin/python3 tools/mplcompare/mplcompare.py $(PAPER_DIR)
	for c in $$(/usr/bin/python3 tools/mplcompare/mplcompare.py --names); do \
		bin/scalesite figure content/gallery/$$c/index.md#1 --width 3.25in --dpi 200 -o $(PAPER_DIR)/$$c-scalesite.png && \
		bin/scalesite figure content/gallery/$$c/index.md#1 --width 3.25in -o $(PAPER_DIR)/$$c-scalesite.svg || exit 1; \
	done

clean:
	rm -rf bin public

## release: archives for linux, darwin and windows on amd64 and arm64, each with the
## command (ECharts embedded), LICENSE, README.md and the ECharts licences, and their
## SHA-256 checksums, in bin/release/ (make release VERSION=v1.2.3); the release
## workflow runs the same on a tag. It uses the committed bundle: no Node.js needed.
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
PLATFORMS := linux/amd64,linux/arm64,darwin/amd64,darwin/arm64,windows/amd64,windows/arm64

.PHONY: release
release:
	rm -rf bin/release
	$(GO) run ./tools/release -version $(VERSION) -o bin/release -platforms $(PLATFORMS)

## install: the command, on PATH: go install puts it in $GOBIN, or else in
## $(go env GOPATH)/bin (~/go/bin); make install BINDIR=~/.local/bin puts it there
BINDIR ?=
.PHONY: install
install:
	$(if $(BINDIR),GOBIN="$(abspath $(BINDIR))") $(GO) install -buildvcs=auto -ldflags "-X main.version=$(VERSION)" ./cmd/scalesite
	@dir="$(abspath $(BINDIR))"; [ -n "$(BINDIR)" ] || dir=$$($(GO) env GOBIN); [ -n "$$dir" ] || dir=$$($(GO) env GOPATH)/bin; \
	echo "installed $$dir/scalesite"; \
	case ":$$PATH:" in *":$$dir:"*) ;; *) echo "$$dir is not on your PATH: add it, e.g. export PATH=\"$$dir:\$$PATH\" in ~/.profile";; esac

## tidy-check: go.mod and go.sum are as go mod tidy leaves them
.PHONY: tidy-check
tidy-check:
	@$(GO) mod tidy -diff || { echo "go.mod or go.sum is not tidy: run go mod tidy and commit the result"; exit 1; }

## lint-workflows: actionlint on this repository's workflows and on the Pages workflow
## that scalesite new site writes (as a release and as a development build writes it)
.PHONY: lint-workflows
lint-workflows:
	$(GO) test -count=1 -run 'TestActionlint' ./scaffold/

## test-under-load: `make test` RUNS times in a row (default 5) while a 10,000-page
## synthetic site builds in a loop alongside (see RELIABILITY.md)
RUNS ?= 5
.PHONY: test-under-load
test-under-load:
	scripts/test-under-load.sh $(RUNS)
