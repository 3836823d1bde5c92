#!/usr/bin/env python3
"""Scores carto crawl models against the models a tester wrote before crawling (models/*.json).

usage: score.py OUT_DIR CARTO_BIN   (run.sh calls it)

A crawled state belongs to the expected screen whose predicates it satisfies: `context` and `title` are regular
expressions on the state's container and title, `has` and `lacks` regular expressions on its properties. State recall:
expected screens with at least one state. State precision: expected screens found / states crawled (a screen split
into two states, or a state that is no screen, costs precision). Transition recall: expected transitions with an edge
between states of those screens whose event matches.
"""
import json, os, re, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
out, carto = sys.argv[1], sys.argv[2]
subjects = json.load(open(os.path.join(here, "subjects.json")))


def load(path):
    try:
        return json.load(open(path))
    except (OSError, ValueError):
        return None


def search(pattern, text):
    """re.search, reading a `(?i)` written inside a pattern (`Close|(?i)cancel`) as Python before 3.11 did: for the
    whole pattern (3.11 refuses it). Model writers meant a case-insensitive match; the model stays as frozen."""
    if "(?i)" in pattern[1:]:
        return re.search(pattern.replace("(?i)", ""), text, re.I)
    return re.search(pattern, text)


def screen_of(state, screens):
    props = state.get("properties") or []
    hits = []
    for s in screens:
        if "context" in s and not search(s["context"], state.get("context", "")): continue
        if "title" in s and not search(s["title"], state.get("title", "")): continue
        if any(not any(search(p, q) for q in props) for p in s.get("has", [])): continue
        if any(any(search(p, q) for q in props) for p in s.get("lacks", [])): continue
        hits.append(s["name"])
    return hits


def score(model, expected):
    screens = expected["screens"]
    mapping, unexpected, ambiguous = {}, [], []
    for st in model["states"]:
        hits = screen_of(st, screens)
        if not hits: unexpected.append(st.get("name") or st["id"])
        if len(hits) > 1: ambiguous.append((st["id"], hits))
        mapping[st["id"]] = hits[0] if hits else None
    found = {v for v in mapping.values() if v}
    names = [s["name"] for s in screens]
    trans_found = []
    for t in expected["transitions"]:
        ok = any(mapping.get(e["from"]) == t["from"] and mapping.get(e["to"]) == t["to"] and search(t["event"], e["event"])
                 for e in model["edges"])
        trans_found.append(ok)
    n = len(model["states"])
    return {
        "states": n, "expected": len(names), "found": len(found),
        "recall": len(found) / len(names), "precision": (len(found) / n) if n else 0.0,
        "transitions": sum(trans_found) / len(trans_found) if trans_found else 1.0,
        "missed": [x for x in names if x not in found],
        "missedTransitions": [f'{t["from"]} → {t["to"]}' for t, ok in zip(expected["transitions"], trans_found) if not ok],
        "unexpected": unexpected, "ambiguous": ambiguous,
        "stop": model["stats"]["stopReason"], "events": model["stats"]["events"], "seconds": model["stats"]["durationSeconds"],
    }


def identities(model):
    return {tuple(sorted(s.get("properties") or [])) for s in model["states"]}


def diff(a, b, ignore, exact=False, full=False):
    args = [carto, "graph", "diff", a, b, "--states-only", "--format", "json"] + sum((["--ignore", k] for k in ignore), [])
    if exact: args.append("--exact")
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode not in (0, 1): return None
    d = json.loads(r.stdout)
    if full: return d
    return len(d["addedStates"]) + len(d["removedStates"]) + len(d.get("changedStates", []))


def pct(x): return f"{100 * x:.0f}%"


