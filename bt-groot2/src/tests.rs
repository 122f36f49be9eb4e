//! The publisher over loopback TCP, with a client speaking our own ZMTP (no Python, no libzmq:
//! `tests/groot2/check.py` checks the same against pyzmq, btview and BehaviorTree.CPP).

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bt_core::NodeCategory::{Action, Condition, Control, Decorator};
use bt_core::{NodeInfo, Observer, Status};

use crate::zmtp::{Connection, Incoming, Limits, SocketType};
use crate::Groot2Publisher;

const fn node(
    name: &'static str,
    kind: &'static str,
    category: bt_core::NodeCategory,
    parent: Option<usize>,
    depth: usize,
) -> NodeInfo {
    NodeInfo {
        name,
        kind,
        category,
        parent,
        depth,
        ports: &[],
        leaf_type: None,
        params: &[],
    }
}

/// `Sequence { Repeat(3) { IsReady }, Work }`, as in BehaviorTree.CPP's probe.
pub(crate) const TREE: &[NodeInfo] = &[
    node("Sequence", "Sequence", Control, None, 0),
    NodeInfo {
        params: &[("num_cycles", "3")],
        ..node("Repeat", "Repeat", Decorator, Some(0), 1)
    },
    NodeInfo {
        leaf_type: Some("IsReady"),
        ..node("IsReady", "Condition", Condition, Some(1), 2)
    },
    NodeInfo {
        leaf_type: Some("Work"),
        ..node("Work", "StatefulAction", Action, Some(0), 1)
    },
];

static STOP: AtomicBool = AtomicBool::new(false);

/// How long the tests' client waits for a reply (or for being disconnected) before failing.
const TIMEOUT: Duration = Duration::from_secs(20);

const LIMITS: Limits = Limits {
    max_frame: 1 << 24,
    max_message: 1 << 24,
    max_frames: 16,
    handshake_timeout: Duration::from_secs(10),
    message_timeout: Duration::from_secs(10),
    write_timeout: Duration::from_secs(10),
};

fn start() -> Groot2Publisher {
    Groot2Publisher::builder("Main", TREE)
        .port(0)
        .start()
        .unwrap()
}

fn connect(port: u16, kind: SocketType) -> Connection {
    let stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
    Connection::handshake(stream, kind, LIMITS, &STOP).unwrap()
}

/// True once the server has closed `connection` (false if it only stayed silent).
fn disconnected(connection: &mut Connection) -> bool {
    loop {
        match connection.read_within(&STOP, TIMEOUT) {
            Ok(_) => continue,
            Err(error) => return error.kind() != std::io::ErrorKind::TimedOut,
        }
    }
}

/// One request and its reply (without the REQ envelope).
fn request(client: &mut Connection, frames: &[&[u8]]) -> Vec<Vec<u8>> {
    let mut parts: Vec<&[u8]> = vec![&[]];
    parts.extend_from_slice(frames);
    client.write(&parts).unwrap();
    match client.read_within(&STOP, TIMEOUT).unwrap() {
        Incoming::Message(mut reply) => {
            assert!(reply[0].is_empty(), "the REQ envelope comes back");
            reply.remove(0);
            reply
        }
        other => panic!("{other:?}"),
    }
}

fn header(kind: u8) -> [u8; 6] {
    crate::protocol::request_header(kind, 0x0102_0304)
}

