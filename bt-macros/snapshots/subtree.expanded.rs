// The expansion of `subtree.tree`: `BT_BLESS=1 cargo test -p bt-macros snapshots` rewrites it.
///The blackboard of [`Mission`]: one field per entry.
struct MissionBlackboard {
    pub goal: (i32, i32),
    pub speed: f32,
}
impl MissionBlackboard {
    /// Every entry at its initial value.
    pub fn new() -> Self {
        Self {
            goal: <(i32, i32) as ::core::default::Default>::default(),
            speed: 1.5,
        }
    }
}
impl ::core::default::Default for MissionBlackboard {
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
> for MissionBlackboard {
    type Entry = (i32, i32);
    #[inline(always)]
    fn entry(&mut self) -> &mut (i32, i32) {
        &mut self.goal
    }
}
impl ::bt::__private::HasEntry<
    (
        ::bt::__private::C<'s'>,
        ::bt::__private::C<'p'>,
        ::bt::__private::C<'e'>,
        ::bt::__private::C<'e'>,
        ::bt::__private::C<'d'>,
    ),
> for MissionBlackboard {
    type Entry = f32;
    #[inline(always)]
    fn entry(&mut self) -> &mut f32 {
        &mut self.speed
    }
}
/// Marker types named after the blackboard's entries (`bt_core::subtree::EntryKey`).
#[doc(hidden)]
#[allow(non_snake_case, non_camel_case_types, dead_code)]
pub mod __bt_entries_MissionBlackboard {
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
    pub struct speed;
    impl ::bt::__private::EntryKey for speed {
        type Key = (
            ::bt::__private::C<'s'>,
            ::bt::__private::C<'p'>,
            ::bt::__private::C<'e'>,
            ::bt::__private::C<'e'>,
            ::bt::__private::C<'d'>,
        );
    }
}
impl<__BtP> ::bt::__private::AutoRemap<__BtP> for MissionBlackboard
where
    __BtP: ::bt::__private::HasNamedEntry<__bt_entries_MissionBlackboard::goal>,
    <__BtP as ::bt::__private::HasNamedEntry<
        __bt_entries_MissionBlackboard::goal,
    >>::Entry: ::bt::__private::SameEntry<(i32, i32)>,
    __BtP: ::bt::__private::HasNamedEntry<__bt_entries_MissionBlackboard::speed>,
    <__BtP as ::bt::__private::HasNamedEntry<
        __bt_entries_MissionBlackboard::speed,
    >>::Entry: ::bt::__private::SameEntry<f32>,
{
    #[inline(always)]
    fn trade_all(&mut self, __bt_parent: &mut __BtP) {
        ::bt::__private::SameEntry::trade(
            ::bt::__private::HasNamedEntry::<
                __bt_entries_MissionBlackboard::goal,
            >::entry(__bt_parent),
            &mut self.goal,
        );
        ::bt::__private::SameEntry::trade(
            ::bt::__private::HasNamedEntry::<
                __bt_entries_MissionBlackboard::speed,
            >::entry(__bt_parent),
            &mut self.speed,
        );
    }
}
/// Two subtrees: one with explicit remaps and an initial value, one sharing every entry by name.
struct Mission {
    __bt_state_0: ::bt::__private::SequenceWithMemory<::core::primitive::u8>,
    __bt_leaf_1: Drive,
    __bt_leaf_2: Patrol,
    __bt_bb: MissionBlackboard,
    __bt_active: ::bt::__private::BoolFlags<0usize>,
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
impl Mission {
    /// Number of nodes in the tree (ids are `0..NODE_COUNT`, in pre-order).
    pub const NODE_COUNT: ::core::primitive::usize = Self::NODES.len();
    /// Metadata of every node, indexed by node id.
    pub const NODES: &'static [::bt::__private::NodeInfo] = &{
        let mut __bt_nodes = [::bt::__private::NO_NODE; (3usize
            + <Drive as ::bt::__private::Subtree<World>>::__NODE_COUNT
            + <Patrol as ::bt::__private::Subtree<World>>::__NODE_COUNT)];
        __bt_nodes[0usize] = ::bt::__private::NodeInfo {
            name: "SequenceWithMemory",
            kind: "SequenceWithMemory",
            category: ::bt::__private::NodeCategory::Control,
            parent: ::core::option::Option::None,
            depth: 0usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        };
        __bt_nodes[1usize] = ::bt::__private::NodeInfo {
            name: "Drive",
            kind: "SubTree",
            category: ::bt::__private::NodeCategory::SubTree,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::Some("Drive"),
            params: &[("target", "{goal}"), ("speed", "{speed}"), ("gain", "0.5")],
        };
        __bt_nodes[(2usize
            + <Drive as ::bt::__private::Subtree<World>>::__NODE_COUNT)] = ::bt::__private::NodeInfo {
            name: "Patrol",
            kind: "SubTree",
            category: ::bt::__private::NodeCategory::SubTree,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::Some("Patrol"),
            params: &[("_autoremap", "true")],
        };
        __bt_nodes = ::bt::__private::splice(
            __bt_nodes,
            <Drive as ::bt::__private::Subtree<World>>::__NODES,
            1usize,
            1usize,
        );
        __bt_nodes = ::bt::__private::splice(
            __bt_nodes,
            <Patrol as ::bt::__private::Subtree<World>>::__NODES,
            (2usize + <Drive as ::bt::__private::Subtree<World>>::__NODE_COUNT),
            1usize,
        );
        __bt_nodes
    };
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
        ::bt::__private::export::xml("Mission", Self::NODES)
    }
    /// A tree at rest: nothing running, every leaf built.
    pub fn new() -> Self {
        Self {
            __bt_state_0: <::bt::__private::SequenceWithMemory<
                ::core::primitive::u8,
            >>::new(),
            __bt_leaf_1: {
                let mut __bt_child: Drive = <Drive as ::bt::__private::Subtree<
                    World,
                >>::__new();
                ::bt::__private::initial_entry::<
                    World,
                    Drive,
                    _,
                    _,
                >(0.5, &mut __bt_child, |__bt_of| &mut __bt_of.gain);
                __bt_child
            },
            __bt_leaf_2: {
                let mut __bt_child: Patrol = <Patrol as ::bt::__private::Subtree<
                    World,
                >>::__new();
                __bt_child
            },
            __bt_bb: <MissionBlackboard as ::core::default::Default>::default(),
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
        ::bt::__private::subtree::<
            World,
            Drive,
            _,
        >(
            &mut self.__bt_leaf_1,
            __bt_ctx,
            __bt_observer,
            1usize + 1,
            ::bt::__private::SubtreeCall::Reset,
        );
        ::bt::__private::subtree::<
            World,
            Patrol,
            _,
        >(
            &mut self.__bt_leaf_2,
            __bt_ctx,
            __bt_observer,
            (2usize + <Drive as ::bt::__private::Subtree<World>>::__NODE_COUNT) + 1,
            ::bt::__private::SubtreeCall::Reset,
        );
        self.__bt_status = ::core::option::Option::None;
    }
    /// The tree's blackboard.
    #[inline]
    pub fn blackboard(&self) -> &MissionBlackboard {
        &self.__bt_bb
    }
    /// The tree's blackboard, to change entries between ticks.
    #[inline]
    pub fn blackboard_mut(&mut self) -> &mut MissionBlackboard {
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
                    let __bt_child_status = self
                        .__bt_tick_2(
                            __bt_ctx,
                            __bt_observer,
                            __bt_was_running && __bt_first == 1usize,
                        );
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
                    0usize => {
                        self.__bt_halt_1(__bt_ctx, __bt_observer);
                    }
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
        __bt_resumed: ::core::primitive::bool,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            ::bt::__private::trade_entry::<
                World,
                Drive,
                _,
                _,
                _,
            >(
                &mut self.__bt_bb,
                &mut self.__bt_leaf_1,
                |__bt_of| &mut __bt_of.goal,
                |__bt_of| &mut __bt_of.target,
            );
            ::bt::__private::trade_entry::<
                World,
                Drive,
                _,
                _,
                _,
            >(
                &mut self.__bt_bb,
                &mut self.__bt_leaf_1,
                |__bt_of| &mut __bt_of.speed,
                |__bt_of| &mut __bt_of.speed,
            );
            let __bt_result = ::bt::__private::subtree::<
                World,
                Drive,
                _,
            >(
                &mut self.__bt_leaf_1,
                __bt_ctx,
                __bt_observer,
                1usize + 1,
                ::bt::__private::SubtreeCall::Tick,
            );
            ::bt::__private::trade_entry::<
                World,
                Drive,
                _,
                _,
                _,
            >(
                &mut self.__bt_bb,
                &mut self.__bt_leaf_1,
                |__bt_of| &mut __bt_of.goal,
                |__bt_of| &mut __bt_of.target,
            );
            ::bt::__private::trade_entry::<
                World,
                Drive,
                _,
                _,
                _,
            >(
                &mut self.__bt_bb,
                &mut self.__bt_leaf_1,
                |__bt_of| &mut __bt_of.speed,
                |__bt_of| &mut __bt_of.speed,
            );
            __bt_result
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
        ::bt::__private::trade_entry::<
            World,
            Drive,
            _,
            _,
            _,
        >(
            &mut self.__bt_bb,
            &mut self.__bt_leaf_1,
            |__bt_of| &mut __bt_of.goal,
            |__bt_of| &mut __bt_of.target,
        );
        ::bt::__private::trade_entry::<
            World,
            Drive,
            _,
            _,
            _,
        >(
            &mut self.__bt_bb,
            &mut self.__bt_leaf_1,
            |__bt_of| &mut __bt_of.speed,
            |__bt_of| &mut __bt_of.speed,
        );
        ::bt::__private::subtree::<
            World,
            Drive,
            _,
        >(
            &mut self.__bt_leaf_1,
            __bt_ctx,
            __bt_observer,
            1usize + 1,
            ::bt::__private::SubtreeCall::Halt,
        );
        ::bt::__private::trade_entry::<
            World,
            Drive,
            _,
            _,
            _,
        >(
            &mut self.__bt_bb,
            &mut self.__bt_leaf_1,
            |__bt_of| &mut __bt_of.goal,
            |__bt_of| &mut __bt_of.target,
        );
        ::bt::__private::trade_entry::<
            World,
            Drive,
            _,
            _,
            _,
        >(
            &mut self.__bt_bb,
            &mut self.__bt_leaf_1,
            |__bt_of| &mut __bt_of.speed,
            |__bt_of| &mut __bt_of.speed,
        );
        ::bt::__private::halted_unflagged(1usize, __bt_observer);
    }
    #[inline]
    fn __bt_tick_2<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
        __bt_resumed: ::core::primitive::bool,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            ::bt::__private::trade_all::<
                World,
                Patrol,
                MissionBlackboard,
            >(
                ::core::convert::identity(&mut self.__bt_bb),
                ::core::convert::identity(&mut self.__bt_leaf_2),
            );
            let __bt_result = ::bt::__private::subtree::<
                World,
                Patrol,
                _,
            >(
                &mut self.__bt_leaf_2,
                __bt_ctx,
                __bt_observer,
                (2usize + <Drive as ::bt::__private::Subtree<World>>::__NODE_COUNT) + 1,
                ::bt::__private::SubtreeCall::Tick,
            );
            ::bt::__private::trade_all::<
                World,
                Patrol,
                MissionBlackboard,
            >(
                ::core::convert::identity(&mut self.__bt_bb),
                ::core::convert::identity(&mut self.__bt_leaf_2),
            );
            __bt_result
        };
        ::bt::__private::finish(
            ::core::option::Option::None,
            (2usize + <Drive as ::bt::__private::Subtree<World>>::__NODE_COUNT),
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
        ::bt::__private::trade_all::<
            World,
            Patrol,
            MissionBlackboard,
        >(
            ::core::convert::identity(&mut self.__bt_bb),
            ::core::convert::identity(&mut self.__bt_leaf_2),
        );
        ::bt::__private::subtree::<
            World,
            Patrol,
            _,
        >(
            &mut self.__bt_leaf_2,
            __bt_ctx,
            __bt_observer,
            (2usize + <Drive as ::bt::__private::Subtree<World>>::__NODE_COUNT) + 1,
            ::bt::__private::SubtreeCall::Halt,
        );
        ::bt::__private::trade_all::<
            World,
            Patrol,
            MissionBlackboard,
        >(
            ::core::convert::identity(&mut self.__bt_bb),
            ::core::convert::identity(&mut self.__bt_leaf_2),
        );
        ::bt::__private::halted_unflagged(
            (2usize + <Drive as ::bt::__private::Subtree<World>>::__NODE_COUNT),
            __bt_observer,
        );
    }
}
impl ::core::default::Default for Mission {
    fn default() -> Self {
        Self::new()
    }
}
impl ::bt::__private::BehaviorTree for Mission {
    type Context = World;
    type Blackboard = MissionBlackboard;
    const NODES: &'static [::bt::__private::NodeInfo] = Mission::NODES;
    #[inline]
    fn tick_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        Mission::tick_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn halt_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        Mission::halt_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
        Mission::status(self)
    }
    #[inline]
    fn blackboard(&self) -> &MissionBlackboard {
        Mission::blackboard(self)
    }
    #[inline]
    fn blackboard_mut(&mut self) -> &mut MissionBlackboard {
        Mission::blackboard_mut(self)
    }
}
#[allow(unused_variables)]
impl ::bt::__private::Subtree<World> for Mission {
    const __NODE_COUNT: ::core::primitive::usize = Mission::NODE_COUNT;
    const __NODES: &'static [::bt::__private::NodeInfo] = Mission::NODES;
    #[inline]
    fn __new() -> Self {
        Mission::new()
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
