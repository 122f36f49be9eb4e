//! The observers on a real generated tree (with a subtree, halts and resumed leaves):
//!
//! * a JSON-lines trace (`bt::observe::json`) read back with `read_trace` is exactly what an
//!   in-memory observer saw, numbered by tick as the loop that ticked the tree counts them;
//! * the `TracingObserver` emits one event per status change and per halt, with the right
//!   fields, inside the caller's tick spans;
//! * a `Trace` in generic code over `T: BehaviorTree`, over a `Vec` or a slice, and the clear
//!   panic, up front, of a buffer too small for the tree.
//!
//! The `json` and `tracing` features of bt-core are on for the facade's tests (its
//! dev-dependencies), so CI's `cargo test --workspace` runs these.

use crate::common;

use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::sync::{Arc, Mutex};

use bt::observe::json::{read_trace, JsonTrace, TraceRecord};
use bt::observe::state_name;
use bt::observe::tracing::TracingObserver;
use bt::{
    behavior_tree, BehaviorTree, Lines, NodeStats, Observer, Statistics, Status, TickTrace, Trace,
    TraceEvent, TransitionLogger,
};
use common::{Act, Call, Cond, Ctx, Oops, Task, TryAct, TryCond};
use Status::*;

behavior_tree! {
    /// Task<2> resumes directly inside the child's tick.
    pub tree Errand for Ctx {
        Sequence {
            Action(Act<1>),
            Inverter { StatefulAction(Task<2>) },
        }
    }
}

behavior_tree! {
    /// The guard halts the errand when it fails; Task<3> runs meanwhile.
    pub tree Guarded for Ctx {
        ReactiveFallback {
            ReactiveSequence {
                #[name = "enemy \"near\"?"]
                Condition(Cond<0>),
                SubTree(Errand),
            },
            StatefulAction(Task<3>),
        }
    }
}

/// Every event an observer is told, with the number of the tick it happened in as the test's
/// loop counts them (the ticks before it; a halt between ticks belongs to the next tick).
#[derive(Default)]
struct Recorder {
    tick: u64,
    events: Vec<(u64, usize, TraceEvent)>,
}

impl Observer for Recorder {
    fn on_status(&mut self, node: usize, status: Status) {
        self.events
            .push((self.tick, node, TraceEvent::Ticked(status)));
    }

    fn on_halted(&mut self, node: usize) {
        self.events.push((self.tick, node, TraceEvent::Halted));
    }

    fn on_aborted(&mut self, node: usize) {
        self.events.push((self.tick, node, TraceEvent::Aborted));
    }
}

/// Runs `Guarded` through `steps` random ticks and halts, reporting every tick and halt to
/// `observer` and to `recorder`; `around` wraps each tick and halt (for a tracing span).
fn run(
    steps: usize,
    recorder: &mut Recorder,
    observer: &mut impl Observer,
    mut around: impl FnMut(&mut dyn FnMut()),
) {
    let mut seed: u64 = 0x0DDB_1A5E_5BAD_5EED;
    let mut roll = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let (mut tree, mut ctx) = (Guarded::new(), Ctx::new());
    for _ in 0..steps {
        if roll(12) == 0 {
            around(&mut || tree.halt_with(&mut ctx, &mut (&mut *observer, &mut *recorder)));
        } else {
            ctx.always(0, [Success, Success, Failure][roll(3) as usize]);
            ctx.always(1, [Success, Failure][roll(2) as usize]);
            for task in [2, 3] {
                ctx.always(task, [Running, Running, Success, Failure][roll(4) as usize]);
            }
            around(&mut || {
                tree.tick_with(&mut ctx, &mut (&mut *observer, &mut *recorder));
            });
            recorder.tick += 1;
        }
        ctx.take_log();
    }
}

