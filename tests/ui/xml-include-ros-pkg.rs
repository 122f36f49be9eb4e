// `<include ros_pkg=..>`, which needs ROS to find the package.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <include ros_pkg="nav_trees" path="trees/recovery.xml"/>
  <BehaviorTree ID="Main">
    <AlwaysSuccess/>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
