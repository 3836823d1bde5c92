#!/usr/bin/env bash
# Benchmarks for `carto crawl` (release build), side by side in one run:
#   1. idle waiting vs the paper's fixed 1 s delay on the same app: wall time, and whether the models are the same;
#   2. state lookup among 10,000 visited states (carto-bench lookup);
#   3. the crawler's own overhead per event against an in-memory app (carto-bench crawler), and the crawler's share
#      of each real browser event (the log's crawlerMs).
#   bash Benchmarks/crawl.sh [APP-FOLDER-OR-URL]      (default: Examples/web-app)
set -euo pipefail
cd "$(dirname "$0")/.."
app="${1:-Examples/web-app}"
# CARTO_BIN_DIR=path/to/release/bin skips the build (e.g. a build made with --scratch-path).
if [ -z "${CARTO_BIN_DIR:-}" ]; then
    swift build -c release --product carto >&2
    swift build -c release --product carto-bench >&2
fi
bin=${CARTO_BIN_DIR:-$(swift build -c release --show-bin-path)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {  # run NAME WAIT
    local start end
    start=$(date +%s.%N)
    set +e
    "$bin/carto" crawl "$app" -o "$work/$1" --wait "$2" -q --browsers 1 > "$work/$1.txt"
    set -e
    end=$(date +%s.%N)
    awk "BEGIN {print $end - $start}" > "$work/$1.wall"
    printf '%-12s wall %6.1f s   %s\n' "$1" "$(cat "$work/$1.wall")" "$(head -1 "$work/$1.txt")"
}
echo "== idle vs fixed:1000 on $app"
run idle idle
run fixed-1000 fixed:1000
run idle-again idle
awk -v f="$(cat "$work/fixed-1000.wall")" -v a="$(cat "$work/idle.wall")" -v b="$(cat "$work/idle-again.wall")" \
    'BEGIN {printf "fixed:1000 / idle wall time: %.1fx and %.1fx (target >= 10x)\n", f / a, f / b}'
if "$bin/carto" graph diff "$work/idle" "$work/fixed-1000" > "$work/diff.txt"; then
    echo "models: identical states and edges (carto graph diff exit 0)"
else
    echo "models differ:"; cat "$work/diff.txt"
fi
echo "crawler share of real browser events (ms, from log.jsonl crawlerMs):"
grep '"type":"event"' "$work/idle/log.jsonl" | sed -E 's/.*"crawlerMs":([0-9.]+).*/\1/' | sort -n |
    awk '{v[NR]=$1; s+=$1} END {printf "  %d events: mean %.3f, p50 %.3f, p95 %.3f, max %.3f\n", NR, s/NR, v[int(NR*0.5)+1], v[int(NR*0.95)], v[NR]}'
echo "== state lookup"
"$bin/carto-bench" lookup --states 10000
echo "== crawler overhead (in-memory app)"
"$bin/carto-bench" crawler --screens 2000 --events 5000
