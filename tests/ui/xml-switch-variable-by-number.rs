// A Switch whose cases are numbers: they do not say which integer type its variable has
// (BehaviorTree.CPP compares it as text and as a number), so the variable is declared.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Robot">
    <Switch2 variable="{gear}" case_1="1" case_2="2">
      <AlwaysSuccess/>
      <AlwaysSuccess/>
      <AlwaysFailure/>
    </Switch2>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
