#!/usr/bin/env python3
"""Lines of generated code per node, by part, in rustc's expansion of a crate.

    RUSTC_BOOTSTRAP=1 cargo rustc --profile check --lib -- -Zunpretty=expanded > expanded.rs
    python3 benches/expanded_lines.py --nodes 1000 [--module tree] expanded.rs

Counts the non-empty lines of the expansion (rustc's own pretty-printer, so the figures of two
commits compare) inside the module(s) named by `--module` (default `tree`, the scratch module of
benches/build_time.sh; the differential test's is `trees`), and sorts them by the item they
belong to:

- tick: the nodes' tick functions (`__bt_tick_N`, `__bt_resume_N`);
- halt: their halt functions (`__bt_halt_N`, `__bt_halt_after_error`);
- new: the tree's `new`;
- NODES: the `NODES` metadata (and `NODE_COUNT`);
- checks: the items after the tree, `const _: () = ..` (port and children checks) and the
  unused-entry warnings;
- struct: the tree's and the blackboard's structs;
- api: the tree's other methods and its trait impls (`tick_with`, `BehaviorTree`, `Subtree`,
  the blackboard's impls), whose size does not depend on the number of nodes;
- other: the rest (module and impl lines, imports, the crate's own code).

`--nodes` is the number of nodes of the trees in those modules, for the per-node column.
"""

import argparse
import re
import sys

OPEN = "([{"
CLOSE = ")]}"


def depth_changes(line, state):
    """The bracket depth change of `line`, skipping string and char literals and comments.
    `state` carries an open raw or plain string from one line to the next."""
    change = 0
    i = 0
    n = len(line)
    while i < n:
        if state["raw"] is not None:
            end = line.find('"' + "#" * state["raw"], i)
            if end < 0:
                return change
            i = end + 1 + state["raw"]
            state["raw"] = None
            continue
        if state["str"]:
            while i < n:
                if line[i] == "\\":
                    i += 2
                    continue
                if line[i] == '"':
                    state["str"] = False
                    i += 1
                    break
                i += 1
            continue
        c = line[i]
        if c == "/" and line.startswith("//", i):
            return change
        if c == "r" and re.match(r'r#*"', line[i:]) and (i == 0 or not (line[i - 1].isalnum() or line[i - 1] == "_")):
            hashes = len(re.match(r"r(#*)", line[i:]).group(1))
            state["raw"] = hashes
            i += 2 + hashes
            continue
        if c == '"':
            state["str"] = True
            i += 1
            continue
        if c == "'":
            # A char literal ('{', '\n', '\'') or a lifetime ('a).
            m = re.match(r"'(\\.[^']*|[^\\'])'", line[i:])
            if m:
                i += len(m.group(0))
                continue
            i += 1
            continue
        if c in OPEN:
            change += 1
        elif c in CLOSE:
            change -= 1
        i += 1
    return change


ITEM = re.compile(
    r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:(?:const|unsafe|async|extern)\s+)*"
    r"(fn|const|static|struct|enum|union|type|trait|impl|mod|use|macro_rules!)\b\s*([A-Za-z_0-9]*)"
)


