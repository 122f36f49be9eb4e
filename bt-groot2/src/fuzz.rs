//! Fuzzing the two decoders a client reaches: ZeroMQ's framing (`zmtp`, from the greeting on)
//! and the Groot2 requests (`server::answer`, with the hook JSON).
//!
//! Inputs come from a small deterministic generator (no dependency): well-formed streams and
//! requests, the malformed shapes of issue 39 as seeds (garbage, a frame of 2^63 bytes, endless
//! multipart messages, malformed hook requests, truncated frames), and mutations of both. Each
//! stream is fed through the server's own code, a few bytes per read, and what it answers is
//! checked against a reference decoder written here from RFC 23/37: the same messages answered,
//! the connection dropped at the same point, no panic. `cargo test` runs a few thousand inputs
//! of each; `BT_GROOT2_FUZZ=N` runs N, `BT_GROOT2_FUZZ_SEED=S` another sequence.

use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::protocol::{request_header, RequestError, REQUEST_HEADER_LEN};
use crate::server::{answer, serve, subscription};
use crate::shared::{lock, Activity, Shared};
use crate::zmtp::{Connection, Incoming, Limits, SocketType};
use crate::Groot2Publisher;

/// Inputs per test in `cargo test`; `BT_GROOT2_FUZZ` overrides it.
const DEFAULT_CASES: u64 = 3000;

static STOP: AtomicBool = AtomicBool::new(false);

