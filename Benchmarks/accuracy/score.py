#!/usr/bin/env python3
"""Scores carto's categorisation against hand labels.

  python3 Benchmarks/accuracy/score.py --carto .build/release/carto \
      --app trust=PATH/trust-wallet-ios --app masto=PATH/mastodon-ios labels-tuning.json
  python3 Benchmarks/accuracy/score.py --carto ... --app pc=PATH/pocket-casts-ios --app ex=PATH/element-x-ios labels-heldout.json

Labels were written by reading each component's declaration, before looking at carto's answer, as a careful
reader would: inheritance first, then what the component does (see Benchmarks/README.md).
"""
import argparse, json, subprocess, sys, tempfile, os

p = argparse.ArgumentParser()
p.add_argument('--carto', required=True)
p.add_argument('--app', action='append', default=[], help='NAME=PATH of a checkout')
p.add_argument('--preset', default=None)
p.add_argument('labels', nargs='+')
a = p.parse_args()

apps = dict(x.split('=', 1) for x in a.app)
reports = {}
for name, path in apps.items():
    out = tempfile.mktemp(suffix='.json')
    cmd = [a.carto, 'arch', path, '--format', 'json', '--output', out, '--quiet'] + (['--preset', a.preset] if a.preset else [])
    subprocess.run(cmd, check=False)
    reports[name] = {c['qualifiedName']: c for c in json.load(open(out))['components']}
    os.unlink(out)

total = correct = 0
confusion = {}
for f in a.labels:
    for x in json.load(open(f)):
        if x['app'] not in reports:
            continue
        c = reports[x['app']].get(x['qualifiedName'])
        got = c['layer'] if c else 'missing'
        total += 1
        correct += got == x['label']
        confusion[(x['label'], got)] = confusion.get((x['label'], got), 0) + 1
        if got != x['label']:
            print(f"miss {x['app']} {x['qualifiedName']}: label {x['label']}, carto {got} ({c['heuristic'] if c else '-'})")
if total == 0:
    sys.exit('no labelled components matched the given apps')
print(f"accuracy: {correct}/{total} = {100 * correct / total:.1f}%")
for layer in ['model', 'view', 'controller']:
    tp = confusion.get((layer, layer), 0)
    fp = sum(v for (l, g), v in confusion.items() if g == layer and l != layer)
    fn = sum(v for (l, g), v in confusion.items() if l == layer and g != layer)
    prec = 100 * tp / (tp + fp) if tp + fp else 0
    rec = 100 * tp / (tp + fn) if tp + fn else 0
    print(f"  {layer:10s} precision {prec:5.1f}%  recall {rec:5.1f}%")
