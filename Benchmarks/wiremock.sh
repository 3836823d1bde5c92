#!/usr/bin/env bash
# carto stub beside the real WireMock (2.35.1 standalone, the jar the PyPI package `wiremock` ships, on Debian's Java),
# in one run, same mapping folders, release build: wrk -t2 -c64 per request kind, rounds alternating which server goes
# first, WireMock warmed up (JIT) before its first round and run at its fastest (request journal off).
# Rows: exact url with an inline body / a body file among 9 mappings; exact url among 301; urlPathPattern among 301
# patterns; exact url (inline / file) in a folder that also holds 300 patterns; equalToJson and matchesJsonPath bodies
# among 301; a two-state scenario; and carto's throughput with 1,000 mappings against 10.
# Usage: bash Benchmarks/wiremock.sh     (ROUNDS=3 DURATION=5s CONNECTIONS=64 WARMUP=8s; ROWS="r1 r4" for some rows)
#        CARTO_BIN_DIR=.build-release/release bash Benchmarks/wiremock.sh   (skip the build)
# Exits 1 when a target is missed: carto >= 2x WireMock's req/s and a lower p99 on every row; 1,000 mappings within
# 20% of 10. Every wrk run must end with status 0 and no non-2xx answers or socket errors.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-64}
WARMUP=${WARMUP:-8s}
ROWS=${ROWS:-"r1 r2 r3 r4 r5 r6 r7 r8 r9 r10"}

