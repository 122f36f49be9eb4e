//! Hand-written state machines of the mission (workload i), the forager (workload j) and the
//! patrol (workload k), `benches/trees/field.rs`: what a programmer would write knowing each tree's shape, the rules
//! of its nodes and which of its leaves can answer what (no task is ever skipped, so no skip is
//! counted; a parallel of four children that decides at two successes or two failures only
//! counts to two). The limit the generated trees are measured against.
//!
//! Each is checked equal to the generated tree, tick by tick (statuses and the world, whose
//! probe records every leaf call in order), by `benches/trees/tests/bench_trees.rs` and before every
//! timing (`benches/field.rs`).

#![allow(dead_code)]

use bt::{Rng, SmallRng, Status};

use crate::trees::field::{FieldWorld, Mode};

use Status::{Failure, Running, Success};

/// The mission: which branch of the `Switch` runs, and the state of each branch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandMission {
    /// The branch left running by the last tick.
    branch: Option<Mode>,
    /// Transit: the `Timeout`'s deadline (ms) while the leg runs, and the running task (1: `t6`,
    /// 2: `t7`, 0: none).
    transit_deadline: Option<u64>,
    transit_at: u8,
    /// Survey: the completed children (bits), how many succeeded and failed; the `Delay`'s end
    /// and whether its task runs; the inner `Timeout`'s deadline (set exactly while `t13` runs);
    /// whether `t16` and the logger run.
    survey_done: u8,
    survey_ok: u8,
    survey_failed: u8,
    delay_until: Option<u64>,
    t11_running: bool,
    t13_deadline: Option<u64>,
    t16_running: bool,
    logger_running: bool,
    /// Dock: 0 at the start of the try block, 1 `t20` runs, 2 `t22` runs under its `Timeout`
    /// (deadline in `dock_deadline`), 3 the catch block's `t26` runs.
    dock_at: u8,
    dock_deadline: u64,
    /// Charge: whether `t29` runs.
    t29_running: bool,
}

impl HandMission {
    pub fn new() -> Self {
        HandMission::default()
    }

    fn halt_branch(&mut self, branch: Mode, w: &mut FieldWorld) {
        match branch {
            Mode::Transit => {
                self.transit_deadline = None;
                self.halt_transit_leg(w);
            }
            Mode::Survey => self.halt_survey(w),
            Mode::Dock => {
                match self.dock_at {
                    1 => w.task_halted(20),
                    2 => w.task_halted(22),
                    3 => w.task_halted(26),
                    _ => {}
                }
                self.dock_at = 0;
            }
            Mode::Charge => {
                if self.t29_running {
                    self.t29_running = false;
                    w.task_halted(29);
                }
            }
        }
    }

    /// `Timeout(80) { Sequence { c5, t6, t7, a8 } }`.
    #[inline(always)]
    fn transit(&mut self, w: &mut FieldWorld) -> Status {
        let now = w.now_ms;
        match self.transit_deadline {
            Some(deadline) if now >= deadline => {
                self.transit_deadline = None;
                self.halt_transit_leg(w);
                return Failure;
            }
            Some(_) => {}
            None => self.transit_deadline = Some(now + 80),
        }
        let status = self.transit_leg(w);
        if status != Running {
            self.transit_deadline = None;
        }
        status
    }

    #[inline(always)]
    fn transit_leg(&mut self, w: &mut FieldWorld) -> Status {
        if self.transit_at == 0 && !w.cond(5) {
            return Failure;
        }
        if self.transit_at <= 1 {
            match w.task(6) {
                Running => {
                    self.transit_at = 1;
                    return Running;
                }
                Failure => {
                    self.transit_at = 0;
                    return Failure;
                }
                _ => {}
            }
        }
        match w.task(7) {
            Running => {
                self.transit_at = 2;
                return Running;
            }
            Failure => {
                self.transit_at = 0;
                return Failure;
            }
            _ => {}
        }
        self.transit_at = 0;
        if w.act(8) {
            Success
        } else {
            Failure
        }
    }

