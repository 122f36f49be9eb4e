//! Where rustc spends its time compiling a crate of generated trees.
//!
//! ```sh
//! RUSTC_BOOTSTRAP=1 cargo rustc -p bt-differential --test differential --profile test -- \
//!     -Zself-profile=/tmp/sp -Zself-profile-events=default,args
//! cargo run --release --manifest-path benches/rustc-profile/Cargo.toml -- /tmp/sp/differential-PID
//! cargo run --release --manifest-path benches/rustc-profile/Cargo.toml -- /tmp/sp/differential-PID \
//!     typeck,mir_borrowck 40
//! ```
//!
//! With one argument (the profile's path without `.mm_profdata`): the queries by self time, as
//! measureme's `summarize` prints them. With a comma-separated list of queries: the time of
//! those queries by item, the items grouped by their path with the numbers folded and the part
//! before the tree's module cut (`{{impl}}[N]::__bt_tick_N` is every node's tick function), so
//! that each kind of generated item shows its share. `-Zself-profile-events=default,args` is
//! needed for the items' paths.

use analyzeme::ProfilingData;
use std::collections::HashMap;
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(profile) = args.get(1) else {
        eprintln!("usage: bt-rustc-profile PROFILE [QUERY,QUERY.. [ROWS]]");
        std::process::exit(2);
    };
    let data = ProfilingData::new(Path::new(profile)).unwrap_or_else(|error| {
        eprintln!("{profile}: {error}");
        std::process::exit(1);
    });
    let rows: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(40);
    match args.get(2) {
        None => by_query(data, rows),
        Some(parents) if parents == "--callers" => {
            let query = args.get(3).map_or("", String::as_str);
            let needle = args.get(4).map_or("", String::as_str);
            callers(&data, query, needle);
        }
        Some(queries) => by_item(&data, &queries.split(',').collect::<Vec<_>>(), rows),
    }
}

/// The queries by self time (the time inside a query minus the queries it called).
fn by_query(data: ProfilingData, rows: usize) {
    let mut queries = data.perform_analysis().query_data;
    queries.sort_by_key(|q| std::cmp::Reverse(q.self_time));
    let total: f64 = queries.iter().map(|q| q.self_time.as_secs_f64()).sum();
    println!("self time, all queries: {total:.1} s");
    println!("{:>9} {:>9}  query", "self s", "runs");
    for query in queries.iter().take(rows) {
        let seconds = query.self_time.as_secs_f64();
        println!(
            "{seconds:9.2} {:9}  {}",
            query.invocation_count, query.label
        );
    }
}

/// For the events of `query` whose item contains `needle`: the chain of queries that ran them
/// (each event's enclosing events on its thread), with the time of the matching events.
fn callers(data: &ProfilingData, query: &str, needle: &str) {
    let mut events: Vec<_> = data
        .iter_full()
        .filter_map(|event| {
            let interval = event.payload.timestamp()?;
            let (start, end) = (interval.start(), interval.end());
            let item = event.additional_data.first().map_or(String::new(), |path| group(path));
            Some((event.thread_id, start, end, event.label.to_string(), item))
        })
        .collect();
    events.sort_by(|a, b| (a.0, a.1, std::cmp::Reverse(a.2)).cmp(&(b.0, b.1, std::cmp::Reverse(b.2))));
    let mut chains: HashMap<String, (f64, u64)> = HashMap::new();
    let mut stack: Vec<usize> = Vec::new();
    for (at, event) in events.iter().enumerate() {
        while let Some(&top) = stack.last() {
            let outer = &events[top];
            if outer.0 == event.0 && outer.2 >= event.2 {
                break;
            }
            stack.pop();
        }
        if event.3 == query && event.4.contains(needle) {
            let chain: Vec<String> = stack
                .iter()
                .rev()
                .take(4)
                .map(|&i| format!("{}({})", events[i].3, events[i].4.chars().take(60).collect::<String>()))
                .collect();
            let entry = chains.entry(chain.join(" < ")).or_default();
            entry.0 += event.2.duration_since(event.1).map_or(0.0, |d| d.as_secs_f64());
            entry.1 += 1;
        }
        stack.push(at);
    }
    let mut chains: Vec<_> = chains.into_iter().collect();
    chains.sort_by(|a, b| b.1 .0.total_cmp(&a.1 .0));
    for (chain, (seconds, count)) in chains.iter().take(20) {
        println!("{seconds:9.3} {count:6}  {chain}");
    }
}

/// The time of `queries` by item, items grouped by [`group`].
fn by_item(data: &ProfilingData, queries: &[&str], rows: usize) {
    let mut groups: HashMap<(String, String), (f64, u64)> = HashMap::new();
    let mut totals: HashMap<String, f64> = HashMap::new();
    for event in data.iter_full() {
        let Some(duration) = event.duration() else {
            continue;
        };
        let label = event.label.to_string();
        if !queries.contains(&label.as_str()) {
            continue;
        }
        let seconds = duration.as_secs_f64();
        *totals.entry(label.clone()).or_default() += seconds;
        let item = event
            .additional_data
            .first()
            .map_or(String::new(), |path| group(path));
        let entry = groups.entry((label, item)).or_default();
        entry.0 += seconds;
        entry.1 += 1;
    }
    let mut totals: Vec<_> = totals.into_iter().collect();
    totals.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (query, seconds) in &totals {
        println!("{query}: {seconds:.1} s in all");
    }
    let mut groups: Vec<_> = groups.into_iter().collect();
    groups.sort_by(|a, b| b.1 .0.total_cmp(&a.1 .0));
    println!("{:>9} {:>8}  {:16} item", "seconds", "items", "query");
    for ((query, item), (seconds, count)) in groups.iter().take(rows) {
        println!("{seconds:9.3} {count:8}  {query:16} {item}");
    }
}

/// An item's path with every run of digits as `N`, from after the generated trees' module
/// (`trees::part_N::`) if it has one.
fn group(path: &str) -> String {
    let mut folded = String::with_capacity(path.len());
    let mut in_digits = false;
    for c in path.chars() {
        if c.is_ascii_digit() {
            if !in_digits {
                folded.push('N');
            }
            in_digits = true;
        } else {
            folded.push(c);
            in_digits = false;
        }
    }
    const MODULE: &str = "trees::part_N::";
    match folded.find(MODULE) {
        Some(at) => folded[at + MODULE.len()..].to_string(),
        None => folded,
    }
}
