// `Switch2` with two children: it takes one per case and the default.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Main">
    <Switch2 variable="{mode}" case_1="1" case_2="2">
      <AlwaysSuccess/>
      <AlwaysFailure/>
    </Switch2>
  </BehaviorTree>
</root>"#,
        blackboard { mode: i32 },
    }
}

fn main() {}
