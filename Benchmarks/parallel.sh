#!/usr/bin/env bash
# Parallel crawling: `carto crawl --browsers 1` against `--browsers N`, alternating, side by side in one run.
#   bash Benchmarks/parallel.sh CARTO APP-FOLDER-OR-URL [RUNS] [N] [-- EXTRA CRAWL ARGS]
# Reported per setting: the median of RUNS runs of events per second of exploration (model.json stats.events /
# stats.durationSeconds), wall time, unique states; and whether every run found the same abstract states (the
# states' `name`s, as a set). Every run must finish its crawl (exit 0, or 1: failures found).
set -euo pipefail
cd "$(dirname "$0")/.."
carto=${1:?carto binary}; app=${2:?app folder or URL}; runs=${3:-3}; n=${4:-2}
shift $(( $# < 4 ? $# : 4 ))
[ "${1:-}" = "--" ] && shift
extra=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

one() {  # one SESSIONS I
    local out="$work/b$1-$2" start end status
    start=$(date +%s.%N)
    set +e
    "$carto" crawl "$app" -o "$out" -q --no-screenshots --browsers "$1" "${extra[@]}" > "$out.txt" 2>&1
    status=$?
    set -e
    end=$(date +%s.%N)
    if [ "$status" -gt 1 ]; then echo "--browsers $1 run $2 exited $status:"; cat "$out.txt"; exit 1; fi
    python3 - "$out/model.json" "$start" "$end" >> "$work/b$1" <<'PY'
import json, sys
m = json.load(open(sys.argv[1])); st = m["stats"]
names = sorted({s.get("name") or s["title"] for s in m["states"]})
print(json.dumps({"wall": float(sys.argv[3]) - float(sys.argv[2]), "events": st["events"], "seconds": st["durationSeconds"],
                  "states": st["uniqueStates"], "stop": st["stopReason"], "names": names}))
PY
}

for i in $(seq 1 "$runs"); do
    if [ $((i % 2)) -eq 1 ]; then one 1 "$i"; one "$n" "$i"; else one "$n" "$i"; one 1 "$i"; fi
done
python3 - "$work/b1" "$work/b$n" "$n" "$app" "$runs" <<'PY'
import json, statistics, sys
one = [json.loads(l) for l in open(sys.argv[1])]; many = [json.loads(l) for l in open(sys.argv[2])]
n = sys.argv[3]
def row(name, rs):
    eps = [r["events"] / r["seconds"] for r in rs]
    print(f"  --browsers {name}: events/s median {statistics.median(eps):.1f} (runs {', '.join(f'{e:.1f}' for e in eps)}); "
          f"wall median {statistics.median(r['wall'] for r in rs):.1f} s; events {[r['events'] for r in rs]}; "
          f"unique states {[r['states'] for r in rs]}; stop {sorted({r['stop'] for r in rs})}")
    return statistics.median(eps)
print(f"{sys.argv[4]}, {sys.argv[5]} runs each")
a = row("1", one); b = row(n, many)
print(f"  events/s ratio: {b / a:.2f}x (target >= 1.5x at 2 on 2 cores)")
sets = {json.dumps(r["names"]) for r in one + many}
print("  abstract states: " + ("the same in every run" if len(sets) == 1 else f"{len(sets)} different sets"))
if len(sets) > 1:
    base = set(one[0]["names"])
    for r in one + many:
        d = set(r["names"]) ^ base
        if d: print("    differs from the first run by:", sorted(d)[:8])
PY
