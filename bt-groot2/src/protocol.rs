//! The Groot2 monitor protocol of BehaviorTree.CPP 4 (`groot2_protocol.h`), as 4.8.2 speaks it.
//!
//! A request is a multipart message whose first frame is a 6-byte header: the protocol id (2),
//! the request type (an ASCII letter) and a request id (`u32`, little-endian). A reply starts
//! with the request's header (protocol 2, same type and id) followed by the tree's 16-byte UUID,
//! then the request's answer in further frames. An error reply is two frames: `error` and a
//! message.

/// `kProtocolID`: the protocol version in every header.
pub const PROTOCOL_ID: u8 = 2;

/// The length of a request header.
pub const REQUEST_HEADER_LEN: usize = 6;

/// The length of a reply header: the request header and the tree's UUID.
pub const REPLY_HEADER_LEN: usize = REQUEST_HEADER_LEN + 16;

/// The request types (`BT::Monitor::RequestType`), by their byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestType {
    /// `T`: the whole tree as XML, with `_uid`s.
    FullTree,
    /// `S`: the status buffer.
    Status,
    /// `B`: blackboards by name (`;`-separated), as MessagePack.
    Blackboard,
    /// `I`: insert (or update) hooks, given as JSON.
    HookInsert,
    /// `R`: remove a hook.
    HookRemove,
    /// `N`: published (PUB) when a breakpoint is reached; never a request.
    BreakpointReached,
    /// `U`: let a paused breakpoint go on.
    BreakpointUnlock,
    /// `D`: the hooks, as a JSON array.
    HooksDump,
    /// `A`: remove every hook.
    RemoveAllHooks,
    /// `X`: disable every hook.
    DisableAllHooks,
    /// `r`: start (`start`) or stop (`stop`) recording transitions.
    ToggleRecording,
    /// `t`: the transitions recorded since the last such request.
    GetTransitions,
}

impl RequestType {
    /// The type of byte `byte`, if it is one.
    pub fn from_byte(byte: u8) -> Option<RequestType> {
        Some(match byte {
            b'T' => RequestType::FullTree,
            b'S' => RequestType::Status,
            b'B' => RequestType::Blackboard,
            b'I' => RequestType::HookInsert,
            b'R' => RequestType::HookRemove,
            b'N' => RequestType::BreakpointReached,
            b'U' => RequestType::BreakpointUnlock,
            b'D' => RequestType::HooksDump,
            b'A' => RequestType::RemoveAllHooks,
            b'X' => RequestType::DisableAllHooks,
            b'r' => RequestType::ToggleRecording,
            b't' => RequestType::GetTransitions,
            _ => return None,
        })
    }

    /// The type's byte.
    pub fn byte(self) -> u8 {
        match self {
            RequestType::FullTree => b'T',
            RequestType::Status => b'S',
            RequestType::Blackboard => b'B',
            RequestType::HookInsert => b'I',
            RequestType::HookRemove => b'R',
            RequestType::BreakpointReached => b'N',
            RequestType::BreakpointUnlock => b'U',
            RequestType::HooksDump => b'D',
            RequestType::RemoveAllHooks => b'A',
            RequestType::DisableAllHooks => b'X',
            RequestType::ToggleRecording => b'r',
            RequestType::GetTransitions => b't',
        }
    }
}

/// A parsed request header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestHeader {
    /// The request type's byte, as sent.
    pub type_byte: u8,
    /// The request id, echoed in the reply.
    pub id: u32,
}

/// Why a request gets an error reply. The messages are BehaviorTree.CPP's where it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// The first frame is not 6 bytes (`wrong request header`).
    WrongHeader,
    /// The protocol id is not 2. BehaviorTree.CPP 4.8.2 does not check it and answers as if it
    /// were 2; this publisher refuses to guess what a client of another protocol means.
    WrongProtocol,
    /// An unknown type (`Request not recognized`).
    Unknown,
    /// The request needs a second frame (`must be 2 parts message`).
    NeedsTwoParts,
    /// A hook request names a node the tree does not have, or no such hook
    /// (`Node ID not found`).
    NodeNotFound,
    /// A hook request's JSON cannot be read (BehaviorTree.CPP's server thread dies here).
    BadJson,
    /// Hooks were requested but the publisher was built without breakpoints.
    HooksDisabled,
    /// A hook that replaces a node's result: a compiled tree has no place to do it.
    ReplaceUnsupported,
}

