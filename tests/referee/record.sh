#!/usr/bin/env bash
# The referee's one script: makes its own virtual environment with real BehaviorTree.CPP 4.8.2
# (PyPI `behaviortreepy` 0.1.4), then runs tests/referee/referee.py:
#
#   tests/referee/record.sh [--seed 1] [--count 1000]   generate the trees and record their
#                                                        golden traces (rewrites xml/, trees/,
#                                                        golden/)
#   tests/referee/record.sh --check [--sample 40]        re-run a sample of the checked-in trees
#                                                        in BehaviorTree.CPP; fails if a golden
#                                                        trace is stale (.ci/run calls this)
#
# The environment goes to $BT_REFEREE_VENV (default target/referee-venv); it needs python3 (3.8
# to 3.13, with venv) and, the first time, network access to PyPI.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="${BT_REFEREE_VENV:-$root/target/referee-venv}"
if ! "$venv/bin/python" -c 'import behaviortreepy' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'behaviortreepy==0.1.4'
fi
if [ "${1:-}" = "--check" ]; then
    shift
    exec "$venv/bin/python" "$root/tests/referee/referee.py" check "$@"
fi
exec "$venv/bin/python" "$root/tests/referee/referee.py" record "$@"
