//! A criterion measurement on the thread's CPU clock (`CLOCK_THREAD_CPUTIME_ID`), for measuring
//! on a machine that other work keeps busy: the time the benchmark thread spends descheduled is
//! not counted, as it is by criterion's wall clock. It still counts the cost of the caches that
//! other processes evicted, so figures on a loaded machine remain a little high.
//!
//! Chosen at run time with `BT_BENCH_CLOCK=thread-cpu` by the bench binaries that use
//! [`bench_main!`]; the default is criterion's wall clock, as in every other group. Only for
//! single-threaded timing: a rayon frame's work on other threads is not on this thread's clock.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::Throughput;

/// Whether this run uses the thread's CPU clock (`BT_BENCH_CLOCK=thread-cpu`).
pub fn thread_cpu() -> bool {
    match std::env::var("BT_BENCH_CLOCK").as_deref() {
        Ok("thread-cpu") => true,
        Ok("wall") | Err(_) => false,
        Ok(other) => panic!("BT_BENCH_CLOCK={other}: expected `wall` or `thread-cpu`"),
    }
}

/// The thread's CPU time, in nanoseconds.
pub struct ThreadCpu;

fn now() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable `timespec`; the clock id is a constant Linux provides.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        now()
    }
    fn end(&self, start: u64) -> u64 {
        now() - start
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &Nanoseconds
    }
}

/// Nanoseconds shown like criterion's wall-clock figures (ns, µs, ms, s; elements per second).
struct Nanoseconds;

impl ValueFormatter for Nanoseconds {
    fn scale_values(&self, ns: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if ns < 1e3 {
            (1.0, "ns")
        } else if ns < 1e6 {
            (1e-3, "µs")
        } else if ns < 1e9 {
            (1e-6, "ms")
        } else {
            (1e-9, "s")
        };
        for value in values {
            *value *= factor;
        }
        unit
    }

    fn scale_throughputs(
        &self,
        _typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per = match *throughput {
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => n,
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) | Throughput::Bits(n) => n,
        } as f64;
        for value in values {
            *value = per * 1e9 / *value / 1e6;
        }
        "M/s"
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

/// `main` for a bench binary whose targets are generic over the measurement: criterion's wall
/// clock, or the thread's CPU clock with `BT_BENCH_CLOCK=thread-cpu`.
#[allow(unused_macros)]
macro_rules! bench_main {
    ($($target:path),+ $(,)?) => {
        fn main() {
            if $crate::support::clock::thread_cpu() {
                let mut c = criterion::Criterion::default()
                    .with_measurement($crate::support::clock::ThreadCpu)
                    .configure_from_args();
                $($target(&mut c);)+
                c.final_summary();
            } else {
                let mut c = criterion::Criterion::default().configure_from_args();
                $($target(&mut c);)+
                c.final_summary();
            }
        }
    };
}
