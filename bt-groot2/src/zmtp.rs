//! The part of ZeroMQ's wire protocol the Groot2 monitor needs: ZMTP 3.1 (RFC 37) over TCP with
//! the NULL security mechanism, for a REP socket (answers REQ and DEALER peers) and a PUB socket
//! (sends to SUB and XSUB peers).
//!
//! Everything a peer sends is bounded: a frame, a message and the number of frames have
//! [`Limits`]; a handshake and a message that has started must arrive within a deadline; a write
//! that the peer does not read within its timeout fails. A peer that breaks a limit or the
//! protocol is disconnected: the stream cannot be resynchronised after a bad frame header.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How often a blocked read wakes up to look at the stop flag.
pub(crate) const POLL: Duration = Duration::from_millis(100);

const FLAG_MORE: u8 = 0x01;
const FLAG_LONG: u8 = 0x02;
const FLAG_COMMAND: u8 = 0x04;

/// Which end of the Groot2 protocol a connection is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SocketType {
    /// The request server (ZeroMQ REP).
    Rep,
    /// The notification publisher (ZeroMQ PUB).
    Pub,
    /// A request client (the tests' side of a REP).
    #[cfg(test)]
    Req,
    /// A subscriber (the tests' side of a PUB).
    #[cfg(test)]
    Sub,
}

impl SocketType {
    fn name(self) -> &'static [u8] {
        match self {
            SocketType::Rep => b"REP",
            SocketType::Pub => b"PUB",
            #[cfg(test)]
            SocketType::Req => b"REQ",
            #[cfg(test)]
            SocketType::Sub => b"SUB",
        }
    }

    /// The peer socket types ZeroMQ allows to talk to this one.
    fn accepts(self, peer: &[u8]) -> bool {
        match self {
            SocketType::Rep => peer == b"REQ" || peer == b"DEALER",
            SocketType::Pub => peer == b"SUB" || peer == b"XSUB",
            #[cfg(test)]
            SocketType::Req => peer == b"REP",
            #[cfg(test)]
            SocketType::Sub => peer == b"PUB",
        }
    }
}

/// What a peer may send.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// The largest frame, in bytes.
    pub max_frame: usize,
    /// The largest message (all its frames), in bytes.
    pub max_message: usize,
    /// The most frames in one message.
    pub max_frames: usize,
    /// Time for the whole handshake (greeting and READY).
    pub handshake_timeout: Duration,
    /// Time for the rest of a message once its first byte has arrived.
    pub message_timeout: Duration,
    /// Time a write may wait for the peer to read.
    pub write_timeout: Duration,
}

/// What came in on a connection.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Incoming {
    /// A message: its frames.
    Message(Vec<Vec<u8>>),
    /// A subscription to the messages starting with these bytes (a ZMTP 3.1 `SUBSCRIBE`
    /// command; ZMTP 3.0 peers send a message `0x01` + prefix instead).
    Subscribe(Vec<u8>),
    /// The end of such a subscription (`CANCEL`, or a message `0x00` + prefix).
    Cancel(Vec<u8>),
    /// Another command (a `PING`, already answered with its `PONG`, or one ZMTP lets a peer
    /// send and this end ignores): the caller counts it against the peer's request rate.
    Command,
}

/// How long a read waits for a message to start.
#[derive(Clone, Copy)]
enum Wait {
    /// As long as the peer is quiet (until `stop`).
    Forever,
    /// At most one [`POLL`]: `None` if nothing came.
    Poll,
    /// Until this deadline, then `TimedOut`.
    #[cfg(test)]
    Until(Instant),
}

/// One peer, after the handshake: over TCP, or over any byte stream (the fuzz test's).
pub(crate) struct Connection<S = TcpStream> {
    stream: S,
    limits: Limits,
    out: Vec<u8>,
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.to_owned())
}

