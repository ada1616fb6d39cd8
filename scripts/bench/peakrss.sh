#!/bin/sh
# peakrss.sh COMMAND [ARGS...]: runs COMMAND and prints the peak of its
# anonymous memory (RssAnon: the Go heap, stacks, the runtime's own) and of
# its file-backed memory (RssFile: the pages of its own binary it touched),
# sampled from /proc as fast as a shell loop goes. Their sum is about the
# peak RSS /usr/bin/time reports (%M), which is what compare_hugo.py
# compares; this tells the two parts apart. Linux only.
"$@" >/dev/null 2>&1 &
pid=$!
anon=0 file=0
while kill -0 "$pid" 2>/dev/null; do
	set -- $(awk '/^RssAnon/ {a = $2} /^RssFile/ {f = $2} END {print a + 0, f + 0}' "/proc/$pid/status" 2>/dev/null)
	[ "${1:-0}" -gt "$anon" ] && anon=$1
	[ "${2:-0}" -gt "$file" ] && file=$2
done
wait "$pid"
echo "peak RssAnon $anon KB, peak RssFile $file KB"
