//! The import's view of **the one table** of BehaviorTree.CPP's XML vocabulary,
//! `bt_core::export::vocabulary`, which the export reads too: each BehaviorTree.CPP node the XML
//! front end translates (and NodeCanvas's `PrioritySelector`, read back as the export writes it,
//! its children's `score` with it: `translate.rs`), the DSL kind it becomes, and how the node's XML attributes become the
//! kind's arguments. Everything else in `crate::xml` is generic over these rows, so a DSL kind
//! becomes importable from XML with one row there (its arity, its rule and the defaults of
//! attributes left out come from `crate::kinds`). The tests here check the rows against
//! `crate::kinds`: placeholders, forms and defaults.

pub use bt_core::export::vocabulary::{
    attr, loop_item_type, row, Form, Row, CONDITIONS, NOT_YET, ROWS,
};

/// The DSL kind's parameter that the row's attribute `attribute` becomes, and its index in the
/// kind's parameters: by its name in the row's template (`success = $success_count`), or by its
/// position (`$msec`, `$queue`). `None` for a kind without a parameter list (`SetBlackboard`'s
/// `entry = value`), an attribute not in the template (a `Switch` case), or a template part that
/// names no parameter of the kind (a bug of the table, which its tests rule out).
pub fn kind_param(row: &Row, attribute: &str) -> Option<(usize, crate::args::Param)> {
    let crate::args::Grammar::Params(params) = crate::kinds::lookup(row.dsl)?.grammar else {
        return None;
    };
    let (position, part) = (row.args.split(',').map(str::trim).enumerate()).find(|(_, part)| {
        (part.strip_suffix(attribute)).is_some_and(|before| before.ends_with('$'))
    })?;
    match part.split_once('=') {
        Some((name, _)) => (params.iter().enumerate())
            .find(|(_, param)| param.name == name.trim())
            .map(|(index, param)| (index, *param)),
        None => params.get(position).map(|param| (position, *param)),
    }
}

#[cfg(test)]
mod tests {
    use super::{row, Form, Row, CONDITIONS, NOT_YET, ROWS};
    use crate::{kinds, kw};
    use bt_core::export::vocabulary::Param;

    #[test]
    fn every_row_names_a_dsl_kind_and_its_placeholders_are_params() {
        for row in ROWS {
            assert!(kinds::lookup(row.dsl).is_some(), "{}: no DSL kind", row.dsl);
            let placeholders: Vec<&str> = (row.args.split('$').skip(1))
                .map(|rest| {
                    let end = rest
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(rest.len());
                    &rest[..end]
                })
                .collect();
            // A case labels a child: it is not an argument.
            let mut params: Vec<&str> = (row.params.iter())
                .filter(|p| p.form != super::Form::Case)
                .map(|p| p.attribute)
                .collect();
            params.sort_unstable();
            let mut sorted = placeholders.clone();
            sorted.sort_unstable();
            assert_eq!(
                sorted, params,
                "{}: placeholders and params differ",
                row.xml
            );
        }
    }

    /// Every attribute of a row becomes a parameter of its DSL kind ([`super::kind_param`]),
    /// each a different one, except a `Switch`'s cases (labels of its children) and
    /// `SetBlackboard`'s two (`entry = value`): the emission never meets an attribute it cannot
    /// place.
    #[test]
    fn every_attribute_is_a_parameter() {
        for row in ROWS {
            let grammar = kinds::lookup(row.dsl).map(|spec| spec.grammar);
            let mut seen = Vec::new();
            for param in row.params.iter().filter(|p| p.form != Form::Case) {
                if grammar == Some(crate::args::Grammar::Assign) {
                    assert_eq!(row.args, "$output_key = $value", "{}", row.xml);
                    continue;
                }
                let found = super::kind_param(row, param.attribute);
                let Some((index, _)) = found else {
                    panic!(
                        "{}'s `{}` is no parameter of `{}`",
                        row.xml, param.attribute, row.dsl
                    );
                };
                assert!(
                    !seen.contains(&index),
                    "{}: two attributes, one parameter",
                    row.xml
                );
                seen.push(index);
            }
        }
    }

