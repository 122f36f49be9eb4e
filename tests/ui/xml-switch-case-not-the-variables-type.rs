// A Switch case written as text, for a variable of the user's enum type, which does not take
// text: the error is at the case (file, line, column, which attribute), not at the whole XML.
use bt::behavior_tree;

pub struct World;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Color {
    #[default]
    Red,
    Green,
}

behavior_tree! {
    tree Lights for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <Switch2 variable="{color}" case_1="Red" case_2="Green">
      <AlwaysSuccess/>
      <AlwaysFailure/>
      <AlwaysSuccess/>
    </Switch2>
  </BehaviorTree>
</root>"#,
        blackboard { color: Color },
    }
}

fn main() {}
