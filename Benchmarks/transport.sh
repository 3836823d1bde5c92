#!/usr/bin/env bash
# The WebDriver transport's cost: idle crawls of one app by two carto builds, alternating, side by side in one run.
#   bash Benchmarks/transport.sh BASELINE_CARTO CANDIDATE_CARTO [APP] [RUNS] [-- EXTRA CRAWL ARGS]
# e.g. a release build of the commit before a transport change against the current one. Each configuration is
# crawled RUNS times per build (default 7), alternating builds so machine noise hits both alike; reported: the
# median wall time and the median exploration time (model.json stats.durationSeconds), per build and as a ratio,
# for the default channel (per-event DevTools on a direct socket) and with CARTO_DEVTOOLS=chromedriver (every
# command over the WebDriver HTTP transport). Every run must finish its crawl (exit 0, or 1: failures found) and find
# the same states.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?baseline carto binary}; cand=${2:?candidate carto binary}
app="${3:-Examples/web-app}"; runs="${4:-7}"
shift $(( $# < 4 ? $# : 4 ))
[ "${1:-}" = "--" ] && shift
extra=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

one() {  # one NAME BIN CHANNEL I -> appends "wall explore states" to $work/NAME-CHANNEL
    local name=$1 bin=$2 channel=$3 i=$4 out="$work/$1-$3-$4" start end status sessions=()
    # One browser for both builds (builds since --browsers default to one per core; older ones know no --browsers).
    if "$bin" crawl --help 2>&1 | grep -q -- --browsers; then sessions=(--browsers 1); fi
    start=$(date +%s.%N)
    set +e
    if [ "$channel" = chromedriver ]; then
        CARTO_DEVTOOLS=chromedriver "$bin" crawl "$app" -o "$out" -q --no-screenshots "${sessions[@]}" "${extra[@]}" > "$out.txt" 2>&1
    else
        "$bin" crawl "$app" -o "$out" -q --no-screenshots "${sessions[@]}" "${extra[@]}" > "$out.txt" 2>&1
    fi
    status=$?
    set -e
    end=$(date +%s.%N)
    # 0 explored, 1 explored with failures found (Examples/web-app has one on purpose); anything else is a broken run.
    if [ "$status" -gt 1 ]; then echo "$name ($channel) run $i exited $status:"; cat "$out.txt"; exit 1; fi
    python3 - "$out/model.json" "$start" "$end" >> "$work/$name-$channel" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
print(f"{float(sys.argv[3]) - float(sys.argv[2]):.3f} {m['stats']['durationSeconds']:.3f} {m['stats']['uniqueStates']}")
PY
    rm -rf "$out"
}

for channel in direct chromedriver; do
    for i in $(seq 1 "$runs"); do
        if [ $((i % 2)) -eq 1 ]; then one base "$base" $channel $i; one cand "$cand" $channel $i
        else one cand "$cand" $channel $i; one base "$base" $channel $i; fi
    done
    python3 - "$work/base-$channel" "$work/cand-$channel" "$channel" "$runs" <<'PY'
import statistics, sys
def load(p): return [tuple(map(float, l.split())) for l in open(p)]
b, c = load(sys.argv[1]), load(sys.argv[2])
states = {int(r[2]) for r in b + c}
mb, mc = statistics.median(r[0] for r in b), statistics.median(r[0] for r in c)
eb, ec = statistics.median(r[1] for r in b), statistics.median(r[1] for r in c)
print(f"{sys.argv[3]:>12}: {sys.argv[4]} runs each; wall median baseline {mb:.2f} s, candidate {mc:.2f} s = {mc / mb:.3f}x; "
      f"exploration median {eb:.2f} s vs {ec:.2f} s = {ec / eb:.3f}x; unique states {sorted(states)}")
if len(states) != 1: print("  the builds found different numbers of states"); sys.exit(1)
PY
done
