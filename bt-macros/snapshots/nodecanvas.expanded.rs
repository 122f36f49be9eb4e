// The expansion of `nodecanvas.tree`: `BT_BLESS=1 cargo test -p bt-macros snapshots` rewrites it.
///The blackboard of [`Canvas`]: one field per entry.
struct CanvasBlackboard {
    pub hunger: f32,
    pub enemy: bool,
}
impl CanvasBlackboard {
    /// Every entry at its initial value.
    pub fn new() -> Self {
        Self {
            hunger: 0.5,
            enemy: <bool as ::core::default::Default>::default(),
        }
    }
}
impl ::core::default::Default for CanvasBlackboard {
    fn default() -> Self {
        Self::new()
    }
}
impl ::bt::__private::HasEntry<
    (
        ::bt::__private::C<'h'>,
        ::bt::__private::C<'u'>,
        ::bt::__private::C<'n'>,
        ::bt::__private::C<'g'>,
        ::bt::__private::C<'e'>,
        ::bt::__private::C<'r'>,
    ),
> for CanvasBlackboard {
    type Entry = f32;
    #[inline(always)]
    fn entry(&mut self) -> &mut f32 {
        &mut self.hunger
    }
}
impl ::bt::__private::HasEntry<
    (
        ::bt::__private::C<'e'>,
        ::bt::__private::C<'n'>,
        ::bt::__private::C<'e'>,
        ::bt::__private::C<'m'>,
        ::bt::__private::C<'y'>,
    ),