rows = {False: [], True: []}
results = {}
corrections = []
for s in subjects:
    name = s["name"]
    expected = load(os.path.join(here, "models", s["model"] + ".json"))
    screen = load(os.path.join(out, name, "screen", "model.json"))
    if screen is None: continue
    r = score(screen, expected)
    # Repeated runs (REPEAT=N): the median of each figure, and the weakest run.
    repeats = [r] + [score(m, expected) for k in range(2, 50)
                     for m in [load(os.path.join(out, name, f"screen-{k}", "model.json"))] if m is not None]
    def med(key): return sorted(x[key] for x in repeats)[len(repeats) // 2]
    def fig(key):
        worst = min(x[key] for x in repeats)
        return pct(med(key)) + (f" (weakest {pct(worst)})" if worst < med(key) else "")
    paper = load(os.path.join(out, name, "paper", "model.json"))
    p = score(paper, expected) if paper else None
    doubled = load(os.path.join(out, name, "doubled", "model.json"))
    fixed = load(os.path.join(out, name, "fixed", "model.json"))
    saturation = "—"
    if doubled is not None:
        added = len(identities(doubled) - identities(screen))
        saturation = ("saturated, " if screen["stats"]["stopReason"] in ("explored", "saturated") else "budget hit, ") + f"+{added} states at 2× events"
    ratio = "—"
    if fixed is not None:
        same = diff(os.path.join(out, name, "screen"), os.path.join(out, name, "fixed"), []) == 0
        ratio = f'{fixed["stats"]["durationSeconds"] / max(screen["stats"]["durationSeconds"], 1e-3):.1f}×' + ("" if same else " (models differ)")
    results[name] = (r, p)
    # A frozen model with a recorded mistake (CORRECTIONS.md) is scored both ways: frozen in the table, corrected below.
    corrected = load(os.path.join(here, "corrections", s["model"] + ".json"))
    if corrected is not None:
        c = score(screen, corrected)
        corrections.append(f'- **{name}**, with the correction of CORRECTIONS.md: recall {pct(c["recall"])}, precision {pct(c["precision"])}, '
                           f'transitions {pct(c["transitions"])} (frozen: {pct(r["recall"])} / {pct(r["precision"])} / {pct(r["transitions"])})')
    rows[bool(s.get("heldOut"))].append(
        f'| {name} | {r["expected"]} | {r["states"]} | {fig("recall")} | {fig("precision")} | {fig("transitions")} | {len(repeats)} | '
        f'{r["stop"]}, {r["events"]} events, {r["seconds"]:.1f} s | {saturation} | {ratio} | '
        + (f'{p["states"]} states, {pct(p["recall"])} / {pct(p["precision"])} / {pct(p["transitions"])}' if p else "—") + " |")

header = ("| subject | screens expected | states | state recall | state precision | transition recall | runs | stop (first run) | saturation | fixed:1000 ÷ idle | "
          "`--abstraction paper`: states, recall / precision / transitions |\n|---|---|---|---|---|---|---|---|---|---|---|")
for held, title in ((False, "Tuning subjects"), (True, "Held-out subjects (not used for tuning)")):
    if rows[held]:
        print(f"\n### {title}\n\n{header}")
        print("\n".join(rows[held]))
if corrections:
    print("\n### Scored with corrected models (CORRECTIONS.md)\n")
    print("\n".join(corrections))

# PLACES=1: the same app from a folder (contexts read without the folder) and embedded in a large page.
places = []
for s in subjects:
    name = s["name"]
    alone = load(os.path.join(out, name, "screen", "model.json"))
    if alone is None or not s.get("places"): continue
    expected = load(os.path.join(here, "models", s["model"] + ".json"))
    cells, same = [], True
    base = score(alone, expected)
    found = lambda m: sorted({x for st in m["states"] for x in screen_of(st, expected["screens"])[:1]})
    for place in ("folder", "embedded"):
        m = load(os.path.join(out, name, place, "model.json"))
        if m is None: cells.append("—"); same = False; continue
        if place == "folder":
            for st in m["states"]:
                st["context"] = st.get("context", "").replace("/apps/demo", "", 1)
        r = score(m, expected)
        cells.append(f'{r["states"]} states, {pct(r["recall"])} / {pct(r["precision"])} / {pct(r["transitions"])}, {r["stop"]} after {r["events"]} events')
        same = same and found(m) == found(alone) and r["states"] == base["states"]
    places.append(f'| {name} | {base["states"]} states, {pct(base["recall"])} / {pct(base["precision"])} / {pct(base["transitions"])} | '
                  + " | ".join(cells) + f' | {"yes" if same else "no"} |')
if places:
    print("\n### Where the app is served and what page holds it (PLACES=1): states, recall / precision / transitions\n")
    print("| subject | alone at / | from /apps/demo/ | embedded in a portal page | same screens and state count |\n|---|---|---|---|---|")
    print("\n".join(places))

print("\n### Misses (default abstraction)\n")
for name, (r, _) in results.items():
    parts = []
    if r["missed"]: parts.append("screens not found: " + "; ".join(r["missed"]))
    if r["unexpected"]: parts.append("states that are no expected screen: " + "; ".join(r["unexpected"]))
    if r["missedTransitions"]: parts.append("transitions not found: " + "; ".join(r["missedTransitions"]))
    if r["ambiguous"]: parts.append(f"states matching several screens (model ambiguity): {r['ambiguous']}")
    if parts: print(f"- **{name}**: " + " · ".join(parts))

groups = {}
for s in subjects:
    if s.get("group") and os.path.exists(os.path.join(out, s["name"], "screen", "model.json")):
        groups.setdefault(s["group"], []).append(s["name"])
for group, names in groups.items():
    print(f"\n### Same app, different frameworks ({group}): `carto graph diff --states-only --ignore title --ignore container` against {names[0]}\n")
    print("| implementation | states (theirs / {0}) | paired | missing | extra | paired but different | … also ignoring external links | controls renamed | `--exact`: states differing |\n|---|---|---|---|---|---|---|---|---|".format(names[0]))
    details = []
    for n in names[1:]:
        a, b = os.path.join(out, names[0], "screen"), os.path.join(out, n, "screen")
        d = diff(a, b, ['title', 'container'], full=True)
        ma, mb = load(os.path.join(a, "model.json")), load(os.path.join(b, "model.json"))
        if d is None:
            print(f"| {n} | — | graph diff failed | | | | | | |"); continue
        dx = diff(a, b, ['title', 'container', 'external'], full=True)
        print(f'| {n} | {len(mb["states"])} / {len(ma["states"])} | {d["pairedStates"]} | {len(d["removedStates"])} | {len(d["addedStates"])} | '
              f'{len(d["changedStates"])} | {len(dx["changedStates"]) + len(dx["addedStates"]) + len(dx["removedStates"])} | {len(d["renamed"])} | '
              f'{diff(a, b, ["title", "container"], exact=True)} |')
        for c in dx["changedStates"]:
            details.append(f'- {n}: {c["from"]["name"]} ↔ {c["to"]["name"]}: ' + ", ".join(["+ " + x for x in c["added"]] + ["− " + x for x in c["removed"]]))
        for st in dx["removedStates"]: details.append(f'- {n}: missing {st["name"]}')
        for st in dx["addedStates"]: details.append(f'- {n}: extra {st["name"]}')
    if details:
        print("\nWhere they differ (external links left out):\n")
        print("\n".join(details))
