//! The publisher over loopback TCP, with a client speaking our own ZMTP (no Python, no libzmq:
//! `tests/groot2/check.py` checks the same against pyzmq, btview and BehaviorTree.CPP).

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, TcpStream};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

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
const TREE: &[NodeInfo] = &[
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

/// One request and its reply (without the REQ envelope).
fn request(client: &mut Connection, frames: &[&[u8]]) -> Vec<Vec<u8>> {
    let mut parts: Vec<&[u8]> = vec![&[]];
    parts.extend_from_slice(frames);
    client.write(&parts).unwrap();
    match client.read(&STOP).unwrap() {
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
    assert!(client.read(&STOP).is_err());
    // Garbage instead of a greeting.
    let mut raw = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
    raw.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
    assert!(closed_by_server(&mut raw));
    // The observer is called meanwhile; it only touches atomics.
    for _ in 0..1000 {
        groot.on_status(2, Status::Success);
        groot.on_status(0, Status::Failure);
    }
    // Beyond max_connections, connections are closed at once.
    let held: Vec<Connection> = (0..3).map(|_| connect(port, SocketType::Req)).collect();
    let mut extra = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
    assert!(closed_by_server(&mut extra));
    drop(held);
    // Served again once they are gone.
    let mut client = loop {
        let stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
        if let Ok(client) = Connection::handshake(stream, SocketType::Req, LIMITS, &STOP) {
            break client;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
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
        match subscriber.read(&STOP).unwrap() {
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
