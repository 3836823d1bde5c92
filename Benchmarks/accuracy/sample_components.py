#!/usr/bin/env python3
"""Draw a random sample of type declarations from a codebase for blind labelling, WITHOUT running carto.

usage: sample_components.py APP_PATH [--n 60] [--seed 23] [--context 14]
Lists top-level (unindented) class/struct/enum/protocol/actor declarations outside test folders, samples n of
them and prints each with the lines that follow it, so a reader can label it model / view / controller by the
convention in Benchmarks/README.md before seeing carto's answer."""
import argparse, os, random, re

p = argparse.ArgumentParser()
p.add_argument("app")
p.add_argument("--n", type=int, default=60)
p.add_argument("--seed", type=int, default=23)
p.add_argument("--context", type=int, default=14)
a = p.parse_args()
decl = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|open|final|package|nonisolated|indirect)\s+)*"
                  r"(class|struct|enum|protocol|actor)\s+([A-Za-z_][A-Za-z0-9_]*)")
found = []
for root, dirs, files in os.walk(a.app):
    dirs[:] = sorted(d for d in dirs if not d.startswith(".") and "Tests" not in d and d not in ("Pods", "Carthage"))
    for f in sorted(files):
        if not f.endswith(".swift") or f == "Package.swift":
            continue
        path = os.path.join(root, f)
        lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
        for i, line in enumerate(lines):
            m = decl.match(line)
            if m and not line.rstrip().endswith(("func", "var")):
                found.append((m.group(2), m.group(1), os.path.relpath(path, a.app), i, lines))
random.seed(a.seed)
sample = sorted(random.sample(found, min(a.n, len(found))), key=lambda x: x[0])
print(f"{len(found)} top-level declarations, sample of {len(sample)} (seed {a.seed})")
for name, kind, path, i, lines in sample:
    print(f"\n=== {name} ({kind}) {path}:{i + 1}")
    print("\n".join(lines[i:i + a.context]))
