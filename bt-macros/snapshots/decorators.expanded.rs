// The expansion of `decorators.tree`: `BT_BLESS=1 cargo test -p bt-macros snapshots` rewrites it.
///The blackboard of [`Decorated`]: one field per entry.
struct DecoratedBlackboard {
    pub target: ::bt::__private::Tracked<u32>,
}
impl DecoratedBlackboard {
    /// Every entry at its initial value.
    pub fn new() -> Self {
        Self {
            target: ::bt::__private::Tracked::new(
                <u32 as ::core::default::Default>::default(),
            ),
        }
    }
}
impl ::core::default::Default for DecoratedBlackboard {
    fn default() -> Self {
        Self::new()
    }
}
impl ::bt::__private::HasEntry<
    (
        ::bt::__private::C<'t'>,
        ::bt::__private::C<'a'>,
        ::bt::__private::C<'r'>,
        ::bt::__private::C<'g'>,
        ::bt::__private::C<'e'>,
        ::bt::__private::C<'t'>,
    ),
> for DecoratedBlackboard {
    type Entry = ::bt::__private::Tracked<u32>;
    #[inline(always)]
    fn entry(&mut self) -> &mut ::bt::__private::Tracked<u32> {
        &mut self.target
    }
}
/// Marker types named after the blackboard's entries (`bt_core::subtree::EntryKey`).
#[doc(hidden)]
#[allow(non_snake_case, non_camel_case_types, dead_code)]
pub mod __bt_entries_DecoratedBlackboard {
    /// The name of an entry, for the errors of a subtree's `..`.
    pub struct target;
    impl ::bt::__private::EntryKey for target {
        type Key = (
            ::bt::__private::C<'t'>,
            ::bt::__private::C<'a'>,
            ::bt::__private::C<'r'>,
            ::bt::__private::C<'g'>,
            ::bt::__private::C<'e'>,
            ::bt::__private::C<'t'>,
        );
    }
}
impl<__BtP> ::bt::__private::AutoRemap<__BtP> for DecoratedBlackboard
where
    __BtP: ::bt::__private::HasNamedEntry<__bt_entries_DecoratedBlackboard::target>,
    <__BtP as ::bt::__private::HasNamedEntry<
        __bt_entries_DecoratedBlackboard::target,
    >>::Entry: ::bt::__private::SameEntry<::bt::__private::Tracked<u32>>,
{
    #[inline(always)]
    fn trade_all(&mut self, __bt_parent: &mut __BtP) {
        ::bt::__private::SameEntry::trade(
            ::bt::__private::HasNamedEntry::<
                __bt_entries_DecoratedBlackboard::target,
            >::entry(__bt_parent),
            &mut self.target,
        );
    }
}
/// Every decorator, and the two reactive composites.
struct Decorated {
    __bt_state_0: ::bt::__private::ReactiveFallback<::core::primitive::u8>,
    __bt_leaf_2: IsEnemyVisible,
    __bt_state_3: ::bt::__private::ReactiveSequence<::core::primitive::u8>,
    __bt_state_5: ::bt::__private::Repeat<::core::primitive::u8>,
    __bt_leaf_6: Walk,
    __bt_state_8: ::bt::__private::RetryUntilSuccessful<::core::primitive::u8>,
    __bt_leaf_9: Shoot,
    __bt_state_11: ::bt::__private::RunOnce,
    __bt_state_13: ::bt::__private::EntryUpdated,
    __bt_state_14: ::bt::__private::EntryUpdated,
    __bt_state_15: ::bt::__private::EntryUpdated,
    __bt_bb: DecoratedBlackboard,
    __bt_active: ::bt::__private::BoolFlags<8usize>,
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
impl Decorated {
    /// Number of nodes in the tree (ids are `0..NODE_COUNT`, in pre-order).
    pub const NODE_COUNT: ::core::primitive::usize = Self::NODES.len();
    /// Metadata of every node, indexed by node id.
    pub const NODES: &'static [::bt::__private::NodeInfo] = &[
        ::bt::__private::NodeInfo {
            name: "ReactiveFallback",
            kind: "ReactiveFallback",
            category: ::bt::__private::NodeCategory::Control,
            parent: ::core::option::Option::None,
            depth: 0usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Inverter",
            kind: "Inverter",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "IsEnemyVisible",
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
            name: "ReactiveSequence",
            kind: "ReactiveSequence",
            category: ::bt::__private::NodeCategory::Control,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "ForceSuccess",
            kind: "ForceSuccess",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(3usize),
            depth: 2usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Repeat",
            kind: "Repeat",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(4usize),
            depth: 3usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("num_cycles", "3")],
        },
        ::bt::__private::NodeInfo {
            name: "Walk",
            kind: "StatefulAction",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(5usize),
            depth: 4usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Walk>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Walk"),
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "ForceFailure",
            kind: "ForceFailure",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(3usize),
            depth: 2usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "RetryUntilSuccessful",
            kind: "RetryUntilSuccessful",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(7usize),
            depth: 3usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("num_attempts", "-1")],
        },
        ::bt::__private::NodeInfo {
            name: "Shoot",
            kind: "Action",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(8usize),
            depth: 4usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Shoot>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Shoot"),
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "KeepRunningUntilFailure",
            kind: "KeepRunningUntilFailure",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "RunOnce",
            kind: "RunOnce",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(10usize),
            depth: 2usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("then_skip", "false")],
        },
        ::bt::__private::NodeInfo {
            name: "AlwaysSuccess",
            kind: "AlwaysSuccess",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(11usize),
            depth: 3usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "SkipUnlessUpdated",
            kind: "SkipUnlessUpdated",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("entry", "target")],
        },
        ::bt::__private::NodeInfo {
            name: "WaitValueUpdate",
            kind: "WaitValueUpdate",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(13usize),
            depth: 2usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("entry", "target")],
        },
        ::bt::__private::NodeInfo {
            name: "WasEntryUpdated",
            kind: "WasEntryUpdated",
            category: ::bt::__private::NodeCategory::Condition,
            parent: ::core::option::Option::Some(14usize),
            depth: 3usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("entry", "target")],
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
        ::bt::__private::export::xml("Decorated", Self::NODES)
    }
    /// A tree at rest: nothing running, every leaf built.
    pub fn new() -> Self {
        Self {
            __bt_state_0: <::bt::__private::ReactiveFallback<
                ::core::primitive::u8,
            >>::new(),
            __bt_leaf_2: <IsEnemyVisible as ::core::default::Default>::default(),
            __bt_state_3: <::bt::__private::ReactiveSequence<
                ::core::primitive::u8,
            >>::new(),
            __bt_state_5: <::bt::__private::Repeat<::core::primitive::u8>>::new(),
            __bt_leaf_6: <Walk as ::core::default::Default>::default(),
            __bt_state_8: <::bt::__private::RetryUntilSuccessful<
                ::core::primitive::u8,
            >>::new(),
            __bt_leaf_9: <Shoot as ::core::default::Default>::default(),
            __bt_state_11: <::bt::__private::RunOnce>::new(),
            __bt_state_13: <::bt::__private::EntryUpdated>::new(),
            __bt_state_14: <::bt::__private::EntryUpdated>::new(),
            __bt_state_15: ::bt::__private::EntryUpdated::new(),
            __bt_bb: <DecoratedBlackboard as ::core::default::Default>::default(),
            __bt_active: <::bt::__private::BoolFlags<8usize>>::new(),
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
        self.__bt_state_5.halt();
        self.__bt_state_8.halt();
        self.__bt_status = ::core::option::Option::None;
    }
    /// The tree's blackboard.
    #[inline]
    pub fn blackboard(&self) -> &DecoratedBlackboard {
        &self.__bt_bb
    }
    /// The tree's blackboard, to change entries between ticks.
    #[inline]
    pub fn blackboard_mut(&mut self) -> &mut DecoratedBlackboard {
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
            let mut __bt_tick = ::bt::__private::ReactiveTick::new();
            let mut __bt_child: ::core::primitive::usize = self.__bt_state_0.start();
            loop {
                if __bt_child == 0usize {
                    let __bt_child_status = self.__bt_tick_1(__bt_ctx, __bt_observer);
                    match self
                        .__bt_state_0
                        .on_child(0usize, __bt_child_status, 4usize, &mut __bt_tick)
                    {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                1usize => {
                                    self.__bt_halt_3(__bt_ctx, __bt_observer);
                                }
                                2usize => {
                                    self.__bt_halt_10(__bt_ctx, __bt_observer);
                                }
                                3usize => {
                                    self.__bt_halt_13(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                if __bt_child == 1usize {
                    let __bt_child_status = self.__bt_tick_3(__bt_ctx, __bt_observer);
                    match self
                        .__bt_state_0
                        .on_child(1usize, __bt_child_status, 4usize, &mut __bt_tick)
                    {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                1usize => {
                                    self.__bt_halt_3(__bt_ctx, __bt_observer);
                                }
                                2usize => {
                                    self.__bt_halt_10(__bt_ctx, __bt_observer);
                                }
                                3usize => {
                                    self.__bt_halt_13(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                if __bt_child == 2usize {
                    let __bt_child_status = self.__bt_tick_10(__bt_ctx, __bt_observer);
                    match self
                        .__bt_state_0
                        .on_child(2usize, __bt_child_status, 4usize, &mut __bt_tick)
                    {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                1usize => {
                                    self.__bt_halt_3(__bt_ctx, __bt_observer);
                                }
                                2usize => {
                                    self.__bt_halt_10(__bt_ctx, __bt_observer);
                                }
                                3usize => {
                                    self.__bt_halt_13(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                {
                    let __bt_child_status = self.__bt_tick_13(__bt_ctx, __bt_observer);
                    match self
                        .__bt_state_0
                        .on_child(3usize, __bt_child_status, 4usize, &mut __bt_tick)
                    {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                1usize => {
                                    self.__bt_halt_3(__bt_ctx, __bt_observer);
                                }
                                2usize => {
                                    self.__bt_halt_10(__bt_ctx, __bt_observer);
                                }
                                3usize => {
                                    self.__bt_halt_13(__bt_ctx, __bt_observer);
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
                        self.__bt_halt_3(__bt_ctx, __bt_observer);
                    }
                    2usize => {
                        self.__bt_halt_10(__bt_ctx, __bt_observer);
                    }
                    3usize => {
                        self.__bt_halt_13(__bt_ctx, __bt_observer);
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
        let __bt_status: ::bt::__private::Status = ::bt::__private::inverter(
            self.__bt_tick_2(__bt_ctx, __bt_observer),
        );
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
        let __bt_status: ::bt::__private::Status = {
            let mut __bt_tick = ::bt::__private::ReactiveTick::new();
            let mut __bt_child: ::core::primitive::usize = self.__bt_state_3.start();
            loop {
                if __bt_child == 0usize {
                    let __bt_child_status = self.__bt_tick_4(__bt_ctx, __bt_observer);
                    match self
                        .__bt_state_3
                        .on_child(0usize, __bt_child_status, 2usize, &mut __bt_tick)
                    {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                0usize => {
                                    self.__bt_halt_4(__bt_ctx, __bt_observer);
                                }
                                1usize => {
                                    self.__bt_halt_7(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                {
                    let __bt_child_status = self.__bt_tick_7(__bt_ctx, __bt_observer);
                    match self
                        .__bt_state_3
                        .on_child(1usize, __bt_child_status, 2usize, &mut __bt_tick)
                    {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                0usize => {
                                    self.__bt_halt_4(__bt_ctx, __bt_observer);
                                }
                                1usize => {
                                    self.__bt_halt_7(__bt_ctx, __bt_observer);
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
            3usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_3<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if self.__bt_state_3.is_running() {
            if let ::core::option::Option::Some(__bt_running) = self.__bt_state_3.halt()
            {
                match __bt_running {
                    0usize => {
                        self.__bt_halt_4(__bt_ctx, __bt_observer);
                    }
                    1usize => {
                        self.__bt_halt_7(__bt_ctx, __bt_observer);
                    }
                    _ => {}
                }
            }
            ::bt::__private::halted_unflagged(3usize, __bt_observer);
        }
    }
    #[inline]
    fn __bt_tick_4<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::force_success(
            self.__bt_tick_5(__bt_ctx, __bt_observer),
        );
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(0usize)),
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
        if self.__bt_active.get(0usize) {
            self.__bt_halt_5(__bt_ctx, __bt_observer);
            ::bt::__private::halted(
                self.__bt_active.flag(0usize),
                4usize,
                __bt_observer,
            );
        }
    }
    #[inline]
    fn __bt_tick_5<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            match self.__bt_state_5.start(::core::option::Option::Some(3usize)) {
                ::core::option::Option::Some(__bt_status) => __bt_status,
                ::core::option::Option::None => {
                    let __bt_child_status = self.__bt_tick_6(__bt_ctx, __bt_observer);
                    self.__bt_state_5
                        .on_child(
                            __bt_child_status,
                            ::core::option::Option::Some(3usize),
                        )
                }
            }
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(1usize)),
            5usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_5<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if self.__bt_active.get(1usize) {
            self.__bt_halt_6(__bt_ctx, __bt_observer);
            self.__bt_state_5.halt();
            ::bt::__private::halted(
                self.__bt_active.flag(1usize),
                5usize,
                __bt_observer,
            );
        }
    }
    #[inline]
    fn __bt_tick_6<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            let __bt_running: bool = self.__bt_active.get(2usize);
            ::bt::__private::stateful::<
                World,
                Walk,
            >(
                &mut self.__bt_leaf_6,
                __bt_ctx,
                ::bt::__private::StatefulCall::Tick {
                    running: __bt_running,
                },
            )
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(2usize)),
            6usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_6<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if self.__bt_active.get(2usize) {
            let _ = ::bt::__private::stateful::<
                World,
                Walk,
            >(&mut self.__bt_leaf_6, __bt_ctx, ::bt::__private::StatefulCall::Halt);
            ::bt::__private::halted(
                self.__bt_active.flag(2usize),
                6usize,
                __bt_observer,
            );
        }
    }
    #[inline]
    fn __bt_tick_7<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::force_failure(
            self.__bt_tick_8(__bt_ctx, __bt_observer),
        );
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(3usize)),
            7usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_7<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if self.__bt_active.get(3usize) {
            self.__bt_halt_8(__bt_ctx, __bt_observer);
            ::bt::__private::halted(
                self.__bt_active.flag(3usize),
                7usize,
                __bt_observer,
            );
        }
    }
    #[inline]
    fn __bt_tick_8<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            match self.__bt_state_8.start(::core::option::Option::None) {
                ::core::option::Option::Some(__bt_status) => __bt_status,
                ::core::option::Option::None => {
                    let __bt_child_status = self.__bt_tick_9(__bt_ctx, __bt_observer);
                    self.__bt_state_8
                        .on_child(__bt_child_status, ::core::option::Option::None)
                }
            }
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(4usize)),
            8usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_8<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if self.__bt_active.get(4usize) {
            self.__bt_state_8.halt();
            ::bt::__private::halted(
                self.__bt_active.flag(4usize),
                8usize,
                __bt_observer,
            );
        }
    }
    #[inline]
    fn __bt_tick_9<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::execute::<
            World,
            Shoot,
        >(&mut self.__bt_leaf_9, __bt_ctx);
        ::bt::__private::finish(
            ::core::option::Option::None,
            9usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_tick_10<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::keep_running_until_failure(
            self.__bt_tick_11(__bt_ctx, __bt_observer),
        );
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(5usize)),
            10usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_10<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if self.__bt_active.get(5usize) {
            ::bt::__private::halted(
                self.__bt_active.flag(5usize),
                10usize,
                __bt_observer,
            );
        }
    }
    #[inline]
    fn __bt_tick_11<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = match self.__bt_state_11.start(false)
        {
            ::core::option::Option::Some(__bt_status) => __bt_status,
            ::core::option::Option::None => {
                let __bt_child_status = self.__bt_tick_12(__bt_ctx, __bt_observer);
                self.__bt_state_11.on_child(__bt_child_status)
            }
        };
        ::bt::__private::finish(
            ::core::option::Option::None,
            11usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_tick_12<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::Status::Success;
        ::bt::__private::finish(
            ::core::option::Option::None,
            12usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_tick_13<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = match self
            .__bt_state_13
            .start(
                self.__bt_active.get(7usize),
                self.__bt_bb.target.version(),
                ::bt::__private::Status::Skipped,
            )
        {
            ::core::option::Option::Some(__bt_status) => __bt_status,
            ::core::option::Option::None => self.__bt_tick_14(__bt_ctx, __bt_observer),
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(6usize)),
            13usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_13<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if self.__bt_active.get(6usize) {
            self.__bt_halt_14(__bt_ctx, __bt_observer);
            ::bt::__private::halted(
                self.__bt_active.flag(6usize),
                13usize,
                __bt_observer,
            );
        }
    }
    #[inline]
    fn __bt_tick_14<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = match self
            .__bt_state_14
            .start(
                false,
                self.__bt_bb.target.version(),
                ::bt::__private::Status::Running,
            )
        {
            ::core::option::Option::Some(__bt_status) => __bt_status,
            ::core::option::Option::None => self.__bt_tick_15(__bt_ctx, __bt_observer),
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(7usize)),
            14usize,
            __bt_status,
            __bt_observer,
        )
    }
    #[inline]
    fn __bt_halt_14<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        if self.__bt_active.get(7usize) {
            ::bt::__private::halted(
                self.__bt_active.flag(7usize),
                14usize,
                __bt_observer,
            );
        }
    }
    #[inline]
    fn __bt_tick_15<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::Status::from_bool(
            self.__bt_state_15.was_updated(self.__bt_bb.target.version()),
        );
        ::bt::__private::finish(
            ::core::option::Option::None,
            15usize,
            __bt_status,
            __bt_observer,
        )
    }
}
impl ::core::default::Default for Decorated {
    fn default() -> Self {
        Self::new()
    }
}
impl ::bt::__private::BehaviorTree for Decorated {
    type Context = World;
    type Blackboard = DecoratedBlackboard;
    const NODES: &'static [::bt::__private::NodeInfo] = Decorated::NODES;
    #[inline]
    fn tick_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        Decorated::tick_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn halt_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        Decorated::halt_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
        Decorated::status(self)
    }
    #[inline]
    fn blackboard(&self) -> &DecoratedBlackboard {
        Decorated::blackboard(self)
    }
    #[inline]
    fn blackboard_mut(&mut self) -> &mut DecoratedBlackboard {
        Decorated::blackboard_mut(self)
    }
}
#[allow(unused_variables)]
impl ::bt::__private::Subtree<World> for Decorated {
    const __NODE_COUNT: ::core::primitive::usize = Decorated::NODE_COUNT;
    const __NODES: &'static [::bt::__private::NodeInfo] = Decorated::NODES;
    #[inline]
    fn __new() -> Self {
        Decorated::new()
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
        <IsEnemyVisible>::__BT_PORTS
    },
    &[],
);
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <Walk>::__BT_PORTS
    },
    &[],
);
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <Shoot>::__BT_PORTS
    },
    &[],
);
