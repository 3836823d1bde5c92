#!/usr/bin/env bash
# carto stub figures (release build), side by side in one run:
#  1. throughput serving a small JSON body vs nginx serving the same bytes as a file, wrk, 64 connections,
#     rounds alternating which server goes first; p99 latency from wrk --latency;
#  2. event delivery across processes: `carto-bench events` waits through CartoTestKit (long-poll) and posts
#     over HTTP as the app would, against the same release `carto stub`.
# Usage: bash Benchmarks/stub.sh            (ROUNDS=3 DURATION=10s CONNECTIONS=64 EVENTS=1000 to change)
#        CARTO_BIN_DIR=.build-release/release bash Benchmarks/stub.sh   (skip the build)
# Exits 1 when a target is missed: throughput ratio >= 0.5, p99 <= 10 ms, event p50 <= 2 ms.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
EVENTS=${EVENTS:-1000}

need=()
command -v wrk >/dev/null 2>&1 || need+=(wrk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
if [ ${#need[@]} -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

BIN=${CARTO_BIN_DIR:-}
if [ -z "$BIN" ]; then
    swift build -c release --scratch-path .build-release --product carto >&2
    swift build -c release --scratch-path .build-release --product carto-bench >&2
    BIN=.build-release/release
fi

work=$(mktemp -d)
chmod 755 "$work"
cleanup() {
    [ -n "${stub_pid:-}" ] && kill "$stub_pid" 2>/dev/null || true
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

body='{"users":[{"id":1,"name":"Ada Lovelace","email":"ada@example.com"},{"id":2,"name":"Charles Babbage","email":"charles@example.com"}]}'
mkdir -p "$work/stub/mappings" "$work/www" "$work/logs"
printf '%s' "$body" > "$work/www/users.json"
python3 - "$work/stub/mappings/users.json" "$body" <<'PY'
import json, sys
json.dump({"request": {"method": "GET", "urlPath": "/users.json"},
           "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": sys.argv[2]}}, open(sys.argv[1], "w"))
PY

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
stub_port=$(free_port)
nginx_port=$(free_port)

cat > "$work/nginx.conf" <<CONF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    types { application/json json; }
    server { listen 127.0.0.1:$nginx_port; root $work/www; }
}
CONF
"$NGINX" -c "$work/nginx.conf" -p "$work"

"$BIN/carto" stub --root "$work/stub" --port "$stub_port" --quiet --no-watch 2>"$work/logs/stub.log" &
stub_pid=$!
for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$stub_port/users.json" >/dev/null 2>&1 && curl -fs "http://127.0.0.1:$nginx_port/users.json" >/dev/null 2>&1 && break
    sleep 0.1
done
[ "$(curl -fs "http://127.0.0.1:$stub_port/users.json")" = "$body" ] || { echo "carto stub does not serve the body" >&2; cat "$work/logs/stub.log" >&2; exit 1; }
[ "$(curl -fs "http://127.0.0.1:$nginx_port/users.json")" = "$body" ] || { echo "nginx does not serve the body" >&2; exit 1; }

# wrk output -> "requests_per_second p99_ms"
measure() {
    wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$1" | python3 -c '
import re, sys
text = sys.stdin.read()
rps = float(re.search(r"Requests/sec:\s+([0-9.]+)", text).group(1))
m = re.search(r"^\s*99%\s+([0-9.]+)(us|ms|s)\s*$", text, re.M)
scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)]
errors = re.search(r"Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)", text)
print(rps, float(m.group(1)) * scale, "errors:" + (errors.group(0).replace(" ", "_") if errors else "none"))'
}

echo "==> wrk -t2 -c$CONNECTIONS -d$DURATION, $ROUNDS rounds, alternating (small JSON body, ${#body} bytes)"
stub_rps=(); nginx_rps=(); stub_p99=(); nginx_p99=()
for r in $(seq 1 "$ROUNDS"); do
    order="stub nginx"; [ $((r % 2)) -eq 0 ] && order="nginx stub"
    for who in $order; do
        if [ "$who" = stub ]; then port=$stub_port; else port=$nginx_port; fi
        read -r rps p99 errs < <(measure "http://127.0.0.1:$port/users.json")
        printf '  round %d  %-5s %10.0f req/s   p99 %7.2f ms   %s\n' "$r" "$who" "$rps" "$p99" "$errs"
        if [ "$who" = stub ]; then stub_rps+=("$rps"); stub_p99+=("$p99"); else nginx_rps+=("$rps"); nginx_p99+=("$p99"); fi
    done
done

echo "==> event delivery ($EVENTS events)"
events_line=$("$BIN/carto-bench" events --url "http://127.0.0.1:$stub_port" --count "$EVENTS")
echo "  $events_line"

python3 - "${stub_rps[*]}" "${nginx_rps[*]}" "${stub_p99[*]}" "${nginx_p99[*]}" "$events_line" <<'PY'
import re, statistics, sys
s_rps, n_rps, s_p99, n_p99 = ([float(x) for x in a.split()] for a in sys.argv[1:5])
ev = float(re.search(r"p50 ([0-9.]+) ms", sys.argv[5]).group(1))
ratio = statistics.median(s_rps) / statistics.median(n_rps)
p99 = max(s_p99)
print(f"median carto stub {statistics.median(s_rps):.0f} req/s, nginx {statistics.median(n_rps):.0f} req/s: ratio {ratio:.2f} (target >= 0.5)")
print(f"carto stub p99: worst round {p99:.2f} ms, median {statistics.median(s_p99):.2f} ms (target <= 10 ms); nginx median {statistics.median(n_p99):.2f} ms")
print(f"event delivery p50 {ev:.3f} ms (target <= 2 ms)")
sys.exit(0 if ratio >= 0.5 and p99 <= 10 and ev <= 2 else 1)
PY
