#!/usr/bin/env bash
# Crawl fidelity: crawls real third-party web apps with carto crawl and scores the models against the ones a tester
# wrote down before crawling (models/*.json). Fetched code never enters the repo: each subject's files are exported
# from a local mirror of its repository (the search tool's `fetch github:OWNER/NAME` puts them in /work/.mirror;
# set CARTO_FIDELITY_SOURCES to another folder with OWNER+NAME/repo git directories or OWNER+NAME checkouts).
#
#   CARTO_BIN_DIR=.build-release/release bash Benchmarks/crawl-fidelity/run.sh [SUBJECT…]
#
# Settings: MAX_EVENTS (default 150; the saturation run doubles it), REPEAT=N crawls each subject N times with the
# default settings (the table shows the median and the weakest run), PAPER=0 skips the `--abstraction paper` crawl, FIXED=1 also crawls the script-loaded subjects
# with --wait fixed:1000 (slow) for the idle-vs-fixed ratio, PLACES=1 also crawls subjects marked "places" served
# from a folder (/apps/demo/) and embedded in a large page (embed.py). Writes the outputs to $OUT (default /tmp/carto-fidelity)
# and prints the score table (score.py). Exits non-zero when a crawl fails (exit 2 or 3) or a subject is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${CARTO_BIN_DIR:-$root/.build-release/release}/carto"
sources="${CARTO_FIDELITY_SOURCES:-/work/.mirror}"
out="${OUT:-/tmp/carto-fidelity}"
max="${MAX_EVENTS:-150}"
[ -x "$bin" ] || { echo "no carto binary at $bin: swift build -c release --scratch-path .build-release (or set CARTO_BIN_DIR)" >&2; exit 2; }
rm -rf "$out"; mkdir -p "$out/sites"

