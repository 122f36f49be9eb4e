//! Workload (g): a blackboard-heavy sequence. Twelve nodes, all blackboard nodes: a `Sequence` of
//! scripts, script conditions and `SetBlackboard`s over 12 entries, with `#[skip_if]` and
//! `#[on_success]` conditions; no leaf of the user's and no world. A small combat model: each tick
//! advances the frame, picks a target (counting switches), computes the damage, applies it unless
//! there is none (counting hits), heals to full below 50 hp (counting heals), checks that the
//! agent is alive, scores the damage, toggles the armor every fourth hit and succeeds on a combo
//! (damage above 6), failing otherwise.
//!
//! The hand-written version (`benches/support/hand.rs`, `tick_board`) does the same work on a
//! plain struct without a branch in the source: every conditional update is a select or a
//! multiplication by a flag.

use bt::Status;

bt::behavior_tree! {
    /// The blackboard-heavy sequence (12 nodes).
    pub tree Board for BoardWorld {
        blackboard {
            frame: u32,
            target: u32,
            last_target: u32,
            switches: u32,
            armor: i32 = 3,
            damage: i32,
            hp: i32 = 100,
            hits: u32,
            heals: u32,
            alive: u32,
            score: i64,
            combos: u32,
        }
        Sequence {
            Script(|bb| bb.frame += 1),
            SetBlackboard(last_target = {target}),
            Script(|bb| bb.target = bb.frame / 3 % 5),
            #[skip_if(|bb| bb.target == bb.last_target)]
            Script(|bb| bb.switches += 1),
            Script(|bb| bb.damage = (bb.frame % 7) as i32 * 3 - bb.armor),
            #[skip_if(|bb| bb.damage <= 0)]
            #[on_success(|bb| bb.hits += 1)]
            Script(|bb| bb.hp -= bb.damage),
            #[skip_if(|bb| bb.hp > 50)]
            #[on_success(|bb| bb.heals += 1)]
            SetBlackboard(hp = 100),
            #[on_success(|bb| bb.alive += 1)]
            ScriptCondition(|bb| bb.hp > 0),
            Script(|bb| bb.score += i64::from(bb.damage.max(0)) * i64::from(bb.target + 1)),
            #[skip_if(|bb| bb.hits % 4 != 0)]
            Script(|bb| bb.armor = 7 - bb.armor),
            #[on_success(|bb| bb.combos += 1)]
            ScriptCondition(|bb| bb.damage > 6),
        }
    }
}

/// The tree's context: the tree touches only its blackboard. The equivalence check copies each
/// implementation's blackboard here after every tick (`seen`), so that it compares the entries.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardWorld {
    pub seen: BoardState,
}

/// The blackboard's entries as a plain struct (the hand-written version's state; a snapshot of
/// the other implementations' blackboards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardState {
    pub frame: u32,
    pub target: u32,
    pub last_target: u32,
    pub switches: u32,
    pub armor: i32,
    pub damage: i32,
    pub hp: i32,
    pub hits: u32,
    pub heals: u32,
    pub alive: u32,
    pub score: i64,
    pub combos: u32,
}

impl Default for BoardState {
    /// The initial values declared in the tree.
    fn default() -> Self {
        BoardState {
            frame: 0,
            target: 0,
            last_target: 0,
            switches: 0,
            armor: 3,
            damage: 0,
            hp: 100,
            hits: 0,
            heals: 0,
            alive: 0,
            score: 0,
            combos: 0,
        }
    }
}

impl BoardState {
    /// A snapshot of the generated tree's blackboard.
    pub fn of(bb: &BoardBlackboard) -> Self {
        BoardState {
            frame: bb.frame,
            target: bb.target,
            last_target: bb.last_target,
            switches: bb.switches,
            armor: bb.armor,
            damage: bb.damage,
            hp: bb.hp,
            hits: bb.hits,
            heals: bb.heals,
            alive: bb.alive,
            score: bb.score,
            combos: bb.combos,
        }
    }
}

/// Ticks the generated tree, then copies its blackboard into the world (for the equivalence
/// check only; the timed tick is `support::tick_generated`).
pub fn tick_and_look(tree: &mut Board, w: &mut BoardWorld) -> Status {
    let status = tree.tick(w);
    w.seen = BoardState::of(tree.blackboard());
    status
}