/// Reads exactly `buf.len()` bytes. Without a deadline it waits as long as the peer is quiet
/// (checking `stop` every [`POLL`]); with one, it fails with `TimedOut` when the deadline passes.
fn read_full(
    stream: &mut impl Read,
    buf: &mut [u8],
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> io::Result<()> {
    let mut filled = 0;
    while filled < buf.len() {
        match stream.read(&mut buf[filled..]) {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                if stop.load(Ordering::Relaxed) {
                    return Err(io::Error::other("shutting down"));
                }
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    return Err(io::ErrorKind::TimedOut.into());
                }
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Our greeting: signature, version 3.1, mechanism NULL, not a server of a security handshake.
fn greeting() -> [u8; 64] {
    let mut g = [0u8; 64];
    g[0] = 0xFF;
    g[8] = 0x01;
    g[9] = 0x7F;
    g[10] = 3;
    g[11] = 1;
    g[12..16].copy_from_slice(b"NULL");
    g
}

/// A command frame's body: the name, then the metadata properties.
fn command(name: &[u8], properties: &[(&[u8], &[u8])]) -> Vec<u8> {
    let mut body = Vec::with_capacity(64);
    body.push(name.len() as u8);
    body.extend_from_slice(name);
    for (key, value) in properties {
        body.push(key.len() as u8);
        body.extend_from_slice(key);
        body.extend_from_slice(&(value.len() as u32).to_be_bytes());
        body.extend_from_slice(value);
    }
    body
}

fn push_frame(out: &mut Vec<u8>, flags: u8, body: &[u8]) {
    if body.len() > 255 {
        out.push(flags | FLAG_LONG);
        out.extend_from_slice(&(body.len() as u64).to_be_bytes());
    } else {
        out.push(flags);
        out.push(body.len() as u8);
    }
    out.extend_from_slice(body);
}

/// The name of a command body, and the rest.
fn split_command(body: &[u8]) -> io::Result<(&[u8], &[u8])> {
    let (&len, rest) = body.split_first().ok_or_else(|| invalid("empty command"))?;
    let len = usize::from(len);
    if rest.len() < len {
        return Err(invalid("truncated command name"));
    }
    Ok(rest.split_at(len))
}

/// The value of property `key` in a READY command's metadata.
pub(crate) fn property<'a>(mut metadata: &'a [u8], key: &[u8]) -> io::Result<Option<&'a [u8]>> {
    let mut found = None;
    while !metadata.is_empty() {
        let name_len = usize::from(metadata[0]);
        let rest = &metadata[1..];
        if rest.len() < name_len + 4 {
            return Err(invalid("truncated property"));
        }
        let (name, rest) = rest.split_at(name_len);
        let value_len = u32::from_be_bytes([rest[0], rest[1], rest[2], rest[3]]) as usize;
        let rest = &rest[4..];
        if rest.len() < value_len {
            return Err(invalid("truncated property value"));
        }
        let (value, rest) = rest.split_at(value_len);
        if name.eq_ignore_ascii_case(key) {
            found = Some(value);
        }
        metadata = rest;
    }
    Ok(found)
}

impl Connection {
    /// Greets the peer, checks its greeting and socket type, and exchanges READY commands.
    pub(crate) fn handshake(
        stream: TcpStream,
        ours: SocketType,
        limits: Limits,
        stop: &AtomicBool,
    ) -> io::Result<Connection> {
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(POLL))?;
        stream.set_write_timeout(Some(limits.write_timeout))?;
        Connection::handshake_on(stream, ours, limits, stop)
    }
}

impl<S: Read + Write> Connection<S> {
    /// [`handshake`](Connection::handshake) on a stream whose reads already time out (every
    /// [`POLL`] at most, so that deadlines and `stop` are looked at) and whose writes fail
    /// when the peer does not read.
    pub(crate) fn handshake_on(
        mut stream: S,
        ours: SocketType,
        limits: Limits,
        stop: &AtomicBool,
    ) -> io::Result<Connection<S>> {
        let deadline = Some(Instant::now() + limits.handshake_timeout);
        stream.write_all(&greeting())?;
        let mut peer = [0u8; 64];
        read_full(&mut stream, &mut peer[..11], deadline, stop)?;
        if peer[0] != 0xFF || peer[9] & 0x01 == 0 {
            return Err(invalid("not a ZMTP peer"));
        }
        if peer[10] < 3 {
            return Err(invalid("ZMTP before 3.0 is not supported"));
        }
        read_full(&mut stream, &mut peer[11..], deadline, stop)?;
        let mechanism = &peer[12..32];
        if &mechanism[..4] != b"NULL" || mechanism[4..].iter().any(|&b| b != 0) {
            return Err(invalid("only the NULL security mechanism is supported"));
        }
        let mut connection = Connection {
            stream,
            limits,
            out: Vec::with_capacity(256),
        };
        let ready = command(b"READY", &[(b"Socket-Type", ours.name())]);
        connection.out.clear();
        push_frame(&mut connection.out, FLAG_COMMAND, &ready);
        connection.flush()?;
        let (flags, body) = connection.read_frame(deadline, stop, limits.max_frame)?;
        if flags & FLAG_COMMAND == 0 {
            return Err(invalid("expected READY"));
        }
        let (name, metadata) = split_command(&body)?;
        if name != b"READY" {
            return Err(invalid("expected READY"));
        }
        let socket_type = property(metadata, b"Socket-Type")?.unwrap_or_default();
        if !ours.accepts(socket_type) {
            let error = command(b"ERROR", &[]);
            let mut error = error;
            let reason = b"Invalid socket type";
            error.push(reason.len() as u8);
            error.extend_from_slice(reason);
            connection.out.clear();
            push_frame(&mut connection.out, FLAG_COMMAND, &error);
            let _ = connection.flush();
            return Err(invalid("incompatible socket type"));
        }
        Ok(connection)
    }

