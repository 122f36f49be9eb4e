//! Generic trees (`tree Guard<W: Senses> for W`, lifetimes on the tree) and the one trait every
//! tree implements (`bt::Tree<Ctx>`, `bt::TreeBase`), whatever its context's lifetimes and its
//! error type.
//!
//! One generic tree ticked with two context types, tick by tick; its blackboard of the
//! parameter's associated type; a generic tree as a subtree, with a concrete and with a
//! forwarded parameter; trees over `Npc<'a>` and with an error type through the trait.

use bt::{behavior_tree, Status, Tree, TreeBase};
use core::convert::Infallible;
use Status::*;

/// What a guard needs of the world it runs in.
pub trait Senses {
    /// What the guard remembers of an enemy.
    type Id: Copy + PartialEq + core::fmt::Debug;
    fn enemy(&self) -> Option<Self::Id>;
    fn attack(&mut self, enemy: Self::Id) -> bool;
    fn log(&mut self) -> &mut Vec<&'static str>;
}

/// A soldier: sees enemies by name, hits once each.
#[derive(Default)]
pub struct Soldier {
    seen: Option<&'static str>,
    hits: u32,
    calls: Vec<&'static str>,
}

impl Senses for Soldier {
    type Id = &'static str;
    fn enemy(&self) -> Option<&'static str> {
        self.seen
    }
    fn attack(&mut self, _: &'static str) -> bool {
        self.calls.push("attack");
        self.hits += 1;
        true
    }
    fn log(&mut self) -> &mut Vec<&'static str> {
        &mut self.calls
    }
}

/// A turret: tracks targets by number, runs out of ammunition.
pub struct Turret {
    target: Option<u32>,
    ammo: u32,
    calls: Vec<&'static str>,
}

impl Senses for Turret {
    type Id = u32;
    fn enemy(&self) -> Option<u32> {
        self.target
    }
    fn attack(&mut self, _: u32) -> bool {
        self.calls.push("attack");
        if self.ammo == 0 {
            return false;
        }
        self.ammo -= 1;
        true
    }
    fn log(&mut self) -> &mut Vec<&'static str> {
        &mut self.calls
    }
}

/// Walks two steps (`Running` once), for any world that senses: a user leaf generic over the
/// context, with state.
#[derive(Default)]
pub struct Wander {
    steps: u32,
}

impl<W: Senses> bt::StatefulAction<W> for Wander {
    fn on_start(&mut self, world: &mut W) -> Status {
        world.log().push("wander start");
        self.steps = 0;
        Running
    }
    fn on_running(&mut self, world: &mut W) -> Status {
        world.log().push("wander");
        self.steps += 1;
        if self.steps == 2 {
            Success
        } else {
            Running
        }
    }
    fn on_halted(&mut self, world: &mut W) {
        world.log().push("wander halted");
    }
}

/// Remembers the last enemy it saw: a leaf whose type names the tree's parameter.
pub struct Remember<W: Senses> {
    last: Option<W::Id>,
}

impl<W: Senses> Default for Remember<W> {
    fn default() -> Self {
        Remember { last: None }
    }
}

impl<W: Senses> bt::Condition<W> for Remember<W> {
    fn check(&mut self, world: &W) -> bool {
        if let Some(enemy) = world.enemy() {
            self.last = Some(enemy);
        }
        self.last.is_some()
    }
}

