// Misspelled attributes (`cout` for `count`, `paus` for `pause`) bound to entries that nothing
// else types, which built-in nodes read as a count and a duration: one error, the unknown port, at
// the first such attribute; the entries, typed by no port, are no more errors where they are read.
use bt::{behavior_tree, Clock, ManualClock, Outcome, Output, Ports, SyncAction};

pub struct World {
    clock: ManualClock,
}

impl Clock for World {
    fn now(&self) -> std::time::Duration {
        self.clock.now()
    }
}

#[derive(Default, Ports)]
pub struct Plan {
    pub count: Output<i32>,
    pub pause: Output<u32>,
}

impl SyncAction<World> for Plan {
    fn execute(&mut self, _: &mut World) -> Outcome {
        self.count.set(3);
        Outcome::Success
    }
}

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Robot">
    <Sequence>
      <Plan cout="{n}" paus="{wait}"/>
      <Repeat num_cycles="{n}">
        <AlwaysSuccess/>
      </Repeat>
      <Delay delay_msec="{wait}">
        <AlwaysSuccess/>
      </Delay>
    </Sequence>
  </BehaviorTree>
</root>"#,
        nodes { Action(Plan) }
    }
}

fn main() {}