subjects=$(python3 -c 'import json,sys; [print(s["name"]) for s in json.load(open(sys.argv[1]))]' "$here/subjects.json")
[ $# -gt 0 ] && subjects="$*"
field() { python3 -c 'import json,sys; s=[s for s in json.load(open(sys.argv[1])) if s["name"]==sys.argv[2]][0]; v=s.get(sys.argv[3], ""); print("\n".join(v) if isinstance(v, list) else ("1" if v is True else v))' "$here/subjects.json" "$1" "$2"; }

export_subject() {   # repo path destination [commit]
    local dir="$sources/${1/\//+}"
    # An index of this export's own, new each time: two runs exporting from one mirror at once (halves side by side)
    # would fight over the mirror's index.lock, and an index left by another repository's export names objects this
    # one lacks (git then fails with "unable to read", and the subject was skipped).
    export GIT_INDEX_FILE="$out/.git-index"
    rm -f "$GIT_INDEX_FILE"
    if [ -d "$dir/repo" ]; then
        if ! git --git-dir="$dir/repo" --work-tree="$3" checkout "${4:-HEAD}" -- "$2" 2>/dev/null; then
            # A snapshot may lack its largest files (listed, not stored): export the rest file by file and say which
            # are missing (the app shows a broken image there, as it would when a download fails).
            git --git-dir="$dir/repo" ls-tree -r "${4:-HEAD}" -- "$2" | while read -r _ type sha file; do
                [ "$type" = blob ] || continue
                mkdir -p "$3/$(dirname "$file")"
                git --git-dir="$dir/repo" cat-file blob "$sha" > "$3/$file" 2>/dev/null || { rm -f "$3/$file"; echo "$1: $file is not in the snapshot (left out)" >&2; }
            done
        fi
        rm -f "$GIT_INDEX_FILE"
    elif [ -d "$dir/$2" ]; then mkdir -p "$3/$(dirname "$2")"; cp -r "$dir/$2" "$3/$2"
    else echo "subject $1 is not at $dir: fetch github:$1 first (or set CARTO_FIDELITY_SOURCES)" >&2; return 1; fi
}

port=${PORT:-18700}
crawl() {   # name mode url extra-args…
    local name=$1 mode=$2 url=$3; shift 3
    local status=0
    local t0=$(date +%s.%N)
    # The subjects are served over http on loopback; https requests are the third-party fonts and icons some of them
    # load from CDNs. This machine has no internet: blocked, they fail at once, as they would load at once online,
    # instead of after Chromium's DNS retries (~5 s per page load).
    "$bin" crawl "$url" -o "$out/$name/$mode" --no-screenshots -q --browsers "${BROWSERS:-1}" --block-requests 'https://*' "$@" > "$out/$name/$mode.txt" 2> "$out/$name/$mode.err" || status=$?
    local t1=$(date +%s.%N)
    echo "$mode $status $(echo "$t1 - $t0" | bc)" >> "$out/$name/runs.txt"
    # 0: no failures, 1: failures found in the app (its own script errors) — both are finished crawls.
    if [ "$status" -gt 1 ]; then echo "$name ($mode): carto crawl exited $status: $(tail -1 "$out/$name/$mode.err")" >&2; return 1; fi
}

# Serves a folder on the next free port (sets `port` and `server`). A port another run holds (two runs side by side
# from nearby PORTs) is skipped; a server that could not bind after all is an error, not a crawl of the other run's
# site.
serve() {
    port=$((port + 1))
    while curl -s -o /dev/null "http://127.0.0.1:$port/"; do port=$((port + 1)); done
    python3 -m http.server "$port" --bind 127.0.0.1 --directory "$1" > /dev/null 2>&1 &
    server=$!
    for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
    sleep 0.3
    kill -0 "$server" 2>/dev/null || { echo "could not serve $1 on port $port" >&2; return 1; }
}

failed=0
for name in $subjects; do
    repo=$(field "$name" repo); path=$(field "$name" path); start=$(field "$name" start)
    mapfile -t args < <(field "$name" args)
    [ ${#args[@]} -eq 1 ] && [ -z "${args[0]}" ] && args=()
    mkdir -p "$out/$name" "$out/sites/$name"
    export_subject "$repo" "$path" "$out/sites/$name" "$(field "$name" commit)" || { failed=1; continue; }
    serve "$out/sites/$name/$path" || { failed=1; continue; }
    url="http://127.0.0.1:$port$start"
    echo "==> $name ($url)" >&2
    crawl "$name" screen "$url" --max-events "$max" "${args[@]}" || failed=1
    for k in $(seq 2 "${REPEAT:-1}"); do crawl "$name" "screen-$k" "$url" --max-events "$max" "${args[@]}" || failed=1; done
    if [ "${PAPER:-1}" = 1 ]; then crawl "$name" paper "$url" --max-events "$max" --abstraction paper "${args[@]}" || failed=1; fi
    # DOUBLED=0: no crawl at twice the budget (a quick check; the saturation column then reads —).
    if [ "${DOUBLED:-1}" = 1 ]; then crawl "$name" doubled "$url" --max-events $((max * 2)) "${args[@]}" || failed=1; fi
    if [ "${FIXED:-0}" = 1 ] && [ "$(field "$name" scriptLoaded)" = 1 ]; then
        crawl "$name" fixed "$url" --max-events "$max" --wait fixed:1000 "${args[@]}" || failed=1
    fi
    kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true
    # PLACES=1: the same app served from a folder deep in a site, and embedded in a large page of unrelated chrome
    # (the end-to-end test's portal page), for subjects marked "places" — scored against the same model.
    if [ "${PLACES:-0}" = 1 ] && [ "$(field "$name" places)" = 1 ]; then
        mkdir -p "$out/sites/$name-folder/apps/demo" "$out/sites/$name-embedded"
        cp -r "$out/sites/$name/$path/." "$out/sites/$name-folder/apps/demo/"
        cp -r "$out/sites/$name/$path/." "$out/sites/$name-embedded/"
        page="$out/sites/$name-embedded${start%/}"; [ "${start%/}" = "${start}" ] || page="$page/index.html"
        python3 "$here/embed.py" "$root/Tests/CartoExploreTests/Fixtures/chrome/portal.html" "$page" || failed=1
        for place in folder embedded; do
            serve "$out/sites/$name-$place" || { failed=1; continue; }
            prefix=""; [ "$place" = folder ] && prefix="/apps/demo"
            crawl "$name" "$place" "http://127.0.0.1:$port$prefix$start" --max-events "$max" "${args[@]}" || failed=1
            kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true
        done
    fi
done
python3 "$here/score.py" "$out" "$bin" | tee "$out/score.md"
exit $failed
