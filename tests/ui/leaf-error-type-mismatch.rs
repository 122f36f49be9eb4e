use bt::behavior_tree;

pub struct World;

#[derive(Debug)]
pub struct TreeError;

/// The leaf's own error type, which the tree's does not know.
#[derive(Debug)]
pub struct SensorError;

#[derive(Default)]
pub struct ReadSensor;

impl bt::TryCondition<World, SensorError> for ReadSensor {
    fn try_check(&mut self, _: &World) -> Result<bool, SensorError> {
        Err(SensorError)
    }
}

behavior_tree! {
    tree Tree for World, error TreeError {
        Sequence {
            Condition(ReadSensor),
        }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
