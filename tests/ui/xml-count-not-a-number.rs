// A count that is not a whole number.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <RetryUntilSuccessful num_attempts="three">
      <AlwaysSuccess/>
    </RetryUntilSuccessful>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
