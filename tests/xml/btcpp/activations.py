"""Real BehaviorTree.CPP 4.8.2 (PyPI `behaviortreepy`) resets a completed child to IDLE before
its built-in parents tick it again: the fact behind the activations of the user's own control
nodes and decorators (`bt::custom`, "Activations"; `docs/decisions.md` decision 17). Run by
check.sh, in the same virtual environment as check.py.

The bindings cannot make a control node or decorator of one's own, but a stateful action shows
its status the same way: BehaviorTree.CPP calls its `onStart` when it is ticked IDLE, `onRunning`
when it is ticked RUNNING, and nothing at all when it is ticked after it completed and nobody
reset it (it answers its old status). So each case puts stateful actions (`P`, `Q`, ..) under a
built-in parent, scripts their answers, ticks the tree once per step (`tick_exactly_once`) and
compares the calls with the ones the rule predicts; `bt::custom` gives a user node `on_start`
exactly where these actions get `onStart`. The one parent that does not reset is WhileDoElse's
condition (the accident decision 17 does not keep): checked too, so that a change in
BehaviorTree.CPP is noticed.

Also checked: an output written by a node is read by a later sibling in the same tick (`Script`
then `ScriptCondition`), what the live ports of `bt::custom` give the children of a user node.
"""

import sys

import behaviortreepy as bt

S, F, R = bt.NodeStatus.SUCCESS, bt.NodeStatus.FAILURE, bt.NodeStatus.RUNNING


def run(body, answers, ticks):
    """Ticks `body` `ticks` times; each action answers from its script (the last answer again
    when the script runs out). Returns each tick's status and calls."""
    log = []
    factory = bt.BehaviorTreeFactory()
    for name, script in answers.items():
        step = {"next": 0}

        def answer(name=name, script=script, step=step):
            value = script[min(step["next"], len(script) - 1)]
            step["next"] += 1
            return value

        def on_start(node, name=name, answer=answer):
            log.append(name + " start")
            return answer()

        def on_running(node, name=name, answer=answer):
            log.append(name + " running")
            return answer()

        def on_halted(node, name=name):
            log.append(name + " halted")

        factory.register_simple_stateful_action(name, on_start, on_running, on_halted)
    tree = factory.create_tree_from_text(
        f'<root BTCPP_format="4"><BehaviorTree ID="T">{body}</BehaviorTree></root>'
    )
    steps = []
    for _ in range(ticks):
        log.clear()
        status = tree.tick_exactly_once()
        steps.append((status.name, list(log)))
    return steps


# (what, tree, scripted answers, expected steps: the status and the calls of each tick)
CASES = [
    (
        "the root is reset when it completes",
        "<P/>",
        {"P": [S]},
        [("SUCCESS", ["P start"]), ("SUCCESS", ["P start"])],
    ),
    (
        "a decorator resets its child when it completes",
        "<Inverter><P/></Inverter>",
        {"P": [S]},
        [("FAILURE", ["P start"]), ("FAILURE", ["P start"])],
    ),
    (
        "a loop resets its child after each completion",
        '<Repeat num_cycles="3"><P/></Repeat>',
        {"P": [S]},
        [("RUNNING", ["P start"]), ("RUNNING", ["P start"]), ("SUCCESS", ["P start"])],
    ),
    (
        "a reactive sequence resets its completed children while a later one runs",
        "<ReactiveSequence><P/><Q/></ReactiveSequence>",
        {"P": [S], "Q": [R]},
        [("RUNNING", ["P start", "Q start"]), ("RUNNING", ["P start", "Q running"])],
    ),
    (
        "a reactive fallback likewise",
        "<ReactiveFallback><P/><Q/></ReactiveFallback>",
        {"P": [F], "Q": [R]},
        [("RUNNING", ["P start", "Q start"]), ("RUNNING", ["P start", "Q running"])],
    ),
    (
        "a sequence does not tick a completed child again; completed, it resets them all",
        "<Sequence><P/><Q/></Sequence>",
        {"P": [S], "Q": [R, S, R]},
        [
            ("RUNNING", ["P start", "Q start"]),
            ("SUCCESS", ["Q running"]),
            ("RUNNING", ["P start", "Q start"]),
        ],
    ),
    (
        "a parallel likewise",
        '<Parallel success_count="2" failure_count="1"><P/><Q/></Parallel>',
        {"P": [S], "Q": [R, S, R]},
        [
            ("RUNNING", ["P start", "Q start"]),
            ("SUCCESS", ["Q running"]),
            ("RUNNING", ["P start", "Q start"]),
        ],
    ),
    (
        "an if-then-else likewise",
        "<IfThenElse><P/><Q/></IfThenElse>",
        {"P": [S], "Q": [R, S, R]},
        [
            ("RUNNING", ["P start", "Q start"]),
            ("SUCCESS", ["Q running"]),
            ("RUNNING", ["P start", "Q start"]),
        ],
    ),
    (
        "a while-do-else keeps its completed condition while a branch runs (not kept by us)",
        "<WhileDoElse><P/><Q/><A/></WhileDoElse>",
        {"P": [S], "Q": [R], "A": [R]},
        [("RUNNING", ["P start", "Q start"]), ("RUNNING", ["Q running"])],
    ),
]


def outputs_reach_a_later_sibling():
    """`Script` writes an entry that a later sibling reads in the same tick."""
    factory = bt.BehaviorTreeFactory()
    tree = factory.create_tree_from_text(
        '<root BTCPP_format="4"><BehaviorTree ID="T"><Sequence>'
        '<Script code="goal := 42"/><ScriptCondition code="goal == 42"/>'
        "</Sequence></BehaviorTree></root>"
    )
    return tree.tick_exactly_once() == S


def main():
    failures = 0
    for what, body, answers, expected in CASES:
        actual = run(body, answers, len(expected))
        if actual == expected:
            print(f"ok: {what}")
        else:
            failures += 1
            print(f"FAILED: {what}\n  expected {expected}\n  actual   {actual}")
    if outputs_reach_a_later_sibling():
        print("ok: an output reaches a later sibling in the same tick")
    else:
        failures += 1
        print("FAILED: an output reaches a later sibling in the same tick")
    if failures:
        print(f"activations.py: {failures} of {len(CASES) + 1} failed")
        sys.exit(1)
    print(f"activations.py: {len(CASES) + 1} cases agree")


if __name__ == "__main__":
    main()
