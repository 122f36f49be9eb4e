#!/usr/bin/env python3
"""The referee's generator and recorder: random BehaviorTree.CPP XML trees, run in real
BehaviorTree.CPP 4.8.2 (PyPI `behaviortreepy`), their traces written as golden files.

Run it through `tests/referee/record.sh`, which makes the virtual environment. Commands:

  referee.py record --seed 1 --count 1000    generate the trees and record every trace:
                                             writes xml/, trees/ (the Rust side) and golden/
  referee.py check --sample 40               re-run a sample of the checked-in trees (every
                                             part, evenly spread) in BehaviorTree.CPP and fail
                                             if a golden trace differs

The golden format (one file per part of 100 trees, read by `harness.rs`):

  tree T0007                       a tree; its XML is xml/T0007.xml
  bb a=1 b=-2                      the root blackboard's entries and initial values
  leaf L3 RRSF                     leaf 3's script: its k-th call answers the k-th letter
                                   (cycling); L = stateful action, C = condition, A = action
  step tick RUNNING | L3+R C1?S | a=2 b=-2
                                   a step (tick = tick_exactly_once, halt = halt_tree), the
                                   root status (`-` for a halt), the leaf calls in order
                                   (+ on_start, ~ on_running, x on_halted, ? check, ! execute,
                                   each with its answer), the entries afterwards
  end
"""

import argparse
import os
import random
import re
import sys
from xml.sax.saxutils import quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))
PER_PART = 100
ENTRIES = ["a", "b", "c"]

# ---------------------------------------------------------------------------------------------
# The trees


class Node:
    def __init__(self, tag, attrs=None, children=None):
        self.tag = tag
        self.attrs = list(attrs or [])
        self.children = list(children or [])

    def size(self):
        return 1 + sum(c.size() for c in self.children)

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def xml(self, indent):
        pad = "  " * indent
        attrs = "".join(" %s=%s" % (k, quoteattr(v)) for k, v in self.attrs)
        if not self.children:
            return "%s<%s%s/>\n" % (pad, self.tag, attrs)
        inner = "".join(c.xml(indent + 1) for c in self.children)
        return "%s<%s%s>\n%s%s</%s>\n" % (pad, self.tag, attrs, inner, pad, self.tag)


CONTROLS = [
    ("Sequence", 10), ("SequenceWithMemory", 6), ("ReactiveSequence", 6), ("Fallback", 10),
    ("ReactiveFallback", 6), ("AsyncSequence", 4), ("AsyncFallback", 4), ("Parallel", 5),
    ("ParallelAll", 4), ("IfThenElse", 4), ("WhileDoElse", 4),
]
DECORATORS = [
    ("Inverter", 4), ("ForceSuccess", 3), ("ForceFailure", 3), ("Repeat", 5),
    ("RetryUntilSuccessful", 5), ("KeepRunningUntilFailure", 2), ("RunOnce", 3),
    ("Precondition", 4),
]
PRE = ["_skipIf", "_successIf", "_failureIf", "_while"]
POST = ["_onSuccess", "_onFailure", "_onHalted", "_post"]


