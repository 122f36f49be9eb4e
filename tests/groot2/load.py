"""A small load tool for a Groot2 publisher: how fast it completes ZeroMQ handshakes, and
whether a real client (btview's Groot2Client) is served while idle clients hold connections.

Run with the virtual environment check.sh makes (behaviortreepy, btview, pyzmq):

    python load.py ours path/to/monitor [--idle 16,64,300] [--seconds 2]
    python load.py btcpp [--idle 16,64,300] [--seconds 2]

`ours` runs examples/monitor.rs (free-running, 50 Hz); `btcpp` runs BehaviorTree.CPP 4.8.2's
Groot2Publisher on a one-node tree. Loopback only; every loop is bounded in count and time.

1. Handshakes per second: one client after the other for `--seconds` seconds, each a TCP
   connection that completes the ZMTP handshake as a REQ socket (greeting, READY) and closes.
2. `--pipelined` status requests (5000) sent at once on one connection: how many are answered
   per second (ours throttles a connection to 5000 a second).
3. For each count N of `--idle`: N idle handshaken REQ connections on the request port and N
   idle SUB connections on the PUB port, then btview's client fetches the tree and a status
   buffer (5 s timeout each). Once with clients that send nothing, once with clients that send a
   ZMTP PING every second. Prints how long the real client took, or that it timed out, and how
   many idle connections the publisher closed.
"""

import argparse
import os
import socket
import struct
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))

GREETING = b"\xff" + b"\x00" * 7 + b"\x01\x7f" + b"\x03\x01" + b"NULL" + b"\x00" * 16 + b"\x00" + b"\x00" * 31
PING = b"\x04\x07\x04PING\x00\x00"


def ready(socket_type):
    body = b"\x05READY" + b"\x0bSocket-Type" + struct.pack(">I", len(socket_type)) + socket_type
    return b"\x04" + bytes([len(body)]) + body


def free_port_pair():
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


