//! # The sniper, expanded
//!
//! `sniper.rs` with its `behavior_tree! { .. }` replaced by what the macro writes for it
//! (`cargo run --example sniper-expanded` prints the same story). Generated: a test in
//! `bt-macros/src/snapshots.rs` checks that it is current; `BT_BLESS=1 cargo test -p bt-macros
//! snapshots` rewrites it.
//!
//! The tree as written:
//!
//! ```text
//! /// The sniper of seed 000: shoot a visible enemy when loaded, otherwise patrol.
//! tree Sniper for World {
//!     Fallback {
//!         #[name = "Snipe"]
//!         Sequence {
//!             #[name = "isEnemyVisible"]
//!             Condition(IsEnemyVisible),
//!             #[name = "isRifleLoaded"]
//!             Condition(IsRifleLoaded),
//!             StatefulAction(AimAtEnemy),
//!             Action(Shoot),
//!         },
//!         Action(Patrol),
//!     }
//! }
//! ```

use bt::{Condition, Outcome, StatefulAction, Status, SyncAction, TickTrace};

/// Everything the sniper's leaves read and write.
#[derive(Debug)]
struct World {
    /// Is an enemy in the line of sight right now?
    enemy_visible: bool,
    /// Rounds left in the magazine.
    rounds: u32,
    /// Enemies hit so far.
    hits: u32,
    /// Index of the waypoint the sniper stands at.
    waypoint: usize,
}

const WAYPOINTS: [&str; 3] = ["the bell tower", "the north ridge", "the old mill"];

/// Condition: is there an enemy to shoot at?
#[derive(Default)]
struct IsEnemyVisible;

impl Condition<World> for IsEnemyVisible {
    fn check(&mut self, world: &World) -> bool {
        world.enemy_visible
    }
}

/// Condition: is there a round in the magazine?
#[derive(Default)]
struct IsRifleLoaded;

impl Condition<World> for IsRifleLoaded {
    fn check(&mut self, world: &World) -> bool {
        world.rounds > 0
    }
}

/// Stateful action: lining up a shot takes `AIM_TICKS` ticks.
#[derive(Default)]
struct AimAtEnemy {
    steady: u32,
}

const AIM_TICKS: u32 = 3;

impl AimAtEnemy {
    fn step(&mut self) -> Status {
        self.steady += 1;
        println!(
            "  > AimAtEnemy: steadying the crosshair ({}/{AIM_TICKS})",
            self.steady
        );
        if self.steady == AIM_TICKS {
            Status::Success
        } else {
            Status::Running
        }
    }
}

impl StatefulAction<World> for AimAtEnemy {
    fn on_start(&mut self, _world: &mut World) -> Status {
        println!("  > AimAtEnemy: shouldering the rifle");
        self.steady = 0;
        self.step()
    }

    fn on_running(&mut self, _world: &mut World) -> Status {
        self.step()
    }

    fn on_halted(&mut self, _world: &mut World) {
        println!("  > AimAtEnemy: halted, lowering the rifle");
    }
}

/// Synchronous action: fire one round. It only hits an enemy that is still in sight.
#[derive(Default)]
struct Shoot;

impl SyncAction<World> for Shoot {
    fn execute(&mut self, world: &mut World) -> Outcome {
        world.rounds -= 1;
        if world.enemy_visible {
            world.hits += 1;
            world.enemy_visible = false;
            println!(
                "  > Shoot: bang, hit! The enemy goes down ({} round(s) left)",
                world.rounds
            );
            Outcome::Success
        } else {
            println!(
                "  > Shoot: bang... at an empty window, the target is gone ({} round(s) left)",
                world.rounds
            );
            Outcome::Failure
        }
    }
}

/// Synchronous action: walk to the next waypoint of the round.
#[derive(Default)]
struct Patrol;

impl SyncAction<World> for Patrol {
    fn execute(&mut self, world: &mut World) -> Outcome {
        world.waypoint = (world.waypoint + 1) % WAYPOINTS.len();
        println!("  > Patrol: walking over to {}", WAYPOINTS[world.waypoint]);
        Outcome::Success
    }
}