def weighted(rng, table):
    total = sum(w for _, w in table)
    x = rng.randrange(total)
    for name, w in table:
        if x < w:
            return name
        x -= w
    raise AssertionError


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.entries = sorted(rng.sample(ENTRIES, rng.choice([1, 2, 2, 3])))
        self.leaves = []  # (kind letter, script)
        self.used = set()

    def entry(self):
        e = self.rng.choice(self.entries)
        self.used.add(e)
        return e

    def operand(self):
        if self.rng.random() < 0.6:
            return str(self.rng.randint(-1, 4))
        return self.entry()

    def cond(self):
        op = self.rng.choice(["==", "!=", "<", "<=", ">", ">="])
        one = "%s %s %s" % (self.entry(), op, self.operand())
        r = self.rng.random()
        if r < 0.15:
            return "%s && %s" % (one, self.cond_simple())
        if r < 0.25:
            return "%s || %s" % (one, self.cond_simple())
        return one

    def cond_simple(self):
        op = self.rng.choice(["==", "!=", "<", ">"])
        return "%s %s %s" % (self.entry(), op, self.operand())

    def assign(self):
        target = self.entry()
        r = self.rng.random()
        if r < 0.3:
            return "%s += %d" % (target, self.rng.randint(1, 2))
        if r < 0.45:
            return "%s -= 1" % target
        if r < 0.75:
            return "%s = %s" % (target, self.operand())
        return "%s := %s + %d" % (target, self.entry(), self.rng.randint(-1, 2))

    def script(self):
        if self.rng.random() < 0.25:
            return "%s; %s" % (self.assign(), self.assign())
        return self.assign()

    def leaf(self):
        rng = self.rng
        r = rng.random()
        if r < 0.50:
            return self.scripted("L")
        if r < 0.62:
            return self.scripted("C")
        if r < 0.70:
            return self.scripted("A")
        if r < 0.75:
            return Node(rng.choice(["AlwaysSuccess", "AlwaysFailure"]))
        if r < 0.85:
            return Node("Script", [("code", self.script())])
        if r < 0.93:
            return Node("ScriptCondition", [("code", self.cond())])
        return Node("SetBlackboard", [("output_key", self.entry()),
                                      ("value", rng.choice([str(rng.randint(-1, 4)),
                                                            "{%s}" % self.entry()]))])

    def scripted(self, kind):
        rng = self.rng
        n = rng.randint(3, 7)
        if kind == "L":
            letters = "".join(weighted(rng, [("R", 45), ("S", 35), ("F", 20)]) for _ in range(n))
        else:
            letters = "".join(rng.choice("SF") for _ in range(n))
        ident = len(self.leaves)
        self.leaves.append((kind, letters))
        return Node("%s%d" % (kind, ident))

    def node(self, budget, depth):
        """A subtree of at most `budget` nodes (at least 1)."""
        rng = self.rng
        if budget <= 1 or depth >= 5 or rng.random() < 0.2:
            return self.leaf()
        if budget >= 3 and rng.random() < 0.62:
            return self.control(budget, depth)
        return self.decorator(budget, depth)

    def children(self, budget, depth, count):
        budget -= 1
        shares = [1] * count
        for _ in range(max(0, budget - count)):
            shares[rng_index(self.rng, count)] += 1
        return [self.node(s, depth + 1) for s in shares]

    def control(self, budget, depth):
        rng = self.rng
        tag = weighted(rng, CONTROLS)
        if tag in ("IfThenElse", "WhileDoElse"):
            count = rng.choice([2, 3])
            cond = self.scripted("C") if rng.random() < 0.6 else Node(
                "ScriptCondition", [("code", self.cond())])
            rest = self.children(budget - 1, depth, count - 1) if budget > count else [
                self.leaf() for _ in range(count - 1)]
            return Node(tag, [], [cond] + rest)
        count = rng.randint(2, min(4, budget - 1))
        kids = self.children(budget, depth, count)
        attrs = []
        if tag == "Parallel":
            n = len(kids)
            if rng.random() < 0.7:
                attrs.append(("success_count", str(rng.choice(list(range(1, n + 1)) + [-1]))))
            if rng.random() < 0.7:
                attrs.append(("failure_count", str(rng.choice(list(range(1, n + 1)) + [-1]))))
        if tag == "ParallelAll" and rng.random() < 0.7:
            attrs.append(("max_failures", str(rng.randint(1, len(kids)))))
        if tag.startswith("Reactive"):
            # BehaviorTree.CPP rejects a reactive node with two AsyncSequence children.
            seen = False
            for k in kids:
                if k.tag == "AsyncSequence":
                    if seen:
                        k.tag = "Sequence"
                    seen = True
        return Node(tag, attrs, kids)

    def decorator(self, budget, depth):
        rng = self.rng
        tag = weighted(rng, DECORATORS)
        attrs = []
        if tag == "Repeat":
            attrs.append(("num_cycles", str(rng.choice([0, 1, 2, 2, 3, 3, -1]))))
        elif tag == "RetryUntilSuccessful":
            attrs.append(("num_attempts", str(rng.choice([0, 1, 2, 2, 3, 3, -1]))))
        elif tag == "RunOnce":
            if rng.random() < 0.7:
                attrs.append(("then_skip", rng.choice(["true", "false"])))
        elif tag == "Precondition":
            attrs.append(("if", self.cond()))
            if rng.random() < 0.7:
                attrs.append(("else", rng.choice(["SUCCESS", "FAILURE", "RUNNING", "SKIPPED"])))
        return Node(tag, attrs, [self.node(budget - 1, depth + 1)])

    def decorate(self, root):
        """Pre- and post-conditions on about 15 % of the nodes (not on the condition of an
        IfThenElse/WhileDoElse: BehaviorTree.CPP throws when that one is skipped)."""
        rng = self.rng
        conditions = set()
        for n in root.walk():
            if n.tag in ("IfThenElse", "WhileDoElse"):
                conditions.add(id(n.children[0]))
        for n in root.walk():
            if id(n) in conditions or n.tag == "SubTree" or rng.random() >= 0.15:
                continue
            for _ in range(rng.choice([1, 1, 1, 2])):
                if rng.random() < 0.5:
                    attr = rng.choice(PRE)
                    value = self.cond()
                else:
                    attr = rng.choice(POST)
                    value = self.script()
                if attr not in (k for k, _ in n.attrs):
                    n.attrs.append((attr, value))