#[test]
fn full_tree_status_and_error_replies() {
    let mut groot = start();
    assert_eq!(groot.address(), IpAddr::V4(Ipv4Addr::LOCALHOST));
    let mut client = connect(groot.port(), SocketType::Req);

    let reply = request(&mut client, &[&header(b'T')]);
    assert_eq!(reply.len(), 2);
    assert_eq!(&reply[0][..6], &[2, b'T', 4, 3, 2, 1]);
    assert_eq!(reply[0].len(), 22);
    let xml = String::from_utf8(reply[1].clone()).unwrap();
    assert!(
        xml.contains("<Repeat name=\"Repeat\" _uid=\"2\" num_cycles=\"3\">"),
        "{xml}"
    );
    assert_eq!(xml, groot.tree_xml());

    let status = |client: &mut Connection| request(client, &[&header(b'S')])[1].clone();
    assert_eq!(status(&mut client), [1, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0]);
    // A tick of BehaviorTree.CPP's probe: IsReady succeeds, Repeat yields, the sequence runs.
    groot.on_status(2, Status::Success);
    groot.on_status(1, Status::Running);
    groot.on_status(0, Status::Running);
    // The bytes BehaviorTree.CPP 4.8.2 sent after the same tick.
    assert_eq!(status(&mut client), [1, 0, 1, 2, 0, 1, 3, 0, 12, 4, 0, 0]);
    assert_eq!(groot.status_buffer(), status(&mut client));

    let error = |message: &str| vec![b"error".to_vec(), message.as_bytes().to_vec()];
    assert_eq!(
        request(&mut client, &[&header(b'Z')]),
        error("Request not recognized")
    );
    assert_eq!(
        request(&mut client, &[&[7, b'S', 0, 0, 0, 0]]),
        error("wrong protocol id: this publisher speaks protocol 2")
    );
    assert_eq!(
        request(&mut client, &[&[2, b'S', 0]]),
        error("wrong request header")
    );
    assert_eq!(request(&mut client, &[]), error("wrong request header"));
    assert_eq!(
        request(&mut client, &[&header(b'B')]),
        error("must be 2 parts message")
    );
    assert_eq!(
        request(&mut client, &[&header(b'I'), b"{}"]),
        error(crate::RequestError::HooksDisabled.message())
    );
    assert_eq!(request(&mut client, &[&header(b'D')])[1], b"[]");
    assert_eq!(request(&mut client, &[&header(b'A')]).len(), 1);
    // Still usable after all that.
    assert_eq!(status(&mut client).len(), 12);
}

#[test]
fn recording_transitions() {
    let mut groot = start();
    let mut client = connect(groot.port(), SocketType::Req);
    let reply = request(&mut client, &[&header(b'r'), b"start"]);
    assert!(std::str::from_utf8(&reply[1])
        .unwrap()
        .parse::<u64>()
        .is_ok());
    groot.on_status(3, Status::Running);
    groot.on_status(0, Status::Running);
    groot.on_halted(3);
    groot.on_halted(0);
    let body = request(&mut client, &[&header(b't')])[1].clone();
    let records: Vec<(u16, u8)> = body
        .chunks(9)
        .map(|r| (u16::from_le_bytes([r[6], r[7]]), r[8]))
        .collect();
    assert_eq!(records, [(1, 1), (4, 1), (4, 0), (1, 0)]);
    // Drained.
    assert!(request(&mut client, &[&header(b't')])[1].is_empty());
    assert_eq!(request(&mut client, &[&header(b'r'), b"stop"]).len(), 1);
    groot.on_status(3, Status::Running);
    groot.on_status(0, Status::Running);
    assert!(request(&mut client, &[&header(b't')])[1].is_empty());
}

#[test]
fn blackboard_snapshots_only_while_asked() {
    let mut groot = start();
    let mut called = 0;
    groot.publish_blackboard(|_| called += 1);
    assert_eq!(called, 0, "nobody asked: the closure is not run");
    let port = groot.port();
    let client = std::thread::spawn(move || {
        let mut client = connect(port, SocketType::Req);
        let mut reply = Vec::new();
        // The first request may come before a snapshot: ask until one has been published.
        for _ in 0..200 {
            reply = request(&mut client, &[&header(b'B'), b"Main"]);
            if reply[1] != b"\x81\xa4Main\xc0" {
                break;
            }
        }
        let other = request(&mut client, &[&header(b'B'), b"Other"]);
        (reply, other)
    });
    while !client.is_finished() {
        groot.publish_blackboard(|entries| {
            entries.entry("count", 7).entry("name", "bot");
        });
        std::thread::sleep(Duration::from_millis(5));
    }
    let (reply, other) = client.join().unwrap();
    assert_eq!(reply[1], b"\x81\xa4Main\x82\xa5count\x07\xa4name\xa3bot");
    assert_eq!(other[1], [0xc0]);
}

