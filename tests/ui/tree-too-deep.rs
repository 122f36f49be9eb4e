// A tree nested 3,001 levels deep (3,000 `Inverter`s and a leaf), one level past the limit:
// one error at the node past the limit, found at once. Written by a script: one node a line.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Deep for World {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        Inverter {
        AlwaysSuccess
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }
}

fn main() {
    // The stub emitted after the error keeps this code free of follow-on errors.
    let mut tree = Deep::new();
    let _ = tree.tick(&mut World);
}
