//! # Drawing the example trees
//!
//! ```text
//! cargo run --example draw -- sniper                 # one example's tree
//! cargo run --example draw -- --all                  # every example's tree
//! cargo run --example draw -- sniper --after 3       # also the sniper coloured after tick 3
//! cargo run --example draw -- --all --after 3 --out docs/trees   # the pictures in the docs
//! cargo run --example draw -- --list                 # the names
//! ```
//!
//! For each example `NAME` it writes, into `target/trees/` (or `--out DIR`):
//!
//! * `NAME.dot`: the tree as a Graphviz graph (`bt::export::dot`);
//! * `NAME.mmd`: the tree as a Mermaid flowchart (`bt::export::mermaid`);
//! * `NAME.xml`: the tree as BehaviorTree.CPP v4 XML, which Groot2 opens (`Tree::to_xml()`);
//! * `NAME.svg`: the picture, drawn by Graphviz's `dot -Tsvg NAME.dot`, when Graphviz is
//!   installed (it says so when it is not, and writes the rest).
//!
//! With `--after N`, an example with a scripted story (the sniper) also gets `NAME-tickN.dot`,
//! `.mmd` and `.svg`: the tree with each node coloured by what it did in tick `N` of the story
//! (`bt::export::dot_with_status` over a `TickTrace`): running amber, success green, failure
//! red, skipped grey, halted blue, not ticked white.
//!
//! The trees are not repeated here: each example file is included as a module, and gives its
//! tree with a small `tree()` function at its end. `tests/export.rs` checks that the files in
//! `docs/trees/` are what this command writes now.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use bt::{export, NodeInfo, TraceEvent};

#[allow(dead_code)]
#[path = "approach_enemy.rs"]
mod approach_enemy;
#[allow(dead_code)]
#[path = "cave_monster.rs"]
mod cave_monster;
#[allow(dead_code)]
#[path = "patrol_robot.rs"]
mod patrol_robot;
#[allow(dead_code)]
#[path = "resting_npc.rs"]
mod resting_npc;
#[allow(dead_code)]
#[path = "robot_ports.rs"]
mod robot_ports;
#[allow(dead_code)]
#[path = "security_robot.rs"]
mod security_robot;
#[allow(dead_code)]
#[path = "sniper.rs"]
mod sniper;
#[allow(dead_code)]
#[path = "village_npc.rs"]
mod village_npc;
#[allow(dead_code)]
#[path = "xml_patrol.rs"]
mod xml_patrol;

/// An example's tree, as this command sees it.
pub struct Example {
    /// The example's name (`cargo run --example NAME`), also the name of its files.
    pub name: &'static str,
    /// Its tree's nodes and XML.
    pub tree: fn() -> (&'static [NodeInfo], export::Xml<'static>),
    /// For an example with a scripted story: what each node did in a tick of it.
    pub story: Option<Story>,
}

/// What each node did in tick `n` of a story (indexed by node id), or `None` if the story has
/// no tick `n`.
pub type Story = fn(u32) -> Option<Vec<Option<TraceEvent>>>;

/// Every example with a tree (`sniper-expanded` is the sniper's tree again).
pub const EXAMPLES: &[Example] = &[
    Example {
        name: "sniper",
        tree: sniper::tree,
        story: Some(|tick| sniper::trace_after(tick).map(|trace| trace.events().to_vec())),
    },
    Example {
        name: "approach_enemy",
        tree: approach_enemy::tree,
        story: None,
    },
    Example {
        name: "patrol_robot",
        tree: patrol_robot::tree,
        story: None,
    },
    Example {
        name: "resting_npc",
        tree: resting_npc::tree,
        story: None,
    },
    Example {
        name: "robot_ports",
        tree: robot_ports::tree,
        story: None,
    },
    Example {
        name: "security_robot",
        tree: security_robot::tree,
        story: None,
    },
    Example {
        name: "xml_patrol",
        tree: xml_patrol::tree,
        story: None,
    },
    Example {
        name: "cave_monster",
        tree: cave_monster::tree,
        story: None,
    },
    Example {
        name: "village_npc",
        tree: village_npc::tree,
        story: None,
    },
];

/// A file to write: its name and its text.
pub type File = (String, String);

/// The example's tree as DOT, Mermaid and XML.
pub fn tree_files(example: &Example) -> Vec<File> {
    let (nodes, xml) = (example.tree)();
    let name = example.name;
    vec![
        (format!("{name}.dot"), export::dot(nodes).to_string()),
        (format!("{name}.mmd"), export::mermaid(nodes).to_string()),
        (format!("{name}.xml"), xml.to_string()),
    ]
}