def rng_index(rng, n):
    return rng.randrange(n)


def uses(node, subtrees=()):
    """The entries a node and its descendants name in scripts and SetBlackboard, and those of
    the subtrees it runs (`subtrees`: (ID, root) pairs)."""
    found = set()
    for n in node.walk():
        if n.tag == "SubTree":
            for name, inner in subtrees:
                if name == dict(n.attrs)["ID"]:
                    found |= uses(inner, subtrees)
        for k, v in n.attrs:
            if k in ("num_cycles", "num_attempts", "then_skip", "else", "success_count",
                     "failure_count", "max_failures", "ID"):
                continue
            found.update(re.findall(r"\b([abc])\b", v))
    return found


def generate(index, seed):
    rng = random.Random("%d-%d" % (seed, index))
    while True:
        gen = Gen(rng)
        size = rng.randint(5, 20)
        root = gen.control(size, 0) if size >= 3 else gen.node(size, 0)
        if len(gen.leaves) == 0 or root.size() < 4:
            continue
        gen.decorate(root)
        break
    subtrees = []
    # One or two inner nodes become subtrees in 20 % of the trees.
    if rng.random() < 0.2:
        candidates = [n for n in root.walk() if n is not root and n.children]
        rng.shuffle(candidates)
        for n in candidates[:rng.choice([1, 1, 2])]:
            if any(n is s for _, s in subtrees) or any(
                    any(m is n for m in s.walk()) for _, s in subtrees):
                continue
            name = "Sub%d" % len(subtrees)
            inner = Node(n.tag, n.attrs, n.children)
            used = sorted(uses(inner, subtrees))
            if rng.random() < 0.5:
                attrs = [("ID", name), ("_autoremap", "true")]
            else:
                attrs = [("ID", name)] + [(e, "{%s}" % e) for e in used]
            n.tag, n.attrs, n.children = "SubTree", attrs, []
            subtrees.append((name, inner))
    xml = '<?xml version="1.0" encoding="UTF-8"?>\n'
    xml += '<root BTCPP_format="4" main_tree_to_execute="MainTree">\n'
    xml += '  <BehaviorTree ID="MainTree">\n%s  </BehaviorTree>\n' % root.xml(2)
    for name, inner in subtrees:
        xml += '  <BehaviorTree ID="%s">\n%s  </BehaviorTree>\n' % (name, inner.xml(2))
    xml += "</root>\n"
    used = uses(root, subtrees)
    entries = [(e, rng.randint(-1, 4)) for e in ENTRIES if e in used]
    steps = []
    for _ in range(rng.randint(12, 24)):
        steps.append("halt" if rng.random() < 0.08 else "tick")
    return {
        "name": "T%04d" % index,
        "xml": xml,
        "entries": entries,
        "leaves": gen.leaves,
        "steps": steps,
    }


# ---------------------------------------------------------------------------------------------
# BehaviorTree.CPP


def run_btcpp(case, xml_text):
    import behaviortreepy as bt

    status_letter = {bt.NodeStatus.SUCCESS: "S", bt.NodeStatus.FAILURE: "F",
                     bt.NodeStatus.RUNNING: "R", bt.NodeStatus.SKIPPED: "K"}
    letter_status = {"S": bt.NodeStatus.SUCCESS, "F": bt.NodeStatus.FAILURE,
                     "R": bt.NodeStatus.RUNNING}
    factory = bt.BehaviorTreeFactory()
    log = []
    calls = {}

    def answer(ident):
        kind, script = case["leaves"][ident]
        k = calls.get(ident, 0)
        calls[ident] = k + 1
        return letter_status[script[k % len(script)]]

    def register(ident, kind):
        name = "%s%d" % (kind, ident)
        if kind == "L":
            def on_start(_node):
                s = answer(ident)
                log.append("%s+%s" % (name, status_letter[s]))
                return s

            def on_running(_node):
                s = answer(ident)
                log.append("%s~%s" % (name, status_letter[s]))
                return s

            def on_halted(_node):
                log.append("%sx" % name)
            factory.register_simple_stateful_action(name, on_start, on_running, on_halted)
        elif kind == "C":
            def check(_node):
                s = answer(ident)
                log.append("%s?%s" % (name, status_letter[s]))
                return s
            factory.register_simple_condition(name, check)
        else:
            def execute(_node):
                s = answer(ident)
                log.append("%s!%s" % (name, status_letter[s]))
                return s
            factory.register_simple_action(name, execute)

    for ident, (kind, _) in enumerate(case["leaves"]):
        register(ident, kind)
    tree = factory.create_tree_from_text(xml_text)
    board = tree.root_blackboard()
    for e, v in case["entries"]:
        board.set_int(e, v)

    def entries():
        return " ".join("%s=%d" % (e, board.get_int(e)) for e, _ in case["entries"])

    lines = []
    for step in case["steps"]:
        log.clear()
        if step == "tick":
            status = bt.NodeStatus(tree.tick_exactly_once())
            result = {bt.NodeStatus.SUCCESS: "SUCCESS", bt.NodeStatus.FAILURE: "FAILURE",
                      bt.NodeStatus.RUNNING: "RUNNING", bt.NodeStatus.SKIPPED: "SKIPPED"}[status]
        else:
            tree.halt_tree()
            result = "-"
        lines.append("step %s %s | %s | %s" % (step, result, " ".join(log), entries()))
    return lines