#[test]
fn a_json_trace_reads_back_as_what_an_in_memory_observer_saw() {
    let mut recorder = Recorder::default();
    let mut last = TickTrace::<{ Guarded::NODE_COUNT }>::new();
    let mut json = JsonTrace::for_tree::<Guarded>(Vec::new());
    run(400, &mut recorder, &mut (&mut json, &mut last), |f| f());
    assert_eq!(json.tick(), recorder.tick, "JsonTrace counted the ticks");
    let bytes = json.finish().unwrap();

    let records = read_trace(&bytes[..]).unwrap();
    let expected: Vec<TraceRecord> = recorder
        .events
        .iter()
        .map(|&(tick, node, event)| TraceRecord {
            tick,
            node,
            name: Guarded::NODES[node].name.to_string(),
            event,
        })
        .collect();
    assert_eq!(records.len(), expected.len());
    for (line, (read, seen)) in records.iter().zip(&expected).enumerate() {
        assert_eq!(read, seen, "line {}", line + 1);
    }

    // The run had something to show: halts, every node, a name that needs escaping.
    assert!(records.iter().any(|r| r.event == TraceEvent::Halted));
    for node in 0..Guarded::NODE_COUNT {
        let last_record = records.iter().rev().find(|r| r.node == node);
        let last_record = last_record.unwrap_or_else(|| panic!("node {node} never reported"));
        // The last line of each node is what the TickTrace kept.
        assert_eq!(Some(last_record.event), last.event(node), "node {node}");
    }
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.contains(r#""name":"enemy \"near\"?""#), "{text:.300}");
    assert_eq!(text.lines().count(), records.len());
}

/// A subscriber that writes each event down as a line of its fields, with the `tick` of the
/// span it happened in.
#[derive(Clone, Default)]
struct Subscriber {
    lines: Arc<Mutex<Vec<String>>>,
    /// Each span's `tick` field, by span id.
    spans: Arc<Mutex<HashMap<u64, u64>>>,
    current: Arc<Mutex<Option<u64>>>,
}

struct Fields<'a> {
    line: &'a mut String,
    tick: Option<u64>,
}

impl tracing::field::Visit for Fields<'_> {
    fn record_u64(&mut self, field: &tracing::field::Field, value: u64) {
        if field.name() == "tick" {
            self.tick = Some(value);
        }
        let _ = write!(self.line, " {}={value}", field.name());
    }

    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        let _ = write!(self.line, " {}={value}", field.name());
    }

    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn fmt::Debug) {
        let _ = write!(self.line, " {}={value:?}", field.name());
    }
}

impl tracing::Subscriber for Subscriber {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, span: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        let mut line = String::new();
        let mut fields = Fields {
            line: &mut line,
            tick: None,
        };
        span.record(&mut fields);
        assert_eq!(span.metadata().name(), "tick");
        assert_eq!(span.metadata().target(), "bt");
        let mut spans = self.spans.lock().unwrap();
        let id = spans.len() as u64 + 1;
        spans.insert(id, fields.tick.expect("a tick span has a tick"));
        tracing::span::Id::from_u64(id)
    }

    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}

    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}

    fn event(&self, event: &tracing::Event<'_>) {
        let meta = event.metadata();
        let span = *self.current.lock().unwrap();
        let mut line = format!("{} {} span={span:?}:", meta.level(), meta.target());
        event.record(&mut Fields {
            line: &mut line,
            tick: None,
        });
        self.lines.lock().unwrap().push(line);
    }

    fn enter(&self, id: &tracing::span::Id) {
        let tick = self.spans.lock().unwrap()[&id.into_u64()];
        *self.current.lock().unwrap() = Some(tick);
    }

    fn exit(&self, _: &tracing::span::Id) {
        *self.current.lock().unwrap() = None;
    }
}

#[test]
fn the_tracing_observer_emits_status_changes_and_halts_in_tick_spans() {
    let subscriber = Subscriber::default();
    let lines = subscriber.lines.clone();
    let mut recorder = Recorder::default();
    let observer = TracingObserver::for_tree::<Guarded>([None; Guarded::NODE_COUNT]);
    // The observer is used by `run` and, to make the spans, by the wrapper around each tick.
    let observer = std::cell::RefCell::new(observer);
    struct Shared<'a, O>(&'a std::cell::RefCell<O>);
    impl<O: Observer> Observer for Shared<'_, O> {
        fn on_status(&mut self, node: usize, status: Status) {
            self.0.borrow_mut().on_status(node, status);
        }
        fn on_halted(&mut self, node: usize) {
            self.0.borrow_mut().on_halted(node);
        }
        fn on_aborted(&mut self, node: usize) {
            self.0.borrow_mut().on_aborted(node);
        }
    }
    tracing::subscriber::with_default(subscriber, || {
        tracing::callsite::rebuild_interest_cache();
        run(300, &mut recorder, &mut Shared(&observer), |f| {
            let span = observer.borrow().tick_span();
            let _entered = span.enter();
            f();
        });
    });
    let observer = observer.into_inner();
    assert_eq!(
        observer.tick(),
        recorder.tick,
        "the observer counted the ticks"
    );

    // What it should have said: each change of a node's state, and each halt.
    let mut states = [None; Guarded::NODE_COUNT];
    let mut expected = Vec::new();
    for &(tick, node, event) in &recorder.events {
        let info = &Guarded::NODES[node];
        let (message, to) = match event {
            TraceEvent::Ticked(status) => ("status", Some(status)),
            TraceEvent::Halted => ("halted", None),
            TraceEvent::Aborted => ("aborted", None),
        };
        let from = std::mem::replace(&mut states[node], to);
        if message == "status" && from == to {
            continue;
        }
        expected.push(format!(
            "DEBUG bt span=Some({tick}): message={message} tick={tick} node={node} name={} \
             kind={} from={} status={}",
            info.name,
            info.kind,
            state_name(from),
            state_name(to),
        ));
    }
    let lines = lines.lock().unwrap();
    assert!(lines.len() > 100, "only {} events", lines.len());
    assert!(expected.iter().any(|line| line.contains("message=halted")));
    assert_eq!(lines.len(), expected.len());
    for (index, (line, expected)) in lines.iter().zip(&expected).enumerate() {
        assert_eq!(line, expected, "event {index}");
    }
    for (node, state) in states.iter().enumerate() {
        assert_eq!(observer.state(node), *state, "node {node}");
    }
}