fn cases() -> u64 {
    std::env::var("BT_GROOT2_FUZZ")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

fn seed() -> u64 {
    std::env::var("BT_GROOT2_FUZZ_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(39)
}

/// SplitMix64: small, fast, and the same sequence everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True one time in `n`.
    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// Fewer than `max` random bytes.
    fn some_bytes(&mut self, max: usize) -> Vec<u8> {
        let len = self.below(max);
        (0..len).map(|_| self.next() as u8).collect()
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

// --- Generating well-formed input ----------------------------------------------------------

const FLAG_MORE: u8 = 0x01;
const FLAG_LONG: u8 = 0x02;
const FLAG_COMMAND: u8 = 0x04;

/// A frame, with the long size form sometimes used for a short body (ZMTP allows it).
fn frame(rng: &mut Rng, out: &mut Vec<u8>, flags: u8, body: &[u8]) {
    if body.len() > 255 || rng.one_in(8) {
        out.push(flags | FLAG_LONG);
        out.extend_from_slice(&(body.len() as u64).to_be_bytes());
    } else {
        out.push(flags);
        out.push(body.len() as u8);
    }
    out.extend_from_slice(body);
}

fn command_body(name: &[u8], data: &[u8]) -> Vec<u8> {
    let mut body = vec![name.len() as u8];
    body.extend_from_slice(name);
    body.extend_from_slice(data);
    body
}

fn greeting(rng: &mut Rng) -> Vec<u8> {
    let mut g = vec![0u8; 64];
    g[0] = 0xFF;
    g[9] = if rng.one_in(4) { 0x01 } else { 0x7F };
    g[10] = 3;
    g[11] = *rng.pick(&[0, 1, 1, 9]);
    g[12..16].copy_from_slice(b"NULL");
    g[32] = rng.below(2) as u8; // as-server: ignored with NULL
    g
}

fn ready(rng: &mut Rng, peer: &[u8]) -> Vec<u8> {
    let mut properties: Vec<(&[u8], Vec<u8>)> = vec![(b"Socket-Type", peer.to_vec())];
    if rng.one_in(2) {
        properties.push((b"Identity", rng.some_bytes(8)));
    }
    if rng.one_in(4) {
        properties.insert(0, (b"X-Other", rng.some_bytes(20)));
    }
    let mut data = Vec::new();
    for (key, value) in properties {
        data.push(key.len() as u8);
        data.extend_from_slice(key);
        data.extend_from_slice(&(value.len() as u32).to_be_bytes());
        data.extend_from_slice(&value);
    }
    command_body(b"READY", &data)
}

const HOOK: &str =
    r#"{"enabled":true,"uid":3,"mode":0,"once":false,"desired_status":"SUCCESS","position":0}"#;
const UNLOCK: &str = r#"{"uid":3,"position":0,"desired_status":"FAILURE","remove_when_done":true}"#;

/// JSON for a hook request: valid, or broken in the ways a careless client breaks it.
fn hook_json(rng: &mut Rng) -> Vec<u8> {
    let base = if rng.one_in(2) { HOOK } else { UNLOCK };
    let mut json = match rng.below(10) {
        0 => format!("[{base},{base}]"),
        1 => "[".repeat(rng.below(40)) + &"]".repeat(rng.below(40)),
        2 => base.replace("3", &rng.next().to_string()),
        3 => base.replace("0", "-1e400"),
        4 => base.replace("true", "\"true\""),
        5 => base.replace("SUCCESS", "\\ud800"),
        6 => base.replace(':', ""),
        7 => format!("{base}{base}"),
        8 => "{\"uid\":".repeat(rng.below(30)),
        _ => base.to_owned(),
    }
    .into_bytes();
    if rng.one_in(3) && !json.is_empty() {
        let cut = rng.below(json.len());
        json.truncate(cut);
    }
    if rng.one_in(6) && !json.is_empty() {
        let at = rng.below(json.len());
        json[at] = rng.next() as u8;
    }
    json
}

/// A Groot2 request's frames: mostly well-formed, sometimes not.
fn request(rng: &mut Rng) -> Vec<Vec<u8>> {
    let kind = *rng.pick(b"TSBIRNUDAXrtZ\0");
    let mut header = request_header(kind, rng.next() as u32).to_vec();
    match rng.below(12) {
        0 => header[0] = rng.next() as u8,
        1 => header.truncate(rng.below(REQUEST_HEADER_LEN)),
        2 => header.push(0),
        _ => {}
    }
    let mut frames = vec![header];
    let second: Option<Vec<u8>> = match kind {
        b'B' => Some(
            rng.pick(&["Main", "Main;Other", "", ";;Main;", "Other"])
                .as_bytes()
                .to_vec(),
        ),
        b'r' => Some(
            rng.pick(&["start", "stop", "", "START"])
                .as_bytes()
                .to_vec(),
        ),
        b'I' | b'R' | b'U' => Some(hook_json(rng)),
        _ => None,
    };
    if let Some(second) = second {
        if !rng.one_in(8) {
            frames.push(second);
        }
    }
    while rng.one_in(8) {
        frames.push(rng.some_bytes(10));
    }
    // Near the limits: as many frames as a message may have, or one more; big frames.
    if rng.one_in(8) {
        let count = 5 + rng.below(5);
        frames.resize_with(count, Vec::new);
    }
    for _ in 0..rng.below(6).saturating_sub(3) {
        let index = rng.below(frames.len());
        let size = 200 + rng.below(500);
        frames[index].resize(size, b';');
    }
    frames
}

/// A whole client stream for a port: greeting, READY, then messages and commands.
fn stream(rng: &mut Rng, kind: SocketType) -> Vec<u8> {
    let mut out = greeting(rng);
    let peer: &[u8] = match kind {
        SocketType::Rep => rng.pick::<&[u8]>(&[b"REQ", b"DEALER", b"REQ", b"REQ", b"SUB"]),
        _ => rng.pick::<&[u8]>(&[b"SUB", b"XSUB", b"SUB", b"SUB", b"REQ"]),
    };
    let ready = ready(rng, peer);
    frame(rng, &mut out, FLAG_COMMAND, &ready);
    for _ in 0..rng.below(24) {
        match rng.below(10) {
            0 => {
                let context = rng.some_bytes(20);
                let data = [&[0, 10][..], &context].concat();
                frame(rng, &mut out, FLAG_COMMAND, &command_body(b"PING", &data));
            }
            1 => {
                let name = *rng.pick::<&[u8]>(&[b"SUBSCRIBE", b"CANCEL", b"PONG", b"X"]);
                let prefix = rng.some_bytes(4);
                frame(rng, &mut out, FLAG_COMMAND, &command_body(name, &prefix));
            }
            2 if kind == SocketType::Pub => {
                let subscribe = [&[rng.below(2) as u8][..], &rng.some_bytes(4)].concat();
                frame(rng, &mut out, 0, &subscribe);
            }
            _ => {
                let mut frames = request(rng);
                if !rng.one_in(10) {
                    frames.insert(0, Vec::new()); // the REQ envelope
                }
                let last = frames.len() - 1;
                for (index, body) in frames.iter().enumerate() {
                    let more = if index < last { FLAG_MORE } else { 0 };
                    frame(rng, &mut out, more, body);
                }
            }
        }
    }
    out
}

/// The shapes of issue 39, after a valid handshake where it matters.
fn seeds(rng: &mut Rng) -> Vec<(SocketType, Vec<u8>)> {
    let mut handshake = greeting(rng);
    let ready = ready(rng, b"REQ");
    frame(rng, &mut handshake, FLAG_COMMAND, &ready);
    let after = |bytes: &[u8]| [&handshake[..], bytes].concat();
    let mut seeds = vec![
        (
            SocketType::Rep,
            b"GET / HTTP/1.1\r\nHost: x\r\n\r\n".repeat(4),
        ),
        (
            SocketType::Pub,
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03".to_vec(),
        ),
        (SocketType::Rep, vec![0xFF; 200]),
        (SocketType::Rep, Vec::new()),
        // A frame of 2^63 bytes, and one of 2^64 - 1.
        (SocketType::Rep, after(&[0x02, 0x80, 0, 0, 0, 0, 0, 0, 0])),
        (
            SocketType::Rep,
            after(&[0x03, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
        ),
        (SocketType::Rep, after(&[0x06, 0x80, 0, 0, 0, 0, 0, 0, 0])),
        // An endless multipart message: empty frames with MORE.
        (SocketType::Rep, after(&[0x01, 0x00].repeat(100))),
        (SocketType::Pub, after(&[0x01, 0x00].repeat(100))),
        // Reserved flag bits, a command inside a message, an empty command.
        (SocketType::Rep, after(&[0x80, 0x00])),
        (
            SocketType::Rep,
            after(&[0x01, 0x00, 0x04, 0x05, 4, b'P', b'I', b'N', b'G']),
        ),
        (SocketType::Rep, after(&[0x04, 0x00])),
        (SocketType::Rep, after(&[0x04, 0x02, 9, b'P'])),
    ];
    // Malformed hook requests (BehaviorTree.CPP's server dies on some of these).
    for json in [
        &b"{bad"[..],
        b"[1,2]",
        b"{\"uid\":4}",
        &[0xFF; 10],
        b"",
        b"null",
        b"{\"uid\":1e999}",
    ] {
        let mut message = Vec::new();
        frame(rng, &mut message, FLAG_MORE, b"");
        frame(rng, &mut message, FLAG_MORE, &request_header(b'I', 1));
        frame(rng, &mut message, 0, json);
        seeds.push((SocketType::Rep, after(&message)));
    }
    // Truncated frames: a valid stream cut at every point.
    let whole = stream(&mut Rng(7), SocketType::Rep);
    for end in (0..whole.len()).step_by(whole.len() / 500 + 1) {
        seeds.push((SocketType::Rep, whole[..end].to_vec()));
    }
    seeds
}

/// A mutation of `input`: a byte changed, bytes inserted, removed or repeated, the stream cut,
/// or a size field made huge.
fn mutate(rng: &mut Rng, input: &mut Vec<u8>) {
    for _ in 0..=rng.below(3) {
        let len = input.len();
        if len == 0 {
            input.extend(rng.some_bytes(16));
            continue;
        }
        let at = rng.below(len);
        match rng.below(7) {
            0 => input[at] ^= 1 << rng.below(8),
            1 => input[at] = rng.next() as u8,
            2 => {
                let extra = rng.some_bytes(8);
                input.splice(at..at, extra);
            }
            3 => {
                let end = (at + 1 + rng.below(8)).min(len);
                input.drain(at..end);
            }
            4 => input.truncate(at),
            5 => {
                let end = (at + 1 + rng.below(32)).min(len);
                let chunk = input[at..end].to_vec();
                input.splice(at..at, chunk);
            }
            _ => {
                // A long size of 2^63 or more in place of whatever was there.
                let mut size = (1u64 << 63 | rng.next()).to_be_bytes().to_vec();
                size.insert(0, FLAG_LONG | (rng.below(2) as u8));
                let end = (at + size.len()).min(len);
                input.splice(at..end, size);
            }
        }
    }
}

// --- Feeding it to the server ----------------------------------------------------------------

/// A peer as a byte stream: reads give the input a few bytes at a time (sometimes nothing yet,
/// as a socket whose read timed out), writes collect what the server sends (or start failing
/// after some bytes, as a peer that stopped reading).
struct Peer<'a> {
    input: &'a [u8],
    at: usize,
    rng: Rng,
    output: Vec<u8>,
    write_budget: Option<usize>,
}

impl Read for Peer<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.rng.one_in(16) {
            return Err(io::ErrorKind::WouldBlock.into());
        }
        let n = (1 + self.rng.below(16))
            .min(buf.len())
            .min(self.input.len() - self.at);
        buf[..n].copy_from_slice(&self.input[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

impl Write for Peer<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(budget) = &mut self.write_budget {
            if *budget == 0 {
                return Err(io::ErrorKind::TimedOut.into());
            }
            let n = buf.len().min(*budget);
            *budget -= n;
            self.output.extend_from_slice(&buf[..n]);
            return Ok(n);
        }
        self.output.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

// --- The reference decoder -----------------------------------------------------------------

/// How far a handshake goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Handshake {
    /// Not a ZMTP 3 greeting with the NULL mechanism: the server hangs up after its greeting.
    BadGreeting,
    /// No valid READY: the server hangs up after its READY.
    BadReady,
    /// A socket type that cannot talk to this one: the server answers ERROR and hangs up.
    WrongType,
    /// Done: messages follow.
    Done,
}

/// Reads ZMTP from a byte slice, written from the RFCs without looking at `zmtp`'s reader.
struct Reference<'a> {
    bytes: &'a [u8],
    at: usize,
    limits: Limits,
}

impl Reference<'_> {
    fn take(&mut self, n: u64) -> Option<&[u8]> {
        let end = self.at.checked_add(usize::try_from(n).ok()?)?;
        let slice = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(slice)
    }

    /// A frame whose body may be `room` bytes at most: its flags and body.
    fn frame(&mut self, room: usize) -> Option<(u8, Vec<u8>)> {
        let flags = self.take(1)?[0];
        if flags & 0xF8 != 0 {
            return None;
        }
        let size = if flags & FLAG_LONG != 0 {
            u64::from_be_bytes(self.take(8)?.try_into().ok()?)
        } else {
            u64::from(self.take(1)?[0])
        };
        if size > room.min(self.limits.max_frame) as u64 {
            return None;
        }
        Some((flags, self.take(size)?.to_vec()))
    }

    /// The greeting and READY of a peer of `ours`: how far the handshake goes.
    fn handshake(&mut self, ours: SocketType) -> Handshake {
        let Some(g) = self.take(64).map(<[u8]>::to_vec) else {
            return Handshake::BadGreeting;
        };
        if g[0] != 0xFF || g[9] & 1 == 0 || g[10] < 3 || &g[12..16] != b"NULL" {
            return Handshake::BadGreeting;
        }
        if g[16..32].iter().any(|&b| b != 0) {
            return Handshake::BadGreeting;
        }
        let Some((flags, body)) = self.frame(self.limits.max_frame) else {
            return Handshake::BadReady;
        };
        if flags & FLAG_COMMAND == 0 || body.first() != Some(&5) || body.get(1..6) != Some(b"READY")
        {
            return Handshake::BadReady;
        }
        // Properties: name length, name, a 4-byte value length, value; the last one named
        // Socket-Type (in any case) counts.
        let mut rest = &body[6..];
        let mut socket_type: &[u8] = b"";
        while let Some((&n, tail)) = rest.split_first() {
            let n = usize::from(n);
            if tail.len() < n + 4 {
                return Handshake::BadReady;
            }
            let (name, tail) = tail.split_at(n);
            let size = u32::from_be_bytes(tail[..4].try_into().unwrap()) as usize;
            let tail = &tail[4..];
            if tail.len() < size {
                return Handshake::BadReady;
            }
            if name.eq_ignore_ascii_case(b"socket-type") {
                socket_type = &tail[..size];
            }
            rest = &tail[size..];
        }
        let accepted = match ours {
            SocketType::Rep => matches!(socket_type, b"REQ" | b"DEALER"),
            SocketType::Pub => matches!(socket_type, b"SUB" | b"XSUB"),
            SocketType::Req => socket_type == b"REP",
            SocketType::Sub => socket_type == b"PUB",
        };
        if accepted {
            Handshake::Done
        } else {
            Handshake::WrongType
        }
    }

    /// The next message (its frames) or `Err(command name)`; `None` at the end or where the
    /// server must hang up.
    fn next(&mut self) -> Option<Result<Vec<Vec<u8>>, Vec<u8>>> {
        let (flags, body) = self.frame(self.limits.max_message)?;
        if flags & FLAG_COMMAND != 0 {
            let (&n, rest) = body.split_first()?;
            let name = rest.get(..usize::from(n))?;
            return Some(Err(name.to_vec()));
        }
        let mut total = body.len();
        let mut more = flags & FLAG_MORE != 0;
        let mut frames = vec![body];
        while more {
            if frames.len() >= self.limits.max_frames {
                return None;
            }
            let (flags, body) = self.frame(self.limits.max_message - total)?;
            if flags & FLAG_COMMAND != 0 {
                return None;
            }
            total += body.len();
            more = flags & FLAG_MORE != 0;
            frames.push(body);
        }
        Some(Ok(frames))
    }
}

/// A publisher's shared state for the fuzz: breakpoints on (the hook decoder runs), messages
/// of 1 KiB and frames of 600 bytes at most, a blackboard already published (no request waits for one).
fn shared() -> Shared {
    let mut shared = Groot2Publisher::builder("Main", crate::tests::TREE)
        .breakpoints(true)
        .max_request_bytes(1024)
        .shared();
    // A frame limit below the message limit, so that both are reached.
    shared.limits.max_frame = 600;
    shared.blackboard_wanted.store(true, Ordering::Relaxed);
    lock(&shared.blackboard).published = true;
    shared
}

/// Checks one reply (without the envelope) to `request`.
fn check_reply(shared: &Shared, request: &[Vec<u8>], reply: &[Vec<u8>]) -> Result<(), String> {
    let messages: Vec<&[u8]> = [
        RequestError::WrongHeader,
        RequestError::WrongProtocol,
        RequestError::Unknown,
        RequestError::NeedsTwoParts,
        RequestError::NodeNotFound,
        RequestError::BadJson,
        RequestError::ReplaceUnsupported,
    ]
    .iter()
    .map(|e| e.message().as_bytes())
    .collect();
    match reply {
        [error, message] if error == b"error" => {
            if !messages.contains(&message.as_slice()) {
                return Err(format!("unknown error message {message:?}"));
            }
        }
        [header, body @ ..] => {
            let sent = request.first().ok_or("a reply to an empty request")?;
            if header.len() != 22 || header[..6] != sent[..] || header[6..] != shared.uuid {
                return Err(format!("reply header {header:?} to {sent:?}"));
            }
            match (sent[1], body) {
                (b'S', [buffer]) if buffer.len() == 3 * shared.order.len() => {}
                (b'T', [xml]) if xml == shared.xml.as_bytes() => {}
                (b'S' | b'T', _) => return Err(format!("body {body:?}")),
                _ => {}
            }
        }
        [] => return Err("an empty reply".into()),
    }
    Ok(())
}

/// Feeds one stream to the server's code for `kind` and checks what came back against the
/// reference decoder.
fn run_stream(
    shared: &Shared,
    kind: SocketType,
    input: &[u8],
    rng: &mut Rng,
    seen: &mut Seen,
) -> Result<(), String> {
    let write_budget = rng.one_in(16).then(|| rng.below(200));
    let mut peer = Peer {
        input,
        at: 0,
        rng: Rng(rng.next()),
        output: Vec::new(),
        write_budget,
    };
    if let Ok(connection) = Connection::handshake_on(&mut peer, kind, shared.limits, &STOP) {
        serve(shared, connection, kind, &Activity::default());
    }
    let output = std::mem::take(&mut peer.output);
    // What the server should have understood.
    let mut expected = Reference {
        bytes: input,
        at: 0,
        limits: shared.limits,
    };
    let handshake = expected.handshake(kind);
    seen.handshakes[handshake as usize] += 1;
    let mut requests = Vec::new();
    let mut pings = 0;
    if handshake == Handshake::Done {
        while let Some(next) = expected.next() {
            match next {
                Err(name) if name == b"ERROR" => break,
                Err(name) => pings += usize::from(name == b"PING"),
                Ok(frames) if kind == SocketType::Rep => {
                    if !frames[0].is_empty() {
                        break; // not a REQ envelope: the server hangs up
                    }
                    requests.push(frames[1..].to_vec());
                }
                Ok(_) => {}
            }
        }
    }
    // What it said: its greeting, its READY unless the peer's greeting was wrong, an ERROR if
    // the peer's socket type was, and then replies and PONGs.
    let mut said = Reference {
        bytes: &output,
        at: 0,
        limits: Limits {
            max_frame: usize::MAX,
            max_message: usize::MAX,
            max_frames: usize::MAX,
            ..shared.limits
        },
    };
    let complete = write_budget.is_none();
    let greeting = said.take(64).map(<[u8]>::to_vec);
    match greeting {
        Some(g) if g[..12] == [0xFF, 0, 0, 0, 0, 0, 0, 0, 1, 0x7F, 3, 1] => {}
        None if !complete => return Ok(()),
        _ => return Err(format!("no greeting: {output:02x?}")),
    }
    if handshake == Handshake::BadGreeting {
        return match output.len() {
            64 => Ok(()),
            _ => Err("more than a greeting after a bad one".into()),
        };
    }
    let ours: &[u8] = if kind == SocketType::Rep {
        b"REP"
    } else {
        b"PUB"
    };
    match said.frame(usize::MAX) {
        Some((FLAG_COMMAND, body))
            if body
                == command_body(
                    b"READY",
                    &[&[11][..], b"Socket-Type", &[0, 0, 0, 3], ours].concat(),
                ) => {}
        None if !complete => return Ok(()),
        other => return Err(format!("no READY: {other:02x?}")),
    }
    let mut replies = Vec::new();
    let mut pongs = 0;
    let mut error = false;
    while let Some(next) = said.next() {
        match next {
            _ if error => return Err("more after an ERROR".into()),
            Ok(mut frames) => {
                if !frames[0].is_empty() {
                    return Err("a reply without the REQ envelope".into());
                }
                frames.remove(0);
                replies.push(frames);
            }
            Err(name) if name == b"PONG" => pongs += 1,
            Err(name) if name == b"ERROR" => error = true,
            Err(name) => return Err(format!("the server sent command {name:?}")),
        }
    }
    if said.at != output.len() && complete {
        return Err("the server's output does not parse".into());
    }
    if complete {
        if error != (handshake == Handshake::WrongType) {
            return Err(format!("ERROR sent: {error}, handshake {handshake:?}"));
        }
        if replies.len() != requests.len() {
            return Err(format!(
                "{} replies to {} requests",
                replies.len(),
                requests.len()
            ));
        }
        if kind == SocketType::Rep && pongs != pings {
            return Err(format!("{pongs} PONGs for {pings} PINGs"));
        }
    }
    for (request, reply) in requests.iter().zip(&replies) {
        check_reply(shared, request, reply)?;
        seen.replies += 1;
        seen.errors += usize::from(reply[0] == b"error");
    }

    Ok(())
}

/// What the inputs reached, so that a generator that stopped reaching the deep states shows.
#[derive(Debug, Default)]
struct Seen {
    /// By [`Handshake`] outcome.
    handshakes: [usize; 4],
    replies: usize,
    errors: usize,
}

fn report(what: &str, seed: u64, case: u64, input: &[u8], error: &str) -> ! {
    panic!(
        "{what}: case {case} of seed {seed} failed: {error}\n\
         input ({} bytes): {input:02x?}\n\
         (rerun: BT_GROOT2_FUZZ={} BT_GROOT2_FUZZ_SEED={seed})",
        input.len(),
        case + 1
    );
}

#[test]
fn zmtp_streams() {
    let shared = shared();
    let seed = seed();
    let mut rng = Rng(seed);
    let seeds = seeds(&mut rng);
    let mut seen = Seen::default();
    for (index, (kind, input)) in seeds.iter().enumerate() {
        if let Err(error) = run_stream(&shared, *kind, input, &mut rng, &mut seen) {
            report("zmtp seed", seed, index as u64, input, &error);
        }
    }
    for case in 0..cases() {
        let kind = if rng.one_in(4) {
            SocketType::Pub
        } else {
            SocketType::Rep
        };
        let mut input = match rng.below(4) {
            0 => rng.pick(&seeds).1.clone(),
            _ => stream(&mut rng, kind),
        };
        if !rng.one_in(3) {
            mutate(&mut rng, &mut input);
        }
        if let Err(error) = run_stream(&shared, kind, &input, &mut rng, &mut seen) {
            report("zmtp", seed, case, &input, &error);
        }
    }
    println!("{} streams and {} seeds: {seen:?}", cases(), seeds.len());
    // Every outcome is reached, and most streams get requests answered, some with errors.
    assert!(seen.handshakes.iter().all(|&n| n > 0), "{seen:?}");
    assert!(
        seen.replies as u64 > cases() && seen.errors > seen.replies / 10,
        "{seen:?}"
    );
}

#[test]
fn groot2_requests() {
    let shared = shared();
    let seed = seed();
    let mut rng = Rng(seed ^ 0x6772_6F6F_7432);
    for case in 0..cases() {
        let mut frames = request(&mut rng);
        if rng.one_in(3) {
            let index = rng.below(frames.len());
            mutate(&mut rng, &mut frames[index]);
        }
        let reply = answer(&shared, &frames);
        if let Err(error) = check_reply(&shared, &frames, &reply) {
            report("groot2", seed, case, &frames.concat(), &error);
        }
        // The hooks stay a JSON array of hooks on existing nodes.
        let dump = answer(&shared, &[request_header(b'D', 0).to_vec()]);
        let dump = crate::json::Json::parse(&dump[1]);
        let Some(crate::json::Json::Array(hooks)) = dump else {
            report(
                "groot2 hooks",
                seed,
                case,
                &frames.concat(),
                "the dump is not an array",
            );
        };
        for hook in hooks {
            let uid = hook.get("uid").and_then(|uid| uid.as_int(1, 4));
            if uid.is_none() {
                report(
                    "groot2 hooks",
                    seed,
                    case,
                    &frames.concat(),
                    "a hook on no node",
                );
            }
        }
    }
    // The subscriptions of a PUB peer stay bounded, whatever it sends.
    let mut subscriptions = Vec::new();
    for _ in 0..cases() {
        let prefix = rng.some_bytes(80);
        let incoming = match rng.below(4) {
            0 => Incoming::Subscribe(prefix),
            1 => Incoming::Cancel(prefix),
            2 => Incoming::Message(vec![[&[rng.below(3) as u8][..], &prefix].concat()]),
            _ => Incoming::Message(vec![prefix.clone(), prefix]),
        };
        subscription(&mut subscriptions, incoming);
        assert!(subscriptions.len() <= 32 && subscriptions.iter().all(|p| p.len() <= 64));
    }
    // None of it was throttled (answer() is below the throttle).
    assert_eq!(shared.throttled.load(Ordering::Relaxed), 0);
}