    fn halt_transit_leg(&mut self, w: &mut FieldWorld) {
        match self.transit_at {
            1 => w.task_halted(6),
            2 => w.task_halted(7),
            _ => {}
        }
        self.transit_at = 0;
    }

    /// `Parallel(success = 2, failure = 2) { Delay(50) { t11 }, Timeout(40) { t13 },
    /// Sequence { c15, t16 }, logger17 }`: each child not completed yet, in order, deciding
    /// after each one.
    #[inline(always)]
    fn survey(&mut self, w: &mut FieldWorld) -> Status {
        let now = w.now_ms;
        if self.survey_done & 1 == 0 {
            let status = match self.delay_until {
                None => {
                    self.delay_until = Some(now + 50);
                    Running
                }
                Some(until) if now < until => Running,
                Some(_) => {
                    let status = w.task(11);
                    self.t11_running = status == Running;
                    if status != Running {
                        self.delay_until = None;
                    }
                    status
                }
            };
            if let Some(verdict) = self.survey_child(0, status, w) {
                return verdict;
            }
        }
        if self.survey_done & 2 == 0 {
            let status = match self.t13_deadline {
                Some(deadline) if now >= deadline => {
                    self.t13_deadline = None;
                    w.task_halted(13);
                    Failure
                }
                deadline => {
                    if deadline.is_none() {
                        self.t13_deadline = Some(now + 40);
                    }
                    let status = w.task(13);
                    if status != Running {
                        self.t13_deadline = None;
                    }
                    status
                }
            };
            if let Some(verdict) = self.survey_child(1, status, w) {
                return verdict;
            }
        }
        if self.survey_done & 4 == 0 {
            let status = if !self.t16_running && !w.cond(15) {
                Failure
            } else {
                let status = w.task(16);
                self.t16_running = status == Running;
                status
            };
            if let Some(verdict) = self.survey_child(2, status, w) {
                return verdict;
            }
        }
        // The logger never completes: no decision after it.
        w.work(17);
        self.logger_running = true;
        Running
    }

    /// Child `child` of the survey answered `status`: counts it, and decides.
    #[inline(always)]
    fn survey_child(&mut self, child: u8, status: Status, w: &mut FieldWorld) -> Option<Status> {
        match status {
            Success => {
                self.survey_done |= 1 << child;
                self.survey_ok += 1;
                if self.survey_ok == 2 {
                    self.halt_survey(w);
                    return Some(Success);
                }
            }
            Failure => {
                self.survey_done |= 1 << child;
                self.survey_failed += 1;
                if self.survey_failed == 2 {
                    self.halt_survey(w);
                    return Some(Failure);
                }
            }
            _ => {}
        }
        None
    }

    /// Halts the survey's running children and forgets its activation.
    fn halt_survey(&mut self, w: &mut FieldWorld) {
        self.delay_until = None;
        if self.t11_running {
            self.t11_running = false;
            w.task_halted(11);
        }
        if self.t13_deadline.take().is_some() {
            w.task_halted(13);
        }
        if self.t16_running {
            self.t16_running = false;
            w.task_halted(16);
        }
        if self.logger_running {
            self.logger_running = false;
            w.work_halts += 1;
        }
        self.survey_done = 0;
        self.survey_ok = 0;
        self.survey_failed = 0;
    }

