// An XML script nested one level past the limit (64, as Rust code in a tree): one error, at the
// script's token past it.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Deep for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Deep">
    <Script code="x := (((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))"/>
  </BehaviorTree>
</root>"#,
        blackboard { x: i32 }
    }
}

fn main() {}
