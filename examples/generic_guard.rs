//! # One guard for every world: a generic tree, and one trait for every tree
//!
//! Run it with `cargo run --example generic_guard`.
//!
//! ## The trees
//!
//! ```text
//! Guard<W: Senses> for W          (a library's behaviour: any world that senses)
//! ReactiveFallback
//! ├── Sequence
//! │   ├── Condition  world.enemy() is some
//! │   └── Action     attack it (the blackboard keeps who)
//! └── StatefulAction Wander (two steps)
//!
//! Post<W: Senses> for W           (a generic tree using it, the parameter forwarded)
//! Sequence
//! ├── Action   report for duty
//! └── SubTree  Guard<W>, its `target` remapped to the post's `last`
//! ```
//!
//! ## What it shows
//!
//! * The same tree types tick two unrelated worlds, a soldier (enemies by name) and a turret
//!   (targets by number): the blackboard's entry is `Option<W::Id>`, a `&str` for one and a
//!   `u32` for the other. Each tick prints the root's status and what the world was told.
//! * `report` takes any tree over any context through `bt::Tree<Ctx>`, the trait every tree
//!   implements, and says how many nodes it has (`TreeBase::NODE_COUNT`); `Post<Soldier>` has
//!   its own three nodes and `Guard`'s five.

use bt::{behavior_tree, Status, Tree, TreeBase};

/// What a guard needs of the world it runs in.
pub trait Senses {
    /// What the guard remembers of an enemy.
    type Id: Copy + core::fmt::Debug;
    fn enemy(&self) -> Option<Self::Id>;
    fn attack(&mut self, enemy: Self::Id) -> bool;
    fn say(&mut self, what: String);
}

/// Walks two steps, in any world that senses.
#[derive(Default)]
pub struct Wander {
    steps: u32,
}

impl<W: Senses> bt::StatefulAction<W> for Wander {
    fn on_start(&mut self, world: &mut W) -> Status {
        world.say("starts wandering".into());
        self.steps = 0;
        Status::Running
    }
    fn on_running(&mut self, world: &mut W) -> Status {
        self.steps += 1;
        world.say(format!("wanders, step {}", self.steps));
        if self.steps == 2 {
            Status::Success
        } else {
            Status::Running
        }
    }
    fn on_halted(&mut self, world: &mut W) {
        world.say("stops wandering".into());
    }
}

behavior_tree! {
    /// Attack what is seen, else wander: one behaviour for every world that senses.
    pub tree Guard<W: Senses> for W {
        blackboard { target: Option<W::Id> = None }
        ReactiveFallback {
            Sequence {
                Condition(|world| world.enemy().is_some()),
                Action(|world, bb| {
                    let enemy = world.enemy().unwrap();
                    bb.target = Some(enemy);
                    world.attack(enemy)
                }),
            },
            StatefulAction(Wander),
        }
    }
}

behavior_tree! {
    /// Report for duty, then guard: a generic tree with a generic subtree.
    pub tree Post<W: Senses> for W {
        blackboard { last: Option<W::Id> = None }
        Sequence {
            Action(|world| { world.say("reports for duty".into()); true }),
            SubTree(Guard<W>, target = {last}),
        }
    }
}

/// A soldier: sees enemies by name.
#[derive(Default)]
struct Soldier {
    seen: Option<&'static str>,
    said: Vec<String>,
}

impl Senses for Soldier {
    type Id = &'static str;
    fn enemy(&self) -> Option<&'static str> {
        self.seen
    }
    fn attack(&mut self, enemy: &'static str) -> bool {
        self.said.push(format!("attacks the {enemy}"));
        true
    }
    fn say(&mut self, what: String) {
        self.said.push(what);
    }
}

/// A turret: tracks targets by number, runs out of ammunition.
struct Turret {
    target: Option<u32>,
    ammo: u32,
    said: Vec<String>,
}

impl Senses for Turret {
    type Id = u32;
    fn enemy(&self) -> Option<u32> {
        self.target
    }
    fn attack(&mut self, enemy: u32) -> bool {
        if self.ammo == 0 {
            self.said
                .push(format!("cannot fire at target {enemy}: no ammunition"));
            return false;
        }
        self.ammo -= 1;
        self.said.push(format!("fires at target {enemy}"));
        true
    }
    fn say(&mut self, what: String) {
        self.said.push(what);
    }
}

/// Ticks any tree over any context once, through the trait every tree implements, and prints
/// what happened.
fn report<C, T: Tree<C>>(
    name: &str,
    tick: u32,
    tree: &mut T,
    world: &mut C,
    said: fn(&mut C) -> Vec<String>,
) where
    T::Error: core::fmt::Debug,
{
    let status = tree.try_tick(world);
    println!("{name} ({} nodes), tick {tick}: {status:?}", T::NODE_COUNT);
    for line in said(world) {
        println!("  > {line}");
    }
}

fn main() {
    let mut post = Post::<Soldier>::new();
    let mut soldier = Soldier::default();
    let said = |soldier: &mut Soldier| std::mem::take(&mut soldier.said);
    report("Post<Soldier>", 1, &mut post, &mut soldier, said);
    soldier.seen = Some("orc");
    report("Post<Soldier>", 2, &mut post, &mut soldier, said);
    println!("  last enemy: {:?}", post.blackboard().last);

    let mut guard = Guard::<Turret>::new();
    let mut turret = Turret {
        target: Some(7),
        ammo: 1,
        said: Vec::new(),
    };
    let said = |turret: &mut Turret| std::mem::take(&mut turret.said);
    for tick in 1..=3 {
        report("Guard<Turret>", tick, &mut guard, &mut turret, said);
    }
    println!("  last target: {:?}", guard.blackboard().target);
    assert_eq!(<Guard<Turret> as TreeBase>::NODE_COUNT, 5);
}

// ---- for `cargo run --example draw`, which includes this file as a module ----

/// The tree's nodes and its BehaviorTree.CPP XML (`Post` over a soldier: the parameters do not
/// change the tree's shape).
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (Post::<Soldier>::NODES, Post::<Soldier>::to_xml())
}