impl RequestError {
    /// The error reply's message.
    pub fn message(self) -> &'static str {
        match self {
            RequestError::WrongHeader => "wrong request header",
            RequestError::WrongProtocol => "wrong protocol id: this publisher speaks protocol 2",
            RequestError::Unknown => "Request not recognized",
            RequestError::NeedsTwoParts => "must be 2 parts message",
            RequestError::NodeNotFound => "Node ID not found",
            RequestError::BadJson => "the hook request is not valid JSON of a hook",
            RequestError::HooksDisabled => {
                "breakpoints are off in this publisher (Groot2Builder::breakpoints(true) turns them on)"
            }
            RequestError::ReplaceUnsupported => {
                "a compiled tree cannot replace a node's result: only breakpoints (mode 0) are supported"
            }
        }
    }
}

/// The header of a request's first frame.
pub fn parse_header(frame: &[u8]) -> Result<RequestHeader, RequestError> {
    if frame.len() != REQUEST_HEADER_LEN {
        return Err(RequestError::WrongHeader);
    }
    if frame[0] != PROTOCOL_ID {
        return Err(RequestError::WrongProtocol);
    }
    Ok(RequestHeader {
        type_byte: frame[1],
        id: u32::from_le_bytes([frame[2], frame[3], frame[4], frame[5]]),
    })
}

/// A request header as a client writes it.
pub fn request_header(type_byte: u8, id: u32) -> [u8; REQUEST_HEADER_LEN] {
    let id = id.to_le_bytes();
    [PROTOCOL_ID, type_byte, id[0], id[1], id[2], id[3]]
}

/// The reply header for `request`, from a tree with `uuid`.
pub fn reply_header(request: RequestHeader, uuid: &[u8; 16]) -> [u8; REPLY_HEADER_LEN] {
    let mut header = [0u8; REPLY_HEADER_LEN];
    header[..REQUEST_HEADER_LEN].copy_from_slice(&request_header(request.type_byte, request.id));
    header[REQUEST_HEADER_LEN..].copy_from_slice(uuid);
    header
}

/// A random version-4 UUID for a publisher: from std's randomly keyed hasher, the time and the
/// process id (no dependency for randomness; it only has to differ between publishers).
pub fn new_uuid() -> [u8; 16] {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    let mut bytes = [0u8; 16];
    for (index, chunk) in bytes.chunks_mut(8).enumerate() {
        let mut hasher = RandomState::new().build_hasher();
        hasher.write_usize(index);
        hasher.write_u32(std::process::id());
        if let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
            hasher.write_u128(now.as_nanos());
        }
        chunk.copy_from_slice(&hasher.finish().to_le_bytes());
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x40;
    bytes[8] = (bytes[8] & 0x3F) | 0x80;
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        let header = parse_header(&[2, b'S', 4, 3, 2, 1]).unwrap();
        assert_eq!(header.type_byte, b'S');
        assert_eq!(header.id, 0x0102_0304);
        assert_eq!(parse_header(&[2, b'S', 4]), Err(RequestError::WrongHeader));
        assert_eq!(parse_header(&[]), Err(RequestError::WrongHeader));
        assert_eq!(
            parse_header(&[2, 0, 0, 0, 0, 0, 0]),
            Err(RequestError::WrongHeader)
        );
        assert_eq!(
            parse_header(&[7, b'S', 0, 0, 0, 0]),
            Err(RequestError::WrongProtocol)
        );
        let reply = reply_header(header, &[9; 16]);
        assert_eq!(&reply[..6], &[2, b'S', 4, 3, 2, 1]);
        assert_eq!(&reply[6..], &[9; 16]);
    }

    #[test]
    fn request_types_round_trip() {
        for byte in 0..=255u8 {
            if let Some(kind) = RequestType::from_byte(byte) {
                assert_eq!(kind.byte(), byte);
            }
        }
        assert_eq!(RequestType::from_byte(b'Z'), None);
        assert_eq!(RequestType::from_byte(0), None);
    }

    #[test]
    fn uuids_are_version_4_and_differ() {
        let (a, b) = (new_uuid(), new_uuid());
        assert_ne!(a, b);
        assert_eq!(a[6] >> 4, 4);
        assert_eq!(a[8] >> 6, 0b10);
    }
}