def golden_block(case, xml_text):
    out = ["tree %s" % case["name"]]
    out.append("bb " + " ".join("%s=%d" % ev for ev in case["entries"]))
    for ident, (kind, script) in enumerate(case["leaves"]):
        out.append("leaf %s%d %s" % (kind, ident, script))
    out.extend(run_btcpp(case, xml_text))
    out.append("end")
    return out


# ---------------------------------------------------------------------------------------------
# The Rust side


def rust_tree(case):
    name = case["name"]
    mapping = []
    for ident, (kind, _) in enumerate(case["leaves"]):
        rust = {"L": "StatefulAction(Leaf<%d>)", "C": "Condition(Cond<%d>)",
                "A": "Action(Act<%d>)"}[kind] % ident
        mapping.append("%s%d = %s" % (kind, ident, rust))
    board = ", ".join("%s: i64 = %d" % ev for ev in case["entries"])
    entries = " ".join(e for e, _ in case["entries"])
    return """pub mod %(lower)s {
    #[allow(unused_imports)]
    use crate::leaves::{Act, Cond, Ctx, Leaf};

    bt::behavior_tree! {
        pub tree %(name)s for Ctx {
            xml = "xml/%(name)s.xml",
            nodes { %(mapping)s }
            blackboard { %(board)s }
        }
    }

    entries!(%(name)s, %(board_ty)s { %(entries)s });
}
""" % {"lower": name.lower(), "name": name, "mapping": ", ".join(mapping), "board": board,
       "board_ty": ("%sBlackboard" % name) if entries else "()", "entries": entries}


HEADER = "@generated by `tests/referee/record.sh --seed %d --count %d`. Do not edit: see CONTRIBUTING.md."


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def xml_file_text(case, header):
    # A comment may not contain "--": the XML files name the command without it.
    comment = header.replace("--seed ", "seed=").replace("--count ", "count=")
    return "<!-- " + comment + " -->\n" + case["xml"].split("\n", 1)[1]


def record(seed, count):
    cases = [generate(i, seed) for i in range(count)]
    header = HEADER % (seed, count)
    for stale in ("xml", "golden", "trees"):
        d = os.path.join(HERE, stale)
        if os.path.isdir(d):
            for f in os.listdir(d):
                os.remove(os.path.join(d, f))
    parts = (count + PER_PART - 1) // PER_PART
    mod_rs = ["// " + header, "//! %d random trees in %d parts; each part is one `#[test]`." % (count, parts), ""]
    for p in range(parts):
        mod_rs.append("mod part_%02d;" % p)
    mod_rs.append("")
    mod_rs.append("/// Every part, for the checks of the whole set (`checks.rs`).")
    mod_rs.append("pub const PARTS: &[(&str, &[crate::harness::Case])] = &[")
    for p in range(parts):
        mod_rs.append('    ("part_%02d", part_%02d::CASES),' % (p, p))
    mod_rs.append("];")
    for p in range(parts):
        mod_rs.append("")
        mod_rs.append("#[test]")
        mod_rs.append("fn part_%02d() {" % p)
        mod_rs.append('    crate::harness::run_part("part_%02d", part_%02d::CASES);' % (p, p))
        mod_rs.append("}")
    write(os.path.join(HERE, "trees", "mod.rs"), "\n".join(mod_rs) + "\n")
    for p in range(parts):
        chunk = cases[p * PER_PART:(p + 1) * PER_PART]
        golden = ["# " + header]
        rust = ["// " + header, ""]
        for case in chunk:
            xml_text = xml_file_text(case, header)
            write(os.path.join(HERE, "xml", case["name"] + ".xml"), xml_text)
            golden.extend(golden_block(case, xml_text))
            rust.append(rust_tree(case))
        rust.append("pub const CASES: &[crate::harness::Case] = &[")
        for case in chunk:
            rust.append("    case!(%s::%s)," % (case["name"].lower(), case["name"]))
        rust.append("];")
        write(os.path.join(HERE, "golden", "part_%02d.txt" % p), "\n".join(golden) + "\n")
        write(os.path.join(HERE, "trees", "part_%02d.rs" % p), "\n".join(rust) + "\n")
        print("part %02d: %d trees" % (p, len(chunk)), file=sys.stderr)