// ---------------------------------------------------------------------------------------------
// A trace in generic code.

/// Ticks any tree once and prints what its nodes did: the trace lives in a `Vec` sized for `T`.
fn tick_and_show<T: BehaviorTree>(tree: &mut T, ctx: &mut T::Context) -> String {
    let mut trace = Trace::for_tree::<T>(vec![None; T::NODE_COUNT]);
    tree.tick_with(ctx, &mut trace);
    format!("{}", trace.display(T::NODES))
}

/// The same over a borrowed buffer, reused from tick to tick: the events of node `node`.
fn events_of<T: BehaviorTree>(
    tree: &mut T,
    ctx: &mut T::Context,
    buffer: &mut [Option<TraceEvent>],
    node: usize,
    ticks: usize,
) -> Vec<Option<TraceEvent>> {
    (0..ticks)
        .map(|_| {
            let mut trace = Trace::for_tree::<T>(&mut *buffer);
            tree.tick_with(ctx, &mut trace);
            trace.event(node)
        })
        .collect()
}

#[test]
fn generic_code_traces_any_tree() {
    let mut ctx = Ctx::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    let shown = tick_and_show(&mut Guarded::new(), &mut ctx);
    assert_eq!(
        shown,
        "ReactiveFallback    RUNNING
  ReactiveSequence  RUNNING
    enemy \"near\"?   SUCCESS
    Errand          RUNNING
      Sequence      RUNNING
        Act<1>      SUCCESS
        Inverter    RUNNING
          Task<2>   RUNNING
"
    );
    ctx.take_log();
    ctx.script(1, &[Failure]);
    assert_eq!(
        tick_and_show(&mut Errand::new(), &mut ctx),
        "Sequence  FAILURE\n  Act<1>  FAILURE\n"
    );
    ctx.take_log();

    // A buffer larger than the tree is fine, and cleared for each trace.
    let mut buffer = [Some(TraceEvent::Halted); 32];
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running, Success]);
    let act = 1;
    let events = events_of(&mut Errand::new(), &mut ctx, &mut buffer, act, 2);
    // The second tick resumes at Task<2>: Act<1> is not ticked, and its old event is gone.
    assert_eq!(events, [Some(TraceEvent::Ticked(Success)), None]);
    assert_eq!(buffer[4..], [None; 28], "the rest of the buffer is cleared");
    ctx.take_log();
}

#[test]
#[should_panic(
    expected = "Trace: its storage has room for 8 nodes but the tree `exports::observe::Guarded` has 9: \
                give it at least 9 entries (the tree's `NODE_COUNT`)"
)]
fn a_trace_too_small_for_the_tree_panics_up_front() {
    let mut buffer = [None; 8];
    let _ = Trace::for_tree::<Guarded>(&mut buffer[..]);
}

#[test]
#[should_panic(
    expected = "Statistics: its storage has room for 3 nodes but the tree \
                           `exports::observe::Errand` has 4"
)]
fn statistics_too_small_for_the_tree_panic_up_front() {
    let _ = Statistics::for_tree::<Errand>(vec![NodeStats::ZERO; 3]);
}

// ---------------------------------------------------------------------------------------------
// A tick aborted by an error.

behavior_tree! {
    /// A tree with an error type. The `Fallback` cannot run: it is halted by no one after an
    /// error, and only its abort puts it in the trace.
    pub tree Fragile for Ctx, error Oops {
        ReactiveSequence {                      // 0
            Action(Act<0>),                     // 1
            Fallback {                          // 2
                Condition(TryCond<1>),          // 3
                Action(TryAct<2>),              // 4
            },
            StatefulAction(Task<3>),            // 5
        }
    }
}