/// The example's tree coloured by tick `tick` of its story, as DOT and Mermaid.
pub fn snapshot_files(example: &Example, tick: u32) -> Result<Vec<File>, String> {
    let name = example.name;
    let story = example
        .story
        .ok_or_else(|| format!("`{name}` has no scripted story to take a snapshot of"))?;
    let events = story(tick).ok_or_else(|| format!("the story of `{name}` has no tick {tick}"))?;
    let (nodes, _) = (example.tree)();
    let events = &events[..];
    Ok(vec![
        (
            format!("{name}-tick{tick}.dot"),
            export::dot_with_status(nodes, events).to_string(),
        ),
        (
            format!("{name}-tick{tick}.mmd"),
            export::mermaid_with_status(nodes, events).to_string(),
        ),
    ])
}

/// The command line, read.
struct Args {
    examples: Vec<&'static Example>,
    /// All examples were asked for: those without a story get no snapshot, silently.
    all: bool,
    after: Option<u32>,
    out: PathBuf,
}

const USAGE: &str = "usage: cargo run --example draw -- (NAME.. | --all) [--after TICK] [--out DIR]
       cargo run --example draw -- --list";

fn parse(args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut parsed = Args {
        examples: Vec::new(),
        all: false,
        after: None,
        out: default_out(),
    };
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let mut value = |option: &str| {
            args.next()
                .ok_or_else(|| format!("`{option}` needs a value\n{USAGE}"))
        };
        match arg.as_str() {
            "--list" => {
                for example in EXAMPLES {
                    let story = if example.story.is_some() {
                        " (has a story: --after TICK)"
                    } else {
                        ""
                    };
                    println!("{}{story}", example.name);
                }
                return Ok(None);
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(None);
            }
            "--all" => parsed.all = true,
            "--after" => {
                let tick = value("--after")?;
                let tick = tick
                    .parse()
                    .map_err(|_| format!("`--after {tick}`: expected a tick number, such as 3"))?;
                parsed.after = Some(tick);
            }
            "--out" => parsed.out = PathBuf::from(value("--out")?),
            name if name.starts_with('-') => {
                return Err(format!("unknown option `{name}`\n{USAGE}"))
            }
            name => {
                let example = EXAMPLES
                    .iter()
                    .find(|example| example.name == name)
                    .ok_or_else(|| {
                        let names: Vec<_> = EXAMPLES.iter().map(|e| e.name).collect();
                        format!("no example `{name}`; the examples: {}", names.join(", "))
                    })?;
                parsed.examples.push(example);
            }
        }
    }
    if parsed.all {
        parsed.examples = EXAMPLES.iter().collect();
    }
    if parsed.examples.is_empty() {
        return Err(format!("which example? name one, or `--all`\n{USAGE}"));
    }
    Ok(Some(parsed))
}

/// `target/trees/` of this workspace (or of `CARGO_TARGET_DIR`).
fn default_out() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("trees")
}

/// Whether Graphviz's `dot` can be run.
fn have_graphviz() -> bool {
    Command::new("dot")
        .arg("-V")
        .output()
        .is_ok_and(|output| output.status.success())
}

/// Draws `dot_file` as the SVG `svg_file` with Graphviz.
fn render(dot_file: &Path, svg_file: &Path) -> Result<(), String> {
    let output = Command::new("dot")
        .arg("-Tsvg")
        .arg(dot_file)
        .arg("-o")
        .arg(svg_file)
        .output()
        .map_err(|error| format!("cannot run `dot`: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "`dot -Tsvg {}` failed: {}",
            dot_file.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(())
}

fn run(args: Args) -> Result<(), String> {
    let mut files = Vec::new();
    for example in &args.examples {
        files.extend(tree_files(example));
        if let Some(tick) = args.after {
            if example.story.is_none() && args.all {
                continue;
            }
            if example.story.is_some() {
                println!("the story of `{}` up to tick {tick}:", example.name);
            }
            files.extend(snapshot_files(example, tick)?);
        }
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|error| format!("cannot create {}: {error}", args.out.display()))?;
    let graphviz = have_graphviz();
    for (name, text) in &files {
        let path = args.out.join(name);
        std::fs::write(&path, text)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        println!("wrote {}", path.display());
        if graphviz && name.ends_with(".dot") {
            let svg = path.with_extension("svg");
            render(&path, &svg)?;
            println!("wrote {}", svg.display());
        }
    }
    if !graphviz {
        println!(
            "Graphviz's `dot` is not installed, so no SVG was drawn; install Graphviz \
             (`apt-get install graphviz`, `brew install graphviz`) and run this again, or draw a \
             .dot file elsewhere (`dot -Tsvg NAME.dot -o NAME.svg`). Mermaid renders the .mmd \
             files (GitHub shows a ```mermaid block), and Groot2 opens the .xml files."
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let result = parse(std::env::args().skip(1)).and_then(|args| match args {
        Some(args) => run(args),
        None => Ok(()),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
