//! Trees compiled from BehaviorTree.CPP 4 XML (`behavior_tree! { tree T for Ctx { xml = ".." } }`):
//! they behave like the DSL trees they translate to, and `to_xml()` gives their structure back.

use bt::{behavior_tree, Condition, InOut, Input, Outcome, Ports, Status, SyncAction};

/// The gate of `tests/xml/gate.xml`.
#[derive(Debug, Default)]
pub struct Yard {
    shut: bool,
    latch_stuck: bool,
    lock_picks_needed: u32,
    log: Vec<String>,
}

#[derive(Default)]
pub struct IsGateShut;
impl Condition<Yard> for IsGateShut {
    fn check(&mut self, yard: &Yard) -> bool {
        yard.shut
    }
}

#[derive(Default)]
pub struct WalkThrough;
impl SyncAction<Yard> for WalkThrough {
    fn execute(&mut self, yard: &mut Yard) -> Outcome {
        yard.log.push("walk".into());
        Outcome::Success
    }
}

#[derive(Default)]
pub struct TryLatch;
impl SyncAction<Yard> for TryLatch {
    fn execute(&mut self, yard: &mut Yard) -> Outcome {
        yard.log.push("latch".into());
        if yard.latch_stuck {
            Outcome::Failure
        } else {
            yard.shut = false;
            Outcome::Success
        }
    }
}

#[derive(Default, Ports)]
pub struct PickLock {
    pub picks: InOut<u32>,
}
impl SyncAction<Yard> for PickLock {
    fn execute(&mut self, yard: &mut Yard) -> Outcome {
        *self.picks.get_mut() += 1;
        yard.log.push(format!("pick {}", *self.picks));
        if *self.picks >= yard.lock_picks_needed {
            yard.shut = false;
            Outcome::Success
        } else {
            Outcome::Failure
        }
    }
}

#[derive(Default, Ports)]
pub struct ForceGate {
    pub effort: Input<f32>,
    pub tool: Input<&'static str>,
}
impl SyncAction<Yard> for ForceGate {
    fn execute(&mut self, yard: &mut Yard) -> Outcome {
        yard.log
            .push(format!("force {} with {}", *self.effort, *self.tool));
        yard.shut = false;
        Outcome::Success
    }
}

behavior_tree! {
    /// `EnterYard` of `tests/xml/gate.xml`, with its subtree `OpenGate`.
    pub tree Gate for Yard {
        xml = "tests/xml/gate.xml",
        nodes {
            Condition(IsGateShut),
            Action(WalkThrough),
            Action(TryLatch),
            Action(PickLock),
            Action(ForceGate),
        }
        blackboard {
            crossings: u32,
            picks_used: u32,
            forced: bool,
        }
    }
}

#[test]
fn an_open_gate_is_walked_through() {
    let mut gate = Gate::new();
    let mut yard = Yard::default();
    assert_eq!(gate.tick(&mut yard), Status::Success);
    assert_eq!(yard.log, ["walk"]);
    assert_eq!(gate.blackboard().crossings, 1);
}

#[test]
fn a_shut_gate_is_opened_by_the_subtree() {
    let mut gate = Gate::new();
    let mut yard = Yard {
        shut: true,
        latch_stuck: true,
        lock_picks_needed: 2,
        ..Yard::default()
    };
    // One attempt per tick: the first pick fails (Running), the second opens the lock.
    assert_eq!(gate.tick(&mut yard), Status::Running);
    assert_eq!(gate.tick(&mut yard), Status::Success);
    assert_eq!(yard.log, ["latch", "pick 1", "pick 2", "walk"]);
    assert_eq!(gate.blackboard().picks_used, 2);
    assert!(!gate.blackboard().forced);
}

#[test]
fn the_last_resort_runs_its_post_condition() {
    let mut gate = Gate::new();
    let mut yard = Yard {
        shut: true,
        latch_stuck: true,
        lock_picks_needed: 100,
        ..Yard::default()
    };
    let mut status = Status::Running;
    for _ in 0..5 {
        status = gate.tick(&mut yard);
        if status != Status::Running {
            break;
        }
    }
    assert_eq!(status, Status::Success);
    assert!(
        yard.log.contains(&"force 2.5 with crowbar".to_owned()),
        "{:?}",
        yard.log
    );
    assert!(gate.blackboard().forced);
    assert_eq!(gate.blackboard().crossings, 1);
}