    /// One frame: its flags and body. The first byte may be awaited without a deadline when
    /// `deadline` is `None`; the rest of the frame must then come within the message timeout.
    fn read_frame(
        &mut self,
        deadline: Option<Instant>,
        stop: &AtomicBool,
        room: usize,
    ) -> io::Result<(u8, Vec<u8>)> {
        let mut flags = [0u8; 1];
        read_full(&mut self.stream, &mut flags, deadline, stop)?;
        self.read_frame_after(flags[0], deadline, stop, room)
    }

    /// The rest of a frame whose flags byte has been read.
    fn read_frame_after(
        &mut self,
        flags: u8,
        deadline: Option<Instant>,
        stop: &AtomicBool,
        room: usize,
    ) -> io::Result<(u8, Vec<u8>)> {
        if flags & !(FLAG_MORE | FLAG_LONG | FLAG_COMMAND) != 0 {
            return Err(invalid("reserved frame flags"));
        }
        let deadline = deadline.or_else(|| Some(Instant::now() + self.limits.message_timeout));
        let size = if flags & FLAG_LONG != 0 {
            let mut size = [0u8; 8];
            read_full(&mut self.stream, &mut size, deadline, stop)?;
            u64::from_be_bytes(size)
        } else {
            let mut size = [0u8; 1];
            read_full(&mut self.stream, &mut size, deadline, stop)?;
            u64::from(size[0])
        };
        if size > room.min(self.limits.max_frame) as u64 {
            return Err(invalid("frame too large"));
        }
        let mut body = vec![0u8; size as usize];
        read_full(&mut self.stream, &mut body, deadline, stop)?;
        Ok((flags, body))
    }

    /// The next message, subscription or command. Answers PINGs on the way.
    pub(crate) fn read(&mut self, stop: &AtomicBool) -> io::Result<Incoming> {
        loop {
            if let Some(incoming) = self.read_some(stop, Wait::Forever)? {
                return Ok(incoming);
            }
        }
    }

    /// Like [`read`](Self::read), but `None` if nothing starts to arrive within [`POLL`].
    pub(crate) fn poll(&mut self, stop: &AtomicBool) -> io::Result<Option<Incoming>> {
        self.read_some(stop, Wait::Poll)
    }

    /// Like [`read`](Self::read), but failing with `TimedOut` if nothing (or not all of a
    /// message) has come within `within` (the tests' client).
    #[cfg(test)]
    pub(crate) fn read_within(
        &mut self,
        stop: &AtomicBool,
        within: Duration,
    ) -> io::Result<Incoming> {
        let deadline = Instant::now() + within;
        loop {
            if let Some(incoming) = self.read_some(stop, Wait::Until(deadline))? {
                return Ok(incoming);
            }
        }
    }

