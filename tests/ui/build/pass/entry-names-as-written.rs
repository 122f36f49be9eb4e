//! Entries named as BehaviorTree.CPP projects name them (Nav2's `nav_to_pose__error_code`, the
//! tutorial's `A`) compile without warnings from XML, where the names are the file's, and from
//! the DSL with `#[allow(non_snake_case)]` on the entry (rustc reads that lint for a struct's
//! fields at the struct, which the macro writes).
#![deny(warnings)]

use bt::{behavior_tree, Input, Outcome, Ports, Status, SyncAction};

pub struct World;

#[derive(Default, Ports)]
pub struct Report {
    pub code: Input<u16>,
}

impl SyncAction<World> for Report {
    fn execute(&mut self, _: &mut World) -> Outcome {
        Outcome::from(*self.code == 3)
    }
}

behavior_tree! {
    tree FromXml for World {
        xml_text = r#"
            <root BTCPP_format="4">
              <BehaviorTree ID="FromXml">
                <Sequence>
                  <Script code="nav_to_pose__error_code := 3; A := 1"/>
                  <Report code="{nav_to_pose__error_code}"/>
                </Sequence>
              </BehaviorTree>
            </root>"#,
        nodes { Action(Report) }
        blackboard { nav_to_pose__error_code: u16, A: i32 }
    }
}

behavior_tree! {
    tree FromDsl for World {
        blackboard {
            #[allow(non_snake_case)]
            nav_to_pose__error_code: u16,
        }
        Sequence {
            Script(|bb| bb.nav_to_pose__error_code = 3),
            Action(Report, code = {nav_to_pose__error_code}),
        }
    }
}

fn main() {
    assert_eq!(FromXml::new().tick(&mut World), Status::Success);
    assert_eq!(FromDsl::new().tick(&mut World), Status::Success);
}