behavior_tree! {
    /// One behaviour for every world that senses: attack what is seen, else wander.
    pub tree Guard<W: Senses> for W {
        blackboard {
            /// The enemy attacked last: the parameter's associated type.
            target: Option<W::Id> = None,
        }
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

#[test]
fn a_generic_tree_ticks_with_two_contexts() {
    // Tick by tick with a soldier.
    let mut guard = Guard::<Soldier>::new();
    let mut soldier = Soldier::default();
    assert_eq!(guard.tick(&mut soldier), Running);
    assert_eq!(soldier.calls, ["wander start"]);
    soldier.seen = Some("orc");
    assert_eq!(guard.tick(&mut soldier), Success);
    // The reactive fallback halts the running `Wander` after the attack succeeds.
    assert_eq!(soldier.calls, ["wander start", "attack", "wander halted"]);
    assert_eq!(guard.blackboard().target, Some("orc"));
    soldier.seen = None;
    soldier.calls.clear();
    assert_eq!(guard.tick(&mut soldier), Running);
    assert_eq!(guard.tick(&mut soldier), Running);
    assert_eq!(guard.tick(&mut soldier), Success);
    assert_eq!(soldier.calls, ["wander start", "wander", "wander"]);

    // The same tree type over a turret: its own blackboard type (`Option<u32>`).
    let mut guard = Guard::<Turret>::new();
    let mut turret = Turret {
        target: Some(7),
        ammo: 1,
        calls: Vec::new(),
    };
    assert_eq!(guard.tick(&mut turret), Success);
    assert_eq!(guard.blackboard().target, Some(7));
    // Out of ammunition: the attack fails, `Wander` starts.
    assert_eq!(guard.tick(&mut turret), Running);
    assert_eq!(turret.calls, ["attack", "attack", "wander start"]);
    (turret.target, turret.ammo) = (Some(8), 2);
    assert_eq!(guard.tick(&mut turret), Success);
    assert_eq!(turret.calls[3..], ["attack", "wander halted"]);
    assert_eq!(guard.blackboard().target, Some(8));
    assert_eq!(Guard::<Turret>::NODE_COUNT, 5);
}

#[test]
fn a_generic_tree_infers_its_parameter_and_is_as_small_as_its_state() {
    let mut guard = Guard::new();
    let mut soldier = Soldier::default();
    assert_eq!(guard.tick(&mut soldier), Running);
    // The parameter costs no byte: the tree holds `Wander`, the blackboard and its flags.
    let over_soldier = core::mem::size_of::<Guard<Soldier>>();
    let over_turret = core::mem::size_of::<Guard<Turret>>();
    assert!(over_soldier <= 4 + 24 + 8, "{over_soldier}");
    assert!(over_turret <= 4 + 8 + 8, "{over_turret}");
    // `PhantomData<fn() -> W>`: the tree is `Send` and `Sync` whatever `W` is.
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Guard<Soldier>>();
}

behavior_tree! {
    /// A where-clause, and a leaf whose type names the parameter.
    pub tree Watch<W> for W where W: Senses {
        Sequence {
            Condition(Remember<W>),
            Action(|world| { world.log().push("alarm"); true }),
        }
    }
}

#[test]
fn a_where_clause_and_a_leaf_type_of_the_parameter() {
    let mut watch = Watch::<Soldier>::new();
    let mut soldier = Soldier::default();
    assert_eq!(watch.tick(&mut soldier), Failure);
    soldier.seen = Some("orc");
    assert_eq!(watch.tick(&mut soldier), Success);
    soldier.seen = None;
    // `Remember` keeps the orc in mind.
    assert_eq!(watch.tick(&mut soldier), Success);
    assert_eq!(soldier.calls, ["alarm", "alarm"]);
}

// ---------------------------------------------------------------------------------------------
// Generic subtrees.

behavior_tree! {
    /// `Guard` forwarded the parameter: a generic tree of generic trees.
    pub tree Post<W: Senses> for W {
        blackboard { last: Option<W::Id> = None }
        Sequence {
            Action(|world| { world.log().push("post"); true }),
            #[name = "guard"]
            SubTree(Guard<W>, target = {last}),
        }
    }
}

behavior_tree! {
    /// `Guard` with a concrete parameter, in a tree that is not generic.
    pub tree Barracks for Soldier {
        Sequence {
            SubTree(Guard<Soldier>),
            SubTree(Post<Soldier>),
        }
    }
}

#[test]
fn a_generic_subtree_with_a_forwarded_parameter() {
    assert_eq!(Post::<Turret>::NODE_COUNT, 3 + 5);
    let nodes: Vec<(&str, Option<usize>, usize)> = (Post::<Turret>::NODES.iter())
        .map(|node| (node.kind, node.parent, node.depth))
        .collect();
    assert_eq!(
        nodes,
        [
            ("Sequence", None, 0),
            ("Action", Some(0), 1),
            ("SubTree", Some(0), 1),
            ("ReactiveFallback", Some(2), 2),
            ("Sequence", Some(3), 3),
            ("Condition", Some(4), 4),
            ("Action", Some(4), 4),
            ("StatefulAction", Some(3), 3),
        ]
    );
    assert_eq!(Post::<Turret>::NODES[2].name, "guard");
    let mut post = Post::<Turret>::new();
    let mut turret = Turret {
        target: Some(3),
        ammo: 5,
        calls: Vec::new(),
    };
    assert_eq!(post.tick(&mut turret), Success);
    assert_eq!(turret.calls, ["post", "attack"]);
    // The child's entry is the parent's, remapped.
    assert_eq!(post.blackboard().last, Some(3));
}

#[test]
fn a_generic_subtree_with_a_concrete_parameter() {
    assert_eq!(Barracks::NODE_COUNT, 3 + 5 + 8);
    let mut barracks = Barracks::new();
    let mut soldier = Soldier::default();
    assert_eq!(barracks.tick(&mut soldier), Running);
    assert_eq!(soldier.calls, ["wander start"]);
    assert_eq!(barracks.tick(&mut soldier), Running);
    // The first guard's `Wander` succeeds; `Post` runs its own guard.
    assert_eq!(barracks.tick(&mut soldier), Running);
    assert_eq!(
        soldier.calls,
        ["wander start", "wander", "wander", "post", "wander start"]
    );
    // Halting the parent halts the running child of the subtree.
    barracks.halt(&mut soldier);
    assert_eq!(soldier.calls.last(), Some(&"wander halted"));
}

// ---------------------------------------------------------------------------------------------
// One trait for every tree.

/// A context with a lifetime: the leaves borrow the world.
pub struct Npc<'a> {
    hp: &'a mut u32,
    calls: &'a mut Vec<&'static str>,
}

behavior_tree! {
    /// Heals below 10 hit points.
    pub tree Medic for Npc<'a> {
        Fallback {
            Condition(|npc| *npc.hp >= 10),
            Action(|npc| { *npc.hp += 5; npc.calls.push("heal"); true }),
        }
    }
}