need=()
command -v wrk >/dev/null 2>&1 || need+=(wrk)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
if [ ${#need[@]} -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
JAR=$(bash scripts/wiremock-jar.sh)

BIN=${CARTO_BIN_DIR:-}
if [ -z "$BIN" ]; then
    swift build -c release --scratch-path .build-release --product carto >&2
    BIN=.build-release/release
fi

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

# The mapping folders, one per row, and the request each row sends (method, path, body).
python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
def folder(name, mappings, files={}):
    os.makedirs(f"{work}/{name}/mappings"); os.makedirs(f"{work}/{name}/__files")
    for i, m in enumerate(mappings):
        json.dump(m, open(f"{work}/{name}/mappings/m{i:04d}.json", "w"))
    for f, text in files.items():
        open(f"{work}/{name}/__files/{f}", "w").write(text)
body = '{"users":[{"id":1,"name":"Ada Lovelace","email":"ada@example.com"},{"id":2,"name":"Charles Babbage","email":"charles@example.com"}]}'
hdr = {"Content-Type": "application/json"}
def inline(url): return {"request": {"method": "GET", "url": url}, "response": {"status": 200, "headers": hdr, "body": body}}
def filed(url, f): return {"request": {"method": "GET", "url": url}, "response": {"status": 200, "headers": hdr, "bodyFileName": f}}
def pattern(i): return {"request": {"method": "GET", "urlPathPattern": f"/p/res{i}/[0-9]+(/items/[a-z0-9-]+)?"}, "response": {"status": 200, "headers": hdr, "body": body}}
files = {"users.json": body}
rows = {}
folder("r1", [inline(f"/r1/{i}") for i in range(9)]); rows["r1"] = ("exact url, inline body, 9 mappings", "GET", "/r1/4", "")
folder("r2", [filed(f"/r2/{i}", "users.json") for i in range(9)], files); rows["r2"] = ("exact url, bodyFileName, 9 mappings", "GET", "/r2/4", "")
folder("r3", [inline(f"/r3/item/{i}") for i in range(301)]); rows["r3"] = ("exact url among 301 mappings", "GET", "/r3/item/150", "")
folder("r4", [pattern(i) for i in range(301)]); rows["r4"] = ("urlPathPattern among 301 patterns", "GET", "/p/res150/77", "")
folder("r5", [pattern(i) for i in range(300)] + [inline(f"/r5/{i}") for i in range(9)]); rows["r5"] = ("exact url (inline) beside 300 patterns", "GET", "/r5/4", "")
folder("r6", [pattern(i) for i in range(300)] + [filed(f"/r6/{i}", "users.json") for i in range(9)], files); rows["r6"] = ("exact url (file) beside 300 patterns", "GET", "/r6/4", "")
folder("r7", [{"request": {"method": "POST", "urlPath": f"/r7/{i}", "bodyPatterns": [{"equalToJson": {"id": i, "tags": ["a", "b"], "owner": {"name": "ada"}}, "ignoreArrayOrder": True}]},
               "response": {"status": 200, "headers": hdr, "body": body}} for i in range(301)])
rows["r7"] = ("equalToJson among 301", "POST", "/r7/150", '{"owner": {"name": "ada"}, "tags": ["b", "a"], "id": 150}')
folder("r8", [{"request": {"method": "POST", "urlPath": f"/r8/{i}", "bodyPatterns": [{"matchesJsonPath": "$.items[?(@.qty > 2)]"}, {"matchesJsonPath": {"expression": "$.user.name", "equalTo": "ada"}}]},
               "response": {"status": 200, "headers": hdr, "body": body}} for i in range(301)])
rows["r8"] = ("matchesJsonPath among 301", "POST", "/r8/150", '{"user": {"name": "ada"}, "items": [{"qty": 1}, {"qty": 3}]}')
folder("r9", [{"scenarioName": "cart", "requiredScenarioState": "Started", "newScenarioState": "full", "request": {"method": "GET", "url": "/r9/cart"}, "response": {"status": 200, "headers": hdr, "body": body}},
              {"scenarioName": "cart", "requiredScenarioState": "full", "newScenarioState": "Started", "request": {"method": "GET", "url": "/r9/cart"}, "response": {"status": 200, "headers": hdr, "body": body}}])
rows["r9"] = ("scenario, two states alternating", "GET", "/r9/cart", "")
folder("r10a", [inline(f"/r10/item/{i}") for i in range(10)])
folder("r10b", [inline(f"/r10/item/{i}") for i in range(1000)])
rows["r10"] = ("exact url, 10 vs 1,000 mappings", "GET", "/r10/item/5", "")
with open(f"{work}/rows.tsv", "w") as f:
    for k, (title, method, path, data) in rows.items():
        f.write("\t".join([k, title, method, path]) + "\n")
        open(f"{work}/{k}.lua", "w").write(f'wrk.method = "{method}"\nwrk.body = {json.dumps(data)}\nwrk.headers["Content-Type"] = "application/json"\n')
PY

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() { for _ in $(seq 1 300); do curl -s -o /dev/null "http://127.0.0.1:$1/__admin/mappings" && return 0; sleep 0.1; done; echo "server on $1 did not start" >&2; return 1; }

# wrk output -> "rps p99_ms non2xx"; fails unless wrk exits 0 without socket errors, and (strict=1) without
# non-2xx answers. WireMock is not strict: under 64 connections its scenario row answers some requests 404 (a
# state change between matching and answering); those are counted and shown.
measure() {
    local out
    out=$(wrk -t2 -c"$CONNECTIONS" -d"$2" --latency -s "$work/$1.lua" "$3") || { echo "wrk failed on $3" >&2; return 1; }
    python3 -c '
import re, sys
text = sys.stdin.read()
bad = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if re.search(r"Socket errors", text) or (bad and sys.argv[1] == "1"):
    sys.stderr.write("wrk reported errors:\n" + text); sys.exit(1)
rps = float(re.search(r"Requests/sec:\s+([0-9.]+)", text).group(1))
m = re.search(r"^\s*99%\s+([0-9.]+)(us|ms|s)\s*$", text, re.M)
print(rps, float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)], bad.group(1) if bad else 0)' "$4" <<<"$out"
}

start_pair() {  # folder -> sets carto_port, wm_port
    carto_port=$(free_port); wm_port=$(free_port)
    "$BIN/carto" stub --root "$work/$1" --port "$carto_port" --quiet --no-watch 2>"$work/carto-$1.log" &
    carto_pid=$!; pids+=("$carto_pid")
    java -jar "$JAR" --port "$wm_port" --bind-address 127.0.0.1 --root-dir "$work/$1" --disable-banner --no-request-journal \
        --async-response-enabled true >"$work/wm-$1.log" 2>&1 &
    wm_pid=$!; pids+=("$wm_pid")
    wait_for "$carto_port"; wait_for "$wm_port"
}
stop_pair() { kill "$carto_pid" "$wm_pid" 2>/dev/null || true; wait "$carto_pid" "$wm_pid" 2>/dev/null || true; }

