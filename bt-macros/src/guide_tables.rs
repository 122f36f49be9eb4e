//! The guide's node tables against the kind table: every kind and alias of [`KINDS`] is in one
//! of the guide's node tables, and every node those tables name is a kind, so that the guide
//! (`src/lib.rs` of the `bt` crate, its docs) and the macro cannot drift apart.
//!
//! A node table is a Markdown table of the guide whose header has a `node`, `written` or
//! `write` column (the tables of nodes, of leaves, of NodeCanvas's nodes, and behavior3's "write"
//! column). The names in that column are the leading identifiers of its code spans
//! (`` `Repeat(n) { c }` `` names `Repeat`, `` (alias `Retry`) `` names `Retry`); spans that do
//! not start with a capital letter (`` `(forever)` ``, `` `maxLoop` ``) name nothing.
#![cfg(test)]

use std::collections::BTreeSet;

use crate::kinds::{all_names, lookup, KINDS};

/// The guide: the facade crate's documentation.
const GUIDE: &str = include_str!("../../src/lib.rs");

/// The headers of the columns that name nodes.
const NODE_COLUMNS: &[&str] = &["node", "written", "write"];

/// One node table: the line of its header, and the cells of its node column, one per row.
struct Table {
    line: usize,
    cells: Vec<(usize, String)>,
}

/// The cells of a table row, with the pipes escaped in code (`\|`) kept in their cells.
fn cells(row: &str) -> Vec<String> {
    let row = row.trim().trim_start_matches('|').trim_end_matches('|');
    let mut cells = vec![String::new()];
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                chars.next();
                cells.last_mut().unwrap().push('|');
            }
            '|' => cells.push(String::new()),
            c => cells.last_mut().unwrap().push(c),
        }
    }
    cells.iter().map(|cell| cell.trim().to_string()).collect()
}

/// The node tables of a Markdown text given as `//!` doc comments (`text`'s other lines are
/// ignored).
fn node_tables(text: &str) -> Vec<Table> {
    let mut tables = Vec::new();
    let mut rows: Vec<(usize, &str)> = Vec::new();
    let lines = text.lines().enumerate().map(|(index, line)| {
        let doc = line.trim_start().strip_prefix("//!").map(str::trim);
        (index + 1, doc.filter(|doc| doc.starts_with('|')))
    });
    for (number, row) in lines.chain([(0, None)]) {
        if let Some(row) = row {
            rows.push((number, row));
            continue;
        }
        if rows.len() >= 3 {
            let header = cells(rows[0].1);
            if let Some(column) = header
                .iter()
                .position(|h| NODE_COLUMNS.contains(&h.as_str()))
            {
                tables.push(Table {
                    line: rows[0].0,
                    cells: (rows[2..].iter())
                        .map(|&(number, row)| {
                            (number, cells(row).get(column).cloned().unwrap_or_default())
                        })
                        .collect(),
                });
            }
        }
        rows.clear();
    }
    tables
}

/// The node names of a cell: the leading identifier of each code span that starts with a capital.
fn names(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|span| {
            let name: String = span
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            name.starts_with(|c: char| c.is_ascii_uppercase())
                .then_some(name)
        })
        .collect()
}

/// Every name the node tables of `text` give, with the line of each.
fn table_names(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for table in node_tables(text) {
        for (line, cell) in table.cells {
            found.extend(names(&cell).into_iter().map(|name| (line, name)));
        }
    }
    found
}

/// What is wrong between the node tables of `text` and the kind table, one line per problem.
fn problems(text: &str) -> Vec<String> {
    let found = table_names(text);
    let mut problems = Vec::new();
    for (line, name) in &found {
        if lookup(name).is_none() {
            problems.push(format!(
                "src/lib.rs:{line}: `{name}` in a node table is not a kind of bt-macros/src/kinds/table.rs"
            ));
        }
    }
    let named: BTreeSet<&str> = found.iter().map(|(_, name)| name.as_str()).collect();
    for name in all_names() {
        if !named.contains(name) {
            let kind = lookup(name).unwrap().names[0];
            let what = match kind == name {
                true => format!("the kind `{name}`"),
                false => format!("`{name}`, an alias of `{kind}`,"),
            };
            problems.push(format!(
                "{what} is in no node table of the guide (src/lib.rs): give it a row, or name it \
                 in its kind's row"
            ));
        }
    }
    problems
}

#[test]
fn the_guide_s_node_tables_are_the_kind_table() {
    let problems = problems(GUIDE);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_node_tables_are_found() {
    let tables = node_tables(GUIDE);
    // Leaves, the nodes, behavior3's nodes, NodeCanvas's nodes.
    assert_eq!(
        tables.len(),
        4,
        "lines {:?}",
        tables.iter().map(|t| t.line).collect::<Vec<_>>()
    );
    assert!(KINDS.len() > 50);
}

#[test]
fn a_kind_left_out_of_the_guide_is_found() {
    // The guide without the row of `Delay`.
    let row = GUIDE
        .lines()
        .find(|line| line.starts_with("//! | `Delay(ms) { c }` |"))
        .expect("the guide has a row for Delay");
    let without = GUIDE.replacen(row, "//! | `Inverter { c }` | the same again |", 1);
    assert_eq!(
        problems(&without),
        ["the kind `Delay` is in no node table of the guide (src/lib.rs): give it a row, or name \
          it in its kind's row"]
    );
    // An alias left out of its kind's row.
    let without = GUIDE.replacen("(alias `Retry`)", "", 1);
    assert_eq!(problems(&without).len(), 1);
    assert!(problems(&without)[0].starts_with("`Retry`, an alias of `RetryUntilSuccessful`,"));
}

#[test]
fn a_name_that_is_no_kind_is_found() {
    let text = "//! | node | rule |\n//! |---|---|\n//! | `Sequence { .. }`, `Sequense` | x |\n";
    let problems = problems(text);
    assert!(
        problems[0].contains("`Sequense` in a node table is not a kind"),
        "{problems:?}"
    );
}

#[test]
fn cells_and_names() {
    assert_eq!(
        cells(r"| `Precondition(\|bb\| c, else = Failure) { c }` | rule \| more |"),
        [
            "`Precondition(|bb| c, else = Failure) { c }`",
            "rule | more"
        ]
    );
    assert_eq!(
        names("`RetryUntilSuccessful(n) { c }`, `(forever)` (alias `Retry`), `maxLoop`"),
        ["RetryUntilSuccessful", "Retry"]
    );
}