#[derive(Debug, PartialEq)]
pub struct Hurt(u32);

behavior_tree! {
    /// Fails with an error below 5 hit points: an error type and a context with a lifetime.
    pub tree Fragile for Npc<'a>, error Hurt {
        Sequence {
            Condition(|npc| if *npc.hp < 5 { Err(Hurt(*npc.hp)) } else { Ok(true) }),
            Action(|npc| { npc.calls.push("work"); true }),
        }
    }
}

/// Any tree over `Npc<'a>`, whatever `'a` and whatever its error type.
fn tick_npc<T>(
    tree: &mut T,
    hp: &mut u32,
    calls: &mut Vec<&'static str>,
) -> Result<Status, T::Error>
where
    T: for<'a> Tree<Npc<'a>>,
{
    tree.try_tick(&mut Npc { hp, calls })
}

#[test]
fn a_tree_over_a_context_with_a_lifetime_through_the_trait() {
    let mut medic = Medic::new();
    let (mut hp, mut calls) = (3, Vec::new());
    assert_eq!(tick_npc(&mut medic, &mut hp, &mut calls), Ok(Success));
    assert_eq!((hp, &calls[..]), (8, &["heal"][..]));
    assert_eq!(tick_npc(&mut medic, &mut hp, &mut calls), Ok(Success));
    assert_eq!(tick_npc(&mut medic, &mut hp, &mut calls), Ok(Success));
    assert_eq!((hp, calls.len()), (13, 2));
    // Its error type is `Infallible`; `TreeBase` names its context family and its nodes.
    let _: Option<Infallible> = None::<<Medic as TreeBase>::Error>;
    let _: Option<&Npc<'static>> = None::<&<Medic as TreeBase>::Context>;
    assert_eq!(<Medic as TreeBase>::NODE_COUNT, 3);
    assert_eq!(TreeBase::status(&medic), Some(Success));
}