def classify(kind, name, header, in_tree_impl):
    if kind == "fn":
        if re.fullmatch(r"__bt_tick_\d+|__bt_resume_\d+", name):
            return "tick"
        if re.fullmatch(r"__bt_halt_\d+|__bt_halt_after_error", name):
            return "halt"
        if name == "new" and in_tree_impl:
            return "new"
        return "api"
    if kind == "const":
        if name in ("NODES", "NODE_COUNT"):
            return "NODES"
        if name == "_" or header.strip().startswith("const _"):
            return "checks"
        return "api"
    if kind == "struct":
        return "struct"
    if kind == "impl":
        return "api"
    if kind in ("use", "mod", "type"):
        return "other"
    return "api"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nodes", type=int, required=True)
    parser.add_argument("--module", default="tree")
    parser.add_argument("--annotate", action="store_true", help="print each counted line with its part")
    parser.add_argument("--items", type=int, default=0, metavar="N",
                        help="also list the N items (by kind and name, digits dropped) with the most lines")
    parser.add_argument("file")
    args = parser.parse_args()
    lines = open(args.file, encoding="utf-8").read().splitlines()

    parts = {}
    chars = 0

    items = {}
    key = ["other"]

    def note(cls, line, count=1):
        parts[cls] = parts.get(cls, 0) + count
        items[key[0]] = items.get(key[0], 0) + count
        if args.annotate:
            print(f"{cls:>7} | {line}")
    state = {"raw": None, "str": False}
    depth = 0
    # The modules counted: (depth inside the module).
    module_depth = None
    # The item being counted: (class, depth it started at); containers: the tree's inherent
    # impls and the counted modules.
    item = None
    container_depths = []
    pending_attrs = 0
    for line in lines:
        start_depth = depth
        in_string = state["raw"] is not None or state["str"]
        change = depth_changes(line, state)
        depth += change
        stripped = line.strip()
        if module_depth is None:
            if not in_string and re.match(r"^\s*(pub(\([^)]*\))?\s+)?mod\s+" + re.escape(args.module) + r"\s*\{", line):
                module_depth = depth
            continue
        if start_depth < module_depth:
            # Left the module (its closing line).
            module_depth = None
            item = None
            container_depths = []
            continue
        if not stripped:
            continue
        chars += len(re.sub(r"\s+", "", line))
        while container_depths and start_depth < container_depths[-1]:
            container_depths.pop()
        if item is None and not in_string:
            if stripped.startswith("#[") or stripped.startswith("#!["):
                pending_attrs += 1
                if depth == start_depth:
                    continue
                # A multi-line attribute: count its lines as attributes too.
                item = ("attr", start_depth)
                continue
            m = ITEM.match(line)
            if m:
                kind, name = m.group(1), m.group(2)
                key[0] = re.sub(r"\d+", "N", stripped[:70])
                is_tree_impl = kind == "impl" and " for " not in line and line.rstrip().endswith("{") and "__bt_" not in line
                if (kind == "impl" and is_tree_impl) or kind == "mod":
                    note("other", line, 1 + pending_attrs)
                    pending_attrs = 0
                    if depth > start_depth:
                        container_depths.append(depth)
                    continue
                in_tree_impl = bool(container_depths) and len(container_depths) >= 1
                cls = classify(kind, name, line, in_tree_impl)
                note(cls, line, 1 + pending_attrs)
                pending_attrs = 0
                if not (depth == start_depth and (stripped.endswith("}") or stripped.endswith(";"))):
                    item = (cls, start_depth)
                continue
            key[0] = "other"
            note("other", line, 1 + pending_attrs)
            pending_attrs = 0
            continue
        if item is None:
            key[0] = "other"
            note("other", line)
            continue
        cls, at = item
        if cls == "attr":
            pending_attrs += 1
            if depth == at:
                item = None
            continue
        note(cls, line)
        if depth == at and not (state["raw"] is not None or state["str"]) and (
            stripped.endswith("}") or stripped.endswith(";") or stripped.endswith("]")
        ):
            item = None
    parts["other"] = parts.get("other", 0) + pending_attrs

    total = sum(parts.values())
    order = ["tick", "halt", "new", "NODES", "checks", "struct", "api", "other"]
    print(f"expanded lines of module `{args.module}` ({args.file}): {total} lines, {args.nodes} nodes, "
          f"{total / args.nodes:.1f} lines per node, {chars / args.nodes:.0f} non-blank characters per node")
    print("| part | lines | lines per node | share |")
    print("|---|---:|---:|---:|")
    for part in order:
        count = parts.get(part, 0)
        print(f"| {part} | {count} | {count / args.nodes:.1f} | {100 * count / max(total, 1):.0f} % |")
    print(f"| total | {total} | {total / args.nodes:.1f} | 100 % |")
    if args.items:
        print()
        print("| item | lines | lines per node |")
        print("|---|---:|---:|")
        for name, count in sorted(items.items(), key=lambda kv: -kv[1])[: args.items]:
            print(f"| `{name}` | {count} | {count / args.nodes:.2f} |")


if __name__ == "__main__":
    sys.exit(main())
