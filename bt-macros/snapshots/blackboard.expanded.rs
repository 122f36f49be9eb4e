// The expansion of `blackboard.tree`: `BT_BLESS=1 cargo test -p bt-macros snapshots` rewrites it.
///The blackboard of [`Robot`]: one field per entry.
struct RobotBlackboard {
    /// Where to go.
    pub goal: (i32, i32),
    pub seen: ::bt::__private::Tracked<u32>,
    pub note: Option<u32>,
}
impl RobotBlackboard {
    /// Every entry at its initial value.
    pub fn new() -> Self {
        Self {
            goal: (0, 0),
            seen: ::bt::__private::Tracked::new(
                <u32 as ::core::default::Default>::default(),
            ),
            note: <Option<u32> as ::core::default::Default>::default(),
        }
    }
}
impl ::core::default::Default for RobotBlackboard {
    fn default() -> Self {
        Self::new()
    }
}
impl ::bt::__private::HasEntry<
    (
        ::bt::__private::C<'g'>,
        ::bt::__private::C<'o'>,
        ::bt::__private::C<'a'>,
        ::bt::__private::C<'l'>,
    ),
> for RobotBlackboard {
    type Entry = (i32, i32);
    #[inline(always)]
    fn entry(&mut self) -> &mut (i32, i32) {
        &mut self.goal
    }
}
impl ::bt::__private::HasEntry<
    (
        ::bt::__private::C<'s'>,
        ::bt::__private::C<'e'>,
        ::bt::__private::C<'e'>,
        ::bt::__private::C<'n'>,
    ),
> for RobotBlackboard {
    type Entry = ::bt::__private::Tracked<u32>;
    #[inline(always)]
    fn entry(&mut self) -> &mut ::bt::__private::Tracked<u32> {
        &mut self.seen
    }
}
impl ::bt::__private::HasEntry<
    (
        ::bt::__private::C<'n'>,
        ::bt::__private::C<'o'>,
        ::bt::__private::C<'t'>,
        ::bt::__private::C<'e'>,
    ),
