//! Hooks (Groot2's breakpoints), when the publisher is built with `breakpoints(true)`.
//!
//! BehaviorTree.CPP runs a hook *before* a node's tick and can return a status instead of
//! ticking the node. A compiled tree has no per-node call before a tick (adding one would cost
//! every tree), only the observer's report after it. So here a breakpoint pauses the ticking
//! thread *after* the node has answered, before its parent goes on, and a hook cannot replace
//! the node's result: requests for `REPLACE` hooks (mode 1) are refused with an error reply,
//! and the `desired_status` of an unlock is ignored (it is kept and dumped as given).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

use crate::json::{write_string, Json};
use crate::protocol::RequestError;

/// One hook, as Groot2 describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hook {
    pub uid: u16,
    pub position: i64,
    pub enabled: bool,
    pub mode: i64,
    pub once: bool,
    pub desired_status: String,
    /// Set by an unlock: the paused tick goes on.
    pub ready: bool,
}

impl Hook {
    fn from_json(json: &Json) -> Result<Hook, RequestError> {
        let field = |key: &str| json.get(key).ok_or(RequestError::BadJson);
        let status = field("desired_status")?
            .as_str()
            .ok_or(RequestError::BadJson)?;
        if !matches!(
            status,
            "IDLE" | "RUNNING" | "SUCCESS" | "FAILURE" | "SKIPPED"
        ) {
            return Err(RequestError::BadJson);
        }
        Ok(Hook {
            enabled: field("enabled")?.as_bool().ok_or(RequestError::BadJson)?,
            uid: field("uid")?
                .as_int(0, i64::from(u16::MAX))
                .ok_or(RequestError::BadJson)? as u16,
            once: field("once")?.as_bool().ok_or(RequestError::BadJson)?,
            mode: field("mode")?.as_int(0, 1).ok_or(RequestError::BadJson)?,
            position: field("position")?
                .as_int(0, 1)
                .ok_or(RequestError::BadJson)?,
            desired_status: status.to_owned(),
            ready: false,
        })
    }

    /// The hook as BehaviorTree.CPP dumps it (nlohmann's keys are sorted).
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"desired_status\":");
        write_string(out, &self.desired_status);
        out.push_str(&format!(
            ",\"enabled\":{},\"mode\":{},\"once\":{},\"position\":{},\"uid\":{}}}",
            self.enabled, self.mode, self.once, self.position, self.uid
        ));
    }
}

/// The hooks of one publisher.
pub struct Hooks {
    /// By node id: an enabled breakpoint is set on it (read by the ticking thread, lock-free).
    armed: Box<[AtomicBool]>,
    table: Mutex<Vec<Hook>>,
    wakeup: Condvar,
}