behavior_tree! {
    /// A tree with an error type in which no node can run: no node is halted after an error.
    pub tree Brittle for Ctx, error Oops {
        Sequence {
            Action(Act<0>),
            Action(TryAct<1>),
        }
    }
}

/// Ticks `Fragile` once, reporting to a fresh `TickTrace` and to `json`: what the trace shows,
/// and the tick's JSON lines.
fn fragile_tick(
    tree: &mut Fragile,
    ctx: &mut Ctx,
    json: &mut JsonTrace<Vec<u8>>,
    answer: Result<Status, Oops>,
) -> (String, String) {
    let mut trace = TickTrace::<{ Fragile::NODE_COUNT }>::new();
    let start = json.get_ref().len();
    assert_eq!(tree.tick_with(ctx, &mut (&mut trace, &mut *json)), answer);
    let lines = String::from_utf8(json.get_ref()[start..].to_vec()).unwrap();
    (trace.display(Fragile::NODES).to_string(), lines)
}

#[test]
fn the_trace_of_an_aborted_tick_is_a_tree_with_its_root() {
    let (mut tree, mut ctx) = (Fragile::new(), Ctx::new());
    let mut json = JsonTrace::new(Fragile::NODES, Vec::new());
    let line = |tick: u64, node: usize, status: &str| {
        let name = Fragile::NODES[node].name;
        format!("{{\"tick\":{tick},\"node\":{node},\"name\":\"{name}\",\"status\":\"{status}\"}}\n")
    };
    let lines = |tick: u64, events: &[(usize, &str)]| -> String {
        events
            .iter()
            .map(|&(node, status)| line(tick, node, status))
            .collect()
    };

    // Tick 0: Task<3> starts.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Success]);
    ctx.script(3, &[Running]);
    let (shown, json_lines) = fragile_tick(&mut tree, &mut ctx, &mut json, Ok(Running));
    assert_eq!(
        shown,
        "ReactiveSequence  RUNNING
  Act<0>          SUCCESS
  Fallback        SUCCESS
    TryCond<1>    FAILURE
    TryAct<2>     SUCCESS
  Task<3>         RUNNING
"
    );
    assert_eq!(
        json_lines,
        lines(
            0,
            &[
                (1, "SUCCESS"),
                (3, "FAILURE"),
                (4, "SUCCESS"),
                (2, "SUCCESS"),
                (5, "RUNNING"),
                (0, "RUNNING")
            ]
        )
    );
    ctx.take_log();

    // Tick 1: TryAct<2> fails with an error while Task<3> runs. The failing leaf and its
    // ancestors are aborted (the Fallback too, which cannot run and is not halted); Task<3> and
    // the root, running, are halted; the root's abort ends the tick.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    ctx.script_err(2);
    let (shown, json_lines) = fragile_tick(&mut tree, &mut ctx, &mut json, Err(Oops(2)));
    assert_eq!(
        shown,
        "ReactiveSequence  aborted
  Act<0>          SUCCESS
  Fallback        aborted
    TryCond<1>    FAILURE
    TryAct<2>     aborted
  Task<3>         halted
"
    );
    assert_eq!(
        json_lines,
        lines(
            1,
            &[
                (1, "SUCCESS"),
                (3, "FAILURE"),
                (4, "ABORTED"),
                (2, "ABORTED"),
                (5, "HALTED"),
                (0, "HALTED"),
                (0, "ABORTED"),
            ]
        )
    );
    assert_eq!(
        ctx.take_log(),
        [
            Call::Exec(0),
            Call::Check(1),
            Call::Exec(2),
            Call::OnHalted(3)
        ]
    );

    // Tick 2: nothing runs when TryCond<1> fails with an error. The root, on the failing leaf's
    // path and able to run, counts as running and is halted; the Fallback, which cannot run, is
    // not; both stay aborted in the trace.
    ctx.script(0, &[Success]);
    ctx.script_err(1);
    let (shown, json_lines) = fragile_tick(&mut tree, &mut ctx, &mut json, Err(Oops(1)));
    assert_eq!(
        shown,
        "ReactiveSequence  aborted
  Act<0>          SUCCESS
  Fallback        aborted
    TryCond<1>    aborted
"
    );
    assert_eq!(
        json_lines,
        lines(
            2,
            &[
                (1, "SUCCESS"),
                (3, "ABORTED"),
                (2, "ABORTED"),
                (0, "HALTED"),
                (0, "ABORTED")
            ]
        )
    );
    ctx.take_log();

    // Tick 3 starts afresh and completes; the ticks were counted by the roots' reports.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(3, &[Success]);
    let (_, json_lines) = fragile_tick(&mut tree, &mut ctx, &mut json, Ok(Success));
    assert!(json_lines.ends_with(&line(3, 0, "SUCCESS")), "{json_lines}");
    assert_eq!(json.tick(), 4);
    ctx.take_log();

    // `read_trace` reads the aborts back, and every tick ends with the root.
    let records = read_trace(&json.finish().unwrap()[..]).unwrap();
    for tick in 0..4 {
        let last = records.iter().rev().find(|r| r.tick == tick).unwrap();
        assert_eq!(last.node, 0, "tick {tick} ends with the root");
    }
    let aborted: Vec<_> = records
        .iter()
        .filter(|r| r.event.name() == "ABORTED")
        .map(|r| (r.tick, r.node))
        .collect();
    assert_eq!(aborted, [(1, 4), (1, 2), (1, 0), (2, 3), (2, 2), (2, 0)]);
}

