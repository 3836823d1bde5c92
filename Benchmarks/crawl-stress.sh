#!/usr/bin/env bash
# The same model for any number of sessions and any load (issue 28). For each subject: a reference crawl with one
# session on an idle machine; then, with the machine loaded by two busy loops, RUNS crawls with each N in SESSIONS
# sessions (`--browsers N`), each compared with the reference by `carto graph diff --exact` (the abstract states and
# the transitions). Prints every run that differed and a table; exits non-zero when a crawl failed (exit > 1) or a
# subject is missing.
#
#   CARTO_BIN_DIR=.build-release/release bash Benchmarks/crawl-stress.sh [SUBJECT…]
#
# Subjects (from crawl-fidelity/subjects.json): Crawljax's simple-site, simple-js-site and simple-input-site, TodoMVC
# jQuery and React — fetched, never committed: exported from the local mirror (`fetch github:crawljax/crawljax`,
# `fetch github:tastejs/todomvc`; CARTO_FIDELITY_SOURCES as in crawl-fidelity/run.sh).
# Settings: RUNS (default 10), SESSIONS (default "1 2 3 4"), LOAD (busy loops, default 2), OUT (default /tmp/carto-stress).
# Crawls run with the default settings (screenshots on) and `--block-requests 'https://*'` (no internet here).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
bin="${CARTO_BIN_DIR:-$root/.build-release/release}/carto"
sources="${CARTO_FIDELITY_SOURCES:-/work/.mirror}"
out="${OUT:-/tmp/carto-stress}"
runs="${RUNS:-10}"
sessions="${SESSIONS:-1 2 3 4}"
load="${LOAD:-2}"
subjects_file="$here/crawl-fidelity/subjects.json"
[ -x "$bin" ] || { echo "no carto binary at $bin: swift build -c release --scratch-path .build-release (or set CARTO_BIN_DIR)" >&2; exit 2; }
rm -rf "$out"; mkdir -p "$out/sites"

subjects="crawljax-simple-site crawljax-simple-js-site crawljax-simple-input-site todomvc-jquery todomvc-react"
[ $# -gt 0 ] && subjects="$*"
field() { python3 -c 'import json,sys; s=[s for s in json.load(open(sys.argv[1])) if s["name"]==sys.argv[2]][0]; v=s.get(sys.argv[3], ""); print("\n".join(v) if isinstance(v, list) else v)' "$subjects_file" "$1" "$2"; }
export_subject() {   # repo path destination
    local dir="$sources/${1/\//+}"
    if [ -d "$dir/repo" ]; then git --git-dir="$dir/repo" --work-tree="$3" checkout HEAD -- "$2" && git --git-dir="$dir/repo" reset -q
    elif [ -d "$dir/$2" ]; then mkdir -p "$3/$(dirname "$2")"; cp -r "$dir/$2" "$3/$2"
    else echo "subject $1 is not at $dir: fetch github:$1 first (or set CARTO_FIDELITY_SOURCES)" >&2; return 1; fi
}

busy=()
servers=()
cleanup() { for p in "${busy[@]}" "${servers[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

failed=0
crawl() {   # dir url browsers args…
    local dir=$1 url=$2 n=$3; shift 3
    local status=0 t0 t1
    t0=$(date +%s.%N)
    "$bin" crawl "$url" -o "$dir" -q --browsers "$n" --block-requests 'https://*' "$@" > "$dir.txt" 2> "$dir.err" || status=$?
    t1=$(date +%s.%N)
    echo "$(echo "$t1 - $t0" | bc)" > "$dir.wall"
    # 0: no failures, 1: failures found in the app — both finished crawls; more is a crawl that did not finish.
    if [ "$status" -gt 1 ]; then echo "$dir: carto crawl exited $status: $(tail -1 "$dir.err")" >&2; failed=1; return 1; fi
}

port=18900
declare -A url args_of
for name in $subjects; do
    repo=$(field "$name" repo); path=$(field "$name" path); start=$(field "$name" start)
    mkdir -p "$out/sites/$name"
    export_subject "$repo" "$path" "$out/sites/$name" || { failed=1; continue; }
    port=$((port + 1))
    python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/sites/$name/$path" > /dev/null 2>&1 &
    servers+=($!)
    for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
    url[$name]="http://127.0.0.1:$port$start"
    args_of[$name]=$(field "$name" args)
    mkdir -p "$out/$name"
    mapfile -t args < <(printf '%s\n' "${args_of[$name]}")
    [ ${#args[@]} -eq 1 ] && [ -z "${args[0]}" ] && args=()
    echo "==> $name: reference (1 session, idle machine)" >&2
    crawl "$out/$name/reference" "${url[$name]}" 1 "${args[@]}" || continue
done

echo "==> loading the machine with $load busy loops" >&2
for _ in $(seq "$load"); do sh -c 'while :; do :; done' & busy+=($!); done

for name in $subjects; do
    [ -f "$out/$name/reference/model.json" ] || continue
    mapfile -t args < <(printf '%s\n' "${args_of[$name]}")
    [ ${#args[@]} -eq 1 ] && [ -z "${args[0]}" ] && args=()
    for i in $(seq "$runs"); do
        for n in $sessions; do
            dir="$out/$name/n$n-$i"
            crawl "$dir" "${url[$name]}" "$n" "${args[@]}" || continue
            if "$bin" graph diff "$out/$name/reference" "$dir" --exact > "$dir.diff" 2>&1; then echo same > "$dir.result"; else echo differs > "$dir.result"; fi
        done
    done
    echo "==> $name: done" >&2
done
cleanup
busy=(); servers=()

python3 - "$out" "$runs" "$sessions" $subjects <<'PY'
import json, os, statistics, sys
out, runs, sessions, names = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4:]
def load(p):
    try: return json.load(open(p))
    except (OSError, ValueError): return None
print(f"\n| subject | reference (1 session, idle): states, transitions, stop | " + " | ".join(f"N={n} under load: same / runs" for n in sessions) + " |")
print("|---|---|" + "---|" * len(sessions))
differing = []
for name in names:
    ref = load(f"{out}/{name}/reference/model.json")
    if not ref: print(f"| {name} | missing | " + " | ".join("—" for _ in sessions) + " |"); continue
    cells = []
    for n in sessions:
        same = total = 0
        for i in range(1, runs + 1):
            d = f"{out}/{name}/n{n}-{i}"
            if not os.path.exists(d + ".result"): continue
            total += 1
            if open(d + ".result").read().strip() == "same": same += 1
            else:
                m = load(d + "/model.json") or {"stats": {}}
                differing.append((name, n, i, m["stats"].get("uniqueStates"), m["stats"].get("edges"), m["stats"].get("stopReason"), open(d + ".diff").read().strip()))
        walls = [float(open(f"{out}/{name}/n{n}-{i}.wall").read()) for i in range(1, runs + 1) if os.path.exists(f"{out}/{name}/n{n}-{i}.wall")]
        cells.append(f"{same} / {total}" + (f" (median {statistics.median(walls):.1f} s)" if walls else ""))
    st = ref["stats"]
    print(f"| {name} | {st['uniqueStates']}, {st['edges']}, {st['stopReason']} | " + " | ".join(cells) + " |")
print(f"\nruns that differed from the reference: {len(differing)}")
for name, n, i, states, edges, stop, diff in differing:
    print(f"- {name}, N={n}, run {i}: {states} states, {edges} transitions, {stop}\n" + "\n".join("    " + l for l in diff.splitlines()[-12:]))
PY
exit $failed
