// The expansion of `resume.tree`: `BT_BLESS=1 cargo test -p bt-macros snapshots` rewrites it.
/// A memory tree whose deep stateful leaves a tick resumes directly.
struct Errands {
    __bt_state_0: ::bt::__private::Sequence<
        ::core::primitive::u8,
        ::bt::__private::NoSkips,
    >,
    __bt_state_1: ::bt::__private::Fallback<::core::primitive::u8>,
    __bt_leaf_2: Fetch,
    __bt_leaf_4: Search,
    __bt_state_5: ::bt::__private::Sequence<
        ::core::primitive::u8,
        ::bt::__private::NoSkips,
    >,
    __bt_state_6: ::bt::__private::Repeat<::core::primitive::u8>,
    __bt_leaf_7: Deliver,
    __bt_leaf_8: IsHome,
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
impl Errands {
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
            name: "Fallback",
            kind: "Fallback",
            category: ::bt::__private::NodeCategory::Control,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Fetch",
            kind: "StatefulAction",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(1usize),
            depth: 2usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Fetch>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Fetch"),
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Inverter",
            kind: "Inverter",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(1usize),
            depth: 2usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Search",
            kind: "StatefulAction",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(3usize),
            depth: 3usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Search>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Search"),
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Sequence",
            kind: "Sequence",
            category: ::bt::__private::NodeCategory::Control,
            parent: ::core::option::Option::Some(0usize),
            depth: 1usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "Repeat",
            kind: "Repeat",
            category: ::bt::__private::NodeCategory::Decorator,
            parent: ::core::option::Option::Some(5usize),
            depth: 2usize,
            ports: &[],
            leaf_type: ::core::option::Option::None,
            params: &[("num_cycles", "2")],
        },
        ::bt::__private::NodeInfo {
            name: "Deliver",
            kind: "StatefulAction",
            category: ::bt::__private::NodeCategory::Action,
            parent: ::core::option::Option::Some(6usize),
            depth: 3usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <Deliver>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("Deliver"),
            params: &[],
        },
        ::bt::__private::NodeInfo {
            name: "IsHome",
            kind: "Condition",
            category: ::bt::__private::NodeCategory::Condition,
            parent: ::core::option::Option::Some(5usize),
            depth: 2usize,
            ports: {
                #[allow(unused_imports)]
                use ::bt::__private::NoPorts as _;
                <IsHome>::__BT_PORTS
            },
            leaf_type: ::core::option::Option::Some("IsHome"),
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
        ::bt::__private::export::xml("Errands", Self::NODES)
    }
    /// A tree at rest: nothing running, every leaf built.
    pub fn new() -> Self {
        Self {
            __bt_state_0: <::bt::__private::Sequence<
                ::core::primitive::u8,
                ::bt::__private::NoSkips,
            >>::new(),
            __bt_state_1: <::bt::__private::Fallback<::core::primitive::u8>>::new(),
            __bt_leaf_2: <Fetch as ::core::default::Default>::default(),
            __bt_leaf_4: <Search as ::core::default::Default>::default(),
            __bt_state_5: <::bt::__private::Sequence<
                ::core::primitive::u8,
                ::bt::__private::NoSkips,
            >>::new(),
            __bt_state_6: <::bt::__private::Repeat<::core::primitive::u8>>::new(),
            __bt_leaf_7: <Deliver as ::core::default::Default>::default(),
            __bt_leaf_8: <IsHome as ::core::default::Default>::default(),
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
                    match self.__bt_resume_2(__bt_ctx, __bt_observer) {
                        ::bt::__private::Status::Running => {
                            ::bt::__private::still_running(1usize, __bt_observer);
                            ::bt::__private::still_running(0usize, __bt_observer);
                            return ::bt::__private::Status::Running;
                        }
                        __bt_finished => self.__bt_resume.hand_over(__bt_finished),
                    }
                }
                2 => {
                    match self.__bt_resume_4(__bt_ctx, __bt_observer) {
                        ::bt::__private::Status::Running => {
                            ::bt::__private::still_running(3usize, __bt_observer);
                            ::bt::__private::still_running(1usize, __bt_observer);
                            ::bt::__private::still_running(0usize, __bt_observer);
                            return ::bt::__private::Status::Running;
                        }
                        __bt_finished => self.__bt_resume.hand_over(__bt_finished),
                    }
                }
                3 => {
                    match self.__bt_resume_7(__bt_ctx, __bt_observer) {
                        ::bt::__private::Status::Running => {
                            ::bt::__private::still_running(6usize, __bt_observer);
                            ::bt::__private::still_running(5usize, __bt_observer);
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
        self.__bt_state_6.halt();
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
                                1usize => {
                                    self.__bt_halt_5(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                {
                    let __bt_child_status = self
                        .__bt_tick_5(
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
                                    self.__bt_halt_5(__bt_ctx, __bt_observer);
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
                        self.__bt_halt_5(__bt_ctx, __bt_observer);
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
            let __bt_was_running: ::core::primitive::bool = __bt_resumed;
            let mut __bt_child: ::core::primitive::usize = self.__bt_state_1.start();
            let __bt_first: ::core::primitive::usize = __bt_child;
            loop {
                if __bt_child == 0usize {
                    let __bt_child_status = {
                        let __bt_leaf_status = match self.__bt_resume.take_handed() {
                            ::core::option::Option::Some(__bt_handed) => __bt_handed,
                            ::core::option::Option::None => {
                                self.__bt_tick_2(__bt_ctx, __bt_observer)
                            }
                        };
                        self.__bt_resume.ticked(1, __bt_leaf_status)
                    };
                    match self.__bt_state_1.on_child(0usize, __bt_child_status, 2usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                0usize => {
                                    self.__bt_halt_2(__bt_ctx, __bt_observer);
                                }
                                1usize => {
                                    self.__bt_halt_3(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                {
                    let __bt_child_status = self
                        .__bt_tick_3(
                            __bt_ctx,
                            __bt_observer,
                            __bt_was_running && __bt_first == 1usize,
                        );
                    match self.__bt_state_1.on_child(1usize, __bt_child_status, 2usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                0usize => {
                                    self.__bt_halt_2(__bt_ctx, __bt_observer);
                                }
                                1usize => {
                                    self.__bt_halt_3(__bt_ctx, __bt_observer);
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
                0usize => {
                    self.__bt_halt_2(__bt_ctx, __bt_observer);
                }
                1usize => {
                    self.__bt_halt_3(__bt_ctx, __bt_observer);
                }
                _ => {}
            }
        }
        ::bt::__private::halted_unflagged(1usize, __bt_observer);
    }
    #[inline]
    fn __bt_resume_2<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::stateful::<
            World,
            Fetch,
        >(
            &mut self.__bt_leaf_2,
            __bt_ctx,
            ::bt::__private::StatefulCall::Tick {
                running: true,
            },
        );
        ::bt::__private::finish(
            ::core::option::Option::None,
            2usize,
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
            let __bt_running: bool = self.__bt_resume.is(1);
            ::bt::__private::stateful::<
                World,
                Fetch,
            >(
                &mut self.__bt_leaf_2,
                __bt_ctx,
                ::bt::__private::StatefulCall::Tick {
                    running: __bt_running,
                },
            )
        };
        ::bt::__private::finish(
            ::core::option::Option::None,
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
        if self.__bt_resume.is(1) {
            let _ = ::bt::__private::stateful::<
                World,
                Fetch,
            >(&mut self.__bt_leaf_2, __bt_ctx, ::bt::__private::StatefulCall::Halt);
            self.__bt_resume.halted();
            ::bt::__private::halted_unflagged(2usize, __bt_observer);
        }
    }
    #[inline]
    fn __bt_tick_3<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
        __bt_resumed: ::core::primitive::bool,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::inverter({
            let __bt_leaf_status = match self.__bt_resume.take_handed() {
                ::core::option::Option::Some(__bt_handed) => __bt_handed,
                ::core::option::Option::None => self.__bt_tick_4(__bt_ctx, __bt_observer),
            };
            self.__bt_resume.ticked(2, __bt_leaf_status)
        });
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
        self.__bt_halt_4(__bt_ctx, __bt_observer);
        ::bt::__private::halted_unflagged(3usize, __bt_observer);
    }
    #[inline]
    fn __bt_resume_4<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::stateful::<
            World,
            Search,
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
            let __bt_running: bool = self.__bt_resume.is(2);
            ::bt::__private::stateful::<
                World,
                Search,
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
        if self.__bt_resume.is(2) {
            let _ = ::bt::__private::stateful::<
                World,
                Search,
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
        __bt_resumed: ::core::primitive::bool,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            let __bt_was_running: ::core::primitive::bool = __bt_resumed;
            let mut __bt_child: ::core::primitive::usize = self.__bt_state_5.start();
            let __bt_first: ::core::primitive::usize = __bt_child;
            loop {
                if __bt_child == 0usize {
                    let __bt_child_status = self
                        .__bt_tick_6(
                            __bt_ctx,
                            __bt_observer,
                            __bt_was_running && __bt_first == 0usize,
                        );
                    match self.__bt_state_5.on_child(0usize, __bt_child_status, 2usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                0usize => {
                                    self.__bt_halt_6(__bt_ctx, __bt_observer);
                                }
                                _ => {}
                            }
                            break __bt_status;
                        }
                    }
                }
                {
                    let __bt_child_status = self.__bt_tick_8(__bt_ctx, __bt_observer);
                    match self.__bt_state_5.on_child(1usize, __bt_child_status, 2usize) {
                        ::bt::__private::Flow::Tick(__bt_next) => __bt_child = __bt_next,
                        ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                        ::bt::__private::Flow::HaltAndReturn {
                            halt: __bt_halt,
                            status: __bt_status,
                        } => {
                            match __bt_halt {
                                0usize => {
                                    self.__bt_halt_6(__bt_ctx, __bt_observer);
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
        if let ::core::option::Option::Some(__bt_running) = self.__bt_state_5.halt() {
            match __bt_running {
                0usize => {
                    self.__bt_halt_6(__bt_ctx, __bt_observer);
                }
                _ => {}
            }
        }
        ::bt::__private::halted_unflagged(5usize, __bt_observer);
    }
    #[inline]
    fn __bt_tick_6<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
        __bt_resumed: ::core::primitive::bool,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = {
            match self.__bt_state_6.start(::core::option::Option::Some(2usize)) {
                ::core::option::Option::Some(__bt_status) => __bt_status,
                ::core::option::Option::None => {
                    let __bt_child_status = {
                        let __bt_leaf_status = match self.__bt_resume.take_handed() {
                            ::core::option::Option::Some(__bt_handed) => __bt_handed,
                            ::core::option::Option::None => {
                                self.__bt_tick_7(__bt_ctx, __bt_observer)
                            }
                        };
                        self.__bt_resume.ticked(3, __bt_leaf_status)
                    };
                    self.__bt_state_6
                        .on_child(
                            __bt_child_status,
                            ::core::option::Option::Some(2usize),
                        )
                }
            }
        };
        ::bt::__private::finish(
            ::core::option::Option::None,
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
        self.__bt_halt_7(__bt_ctx, __bt_observer);
        self.__bt_state_6.halt();
        ::bt::__private::halted_unflagged(6usize, __bt_observer);
    }
    #[inline]
    fn __bt_resume_7<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::stateful::<
            World,
            Deliver,
        >(
            &mut self.__bt_leaf_7,
            __bt_ctx,
            ::bt::__private::StatefulCall::Tick {
                running: true,
            },
        );
        ::bt::__private::finish(
            ::core::option::Option::None,
            7usize,
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
        let __bt_status: ::bt::__private::Status = {
            let __bt_running: bool = self.__bt_resume.is(3);
            ::bt::__private::stateful::<
                World,
                Deliver,
            >(
                &mut self.__bt_leaf_7,
                __bt_ctx,
                ::bt::__private::StatefulCall::Tick {
                    running: __bt_running,
                },
            )
        };
        ::bt::__private::finish(
            ::core::option::Option::None,
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
        if self.__bt_resume.is(3) {
            let _ = ::bt::__private::stateful::<
                World,
                Deliver,
            >(&mut self.__bt_leaf_7, __bt_ctx, ::bt::__private::StatefulCall::Halt);
            self.__bt_resume.halted();
            ::bt::__private::halted_unflagged(7usize, __bt_observer);
        }
    }
    #[inline]
    fn __bt_tick_8<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        let __bt_status: ::bt::__private::Status = ::bt::__private::check::<
            World,
            IsHome,
        >(&mut self.__bt_leaf_8, __bt_ctx);
        ::bt::__private::finish(
            ::core::option::Option::None,
            8usize,
            __bt_status,
            __bt_observer,
        )
    }
}
impl ::core::default::Default for Errands {
    fn default() -> Self {
        Self::new()
    }
}
impl ::bt::__private::BehaviorTree for Errands {
    type Context = World;
    type Blackboard = ();
    const NODES: &'static [::bt::__private::NodeInfo] = Errands::NODES;
    #[inline]
    fn tick_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) -> ::bt::__private::Status {
        Errands::tick_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn halt_with<__BtO: ::bt::__private::Observer>(
        &mut self,
        __bt_ctx: &mut World,
        __bt_observer: &mut __BtO,
    ) {
        Errands::halt_with(self, __bt_ctx, __bt_observer)
    }
    #[inline]
    fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
        Errands::status(self)
    }
    #[inline]
    fn blackboard(&self) -> &() {
        Errands::blackboard(self)
    }
    #[inline]
    fn blackboard_mut(&mut self) -> &mut () {
        Errands::blackboard_mut(self)
    }
}
#[allow(unused_variables)]
impl ::bt::__private::Subtree<World> for Errands {
    const __NODE_COUNT: ::core::primitive::usize = Errands::NODE_COUNT;
    const __NODES: &'static [::bt::__private::NodeInfo] = Errands::NODES;
    #[inline]
    fn __new() -> Self {
        Errands::new()
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
        <Fetch>::__BT_PORTS
    },
    &[],
);
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <Search>::__BT_PORTS
    },
    &[],
);
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <Deliver>::__BT_PORTS
    },
    &[],
);
const _: () = ::bt::__private::check_required(
    {
        #[allow(unused_imports)]
        use ::bt::__private::NoPorts as _;
        <IsHome>::__BT_PORTS
    },
    &[],
);