#[test]
fn an_aborted_tick_of_a_tree_that_cannot_run_ends_with_the_root() {
    let (mut tree, mut ctx) = (Brittle::new(), Ctx::new());
    let mut recorder = Recorder::default();
    let mut json = JsonTrace::new(Brittle::NODES, Vec::new());
    for tick in 0..3 {
        let mut trace = TickTrace::<{ Brittle::NODE_COUNT }>::new();
        ctx.script(0, &[Success]);
        let answer = if tick == 1 {
            ctx.script_err(1);
            Err(Oops(1))
        } else {
            ctx.script(1, &[Success]);
            Ok(Success)
        };
        let mut observers = (&mut trace, (&mut json, &mut recorder));
        assert_eq!(tree.tick_with(&mut ctx, &mut observers), answer);
        recorder.tick += 1;
        let shown = trace.display(Brittle::NODES).to_string();
        if tick == 1 {
            assert_eq!(
                shown,
                "Sequence     aborted\n  Act<0>     SUCCESS\n  TryAct<1>  aborted\n"
            );
        } else {
            assert_eq!(
                shown,
                "Sequence     SUCCESS\n  Act<0>     SUCCESS\n  TryAct<1>  SUCCESS\n"
            );
        }
        ctx.take_log();
    }
    assert_eq!(json.tick(), 3);
    let records = read_trace(&json.finish().unwrap()[..]).unwrap();
    let seen: Vec<_> = records.iter().map(|r| (r.tick, r.node, r.event)).collect();
    assert_eq!(seen, recorder.events);
    let tick_1: Vec<_> = (seen.iter().filter(|event| event.0 == 1))
        .map(|&(_, node, event)| (node, event.name()))
        .collect();
    assert_eq!(tick_1, [(1, "SUCCESS"), (2, "ABORTED"), (0, "ABORTED")]);
}

// ---------------------------------------------------------------------------------------------
// The logger's time, from the context's clock.

#[test]
fn the_transition_logger_takes_the_time_from_the_context_s_clock() {
    let (mut tree, mut ctx) = (Errand::new(), Ctx::new());
    let mut logger =
        TransitionLogger::for_tree::<Errand>([None; Errand::NODE_COUNT], Lines(String::new()));
    ctx.advance_ms(1250);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    tree.tick_with(&mut ctx, &mut logger);
    ctx.advance_ms(500);
    tree.halt_with(&mut ctx, &mut logger);
    ctx.take_log();
    assert_eq!(
        logger.sink().0,
        "[1.250]: Act<1>                    IDLE -> SUCCESS
[1.250]: Task<2>                   IDLE -> RUNNING
[1.250]: Inverter                  IDLE -> RUNNING
[1.250]: Sequence                  IDLE -> RUNNING
[1.750]: Task<2>                   RUNNING -> IDLE
[1.750]: Inverter                  RUNNING -> IDLE
[1.750]: Sequence                  RUNNING -> IDLE
"
    );

    // A tree with an error type; `set_time` is overridden by the context's clock.
    let (mut tree, mut lines) = (Brittle::new(), String::new());
    let mut logger = TransitionLogger::new(
        Brittle::NODES,
        [None; Brittle::NODE_COUNT],
        Lines(&mut lines),
    );
    logger.set_time(std::time::Duration::from_secs(60));
    ctx.advance_ms(250);
    ctx.script(0, &[Success]);
    ctx.script_err(1);
    assert_eq!(tree.tick_with(&mut ctx, &mut logger), Err(Oops(1)));
    ctx.take_log();
    let _ = logger.into_sink();
    assert_eq!(
        lines,
        "[2.000]: Act<0>                    IDLE -> SUCCESS\n"
    );
}
