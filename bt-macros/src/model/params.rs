//! A kind's parameters, read by name: each read finds the parameter in the kind's list in the
//! kinds table (its form and default live there, nowhere else), takes the value written, or
//! else the default. Reading a name the kind does not have, or as another form, is a bug of the
//! macro crate: `kinds::tests` lowers every kind from its usage and would fail.

use proc_macro2::Span;
use syn::{Expr, ExprClosure, Ident};

use crate::args::{Default, Param, ParamKind, ParamValue};
use crate::kinds::{KindSpec, Word, WordSet};

use super::{Limit, Quantity};

/// The values of one node's parameters, and the node's kind (defaults are spanned at it).
pub struct Params<'k> {
    list: &'static [Param],
    values: Vec<Option<ParamValue>>,
    kind: &'k Ident,
}

impl<'k> Params<'k> {
    /// The values read by `spec`'s grammar (`values` is empty for the grammars without
    /// parameters).
    pub fn new(spec: &KindSpec, kind: &'k Ident, values: Vec<Option<ParamValue>>) -> Self {
        let list = match spec.grammar {
            crate::args::Grammar::Params(list) => list,
            _ => &[],
        };
        Params { list, values, kind }
    }

    /// The parameter `name`: its value as written, else its default.
    fn take(&mut self, name: &str) -> (Option<ParamValue>, Default) {
        let index = self.list.iter().position(|param| param.name == name);
        debug_assert!(index.is_some(), "`{}` has no parameter `{name}`", self.kind);
        match index {
            Some(index) => (
                self.values.get_mut(index).and_then(Option::take),
                self.list[index].default,
            ),
            None => (None, Default::Absent),
        }
    }

    /// A whole number and where it is written (the node's kind for a default).
    pub fn int(&mut self, name: &str) -> Option<(i64, Span)> {
        match self.take(name) {
            (Some(ParamValue::Int(value, span)), _) => Some((value, span)),
            (_, Default::Int(value)) => Some((value, self.kind.span())),
            _ => None,
        }
    }

    pub fn bool(&mut self, name: &str) -> Option<bool> {
        match self.take(name) {
            (Some(ParamValue::Bool(value)), _) => Some(value),
            (_, Default::Bool(value)) => Some(value),
            _ => None,
        }
    }

    /// A word of the set `W`, or a status (a default spanned at the node's kind): the grammar
    /// and the default give the word's position in the parameter's set, which the table takes
    /// from `W`.
    pub fn word<W: WordSet>(&mut self, name: &str) -> Option<Word<W>> {
        debug_assert!(
            (self.list.iter()).any(|param| param.name == name
                && matches!(param.value, ParamKind::Word(words) | ParamKind::Status(words) if words == W::WORDS)),
            "`{}`'s parameter `{name}` is not a word of {:?}",
            self.kind,
            W::WORDS
        );
        let (value, span) = match self.take(name) {
            (Some(ParamValue::Word(index, span)), _) => (W::ALL[index], span),
            (_, Default::Word(words, index)) => {
                debug_assert_eq!(words, W::WORDS, "the default of `{}`'s `{name}`", self.kind);
                (W::ALL[index], self.kind.span())
            }
            _ => return None,
        };
        Some(Word { value, span })
    }

    pub fn duration(&mut self, name: &str) -> Option<Quantity> {
        match self.take(name) {
            (Some(ParamValue::Duration(value)), _) => Some(value),
            _ => None,
        }
    }

    /// A count: `Some(None)` is `forever`, `None` absent.
    pub fn count(&mut self, name: &str) -> Option<Limit> {
        match self.take(name) {
            (Some(ParamValue::Count(value)), _) => Some(value),
            _ => None,
        }
    }

    pub fn expr(&mut self, name: &str) -> Option<Box<Expr>> {
        match self.take(name) {
            (Some(ParamValue::Expr(expr)), _) => Some(expr),
            _ => None,
        }
    }

    pub fn entry(&mut self, name: &str) -> Option<Ident> {
        match self.take(name) {
            (Some(ParamValue::Entry(entry)), _) => Some(entry),
            _ => None,
        }
    }

    /// A closure over the blackboard.
    pub fn closure(&mut self, name: &str) -> Option<Box<ExprClosure>> {
        match self.take(name) {
            (Some(ParamValue::Closure(closure)), _) => Some(closure),
            _ => None,
        }
    }

    /// A closure over the context.
    pub fn context_closure(&mut self, name: &str) -> Option<Box<ExprClosure>> {
        match self.take(name) {
            (Some(ParamValue::ContextClosure(closure)), _) => Some(closure),
            _ => None,
        }
    }
}
