# scalesite: `make serve` builds the command and serves the demo site with live reload,
# `make demo` builds the demo site into public/, `make test` runs every test.
GO     ?= go
BUNDLE := themes/default/assets/echarts.min.js
BIN    := bin/scalesite

.PHONY: all build bundle demo serve test vet fmt-check bench clean

all: build

## build: the command, with the ECharts bundle embedded, at bin/scalesite
build: $(BUNDLE)
	$(GO) build -buildvcs=auto -o $(BIN) ./cmd/scalesite

## bundle: ECharts from node_modules, only the parts scalesite uses, into the theme,
## with its licences beside it (both committed, so that `go install` works)
bundle: $(BUNDLE)

## bundle-check: the committed bundle is what `make bundle` makes from package-lock.json
.PHONY: bundle-check
bundle-check: node_modules/.package-lock.json
	@mkdir -p bin/bundle-check
	@$(GO) run ./internal/bundle -o bin/bundle-check/echarts.min.js >/dev/null
	@for f in echarts.min.js echarts-licenses.txt; do \
		cmp -s bin/bundle-check/$$f themes/default/assets/$$f || { \
			echo "themes/default/assets/$$f differs from what make bundle makes from package-lock.json: run make bundle and commit it"; exit 1; }; \
	done

$(BUNDLE): node_modules/.package-lock.json internal/bundle/main.go internal/bundle/entry.js
	$(GO) run ./internal/bundle -o $(BUNDLE)

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

## demo: build the demo site in content/ into public/
demo: build
	$(BIN) build --source . --dest public

## serve: build the command and preview the demo site at http://127.0.0.1:1414/
serve: build
	$(BIN) serve --source .

## test: formatting, vet, and every test (unit, golden, whole-site, headless Chromium)
test: bundle-check build fmt-check vet
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

## release: binaries with the ECharts bundle embedded, for linux, darwin and windows on
## amd64 and arm64, at bin/release/scalesite-VERSION-OS-ARCH[.exe] (make release VERSION=v1.2.3)
VERSION   ?= $(shell git describe --tags --always --dirty)
PLATFORMS := linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64

.PHONY: release
release: $(BUNDLE)
	@mkdir -p bin/release
	@set -e; for p in $(PLATFORMS); do \
		os=$${p%/*}; arch=$${p#*/}; ext=; \
		if [ "$$os" = windows ]; then ext=.exe; fi; \
		out=bin/release/scalesite-$(VERSION)-$$os-$$arch$$ext; \
		echo "$$out"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -buildvcs=auto -ldflags "-s -w -X main.version=$(VERSION)" -o "$$out" ./cmd/scalesite; \
	done

## test-under-load: `make test` RUNS times in a row (default 5) while a 10,000-page
## synthetic site builds in a loop alongside (see RELIABILITY.md)
RUNS ?= 5
.PHONY: test-under-load
test-under-load:
	scripts/test-under-load.sh $(RUNS)
