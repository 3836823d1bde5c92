#!/usr/bin/env python3
"""Draw a random sample of the violations `carto arch` reports on an app, for judging by hand.

usage: sample_violations.py --carto BIN APP_PATH [--n 50] [--seed 13]
Prints one line per sampled violation: rule, from[role] -> to[role], and the source line. Exits with carto's
status when it is not 0 or 1 (1 = violations found)."""
import argparse, json, random, subprocess, sys

p = argparse.ArgumentParser()
p.add_argument("--carto", required=True)
p.add_argument("app")
p.add_argument("--n", type=int, default=50)
p.add_argument("--seed", type=int, default=13)
a = p.parse_args()
run = subprocess.run([a.carto, "arch", a.app, "--format", "json"], capture_output=True, text=True)
if run.returncode not in (0, 1):
    sys.stderr.write(run.stderr)
    sys.exit(run.returncode)
report = json.loads(run.stdout)
components = {c["id"]: c for c in report["components"]}
violations = report["violations"]
random.seed(a.seed)
sample = violations if len(violations) <= a.n else random.sample(violations, a.n)
print(f"{len(violations)} violations, sample of {len(sample)} (seed {a.seed})")
for k, v in enumerate(sample, 1):
    with open(f"{a.app}/{v['file']}", encoding="utf-8", errors="replace") as f:
        line = f.read().split("\n")[v["line"] - 1].strip()[:100]
    src, dst = components[v["from"]], components[v["to"]]
    print(f"{k:2} {v['rule']} {src['name']}[{src['role']}] -> {dst['name']}[{dst['role']}] {v['file']}:{v['line']} | {line}")
