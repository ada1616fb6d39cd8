#!/bin/bash
# variants_ab.sh SITE ROUNDS NAME=BIN[,VAR=VALUE]... : cold builds of SITE (no
# rebuild manifest, a fresh destination on tmpfs) by each variant once a
# round, in a rotating order; a variant is a binary and optionally one
# environment variable. Prints each build ("name wall-s user-s sys-s
# peak-KB", after a "# round N load" line) and then the medians, with
# user+sys against the first variant. Issue 36's figures in BENCHMARKS.md
# ("Mirrors (issue 36)") were taken with it.
set -eu
site=$1 rounds=$2
shift 2
variants=("$@")
log=$(mktemp)
export XDG_CACHE_HOME=/proc/no-cache
n=${#variants[@]}
for r in $(seq 1 "$rounds"); do
	echo "# round $r $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$log"
	for i in $(seq 0 $((n - 1))); do
		v=${variants[$(((i + r) % n))]}
		name=${v%%=*} rest=${v#*=}
		bin=${rest%%,*} env=""
		[ "$bin" != "$rest" ] && env=${rest#*,}
		rm -rf /dev/shm/variants-ab-out
		env $env /usr/bin/time -a -o "$log" -f "$name %e %U %S %M" "$bin" build --source "$site" --dest /dev/shm/variants-ab-out >/dev/null 2>&1
		tail -n 1 "$log"
	done
done
rm -rf /dev/shm/variants-ab-out
/usr/bin/python3 - "$log" "${variants[0]%%=*}" <<'PY'
import statistics as st, sys
runs = {}
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) == 5 and not line.startswith("#"):
        runs.setdefault(f[0], []).append([float(x) for x in f[1:]])
base = st.median(x[1] + x[2] for x in runs[sys.argv[2]])
for v, r in runs.items():
    cpu = sorted(x[1] + x[2] for x in r)
    print(f"{v}: {len(r)} builds, wall median {st.median(x[0] for x in r):.2f} s, user+sys median {st.median(cpu):.3f} s "
          f"({cpu[0]:.2f}-{cpu[-1]:.2f}, {100 * (st.median(cpu) / base - 1):+.1f}%), peak RSS median {st.median(x[3] for x in r) / 1024:.1f} MiB")
PY
rm -f "$log"