#[test]
fn a_tree_with_an_error_type_through_the_trait() {
    let mut fragile = Fragile::new();
    let (mut hp, mut calls) = (7, Vec::new());
    assert_eq!(tick_npc(&mut fragile, &mut hp, &mut calls), Ok(Success));
    hp = 2;
    assert_eq!(tick_npc(&mut fragile, &mut hp, &mut calls), Err(Hurt(2)));
    assert_eq!(calls, ["work"]);
    assert_eq!(TreeBase::status(&fragile), None);
}

/// Ticks any infallible tree over `Soldier` through `Tree::tick`, and halts it.
fn tick_then_halt<T: Tree<Soldier> + TreeBase<Error = Infallible>>(
    soldier: &mut Soldier,
) -> Status {
    let mut tree = T::new();
    let status = tree.tick(soldier);
    tree.halt(soldier);
    status
}

#[test]
fn the_trait_builds_ticks_and_halts_generic_and_plain_trees() {
    let mut soldier = Soldier::default();
    assert_eq!(tick_then_halt::<Guard<Soldier>>(&mut soldier), Running);
    assert_eq!(tick_then_halt::<Barracks>(&mut soldier), Running);
    assert_eq!(
        soldier.calls,
        [
            "wander start",
            "wander halted",
            "wander start",
            "wander halted"
        ]
    );
}

behavior_tree! {
    /// Subtrees over a context with a lifetime: `Medic` implements `Subtree<Npc<'a>>` for every
    /// `'a`.
    pub tree Ward for Npc<'a> {
        blackboard { rounds: u32 = 0 }
        Sequence {
            SubTree(Medic),
            Action(|npc, bb| { bb.rounds += 1; npc.calls.push("round"); true }),
            SubTree(Medic),
        }
    }
}

#[test]
fn subtrees_over_a_context_with_a_lifetime() {
    assert_eq!(Ward::NODE_COUNT, 1 + 2 * (1 + 3) + 1);
    let mut ward = Ward::new();
    let (mut hp, mut calls) = (1, Vec::new());
    // The first `Medic` heals to 6, the round, the second heals to 11.
    assert_eq!(tick_npc(&mut ward, &mut hp, &mut calls), Ok(Success));
    assert_eq!((hp, &calls[..]), (11, &["heal", "round", "heal"][..]));
    assert_eq!(ward.blackboard().rounds, 1);
}

// ---------------------------------------------------------------------------------------------
// A lifetime of the tree itself.