    /// `TryCatch { c19, t20, Timeout(80) { t22 }, a23, Sequence { a25, t26 } }`.
    #[inline(always)]
    fn dock(&mut self, w: &mut FieldWorld) -> Status {
        let now = w.now_ms;
        match self.dock_at {
            3 => return self.dock_catch(w),
            0 if !w.cond(19) => return self.dock_enter_catch(w),
            _ => {}
        }
        if self.dock_at <= 1 {
            match w.task(20) {
                Running => {
                    self.dock_at = 1;
                    return Running;
                }
                Failure => return self.dock_enter_catch(w),
                _ => {
                    self.dock_at = 2;
                    self.dock_deadline = now + 80;
                }
            }
        } else if now >= self.dock_deadline {
            w.task_halted(22);
            return self.dock_enter_catch(w);
        }
        match w.task(22) {
            Running => return Running,
            Failure => return self.dock_enter_catch(w),
            _ => {}
        }
        if w.act(23) {
            self.dock_at = 0;
            Success
        } else {
            self.dock_enter_catch(w)
        }
    }

    /// A try child failed: the catch block starts in the same tick.
    #[inline(always)]
    fn dock_enter_catch(&mut self, w: &mut FieldWorld) -> Status {
        if !w.act(25) {
            self.dock_at = 0;
            return Failure;
        }
        self.dock_catch(w)
    }

    /// The catch block's task; whatever it ends with, the node fails.
    #[inline(always)]
    fn dock_catch(&mut self, w: &mut FieldWorld) -> Status {
        if w.task(26) == Running {
            self.dock_at = 3;
            return Running;
        }
        self.dock_at = 0;
        Failure
    }

    /// `Sequence { c28, t29 }`.
    #[inline(always)]
    fn charge(&mut self, w: &mut FieldWorld) -> Status {
        if !self.t29_running && !w.cond(28) {
            return Failure;
        }
        let status = w.task(29);
        self.t29_running = status == Running;
        status
    }
}

/// Ticks the hand-written mission.
#[inline(never)]
pub fn tick_mission(state: &mut HandMission, w: &mut FieldWorld) -> Status {
    w.sense(1);
    let mode = w.mode();
    if let Some(branch) = state.branch {
        if branch != mode {
            state.halt_branch(branch, w);
        }
    }
    let status = match mode {
        Mode::Transit => state.transit(w),
        Mode::Survey => state.survey(w),
        Mode::Dock => state.dock(w),
        Mode::Charge => state.charge(w),
    };
    state.branch = if status == Running { Some(mode) } else { None };
    status
}

/// The forager's weights, as in the tree.
const WEIGHTS: [f32; 3] = [3.0, 2.0, 1.0];

/// The forager: the observer selector's running child and the guards it last saw, and each
/// branch's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandForager {
    /// The selector's running child: 0 none, 1 flee, 2 eat, 3 wander.
    running: u8,
    /// The threat and hunger guards as last seen (meaningful for children before the running
    /// one).
    last_threat: bool,
    last_hungry: bool,
    t5_running: bool,
    /// The cooldown's last completion (ms); survives everything.
    ate_at: Option<u64>,
    t9_running: bool,
    /// The probability selector: this activation's draw (its bits), the children out of the
    /// draw, the running child.
    dice: u32,
    out: u8,
    chosen: Option<u8>,
    /// `RepeatTimes(3)`'s count.
    repeats: u8,
    t12_running: bool,
    t16_running: bool,
    t17_running: bool,
    rng: SmallRng,
}

impl Default for HandForager {
    fn default() -> Self {
        HandForager {
            running: 0,
            last_threat: false,
            last_hungry: false,
            t5_running: false,
            ate_at: None,
            t9_running: false,
            dice: 0,
            out: 0,
            chosen: None,
            repeats: 0,
            t12_running: false,
            t16_running: false,
            t17_running: false,
            rng: SmallRng::seed(SmallRng::DEFAULT_SEED),
        }
    }
}

impl HandForager {
    pub fn new() -> Self {
        HandForager::default()
    }

    /// `Sequence { t5, a6 }`.
    #[inline(always)]
    fn flee(&mut self, w: &mut FieldWorld) -> Status {
        let status = w.task(5);
        self.t5_running = status == Running;
        if status != Success {
            return status;
        }
        if w.act(6) {
            Success
        } else {
            Failure
        }
    }