    /// The DSL kind's parameter that the row's attribute `param` becomes ([`kind_param`]).
    fn kind_param(row: &Row, param: &Param) -> Option<crate::args::Param> {
        super::kind_param(row, param.attribute).map(|(_, found)| found)
    }

    /// An attribute left out of the XML is left out of the DSL, so that the kind's default
    /// (`crate::kinds`) is the one used: the row's default, BehaviorTree.CPP's, must be that one.
    #[test]
    fn every_default_is_the_kinds() {
        use crate::args::Default;
        for row in ROWS {
            for param in row.params {
                let Some(default) = param.default else {
                    continue;
                };
                let kind_param = kind_param(row, param).unwrap_or_else(|| {
                    panic!(
                        "{}'s `{}`: a default, and no parameter of `{}`",
                        row.xml, param.attribute, row.dsl
                    )
                });
                let span = proc_macro2::Span::call_site();
                let xml = super::super::params::constant(param.form, default)
                    .map(|constant| constant.tokens(span).to_string());
                let dsl = match kind_param.default {
                    Default::Int(value) if value < 0 => format!("- {}", value.unsigned_abs()),
                    Default::Int(value) => value.to_string(),
                    Default::Bool(value) => value.to_string(),
                    Default::Word(words, index) => words[index].to_owned(),
                    Default::Required | Default::Absent => "no default".to_owned(),
                };
                assert_eq!(
                    xml,
                    Ok(dsl),
                    "{}'s `{}`: BehaviorTree.CPP's default is not `{}`'s `{}`'s",
                    row.xml,
                    param.attribute,
                    row.dsl,
                    kind_param.name
                );
            }
        }
    }

    /// Each attribute's form (how the XML's text is read) is one the DSL kind's parameter takes:
    /// the translation writes what the model reads.
    #[test]
    fn every_form_is_the_kinds() {
        use crate::args::ParamKind as P;
        for row in ROWS {
            for param in row.params {
                let Some(kind_param) = kind_param(row, param) else {
                    continue;
                };
                let fits = match param.form {
                    Form::Count => kind_param.value == P::Count,
                    Form::Millis => kind_param.value == P::Duration,
                    Form::Int => kind_param.value == P::Int,
                    Form::Bool => kind_param.value == P::Bool,
                    Form::Status => matches!(kind_param.value, P::Status(_)),
                    Form::Key | Form::TrackedKey | Form::Queue => kind_param.value == P::Entry,
                    Form::Script | Form::Condition => kind_param.value == P::Closure,
                    Form::Value | Form::Case => false,
                };
                assert!(
                    fits,
                    "{}'s `{}` is read as {:?}, and `{}`'s `{}` is {:?}",
                    row.xml,
                    param.attribute,
                    param.form,
                    row.dsl,
                    kind_param.name,
                    kind_param.value
                );
            }
        }
    }

    #[test]
    fn a_built_in_without_a_row_has_no_dsl_kind_yet() {
        for name in NOT_YET {
            assert!(
                row(name).is_some() || kinds::lookup(name).is_none(),
                "the DSL now has `{name}`: add its row to `ROWS` in bt-core/src/export/vocabulary.rs"
            );
        }
    }

    #[test]
    fn every_condition_is_a_dsl_attribute() {
        let dsl = [
            kw::FAILURE_IF,
            kw::SUCCESS_IF,
            kw::SKIP_IF,
            kw::RUN_WHILE,
            kw::ON_SUCCESS,
            kw::ON_FAILURE,
            kw::ON_HALTED,
            kw::POST,
        ];
        let names: Vec<&str> = CONDITIONS.iter().map(|(_, name, _)| *name).collect();
        assert_eq!(names, dsl);
    }
}