impl Hooks {
    pub fn new(node_count: usize) -> Hooks {
        Hooks {
            armed: (0..node_count).map(|_| AtomicBool::new(false)).collect(),
            table: Mutex::new(Vec::new()),
            wakeup: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Hook>> {
        self.table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn rearm(&self, table: &[Hook]) {
        for flag in self.armed.iter() {
            flag.store(false, Ordering::Relaxed);
        }
        for hook in table.iter().filter(|hook| hook.enabled) {
            if let Some(flag) = self.armed.get(usize::from(hook.uid).wrapping_sub(1)) {
                flag.store(true, Ordering::Relaxed);
            }
        }
        self.wakeup.notify_all();
    }

    /// True if the ticking thread must stop at node `id`.
    #[inline]
    pub fn armed(&self, id: usize) -> bool {
        self.armed
            .get(id)
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// `HOOK_INSERT`: a hook or an array of hooks. As in BehaviorTree.CPP, a hook on a node the
    /// tree does not have is accepted and ignored, and a hook on a node that has one updates it.
    pub fn insert(&self, body: &[u8]) -> Result<(), RequestError> {
        let json = Json::parse(body).ok_or(RequestError::BadJson)?;
        let list = match &json {
            Json::Array(items) => items.iter().collect::<Vec<_>>(),
            single => vec![single],
        };
        let hooks = list
            .into_iter()
            .map(Hook::from_json)
            .collect::<Result<Vec<_>, _>>()?;
        if hooks.iter().any(|hook| hook.mode != 0) {
            return Err(RequestError::ReplaceUnsupported);
        }
        let mut table = self.lock();
        for hook in hooks {
            if usize::from(hook.uid) == 0 || usize::from(hook.uid) > self.armed.len() {
                continue;
            }
            match table.iter_mut().find(|old| old.uid == hook.uid) {
                Some(old) => *old = hook,
                None => table.push(hook),
            }
        }
        self.rearm(&table);
        Ok(())
    }

    /// The `uid` and `position` of a remove or unlock request, if the hook exists.
    fn find(table: &[Hook], json: &Json) -> Result<usize, RequestError> {
        let uid = json
            .get("uid")
            .and_then(|uid| uid.as_int(0, i64::from(u16::MAX)))
            .ok_or(RequestError::BadJson)?;
        let position = json
            .get("position")
            .and_then(|p| p.as_int(0, 1))
            .ok_or(RequestError::BadJson)?;
        // BehaviorTree.CPP keeps every hook as a pre-tick hook: a request for position 1
        // (post) finds none.
        if position != 0 {
            return Err(RequestError::NodeNotFound);
        }
        table
            .iter()
            .position(|hook| i64::from(hook.uid) == uid)
            .ok_or(RequestError::NodeNotFound)
    }

    /// `HOOK_REMOVE`.
    pub fn remove(&self, body: &[u8]) -> Result<(), RequestError> {
        let json = Json::parse(body).ok_or(RequestError::BadJson)?;
        let mut table = self.lock();
        let index = Self::find(&table, &json)?;
        table.remove(index);
        self.rearm(&table);
        Ok(())
    }

    /// `BREAKPOINT_UNLOCK`.
    pub fn unlock(&self, body: &[u8]) -> Result<(), RequestError> {
        let json = Json::parse(body).ok_or(RequestError::BadJson)?;
        let status = json
            .get("desired_status")
            .and_then(Json::as_str)
            .ok_or(RequestError::BadJson)?
            .to_owned();
        let remove = json
            .get("remove_when_done")
            .and_then(Json::as_bool)
            .ok_or(RequestError::BadJson)?;
        let mut table = self.lock();
        let index = Self::find(&table, &json)?;
        let hook = &mut table[index];
        hook.desired_status = status;
        hook.once |= remove;
        hook.ready = true;
        self.wakeup.notify_all();
        Ok(())
    }

    /// `REMOVE_ALL_HOOKS`.
    pub fn remove_all(&self) {
        let mut table = self.lock();
        table.clear();
        self.rearm(&table);
    }

    /// `DISABLE_ALL_HOOKS` (`false`), and the heartbeat's coming back (`true`).
    pub fn enable_all(&self, enabled: bool) {
        let mut table = self.lock();
        for hook in table.iter_mut() {
            hook.enabled = enabled;
        }
        self.rearm(&table);
    }

    /// `HOOKS_DUMP`.
    pub fn dump(&self) -> String {
        let table = self.lock();
        let mut out = String::from("[");
        for (index, hook) in table.iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            hook.write_json(&mut out);
        }
        out.push(']');
        out
    }

    /// On the ticking thread, at an armed node: waits until the hook is unlocked, disabled or
    /// removed, or `stop` is set. `announce` runs first, once (it publishes the notification).
    pub fn pause(&self, id: usize, stop: &AtomicBool, announce: impl FnOnce()) {
        let uid = id as u64 + 1;
        announce();
        let mut table = self.lock();
        loop {
            let Some(index) = table
                .iter()
                .position(|hook| u64::from(hook.uid) == uid && hook.enabled)
            else {
                return;
            };
            if table[index].ready {
                table[index].ready = false;
                if table[index].once {
                    table.remove(index);
                    self.rearm(&table);
                }
                return;
            }
            if stop.load(Ordering::Relaxed) {
                return;
            }
            table = self
                .wakeup
                .wait_timeout(table, crate::zmtp::POLL)
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    const HOOK: &[u8] = br#"{"enabled":true,"uid":2,"mode":0,"once":false,"desired_status":"SUCCESS","position":0}"#;

    #[test]
    fn insert_dump_remove() {
        let hooks = Hooks::new(3);
        assert_eq!(hooks.dump(), "[]");
        hooks.insert(HOOK).unwrap();
        assert!(hooks.armed(1));
        assert!(!hooks.armed(0));
        assert_eq!(
            hooks.dump(),
            r#"[{"desired_status":"SUCCESS","enabled":true,"mode":0,"once":false,"position":0,"uid":2}]"#
        );
        // A node the tree does not have: accepted, ignored.
        hooks
            .insert(br#"[{"enabled":true,"uid":99,"mode":0,"once":false,"desired_status":"SUCCESS","position":0}]"#)
            .unwrap();
        assert_eq!(hooks.dump().matches("uid").count(), 1);
        assert_eq!(
            hooks.remove(br#"{"uid":2,"position":1}"#),
            Err(RequestError::NodeNotFound)
        );
        assert_eq!(
            hooks.remove(br#"{"uid":3,"position":0}"#),
            Err(RequestError::NodeNotFound)
        );
        hooks.remove(br#"{"uid":2,"position":0}"#).unwrap();
        assert!(!hooks.armed(1));
        assert_eq!(hooks.insert(b"{bad"), Err(RequestError::BadJson));
        assert_eq!(hooks.insert(br#"{"uid":2}"#), Err(RequestError::BadJson));
        let replace = br#"{"enabled":true,"uid":2,"mode":1,"once":false,"desired_status":"FAILURE","position":0}"#;
        assert_eq!(hooks.insert(replace), Err(RequestError::ReplaceUnsupported));
        hooks.insert(HOOK).unwrap();
        hooks.enable_all(false);
        assert!(!hooks.armed(1));
        hooks.enable_all(true);
        assert!(hooks.armed(1));
        hooks.remove_all();
        assert_eq!(hooks.dump(), "[]");
    }

    #[test]
    fn a_paused_tick_goes_on_when_unlocked() {
        let hooks = Arc::new(Hooks::new(3));
        hooks.insert(HOOK).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let (sent, announced) = std::sync::mpsc::channel();
        let ticking = {
            let (hooks, stop) = (hooks.clone(), stop.clone());
            std::thread::spawn(move || {
                hooks.pause(1, &stop, || sent.send(()).unwrap());
            })
        };
        announced.recv().unwrap();
        hooks
            .unlock(br#"{"uid":2,"position":0,"desired_status":"SKIPPED","remove_when_done":true}"#)
            .unwrap();
        ticking.join().unwrap();
        // `remove_when_done`: the hook is gone.
        assert_eq!(hooks.dump(), "[]");
        assert_eq!(
            hooks.unlock(
                br#"{"uid":2,"position":0,"desired_status":"SKIPPED","remove_when_done":true}"#
            ),
            Err(RequestError::NodeNotFound)
        );
    }
}
