"""Real BehaviorTree.CPP 4.8.2 (PyPI `behaviortreepy`) loads and ticks the XML test files and the
XML that `to_xml()` exports: run by check.sh, which makes the virtual environment.

For each file: every leaf ID of the file (its `<TreeNodesModel>`, and the IDs below) is registered
as a Python node that answers SUCCESS; the tree is ticked until it completes; its status and
blackboard must be what the Rust tests of the same file assert (tests/exports/btcpp_files.rs,
tests/exports/xml.rs). Two things the Python bindings cannot do are done on the text instead,
and said so here:

* a Python node has no ports (`register_simple_action` takes none, and BehaviorTree.CPP rejects
  an attribute that is no port of the registered node, `<TreeNodesModel>` or not), so the
  attributes of the leaves, but `name` and the `_` ones, are removed before loading;
* the bindings have no `registerScriptingEnum`, so each scripting enum's name is replaced by the
  number BehaviorTree.CPP would give it.

Queues of the Loop nodes are given as text (`"1;2;3"`), which BehaviorTree.CPP converts, where
the Rust tests declare `bt::Deque`s holding the same items.
"""

import pathlib
import re
import sys

import behaviortreepy as bt

ROOT = pathlib.Path(__file__).resolve().parents[3]

SUCCESS = bt.NodeStatus.SUCCESS
RUNNING = bt.NodeStatus.RUNNING

# The leaves of the test files that declare no <TreeNodesModel> (or declare it in an included
# file).
LEAVES = {
    "CheckBattery": "Condition",
    "OpenGripper": "Action",
    "ApproachObject": "Action",
    "CloseGripper": "Action",
    "SaySomething": "Action",
}

# name of the tree (and of its export, tests/xml/exported/NAME.xml): (XML test file, presets,
# enums, expected status, expected blackboard)
CASES = {
    "Grasp": ("tests/xml/btcpp/single_tree.xml", {}, {}, SUCCESS, {}),
    "Patrol": ("tests/xml/btcpp/include_main.xml", {}, {}, SUCCESS, {"laps": 2, "charges": 1}),
    "Sorter": (
        "tests/xml/btcpp/switch_loop.xml",
        {"counts": "1;2;3", "weights": "0.5;0.25", "flags": "true;true", "names": "a;b"},
        {},
        SUCCESS,
        {"hits": 307, "tally": 2, "mass": 0.75, "name": "b"},
    ),
    "Scripting": (
        "tests/xml/btcpp/scripting.xml",
        {},
        {"RED": 1, "BLUE": 2, "GREEN": 3, "THE_ANSWER": 42},
        SUCCESS,
        {"A": 42, "B": 3.14, "said": 11},
    ),
    "Counts": ("tests/xml/btcpp/counts_from_entries.xml", {}, {}, SUCCESS, {"done": 2, "tries": 3}),
    "Recoveries": ("tests/xml/btcpp/nav_recoveries.xml", {}, {}, SUCCESS, {}),
    "Gate": ("tests/xml/gate.xml", {"crossings": 0}, {}, SUCCESS, {"crossings": 1}),
    "Courier": (
        "tests/xml/courier.xml",
        {"delivered": True, "trips": 0, "quiet": False, "halts": 0},
        {},
        SUCCESS,
        {"trips": 1},
    ),
}

# Exports of DSL trees (tests/xml/exported/NAME.xml, no XML source): (presets, expected status,
# expected blackboard). `OrCases`: `Switch` cases of several values (`1 | 2`, `6..9`), one case
# per value.
DSL_EXPORTS = {
    "OrCases": ({}, SUCCESS, {"hits": 111}),
}

# The example trees' exports (docs/trees/NAME.xml), with the entries their scripts read; `None`:
# loaded, not ticked (`robot_ports`: its subtree's script counts `legs`, an entry of the
# subtree's own blackboard that only the Rust tree's initial value creates; BehaviorTree.CPP has
# no such entry, and the bindings cannot give a subtree's blackboard one). Left out:
# `resting_npc`, whose leaf type `Sleep` has the ID of BehaviorTree.CPP's built-in `Sleep`;
# `cave_monster` and `village_npc`, written with behavior3's and NodeCanvas's nodes, which
# BehaviorTree.CPP does not have.
EXAMPLES = {
    "approach_enemy": {},
    "patrol_robot": {},
    "robot_ports": None,
    "security_robot": {},
    "sniper": {},
    "xml_patrol": {"laps": 0, "charges": 0},
}