same_answer() {  # row method path -> both servers answer 200 with the same body
    local a b
    a=$(curl -s -X "$2" -H 'Content-Type: application/json' --data-binary @"$work/$1.body" -w ' %{http_code}' "http://127.0.0.1:$carto_port$3")
    b=$(curl -s -X "$2" -H 'Content-Type: application/json' --data-binary @"$work/$1.body" -w ' %{http_code}' "http://127.0.0.1:$wm_port$3")
    [ "${a: -3}" = 200 ] && [ "$a" = "$b" ] || { echo "row $1: carto answered '${a: -60}', WireMock '${b: -60}'" >&2; return 1; }
}

results="$work/results.tsv"
: > "$results"
while IFS=$'\t' read -r row title method path; do
    case " $ROWS " in *" $row "*) ;; *) continue ;; esac
    python3 -c 'import re,sys; print(re.search(r"wrk.body = (.*)", open(sys.argv[1]).read()).group(1))' "$work/$row.lua" | python3 -c 'import json,sys; sys.stdout.write(json.loads(sys.stdin.read()))' > "$work/$row.body"
    if [ "$row" = r10 ]; then folders="r10a r10b"; else folders="$row"; fi
    for f in $folders; do
        start_pair "$f"
        [ "$method" = GET ] && : > "$work/$row.body"
        same_answer "$row" "$method" "$path"
        echo "==> $title ($f)" >&2
        measure "$row" "$WARMUP" "http://127.0.0.1:$wm_port$path" 0 >/dev/null      # JIT warm-up
        measure "$row" 2s "http://127.0.0.1:$carto_port$path" 1 >/dev/null
        for r in $(seq 1 "$ROUNDS"); do
            order="carto wiremock"; [ $((r % 2)) -eq 0 ] && order="wiremock carto"
            for who in $order; do
                if [ "$who" = carto ]; then port=$carto_port; strict=1; else port=$wm_port; strict=0; fi
                line=$(measure "$row" "$DURATION" "http://127.0.0.1:$port$path" "$strict") || { echo "row $row: $who failed" >&2; exit 1; }
                read -r rps p99 bad <<<"$line"
                printf '  round %d  %-8s %9.0f req/s   p99 %7.2f ms   non-2xx %s\n' "$r" "$who" "$rps" "$p99" "$bad" >&2
                printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$title" "$who" "$rps" "$p99" >> "$results"
            done
        done
        stop_pair
    done
done < "$work/rows.tsv"

python3 - "$results" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    f, title, who, rps, p99 = line.rstrip("\n").split("\t")
    rows.setdefault((f, title), {}).setdefault(who, []).append((float(rps), float(p99)))
ok = True
print(f"{'request kind':44} {'carto req/s':>12} {'WireMock':>10} {'ratio':>6} {'carto p99':>10} {'WM p99':>8}")
medians = {}
for (f, title), d in rows.items():
    c = statistics.median(r for r, _ in d["carto"]); w = statistics.median(r for r, _ in d["wiremock"])
    cp = statistics.median(p for _, p in d["carto"]); wp = statistics.median(p for _, p in d["wiremock"])
    medians[f] = c
    miss = "" if c >= 2 * w and cp < wp else "  MISSED"
    ok &= not miss
    name = title + (" [10]" if f == "r10a" else " [1,000]" if f == "r10b" else "")
    print(f"{name:44} {c:12.0f} {w:10.0f} {c / w:6.2f} {cp:8.2f}ms {wp:6.2f}ms{miss}")
if "r10a" in medians and "r10b" in medians:
    s = medians["r10b"] / medians["r10a"]
    print(f"carto with 1,000 mappings / with 10: {s:.2f} (target >= 0.80){'' if s >= 0.8 else '  MISSED'}")
    ok &= s >= 0.8
sys.exit(0 if ok else 1)
PY