> for CanvasBlackboard {
    type Entry = bool;
    #[inline(always)]
    fn entry(&mut self) -> &mut bool {
        &mut self.enemy
    }
}
/// Marker types named after the blackboard's entries (`bt_core::subtree::EntryKey`).
#[doc(hidden)]
#[allow(non_snake_case, non_camel_case_types, dead_code)]
pub mod __bt_entries_CanvasBlackboard {
    /// The name of an entry, for the errors of a subtree's `..`.
    pub struct hunger;
    impl ::bt::__private::EntryKey for hunger {
        type Key = (
            ::bt::__private::C<'h'>,
            ::bt::__private::C<'u'>,
            ::bt::__private::C<'n'>,
            ::bt::__private::C<'g'>,
            ::bt::__private::C<'e'>,
            ::bt::__private::C<'r'>,
        );
    }
    /// The name of an entry, for the errors of a subtree's `..`.
    pub struct enemy;
    impl ::bt::__private::EntryKey for enemy {
        type Key = (
            ::bt::__private::C<'e'>,
            ::bt::__private::C<'n'>,
            ::bt::__private::C<'e'>,
            ::bt::__private::C<'m'>,
            ::bt::__private::C<'y'>,
        );
    }
}
impl<__BtP> ::bt::__private::AutoRemap<__BtP> for CanvasBlackboard
where
    __BtP: ::bt::__private::HasNamedEntry<__bt_entries_CanvasBlackboard::hunger>,
    <__BtP as ::bt::__private::HasNamedEntry<
        __bt_entries_CanvasBlackboard::hunger,
    >>::Entry: ::bt::__private::SameEntry<f32>,
    __BtP: ::bt::__private::HasNamedEntry<__bt_entries_CanvasBlackboard::enemy>,
    <__BtP as ::bt::__private::HasNamedEntry<
        __bt_entries_CanvasBlackboard::enemy,
    >>::Entry: ::bt::__private::SameEntry<bool>,
{
    #[inline(always)]
    fn trade_all(&mut self, __bt_parent: &mut __BtP) {
        ::bt::__private::SameEntry::trade(
            ::bt::__private::HasNamedEntry::<
                __bt_entries_CanvasBlackboard::hunger,
            >::entry(__bt_parent),
            &mut self.hunger,
        );
        ::bt::__private::SameEntry::trade(
            ::bt::__private::HasNamedEntry::<
                __bt_entries_CanvasBlackboard::enemy,
            >::entry(__bt_parent),
            &mut self.enemy,
        );
    }
}
/// NodeCanvas's nodes, an observer abort and a random node: a utility selector, a cooldown, a
/// probability selector drawing from the tree's own generator, and a selector whose first child
/// aborts lower-priority branches.
struct Canvas {
    __bt_state_0: ::bt::__private::ObserverSelector<
        { ::bt::__private::bitset_words(2usize) },
        ::core::primitive::u8,
    >,
    __bt_leaf_2: Attack,
    __bt_state_3: ::bt::__private::PrioritySelector<::core::primitive::u8>,
    __bt_state_4: ::bt::__private::nodecanvas::Cooldown,
    __bt_leaf_5: Eat,
    __bt_state_6: ::bt::__private::ProbabilitySelector<
        { ::bt::__private::bitset_words(2usize) },
        ::core::primitive::u8,
    >,
    __bt_rng: ::bt::__private::SmallRng,
    __bt_leaf_7: Wander,
    __bt_leaf_8: Idle,
    __bt_bb: CanvasBlackboard,
    __bt_active: ::bt::__private::BoolFlags<7usize>,
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
impl Canvas {
    /// Number of nodes in the tree (ids are `0..NODE_COUNT`, in pre-order).
    pub const NODE_COUNT: ::core::primitive::usize = Self::NODES.len();
    /// Metadata of every node, indexed by node id.
    pub const NODES: &'static [::bt::__private::NodeInfo] = &[
        ::bt::__private::NodeInfo {
            name: "Selector",
            kind: "Selector",
            category: ::bt::__private::NodeCategory::Control,
            parent: ::core::option::Option::None,
            depth: 0usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Observe",
            kind: "Observe",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("condition", "bb.enemy"), ("flowAbortMode", "LowerPriority")],
        },
        ::bt::__private::NodeInfo {
            name: "Attack",
            kind: "StatefulAction",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(1usize),
            depth: 2usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Attack>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Attack"),
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "PrioritySelector",
            kind: "PrioritySelector",
            category: ::bt::__private::NodeCategory::Control,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("dynamic", "true")],
        },
        ::bt::__private::NodeInfo {
            name: "Cooldown",
            kind: "Cooldown",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(3usize),
            depth: 2usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[
                ("filterMode", "CoolDown"),
                ("coolDownTime", "0.5"),
                ("inactiveWhenLimited", "true"),
                ("score", "bb.hunger"),
            ],
        },
        ::bt::__private::NodeInfo {
            name: "Eat",
            kind: "StatefulAction",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(4usize),
            depth: 3usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Eat>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Eat"),
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "ProbabilitySelector",
            kind: "ProbabilitySelector",
            category: ::bt::__private::NodeCategory::Control,
            parent: ::core::option::Option::Some(3usize),
            depth: 2usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("score", "0.3")],
        },
        ::bt::__private::NodeInfo {
            name: "Wander",
            kind: "StatefulAction",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(6usize),
            depth: 3usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Wander>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Wander"),
            params: &[("weight", "2")],
        },
        ::bt::__private::NodeInfo {
            name: "Idle",
            kind: "Action",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(6usize),
            depth: 3usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Idle>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Idle"),
            params: &[("weight", "1.0 - bb.hunger")],
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
        ::bt::__private::export::xml("Canvas", Self::NODES)
    }
    /// A tree at rest: nothing running, every leaf built.
    pub fn new() -> Self {
        Self {
            __bt_state_0: <::bt::__private::ObserverSelector<
                { ::bt::__private::bitset_words(2usize) },
                ::core::primitive::u8,
            >>::new(),
            __bt_leaf_2: <Attack as ::core::default::Default>::default(),
            __bt_state_3: <::bt::__private::PrioritySelector<
                ::core::primitive::u8,
            >>::new(),
            __bt_state_4: <::bt::__private::nodecanvas::Cooldown>::new(),
            __bt_leaf_5: <Eat as ::core::default::Default>::default(),
            __bt_state_6: <::bt::__private::ProbabilitySelector<
                { ::bt::__private::bitset_words(2usize) },
                ::core::primitive::u8,
            >>::new(),
            __bt_rng: ::bt::__private::SmallRng::seed(
                ::bt::__private::SmallRng::DEFAULT_SEED,
            ),
            __bt_leaf_7: <Wander as ::core::default::Default>::default(),
            __bt_leaf_8: <Idle as ::core::default::Default>::default(),
            __bt_bb: <CanvasBlackboard as ::core::default::Default>::default(),
            __bt_active: <::bt::__private::BoolFlags<7usize>>::new(),
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
    pub fn blackboard(&self) -> &CanvasBlackboard {
        &self.__bt_bb
    }
    /// The tree's blackboard, to change entries between ticks.
    #[inline]
    pub fn blackboard_mut(&mut self) -> &mut CanvasBlackboard {
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
            const __BT_GUARDS: [::core::option::Option<
                ::bt::__private::AbortMode,
            >; 2usize] = [
                ::core::option::Option::Some(::bt::__private::AbortMode::LowerPriority),
                ::core::option::Option::None,
            ];
            {
                let mut __bt_step: ::bt::__private::Step = self
                    .__bt_state_0
                    .start(&__BT_GUARDS);
                loop {
                    let __bt_event = match __bt_step {
                        ::bt::__private::Step::Tick(__bt_child) => {
                            ::bt::__private::Event::Child(
                                __bt_child,
                                match __bt_child {
                                    2usize => {
                                        ::bt::__private::guard(&self.__bt_bb, |bb| bb.enemy)
                                    }
                                    0usize => self.__bt_tick_1(__bt_ctx, __bt_observer),
                                    _ => self.__bt_tick_3(__bt_ctx, __bt_observer),
                                },
                            )
                        }
                        ::bt::__private::Step::Halt(__bt_child) => {
                            match __bt_child {
                                0usize => {
                                    self.__bt_halt_1(__bt_ctx, __bt_observer);
                                }
                                1usize => {
                                    self.__bt_halt_3(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            ::bt::__private::Event::Halted(__bt_child)
                        }
                        ::bt::__private::Step::Return(__bt_status) => break __bt_status,
                    };
                    __bt_step = self.__bt_state_0.next(__bt_event, &__BT_GUARDS);
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
            const __BT_GUARDS: [::core::option::Option<
                ::bt::__private::AbortMode,
            >; 2usize] = [
                ::core::option::Option::Some(::bt::__private::AbortMode::LowerPriority),
                ::core::option::Option::None,
            ];
            let _ = {
                let mut __bt_step: ::bt::__private::Step = self
                    .__bt_state_0
                    .halt(&__BT_GUARDS);
                loop {
                    let __bt_event = match __bt_step {
                        ::bt::__private::Step::Tick(__bt_child) => {
                            ::bt::__private::Event::Child(
                                __bt_child,
                                match __bt_child {
                                    2usize => {
                                        ::bt::__private::guard(&self.__bt_bb, |bb| bb.enemy)
                                    }
                                    0usize => self.__bt_tick_1(__bt_ctx, __bt_observer),
                                    _ => self.__bt_tick_3(__bt_ctx, __bt_observer),
                                },
                            )
                        }
                        ::bt::__private::Step::Halt(__bt_child) => {
                            match __bt_child {
                                0usize => {
                                    self.__bt_halt_1(__bt_ctx, __bt_observer);
                                }
                                1usize => {
                                    self.__bt_halt_3(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            ::bt::__private::Event::Halted(__bt_child)
                        }
                        ::bt::__private::Step::Return(__bt_status) => break __bt_status,
                    };
                    __bt_step = self.__bt_state_0.next(__bt_event, &__BT_GUARDS);
                }
            };
            ::bt::__private::halted_unflagged(0usize, __bt_observer);
        }
    }
    #[inline]
    fn __bt_tick_1<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = self
            .__bt_tick_2(__bt_ctx, __bt_observer);
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(0usize)),
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
        if self.__bt_active.get(0usize) {
            self.__bt_halt_2(__bt_ctx, __bt_observer);
            ::bt::__private::halted(
                self.__bt_active.flag(0usize),
                1usize,
                __bt_observer,
            );
        }
    }
    #[inline]
    fn __bt_tick_2<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            let __bt_running: bool = self.__bt_active.get(1usize);
            ::bt::__private::stateful::<
                World,
                Attack,
            >(
                &mut self.__bt_leaf_2,
                __bt_ctx,
                ::bt::__private::StatefulCall::Tick {
                    running: __bt_running,
                },
            )
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(1usize)),
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
        if self.__bt_active.get(1usize) {
            let _ = ::bt::__private::stateful::<
                World,
                Attack,
            >(&mut self.__bt_leaf_2, __bt_ctx, ::bt::__private::StatefulCall::Halt);
            ::bt::__private::halted(
                self.__bt_active.flag(1usize),
                2usize,
                __bt_observer,
            );
        }
    }
    #[inline]
    fn __bt_tick_3<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            {
                let mut __bt_step: ::bt::__private::Step = self
                    .__bt_state_3
                    .start(
                        &[
                            ::bt::__private::utility(&self.__bt_bb, |bb| bb.hunger),
                            ::core::convert::identity::<::core::primitive::f32>(0.3),
                        ],
                    );
                loop {
                    let __bt_event = match __bt_step {
                        ::bt::__private::Step::Tick(__bt_child) => {
                            ::bt::__private::Event::Child(
                                __bt_child,
                                match __bt_child {
                                    0usize => self.__bt_tick_4(__bt_ctx, __bt_observer),
                                    _ => self.__bt_tick_6(__bt_ctx, __bt_observer),
                                },
                            )
                        }
                        ::bt::__private::Step::Halt(__bt_child) => {
                            match __bt_child {
                                0usize => {
                                    self.__bt_halt_4(__bt_ctx, __bt_observer);
                                }
                                1usize => {
                                    self.__bt_halt_6(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            ::bt::__private::Event::Halted(__bt_child)
                        }
                        ::bt::__private::Step::Return(__bt_status) => break __bt_status,
                    };
                    __bt_step = self.__bt_state_3.next(__bt_event);
                }
            }
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(2usize)),
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
        if self.__bt_active.get(2usize) {
            let _ = {
                let mut __bt_step: ::bt::__private::Step = self.__bt_state_3.halt();
                loop {
                    let __bt_event = match __bt_step {
                        ::bt::__private::Step::Tick(__bt_child) => {
                            ::bt::__private::Event::Child(
                                __bt_child,
                                match __bt_child {
                                    0usize => self.__bt_tick_4(__bt_ctx, __bt_observer),
                                    _ => self.__bt_tick_6(__bt_ctx, __bt_observer),
                                },
                            )
                        }
                        ::bt::__private::Step::Halt(__bt_child) => {
                            match __bt_child {
                                0usize => {
                                    self.__bt_halt_4(__bt_ctx, __bt_observer);
                                }
                                1usize => {
                                    self.__bt_halt_6(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            ::bt::__private::Event::Halted(__bt_child)
                        }
                        ::bt::__private::Step::Return(__bt_status) => break __bt_status,
                    };
                    __bt_step = self.__bt_state_3.next(__bt_event);
                }
            };
            ::bt::__private::halted(
                self.__bt_active.flag(2usize),
                3usize,
                __bt_observer,
            );
        }
    }
    #[inline]
    fn __bt_tick_4<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            let __bt_now = ::bt::__private::now::<World>(__bt_ctx);
            match self
                .__bt_state_4
                .start(
                    __bt_now,
                    ::bt::__private::ms(500u64),
                    ::bt::__private::Status::Skipped,
                )
            {
                ::core::option::Option::Some(__bt_status) => __bt_status,
                ::core::option::Option::None => {
                    let __bt_child_status = self.__bt_tick_5(__bt_ctx, __bt_observer);
                    self.__bt_state_4.on_child(__bt_child_status, __bt_now)
                }
            }
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(3usize)),
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
        if self.__bt_active.get(3usize) {
            self.__bt_halt_5(__bt_ctx, __bt_observer);
            ::bt::__private::halted(
                self.__bt_active.flag(3usize),
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
            let __bt_running: bool = self.__bt_active.get(4usize);
            ::bt::__private::stateful::<
                World,
                Eat,
            >(
                &mut self.__bt_leaf_5,
                __bt_ctx,
                ::bt::__private::StatefulCall::Tick {
                    running: __bt_running,
                },
            )
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(4usize)),
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
        if self.__bt_active.get(4usize) {
            let _ = ::bt::__private::stateful::<
                World,
                Eat,
            >(&mut self.__bt_leaf_5, __bt_ctx, ::bt::__private::StatefulCall::Halt);
            ::bt::__private::halted(
                self.__bt_active.flag(4usize),
                5usize,
                __bt_observer,
            );
        }
    }
    /// A tree at rest whose random nodes draw from a generator seeded with `seed` (`new()`
    /// seeds it with `bt::SmallRng::DEFAULT_SEED`): the same seed and the same ticks give
    /// the same choices.
    pub fn seeded(seed: ::core::primitive::u64) -> Self {
        let mut tree = Self::new();
        tree.__bt_rng = ::bt::__private::SmallRng::seed(seed);
        tree
    }
    /// Seeds the generator the random nodes draw from again; nothing else changes.
    pub fn reseed(&mut self, seed: ::core::primitive::u64) {
        self.__bt_rng = ::bt::__private::SmallRng::seed(seed);
    }
    #[inline]
    fn __bt_tick_6<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            let __bt_weights: [::core::primitive::f32; 2usize] = [
                2.0,
                ::bt::__private::utility(&self.__bt_bb, |bb| 1.0 - bb.hunger),
            ];
            let __bt_fail: ::core::primitive::f32 = 0.0;
            {
                let mut __bt_step: ::bt::__private::Step = self
                    .__bt_state_6
                    .start(&__bt_weights, __bt_fail, &mut self.__bt_rng);
                loop {
                    let __bt_event = match __bt_step {
                        ::bt::__private::Step::Tick(__bt_child) => {
                            ::bt::__private::Event::Child(
                                __bt_child,
                                match __bt_child {
                                    0usize => self.__bt_tick_7(__bt_ctx, __bt_observer),
                                    _ => self.__bt_tick_8(__bt_ctx, __bt_observer),
                                },
                            )
                        }
                        ::bt::__private::Step::Halt(__bt_child) => {
                            match __bt_child {
                                0usize => {
                                    self.__bt_halt_7(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            ::bt::__private::Event::Halted(__bt_child)
                        }
                        ::bt::__private::Step::Return(__bt_status) => break __bt_status,
                    };
                    __bt_step = self
                        .__bt_state_6
                        .next(__bt_event, &__bt_weights, __bt_fail);
                }
            }
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(5usize)),
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
        if self.__bt_active.get(5usize) {
            let _ = {
                let mut __bt_step: ::bt::__private::Step = self.__bt_state_6.halt();
                loop {
                    let __bt_event = match __bt_step {
                        ::bt::__private::Step::Tick(__bt_child) => {
                            ::bt::__private::Event::Child(
                                __bt_child,
                                match __bt_child {
                                    0usize => self.__bt_tick_7(__bt_ctx, __bt_observer),
                                    _ => self.__bt_tick_8(__bt_ctx, __bt_observer),
                                },
                            )
                        }
                        ::bt::__private::Step::Halt(__bt_child) => {
                            match __bt_child {
                                0usize => {
                                    self.__bt_halt_7(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            ::bt::__private::Event::Halted(__bt_child)
                        }
                        ::bt::__private::Step::Return(__bt_status) => break __bt_status,
                    };
                    __bt_step = self.__bt_state_6.next(__bt_event, &[], 0.0);
                }
            };
            ::bt::__private::halted(
                self.__bt_active.flag(5usize),
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
        let __bt_status: ::bt::__private::Status = {
            let __bt_running: bool = self.__bt_active.get(6usize);
            ::bt::__private::stateful::<
                World,
                Wander,
            >(
                &mut self.__bt_leaf_7,
                __bt_ctx,
                ::bt::__private::StatefulCall::Tick {
                    running: __bt_running,
                },
            )
        };
        ::bt::__private::finish(
            ::core::option::Option::Some(self.__bt_active.flag(6usize)),
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
        if self.__bt_active.get(6usize) {
            let _ = ::bt::__private::stateful::<
                World,
                Wander,
            >(&mut self.__bt_leaf_7, __bt_ctx, ::bt::__private::StatefulCall::Halt);
            ::bt::__private::halted(
                self.__bt_active.flag(6usize),
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
        let __bt_status: ::bt::__private::Status = ::bt::__private::execute::<
            World,
            Idle,
        >(&mut self.__bt_leaf_8, __bt_ctx);
        ::bt::__private::finish(
            ::core::option::Option::None,
            8usize,
            __bt_status,
            __bt_observer,
        )
    }
}
impl ::core::default::Default for Canvas {
    fn default() -> Self {
        Self::new()
    }
}
impl ::bt::__private::BehaviorTree for Canvas {
    type Context = World;
    type Blackboard = CanvasBlackboard;
    const NODES: &'static [::bt::__private::NodeInfo] = Canvas::NODES;
    #[inline]
    fn tick_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        Canvas::tick_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn halt_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        Canvas::halt_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
        Canvas::status(self)
    }
    #[inline]
    fn blackboard(&self) -> &CanvasBlackboard {
        Canvas::blackboard(self)
    }
    #[inline]
    fn blackboard_mut(&mut self) -> &mut CanvasBlackboard {
        Canvas::blackboard_mut(self)
    }
}
#[allow(unused_variables)]
impl ::bt::__private::Subtree<World> for Canvas {
    const __NODE_COUNT: ::core::primitive::usize = Canvas::NODE_COUNT;
    const __NODES: &'static [::bt::__private::NodeInfo] = Canvas::NODES;
    #[inline]
    fn __new() -> Self {
        Canvas::new()
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
        <Attack>::__BT_PORTS
    },
    &[],
);
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <Eat>::__BT_PORTS
    },
    &[],
);
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <Wander>::__BT_PORTS
    },
    &[],
);
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <Idle>::__BT_PORTS
    },
    &[],
);