// ---- what `behavior_tree! { .. }` expands to: begin ----
#[rustfmt::skip]
/// The sniper of seed 000: shoot a visible enemy when loaded, otherwise patrol.
struct Sniper {
    __bt_state_0: ::bt::__private::Fallback<
        ::core::primitive::u8,
        ::bt::__private::NoSkips,
    >,
    __bt_state_1: ::bt::__private::Sequence<
        ::core::primitive::u8,
        ::bt::__private::NoSkips,
    >,
    __bt_leaf_2: IsEnemyVisible,
    __bt_leaf_3: IsRifleLoaded,
    __bt_leaf_4: AimAtEnemy,
    __bt_leaf_5: Shoot,
    __bt_leaf_6: Patrol,
    __bt_resume: ::bt::__private::Resume<::core::primitive::u8>,
    __bt_bb: (),
    __bt_active: ::bt::__private::BoolFlags<0usize>,
    __bt_status: ::core::option::Option<::bt::__private::Status>,
}
#[rustfmt::skip]
#[allow(
    dead_code,
    unused_variables,
    unused_mut,
    unreachable_code,
    clippy::all,
    clippy::pedantic,
    clippy::nursery
)]
impl Sniper {
    /// Number of nodes in the tree (ids are `0..NODE_COUNT`, in pre-order).
    pub const NODE_COUNT: ::core::primitive::usize = Self::NODES.len();
    /// Metadata of every node, indexed by node id.
    pub const NODES: &'static [::bt::__private::NodeInfo] = &[
        ::bt::__private::NodeInfo {
            name: "Fallback",
            kind: "Fallback",
            category: ::bt::__private::NodeCategory::Control,
            parent: ::core::option::Option::None,
            depth: 0usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Snipe",
            kind: "Sequence",
            category: ::bt::__private::NodeCategory::Control,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "isEnemyVisible",
            kind: "Condition",
            category: ::bt::__private::NodeCategory::Condition,
            parent: ::core::option::Option::Some(1usize),
            depth: 2usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <IsEnemyVisible>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("IsEnemyVisible"),
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "isRifleLoaded",
            kind: "Condition",
            category: ::bt::__private::NodeCategory::Condition,
            parent: ::core::option::Option::Some(1usize),
            depth: 2usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <IsRifleLoaded>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("IsRifleLoaded"),
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "AimAtEnemy",
            kind: "StatefulAction",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(1usize),
            depth: 2usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <AimAtEnemy>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("AimAtEnemy"),
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Shoot",
            kind: "Action",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(1usize),
            depth: 2usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Shoot>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Shoot"),
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Patrol",
            kind: "Action",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Patrol>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Patrol"),
            params: &[],
        },
    ];
    /// The tree as a Graphviz DOT graph (`format!("{}", Tree::to_dot())`).
    pub fn to_dot() -> ::bt::__private::export::Dot<'static> {
        ::bt::__private::export::dot(Self::NODES)
    }
    /// The tree as a Mermaid flowchart.
    pub fn to_mermaid() -> ::bt::__private::export::Mermaid<'static> {
        ::bt::__private::export::mermaid(Self::NODES)
    }
    /// The tree as BehaviorTree.CPP v4 XML, with a `TreeNodesModel` of its leaf
    /// types' ports: what Groot2 opens.
    pub fn to_xml() -> ::bt::__private::export::Xml<'static> {
        ::bt::__private::export::xml("Sniper", Self::NODES)
    }
    /// A tree at rest: nothing running, every leaf built.
    pub fn new() -> Self {
        Self {
            __bt_state_0: <::bt::__private::Fallback<
                ::core::primitive::u8,
                ::bt::__private::NoSkips,
            >>::new(),
            __bt_state_1: <::bt::__private::Sequence<
                ::core::primitive::u8,
                ::bt::__private::NoSkips,
            >>::new(),
            __bt_leaf_2: <IsEnemyVisible as ::core::default::Default>::default(),
            __bt_leaf_3: <IsRifleLoaded as ::core::default::Default>::default(),
            __bt_leaf_4: <AimAtEnemy as ::core::default::Default>::default(),
            __bt_leaf_5: <Shoot as ::core::default::Default>::default(),
            __bt_leaf_6: <Patrol as ::core::default::Default>::default(),
            __bt_resume: ::bt::__private::Resume::new(),
            __bt_bb: <() as ::core::default::Default>::default(),
            __bt_active: <::bt::__private::BoolFlags<0usize>>::new(),
            __bt_status: ::core::option::Option::None,
        }
    }
    /// Ticks the root once.
    #[inline]
    pub fn tick(&mut self, __bt_ctx: &mut World) -> ::bt::__private::Status {
        self.tick_with(__bt_ctx, &mut ::bt::__private::NoObserver)
    }
    /// Ticks the root once, reporting every node's result to `observer`.
    #[inline]
    pub fn tick_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        {
            #[allow(unused_imports)]
            use ::bt::__private::{NoClock as _, TellClock as _};
            (&::bt::__private::ContextClock(&*__bt_ctx)).__bt_tell_clock(__bt_observer);
        }
        let __bt_status = {
            match self.__bt_resume.leaf() {
                1 => {
                    match self.__bt_resume_4(__bt_ctx, __bt_observer) {
                        ::bt::__private::Status::Running => {
                            ::bt::__private::still_running(1usize, __bt_observer);
                            ::bt::__private::still_running(0usize, __bt_observer);
                            return ::bt::__private::Status::Running;
                        }
                        __bt_finished => self.__bt_resume.hand_over(__bt_finished),
                    }
                }
                _ => {}
            }
            self.__bt_tick_0(__bt_ctx, __bt_observer)
        };
        self.__bt_status = ::core::option::Option::Some(__bt_status);
        __bt_status
    }
    /// Halts every running node: each started, unfinished stateful action gets
    /// `on_halted` exactly once. Loop counts restart, also those of idle loops
    /// (a count kept across a skip); SequenceWithMemory and RunOnce keep their memory.
    #[inline]
    pub fn halt(&mut self, __bt_ctx: &mut World) {
        self.halt_with(__bt_ctx, &mut ::bt::__private::NoObserver)
    }
    /// Halts every running node, reporting each halt to `observer`.
    #[inline]
    pub fn halt_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        {
            #[allow(unused_imports)]
            use ::bt::__private::{NoClock as _, TellClock as _};
            (&::bt::__private::ContextClock(&*__bt_ctx)).__bt_tell_clock(__bt_observer);
        }
        self.__bt_halt_0(__bt_ctx, __bt_observer);
        self.__bt_resume.clear();
        self.__bt_status = ::core::option::Option::None;
    }
    /// The tree's blackboard.
    #[inline]
    pub fn blackboard(&self) -> &() {
        &self.__bt_bb
    }
    /// The tree's blackboard, to change entries between ticks.
    #[inline]
    pub fn blackboard_mut(&mut self) -> &mut () {
        &mut self.__bt_bb
    }
    /// The root's status on the last tick; `None` before the first tick and after a
    /// halt.
    #[inline]
    pub fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
        self.__bt_status
    }
    #[inline(never)]
    fn __bt_tick_0<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            let __bt_was_running: ::core::primitive::bool = ::bt::__private::root_running(
                self.__bt_status,
            );
            let mut __bt_child: ::core::primitive::usize = self.__bt_state_0.start();
            let __bt_first: ::core::primitive::usize = __bt_child;
            loop {
                if __bt_child == 0usize {
                    let __bt_child_status = self
                        .__bt_tick_1(
                            __bt_ctx,
                            __bt_observer,
                            __bt_was_running && __bt_first == 0usize,
                        );
                    match self.__bt_state_0.on_child(0usize, __bt_child_status, 2usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                0usize => {
                                    self.__bt_halt_1(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                {
                    let __bt_child_status = self.__bt_tick_6(__bt_ctx, __bt_observer);
                    match self.__bt_state_0.on_child(1usize, __bt_child_status, 2usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                0usize => {
                                    self.__bt_halt_1(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
            }
        };
        ::bt::__private::finish(
            ::core::option::Option::None,
            0usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_0<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if ::bt::__private::root_running(self.__bt_status) {
            if let ::core::option::Option::Some(__bt_running) = self.__bt_state_0.halt()
            {
                match __bt_running {
                    0usize => {
                        self.__bt_halt_1(__bt_ctx, __bt_observer);
                    }
                    _ => {}
                }
            }
            ::bt::__private::halted_unflagged(0usize, __bt_observer);
        }
    }
    #[inline]
    fn __bt_tick_1<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
        __bt_resumed: ::core::primitive::bool,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            let mut __bt_child: ::core::primitive::usize = self.__bt_state_1.start();
            loop {
                if __bt_child == 0usize {
                    let __bt_child_status = self.__bt_tick_2(__bt_ctx, __bt_observer);
                    match self.__bt_state_1.on_child(0usize, __bt_child_status, 4usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                2usize => {
                                    self.__bt_halt_4(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                if __bt_child == 1usize {
                    let __bt_child_status = self.__bt_tick_3(__bt_ctx, __bt_observer);
                    match self.__bt_state_1.on_child(1usize, __bt_child_status, 4usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                2usize => {
                                    self.__bt_halt_4(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                if __bt_child == 2usize {
                    let __bt_child_status = {
                        let __bt_leaf_status = match self.__bt_resume.take_handed() {
                            ::core::option::Option::Some(__bt_handed) => __bt_handed,
                            ::core::option::Option::None => {
                                self.__bt_tick_4(__bt_ctx, __bt_observer)
                            }
                        };
                        self.__bt_resume.ticked(1, __bt_leaf_status)
                    };
                    match self.__bt_state_1.on_child(2usize, __bt_child_status, 4usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                2usize => {
                                    self.__bt_halt_4(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                {
                    let __bt_child_status = self.__bt_tick_5(__bt_ctx, __bt_observer);
                    match self.__bt_state_1.on_child(3usize, __bt_child_status, 4usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                2usize => {
                                    self.__bt_halt_4(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
            }
        };
        ::bt::__private::finish(
            ::core::option::Option::None,
            1usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_1<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if let ::core::option::Option::Some(__bt_running) = self.__bt_state_1.halt() {
            match __bt_running {
                2usize => {
                    self.__bt_halt_4(__bt_ctx, __bt_observer);
                }
                _ => {}
            }
        }
        ::bt::__private::halted_unflagged(1usize, __bt_observer);
    }
    #[inline]
    fn __bt_tick_2<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::check::<
            World,
            IsEnemyVisible,
        >(&mut self.__bt_leaf_2, __bt_ctx);
        ::bt::__private::finish(
            ::core::option::Option::None,
            2usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_tick_3<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::check::<
            World,
            IsRifleLoaded,
        >(&mut self.__bt_leaf_3, __bt_ctx);
        ::bt::__private::finish(
            ::core::option::Option::None,
            3usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_resume_4<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::stateful::<
            World,
            AimAtEnemy,
        >(
            &mut self.__bt_leaf_4,
            __bt_ctx,
            ::bt::__private::StatefulCall::Tick {
                running: true,
            },
        );
        ::bt::__private::finish(
            ::core::option::Option::None,
            4usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_tick_4<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            let __bt_running: bool = self.__bt_resume.is(1);
            ::bt::__private::stateful::<
                World,
                AimAtEnemy,
            >(
                &mut self.__bt_leaf_4,
                __bt_ctx,
                ::bt::__private::StatefulCall::Tick {
                    running: __bt_running,
                },
            )
        };
        ::bt::__private::finish(
            ::core::option::Option::None,
            4usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_4<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if self.__bt_resume.is(1) {
            let _ = ::bt::__private::stateful::<
                World,
                AimAtEnemy,
            >(&mut self.__bt_leaf_4, __bt_ctx, ::bt::__private::StatefulCall::Halt);
            self.__bt_resume.halted();
            ::bt::__private::halted_unflagged(4usize, __bt_observer);
        }
    }
    #[inline]
    fn __bt_tick_5<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::execute::<
            World,
            Shoot,
        >(&mut self.__bt_leaf_5, __bt_ctx);
        ::bt::__private::finish(
            ::core::option::Option::None,
            5usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_tick_6<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::execute::<
            World,
            Patrol,
        >(&mut self.__bt_leaf_6, __bt_ctx);
        ::bt::__private::finish(
            ::core::option::Option::None,
            6usize,
            __bt_status,
            __bt_observer,
        )
    }
}
#[rustfmt::skip]
impl ::core::default::Default for Sniper {
    fn default() -> Self {
        Self::new()
    }
}
#[rustfmt::skip]
impl ::bt::__private::BehaviorTree for Sniper {
    type Context = World;
    type Blackboard = ();
    const NODES: &'static [::bt::__private::NodeInfo] = Sniper::NODES;
    #[inline]
    fn tick_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        Sniper::tick_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn halt_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        Sniper::halt_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
        Sniper::status(self)
    }
    #[inline]
    fn blackboard(&self) -> &() {
        Sniper::blackboard(self)
    }
    #[inline]
    fn blackboard_mut(&mut self) -> &mut () {
        Sniper::blackboard_mut(self)
    }
}
#[rustfmt::skip]
#[allow(unused_variables)]
impl ::bt::__private::Subtree<World> for Sniper {
    const __NODE_COUNT: ::core::primitive::usize = Sniper::NODE_COUNT;
    const __NODES: &'static [::bt::__private::NodeInfo] = Sniper::NODES;
    #[inline]
    fn __new() -> Self {
        Sniper::new()
    }
    #[inline]
    fn halt_root_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        self.__bt_halt_0(__bt_ctx, __bt_observer);
        self.__bt_resume.clear();
        self.__bt_status = ::core::option::Option::None;
    }
}
#[rustfmt::skip]
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <IsEnemyVisible>::__BT_PORTS
    },
    &[],
);
#[rustfmt::skip]
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <IsRifleLoaded>::__BT_PORTS
    },
    &[],
);
#[rustfmt::skip]
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <AimAtEnemy>::__BT_PORTS
    },
    &[],
);
#[rustfmt::skip]
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <Shoot>::__BT_PORTS
    },
    &[],
);
#[rustfmt::skip]
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <Patrol>::__BT_PORTS
    },
    &[],
);
// ---- end of the expansion ----

/// Changes the world before tick `tick` and describes the change.
fn script(tick: u32, world: &mut World) -> &'static str {
    match tick {
        1 => "quiet; the sniper stands at the bell tower, rifle not loaded yet",
        2 => {
            world.enemy_visible = true;
            "an enemy steps into a window across the square, but the rifle is empty"
        }
        3 => {
            world.rounds = 3;
            "a runner brings 3 rounds and the sniper loads; the enemy is still in the window"
        }
        4 => "the enemy stays in the window",
        5 => {
            world.enemy_visible = false;
            "the enemy ducks behind the wall (but nobody re-checks while aiming)"
        }
        6 => "no enemy in sight",
        7 => {
            world.enemy_visible = true;
            "the enemy pops up again"
        }
        8 | 9 => "the enemy stays in the open",
        10 => "quiet",
        11 => {
            world.enemy_visible = true;
            "a second enemy appears"
        }
        _ => unreachable!("the script has {LAST_TICK} ticks"),
    }
}

const LAST_TICK: u32 = 11;

/// The world before tick 1.
fn start() -> World {
    World {
        enemy_visible: false,
        rounds: 0,
        hits: 0,
        waypoint: 0,
    }
}

fn main() {
    let mut world = start();
    let mut tree = Sniper::new();
    let mut trace = TickTrace::<{ Sniper::NODE_COUNT }>::new();

    println!("The sniper (seed 000):");
    println!("  Fallback {{ Snipe: Sequence {{ isEnemyVisible, isRifleLoaded, AimAtEnemy, Shoot }}, Patrol }}");
    println!("Lines starting with '>' are printed by the leaves while they run.");
    for tick in 1..=LAST_TICK {
        println!();
        println!("=== tick {tick} ===");
        println!("world: {}", script(tick, &mut world));
        trace.clear();
        let status = tree.tick_with(&mut world, &mut trace);
        println!("trace:");
        for line in trace.display(Sniper::NODES).to_string().lines() {
            println!("    {line}");
        }
        println!("root: {status}");
    }

    // The mission ends while the sniper is aiming: halting the tree halts every running node.
    println!();
    println!("=== after tick {LAST_TICK}: halt ===");
    println!("world: the radio orders the sniper to pull out; the program calls tree.halt_with()");
    trace.clear();
    tree.halt_with(&mut world, &mut trace);
    println!("trace:");
    for line in trace.display(Sniper::NODES).to_string().lines() {
        println!("    {line}");
    }
    println!("root status after the halt: {:?}", tree.status());

    println!();
    println!(
        "End of the story: {} hit(s), {} round(s) left, last waypoint {}.",
        world.hits, world.rounds, WAYPOINTS[world.waypoint]
    );
    println!(
        "The whole tree, all of its state inline: size_of::<Sniper>() = {} bytes.",
        std::mem::size_of::<Sniper>()
    );
}

// ---- for `cargo run --example draw`, which includes this file as a module ----

/// The tree's nodes and its BehaviorTree.CPP XML.
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (Sniper::NODES, Sniper::to_xml())
}

/// What each node did in tick `ticks` of the story above (its leaves print as they run), or
/// `None` if the story has no such tick.
#[allow(dead_code)]
pub(crate) fn trace_after(ticks: u32) -> Option<TickTrace<{ Sniper::NODE_COUNT }>> {
    if !(1..=LAST_TICK).contains(&ticks) {
        return None;
    }
    let (mut world, mut tree) = (start(), Sniper::new());
    let mut trace = TickTrace::new();
    for tick in 1..=ticks {
        script(tick, &mut world);
        trace.clear();
        tree.tick_with(&mut world, &mut trace);
    }
    Some(trace)
}
