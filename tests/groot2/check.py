"""Our Groot2 publisher (examples/monitor.rs) against the real ones.

Run by check.sh, which makes the virtual environment (behaviortreepy = BehaviorTree.CPP 4.8.2
with its Groot2Publisher, btview, pyzmq, msgpack) and builds the example:

    python check.py path/to/monitor

1. Lockstep: the example's tree (its `--xml`, loaded by BehaviorTree.CPP with Python leaves that
   do what the Rust leaves do) is ticked in both, one tick at a time; after each tick every
   request is sent to both publishers and the replies compared: byte for byte where the
   protocol fixes the bytes (reply headers but the tree's UUID, status buffers, blackboards,
   error replies, hook replies), structurally for the tree XML and for recorded transitions
   (the same (uid, status) sequence; the time stamps are each machine's).
2. Breakpoints (`--breakpoints`): a breakpoint pauses our tree, is announced on the PUB socket
   to a pyzmq SUB socket, and an unlock lets the tick finish.
3. btview's Groot2Client against the free-running example: it fetches the tree, sees the
   statuses change from one poll to the next, and reads the blackboard; bad requests (unknown
   type, wrong protocol id, truncated header, missing frame, oversized frame, garbage instead
   of ZeroMQ, idle clients holding connections on both ports, a flood of connections and of
   requests) get error replies, are disconnected or make room, and the tree keeps ticking.

Exits non-zero with a message at the first difference.
"""

import json
import os
import select
import socket
import struct
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

import behaviortreepy as bt
import msgpack
import zmq
from btview.client import Groot2Client

MONITOR = sys.argv[1]
TICKS = 60
# (uid, RUNNING) of NextWaypoint, a sync action.
SIMPLE_ACTION_RUNNING = {(5, 1)}
CONTEXT = zmq.Context()
FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL:", message)
        raise SystemExit(1)


def free_port_pair():
    """A port P with P and P + 1 free on the loopback address."""
    for _ in range(200):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port >= 65535:
            continue
        try:
            with socket.socket() as a, socket.socket() as b:
                a.bind(("127.0.0.1", port))
                b.bind(("127.0.0.1", port + 1))
            return port
        except OSError:
            continue
    raise RuntimeError("no free pair of ports")


class Client:
    """A raw pyzmq REQ client, rebuilt after a timeout."""

    def __init__(self, port):
        self.port = port
        self.socket = None
        self.reset()

    def reset(self):
        if self.socket is not None:
            self.socket.close(linger=0)
        self.socket = CONTEXT.socket(zmq.REQ)
        self.socket.setsockopt(zmq.RCVTIMEO, 5000)
        self.socket.setsockopt(zmq.LINGER, 0)
        self.socket.connect(f"tcp://127.0.0.1:{self.port}")

    def frames(self, frames):
        self.socket.send_multipart(frames)
        return self.socket.recv_multipart()

    def request(self, kind, *extra, protocol=2, request_id=0x01020304):
        header = struct.pack("<BBI", protocol, ord(kind) if isinstance(kind, str) else kind, request_id)
        return self.frames([header, *extra])


def same_reply(ours, theirs, what):
    """Byte for byte, but for the tree UUID (bytes 6..22 of the header)."""
    check(len(ours) == len(theirs), f"{what}: {len(ours)} frames, BehaviorTree.CPP {len(theirs)}: {ours!r} / {theirs!r}")
    if ours and ours[0] != b"error":
        check(len(ours[0]) == 22 and len(theirs[0]) == 22, f"{what}: reply header length")
        check(ours[0][:6] == theirs[0][:6], f"{what}: header {ours[0][:6].hex()} / {theirs[0][:6].hex()}")
        check(ours[1:] == theirs[1:], f"{what}: body {ours[1:]!r} / {theirs[1:]!r}")
    else:
        check(ours == theirs, f"{what}: {ours!r} / {theirs!r}")


# --- 1. lockstep against BehaviorTree.CPP 4.8.2 -------------------------------------------

def compare_nodes(ours, theirs, path):
    check(ours.tag == theirs.tag, f"{path}: <{ours.tag}> / <{theirs.tag}>")
    for attribute in sorted(set(ours.attrib) | set(theirs.attrib)):
        check(
            ours.get(attribute) == theirs.get(attribute),
            f"{path}/{ours.tag}: {attribute}={ours.get(attribute)!r} / {theirs.get(attribute)!r}",
        )
    check(len(ours) == len(theirs), f"{path}/{ours.tag}: {len(ours)} children / {len(theirs)}")
    for a, b in zip(ours, theirs):
        compare_nodes(a, b, f"{path}/{ours.tag}")