    fn read_some(&mut self, stop: &AtomicBool, wait: Wait) -> io::Result<Option<Incoming>> {
        {
            let mut first = [0u8; 1];
            let deadline = match wait {
                #[cfg(test)]
                Wait::Until(until) => Some(until),
                _ => None,
            };
            if let Wait::Poll = wait {
                match self.stream.read(&mut first) {
                    Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
                    Ok(_) => {}
                    Err(e)
                        if matches!(
                            e.kind(),
                            io::ErrorKind::WouldBlock
                                | io::ErrorKind::TimedOut
                                | io::ErrorKind::Interrupted
                        ) =>
                    {
                        return Ok(None)
                    }
                    Err(e) => return Err(e),
                }
            } else {
                read_full(&mut self.stream, &mut first, deadline, stop)?;
            }
            let (flags, body) =
                self.read_frame_after(first[0], deadline, stop, self.limits.max_message)?;
            if flags & FLAG_COMMAND != 0 {
                let (name, data) = split_command(&body)?;
                match name {
                    b"PING" => {
                        // TTL (2 bytes), then a context of up to 16 bytes to send back.
                        let context = data.get(2..).unwrap_or_default();
                        let context = &context[..context.len().min(16)];
                        let mut pong = command(b"PONG", &[]);
                        pong.extend_from_slice(context);
                        self.out.clear();
                        push_frame(&mut self.out, FLAG_COMMAND, &pong);
                        self.flush()?;
                    }
                    b"SUBSCRIBE" => return Ok(Some(Incoming::Subscribe(data.to_vec()))),
                    b"CANCEL" => return Ok(Some(Incoming::Cancel(data.to_vec()))),
                    b"ERROR" => return Err(invalid("peer sent ERROR")),
                    _ => {}
                }
                return Ok(Some(Incoming::Command));
            }
            let deadline = Some(Instant::now() + self.limits.message_timeout);
            let mut total = body.len();
            let mut more = flags & FLAG_MORE != 0;
            let mut frames = vec![body];
            while more {
                if frames.len() >= self.limits.max_frames {
                    return Err(invalid("too many frames"));
                }
                let room = self.limits.max_message - total;
                let (flags, body) = self.read_frame(deadline, stop, room)?;
                if flags & FLAG_COMMAND != 0 {
                    return Err(invalid("command inside a message"));
                }
                total += body.len();
                more = flags & FLAG_MORE != 0;
                frames.push(body);
            }
            Ok(Some(Incoming::Message(frames)))
        }
    }

    /// Sends one message made of `frames`.
    pub(crate) fn write(&mut self, frames: &[&[u8]]) -> io::Result<()> {
        self.out.clear();
        for (index, frame) in frames.iter().enumerate() {
            let more = if index + 1 < frames.len() {
                FLAG_MORE
            } else {
                0
            };
            push_frame(&mut self.out, more, frame);
        }
        self.flush()
    }

    /// Sends a command (the tests' SUBSCRIBE).
    #[cfg(test)]
    pub(crate) fn write_command(&mut self, name: &[u8], data: &[u8]) -> io::Result<()> {
        let mut body = command(name, &[]);
        body.extend_from_slice(data);
        self.out.clear();
        push_frame(&mut self.out, FLAG_COMMAND, &body);
        self.flush()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.write_all(&self.out)?;
        if self.out.capacity() > 1 << 20 {
            self.out = Vec::with_capacity(256);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greeting_layout() {
        let g = greeting();
        assert_eq!((g[0], g[9], g[10], g[11]), (0xFF, 0x7F, 3, 1));
        assert_eq!(&g[12..17], b"NULL\0");
        assert!(g[32..].iter().all(|&b| b == 0));
    }

    #[test]
    fn ready_properties_round_trip() {
        let ready = command(b"READY", &[(b"Socket-Type", b"REQ"), (b"Identity", b"")]);
        let (name, metadata) = split_command(&ready).unwrap();
        assert_eq!(name, b"READY");
        assert_eq!(
            property(metadata, b"socket-type").unwrap(),
            Some(&b"REQ"[..])
        );
        assert_eq!(property(metadata, b"Identity").unwrap(), Some(&b""[..]));
        assert_eq!(property(metadata, b"Other").unwrap(), None);
        // Every truncation is an error, never a panic.
        for end in 0..metadata.len() {
            let cut = &metadata[..end];
            let _ = property(cut, b"Socket-Type");
        }
        assert!(property(&metadata[..metadata.len() - 1], b"Identity").is_err());
        assert!(split_command(&[]).is_err());
        assert!(split_command(&[9, b'a']).is_err());
    }

    #[test]
    fn frames_short_and_long() {
        let mut out = Vec::new();
        push_frame(&mut out, FLAG_MORE, b"");
        push_frame(&mut out, 0, &[7u8; 300]);
        assert_eq!(&out[..2], &[FLAG_MORE, 0]);
        assert_eq!(out[2], FLAG_LONG);
        assert_eq!(&out[3..11], &300u64.to_be_bytes());
        assert_eq!(out.len(), 2 + 9 + 300);
    }

    #[test]
    fn socket_types() {
        assert!(SocketType::Rep.accepts(b"REQ"));
        assert!(SocketType::Rep.accepts(b"DEALER"));
        assert!(!SocketType::Rep.accepts(b"SUB"));
        assert!(SocketType::Pub.accepts(b"SUB"));
        assert!(!SocketType::Pub.accepts(b"REQ"));
    }
}
