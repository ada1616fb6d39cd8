#!/bin/sh
# yamlcmp.sh [FLAGS] SPEC_DIR: runs yamlcmp.go (goccy/go-yaml beside
# go.yaml.in/yaml/v3 on chart specs; see its doc comment) in a module of its
# own, made in a temporary folder: yaml.v3 stays out of scalesite's go.mod.
set -eu
here=$(dirname "$(realpath "$0")")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$here/yamlcmp.go" "$tmp/main.go"
sed -i '/^\/\/go:build ignore$/d' "$tmp/main.go"
cd "$tmp"
go mod init yamlcmp >/dev/null 2>&1
go get github.com/goccy/go-yaml@v1.19.2 go.yaml.in/yaml/v3@v3.0.6 >/dev/null 2>&1
go run . "$@"