    /// `Cooldown(100) { t9 }` (filtered: `Skipped`).
    #[inline(always)]
    fn eat(&mut self, w: &mut FieldWorld) -> Status {
        let now = w.now_ms;
        if let Some(at) = self.ate_at {
            if now - at < 100 {
                return Status::Skipped;
            }
            self.ate_at = None;
        }
        let status = w.task(9);
        self.t9_running = status == Running;
        if status != Running {
            self.ate_at = Some(now);
        }
        status
    }

    /// The probability selector's pick among the children still in the draw.
    #[inline(always)]
    fn pick(&self) -> Option<u8> {
        let in_draw = |i: u8| self.out & (1 << i) == 0;
        let mut total = 0.0f32;
        for i in 0..3 {
            if in_draw(i) {
                total += WEIGHTS[i as usize];
            }
        }
        if total <= 0.0 {
            return None;
        }
        let x = f32::from_bits(self.dice) * total;
        let mut end = 0.0f32;
        let mut last = None;
        for i in 0..3 {
            if in_draw(i) {
                end += WEIGHTS[i as usize];
                last = Some(i);
                if x < end {
                    return Some(i);
                }
            }
        }
        last
    }

    /// `ProbabilitySelector { RepeatTimes(3) { t12 }, RepeatUntil(Failure) { Sequence { c15,
    /// t16 } }, t17 }`, weights 3, 2, 1.
    #[inline(always)]
    fn wander(&mut self, w: &mut FieldWorld) -> Status {
        let mut child = match self.chosen {
            Some(chosen) => Some(chosen),
            None => {
                self.dice = self.rng.unit().to_bits();
                self.pick()
            }
        };
        while let Some(c) = child {
            let status = match c {
                0 => {
                    let status = w.task(12);
                    self.t12_running = status == Running;
                    if status == Running {
                        Running
                    } else {
                        self.repeats += 1;
                        if self.repeats == 3 {
                            self.repeats = 0;
                            status
                        } else {
                            Running
                        }
                    }
                }
                1 => {
                    let status = if !self.t16_running && !w.cond(15) {
                        Failure
                    } else {
                        let status = w.task(16);
                        self.t16_running = status == Running;
                        status
                    };
                    if status == Failure {
                        Failure
                    } else {
                        Running
                    }
                }
                _ => {
                    let status = w.task(17);
                    self.t17_running = status == Running;
                    status
                }
            };
            match status {
                Running => {
                    self.chosen = Some(c);
                    return Running;
                }
                Success => {
                    self.chosen = None;
                    self.out = 0;
                    return Success;
                }
                _ => {
                    self.chosen = None;
                    self.out |= 1 << c;
                    child = self.pick();
                }
            }
        }
        self.out = 0;
        Failure
    }

    fn halt_wander(&mut self, w: &mut FieldWorld) {
        match self.chosen.take() {
            Some(0) => {
                self.repeats = 0;
                if self.t12_running {
                    self.t12_running = false;
                    w.task_halted(12);
                }
            }
            Some(1) if self.t16_running => {
                self.t16_running = false;
                w.task_halted(16);
            }
            Some(2) if self.t17_running => {
                self.t17_running = false;
                w.task_halted(17);
            }
            _ => {}
        }
        self.out = 0;
    }

    /// Halts the selector's running child `running` (1, 2 or 3).
    fn halt_child(&mut self, running: u8, w: &mut FieldWorld) {
        match running {
            1 => {
                if self.t5_running {
                    self.t5_running = false;
                    w.task_halted(5);
                }
            }
            2 => {
                if self.t9_running {
                    self.t9_running = false;
                    w.task_halted(9);
                }
            }
            _ => self.halt_wander(w),
        }
        self.running = 0;
    }

