//! The server: an accept loop that bounds the connections, one thread per connection that
//! answers a request for the page or becomes a WebSocket session (`session.rs`).

use std::io::{self, Read, Write};
use std::net::{IpAddr, Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::hub::{lock, Hub};

/// The page, served from memory.
const PAGE: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/monitor.js");
const STYLE: &str = include_str!("page/monitor.css");

/// The largest request head read (request line and headers).
const MAX_HEAD: usize = 8192;

/// One open connection, for the accept loop: a handle to close it, and whether it is still
/// sending its request (such a connection is closed first to make room).
struct Slot {
    id: u64,
    stream: TcpStream,
    pending: Arc<AtomicBool>,
    since: Instant,
}

type Slots = Arc<Mutex<Vec<Slot>>>;

pub(crate) fn accept_loop(hub: Arc<Hub>, listener: TcpListener) {
    let slots: Slots = Arc::new(Mutex::new(Vec::new()));
    let mut next_id = 0u64;
    let loopback = !matches!(listener.local_addr(), Ok(a) if !a.ip().is_loopback());
    while !hub.stop.load(Ordering::Relaxed) {
        match listener.accept() {
            Ok((stream, _)) => {
                next_id += 1;
                admit(&hub, &slots, stream, next_id, loopback);
            }
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    for slot in lock(&slots).drain(..) {
        let _ = slot.stream.shutdown(Shutdown::Both);
    }
}

/// Takes a new connection: closes the oldest one still sending its request if the limit is
/// reached, or refuses this one if every open connection is a page.
fn admit(hub: &Arc<Hub>, slots: &Slots, stream: TcpStream, id: u64, loopback: bool) {
    let max = hub.settings.max_connections;
    let pending = Arc::new(AtomicBool::new(true));
    {
        let mut open = lock(slots);
        if open.len() >= max {
            let oldest = (open.iter().enumerate())
                .filter(|(_, slot)| slot.pending.load(Ordering::Relaxed))
                .min_by_key(|(_, slot)| slot.since)
                .map(|(index, _)| index);
            match oldest {
                Some(index) => {
                    let slot = open.swap_remove(index);
                    let _ = slot.stream.shutdown(Shutdown::Both);
                    hub.counters.evicted.fetch_add(1, Ordering::Relaxed);
                }
                None => {
                    drop(open);
                    hub.counters.refused.fetch_add(1, Ordering::Relaxed);
                    refuse(stream);
                    return;
                }
            }
        }
        let Ok(handle) = stream.try_clone() else {
            return;
        };
        open.push(Slot {
            id,
            stream: handle,
            pending: pending.clone(),
            since: Instant::now(),
        });
    }
    hub.connections.fetch_add(1, Ordering::Relaxed);
    hub.counters.accepted.fetch_add(1, Ordering::Relaxed);
    let spawned = std::thread::Builder::new()
        .name("bt-monitor-connection".into())
        .spawn({
            let (hub, slots) = (hub.clone(), slots.clone());
            move || {
                connection(&hub, stream, &pending, loopback);
                lock(&slots).retain(|slot| slot.id != id);
                hub.connections.fetch_sub(1, Ordering::Relaxed);
            }
        });
    if spawned.is_err() {
        lock(slots).retain(|slot| slot.id != id);
        hub.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Answers `503` without waiting for the request, and closes.
fn refuse(mut stream: TcpStream) {
    let _ = stream.set_nonblocking(true);
    let _ = stream.write_all(
        b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\nRetry-After: 2\r\n\r\n",
    );
    let _ = stream.shutdown(Shutdown::Both);
}

/// A request as far as the server cares.
struct Request {
    method: String,
    path: String,
    host: Option<String>,
    origin: Option<String>,
    upgrade: bool,
    key: Option<String>,
    version_13: bool,
}

/// Reads the request head within the handshake time; `None` (and the connection closed) for a
/// slow, oversized or malformed one. Returns the request and the bytes read after its head.
fn read_request(hub: &Hub, stream: &mut TcpStream) -> Option<(Request, Vec<u8>)> {
    let deadline = Instant::now() + hub.settings.handshake_timeout;
    let mut buffer = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .ok()?;
        let read = match stream.read(&mut chunk) {
            Ok(0) => return None,
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        buffer.extend_from_slice(&chunk[..read]);
        if let Some(end) = find_head_end(&buffer) {
            let mut headers = [httparse::EMPTY_HEADER; 32];
            let mut parsed = httparse::Request::new(&mut headers);
            let Ok(httparse::Status::Complete(_)) = parsed.parse(&buffer[..end]) else {
                hub.counters.rejected.fetch_add(1, Ordering::Relaxed);
                let _ = respond(stream, "400 Bad Request", "text/plain", b"bad request\n");
                return None;
            };
            let header = |name: &str| {
                (parsed.headers.iter())
                    .find(|h| h.name.eq_ignore_ascii_case(name))
                    .and_then(|h| std::str::from_utf8(h.value).ok())
                    .map(|v| v.trim().to_string())
            };
            let has_token = |name: &str, token: &str| {
                header(name).is_some_and(|v| {
                    v.split(',')
                        .any(|part| part.trim().eq_ignore_ascii_case(token))
                })
            };
            let request = Request {
                method: parsed.method.unwrap_or("").to_string(),
                path: parsed.path.unwrap_or("").to_string(),
                host: header("host"),
                origin: header("origin"),
                upgrade: has_token("upgrade", "websocket") && has_token("connection", "upgrade"),
                key: header("sec-websocket-key"),
                version_13: header("sec-websocket-version").as_deref() == Some("13"),
            };
            return Some((request, buffer[end..].to_vec()));
        }
        if buffer.len() > MAX_HEAD {
            hub.counters.oversized.fetch_add(1, Ordering::Relaxed);
            let _ = respond(
                stream,
                "431 Request Header Fields Too Large",
                "text/plain",
                b"",
            );
            return None;
        }
    }
}

fn find_head_end(buffer: &[u8]) -> Option<usize> {
    buffer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map(|at| at + 4)
}

/// True if the `Host` header names this machine by an address or as `localhost`: on loopback,
/// a name that resolves here only by a DNS trick (rebinding) is refused.
fn local_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    };
    let name = name.trim_start_matches('[').trim_end_matches(']');
    name.eq_ignore_ascii_case("localhost") || name.parse::<IpAddr>().is_ok()
}

fn respond(stream: &mut TcpStream, status: &str, kind: &str, body: &[u8]) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
         Content-Security-Policy: default-src 'self'; connect-src 'self'; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}

fn connection(hub: &Hub, mut stream: TcpStream, pending: &AtomicBool, loopback: bool) {
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(hub.settings.write_timeout));
    let Some((request, rest)) = read_request(hub, &mut stream) else {
        return;
    };
    if loopback && !request.host.as_deref().is_some_and(local_host) {
        hub.counters.rejected.fetch_add(1, Ordering::Relaxed);
        let _ = respond(
            &mut stream,
            "403 Forbidden",
            "text/plain",
            b"unknown host\n",
        );
        return;
    }
    if request.method != "GET" {
        hub.counters.rejected.fetch_add(1, Ordering::Relaxed);
        let _ = respond(&mut stream, "405 Method Not Allowed", "text/plain", b"");
        return;
    }
    let path = request.path.split('?').next().unwrap_or("");
    let answer = match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", PAGE)),
        "/monitor.js" => Some(("text/javascript; charset=utf-8", SCRIPT)),
        "/monitor.css" => Some(("text/css; charset=utf-8", STYLE)),
        "/ws" => None,
        "/favicon.ico" => {
            let _ = respond(&mut stream, "204 No Content", "image/x-icon", b"");
            return;
        }
        _ => {
            let _ = respond(&mut stream, "404 Not Found", "text/plain", b"not found\n");
            return;
        }
    };
    if let Some((kind, body)) = answer {
        pending.store(false, Ordering::Relaxed);
        let _ = respond(&mut stream, "200 OK", kind, body.as_bytes());
        let _ = stream.shutdown(Shutdown::Write);
        return;
    }
    // A WebSocket: from this page only (a page of another site in the same browser must not
    // read the trees).
    let same_origin = match (&request.origin, &request.host) {
        (None, _) => true,
        (Some(origin), Some(host)) => origin
            .strip_prefix("http://")
            .is_some_and(|rest| rest.eq_ignore_ascii_case(host)),
        (Some(_), None) => false,
    };
    let (true, true, Some(key)) = (request.upgrade, request.version_13, &request.key) else {
        hub.counters.rejected.fetch_add(1, Ordering::Relaxed);
        let _ = respond(
            &mut stream,
            "400 Bad Request",
            "text/plain",
            b"expected a WebSocket\n",
        );
        return;
    };
    if !same_origin {
        hub.counters.rejected.fetch_add(1, Ordering::Relaxed);
        let _ = respond(
            &mut stream,
            "403 Forbidden",
            "text/plain",
            b"other origin\n",
        );
        return;
    }
    let accept = tungstenite::handshake::derive_accept_key(key.as_bytes());
    let reply = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Accept: {accept}\r\n\r\n"
    );
    if stream.write_all(reply.as_bytes()).is_err() {
        return;
    }
    pending.store(false, Ordering::Relaxed);
    crate::session::run(hub, stream, rest);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts() {
        assert!(local_host("127.0.0.1:1680"));
        assert!(local_host("localhost:80"));
        assert!(local_host("[::1]:1680"));
        assert!(local_host("LOCALHOST"));
        assert!(!local_host("evil.example:1680"));
        assert!(!local_host("127.0.0.1.nip.io"));
    }

    #[test]
    fn head_end() {
        assert_eq!(find_head_end(b"GET / HTTP/1.1\r\n\r\nx"), Some(18));
        assert_eq!(find_head_end(b"GET / HTTP/1.1\r\n"), None);
    }
}