/// The street of `tests/xml/courier.xml`.
#[derive(Debug, Default)]
pub struct Street {
    path_clear: bool,
    distance: u32,
    said: Vec<String>,
}

#[derive(Default, Ports)]
pub struct Announce {
    pub message: Input<String>,
}
impl SyncAction<Street> for Announce {
    fn execute(&mut self, street: &mut Street) -> Outcome {
        street.said.push(self.message.get().clone());
        Outcome::Success
    }
}

#[derive(Default, Ports)]
pub struct PlanRoute {
    pub route: bt::Output<String>,
}
impl SyncAction<Street> for PlanRoute {
    fn execute(&mut self, _: &mut Street) -> Outcome {
        self.route.set("north loop".into());
        Outcome::Success
    }
}

#[derive(Default)]
pub struct PathClear;
impl Condition<Street> for PathClear {
    fn check(&mut self, street: &Street) -> bool {
        street.path_clear
    }
}

#[derive(Default, Ports)]
pub struct GoTo {
    pub goal: Input<(i32, i32)>,
    pub speed: Input<f32>,
    pub reached: bt::Output<bool>,
    left: u32,
}
impl bt::StatefulAction<Street> for GoTo {
    fn on_start(&mut self, street: &mut Street) -> Status {
        street
            .said
            .push(format!("go to {:?} at {}", *self.goal, *self.speed));
        self.left = street.distance;
        self.on_running(street)
    }
    fn on_running(&mut self, _: &mut Street) -> Status {
        if self.left == 0 {
            self.reached.set(true);
            return Status::Success;
        }
        self.left -= 1;
        Status::Running
    }
    fn on_halted(&mut self, street: &mut Street) {
        street.said.push("stopped".into());
    }
}

behavior_tree! {
    pub tree Courier for Street {
        xml = "tests/xml/courier.xml",
        nodes {
            Action(Announce),
            Action(PlanRoute),
            IsPathClear = Condition(PathClear),
            StatefulAction(GoTo),
        }
        blackboard {
            trips: u32,
            note: String,
            quiet: bool,
            halts: u32,
        }
    }
}

#[test]
fn ports_remaps_and_scripts_work_as_in_the_dsl() {
    let mut courier = Courier::new();
    let mut street = Street {
        path_clear: true,
        distance: 1,
        ..Street::default()
    };
    assert_eq!(courier.tick(&mut street), Status::Running);
    assert_eq!(
        street.said,
        ["starting the round", "north loop", "go to (3, 4) at 1.5"]
    );
    assert_eq!(courier.blackboard().stop, (3, 4));
    assert_eq!(courier.tick(&mut street), Status::Running); // Repeat: one cycle per tick
    assert!(courier.blackboard().delivered);
    assert_eq!(courier.blackboard().trips, 1);
    assert_eq!(courier.blackboard().note, "first trip counted");
    assert_eq!(courier.tick(&mut street), Status::Success);
    assert_eq!(street.said[3..], ["done", "done"]);
    // The route entry is tracked (SkipUnlessUpdated): its one write counted.
    assert_eq!(courier.blackboard().route_name.version(), 1);
}

#[test]
fn a_while_condition_halts_the_running_action() {
    let mut courier = Courier::new();
    let mut street = Street {
        path_clear: true,
        distance: 5,
        ..Street::default()
    };
    courier.blackboard_mut().quiet = true;
    assert_eq!(courier.tick(&mut street), Status::Running);
    // A path that is no longer clear pre-empts the drive (ReactiveSequence).
    street.path_clear = false;
    assert_eq!(courier.tick(&mut street), Status::Failure);
    assert_eq!(street.said.last().map(String::as_str), Some("stopped"));
}