    /// The selector from child `from` (0, 1 or 2); `passed`: the guard of `from` just passed.
    #[inline(always)]
    fn walk(
        &mut self,
        w: &mut FieldWorld,
        from: u8,
        passed: bool,
        threat: bool,
        hungry: bool,
    ) -> Status {
        if from == 0 {
            if passed || threat {
                match self.flee(w) {
                    Running => {
                        self.running = 1;
                        return Running;
                    }
                    Success => return Success,
                    _ => self.last_threat = true,
                }
            } else {
                self.last_threat = false;
            }
        }
        if from <= 1 {
            if (passed && from == 1) || hungry {
                match self.eat(w) {
                    Running => {
                        self.running = 2;
                        return Running;
                    }
                    Success => return Success,
                    _ => self.last_hungry = true,
                }
            } else {
                self.last_hungry = false;
            }
        }
        match self.wander(w) {
            Running => {
                self.running = 3;
                Running
            }
            // The flee branch never answers `Skipped`, so a walk to the end fails.
            status => status,
        }
    }
}

/// Ticks the hand-written forager.
#[inline(never)]
pub fn tick_forager(state: &mut HandForager, w: &mut FieldWorld) -> Status {
    w.sense(1);
    let (threat, hungry) = (w.threat(), w.hungry());
    let running = state.running;
    if running == 0 {
        return state.walk(w, 0, false, threat, hungry);
    }
    // Watch the `lower` guards of the children before the running one.
    if running > 1 {
        if threat && !state.last_threat {
            state.halt_child(running, w);
            return state.walk(w, 0, true, threat, hungry);
        }
        state.last_threat = threat;
    }
    if running > 2 {
        if hungry && !state.last_hungry {
            state.halt_child(running, w);
            return state.walk(w, 1, true, threat, hungry);
        }
        state.last_hungry = hungry;
    }
    // Resume the running child.
    let status = match running {
        1 => state.flee(w),
        2 => state.eat(w),
        _ => state.wander(w),
    };
    match status {
        Running => Running,
        Success => {
            state.running = 0;
            Success
        }
        _ => {
            state.running = 0;
            match running {
                1 => {
                    state.last_threat = true;
                    state.walk(w, 1, false, threat, hungry)
                }
                2 => {
                    state.last_hungry = true;
                    state.walk(w, 2, false, threat, hungry)
                }
                _ => Failure,
            }
        }
    }
}

/// The patrol: the `IndexSwitch`'s running branch, and the state of each branch and of the
/// path-wait. Each running flag that the tree's shape implies is not stored (a sequence's cursor
/// at a task, a parallel's unfinished child, a deadline that is set only while its task runs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandPatrol {
    /// The switch's running branch: 0 none, 1 pick, 2 scan, 3 deliver.
    zone_running: u8,
    /// Pick: the `MaxTime`'s deadline (ms) while it runs; the sequence's cursor (0: `t7`, 1: the
    /// `Wait`, whose end is `wait_until` while it runs).
    pick_deadline: Option<u64>,
    pick_at: u8,
    wait_until: Option<u64>,
    /// Scan: the completed children (bits) and how many failed; `t13`'s deadline (set exactly
    /// while it runs); `RepeatTimes(2)`'s count and whether `t15` runs.
    scan_done: u8,
    scan_failed: u8,
    t13_deadline: Option<u64>,
    repeats: u8,
    t15_running: bool,
    /// Deliver: the binary selector's running branch (0 none, 1 charge: `t19` runs, 2 drop-off),
    /// the drop-off parallel's finished children (bits), and whether `t25` runs.
    deliver_running: u8,
    drop_done: u8,
    t25_running: bool,
    /// The path-wait's deadline (set exactly while `t27` runs).
    path_deadline: Option<u64>,
}

impl HandPatrol {
    pub fn new() -> Self {
        HandPatrol::default()
    }

