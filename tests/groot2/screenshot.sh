#!/usr/bin/env bash
# The README's picture of btview watching examples/monitor.rs: btview's terminal UI runs in a
# tmux pane, `tmux capture-pane -e` captures it with its colours, and rich (a dependency of
# btview) renders the capture as SVG: docs/groot2/btview.svg and its text, btview.txt.
# Needs tmux and the virtual environment of check.sh (run that first).
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${CARGO_TARGET_DIR:-target}
venv="$target/groot2-venv"
port=${PORT:-1737}
cargo build --quiet --example monitor
"$target/debug/examples/monitor" --port "$port" --hz 4 >/dev/null 2>&1 &
monitor=$!
session="btview-shot-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null; kill $monitor' EXIT
sleep 1
tmux new-session -d -s "$session" -x 104 -y 26 "$venv/bin/btview tui --port $port"
sleep "${WAIT:-6}"
mkdir -p docs/groot2
tmux capture-pane -p -e -t "$session" > "$target/btview.ansi"
tmux capture-pane -p -t "$session" > docs/groot2/btview.txt
"$venv/bin/python" - "$target/btview.ansi" docs/groot2/btview.svg <<'PY'
import sys
from rich.console import Console
from rich.text import Text
console = Console(record=True, width=104, force_terminal=True, color_system="truecolor", file=open("/dev/null", "w"))
with open(sys.argv[1], encoding="utf-8") as capture:
    for line in capture.read().rstrip("\n").split("\n"):
        console.print(Text.from_ansi(line), overflow="crop", no_wrap=True)
console.save_svg(sys.argv[2], title="btview watching cargo run --example monitor")
PY
echo "wrote docs/groot2/btview.svg and docs/groot2/btview.txt"