fn closed_by_server(stream: &mut TcpStream) -> bool {
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut buf = [0u8; 256];
    loop {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return true,
            Ok(_) => {}
        }
    }
}

#[test]
fn hostile_clients_are_disconnected_and_the_observer_never_waits() {
    let mut groot = Groot2Publisher::builder("Main", TREE)
        .port(0)
        .max_connections(3)
        .max_request_bytes(1024)
        .start()
        .unwrap();
    let port = groot.port();
    // A frame announcing 1 GiB: closed without reading (or allocating) it.
    let mut client = connect(port, SocketType::Req);
    client.write(&[&[], &vec![0u8; 2000]]).unwrap();
    assert!(disconnected(&mut client));
    // Garbage instead of a greeting.
    let mut raw = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
    raw.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
    assert!(closed_by_server(&mut raw));
    // The observer is called meanwhile; it only touches atomics.
    for _ in 0..1000 {
        groot.on_status(2, Status::Success);
        groot.on_status(0, Status::Failure);
    }
    // Beyond max_connections, the idlest connection makes room: of three that made no
    // request, the oldest.
    let mut held: Vec<Connection> = (0..3).map(|_| connect(port, SocketType::Req)).collect();
    let mut client = connect(port, SocketType::Req);
    assert!(disconnected(&mut held[0]), "the oldest idle one is closed");
    assert_eq!(groot.shared.ports[0].len(), 3);
    // The reports above left Repeat started (by its child's report) and reset by the root's
    // failure: idle after running.
    assert_eq!(
        request(&mut client, &[&header(b'S')])[1],
        [1, 0, 13, 2, 0, 11, 3, 0, 12, 4, 0, 0]
    );
}

#[test]
fn a_second_publisher_on_the_same_ports_fails() {
    let groot = start();
    let again = Groot2Publisher::builder("Main", TREE)
        .port(groot.port())
        .start();
    assert!(again.is_err());
    let at_end = Groot2Publisher::builder("Main", TREE).port(65535).start();
    assert!(at_end.is_err());
    // Dropping a publisher closes its ports, also with a client connected to each.
    let port = groot.port();
    let mut client = connect(port, SocketType::Req);
    let _subscriber = connect(port + 1, SocketType::Sub);
    assert_eq!(request(&mut client, &[&header(b'S')])[1].len(), 12);
    drop(groot);
    assert!(disconnected(&mut client));
    let again = Groot2Publisher::builder("Main", TREE).port(port).start();
    assert_eq!(again.unwrap().port(), port);
}

#[test]
fn breakpoints_pause_the_ticking_thread_until_unlocked() {
    let mut groot = Groot2Publisher::builder("Main", TREE)
        .port(0)
        .breakpoints(true)
        .start()
        .unwrap();
    let port = groot.port();
    let mut client = connect(port, SocketType::Req);
    let mut subscriber = connect(port + 1, SocketType::Sub);
    subscriber.write_command(b"SUBSCRIBE", b"").unwrap();
    let hook = br#"{"enabled":true,"uid":4,"mode":0,"once":false,"desired_status":"SUCCESS","position":0}"#;
    assert_eq!(request(&mut client, &[&header(b'I'), hook]).len(), 1);
    // ZeroMQ's slow joiner: a PUB socket sends only to subscriptions it has read (within 0.1 s
    // here); give the server's thread the time to read this one.
    std::thread::sleep(Duration::from_millis(500));
    let ticking = std::thread::spawn(move || {
        groot.on_status(3, Status::Running);
        groot.on_status(0, Status::Running);
        groot
    });
    let notice = loop {
        match subscriber.read_within(&STOP, TIMEOUT).unwrap() {
            Incoming::Message(frames) => break frames,
            _ => continue,
        }
    };
    assert_eq!(&notice[0][..2], &[2, b'N']);
    assert_eq!(notice[1], b"4");
    assert!(!ticking.is_finished());
    let unlock = br#"{"uid":4,"position":0,"desired_status":"SUCCESS","remove_when_done":true}"#;
    assert_eq!(request(&mut client, &[&header(b'U'), unlock]).len(), 1);
    let groot = ticking.join().unwrap();
    assert_eq!(groot.status_buffer()[..3], [1, 0, 1]);
    assert_eq!(request(&mut client, &[&header(b'D')])[1], b"[]");
}