    /// `IndexSwitch(zone) { pick, scan, deliver }`: the running branch, else the zone's (out of
    /// range: `Failure`).
    #[inline(always)]
    fn zones(&mut self, w: &mut FieldWorld, zone: u8, low: bool) -> Status {
        let branch = match self.zone_running {
            0 if zone < 3 => zone + 1,
            0 => return Failure,
            running => running,
        };
        let status = match branch {
            1 => self.pick(w),
            2 => self.scan(w),
            _ => self.deliver(w, low),
        };
        self.zone_running = if status == Running { branch } else { 0 };
        status
    }

    fn halt_zones(&mut self, w: &mut FieldWorld) {
        match self.zone_running {
            1 => {
                self.pick_deadline = None;
                self.halt_pick_steps(w);
            }
            2 => self.halt_scan(w),
            3 => self.halt_deliver(w),
            _ => {}
        }
        self.zone_running = 0;
    }

    /// `MaxTime(90) { Sequence { t7, Wait(20), a9 } }`: the clock read before the sequence;
    /// over time, the node fails whatever the sequence answered.
    #[inline(always)]
    fn pick(&mut self, w: &mut FieldWorld) -> Status {
        let now = w.now_ms;
        let deadline = *self.pick_deadline.get_or_insert(now + 90);
        let over = now > deadline;
        let status = self.pick_steps(w, now);
        if status == Running {
            if !over {
                return Running;
            }
            self.halt_pick_steps(w);
        }
        self.pick_deadline = None;
        if over {
            Failure
        } else {
            status
        }
    }

    #[inline(always)]
    fn pick_steps(&mut self, w: &mut FieldWorld, now: u64) -> Status {
        if self.pick_at == 0 {
            match w.task(7) {
                Success => self.pick_at = 1,
                status => return status,
            }
        }
        let until = *self.wait_until.get_or_insert(now + 20);
        if now <= until {
            return Running;
        }
        self.wait_until = None;
        self.pick_at = 0;
        if w.act(9) {
            Success
        } else {
            Failure
        }
    }

    /// Halts the running step of the pick sequence (`t7` at cursor 0, else the `Wait`).
    fn halt_pick_steps(&mut self, w: &mut FieldWorld) {
        if self.pick_at == 0 {
            w.task_halted(7);
        } else {
            self.wait_until = None;
            self.pick_at = 0;
        }
    }

    /// `ParallelAll(max_failures = 2) { t11, Deadline(40) { t13 }, RepeatTimes(2) { t15 } }`:
    /// each child not completed, then the verdict once all have (no task is ever skipped).
    #[inline(always)]
    fn scan(&mut self, w: &mut FieldWorld) -> Status {
        let now = w.now_ms;
        if self.scan_done & 1 == 0 {
            let status = w.task(11);
            self.scan_count(0, status);
        }
        if self.scan_done & 2 == 0 {
            let deadline = *self.t13_deadline.get_or_insert(now + 40);
            let status = match w.task(13) {
                Running if now >= deadline => {
                    w.task_halted(13);
                    self.t13_deadline = None;
                    Failure
                }
                Running => Running,
                status => {
                    self.t13_deadline = None;
                    status
                }
            };
            self.scan_count(1, status);
        }
        if self.scan_done & 4 == 0 {
            let status = w.task(15);
            self.t15_running = status == Running;
            if status != Running {
                self.repeats += 1;
                if self.repeats == 2 {
                    self.repeats = 0;
                    self.scan_count(2, status);
                }
            }
        }
        if self.scan_done != 7 {
            return Running;
        }
        let failed = self.scan_failed >= 2;
        self.scan_done = 0;
        self.scan_failed = 0;
        if failed {
            Failure
        } else {
            Success
        }
    }

    #[inline(always)]
    fn scan_count(&mut self, child: u8, status: Status) {
        match status {
            Running => {}
            Failure => {
                self.scan_done |= 1 << child;
                self.scan_failed += 1;
            }
            _ => self.scan_done |= 1 << child,
        }
    }