def leaf_ids(text):
    """The Action and Condition IDs of the file's <TreeNodesModel>."""
    model = re.search(r"<TreeNodesModel>(.*?)</TreeNodesModel>", text, re.S)
    if not model:
        return {}
    return {
        ident: kind
        for kind, ident in re.findall(r'<(Action|Condition)\s+ID="([^"]+)"', model.group(1))
    }


def prepare(text, leaves, enums):
    """The text as the bindings can load it: leaves without ports, enums as numbers."""
    body, model = text, ""
    at = text.find("<TreeNodesModel")
    if at >= 0:
        body, model = text[:at], text[at:]

    def strip(match):
        attrs = re.findall(r'\s([\w:]+)="([^"]*)"', match.group(2) or "")
        kept = "".join(f' {k}="{v}"' for k, v in attrs if k == "name" or k.startswith("_"))
        return f"<{match.group(1)}{kept}{match.group(3)}>"

    for ident in leaves:
        body = re.sub(r"<(%s)(\s[^>]*?)?(/?)>" % re.escape(ident), strip, body)
    for name, value in enums.items():
        body = re.sub(r"\b%s\b" % re.escape(name), str(value), body)
    return body + model


def run(path, presets, enums, tick=True):
    text = path.read_text()
    leaves = leaf_ids(text)
    for ident, kind in LEAVES.items():
        leaves.setdefault(ident, kind)
    factory = bt.BehaviorTreeFactory()
    for ident, kind in leaves.items():
        if kind == "Condition":
            factory.register_simple_condition(ident, lambda node: SUCCESS)
        else:
            factory.register_simple_action(ident, lambda node: SUCCESS)
    prepared = prepare(text, leaves, enums)
    if prepared == text:
        tree = factory.create_tree_from_file(str(path))
    else:
        tree = factory.create_tree_from_text(prepared)
    board = tree.root_blackboard()
    if not tick:
        return None, board
    for key, value in presets.items():
        if isinstance(value, bool):
            board.set_bool(key, value)
        elif isinstance(value, int):
            board.set_int(key, value)
        elif isinstance(value, float):
            board.set_double(key, value)
        else:
            board.set_string(key, value)
    status = RUNNING
    for _ in range(500):
        status = tree.tick_once()
        if status != RUNNING:
            break
        tree.sleep(5)
    return status, board


def value(board, key, expected):
    if isinstance(expected, bool):
        return board.get_bool(key)
    if isinstance(expected, int):
        return board.get_int(key)
    if isinstance(expected, float):
        return board.get_double(key)
    return board.get_string(key)


def main():
    failures, checked = [], len(CASES) * 2 + len(DSL_EXPORTS) + len(EXAMPLES)
    cases = [
        (path, presets, enums, status, expected)
        for name, (source, presets, enums, status, expected) in CASES.items()
        for path in (ROOT / source, ROOT / "tests/xml/exported" / f"{name}.xml")
    ] + [
        (ROOT / "tests/xml/exported" / f"{name}.xml", presets, {}, status, expected)
        for name, (presets, status, expected) in DSL_EXPORTS.items()
    ]
    for path, presets, enums, status, expected in cases:
        label = path.relative_to(ROOT)
        try:
            got, board = run(path, presets, enums)
            seen = {key: value(board, key, want) for key, want in expected.items()}
        except Exception as error:  # a load or tick error of BehaviorTree.CPP
            failures.append(f"{label}: {error}")
            continue
        if got != status or seen != expected:
            failures.append(f"{label}: {got} {seen}, expected {status} {expected}")
        else:
            print(f"ok   {label}: {got} {seen}")
    for name, presets in EXAMPLES.items():
        path = ROOT / "docs/trees" / f"{name}.xml"
        label = path.relative_to(ROOT)
        try:
            got, _ = run(path, presets or {}, {}, tick=presets is not None)
        except Exception as error:
            failures.append(f"{label}: {error}")
            continue
        if got == RUNNING:
            failures.append(f"{label}: still RUNNING after 500 ticks")
        else:
            print(f"ok   {label}: {got or 'loaded'}")
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
