#!/bin/bash
# mirrors.sh BIN SITE [ROUNDS] [PROFILES]: what each of scalesite's mirrors
# (code that writes what a library or a template would) saves a cold build
# of SITE. BIN is scalesite at 4cf6a85 with issue19-mirrors.patch applied,
# which switches each mirror off by an environment variable:
#
#   git worktree add /tmp/mirrors 4cf6a85 && cd /tmp/mirrors
#   patch -p1 < scripts/bench/issue19-mirrors.patch  # (from the branch that added it)
#   go build -o /tmp/mirrors-ss ./cmd/scalesite
#
# First ROUNDS rounds (0: none) of cold builds (no manifest, a fresh destination on
# tmpfs, the mirrors do not touch the disk), every variant once a round in
# a rotating order; then PROFILES CPU profiles of each variant, merged per
# variant, and the functions that tell the mirrors' share.
set -eu
bin=$1 site=$2 rounds=${3:-9} profiles=${4:-5}
out=$(mktemp -d)
export XDG_CACHE_HOME=/proc/no-cache
vs=(def goccy lean std layout figure alloff)
envof() {
	case $1 in
	def) echo "";; goccy) echo "SS_JSON=goccy";; lean) echo "SS_JSON=lean";; std) echo "SS_JSON=std";;
	layout) echo "SS_LAYOUT=tmpl";; figure) echo "SS_FIGURE=tmpl";;
	alloff) echo "SS_JSON=goccy SS_LAYOUT=tmpl SS_FIGURE=tmpl";;
	esac
}
for round in $(seq 1 "$rounds"); do
	for i in "${!vs[@]}"; do
		v=${vs[$(((i + round) % ${#vs[@]}))]}
		rm -rf /dev/shm/mirrors-out
		env $(envof "$v") /usr/bin/time -a -o "$out/times" -f "$v %e %U %S %M" "$bin" build --source "$site" --dest /dev/shm/mirrors-out >/dev/null 2>&1
	done
done
for r in $(seq 1 "$profiles"); do
	for v in "${vs[@]}"; do
		rm -rf /dev/shm/mirrors-out
		env $(envof "$v") SS_CPUPROFILE="$out/$v-$r.prof" "$bin" build --source "$site" --dest /dev/shm/mirrors-out >/dev/null 2>&1
	done
done
rm -rf /dev/shm/mirrors-out
[ "$rounds" -gt 0 ] && python3 - "$out/times" <<'PY'
import statistics as st, sys
runs = {}
for line in open(sys.argv[1]):
    f = line.split()
    runs.setdefault(f[0], []).append([float(x) for x in f[1:]])
base = st.median(x[1] + x[2] for x in runs["def"])
for v, r in runs.items():
    cpu = st.median(x[1] + x[2] for x in r)
    print(f"{v:7s} {len(r)} builds: wall median {st.median(x[0] for x in r):.2f} s, user+sys median {cpu:.2f} s ({100 * (cpu / base - 1):+.1f}%)")
PY
for v in "${vs[@]}"; do
	echo "== $v: CPU profile of $profiles builds"
	env -u XDG_CACHE_HOME go tool pprof -top -cum "$bin" "$out/$v"-*.prof 2>/dev/null | grep -E 'Total samples|echartsOption\)\.write(Lib|Lean)?$|goccy/go-json\.Marshal$|encoding/json\.Marshal$|theme\)\.execute$|html/template\.\(\*Template\)\.ExecuteTemplate$|chartData\)\.Figure$|gcBgMarkWorker$|check\.Page$' || true
done
rm -rf "$out"