    /// Halts the scan's unfinished children (`t11` runs while it has not completed).
    fn halt_scan(&mut self, w: &mut FieldWorld) {
        if self.scan_done & 1 == 0 {
            w.task_halted(11);
        }
        if self.t13_deadline.take().is_some() {
            w.task_halted(13);
        }
        if self.t15_running {
            self.t15_running = false;
            w.task_halted(15);
        }
        self.repeats = 0;
        self.scan_done = 0;
        self.scan_failed = 0;
    }

    /// `BinarySelector(low, dynamic = true) { Sequence { c18, t19 }, PolicyParallel(FirstFailure)
    /// { t21, RepeatUntil(Failure) { Sequence { c24, t25 } } } }`.
    #[inline(always)]
    fn deliver(&mut self, w: &mut FieldWorld, low: bool) -> Status {
        let branch = if low { 1 } else { 2 };
        if self.deliver_running != branch {
            self.halt_deliver(w);
        }
        let status = if low {
            if self.deliver_running == 0 && !w.cond(18) {
                Failure
            } else {
                w.task(19)
            }
        } else {
            self.drop_off(w)
        };
        self.deliver_running = if status == Running { branch } else { 0 };
        status
    }

    /// The drop-off's `PolicyParallel(FirstFailure)`: both unfinished children are ticked, then
    /// a failure decides (halting the other), else `Running` (the `RepeatUntil` only ends in a
    /// failure).
    #[inline(always)]
    fn drop_off(&mut self, w: &mut FieldWorld) -> Status {
        let mut failed = false;
        if self.drop_done & 1 == 0 {
            let status = w.task(21);
            if status != Running {
                self.drop_done |= 1;
                failed = status == Failure;
            }
        }
        if self.drop_done & 2 == 0 {
            let status = if self.t25_running || w.cond(24) {
                let status = w.task(25);
                self.t25_running = status == Running;
                status
            } else {
                Failure
            };
            if status == Failure {
                self.drop_done |= 2;
                failed = true;
            }
        }
        if failed {
            self.halt_drop_off(w);
            return Failure;
        }
        if self.drop_done == 3 {
            self.drop_done = 0;
            return Success;
        }
        Running
    }

    fn halt_drop_off(&mut self, w: &mut FieldWorld) {
        if self.drop_done & 1 == 0 {
            w.task_halted(21);
        }
        if self.t25_running {
            self.t25_running = false;
            w.task_halted(25);
        }
        self.drop_done = 0;
    }

    /// Halts the binary selector's running branch.
    fn halt_deliver(&mut self, w: &mut FieldWorld) {
        match self.deliver_running {
            1 => w.task_halted(19),
            2 => self.halt_drop_off(w),
            _ => {}
        }
        self.deliver_running = 0;
    }

    /// `Deadline(60) { t27 }`.
    #[inline(always)]
    fn wait_for_path(&mut self, w: &mut FieldWorld) -> Status {
        let now = w.now_ms;
        let deadline = *self.path_deadline.get_or_insert(now + 60);
        match w.task(27) {
            Running if now >= deadline => {
                w.task_halted(27);
                self.path_deadline = None;
                Failure
            }
            Running => Running,
            status => {
                self.path_deadline = None;
                status
            }
        }
    }
}

/// Ticks the hand-written patrol: the `WhileDoElse` checks the path on every tick, halting the
/// other branch before it ticks one.
#[inline(never)]
pub fn tick_patrol(state: &mut HandPatrol, w: &mut FieldWorld) -> Status {
    w.sense(1);
    let (zone, low) = (w.zone(), w.low_battery());
    if w.clear(3) {
        if state.path_deadline.take().is_some() {
            w.task_halted(27);
        }
        state.zones(w, zone, low)
    } else {
        if state.zone_running != 0 {
            state.halt_zones(w);
        }
        state.wait_for_path(w)
    }
}
