#!/bin/sh
# cold_ab.sh OLD NEW SITE [ROUNDS] [DEST]: cold builds of SITE by two scalesite
# binaries, interleaved (the order swaps every round), each into a fresh
# destination and with no rebuild manifest (XDG_CACHE_HOME unwritable); prints
# one line per build ("old|new wall-s user-s sys-s peak-KB") and then the
# medians. Issue 19's figures in BENCHMARKS.md were taken with it.
set -eu
old=$1 new=$2 site=$3 rounds=${4:-9} dest=${5:-/tmp/cold-ab}
log=$(mktemp)
export XDG_CACHE_HOME=/proc/no-cache
i=0
while [ $i -lt "$rounds" ]; do
	i=$((i + 1))
	if [ $((i % 2)) -eq 1 ]; then order="old new"; else order="new old"; fi
	for side in $order; do
		bin=$old
		[ "$side" = new ] && bin=$new
		rm -rf "$dest-$side"
		/usr/bin/time -a -o "$log" -f "$side %e %U %S %M" "$bin" build --source "$site" --dest "$dest-$side" >/dev/null 2>&1
		tail -n 1 "$log"
	done
done
rm -rf "$dest-old" "$dest-new"
python3 - "$log" <<'PY'
import statistics as st, sys
runs = {}
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) == 5:
        runs.setdefault(f[0], []).append([float(x) for x in f[1:]])
med = {}
for side in ("old", "new"):
    r = runs.get(side, [])
    wall = [x[0] for x in r]
    cpu = [x[1] + x[2] for x in r]
    rss = [x[3] / 1024 for x in r]
    med[side] = (st.median(wall), st.median(cpu), st.median(rss))
    print(f"{side}: {len(r)} builds, wall median {med[side][0]:.2f} s ({min(wall):.2f}-{max(wall):.2f}), "
          f"user+sys median {med[side][1]:.2f} s, peak RSS median {med[side][2]:.1f} MiB ({min(rss):.1f}-{max(rss):.1f})")
o, n = med["old"], med["new"]
print(f"new/old: wall {n[0] / o[0]:.3f}, user+sys {n[1] / o[1]:.3f}, peak RSS {n[2] / o[2]:.3f}")
PY
rm -f "$log"