/// A connection that did the handshake as `kind` and sends nothing.
fn idle(port: u16, kind: SocketType) -> Connection {
    connect(port, kind)
}

/// A TCP connection that sent half a greeting and stalls.
fn stalled(port: u16) -> TcpStream {
    let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
    stream.write_all(&[0xFF, 0, 0, 0, 0]).unwrap();
    stream
}

/// A PING command as a peer sends it (TTL 0, a context of 3 bytes); the PONG is read back.
fn ping(connection: &mut Connection) {
    connection.write_command(b"PING", b"\0\0abc").unwrap();
    assert_eq!(
        connection.read_within(&STOP, TIMEOUT).unwrap(),
        Incoming::Command
    );
}

#[test]
fn idle_clients_cannot_lock_a_monitor_out() {
    // Issue 39: 16 clients that did the handshake and then sent nothing, or only PINGs, held
    // every connection of both ports, and a monitor timed out for as long as they stayed.
    let mut groot = Groot2Publisher::builder("Main", TREE)
        .port(0)
        .breakpoints(true)
        .start()
        .unwrap();
    let port = groot.port();
    let mut silent: Vec<Connection> = Vec::new();
    let mut pinging: Vec<Connection> = Vec::new();
    let mut handshaking: Vec<TcpStream> = Vec::new();
    for index in 0..40 {
        silent.push(idle(port + 1, SocketType::Sub));
        if index % 4 == 0 {
            handshaking.push(stalled(port));
            handshaking.push(stalled(port + 1));
        }
        let mut connection = idle(port, SocketType::Req);
        if index % 2 == 0 {
            ping(&mut connection);
            pinging.push(connection);
        } else {
            silent.push(connection);
        }
    }
    // Each port keeps its own budget of 16 (a stalled handshake may have timed out since).
    let held = [&groot.shared.ports[0], &groot.shared.ports[1]].map(|port| port.len());
    assert!(
        held[0] <= 16 && held[1] <= 16 && held[0] + held[1] > 16,
        "{held:?}"
    );
    // A monitor comes: served at once (its client's read timeout is 10 s), on both ports.
    let mut monitor = connect(port, SocketType::Req);
    assert_eq!(
        request(&mut monitor, &[&header(b'T')])[1],
        groot.tree_xml().as_bytes()
    );
    let mut subscriber = connect(port + 1, SocketType::Sub);
    subscriber.write_command(b"SUBSCRIBE", b"").unwrap();
    // More idle clients, pinging ones and stalled handshakes come; the monitor polls between
    // them and keeps both its connections: idle ones make room for newcomers first.
    for _ in 0..40 {
        for connection in &mut pinging {
            // A closed connection has nothing to answer; the rest answer their PONG.
            let _ = connection.write_command(b"PING", b"\0\0");
        }
        silent.push(idle(port, SocketType::Req));
        silent.push(idle(port + 1, SocketType::Sub));
        handshaking.push(stalled(port));
        assert_eq!(request(&mut monitor, &[&header(b'S')])[1].len(), 12);
    }
    // The subscriber is still there: a breakpoint is announced to it.
    let hook =
        br#"{"enabled":true,"uid":4,"mode":0,"once":true,"desired_status":"SUCCESS","position":0}"#;
    assert_eq!(request(&mut monitor, &[&header(b'I'), hook]).len(), 1);
    std::thread::sleep(Duration::from_millis(300)); // the PUB thread reads the subscription
    let ticking = std::thread::spawn(move || {
        groot.on_status(3, Status::Running);
        groot
    });
    let notice = loop {
        if let Incoming::Message(frames) = subscriber.read_within(&STOP, TIMEOUT).unwrap() {
            break frames;
        }
    };
    assert_eq!(
        (&notice[0][..2], &notice[1][..]),
        (&[2, b'N'][..], &b"4"[..])
    );
    let unlock = br#"{"uid":4,"position":0,"desired_status":"SUCCESS","remove_when_done":true}"#;
    assert_eq!(request(&mut monitor, &[&header(b'U'), unlock]).len(), 1);
    let groot = ticking.join().unwrap();
    assert!(groot.shared.evicted.load(Ordering::Relaxed) >= 40);
    assert!(groot.shared.ports.iter().all(|port| port.len() <= 16));
}