def compare_tree_xml(ours, theirs):
    ours, theirs = ET.fromstring(ours), ET.fromstring(theirs)
    check(ours.get("BTCPP_format") == theirs.get("BTCPP_format") == "4", "BTCPP_format")
    trees = lambda root: [e for e in root if e.tag == "BehaviorTree"]
    check(len(trees(ours)) == len(trees(theirs)), "number of BehaviorTree elements")
    for a, b in zip(trees(ours), trees(theirs)):
        compare_nodes(a, b, "root")
    # Our model declares the tree's own nodes; BehaviorTree.CPP's every registered node.
    model = lambda root: {(e.tag, e.get("ID")) for m in root.iter("TreeNodesModel") for e in m}
    check(model(ours) <= model(theirs), f"TreeNodesModel: {model(ours) - model(theirs)} missing in BehaviorTree.CPP's")
    check(model(ours), "our TreeNodesModel is empty")


def btcpp_rover(xml, port):
    """The example's tree in BehaviorTree.CPP, with leaves doing what the Rust ones do."""
    world = {"battery": 100, "waypoint": 0, "steps": 0}
    factory = bt.BehaviorTreeFactory()
    factory.register_simple_condition(
        "BatteryOk", lambda node: bt.NodeStatus.SUCCESS if world["battery"] >= 30 else bt.NodeStatus.FAILURE
    )

    def drive_start(node):
        world["steps"] = 3
        return bt.NodeStatus.RUNNING

    def drive_running(node):
        world["battery"] = max(0, world["battery"] - 5)
        world["steps"] -= 1
        return bt.NodeStatus.SUCCESS if world["steps"] == 0 else bt.NodeStatus.RUNNING

    factory.register_simple_stateful_action("DriveTo", drive_start, drive_running, lambda node: None)

    def next_waypoint(node):
        world["waypoint"] = (world["waypoint"] + 1) % 4
        return bt.NodeStatus.SUCCESS

    factory.register_simple_action("NextWaypoint", next_waypoint)

    def recharge_running(node):
        world["battery"] = min(100, world["battery"] + 25)
        return bt.NodeStatus.SUCCESS if world["battery"] == 100 else bt.NodeStatus.RUNNING

    factory.register_simple_stateful_action(
        "Recharge", lambda node: bt.NodeStatus.RUNNING, recharge_running, lambda node: None
    )
    tree = factory.create_tree_from_text(xml)
    publisher = bt.Groot2Publisher(tree, port)
    return tree, publisher, world


