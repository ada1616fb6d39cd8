#!/bin/sh
# sitting.sh BINARY WORK: every goal of issue 22 measured in one sitting, one
# after the other on the same machine, into WORK (a folder it may fill; the
# generated sites are kept there and reused by a second run). Prints each
# step's output after its `uptime`. BENCHMARKS.md's table "Issue 22: every
# goal, measured in one sitting" is read off it. Needs hugo and python3; the
# page-weight step needs chromium (go test ./e2e -run TestPageWeight).
set -eu
bin=$(realpath "$1")
work=$2
here=$(dirname "$(realpath "$0")")
mkdir -p "$work"

step() { echo; echo "== $*"; uptime; }

step "cold build, 1,000 pages (no manifest)"
XDG_CACHE_HOME=/proc/no-cache python3 "$here/compare_hugo.py" "$bin" 1000 --runs 5 --keep "$work/c1000"

step "the same 1,000-page build run again over its output (manifest kept)"
python3 "$here/compare_hugo.py" "$bin" 1000 --runs 5 --keep "$work/c1000"

step "cold build, 10,000 pages (no manifest)"
XDG_CACHE_HOME=/proc/no-cache python3 "$here/compare_hugo.py" "$bin" 10000 --runs 3 --keep "$work/c10k"

step "preview start-up, 10,000 pages"
[ -d "$work/s10k" ] || python3 "$here/gensite.py" "$work/s10k" 10000 --hugo >/dev/null
python3 "$here/servemem.py" "$bin" "$work/s10k"

step "preview saves, 10,000 pages"
port=18931
"$bin" serve --source "$work/s10k" --port $port >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null' EXIT
# a page that does not exist is answered (404) once the start-up has made every page
python3 - "$port" <<'PY'
import sys, time, urllib.request, urllib.error
while True:
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/nosuchpage/", timeout=120)
    except urllib.error.HTTPError as e:
        if e.code == 404:
            break
    except Exception:
        pass
    time.sleep(0.5)
PY
# the newest page: first on the home page's first listing page
newest=$(grep -l '^date: 2025-01-28' "$work"/s10k/content/*.md | sort | head -n 1)
for mode in "" --title --date --tags --new; do
	echo "-- save ${mode:-(text)} of $(basename "$newest")"
	url=http://127.0.0.1:$port/
	[ -z "$mode" ] && url=http://127.0.0.1:$port/$(basename "$newest" .md)/
	python3 "$here/reload_latency.py" "$work/s10k" "$url" "$newest" $mode --runs 10
done
echo "-- save to screen (headless Chromium), text of $(basename "$newest"), its page open"
(cd "$here/../.." && go run ./tools/paintlatency -runs 10 "http://127.0.0.1:$port/$(basename "$newest" .md)/" "$newest")
echo "-- save to screen, title of $(basename "$newest"), the home page open"
(cd "$here/../.." && go run ./tools/paintlatency -runs 10 -title "http://127.0.0.1:$port/" "$newest")
echo "-- save to screen, title of $(basename "$newest"), its page open"
(cd "$here/../.." && go run ./tools/paintlatency -runs 10 -title "http://127.0.0.1:$port/$(basename "$newest" .md)/" "$newest")
for mode in -date -tags -new; do
	echo "-- save to screen, $mode of $(basename "$newest"), the home page open"
	(cd "$here/../.." && go run ./tools/paintlatency -runs 10 $mode "http://127.0.0.1:$port/" "$newest")
done
kill $pid
trap - EXIT

step "page weight, the two-chart page"
cd "$here/../.." && go test ./e2e -run TestPageWeight -count=1 -v 2>&1 | grep -E 'in all|PASS|FAIL'