#[test]
fn the_idlest_connection_makes_room() {
    let groot = Groot2Publisher::builder("Main", TREE)
        .port(0)
        .max_connections(3)
        .start()
        .unwrap();
    let port = groot.port();
    let status = |client: &mut Connection| request(client, &[&header(b'S')])[1].len();
    let mut a = connect(port, SocketType::Req);
    let mut b = connect(port, SocketType::Req);
    let mut c = connect(port, SocketType::Req);
    assert_eq!(status(&mut b), 12);
    assert_eq!(status(&mut a), 12);
    // C only pings, after A's and B's requests: PINGs are not requests, so C is the idlest.
    ping(&mut c);
    let mut d = connect(port, SocketType::Req);
    assert!(disconnected(&mut c));
    // Then the connection whose last request is the oldest: B (D has made none yet).
    assert_eq!(status(&mut d), 12);
    let mut e = connect(port, SocketType::Req);
    assert!(disconnected(&mut b));
    // An error reply is not a request served: A's last request is still its status one.
    assert_eq!(request(&mut a, &[&header(b'Z')])[0], b"error");
    assert_eq!(status(&mut d), 12);
    assert_eq!(status(&mut e), 12);
    let _f = connect(port, SocketType::Req);
    assert!(disconnected(&mut a));
    assert_eq!(status(&mut d), 12);
    assert_eq!(groot.shared.evicted.load(Ordering::Relaxed), 3);
}

#[test]
fn a_flood_of_requests_is_throttled_and_the_tick_goes_on() {
    // Issue 39: no flood made the throttle (5000 requests a second per connection) trigger.
    // This client sends its requests without waiting for the replies, as fast as it can.
    const REQUESTS: u32 = 2000;
    let mut groot = start();
    let port = groot.port();
    let flood = std::thread::spawn(move || {
        let mut client = connect(port, SocketType::Req);
        let started = Instant::now();
        for id in 0..REQUESTS {
            client
                .write(&[&[], &crate::protocol::request_header(b'S', id)])
                .unwrap();
        }
        let mut states = Vec::new();
        for id in 0..REQUESTS {
            let Incoming::Message(reply) = client.read_within(&STOP, TIMEOUT).unwrap() else {
                panic!("a command instead of a reply");
            };
            assert_eq!(&reply[1][..6], &crate::protocol::request_header(b'S', id));
            states.push(reply[2][2]);
        }
        (started.elapsed(), states, client)
    });
    // Meanwhile the tree ticks: the root runs, then succeeds, again and again.
    let mut ticks = 0u64;
    let mut slowest = Duration::ZERO;
    while !flood.is_finished() {
        let tick = Instant::now();
        groot.on_status(3, Status::Running);
        groot.on_status(0, Status::Running);
        groot.on_status(3, Status::Success);
        groot.on_status(0, Status::Success);
        slowest = slowest.max(tick.elapsed());
        ticks += 1;
        std::thread::sleep(Duration::from_micros(200));
    }
    let (took, states, mut client) = flood.join().unwrap();
    let throttled = groot.shared.throttled.load(Ordering::Relaxed);
    println!(
        "{REQUESTS} pipelined requests answered in {took:?} (throttled {throttled} times); \
         {ticks} ticks meanwhile, the slowest {slowest:?}"
    );
    assert!(throttled >= 1, "the throttle never triggered");
    assert!(ticks > 0);
    // Every reply is a status buffer of the ticking tree: the root idle after a success.
    assert!(
        states.iter().all(|&state| matches!(state, 0 | 1 | 2 | 12)),
        "{states:?}"
    );
    assert_eq!(
        request(&mut client, &[&header(b'S')])[1],
        groot.status_buffer()
    );
}
