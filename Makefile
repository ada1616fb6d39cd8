# scalesite: `make demo` builds the command and the demo site, `make test` runs every test.
GO     ?= go
BUNDLE := themes/default/assets/echarts.min.js
BIN    := bin/scalesite

.PHONY: all build bundle demo test vet fmt-check bench clean

all: build

## build: the command, with the ECharts bundle embedded, at bin/scalesite
build: $(BUNDLE)
	$(GO) build -o $(BIN) ./cmd/scalesite

## bundle: ECharts from node_modules, only the parts scalesite uses, into the theme
bundle: $(BUNDLE)

$(BUNDLE): node_modules/.package-lock.json internal/bundle/main.go internal/bundle/entry.js
	$(GO) run ./internal/bundle -o $(BUNDLE)

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

## demo: build the demo site in content/ into public/
demo: build
	$(BIN) build --source . --dest public

## test: formatting, vet, and every test (unit, golden, whole-site, headless Chromium)
test: build fmt-check vet
	$(GO) test -count=1 ./...

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './node_modules/*')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

## bench: Go benchmarks of the pipeline
bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin public
