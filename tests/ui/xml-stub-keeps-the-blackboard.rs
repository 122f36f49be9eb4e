// After an error in the XML, the tree keeps the blackboard its invocation declares: only the
// error is reported, not `no field 'attempts'` where the code below reads it.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <RetryUntilSuccessful num_attempts="{attempts}">
      <OpenDoor/>
    </RetryUntilSuccessful>
  </BehaviorTree>
</root>"#,
        blackboard { attempts: u32 = 3 },
    }
}

fn main() {
    let robot = Robot::new();
    let _: u32 = robot.blackboard().attempts;
}
