//! Doctests only (`#[cfg(doctest)]`): the observers and the exports never allocate.
//!
//! A doctest is its own program, so it may install a counting global allocator (the crate
//! itself forbids `unsafe`), and it runs on one thread, so the count is its own.

/// The observers' hot paths (`on_status`, `on_halted`) and the exports, counted:
///
/// ```
/// use std::alloc::{GlobalAlloc, Layout, System};
/// use std::fmt::Write as _;
/// use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
/// use std::time::Duration;
///
/// use bt_core::export;
/// use bt_core::*;
///
/// struct Counting;
/// static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
///
/// // SAFETY: every call is forwarded unchanged to the system allocator.
/// unsafe impl GlobalAlloc for Counting {
///     unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
///         ALLOCATIONS.fetch_add(1, SeqCst);
///         System.alloc(layout)
///     }
///     unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
///         ALLOCATIONS.fetch_add(1, SeqCst);
///         System.realloc(ptr, layout, size)
///     }
///     unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
///         System.dealloc(ptr, layout)
///     }
/// }
///
/// #[global_allocator]
/// static GLOBAL: Counting = Counting;
///
/// const fn node(name: &'static str, category: NodeCategory, parent: Option<usize>, depth: usize)
///     -> NodeInfo {
///     NodeInfo { name, kind: name, category, parent, depth, ports: &[], leaf_type: None,
///                params: &[("num_cycles", "3")] }
/// }
/// const NODES: &[NodeInfo] = &[
///     node("Fallback", NodeCategory::Control, None, 0),
///     node("Visible", NodeCategory::Condition, Some(0), 1),
///     node("Patrol", NodeCategory::Action, Some(0), 1),
/// ];
///
/// /// A fixed buffer: writing into it never allocates.
/// struct Buf { bytes: [u8; 8192], len: usize }
/// impl std::fmt::Write for Buf {
///     fn write_str(&mut self, s: &str) -> std::fmt::Result {
///         let end = (self.len + s.len()).min(self.bytes.len());
///         self.bytes[self.len..end].copy_from_slice(&s.as_bytes()[..end - self.len]);
///         self.len = end;
///         Ok(())
///     }
/// }
///
/// /// Many ticks of `Fallback { Visible, Patrol }`, with halts.
/// fn run(observer: &mut impl Observer) {
///     for tick in 0..1000 {
///         let visible = tick % 7 == 0;
///         observer.on_status(1, if visible { Status::Success } else { Status::Failure });
///         if visible {
///             observer.on_halted(2);
///             observer.on_status(0, Status::Success);
///         } else {
///             observer.on_status(2, Status::Running);
///             observer.on_status(0, Status::Running);
///         }
///     }
/// }
///
/// fn allocations(f: impl FnOnce()) -> usize {
///     let before = ALLOCATIONS.load(SeqCst);
///     f();
///     ALLOCATIONS.load(SeqCst) - before
/// }
///
/// fn main() {
///     assert_eq!(allocations(|| drop(std::hint::black_box(vec![1u8]))), 1, "the count counts");
///     let mut trace = TickTrace::<3>::new();
///     let mut buffer = vec![None; 3];
///     let mut over = Trace::over(&mut buffer[..]);
///     let mut stats = Statistics::new(NODES, [NodeStats::ZERO; 3]);
///     let mut lines = TransitionLogger::new(NODES, [None; 3], Lines(Buf { bytes: [0; 8192], len: 0 }));
///     let mut count = 0;
///     let mut closure = TransitionLogger::new(NODES, [None; 3], |_: &Transition| count += 1);
///     assert_eq!(allocations(|| run(&mut trace)), 0, "TickTrace");
///     assert_eq!(allocations(|| run(&mut over)), 0, "Trace over a buffer");
///     assert_eq!(allocations(|| run(&mut stats)), 0, "Statistics");
///     assert_eq!(allocations(|| {
///         lines.set_time(Duration::from_millis(5));
///         run(&mut (&mut lines, &mut closure));
///     }), 0, "TransitionLogger");
///     assert_eq!(allocations(|| run(&mut (NoObserver, (&mut trace, &mut stats)))), 0, "tuples");
///
///     let mut out = Buf { bytes: [0; 8192], len: 0 };
///     assert_eq!(allocations(|| {
///         write!(out, "{}", export::dot(NODES)).unwrap();
///         write!(out, "{}", export::dot_with_status(NODES, &stats)).unwrap();
///         write!(out, "{}", export::mermaid_with_status(NODES, &trace)).unwrap();
///         write!(out, "{}", export::xml("Tree", NODES)).unwrap();
///         write!(out, "{stats}{}", trace.display(NODES)).unwrap();
///     }), 0, "exports and tables");
///     assert!(out.len > 1000);
///     drop(closure);
///     assert!(count > 0);
/// }
/// ```
pub struct Observers;

