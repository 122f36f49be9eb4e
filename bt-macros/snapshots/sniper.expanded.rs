// The expansion of `sniper.tree`: `BT_BLESS=1 cargo test -p bt-macros snapshots` rewrites it.
/// The sniper: the core composites and the three leaf traits, typed and inline.
pub struct Sniper {
    __bt_state_0: ::bt::__private::Fallback<
        ::core::primitive::u8,
        ::bt::__private::NoSkips,
    >,
    __bt_state_1: ::bt::__private::Sequence<
        ::core::primitive::u8,
        ::bt::__private::NoSkips,
    >,
    __bt_leaf_2: IsEnemyVisible,
    __bt_leaf_4: AimAtEnemy,
    __bt_leaf_5: Shoot,
    __bt_resume: ::bt::__private::Resume<::core::primitive::u8>,
    __bt_bb: (),
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
            name: "Condition",
            kind: "Condition",
            category: ::bt::__private::NodeCategory::Condition,
            parent: ::core::option::Option::Some(1usize),
            depth: 2usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
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
            name: "Action",
            kind: "Action",
            category: ::bt::__private::NodeCategory::Action,
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
            __bt_leaf_4: <AimAtEnemy as ::core::default::Default>::default(),
            __bt_leaf_5: Shoot::with_rounds(1),
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
        let __bt_status: ::bt::__private::Status = ::bt::__private::check_inline::<
            World,
        >(__bt_ctx, |world| world.rounds > 0);
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
        let __bt_status: ::bt::__private::Status = ::bt::__private::execute_inline::<
            World,
            _,
        >(
            __bt_ctx,
            |world| {
                world.waypoint += 1;
                true
            },
        );
        ::bt::__private::finish(
            ::core::option::Option::None,
            6usize,
            __bt_status,
            __bt_observer,
        )
    }
}
impl ::core::default::Default for Sniper {
    fn default() -> Self {
        Self::new()
    }
}
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
        <AimAtEnemy>::__BT_PORTS
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
