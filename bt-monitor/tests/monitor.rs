//! The monitor end to end, without a browser: agents record only while watched, a page's
//! WebSocket gets the tree, the history and each tick, and the server's limits hold under a
//! flood of clients while the tree keeps ticking (`flood_of_clients`, which prints its figures
//! with `-- --nocapture`).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bt::{behavior_tree, StatefulAction, Status};
use bt_monitor::{Agent, Monitor};
use tungstenite::{Message, WebSocket};

pub struct World {
    pub battery: u32,
    pub fail: bool,
}

/// Drives one tick (running), arrives the next.
#[derive(Default)]
pub struct Drive;

impl StatefulAction<World> for Drive {
    fn on_start(&mut self, world: &mut World) -> Status {
        world.battery -= 1;
        Status::Running
    }

    fn on_running(&mut self, _: &mut World) -> Status {
        Status::Success
    }
}

behavior_tree! {
    /// Fails while `fail`, else drives.
    pub tree Rover for World {
        Fallback {
            Sequence {
                Condition(|w| !w.fail),
                StatefulAction(Drive),
            },
            AlwaysFailure,
        }
    }
}

fn monitor() -> Monitor {
    Monitor::builder().port(0).start().expect("a free port")
}

type Socket = WebSocket<TcpStream>;

fn page(address: SocketAddr) -> Socket {
    let stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let (socket, _) = tungstenite::client(format!("ws://{address}/ws"), stream).expect("handshake");
    socket
}

/// The next message of type `kind` (others are skipped).
fn next(socket: &mut Socket, kind: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if let Message::Text(text) = socket.read().expect("a message") {
            if text.as_str().contains(&format!("\"type\":\"{kind}\"")) {
                return text.as_str().to_string();
            }
        }
    }
    panic!("no `{kind}` message");
}

