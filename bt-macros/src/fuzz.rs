//! Shared by the never-panics tests of the tree macro and the `Ports` derive: random edits of a
//! valid input, reproducible from a seed.
#![cfg(test)]

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::quote;

/// `(BT_FUZZ_CASES, BT_FUZZ_SEED)`, defaulting to 3,000 cases from seed 1.
pub fn settings() -> (usize, u64) {
    let var = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|value| value.parse().ok())
    };
    (
        var("BT_FUZZ_CASES").unwrap_or(3_000) as usize,
        var("BT_FUZZ_SEED").unwrap_or(1),
    )
}

/// Feeds `cases` mutations of `base` to `front_end`; fails on the first panic, printing the input.
pub fn never_panics(
    base: &str,
    cases: usize,
    seed: u64,
    front_end: fn(TokenStream) -> TokenStream,
) {
    let pool = fragment_pool();
    let base: TokenStream = base.parse().unwrap();
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for case in 0..cases {
        let mut input = base.clone();
        for _ in 0..1 + rng.below(4) {
            input = mutate(input, &mut rng, &pool);
        }
        let shown = input.to_string();
        let result = std::panic::catch_unwind(|| front_end(input));
        assert!(
            result.is_ok(),
            "case {case} (seed {seed}) panicked on: {shown}"
        );
    }
}

/// A small deterministic generator (xorshift), so failures reproduce from the seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Rebuilds `stream` with one random edit at a random depth: a token deleted, duplicated,
/// swapped with its neighbour, or replaced by a token taken from a pool of DSL fragments.
fn mutate(stream: TokenStream, rng: &mut Rng, pool: &[TokenTree]) -> TokenStream {
    let mut tokens: Vec<TokenTree> = stream.into_iter().collect();
    if tokens.is_empty() {
        return pool[rng.below(pool.len())].clone().into();
    }
    let at = rng.below(tokens.len());
    let descend = matches!(tokens[at], TokenTree::Group(_)) && rng.below(3) != 0;
    if descend {
        if let TokenTree::Group(group) = &tokens[at] {
            let inner = mutate(group.stream(), rng, pool);
            let mut rebuilt = Group::new(group.delimiter(), inner);
            rebuilt.set_span(group.span());
            tokens[at] = TokenTree::Group(rebuilt);
        }
    } else {
        match rng.below(4) {
            0 => {
                tokens.remove(at);
            }
            1 => {
                let copy = tokens[at].clone();
                tokens.insert(at, copy);
            }
            2 if at + 1 < tokens.len() => tokens.swap(at, at + 1),
            _ => tokens[at] = pool[rng.below(pool.len())].clone(),
        }
    }
    tokens.into_iter().collect()
}

fn fragment_pool() -> Vec<TokenTree> {
    let fragments = quote! {
        Sequence Fallback Inverter Repeat Condition Action StatefulAction RunOnce
        AlwaysSuccess forever then_skip name tree for , ; = - | # 0 1 255 256 -1 "x"
        (3) (forever) (then_skip = false) (|w| w.x) (T = T::new()) {} { AlwaysSuccess }
        [name = "a"] [name] ::
        blackboard SubTree SetBlackboard UnsetBlackboard Script ScriptCondition WasEntryUpdated
        SkipUnlessUpdated WaitValueUpdate tracked skip_if post x .. {=} {x} {x y}
        (x = {y}) (Child, ..) (Child, x = {=}, y = 2) (|bb| bb.x) [tracked] [skip_if(|bb| bb.x)]
        { x: u32 = 1, #[tracked] y: bool } (x) (x = 3) (P, port = {x})
    };
    let mut pool: Vec<TokenTree> = fragments.into_iter().collect();
    pool.push(TokenTree::Group(Group::new(
        Delimiter::Brace,
        TokenStream::new(),
    )));
    pool
}
