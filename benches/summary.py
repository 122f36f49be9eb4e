#!/usr/bin/env python3
"""Prints the criterion results of the bt benchmarks as the Markdown tables of BENCHMARKS.md.

Usage: python3 benches/summary.py [CRITERION_DIR] [GROUP...]

Reads CRITERION_DIR/<group>/<implementation>/<parameter>/new/{benchmark,estimates}.json, written
by `cargo bench -p bt-benches` (default CRITERION_DIR: the workspace's target/criterion, found
from this script's place; python3 standard library only). With GROUP names, only those groups.
For each group: the median time per tick (per frame for the agents groups, whose parameter is the
number of agents) with its 95% confidence interval, and each implementation's time relative to
the generated tree. Then the headline ratios.
"""

import json
import os
import sys

ORDER = ["generated", "hand-written", "box-dyn", "bonsai-bt", "behavior-tree-lite"]
GROUPS = [
    "sniper_running",
    "sniper_restart",
    "sniper_reactive_running",
    "reactive_1000",
    "memory_resume",
    "ports",
    "agents_serial",
    "agents_rayon",
    "deep_resume",
    "blackboard",
]
# Groups whose figures are per frame of many ticks (their parameter is the number of agents).
PER_FRAME = {"agents_serial", "agents_rayon"}


def fmt(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.2f} ns"


def load(root):
    results = {}  # (group, implementation, parameter) -> (median, low, high)
    for dirpath, _, files in os.walk(root):
        if os.path.basename(dirpath) != "new" or "benchmark.json" not in files:
            continue
        with open(os.path.join(dirpath, "benchmark.json")) as f:
            bench = json.load(f)
        with open(os.path.join(dirpath, "estimates.json")) as f:
            median = json.load(f)["median"]
        ci = median["confidence_interval"]
        key = (bench["group_id"], bench["function_id"], bench["value_str"])
        results[key] = (median["point_estimate"], ci["lower_bound"], ci["upper_bound"])
    return results


def main():
    args = sys.argv[1:]
    default = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "criterion")
    root = args.pop(0) if args and os.path.isdir(args[0]) else os.path.normpath(default)
    results = load(root)
    if not results:
        sys.exit(f"no criterion results under {root}: run `cargo bench -p bt-benches` first")
    groups = [g for g in GROUPS if any(k[0] == g for k in results)]
    groups += sorted({k[0] for k in results} - set(groups))
    if args:
        unknown = [g for g in args if g not in groups]
        if unknown:
            sys.exit(f"no results for group(s) {unknown} under {root}; groups: {groups}")
        groups = [g for g in groups if g in args]

    def params_of(group):
        return sorted({k[2] for k in results if k[0] == group}, key=lambda p: (len(p), p))

    print("#### Median time per tick (agents: per frame, the parameter being the number of agents)\n")
    print("| group (parameter) | " + " | ".join(ORDER) + " |")
    print("|---|" + "---:|" * len(ORDER))
    for group in groups:
        for param in params_of(group):
            cells = [results.get((group, name, param)) for name in ORDER]
            cells = [fmt(c[0]) if c else "–" for c in cells]
            print(f"| {group} ({param}) | " + " | ".join(cells) + " |")
    print()
    for group in groups:
        for param in params_of(group):
            rows = {k[1]: v for k, v in results.items() if k[0] == group and k[2] == param}
            base = rows.get("generated", (None,))[0]
            unit = f" (per frame of {int(param):,} ticks)" if group in PER_FRAME else ""
            print(f"#### `{group}` ({param}){unit}\n")
            print("| implementation | median | 95% CI | / generated |")
            print("|---|---:|---:|---:|")
            for name in sorted(rows, key=lambda n: (ORDER.index(n) if n in ORDER else 99, n)):
                med, low, high = rows[name]
                ratio = f"{med / base:.2f}×" if base else ""
                print(f"| {name} | {fmt(med)} | {fmt(low)} – {fmt(high)} | {ratio} |")
            print()

    def median(group, name, param):
        return results.get((group, name, param), (None,))[0]

    print("#### Headline ratios (medians)\n")
    print("| group | generated / hand-written | bonsai-bt / generated "
          "| behavior-tree-lite / generated | box-dyn / generated |")
    print("|---|---:|---:|---:|---:|")
    for group in groups:
        for param in params_of(group):
            gen = median(group, "generated", param)
            if not gen:
                continue
            cells = []
            hand = median(group, "hand-written", param)
            cells.append(f"{gen / hand:.2f}" if hand else "–")
            for name in ["bonsai-bt", "behavior-tree-lite", "box-dyn"]:
                other = median(group, name, param)
                cells.append(f"{other / gen:.1f}" if other else "–")
            print(f"| {group} ({param}) | " + " | ".join(cells) + " |")
    small = median("memory_resume", "generated", "10")
    large = median("memory_resume", "generated", "10000")
    if small and large:
        print(f"\nmemory_resume, generated: 10,000 nodes / 10 nodes = {large / small:.2f}")
        for name in ORDER[1:]:
            s, l = median("memory_resume", name, "10"), median("memory_resume", name, "10000")
            if s and l:
                print(f"memory_resume, {name}: 10,000 nodes / 10 nodes = {l / s:.2f}")
    for group in sorted(PER_FRAME & set(groups)):
        params = sorted((p for p in params_of(group) if p.isdigit()), key=int)
        if len(params) < 2:
            continue
        small, large = params[0], params[-1]
        print()
        for name in ORDER:
            s, l = median(group, name, small), median(group, name, large)
            if s and l:
                per_small, per_large = s / int(small), l / int(large)
                print(f"{group}, {name}: {per_small:.2f} ns per agent at {int(small):,}, "
                      f"{per_large:.2f} ns at {int(large):,} ({per_large / per_small:.2f}x)")


if __name__ == "__main__":
    main()