fn wait_for(what: &str, mut condition: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !condition() {
        assert!(Instant::now() < deadline, "waited 10 s for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn tick(agent: &mut Agent, rover: &mut Rover, world: &mut World) -> Status {
    let status = agent.tick(rover, world);
    agent.blackboard(|entries| {
        entries
            .entry("battery", world.battery)
            .entry("fail", world.fail);
    });
    status
}

#[test]
fn a_page_gets_the_tree_the_history_and_each_tick() {
    let monitor = monitor();
    let mut world = World {
        battery: 100,
        fail: false,
    };
    let mut rover = Rover::new();
    let mut agent = monitor.agent_for::<Rover>("rover-1");
    let _other = monitor.agent("rover-2", "Rover", Rover::NODES);
    assert_eq!(monitor.agent_count(), 2);
    // Nobody watches: nothing is recorded.
    for _ in 0..4 {
        tick(&mut agent, &mut rover, &mut world);
    }
    assert_eq!(agent.ticks(), 4);
    assert_eq!(monitor.history_bytes(), 0);

    let mut socket = page(monitor.local_addr());
    assert!(next(&mut socket, "hello").contains("\"history\":1000"));
    let list = next(&mut socket, "agents");
    assert!(list.contains("\"name\":\"rover-1\"") && list.contains("\"name\":\"rover-2\""));
    assert!(list.contains("\"total\":2"), "{list}");
    wait_for("the page", || monitor.pages() == 1);

    socket
        .send(Message::text(format!("watch {}", agent.id())))
        .unwrap();
    let tree = next(&mut socket, "tree");
    assert!(tree.contains("\"name\":\"Rover\""), "{tree}");
    assert!(tree.contains("\"kind\":\"Fallback\""), "{tree}");
    // Nothing recorded yet: an empty history.
    let history = next(&mut socket, "history");
    assert!(history.contains("\"ticks\":[]"), "{history}");
    wait_for("the watcher", || agent.watched());

    // Tick 5: the condition, the action (running), the sequence, the fallback.
    assert_eq!(tick(&mut agent, &mut rover, &mut world), Status::Running);
    let ticks = next(&mut socket, "ticks");
    assert!(
        ticks.contains("\"n\":5,") && ticks.contains("\"ev\":[18,25,9,1]"),
        "{ticks}"
    );
    assert!(
        ticks.contains("\"bb\":{\"battery\":97,\"fail\":false}"),
        "{ticks}"
    );

    // The drive arrives (the sequence does not check its condition again), then a failing
    // tick whose blackboard did not change: the blackboard is not sent again.
    world.fail = true;
    assert_eq!(tick(&mut agent, &mut rover, &mut world), Status::Success);
    assert_eq!(tick(&mut agent, &mut rover, &mut world), Status::Failure);
    let mut seen = String::new();
    while !seen.contains("\"n\":7,") {
        seen.push_str(&next(&mut socket, "ticks"));
    }
    assert!(seen.contains("\"n\":6,\"t\":"), "{seen}");
    assert_eq!(seen.matches("\"bb\":").count(), 1, "{seen}");

    // Another page watching from now gets the whole history at once.
    let mut second = page(monitor.local_addr());
    second
        .send(Message::text(format!("watch {}", agent.id())))
        .unwrap();
    let history = next(&mut second, "history");
    for n in 5..=7 {
        assert!(history.contains(&format!("\"n\":{n},")), "{history}");
    }
    assert!(history.contains("\"base\":[0,0,0,0,0]"), "{history}");

    // Finding agents by name and by id.
    socket.send(Message::text("find rover-2")).unwrap();
    let found = next(&mut socket, "agents");
    assert!(
        found.contains("\"matched\":1") && found.contains("rover-2"),
        "{found}"
    );
    socket.send(Message::text("find #0")).unwrap();
    let found = next(&mut socket, "agents");
    assert!(
        found.contains("\"matched\":1") && found.contains("rover-1"),
        "{found}"
    );

    // An agent dropped leaves the list.
    drop(_other);
    assert_eq!(monitor.agent_count(), 1);
}

#[test]
fn halts_errors_and_kept_history() {
    let monitor = monitor();
    let mut world = World {
        battery: 100,
        fail: false,
    };
    let mut rover = Rover::new();
    let mut agent = monitor.agent("rover", "Rover", Rover::NODES);
    agent.keep_history(true);
    assert_eq!(tick(&mut agent, &mut rover, &mut world), Status::Running);
    agent.halt(&mut rover, &mut world);
    world.fail = true;
    tick(&mut agent, &mut rover, &mut world);
    agent.error(&"no road");
    // Recorded with nobody watching: the page opened now sees them.
    assert!(monitor.history_bytes() > 0);
    let mut socket = page(monitor.local_addr());
    socket
        .send(Message::text(format!("watch {}", agent.id())))
        .unwrap();
    let history = next(&mut socket, "history");
    assert!(history.contains("\"n\":1,"), "{history}");
    // The halt of the running action and its ancestors, as a record of its own.
    assert!(history.contains("\"halt\":true"), "{history}");
    assert!(history.contains("\"err\":\"no road\""), "{history}");
}

/// Opens a TCP connection and sends nothing (a slow client holding a slot).
fn idle(address: SocketAddr) -> TcpStream {
    TcpStream::connect(address).unwrap()
}

/// An HTTP request for the page: the status line of the answer.
fn get(address: SocketAddr, path: &str, host: &str) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n").unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    answer.lines().next().unwrap_or("").to_string()
}

#[test]
fn requests_are_checked() {
    let monitor = monitor();
    let address = monitor.local_addr();
    let host = address.to_string();
    assert_eq!(get(address, "/", &host), "HTTP/1.1 200 OK");
    assert_eq!(get(address, "/monitor.js", "localhost"), "HTTP/1.1 200 OK");
    assert_eq!(get(address, "/nothing", &host), "HTTP/1.1 404 Not Found");
    // DNS rebinding: a name that is not this machine's.
    assert_eq!(get(address, "/", "evil.example"), "HTTP/1.1 403 Forbidden");
    // A WebSocket from a page of another origin.
    let stream = TcpStream::connect(address).unwrap();
    let request = tungstenite::handshake::client::Request::builder()
        .uri(format!("ws://{address}/ws"))
        .header("Host", &host)
        .header("Origin", "http://evil.example")
        .header("Connection", "Upgrade")
        .header("Upgrade", "websocket")
        .header("Sec-WebSocket-Version", "13")
        .header(
            "Sec-WebSocket-Key",
            tungstenite::handshake::client::generate_key(),
        )
        .body(())
        .unwrap();
    assert!(tungstenite::client(request, stream).is_err());
    // A request head over 8 KiB.
    let mut stream = TcpStream::connect(address).unwrap();
    let _ = write!(stream, "GET / HTTP/1.1\r\nX: {}\r\n", "a".repeat(9000));
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
    let stats = monitor.stats();
    assert_eq!((stats.rejected, stats.oversized), (2, 1), "{stats:?}");
}

/// The flood: idle connections, pages that never read, a page sending oversized messages, one
/// sending commands too fast; meanwhile a tree ticks as fast as it can and a real page watches
/// it. Prints the figures (`cargo test --test monitor flood -- --nocapture`).
#[test]
fn flood_of_clients() {
    let monitor = Monitor::builder()
        .port(0)
        .max_connections(16)
        .update_interval(Duration::from_millis(20))
        .start()
        .unwrap();
    let address = monitor.local_addr();
    let stop = Arc::new(AtomicBool::new(false));
    let agent = monitor.agent_for::<Rover>("rover");
    let id = agent.id();
    // The ticking thread: as fast as it can, recording its slowest tick.
    let ticker = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut agent = agent;
            let mut world = World {
                battery: u32::MAX,
                fail: false,
            };
            let mut rover = Rover::new();
            let (mut ticks, mut slowest) = (0u64, Duration::ZERO);
            while !stop.load(Ordering::Relaxed) {
                let start = Instant::now();
                world.fail = ticks % 7 == 0;
                tick(&mut agent, &mut rover, &mut world);
                slowest = slowest.max(start.elapsed());
                ticks += 1;
                if ticks % 64 == 0 {
                    std::thread::yield_now();
                }
            }
            (ticks, slowest)
        })
    };

    let started = Instant::now();
    // 8 pages that watch the rover and never read: the server's writes to them stall.
    let mut stalled = Vec::new();
    for _ in 0..8 {
        let mut socket = page(address);
        socket.send(Message::text(format!("watch {id}"))).unwrap();
        socket.flush().unwrap();
        stalled.push(socket);
    }
    // 100 connections that send nothing.
    let idle: Vec<TcpStream> = (0..100).map(|_| idle(address)).collect();
    // A page sending a message over the 4 KiB limit, and one sending 200 commands at once.
    let mut oversized = page(address);
    let _ = oversized.send(Message::text("find ".to_string() + &"x".repeat(10_000)));
    let _ = oversized.flush();
    let mut flooder = page(address);
    for _ in 0..200 {
        let _ = flooder.send(Message::text("find x"));
    }
    let _ = flooder.flush();

    // A real page, now: it gets in (an idle connection makes room) and sees the rover live.
    let joined = Instant::now();
    let mut real = page(address);
    real.send(Message::text(format!("watch {id}"))).unwrap();
    next(&mut real, "history");
    let mut live = 0;
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline && live < 20 {
        if let Ok(Message::Text(text)) = real.read() {
            if text.as_str().contains("\"type\":\"ticks\"") {
                live += 1;
            }
        }
    }
    let served_in = joined.elapsed();
    assert!(live >= 20, "the real page got {live} updates");

    // The pages that never read are dropped once their writes time out (1 s).
    wait_for("the stalled pages to be dropped", || {
        monitor.stats().slow >= 8
    });
    let history = monitor.history_bytes();
    stop.store(true, Ordering::Relaxed);
    let (ticks, slowest) = ticker.join().unwrap();
    let stats = monitor.stats();
    println!(
        "flood: 8 stalled pages, 100 idle connections, 1 oversized message, 200 commands at \
         once, 1 real page; limit 16 connections\n\
         flood: {stats:?}\n\
         flood: the real page joined and got 20 live updates in {served_in:?}; at most {} \
         connections open; {ticks} ticks in {:?}, the slowest {slowest:?}; history {} bytes",
        16,
        started.elapsed(),
        history,
    );
    assert!(stats.evicted >= 50, "{stats:?}");
    assert_eq!(stats.oversized, 1, "{stats:?}");
    assert_eq!(stats.flooding, 1, "{stats:?}");
    assert!(stats.slow >= 8, "{stats:?}");
    assert!(monitor.connections() <= 16);
    // Bounded: the ring of 1000 ticks of a 5-node tree, a few hundred kB at most.
    assert!(history > 0 && history < 400_000, "{history}");
    drop(idle);
    drop(stalled);
}
