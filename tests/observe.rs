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

mod common;

use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::sync::{Arc, Mutex};

use bt::observe::json::{read_trace, JsonTrace, TraceRecord};
use bt::observe::state_name;
use bt::observe::tracing::TracingObserver;
use bt::{
    behavior_tree, BehaviorTree, NodeStats, Observer, Statistics, Status, TickTrace, Trace,
    TraceEvent,
};
use common::{Act, Cond, Ctx, Task};
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
    expected = "Trace: its storage has room for 8 nodes but the tree `observe::Guarded` has 9: \
                give it at least 9 entries (the tree's `NODE_COUNT`)"
)]
fn a_trace_too_small_for_the_tree_panics_up_front() {
    let mut buffer = [None; 8];
    let _ = Trace::for_tree::<Guarded>(&mut buffer[..]);
}

#[test]
#[should_panic(
    expected = "Statistics: its storage has room for 3 nodes but the tree \
                           `observe::Errand` has 4"
)]
fn statistics_too_small_for_the_tree_panic_up_front() {
    let _ = Statistics::for_tree::<Errand>(vec![NodeStats::ZERO; 3]);
}