def recv_exactly(connection, count):
    data = b""
    while len(data) < count:
        chunk = connection.recv(count - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def handshake(port, socket_type, timeout=5.0):
    """A connection that completed the ZMTP handshake (the peer's greeting and READY read)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    connection.sendall(GREETING + ready(socket_type))
    recv_exactly(connection, 64)
    flags, size = recv_exactly(connection, 2)
    if flags & 0x02:
        size = struct.unpack(">Q", bytes([size]) + recv_exactly(connection, 7))[0]
    body = recv_exactly(connection, size)
    if not body.startswith(b"\x05READY"):
        raise ConnectionError(f"no READY: {body!r}")
    return connection


def handshakes_per_second(port, seconds):
    done = failed = 0
    end = time.monotonic() + seconds
    start = time.monotonic()
    while time.monotonic() < end:
        try:
            connection = handshake(port, b"REQ", timeout=2.0)
            # Close with a reset: no TIME_WAIT pile-up on the client side.
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            connection.close()
            done += 1
        except OSError:
            failed += 1
    return done / (time.monotonic() - start), failed


def message_end(buffer):
    """Where the first whole ZMTP message of `buffer` ends, or None if it is not all there."""
    at = 0
    while True:
        if len(buffer) < at + 2:
            return None
        flags = buffer[at]
        if flags & 0x02:
            if len(buffer) < at + 9:
                return None
            size = struct.unpack(">Q", buffer[at + 1 : at + 9])[0]
            at += 9
        else:
            size = buffer[at + 1]
            at += 2
        at += size
        if len(buffer) < at:
            return None
        if not flags & 0x01:
            return at


def pipelined(port, count):
    """`count` status requests sent at once on one connection, then their replies read: requests
    answered per second (the throttle's limit, 5000, shows here)."""
    connection = handshake(port, b"REQ", timeout=10.0)
    request = b"\x01\x00" + b"\x00\x06\x02S\x00\x00\x00\x00"
    start = time.monotonic()
    sender = threading.Thread(target=connection.sendall, args=(request * count,))
    sender.start()
    received = 0
    buffer = b""
    while received < count:
        data = connection.recv(1 << 16)
        if not data:
            raise ConnectionError("closed")
        buffer += data
        while True:
            end = message_end(buffer)
            if end is None:
                break
            buffer = buffer[end:]
            received += 1
    sender.join()
    connection.close()
    return count / (time.monotonic() - start)


def open_idle(port, count):
    """`count` handshaken connections on `port` and `count` on `port + 1`; fewer if refused."""
    idle = []
    for index in range(2 * count):
        request_port = index % 2 == 0
        try:
            idle.append(handshake(port if request_port else port + 1, b"REQ" if request_port else b"SUB", timeout=2.0))
        except OSError:
            pass
    return idle


def closed_count(idle):
    closed = 0
    for connection in idle:
        connection.setblocking(False)
        try:
            while True:
                data = connection.recv(4096)
                if not data:
                    closed += 1
                    break
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
    return closed


def ping_all(idle):
    for connection in idle:
        try:
            connection.sendall(PING)
        except OSError:
            pass


def real_client(port, idle, pinging):
    from btview.client import Groot2Client

    # The idle clients keep pinging while the real client waits.
    done = threading.Event()

    def pinger():
        while not done.wait(1.0):
            ping_all(idle)

    if pinging:
        threading.Thread(target=pinger, daemon=True).start()
    start = time.monotonic()
    client = Groot2Client("127.0.0.1", port, timeout_ms=5000)
    outcome = "served"
    try:
        tree = client.fetch_tree()
        poll = client.poll()
        if tree is None or poll is None:
            outcome = "no reply"
    except Exception as error:  # btview raises its own errors on timeouts
        outcome = f"timed out ({type(error).__name__})"
    finally:
        done.set()
        client.close()
    return outcome, time.monotonic() - start


def idle_round(port, count, pinging):
    idle = open_idle(port, count)
    opened = len(idle)
    if pinging:
        # A second of pings before the real client comes, as the attacker would.
        for _ in range(2):
            ping_all(idle)
            time.sleep(0.5)
    else:
        time.sleep(1.0)
    outcome, took = real_client(port, idle, pinging)
    closed = closed_count(idle)
    for connection in idle:
        connection.close()
    time.sleep(0.5)
    kind = "PING every second" if pinging else "silent"
    print(f"  {count:4d} idle per port ({kind:17s}): opened {opened:4d}, real client {outcome} in {took:5.2f} s, {closed} idle closed by the publisher")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("target", choices=["ours", "btcpp"])
    parser.add_argument("monitor", nargs="?")
    parser.add_argument("--idle", default="16,64,300")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--pipelined", type=int, default=5000)
    args = parser.parse_args()
    port = free_port_pair()
    process = publisher = None
    if args.target == "ours":
        process = subprocess.Popen(
            [args.monitor, "--hz", "50", "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
    else:
        import behaviortreepy as bt

        factory = bt.BehaviorTreeFactory()
        tree = factory.create_tree_from_text(
            '<root BTCPP_format="4" main_tree_to_execute="Main"><BehaviorTree ID="Main"><AlwaysSuccess/></BehaviorTree></root>'
        )
        publisher = bt.Groot2Publisher(tree, port)
    try:
        for _ in range(50):
            try:
                handshake(port, b"REQ").close()
                break
            except OSError:
                time.sleep(0.1)
        rate, failed = handshakes_per_second(port, args.seconds)
        print(f"{args.target}: {rate:.0f} handshakes per second, one client after the other ({failed} failed)")
        if args.pipelined:
            print(f"  {args.pipelined} pipelined status requests on one connection: {pipelined(port, args.pipelined):.0f} answered per second")
        for count in [int(n) for n in args.idle.split(",") if n]:
            for pinging in (False, True):
                idle_round(port, count, pinging)
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=10)
        del publisher


if __name__ == "__main__":
    main()
