// A number literal longer than any number type can use (257 digits): one error at it, before
// syn reads it (syn reads a number digit by digit into a big integer, in quadratic time).
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        blackboard { speed: u64 = 11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111 }
        AlwaysSuccess
    }
}

fn main() {}
