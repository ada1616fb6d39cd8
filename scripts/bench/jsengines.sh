#!/bin/sh
# jsengines.sh [FLAGS]: runs jsengines.go (the theme's layout scripts in
# goja beside modernc.org/quickjs; see its doc comment) in a module of its
# own, made in a temporary folder with a replace directive pointing at this
# repository: quickjs stays out of scalesite's go.mod. It dumps the page
# options first (go test ./internal/scene -run TestDumpOptions).
set -eu
here=$(dirname "$(realpath "$0")")
repo=$(realpath "$here/../..")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go test ./internal/scene -run '^TestDumpOptions$' -dump-options "$tmp/options" -count=1 >/dev/null)
mkdir "$tmp/mod"
cp "$here/jsengines.go" "$tmp/mod/main.go"
sed -i '/^\/\/go:build ignore$/d' "$tmp/mod/main.go"
cd "$tmp/mod"
go mod init jsengines >/dev/null 2>&1
go mod edit -replace "github.com/scalesite/scalesite=$repo" -require github.com/scalesite/scalesite@v0.0.0
go get modernc.org/quickjs@v0.27.0 >/dev/null 2>&1
go mod tidy >/dev/null 2>&1
go build -o jsengines .
./jsengines "$@" "$tmp/options"
