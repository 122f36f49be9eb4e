//! The example of `behavior_tree!`'s own documentation (`bt-macros/src/lib.rs`, shown by IDEs on
//! hover), compiled and run here: a proc-macro crate cannot run doctests that use the crate
//! re-exporting it. Keep the two in step.

use bt::{behavior_tree, Status};

pub struct World {
    enemy: bool,
    shots: u32,
}

behavior_tree! {
    pub tree Guard for World {
        Fallback {
            Sequence {
                Condition(|world| world.enemy),
                Action(|world| { world.shots += 1; true }),
            },
            AlwaysRunning,
        }
    }
}

#[test]
fn the_macro_documentation_example_runs() {
    let mut guard = Guard::new();
    let mut world = World {
        enemy: true,
        shots: 0,
    };
    assert_eq!(guard.tick(&mut world), Status::Success);
    assert_eq!(world.shots, 1);
    world.enemy = false;
    assert_eq!(guard.tick(&mut world), Status::Running);
}

#[test]
fn the_macro_documentation_example_is_this_file() {
    let doc = include_str!("../../bt-macros/src/lib.rs");
    let example: String = (doc.lines())
        .skip_while(|line| !line.contains("```ignore"))
        .skip(1)
        .take_while(|line| !line.contains("```"))
        .map(|line| line.trim_start_matches("///").trim())
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    let this = include_str!("macro_doc.rs");
    for line in example.lines() {
        let line = line.trim();
        if line.starts_with("let mut world")
            || line.starts_with("assert")
            || line.starts_with("let mut guard")
        {
            continue; // the test spells the world's fields out and asserts more
        }
        assert!(
            this.contains(line),
            "the doc example's line `{line}` is not in this test"
        );
    }
}