/// With the features `json` and `tracing`: [`JsonTrace`](crate::observe::json::JsonTrace) into
/// a writer that does not allocate (a sink, or a `Vec` with room reserved beforehand), and
/// [`TracingObserver`](crate::observe::tracing::TracingObserver) with no subscriber:
///
/// ```
/// use std::alloc::{GlobalAlloc, Layout, System};
/// use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
///
/// use bt_core::observe::json::{read_trace, JsonTrace};
/// use bt_core::observe::tracing::TracingObserver;
/// use bt_core::*;
///
/// struct Counting;
/// static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
///
/// // SAFETY: every call is forwarded unchanged to the system allocator.
/// unsafe impl GlobalAlloc for Counting {
///     unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
///         ALLOCATIONS.fetch_add(1, SeqCst);
///         System.alloc(layout)
///     }
///     unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
///         ALLOCATIONS.fetch_add(1, SeqCst);
///         System.realloc(ptr, layout, size)
///     }
///     unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
///         System.dealloc(ptr, layout)
///     }
/// }
///
/// #[global_allocator]
/// static GLOBAL: Counting = Counting;
///
/// const NODES: &[NodeInfo] = &[
///     NodeInfo { name: "Inverter", kind: "Inverter", category: NodeCategory::Decorator,
///                parent: None, depth: 0, ports: &[], leaf_type: None, params: &[] },
///     NodeInfo { name: "say \"hi\"", kind: "Action", category: NodeCategory::Action,
///                parent: Some(0), depth: 1, ports: &[], leaf_type: None, params: &[] },
/// ];
///
/// fn run(observer: &mut impl Observer) {
///     for tick in 0..500 {
///         observer.on_status(1, if tick % 3 == 0 { Status::Success } else { Status::Running });
///         if tick % 5 == 0 {
///             observer.on_halted(1);
///         }
///         observer.on_status(0, Status::Running);
///     }
/// }
///
/// fn allocations(f: impl FnOnce()) -> usize {
///     let before = ALLOCATIONS.load(SeqCst);
///     f();
///     ALLOCATIONS.load(SeqCst) - before
/// }
///
/// fn main() {
///     assert_eq!(allocations(|| drop(std::hint::black_box(vec![1u8]))), 1, "the count counts");
///     let mut sink = JsonTrace::new(NODES, std::io::sink());
///     let mut vec = JsonTrace::new(NODES, Vec::with_capacity(1 << 20));
///     let mut tracing = TracingObserver::new(NODES, [None; 2]);
///     assert_eq!(allocations(|| run(&mut sink)), 0, "JsonTrace into a sink");
///     assert_eq!(allocations(|| run(&mut vec)), 0, "JsonTrace into a Vec with room");
///     assert_eq!(allocations(|| run(&mut tracing)), 0, "TracingObserver");
///     let bytes = vec.finish().unwrap();
///     assert_eq!(read_trace(&bytes[..]).unwrap().len(), 500 * 2 + 100);
/// }
/// ```
#[cfg(all(feature = "json", feature = "tracing"))]
pub struct JsonAndTracing;