# ---------------------------------------------------------------------------------------------
# The check of the checked-in goldens


def read_golden(path):
    cases = []
    case = None
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("tree "):
            case = {"name": line[5:], "entries": [], "leaves": [], "steps": [], "lines": []}
        elif line.startswith("bb"):
            for ev in line[2:].split():
                e, v = ev.split("=")
                case["entries"].append((e, int(v)))
        elif line.startswith("leaf "):
            _, name, script = line.split()
            assert int(name[1:]) == len(case["leaves"])
            case["leaves"].append((name[0], script))
        elif line.startswith("step "):
            case["steps"].append(line.split()[1])
            case["lines"].append(line)
        elif line == "end":
            cases.append(case)
    return cases


def check(sample):
    """Fails if the checked-in files are not what `record` writes: every tree's XML, scripts and
    steps regenerated (quick), and a sample of the traces re-run in BehaviorTree.CPP."""
    gdir = os.path.join(HERE, "golden")
    parts = sorted(f for f in os.listdir(gdir) if f.endswith(".txt"))
    first = open(os.path.join(gdir, parts[0])).readline()
    found = re.search(r"--seed (\d+) --count (\d+)", first)
    seed, count = int(found.group(1)), int(found.group(2))
    header = HEADER % (seed, count)
    problems = []
    golden = {}
    for part in parts:
        for case in read_golden(os.path.join(gdir, part)):
            golden[case["name"]] = (part, case)
    if len(golden) != count:
        problems.append("%d golden traces, the header says %d" % (len(golden), count))
    for i in range(count):
        case = generate(i, seed)
        path = os.path.join(HERE, "xml", case["name"] + ".xml")
        if not os.path.exists(path) or open(path).read() != xml_file_text(case, header):
            problems.append("%s: the XML is not what the generator writes" % case["name"])
        elif case["name"] not in golden:
            problems.append("%s: no golden trace" % case["name"])
        else:
            g = golden[case["name"]][1]
            if (g["entries"], g["leaves"], g["steps"]) != (
                    case["entries"], case["leaves"], case["steps"]):
                problems.append("%s: the golden trace's inputs are not the generator's"
                                % case["name"])
    per_part = max(1, sample // max(1, len(parts)))
    checked = 0
    for part in parts:
        cases = read_golden(os.path.join(gdir, part))
        stride = max(1, len(cases) // per_part)
        for case in cases[::stride][:per_part]:
            xml = open(os.path.join(HERE, "xml", case["name"] + ".xml")).read()
            got = run_btcpp(case, xml)
            checked += 1
            if got != case["lines"]:
                problems.append("%s (%s): the golden trace is not BehaviorTree.CPP's"
                                % (case["name"], part))
                for want, have in zip(case["lines"], got):
                    if want != have:
                        problems.append("  golden:  %s\n  btcpp:   %s" % (want, have))
                        break
    for problem in problems:
        print(problem, file=sys.stderr)
    print("referee check: %d trees regenerated, %d re-run in BehaviorTree.CPP %s: %s"
          % (count, checked, LIBRARY_VERSION(), "stale, run tests/referee/record.sh"
             if problems else "up to date"))
    return 1 if problems else 0


def LIBRARY_VERSION():
    import behaviortreepy as bt
    return "(behaviortreepy %s)" % getattr(bt, "__version__", "?")


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--seed", type=int, default=1)
    rec.add_argument("--count", type=int, default=1000)
    chk = sub.add_parser("check")
    chk.add_argument("--sample", type=int, default=40)
    args = parser.parse_args()
    if args.command == "record":
        record(args.seed, args.count)
        return 0
    return check(args.sample)


if __name__ == "__main__":
    sys.exit(main())
