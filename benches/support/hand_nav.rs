//! The navigation tree of workload (l) (`benches/trees/nav.rs`, four control nodes and decorators
//! of the user's own) as a hand-written state machine: what a programmer would write knowing the
//! tree's shape, the rules of its nodes, the contract the tree keeps around them (running children
//! halted in child order when a node completes) and which leaves can answer what (the compute
//! recovery's children are synchronous, so it never runs; only the follow task and the recovery
//! tasks do). The limit the generated tree is measured against.
//!
//! Checked equal to the generated tree, tick by tick (statuses and the world, whose probe records
//! every leaf call in order), by `benches/trees/tests/bench_trees.rs` and before every timing.

#![allow(dead_code)]

use bt::Status;

use crate::trees::field::FieldWorld;
use crate::trees::nav::{act, advance, cond, task, task_halted};

use Status::{Failure, Running, Success};

/// The rate controller's period, 1 / 20 Hz, in nanoseconds.
const PERIOD_NS: u64 = 50_000_000;

/// The state of the whole tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandNav {
    /// NavigateRecovery: 0 while the pipeline runs, 1 while the recovery fallback does; retries.
    root_at: u8,
    root_retries: u8,
    /// NavigateWithReplanning: the furthest child reached; whether the rate controller's last
    /// answer in this activation was `Running` (it is halted when the pipeline completes).
    furthest: u8,
    rate_running: bool,
    /// The rate controller: when its period started (ns).
    since: Option<u64>,
    /// FollowPathRecovery: 0 while the follow task runs, 1 at the clearing; retries; whether it
    /// (that is, the follow task) is running.
    follow_at: u8,
    follow_retries: u8,
    follow_running: bool,
    /// RecoveryActions: the child whose turn it is, failures in a row, whether that child runs.
    turn: u8,
    turn_failures: u8,
    turn_running: bool,
}

impl HandNav {
    pub fn new() -> Self {
        HandNav::default()
    }

    /// NavigateWithReplanning: the rate-controlled planning, then the path following.
    #[inline(always)]
    fn pipeline(&mut self, w: &mut FieldWorld) -> Status {
        let plan = self.rate(w);
        self.rate_running = plan == Running;
        match plan {
            Failure => return self.pipeline_end(w, Failure),
            Running if self.furthest == 0 => return Running,
            _ => {}
        }
        match self.follow_recovery(w) {
            Running => {
                self.furthest = 1;
                Running
            }
            status => self.pipeline_end(w, status),
        }
    }

    /// The pipeline completes: its running children are halted in child order.
    #[inline(always)]
    fn pipeline_end(&mut self, w: &mut FieldWorld, status: Status) -> Status {
        self.furthest = 0;
        if self.rate_running {
            self.rate_running = false;
            self.since = None;
        }
        if self.follow_running {
            self.follow_running = false;
            task_halted(w, 7);
            self.follow_at = 0;
            self.follow_retries = 0;
        }
        status
    }

    /// The rate controller over ComputePathRecovery (which never runs: both its children are
    /// synchronous).
    #[inline(always)]
    fn rate(&mut self, w: &mut FieldWorld) -> Status {
        let now = w.now_ms.saturating_mul(1_000_000);
        let due = match self.since {
            None => {
                self.since = Some(now);
                true
            }
            Some(since) => now.saturating_sub(since) >= PERIOD_NS,
        };
        if !due {
            return Running;
        }
        // ComputePathRecovery: plan; on a failure clear the global costmap and plan once more.
        let status = if act(w, 4) || (act(w, 5) && act(w, 4)) {
            Success
        } else {
            Failure
        };
        if status == Success {
            self.since = Some(now);
        }
        status
    }

    /// FollowPathRecovery: follow the path; on a failure clear the local costmap and follow
    /// again (one retry).
    #[inline(always)]
    fn follow_recovery(&mut self, w: &mut FieldWorld) -> Status {
        loop {
            if self.follow_at == 0 {
                match task(w, 7) {
                    Running => {
                        self.follow_running = true;
                        return Running;
                    }
                    Success => return self.follow_end(Success),
                    _ if self.follow_retries < 1 => self.follow_at = 1,
                    _ => return self.follow_end(Failure),
                }
            } else if act(w, 8) {
                self.follow_retries += 1;
                self.follow_at = 0;
            } else {
                return self.follow_end(Failure);
            }
        }
    }

    #[inline(always)]
    fn follow_end(&mut self, status: Status) -> Status {
        self.follow_running = false;
        self.follow_at = 0;
        self.follow_retries = 0;
        status
    }

    /// RecoveryFallback: the goal updated, or the next recovery action in turn.
    #[inline(always)]
    fn recovery_fallback(&mut self, w: &mut FieldWorld) -> Status {
        if !cond(w, 10) {
            if self.turn_running {
                self.turn_running = false;
                task_halted(w, u32::from(14 + self.turn));
                self.turn = 0;
                self.turn_failures = 0;
            }
            return Success;
        }
        while self.turn_failures < 4 {
            let status = match self.turn {
                0 => {
                    if act(w, 13) && act(w, 14) {
                        Success
                    } else {
                        Failure
                    }
                }
                turn => task(w, u32::from(14 + turn)),
            };
            if status == Running {
                self.turn_running = true;
                return Running;
            }
            self.turn_running = false;
            self.turn = (self.turn + 1) % 4;
            if status == Success {
                self.turn_failures = 0;
                return Success;
            }
            self.turn_failures += 1;
        }
        self.turn = 0;
        self.turn_failures = 0;
        Failure
    }
}

/// Ticks the hand-written tree once, after the world's [`advance`].
#[inline(never)]
pub fn tick_nav(s: &mut HandNav, w: &mut FieldWorld) -> Status {
    advance(w);
    // NavigateRecovery: the pipeline; on a failure the recovery fallback and, when it succeeds,
    // the pipeline again (six retries).
    let status = loop {
        if s.root_at == 0 {
            match s.pipeline(w) {
                Running => return Running,
                Success => break Success,
                _ if s.root_retries < 6 => s.root_at = 1,
                _ => break Failure,
            }
        } else {
            match s.recovery_fallback(w) {
                Running => return Running,
                Success => {
                    s.root_retries += 1;
                    s.root_at = 0;
                }
                _ => break Failure,
            }
        }
    };
    s.root_at = 0;
    s.root_retries = 0;
    status
}
