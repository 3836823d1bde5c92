#!/usr/bin/env bash
# Puts WireMock's standalone jar (the peer `carto stub` is held against) in .build/wiremock/ and prints its path.
# The PyPI package `wiremock` ships it (wiremock/server/wiremock-standalone-2.35.1.jar); a Java runtime runs it
# (Debian: default-jre-headless). Usage: JAR=$(bash scripts/wiremock-jar.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=2.35.1
WHEEL_VERSION=2.6.1
dir=.build/wiremock
jar="$dir/wiremock-standalone-$VERSION.jar"
if [ ! -s "$jar" ]; then
    mkdir -p "$dir"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    pip=(python3 -m pip)
    "${pip[@]}" --version >/dev/null 2>&1 || pip=(pip3)
    "${pip[@]}" download --quiet --no-deps --dest "$tmp" "wiremock==$WHEEL_VERSION" >&2 \
        || { echo "wiremock-jar: cannot download the PyPI package wiremock==$WHEEL_VERSION (is PyPI reachable? is pip installed?)" >&2; exit 1; }
    python3 - "$tmp"/wiremock-*.whl "$jar" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    name = next(n for n in z.namelist() if n.endswith(".jar") and "wiremock-standalone" in n)
    with z.open(name) as src, open(sys.argv[2] + ".part", "wb") as dst:
        dst.write(src.read())
PY
    mv "$jar.part" "$jar"
fi
echo "$(pwd)/$jar"