> for RobotBlackboard {
    type Entry = Option<u32>;
    #[inline(always)]
    fn entry(&mut self) -> &mut Option<u32> {
        &mut self.note
    }
}
/// Marker types named after the blackboard's entries (`bt_core::subtree::EntryKey`).
#[doc(hidden)]
#[allow(non_snake_case, non_camel_case_types, dead_code)]
pub mod __bt_entries_RobotBlackboard {
    /// The name of an entry, for the errors of a subtree's `..`.
    pub struct goal;
    impl ::bt::__private::EntryKey for goal {
        type Key = (
            ::bt::__private::C<'g'>,
            ::bt::__private::C<'o'>,
            ::bt::__private::C<'a'>,
            ::bt::__private::C<'l'>,
        );
    }
    /// The name of an entry, for the errors of a subtree's `..`.
    pub struct seen;
    impl ::bt::__private::EntryKey for seen {
        type Key = (
            ::bt::__private::C<'s'>,
            ::bt::__private::C<'e'>,
            ::bt::__private::C<'e'>,
            ::bt::__private::C<'n'>,
        );
    }
    /// The name of an entry, for the errors of a subtree's `..`.
    pub struct note;
    impl ::bt::__private::EntryKey for note {
        type Key = (
            ::bt::__private::C<'n'>,
            ::bt::__private::C<'o'>,
            ::bt::__private::C<'t'>,
            ::bt::__private::C<'e'>,
        );
    }
}
impl<__BtP> ::bt::__private::AutoRemap<__BtP> for RobotBlackboard
where
    __BtP: ::bt::__private::HasNamedEntry<__bt_entries_RobotBlackboard::goal>,
    <__BtP as ::bt::__private::HasNamedEntry<
        __bt_entries_RobotBlackboard::goal,
    >>::Entry: ::bt::__private::SameEntry<(i32, i32)>,
    __BtP: ::bt::__private::HasNamedEntry<__bt_entries_RobotBlackboard::seen>,
    <__BtP as ::bt::__private::HasNamedEntry<
        __bt_entries_RobotBlackboard::seen,
    >>::Entry: ::bt::__private::SameEntry<::bt::__private::Tracked<u32>>,
    __BtP: ::bt::__private::HasNamedEntry<__bt_entries_RobotBlackboard::note>,
    <__BtP as ::bt::__private::HasNamedEntry<
        __bt_entries_RobotBlackboard::note,
    >>::Entry: ::bt::__private::SameEntry<Option<u32>>,
{
    #[inline(always)]
    fn trade_all(&mut self, __bt_parent: &mut __BtP) {
        ::bt::__private::SameEntry::trade(
            ::bt::__private::HasNamedEntry::<
                __bt_entries_RobotBlackboard::goal,
            >::entry(__bt_parent),
            &mut self.goal,
        );
        ::bt::__private::SameEntry::trade(
            ::bt::__private::HasNamedEntry::<
                __bt_entries_RobotBlackboard::seen,
            >::entry(__bt_parent),
            &mut self.seen,
        );
        ::bt::__private::SameEntry::trade(
            ::bt::__private::HasNamedEntry::<
                __bt_entries_RobotBlackboard::note,
            >::entry(__bt_parent),
            &mut self.note,
        );
    }
}
/// A blackboard, ports, the blackboard nodes and pre/post-conditions.
struct Robot {
    __bt_state_0: ::bt::__private::Sequence<
        ::core::primitive::u8,
        ::bt::__private::NoSkips,
    >,
    __bt_leaf_1: Plan,
    __bt_leaf_2: Drive,
    __bt_bb: RobotBlackboard,
    __bt_active: ::bt::__private::BoolFlags<1usize>,
    __bt_status: ::core::option::Option<::bt::__private::Status>,
}
#[allow(
    dead_code,
    unused_variables,
    unused_mut,
    unreachable_code,
    clippy::all,
    clippy::pedantic,
    clippy::nursery
)]
impl Robot {
    /// Number of nodes in the tree (ids are `0..NODE_COUNT`, in pre-order).
    pub const NODE_COUNT: ::core::primitive::usize = Self::NODES.len();
    /// Metadata of every node, indexed by node id.
    pub const NODES: &'static [::bt::__private::NodeInfo] = &[
        ::bt::__private::NodeInfo {
            name: "Sequence",
            kind: "Sequence",
            category: ::bt::__private::NodeCategory::Control,
            parent: ::core::option::Option::None,
            depth: 0usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Plan",
            kind: "Action",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Plan>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Plan"),
            params: &[
                ("goal", "{goal}"),
                ("speed", "2"),
                ("seen", "{seen}"),
                ("_skipIf", "bb.goal.0 > 3"),
                ("_onSuccess", "bb.seen.set(1)"),
            ],
        },
        ::bt::__private::NodeInfo {
            name: "Drive",
            kind: "StatefulAction",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Drive>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Drive"),
            params: &[
                ("target", "{goal}"),
                ("_while", "*bb.seen < 10"),
                ("_post", "bb.goal = (1, 1)"),
            ],
        },
        ::bt::__private::NodeInfo {
            name: "SetBlackboard",
            kind: "SetBlackboard",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("output_key", "goal"), ("value", "(2, 2)")],
        },
        ::bt::__private::NodeInfo {
            name: "UnsetBlackboard",
            kind: "UnsetBlackboard",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("key", "note")],
        },
        ::bt::__private::NodeInfo {
            name: "Script",
            kind: "Script",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("code", "bb.goal.1 += 1")],
        },
        ::bt::__private::NodeInfo {
            name: "ScriptCondition",
            kind: "ScriptCondition",
            category: ::bt::__private::NodeCategory::Condition,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("code", "bb.goal.0 == 2")],
        },
        ::bt::__private::NodeInfo {
            name: "Condition",
            kind: "Condition",
            category: ::bt::__private::NodeCategory::Condition,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
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
        ::bt::__private::export::xml("Robot", Self::NODES)
    }
    /// A tree at rest: nothing running, every leaf built.
    pub fn new() -> Self {
        Self {
            __bt_state_0: <::bt::__private::Sequence<
                ::core::primitive::u8,
                ::bt::__private::NoSkips,
            >>::new(),
            __bt_leaf_1: <Plan as ::core::default::Default>::default(),
            __bt_leaf_2: <Drive as ::core::default::Default>::default(),
            __bt_bb: <RobotBlackboard as ::core::default::Default>::default(),
            __bt_active: <::bt::__private::BoolFlags<1usize>>::new(),
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
        let __bt_status = self.__bt_tick_0(__bt_ctx, __bt_observer);
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
        self.__bt_status = ::core::option::Option::None;
    }
    /// The tree's blackboard.
    #[inline]
    pub fn blackboard(&self) -> &RobotBlackboard {
        &self.__bt_bb
    }
    /// The tree's blackboard, to change entries between ticks.
    #[inline]
    pub fn blackboard_mut(&mut self) -> &mut RobotBlackboard {
        &mut self.__bt_bb
    }
    /// The root's status on the last tick; `None` before the first tick and after a
    /// halt.
    #[inline]
    pub fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
        self.__bt_status
    }
    #[inline]
    fn __bt_tick_0<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            let mut __bt_child: ::core::primitive::usize = self.__bt_state_0.start();
            loop {
                if __bt_child == 0usize {
                    let __bt_child_status = self.__bt_tick_1(__bt_ctx, __bt_observer);
                    match self.__bt_state_0.on_child(0usize, __bt_child_status, 7usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                1usize => {
                                    self.__bt_halt_2(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                if __bt_child == 1usize {
                    let __bt_child_status = self.__bt_tick_2(__bt_ctx, __bt_observer);
                    match self.__bt_state_0.on_child(1usize, __bt_child_status, 7usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                1usize => {
                                    self.__bt_halt_2(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                if __bt_child == 2usize {
                    let __bt_child_status = self.__bt_tick_3(__bt_ctx, __bt_observer);
                    match self.__bt_state_0.on_child(2usize, __bt_child_status, 7usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                1usize => {
                                    self.__bt_halt_2(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                if __bt_child == 3usize {
                    let __bt_child_status = self.__bt_tick_4(__bt_ctx, __bt_observer);
                    match self.__bt_state_0.on_child(3usize, __bt_child_status, 7usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                1usize => {
                                    self.__bt_halt_2(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                if __bt_child == 4usize {
                    let __bt_child_status = self.__bt_tick_5(__bt_ctx, __bt_observer);
                    match self.__bt_state_0.on_child(4usize, __bt_child_status, 7usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                1usize => {
                                    self.__bt_halt_2(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                if __bt_child == 5usize {
                    let __bt_child_status = self.__bt_tick_6(__bt_ctx, __bt_observer);
                    match self.__bt_state_0.on_child(5usize, __bt_child_status, 7usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                1usize => {
                                    self.__bt_halt_2(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                {
                    let __bt_child_status = self.__bt_tick_7(__bt_ctx, __bt_observer);
                    match self.__bt_state_0.on_child(6usize, __bt_child_status, 7usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                1usize => {
                                    self.__bt_halt_2(__bt_ctx, __bt_observer);
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
                    1usize => {
                        self.__bt_halt_2(__bt_ctx, __bt_observer);
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
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            let __bt_gated = match ::bt::__private::preconditions(
                false,
                &self.__bt_bb,
                |_| false,
                |_| false,
                |bb| bb.goal.0 > 3,
                |_| true,
            ) {
                ::bt::__private::Gate::Tick => {
                    #[allow(unused_imports)]
                    use ::bt::__private::NoPorts as _;
                    let __bt_bound: u64 = const {
                        ::bt::__private::bound_ports(
                            {
                                #[allow(unused_imports)]
                                use ::bt::__private::NoPorts as _;
                                <Plan>::__BT_PORTS
                            },
                            &["goal", "speed", "seen"],
                        )
                    };
                    self.__bt_leaf_1
                        .__bt_frame(
                            __bt_bound,
                            &mut self.__bt_bb,
                            |__bt_leaf, __bt_bb| {
                                ::bt::__private::bind_entry(
                                    &mut *__bt_bb,
                                    &mut *__bt_leaf,
                                    |__bt_of| &mut __bt_of.goal,
                                    |__bt_of| &mut __bt_of.goal,
                                    ::bt::__private::PortStep::Load,
                                );
                                ::bt::__private::bind_entry(
                                    &mut *__bt_bb,
                                    &mut *__bt_leaf,
                                    |__bt_of| &mut __bt_of.seen,
                                    |__bt_of| &mut __bt_of.seen,
                                    ::bt::__private::PortStep::Load,
                                );
                                ::bt::__private::bind_value(
                                    2,
                                    &mut *__bt_leaf,
                                    |__bt_of| &mut __bt_of.speed,
                                );
                                let __bt_result = ::bt::__private::execute::<
                                    World,
                                    Plan,
                                >(&mut *__bt_leaf, __bt_ctx);
                                ::bt::__private::bind_entry(
                                    &mut *__bt_bb,
                                    &mut *__bt_leaf,
                                    |__bt_of| &mut __bt_of.goal,
                                    |__bt_of| &mut __bt_of.goal,
                                    ::bt::__private::PortStep::Store,
                                );
                                ::bt::__private::bind_entry(
                                    &mut *__bt_bb,
                                    &mut *__bt_leaf,
                                    |__bt_of| &mut __bt_of.seen,
                                    |__bt_of| &mut __bt_of.seen,
                                    ::bt::__private::PortStep::Store,
                                );
                                __bt_result
                            },
                        )
                }
                ::bt::__private::Gate::Answer(__bt_answer) => __bt_answer,
                ::bt::__private::Gate::HaltAndSkip => ::bt::__private::Status::Skipped,
            };
            ::bt::__private::postconditions(
                __bt_gated,
                &mut self.__bt_bb,
                |bb| bb.seen.set(1),
                |_| {},
                |_| {},
            );
            __bt_gated
        };
        ::bt::__private::finish(
            ::core::option::Option::None,
            1usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_tick_2<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            let __bt_gated = match ::bt::__private::preconditions(
                self.__bt_active.get(0usize),
                &self.__bt_bb,
                |_| false,
                |_| false,
                |_| false,
                |bb| *bb.seen < 10,
            ) {
                ::bt::__private::Gate::Tick => {
                    let __bt_running: bool = self.__bt_active.get(0usize);
                    {
                        #[allow(unused_imports)]
                        use ::bt::__private::NoPorts as _;
                        let __bt_bound: u64 = const {
                            ::bt::__private::bound_ports(
                                {
                                    #[allow(unused_imports)]
                                    use ::bt::__private::NoPorts as _;
                                    <Drive>::__BT_PORTS
                                },
                                &["target"],
                            )
                        };
                        self.__bt_leaf_2
                            .__bt_frame(
                                __bt_bound,
                                &mut self.__bt_bb,
                                |__bt_leaf, __bt_bb| {
                                    ::bt::__private::bind_entry(
                                        &mut *__bt_bb,
                                        &mut *__bt_leaf,
                                        |__bt_of| &mut __bt_of.goal,
                                        |__bt_of| &mut __bt_of.target,
                                        ::bt::__private::PortStep::Load,
                                    );
                                    let __bt_result = ::bt::__private::stateful::<
                                        World,
                                        Drive,
                                    >(
                                        &mut *__bt_leaf,
                                        __bt_ctx,
                                        ::bt::__private::StatefulCall::Tick {
                                            running: __bt_running,
                                        },
                                    );
                                    ::bt::__private::bind_entry(
                                        &mut *__bt_bb,
                                        &mut *__bt_leaf,
                                        |__bt_of| &mut __bt_of.goal,
                                        |__bt_of| &mut __bt_of.target,
                                        ::bt::__private::PortStep::Store,
                                    );
                                    __bt_result
                                },
                            )
                    }
                }
                ::bt::__private::Gate::Answer(__bt_answer) => __bt_answer,
                ::bt::__private::Gate::HaltAndSkip => {
                    self.__bt_halt_2(__bt_ctx, __bt_observer);
                    ::bt::__private::Status::Skipped
                }
            };
            ::bt::__private::postconditions(
                __bt_gated,
                &mut self.__bt_bb,
                |_| {},
                |_| {},
                |bb| bb.goal = (1, 1),
            );
            __bt_gated
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(0usize)),
            2usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_2<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if self.__bt_active.get(0usize) {
            let _ = {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                let __bt_bound: u64 = const {
                    ::bt::__private::bound_ports(
                        {
                            #[allow(unused_imports)]
                            use ::bt::__private::NoPorts as _;
                            <Drive>::__BT_PORTS
                        },
                        &["target"],
                    )
                };
                self.__bt_leaf_2
                    .__bt_frame(
                        __bt_bound,
                        &mut self.__bt_bb,
                        |__bt_leaf, __bt_bb| {
                            ::bt::__private::bind_entry(
                                &mut *__bt_bb,
                                &mut *__bt_leaf,
                                |__bt_of| &mut __bt_of.goal,
                                |__bt_of| &mut __bt_of.target,
                                ::bt::__private::PortStep::Load,
                            );
                            let __bt_result = ::bt::__private::stateful::<
                                World,
                                Drive,
                            >(
                                &mut *__bt_leaf,
                                __bt_ctx,
                                ::bt::__private::StatefulCall::Halt,
                            );
                            ::bt::__private::bind_entry(
                                &mut *__bt_bb,
                                &mut *__bt_leaf,
                                |__bt_of| &mut __bt_of.goal,
                                |__bt_of| &mut __bt_of.target,
                                ::bt::__private::PortStep::Store,
                            );
                            __bt_result
                        },
                    )
            };
            ::bt::__private::halted(
                self.__bt_active.flag(0usize),
                2usize,
                __bt_observer,
            );
            ::bt::__private::after_halt(
                &mut self.__bt_bb,
                |_| {},
                |bb| bb.goal = (1, 1),
            );
        }
    }
    #[inline]
    fn __bt_tick_3<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::set(
            &mut self.__bt_bb,
            |__bt_of| &mut __bt_of.goal,
            (2, 2),
        );
        ::bt::__private::finish(
            ::core::option::Option::None,
            3usize,
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
        let __bt_status: ::bt::__private::Status = ::bt::__private::unset(
            &mut self.__bt_bb,
            |__bt_of| &mut __bt_of.note,
        );
        ::bt::__private::finish(
            ::core::option::Option::None,
            4usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_tick_5<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            ::bt::__private::run(&mut self.__bt_bb, |bb| bb.goal.1 += 1);
            ::bt::__private::Status::Success
        };
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
        let __bt_status: ::bt::__private::Status = ::bt::__private::Status::from_bool(
            ::bt::__private::test(&self.__bt_bb, |bb| bb.goal.0 == 2),
        );
        ::bt::__private::finish(
            ::core::option::Option::None,
            6usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_tick_7<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::check_inline_bb::<
            World,
            RobotBlackboard,
        >(__bt_ctx, &self.__bt_bb, |w, bb| w.ok && bb.goal.0 > 0);
        ::bt::__private::finish(
            ::core::option::Option::None,
            7usize,
            __bt_status,
            __bt_observer,
        )
    }
}
impl ::core::default::Default for Robot {
    fn default() -> Self {
        Self::new()
    }
}
impl ::bt::__private::BehaviorTree for Robot {
    type Context = World;
    type Blackboard = RobotBlackboard;
    const NODES: &'static [::bt::__private::NodeInfo] = Robot::NODES;
    #[inline]
    fn tick_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        Robot::tick_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn halt_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        Robot::halt_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
        Robot::status(self)
    }
    #[inline]
    fn blackboard(&self) -> &RobotBlackboard {
        Robot::blackboard(self)
    }
    #[inline]
    fn blackboard_mut(&mut self) -> &mut RobotBlackboard {
        Robot::blackboard_mut(self)
    }
}
#[allow(unused_variables)]
impl ::bt::__private::Subtree<World> for Robot {
    const __NODE_COUNT: ::core::primitive::usize = Robot::NODE_COUNT;
    const __NODES: &'static [::bt::__private::NodeInfo] = Robot::NODES;
    #[inline]
    fn __new() -> Self {
        Robot::new()
    }
    #[inline]
    fn halt_root_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        self.__bt_halt_0(__bt_ctx, __bt_observer);
        self.__bt_status = ::core::option::Option::None;
    }
}
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <Plan>::__BT_PORTS
    },
    &["goal", "speed", "seen"],
);
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <Drive>::__BT_PORTS
    },
    &["target"],
);