def lockstep():
    xml = subprocess.run([MONITOR, "--xml"], check=True, capture_output=True, text=True).stdout
    their_port = free_port_pair()
    tree, publisher, world = btcpp_rover(xml, their_port)
    files = tempfile.mkdtemp(prefix="groot2-check-")
    their_log = bt.FileLogger(tree, os.path.join(files, "theirs.btlog"))
    our_port = free_port_pair()
    ours_process = subprocess.Popen(
        [
            MONITOR, "--step", "--port", str(our_port),
            "--btlog", os.path.join(files, "ours.btlog"),
            "--trace", os.path.join(files, "ours.json"),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        ours, theirs = Client(our_port), Client(their_port)
        both = lambda *args, **kw: (ours.request(*args, **kw), theirs.request(*args, **kw))

        full = both("T")
        check(full[0][0][:6] == full[1][0][:6], "full tree: reply header")
        compare_tree_xml(full[0][1].decode(), full[1][1].decode())
        same_reply(*both("S"), "status before the first tick")
        # Ask for the blackboard once so that our tree starts publishing it.
        both("B", b"Rover")
        start = both("r", b"start")
        check(start[0][0][:6] == start[1][0][:6] and len(start[0]) == len(start[1]) == 2, "recording start")
        check(start[0][1].isdigit() and abs(int(start[0][1]) - int(start[1][1])) < 60_000_000, "recording start: a time in microseconds")
        transitions = 0
        for tick in range(1, TICKS + 1):
            their_status = tree.tick_exactly_once()
            bb = tree.root_blackboard()
            bb.set_int("battery", world["battery"])
            bb.set_int("waypoint", world["waypoint"])
            ours_process.stdin.write("tick\n")
            ours_process.stdin.flush()
            line = ours_process.stdout.readline().split()
            check(line[:2] == ["tick", str(tick)], f"tick {tick}: the example answered {line}")
            check(line[2] == their_status.name, f"tick {tick}: root {line[2]} / {their_status.name}")
            same_reply(*both("S"), f"status after tick {tick}")
            same_reply(*both("B", b"Rover"), f"blackboard after tick {tick}")
            got = both("t")
            check(got[0][0][:6] == got[1][0][:6], f"transitions after tick {tick}: header")
            records = lambda body: [struct.unpack("<HB", body[i + 6 : i + 9]) for i in range(0, len(body), 9)]
            stamps = lambda body: [int.from_bytes(body[i : i + 6], "little") for i in range(0, len(body), 9)]
            check(len(got[0][1]) % 9 == 0, "transitions: 9 bytes each")
            # BehaviorTree.CPP's SimpleActionNode (the only sync action Python can register)
            # shows RUNNING before its result; a compiled sync action, like BehaviorTree.CPP's
            # SyncActionNode, does not.
            theirs_records = [r for r in records(got[1][1]) if r not in SIMPLE_ACTION_RUNNING]
            check(records(got[0][1]) == theirs_records, f"transitions of tick {tick}: {records(got[0][1])} / {theirs_records}")
            check(stamps(got[0][1]) == sorted(stamps(got[0][1])), "transition times go forward")
            transitions += len(records(got[0][1]))
        same_reply(*both("r", b"stop"), "recording stop")
        same_reply(*both("t"), "no transitions after stop")
        # Other blackboard names: unknown ones are left out; none known is nil.
        same_reply(*both("B", b"Rover;nothing"), "blackboard with an unknown name too")
        same_reply(*both("B", b"nothing"), "blackboard of an unknown name")
        same_reply(*both("B", b""), "blackboard of no name")
        # Hooks with breakpoints off: nothing to dump, remove or unlock.
        same_reply(*both("D"), "hooks dump")
        same_reply(*both("A"), "remove all hooks")
        same_reply(*both("X"), "disable all hooks")
        same_reply(*both("R", json.dumps({"uid": 3, "position": 0}).encode()), "remove a missing hook")
        same_reply(
            *both("U", json.dumps({"uid": 3, "position": 0, "desired_status": "SUCCESS", "remove_when_done": True}).encode()),
            "unlock a missing hook",
        )
        # Bad requests.
        same_reply(*both("Z"), "unknown request type")
        same_reply(*both(0), "request type 0")
        same_reply(*both("B"), "blackboard request without its second frame")
        same_reply(*both("r"), "recording request without its second frame")
        same_reply(ours.frames([b"\x02S\x00"]), theirs.frames([b"\x02S\x00"]), "truncated header")
        same_reply(ours.frames([b"\x02S\x00\x00\x00\x00\x00"]), theirs.frames([b"\x02S\x00\x00\x00\x00\x00"]), "header too long")
        same_reply(ours.frames([b""]), theirs.frames([b""]), "empty header")
        same_reply(*both("S", b"extra", b"frames"), "status with extra frames")
        wrong = both("S", protocol=7)
        check(wrong[0] == [b"error", b"wrong protocol id: this publisher speaks protocol 2"], f"wrong protocol id: {wrong[0]}")
        print(f"  BehaviorTree.CPP answers a wrong protocol id as if it were 2: {wrong[1][0][:6].hex()}")
        # Hook insertion: BehaviorTree.CPP accepts it; ours, with breakpoints off, refuses.
        hook = {"enabled": True, "uid": 3, "mode": 0, "once": False, "desired_status": "SUCCESS", "position": 0}
        refused = ours.request("I", json.dumps(hook).encode())
        check(refused[0] == b"error" and b"breakpoints are off" in refused[1], f"hook with breakpoints off: {refused}")
        print(f"  lockstep: {TICKS} ticks, {transitions} transitions, every reply the same")
    finally:
        ours_process.stdin.close()
        ours_process.wait(timeout=10)
        del publisher
    del their_log  # BehaviorTree.CPP's writer thread flushes and closes the file
    time.sleep(0.2)
    compare_btlogs(os.path.join(files, "ours.btlog"), os.path.join(files, "theirs.btlog"))
    check_chrome_trace(os.path.join(files, "ours.json"))


def read_btlog(path):
    data = open(path, "rb").read()
    check(data[:18] == b"BTCPP4-FileLogger2", f"{path}: magic {data[:18]!r}")
    check(data[18] == 1, f"{path}: version {data[18]}")
    length = struct.unpack("<i", data[19:23])[0]
    xml = data[23 : 23 + length].decode()
    start = struct.unpack("<q", data[23 + length : 31 + length])[0]
    records = data[31 + length :]
    check(len(records) % 9 == 0, f"{path}: records of 9 bytes")
    records = [
        (int.from_bytes(records[i : i + 6], "little"), *struct.unpack("<HB", records[i + 6 : i + 9]))
        for i in range(0, len(records), 9)
    ]
    return xml, start, records


def compare_btlogs(ours_path, theirs_path):
    ours, theirs = read_btlog(ours_path), read_btlog(theirs_path)
    compare_tree_xml(ours[0], theirs[0])
    check(abs(ours[1] - theirs[1]) < 600_000_000, f".btlog start times {ours[1]} / {theirs[1]} (microseconds since the epoch)")
    our_records = [(uid, status) for _, uid, status in ours[2]]
    their_records = [(uid, status) for _, uid, status in theirs[2] if (uid, status) not in SIMPLE_ACTION_RUNNING]
    check(our_records == their_records, f".btlog records: {our_records[:20]} / {their_records[:20]}")
    times = [t for t, _, _ in ours[2]]
    check(times == sorted(times), ".btlog times go forward")
    print(f"  .btlog: same header layout, tree and {len(our_records)} records as BehaviorTree.CPP's FileLogger2")


def check_chrome_trace(path):
    """The Chrome trace-event format's JSON object form: traceEvents, each with ph, pid, tid;
    complete events with ts and dur; metadata naming one track per node."""
    document = json.load(open(path))
    events = document["traceEvents"]
    tracks = {e["tid"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    check(tracks == {1, 2, 3, 4, 5, 6}, f"one track per node: {tracks}")
    spans = [e for e in events if e["ph"] == "X"]
    check(spans, "spans while running")
    for event in events:
        check(event["ph"] in ("M", "X", "i") and isinstance(event["pid"], int) and isinstance(event["tid"], int), f"event {event}")
        if event["ph"] in ("X", "i"):
            check(isinstance(event["ts"], (int, float)) and event["ts"] >= 0, f"ts of {event}")
        if event["ph"] == "X":
            check(isinstance(event["dur"], (int, float)) and event["dur"] >= 0, f"dur of {event}")
            check(event["args"]["status"] in ("SUCCESS", "FAILURE", "SKIPPED", "HALTED", "RUNNING"), f"status of {event}")
    drives = [e for e in spans if e["name"] == "DriveTo"]
    check(len(drives) >= 10 and all(e["args"]["status"] == "SUCCESS" for e in drives), f"DriveTo's spans: {len(drives)}")
    print(f"  Chrome trace: {len(events)} events, {len(spans)} spans on {len(tracks)} tracks, valid trace-event JSON")


# --- 2. breakpoints -------------------------------------------------------------------------

def breakpoints():
    port = free_port_pair()
    process = subprocess.Popen(
        [MONITOR, "--step", "--breakpoints", "--port", str(port)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        client = Client(port)
        sub = CONTEXT.socket(zmq.SUB)
        sub.setsockopt(zmq.LINGER, 0)
        sub.setsockopt(zmq.RCVTIMEO, 5000)
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        sub.connect(f"tcp://127.0.0.1:{port + 1}")
        client.request("S")  # the server is up
        time.sleep(0.5)  # a SUB socket's subscription reaches the publisher asynchronously
        hook = {"enabled": True, "uid": 4, "mode": 0, "once": False, "desired_status": "SUCCESS", "position": 0}
        reply = client.request("I", json.dumps(hook).encode())
        check(len(reply) == 1 and reply[0][:2] == b"\x02I", f"hook insert: {reply}")
        dump = json.loads(client.request("D")[1])
        check(dump == [hook], f"hooks dump: {dump}")
        replace = dict(hook, mode=1)
        reply = client.request("I", json.dumps(replace).encode())
        check(reply[0] == b"error" and b"cannot replace" in reply[1], f"replace hook: {reply}")
        for bad in [b"{bad", b"[1,2]", b'{"uid": 4}', b"\xff" * 10]:
            reply = client.request("I", bad)
            check(reply[0] == b"error", f"malformed hook {bad!r}: {reply}")
        process.stdin.write("tick\n")
        process.stdin.flush()
        notice = sub.recv_multipart()
        check(notice[0][:2] == b"\x02N" and notice[1] == b"4", f"breakpoint notification: {notice}")
        status = client.request("S")[1]
        states = {status[i] | status[i + 1] << 8: status[i + 2] for i in range(0, len(status), 3)}
        check(states[4] == 1, f"paused after DriveTo answered: {states}")
        ready, _, _ = select.select([process.stdout], [], [], 0.5)
        check(not ready, "the tick is paused (the example has not printed it)")
        reply = client.request("U", json.dumps({"uid": 4, "position": 0, "desired_status": "SUCCESS", "remove_when_done": True}).encode())
        check(len(reply) == 1, f"unlock: {reply}")
        line = process.stdout.readline().split()
        check(line == ["tick", "1", "RUNNING"], f"the tick goes on after the unlock: {line}")
        check(json.loads(client.request("D")[1]) == [], "remove_when_done removed the hook")
        process.stdin.write("tick\n")
        process.stdin.flush()
        check(process.stdout.readline().split()[:2] == ["tick", "2"], "no breakpoint any more")
        sub.close(linger=0)
        print("  breakpoints: paused at DriveTo, announced on PUB, unlocked")
    finally:
        process.stdin.close()
        process.wait(timeout=10)


# --- 3. btview and hostile clients against the free-running example ------------------------

def changes(client, polls=40):
    """The distinct status snapshots seen in `polls` polls."""
    seen = set()
    for _ in range(polls):
        snapshot = tuple(sorted((uid, state.raw) for uid, state in client.poll().statuses.items()))
        seen.add(snapshot)
        time.sleep(0.05)
    return seen


def keeps_ticking(port, what):
    client = Groot2Client("127.0.0.1", port, timeout_ms=5000)
    check(len(changes(client, 30)) > 1, f"the tree keeps ticking after {what}")
    client.close()


def raw_connection(port, socket_type=b"REQ"):
    """A TCP connection that has done the ZMTP handshake as a REQ (or SUB) socket."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=5)
    connection.sendall(b"\xff" + b"\x00" * 7 + b"\x01\x7f" + b"\x03\x01" + b"NULL" + b"\x00" * 16 + b"\x00" + b"\x00" * 31)
    greeting = b""
    while len(greeting) < 64:
        data = connection.recv(64 - len(greeting))
        if not data:
            return connection  # closed by the server
        greeting += data
    ready_body = b"\x05READY" + b"\x0bSocket-Type" + struct.pack(">I", len(socket_type)) + socket_type
    connection.sendall(b"\x04" + bytes([len(ready_body)]) + ready_body)
    return connection


def closed(connection):
    """True if the server closes the connection (reads drain until EOF)."""
    try:
        while True:
            data = connection.recv(4096)
            if not data:
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        return False


def free_running():
    port = free_port_pair()
    process = subprocess.Popen([MONITOR, "--hz", "50", "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = Groot2Client("127.0.0.1", port, timeout_ms=5000)
        for _ in range(50):
            try:
                tree = client.fetch_tree()
                break
            except Exception:
                time.sleep(0.1)
        names = [node.name for node in tree.walk()]
        check(names == ["Fallback", "Sequence", "BatteryOk", "DriveTo", "NextWaypoint", "Recharge"], f"btview's tree: {names}")
        seen = changes(client)
        check(len(seen) >= 3, f"btview sees the statuses change tick by tick ({len(seen)} distinct snapshots)")
        blackboard = client.fetch_blackboard(["Rover"])
        check(set(blackboard["Rover"]) == {"battery", "waypoint"}, f"btview's blackboard: {blackboard}")
        client.close()
        print(f"  btview: tree of {len(names)} nodes, {len(seen)} distinct status snapshots in 40 polls, blackboard {blackboard}")

        raw = Client(port)
        for frames, expected in [
            ([b"\x02Z\x00\x00\x00\x00"], [b"error", b"Request not recognized"]),
            ([b"\x07S\x00\x00\x00\x00"], [b"error", b"wrong protocol id: this publisher speaks protocol 2"]),
            ([b"\x02S"], [b"error", b"wrong request header"]),
            ([b"\x02B\x00\x00\x00\x00"], [b"error", b"must be 2 parts message"]),
            ([b"\x02I\x00\x00\x00\x00", b"{}"], [b"error", b"breakpoints are off in this publisher (Groot2Builder::breakpoints(true) turns them on)"]),
        ]:
            reply = raw.frames(frames)
            check(reply == expected, f"bad request {frames!r}: {reply!r}")
        check(len(raw.request("S")[1]) == 18, "the connection stays usable after error replies")

        # A frame announcing 1 GiB: disconnected at once, nothing allocated.
        connection = raw_connection(port)
        connection.sendall(b"\x03" + struct.pack(">Q", 1 << 30))
        check(closed(connection), "an oversized frame closes the connection")
        # Garbage instead of a greeting.
        connection = socket.create_connection(("127.0.0.1", port), timeout=5)
        connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n" * 4)
        check(closed(connection), "garbage closes the connection")
        # A handshake that never finishes: dropped after the handshake timeout.
        connection = socket.create_connection(("127.0.0.1", port), timeout=10)
        connection.sendall(b"\xff")
        check(closed(connection), "a stalled handshake is dropped")
        # A message that stops in the middle: dropped after the message timeout.
        connection = raw_connection(port)
        connection.settimeout(10)
        connection.sendall(b"\x01\x00\x00\x06\x02S")
        check(closed(connection), "a stalled message is dropped")
        keeps_ticking(port, "malformed connections")

        # Idle clients that did the handshake hold connections on both ports, silent or with a
        # ZMTP PING every half second: btview is served all the same (the idlest connections
        # make room for it), and keeps being served while more come.
        idle = []
        for index in range(48):
            idle.append(raw_connection(port))
            idle.append(raw_connection(port + 1, b"SUB"))
        monitor = Groot2Client("127.0.0.1", port, timeout_ms=5000)
        check(len(monitor.fetch_tree_xml()) > 0, "btview fetches the tree among idle clients")
        for _ in range(6):
            for index, connection in enumerate(idle):
                if index % 2 == 0:
                    try:
                        connection.sendall(b"\x04\x07\x04PING\x00\x00")
                    except OSError:
                        pass
            idle.append(raw_connection(port))
            idle.append(raw_connection(port + 1, b"SUB"))
            check(monitor.poll() is not None, "btview is served while idle clients come")
            time.sleep(0.5)
        monitor.close()
        for connection in idle:
            connection.close()
        print(f"  idle clients: btview served beside {len(idle)} idle connections (silent or pinging) on both ports")

        # A flood of connections: each takes the place of an older one, the tree ticks on.
        flood = []
        for _ in range(64):
            try:
                flood.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            except OSError:
                pass
        keeps_ticking_after_flood = Groot2Client("127.0.0.1", port, timeout_ms=500)
        for connection in flood:
            connection.close()
        time.sleep(2.5)  # the idle flood connections time out of their handshakes
        keeps_ticking(port, "a flood of connections")

        # A flood of requests from several clients for two seconds.
        clients = [Client(port) for _ in range(4)]
        before = Groot2Client("127.0.0.1", port, timeout_ms=5000)
        first = before.poll().statuses
        end = time.time() + 2
        sent = 0
        while time.time() < end:
            for c in clients:
                c.socket.send_multipart([b"\x02S\x00\x00\x00\x00"])
            for c in clients:
                c.socket.recv_multipart()
            sent += len(clients)
        keeps_ticking(port, f"{sent} requests in 2 s")
        keeps_ticking_after_flood.close()
        before.close()
        print(f"  hostile clients: error replies, disconnections, {sent} flooded requests; the tree kept ticking")
        check(process.poll() is None, "the example is still running")
    finally:
        process.terminate()
        process.wait(timeout=10)


if __name__ == "__main__":
    print(f"BehaviorTree.CPP {bt.__version__ if hasattr(bt, '__version__') else ''} / btview / pyzmq {zmq.__version__} (libzmq {zmq.zmq_version()})")
    lockstep()
    breakpoints()
    free_running()
    print("groot2 check: all passed")