behavior_tree! {
    /// The blackboard borrows for `'s`, the lifetime the tree declares; the context's `'a` is
    /// the functions'.
    pub tree Greeter<'s> for Npc<'a> {
        blackboard { name: &'s str = "nobody" }
        Action(|npc, bb| { npc.calls.push(if bb.name == "Ada" { "hello Ada" } else { "hello" }); true })
    }
}

#[test]
fn a_tree_with_a_lifetime_of_its_own() {
    let name = String::from("Ada");
    let mut greeter = Greeter::new();
    greeter.blackboard_mut().name = &name;
    let (mut hp, mut calls) = (1, Vec::new());
    assert_eq!(tick_npc(&mut greeter, &mut hp, &mut calls), Ok(Success));
    assert_eq!(calls, ["hello Ada"]);
    // The tree holds the borrow of `name` as its blackboard's type says.
    let name: &str = greeter.blackboard().name;
    assert_eq!(name, "Ada");
}

// ---------------------------------------------------------------------------------------------
// A generic tree from BehaviorTree.CPP XML: the invocation's parameters are every tree's of the
// document, and its subtrees are used with them.

/// `SeesEnemy` of the XML, for any world that senses.
#[derive(Default)]
pub struct SeesEnemy;

impl<W: Senses> bt::Condition<W> for SeesEnemy {
    fn check(&mut self, world: &W) -> bool {
        world.enemy().is_some()
    }
}

/// `Attack` of the XML.
#[derive(Default)]
pub struct AttackSeen;

impl<W: Senses> bt::SyncAction<W> for AttackSeen {
    fn execute(&mut self, world: &mut W) -> bt::Outcome {
        match world.enemy() {
            Some(enemy) if world.attack(enemy) => bt::Outcome::Success,
            _ => bt::Outcome::Failure,
        }
    }
}

behavior_tree! {
    /// The guard in XML, with its attack as a subtree of the document.
    pub tree XmlGuard<W: Senses> for W {
        xml_text = r#"
            <root BTCPP_format="4" main_tree_to_execute="XmlGuard">
              <BehaviorTree ID="XmlGuard">
                <ReactiveFallback>
                  <SubTree ID="Strike"/>
                  <Wander/>
                </ReactiveFallback>
              </BehaviorTree>
              <BehaviorTree ID="Strike">
                <Sequence>
                  <SeesEnemy/>
                  <Attack/>
                </Sequence>
              </BehaviorTree>
            </root>"#,
        nodes {
            SeesEnemy = Condition(SeesEnemy),
            Attack = Action(AttackSeen),
            Wander = StatefulAction(Wander),
        }
    }
}

#[test]
fn a_generic_tree_from_xml_ticks_with_two_contexts() {
    assert_eq!(XmlGuard::<Soldier>::NODE_COUNT, 6);
    let mut guard = XmlGuard::<Soldier>::new();
    let mut soldier = Soldier::default();
    assert_eq!(guard.tick(&mut soldier), Running);
    soldier.seen = Some("orc");
    assert_eq!(guard.tick(&mut soldier), Success);
    assert_eq!(soldier.calls, ["wander start", "attack", "wander halted"]);

    let mut guard = XmlGuard::<Turret>::new();
    let mut turret = Turret {
        target: Some(1),
        ammo: 0,
        calls: Vec::new(),
    };
    assert_eq!(guard.tick(&mut turret), Running);
    assert_eq!(turret.calls, ["attack", "wander start"]);
}

// ---------------------------------------------------------------------------------------------
// A generic tree of over a thousand nodes: the nodes numbered from 1,024 on keep their fields in
// chunk structs (bt-macros `codegen::Field`), which take the tree's parameters.

/// `behavior_tree!` with `$prefix` repeated 2^n times (one `x` per doubling) before `$rest` in the
/// root's children.
macro_rules! watch_with_many_checks {
    ([$($prefix:tt)*] x $($more:tt)*) => {
        watch_with_many_checks!([$($prefix)* $($prefix)*] $($more)*);
    };
    ([$($prefix:tt)*] ; $($rest:tt)*) => {
        behavior_tree! {
            /// 1,024 checks of `Remember<W>`, then `Wander` and a subtree, both in a chunk.
            pub tree LongWatch<W: Senses> for W {
                blackboard { last: Option<W::Id> = None }
                Sequence { $($prefix)* $($rest)* }
            }
        }
    };
}

watch_with_many_checks!(
    [Condition(Remember<W>),] x x x x x x x x x x ;
    StatefulAction(Wander),
    SubTree(Guard<W>, target = {last}),
);

#[test]
fn a_generic_tree_keeps_its_later_nodes_fields_in_chunks() {
    let mut watch = LongWatch::<Soldier>::new();
    let mut soldier = Soldier::default();
    // Nothing seen: the first check fails.
    assert_eq!(watch.tick(&mut soldier), Failure);
    assert!(soldier.calls.is_empty());
    // An orc: every check passes (and remembers it), then `Wander` (node 1,025) runs.
    soldier.seen = Some("orc");
    assert_eq!(watch.tick(&mut soldier), Running);
    soldier.seen = None;
    // The Sequence resumes at `Wander`: its state is kept in its chunk.
    assert_eq!(watch.tick(&mut soldier), Running);
    assert_eq!(soldier.calls, ["wander start", "wander"]);
    // `Wander` succeeds; the subtree (node 1,026) sees no enemy now and wanders in turn.
    assert_eq!(watch.tick(&mut soldier), Running);
    assert_eq!(soldier.calls[2..], ["wander", "wander start"]);
    watch.halt(&mut soldier);
    assert_eq!(soldier.calls[4..], ["wander halted"]);
    assert_eq!(watch.status(), None);
}