/// A document's trees as lines `depth tag attribute=value ..` (attributes sorted), each tree's
/// nodes in order, and its model's leaves as `ID: direction name type`. On the input side, IDs
/// are renamed by `ids` (the main tree's ID to the Rust tree's name, as `to_xml()` writes it; a
/// mapped leaf keeps its ID), a `name` equal to the ID and `_autoremap="false"` are
/// dropped, `RunOnce` gets its default `then_skip`, and script values are replaced by `scripts`
/// (what `to_xml()` writes differently, in the same script language).
fn structure(
    xml: &str,
    input: bool,
    ids: &[(&str, &str)],
    scripts: &[(&str, &str)],
) -> Vec<String> {
    let doc = roxmltree::Document::parse(xml).unwrap();
    let rename = |id: &str| -> String {
        let id = if input {
            ids.iter()
                .find(|(from, _)| *from == id)
                .map_or(id, |(_, to)| *to)
        } else {
            id
        };
        id.to_owned()
    };
    fn node(
        out: &mut Vec<String>,
        elem: roxmltree::Node,
        depth: usize,
        input: bool,
        rename: &dyn Fn(&str) -> String,
        scripts: &[(&str, &str)],
    ) {
        let tag = rename(elem.tag_name().name());
        let mut attrs: Vec<String> = (elem.attributes())
            .filter(|attr| {
                !(input && attr.name() == "name" && attr.value() == elem.tag_name().name())
            })
            .filter(|attr| !(attr.name() == "_autoremap" && attr.value() == "false"))
            .map(|attr| {
                let mut value = attr.value().to_owned();
                if attr.name() == "ID" {
                    value = rename(&value);
                }
                if input {
                    if let Some((_, to)) = scripts.iter().find(|(from, _)| *from == value) {
                        value = (*to).to_owned();
                    }
                }
                format!("{}={value:?}", attr.name())
            })
            .collect();
        if tag == "RunOnce" && !attrs.iter().any(|a| a.starts_with("then_skip=")) {
            attrs.push("then_skip=\"true\"".into());
        }
        attrs.sort();
        out.push(format!("{depth} {tag} {}", attrs.join(" ")));
        for child in elem.children().filter(roxmltree::Node::is_element) {
            node(out, child, depth + 1, input, rename, scripts);
        }
    }
    let root = doc.root_element();
    let mut trees: Vec<(String, Vec<String>)> = Vec::new();
    let mut model = Vec::new();
    for child in root.children().filter(roxmltree::Node::is_element) {
        match child.tag_name().name() {
            "BehaviorTree" => {
                let mut lines = Vec::new();
                for top in child.children().filter(roxmltree::Node::is_element) {
                    node(&mut lines, top, 0, input, &rename, scripts);
                }
                trees.push((rename(child.attribute("ID").unwrap()), lines));
            }
            "TreeNodesModel" => {
                for leaf in child.children().filter(roxmltree::Node::is_element) {
                    let id = rename(leaf.attribute("ID").unwrap());
                    for port in leaf.children().filter(roxmltree::Node::is_element) {
                        // Types as Rust writes them (`to_xml()` prints the Rust type).
                        let ty = match port.attribute("type").unwrap_or("") {
                            "std::string" => "String",
                            "float" => "f32",
                            other => other,
                        };
                        model.push(format!(
                            "{id}: {} {} {}",
                            port.tag_name().name(),
                            port.attribute("name").unwrap(),
                            ty.replace(' ', "")
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    trees.sort();
    model.sort();
    let mut out: Vec<String> = trees
        .into_iter()
        .flat_map(|(id, lines)| std::iter::once(format!("tree {id}")).chain(lines))
        .collect();
    out.extend(model);
    out
}

fn assert_round_trip(xml: &str, exported: &str, ids: &[(&str, &str)], scripts: &[(&str, &str)]) {
    let expected = structure(xml, true, ids, scripts);
    let actual = structure(exported, false, ids, scripts);
    assert_eq!(actual, expected, "exported:\n{exported}");
}

#[test]
fn to_xml_gives_the_gate_back() {
    assert_round_trip(
        include_str!("../xml/gate.xml"),
        &Gate::to_xml().to_string(),
        &[("EnterYard", "Gate")],
        // Scripts come back as the XML wrote them.
        &[],
    );
}

#[test]
fn to_xml_gives_the_courier_back() {
    assert_round_trip(
        include_str!("../xml/courier.xml"),
        &Courier::to_xml().to_string(),
        &[],
        // Scripts come back in BehaviorTree.CPP's syntax: `:=` for every assignment, a whole
        // number next to a real entry as a real.
        &[("speed > 0", "speed > 0.0")],
    );
}

/// A counter robot for the inline trees.
#[derive(Default)]
pub struct Counter {
    ticks: u32,
}

behavior_tree! {
    /// Blackboard nodes, update nodes and scripts, from XML text in the invocation.
    pub tree Inline for Counter {
        xml_text = r#"
            <root BTCPP_format="4">
              <BehaviorTree ID="Inline">
                <Sequence>
                  <SetBlackboard output_key="label" value="ready"/>
                  <SetBlackboard output_key="type" value="{level}"/>
                  <UnsetBlackboard key="spare"/>
                  <Script code="level := level * 2 + 1; ratio = ratio / 2"/>
                  <WasEntryUpdated entry="level" _onFailure="misses += 1"/>
                  <RetryUntilSuccessful num_attempts="-1">
                    <ScriptCondition code="ratio &lt; 5 || level &gt;= 7"/>
                  </RetryUntilSuccessful>
                  <ForceSuccess _successIf="type == 99"><AlwaysFailure/></ForceSuccess>
                </Sequence>
              </BehaviorTree>
            </root>"#,
        blackboard {
            label: String,
            level: i64 = 1,
            r#type: i64,
            ratio: f64 = 8.0,
            spare: Option<u8> = Some(3),
            misses: u32,
        }
    }
}

#[test]
fn inline_xml_with_blackboard_and_update_nodes() {
    let mut tree = Inline::new();
    let mut counter = Counter::default();
    assert_eq!(tree.tick(&mut counter), Status::Success);
    let bb = tree.blackboard();
    assert_eq!(bb.label, "ready");
    assert_eq!(
        *bb.level, 3,
        "a tracked entry (WasEntryUpdated): {:?}",
        bb.level
    );
    assert_eq!(bb.level.version(), 1);
    assert_eq!(bb.r#type, 1, "copied before the script ran");
    assert_eq!(bb.ratio, 4.0);
    assert_eq!(bb.spare, None);
    assert_eq!(bb.misses, 0);
    counter.ticks += 1;
    assert_eq!(tree.tick(&mut counter), Status::Success);
    assert_eq!(*tree.blackboard().level, 7);
    assert_eq!(tree.blackboard().level.version(), 2);
    assert_eq!(tree.blackboard().r#type, 3);
    assert_eq!(tree.blackboard().ratio, 2.0);
}

/// A robot with a clock, for the trees whose counts and durations come from entries.
#[derive(Default)]
pub struct Clocked {
    clock: bt::ManualClock,
}

impl bt::Clock for Clocked {
    fn now(&self) -> std::time::Duration {
        self.clock.now()
    }
}

behavior_tree! {
    /// BehaviorTree.CPP's `msec="{timeout}"` and `num_attempts="{retries}"`: read from the
    /// blackboard when the tree runs.
    pub tree FromEntries for Clocked {
        xml_text = r#"
            <root BTCPP_format="4">
              <BehaviorTree ID="FromEntries">
                <Sequence>
                  <RetryUntilSuccessful num_attempts="{retries}">
                    <Sequence>
                      <Script code="attempts += 1"/>
                      <ScriptCondition code="attempts &gt;= 3"/>
                    </Sequence>
                  </RetryUntilSuccessful>
                  <Sleep msec="{pause}"/>
                </Sequence>
              </BehaviorTree>
            </root>"#,
        blackboard { retries: i32 = 2, pause: u64 = 250, attempts: u32 },
    }
}

#[test]
fn xml_counts_and_durations_from_entries() {
    let mut tree = FromEntries::new();
    let mut robot = Clocked::default();
    // Two attempts, both short of 3: the retry gives up.
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert_eq!(tree.tick(&mut robot), Status::Failure);
    assert_eq!(tree.blackboard().attempts, 2);
    // -1: no limit (as in BehaviorTree.CPP), so the third attempt passes, then the sleep of
    // `pause`.
    tree.blackboard_mut().retries = -1;
    tree.blackboard_mut().pause = 400;
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert_eq!(tree.blackboard().attempts, 3);
    robot.clock.advance_ms(399);
    assert_eq!(tree.tick(&mut robot), Status::Running);
    robot.clock.advance_ms(1);
    assert_eq!(tree.tick(&mut robot), Status::Success);
}

/// A leaf that plans a route: how many laps, the pause after them and the stops, each through a
/// port of its own type, which types the entry bound to it.
#[derive(Default, Ports)]
pub struct Plan {
    pub laps: bt::Output<u8>,
    pub pause: bt::Output<std::time::Duration>,
    pub stops: bt::Output<bt::Deque<i32, 4>>,
}

impl SyncAction<Clocked> for Plan {
    fn execute(&mut self, _: &mut Clocked) -> Outcome {
        self.laps.set(2);
        self.pause.set(std::time::Duration::from_millis(30));
        let mut stops = bt::Deque::new();
        for stop in [7, 9] {
            stops.push_back(stop).unwrap();
        }
        self.stops.set(stops);
        Outcome::Success
    }
}

behavior_tree! {
    /// A count, a duration and a `Loop`'s queue read from entries that a mapped node's ports type
    /// (a `u8`, a `Duration`, a `Deque`): each is read through the XML's own check of its type
    /// (`xml-count-entry-of-a-port-type` is its error), and reads the value the port wrote.
    tree Route for Clocked {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Route">
    <Sequence>
      <Plan laps="{laps}" pause="{pause}" stops="{stops}"/>
      <Repeat num_cycles="{laps}">
        <Script code="rounds += 1"/>
      </Repeat>
      <LoopInt queue="{stops}" value="{stop}">
        <Script code="sum += stop"/>
      </LoopInt>
      <Delay delay_msec="{pause}">
        <AlwaysSuccess/>
      </Delay>
    </Sequence>
  </BehaviorTree>
</root>"#,
        nodes { Action(Plan) }
        blackboard { rounds: i32, sum: i32 }
    }
}

#[test]
fn counts_durations_and_queues_from_entries_a_port_types() {
    let mut robot = Clocked::default();
    let mut tree = Route::new();
    // One lap per tick: 2 laps, as the plan says.
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert_eq!(tree.blackboard().rounds, 1);
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert_eq!((tree.blackboard().rounds, tree.blackboard().sum), (2, 7));
    // 9, then the empty queue: the Delay of 30 ms starts.
    assert_eq!(tree.tick(&mut robot), Status::Running);
    assert_eq!(tree.blackboard().sum, 16);
    assert_eq!(tree.tick(&mut robot), Status::Running);
    robot.clock.advance_ms(29);
    assert_eq!(tree.tick(&mut robot), Status::Running);
    robot.clock.advance_ms(1);
    assert_eq!(tree.tick(&mut robot), Status::Success);
    assert_eq!((tree.blackboard().rounds, tree.blackboard().sum), (2, 16));
}

behavior_tree! {
    /// The entries of built-in nodes' other parameters take their types from them, so only the
    /// entries that scripts alone use are declared: the Switch's `mode` (its cases are text) a
    /// `String`, `last_mode` a copy of it, the Loops' queues `VecDeque<f64>` and
    /// `VecDeque<String>` and their values `f64` and `String`, `state` the `String` it is set to.
    tree Sorting for Yard {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Sorting">
    <Sequence>
      <SetBlackboard output_key="last_mode" value="{mode}"/>
      <Switch2 variable="{mode}" case_1="fast" case_2="slow">
        <Script code="picked := 1"/>
        <Script code="picked := 2"/>
        <AlwaysFailure/>
      </Switch2>
      <LoopDouble queue="{weights}" value="{weight}">
        <Script code="mass += weight"/>
      </LoopDouble>
      <LoopString queue="{names}" value="{name}">
        <AlwaysSuccess/>
      </LoopString>
      <SetBlackboard output_key="state" value="sorted"/>
    </Sequence>
  </BehaviorTree>
</root>"#,
        blackboard { picked: i32, mass: f64 }
    }
}

/// Tick by tick as BehaviorTree.CPP 4.8.2 runs the same XML (`behaviortreepy`, with `mode`,
/// `weights` and `names` given as text and `mass` as 0.0; checked by hand: RUNNING, RUNNING,
/// RUNNING, SUCCESS, with the same entries after each tick).
#[test]
fn built_in_parameters_type_their_entries() {
    use std::collections::VecDeque;
    let mut yard = Yard::default();
    let mut tree = Sorting::new();
    let bb = tree.blackboard_mut();
    let (_, _, _): (&mut String, &mut String, &mut String) =
        (&mut bb.mode, &mut bb.last_mode, &mut bb.state);
    let (_, _): (&mut VecDeque<f64>, &mut VecDeque<String>) = (&mut bb.weights, &mut bb.names);
    let (_, _): (&mut f64, &mut String) = (&mut bb.weight, &mut bb.name);
    bb.mode = "slow".into();
    bb.weights.extend([0.5, 0.25]);
    bb.names.push_back("a".into());
    // The Switch picks `slow`; the LoopDouble pops 0.5 and runs its child.
    assert_eq!(tree.tick(&mut yard), Status::Running);
    let bb = tree.blackboard();
    assert_eq!((bb.last_mode.as_str(), bb.picked), ("slow", 2));
    assert_eq!((bb.weight, bb.mass), (0.5, 0.5));
    // 0.25, then the empty queue: SUCCESS, and the LoopString pops `a`.
    assert_eq!(tree.tick(&mut yard), Status::Running);
    assert_eq!(tree.blackboard().mass, 0.75);
    assert_eq!(tree.tick(&mut yard), Status::Running);
    assert_eq!(
        (
            tree.blackboard().name.as_str(),
            tree.blackboard().state.as_str()
        ),
        ("a", "")
    );
    // Its queue empty: SUCCESS, and the last SetBlackboard writes its text.
    assert_eq!(tree.tick(&mut yard), Status::Success);
    assert_eq!(tree.blackboard().state, "sorted");
}

behavior_tree! {
    /// The same tree with the text entries declared `&'static str` and the queue a `Deque`, as the
    /// guide says for a tree that does not allocate (the XML's own texts are `'static`).
    tree StaticSorting for Yard {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Sorting">
    <Sequence>
      <SetBlackboard output_key="last_mode" value="{mode}"/>
      <Switch2 variable="{mode}" case_1="fast" case_2="slow">
        <Script code="picked := 1"/>
        <Script code="picked := 2"/>
        <AlwaysFailure/>
      </Switch2>
      <LoopDouble queue="{weights}" value="{weight}">
        <Script code="mass += weight"/>
      </LoopDouble>
      <SetBlackboard output_key="state" value="sorted"/>
    </Sequence>
  </BehaviorTree>
</root>"#,
        blackboard {
            picked: i32,
            mass: f64,
            mode: &'static str,
            last_mode: &'static str,
            state: &'static str,
            weights: bt::Deque<f64, 4>,
        }
    }
}

#[test]
fn text_entries_may_be_static_strs_and_queues_deques() {
    let mut yard = Yard::default();
    let mut tree = StaticSorting::new();
    tree.blackboard_mut().mode = "slow";
    for weight in [0.5, 0.25] {
        assert!(tree.blackboard_mut().weights.push_back(weight).is_ok());
    }
    assert_eq!(tree.tick(&mut yard), Status::Running);
    assert_eq!(
        (tree.blackboard().last_mode, tree.blackboard().picked),
        ("slow", 2)
    );
    assert_eq!(tree.tick(&mut yard), Status::Running);
    assert_eq!(tree.tick(&mut yard), Status::Success);
    assert_eq!(
        (tree.blackboard().mass, tree.blackboard().state),
        (0.75, "sorted")
    );
}

/// A distance in whole centimetres, written in XML as a whole number (`bt::xml::FromXmlInt`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Centimetres(u16);

impl bt::xml::FromXmlInt for Centimetres {
    const MIN: i128 = 0;
    const MAX: i128 = 1_000;
    fn from_xml_int(value: i128, _text: &'static str) -> Self {
        Centimetres(value as u16)
    }
}

/// A gait, written in XML as text (`From<&'static str>`, so `bt::xml::FromXmlText`).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Gait {
    #[default]
    Walk,
    Run,
}

impl From<&'static str> for Gait {
    fn from(text: &'static str) -> Self {
        if text == "run" {
            Gait::Run
        } else {
            Gait::Walk
        }
    }
}

#[derive(Default, Ports)]
pub struct Stride {
    pub length: Input<Centimetres>,
    pub gait: Input<Gait>,
}

impl SyncAction<Yard> for Stride {
    fn execute(&mut self, yard: &mut Yard) -> Outcome {
        yard.log
            .push(format!("{:?} {:?}", *self.length, *self.gait));
        Outcome::Success
    }
}

behavior_tree! {
    /// Values of types of the user's in XML: a whole number and text.
    tree Strides for Yard {
        xml_text = r#"
            <root BTCPP_format="4">
              <BehaviorTree ID="Strides">
                <Sequence>
                  <Stride length="250" gait="run"/>
                  <Stride length="40" gait="amble"/>
                </Sequence>
              </BehaviorTree>
            </root>"#,
        nodes { Action(Stride) }
    }
}

#[test]
fn values_of_the_users_types() {
    let mut yard = Yard::default();
    assert_eq!(Strides::new().tick(&mut yard), Status::Success);
    assert_eq!(yard.log, ["Centimetres(250) Run", "Centimetres(40) Walk"]);
}

behavior_tree! {
    /// Two nodes share a name, as in Nav2's `navigate_w_routing_global_planning_and_control_w_recovery.xml`
    /// (two `ClearGlobalCostmap-Context`): names are labels, as in BehaviorTree.CPP.
    tree SharedNames for Yard {
        xml_text = r#"
            <root BTCPP_format="4">
              <BehaviorTree ID="SharedNames">
                <Sequence name="Recoveries">
                  <WalkThrough name="ClearGlobalCostmap-Context"/>
                  <Fallback>
                    <IsGateShut/>
                    <WalkThrough name="ClearGlobalCostmap-Context"/>
                  </Fallback>
                </Sequence>
              </BehaviorTree>
            </root>"#,
        nodes { Action(WalkThrough), Condition(IsGateShut) }
    }
}

behavior_tree! {
    /// Likewise in the DSL.
    tree SharedNamesDsl for Yard {
        Sequence {
            #[name = "step"]
            Action(WalkThrough),
            #[name = "step"]
            Action(WalkThrough),
        }
    }
}

/// Node names are labels: several nodes may share one (in XML and in the DSL), and
/// `NodeInfo::find` gives the first in pre-order, `find_all` every one.
#[test]
fn nodes_may_share_a_name() {
    let mut yard = Yard::default();
    assert_eq!(SharedNames::new().tick(&mut yard), Status::Success);
    assert_eq!(SharedNamesDsl::new().tick(&mut yard), Status::Success);
    assert_eq!(yard.log, ["walk", "walk", "walk", "walk"]);
    let nodes = SharedNames::NODES;
    assert_eq!(
        bt::NodeInfo::find(nodes, "ClearGlobalCostmap-Context"),
        Some(1)
    );
    let all: Vec<usize> = bt::NodeInfo::find_all(nodes, "ClearGlobalCostmap-Context").collect();
    assert_eq!(all, [1, 4]);
    let all: Vec<usize> = bt::NodeInfo::find_all(SharedNamesDsl::NODES, "step").collect();
    assert_eq!(all, [1, 2]);
    // The export writes both names, as BehaviorTree.CPP loads them.
    let xml = SharedNames::to_xml().to_string();
    assert_eq!(
        xml.matches("name=\"ClearGlobalCostmap-Context\"").count(),
        2
    );
}
