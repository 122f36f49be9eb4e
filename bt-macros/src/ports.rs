//! `#[derive(Ports)]`: declares a leaf type's ports from its fields of type `bt::Input<T>`,
//! `bt::Output<T>` and `bt::InOut<T>`. Inputs and in-outs are required unless marked
//! `#[port(default)]`. The derive emits the port list as an inherent constant (read by the trees
//! that use the leaf, at compile time) and implements `bt::Ports`. It also emits the leaf's port
//! frame (`bt::ports`, "Port frames"): an inherent method that calls the leaf on a copy, which
//! exists only while every field is `Copy`.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::{Data, DeriveInput, Fields, GenericArgument, PathArguments, Type};

use crate::ctxt::Ctxt;

const PORT: &str = "port";
const DEFAULT: &str = "default";

pub fn derive(input: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return crate::ctxt::compile_error(error),
    };
    let cx = Ctxt::new();
    let (ports, fields) = collect(&cx, &input);
    match cx.check() {
        Ok(()) => {
            let mut code = generate(&input, &ports);
            if ports.len() <= 64 {
                code.extend(frame(&input, &ports, &fields));
            }
            code
        }
        Err(error) => crate::ctxt::compile_error(error),
    }
}

struct Port {
    field: syn::Ident,
    name: String,
    /// An `InOut<T>`: it can only be bound to an entry.
    in_out: bool,
    direction: TokenStream,
    value_type: String,
    /// `T` of the field's `Input<T>`, `Output<T>` or `InOut<T>`.
    value_tokens: Type,
    required: bool,
}

/// The ports, and every field (name and type).
fn collect(cx: &Ctxt, input: &DeriveInput) -> (Vec<Port>, Vec<(syn::Ident, Type)>) {
    let fields = match &input.data {
        Data::Struct(data) => match &data.fields {
            Fields::Named(fields) => &fields.named,
            _ => {
                cx.error_spanned_by(
                    &input.ident,
                    "`#[derive(Ports)]` needs a struct with named fields: each port is a field named like the port",
                );
                return (Vec::new(), Vec::new());
            }
        },
        _ => {
            cx.error_spanned_by(&input.ident, "`#[derive(Ports)]` works on structs only");
            return (Vec::new(), Vec::new());
        }
    };
    let all = (fields.iter())
        .map(|field| (field.ident.clone().expect("named field"), field.ty.clone()))
        .collect();
    let mut ports = Vec::new();
    for field in fields {
        let name = field.ident.as_ref().expect("named field");
        let mut default = false;
        for attr in field.attrs.iter().filter(|attr| attr.path().is_ident(PORT)) {
            let parsed = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident(DEFAULT) {
                    default = true;
                    Ok(())
                } else {
                    Err(meta.error("unknown port option; the only one is `#[port(default)]`"))
                }
            });
            if let Err(error) = parsed {
                cx.syn_error(error);
            }
        }
        let Some((direction, value_type)) = classify(&field.ty) else {
            if default {
                cx.error_spanned_by(
                    &field.ty,
                    "`#[port(default)]` is for port fields: `bt::Input<T>` or `bt::InOut<T>`",
                );
            }
            continue;
        };
        if default && direction == "Output" {
            cx.error_spanned_by(
                &field.ty,
                "an output has no default: `#[port(default)]` is for `bt::Input<T>` and `bt::InOut<T>`",
            );
        }
        let direction_ident = syn::Ident::new(direction, proc_macro2::Span::call_site());
        ports.push(Port {
            field: name.clone(),
            name: name.to_string(),
            in_out: direction == "InOut",
            direction: quote!(::bt::__private::PortDirection::#direction_ident),
            value_type: crate::text::source(value_type.to_token_stream()),
            value_tokens: value_type.clone(),
            required: direction != "Output" && !default,
        });
    }
    (ports, all)
}

/// `Input<T>` / `bt::Input<T>` → ("Input", T), and likewise for `Output`, `InOut`. A type
/// that comes through a `macro_rules!` fragment (`$ty:ty`) arrives in an invisible group, and one
/// may be written in parentheses: both are looked through.
fn classify(ty: &Type) -> Option<(&'static str, &Type)> {
    let path = match ty {
        Type::Path(path) => path,
        Type::Group(group) => return classify(&group.elem),
        Type::Paren(paren) => return classify(&paren.elem),
        _ => return None,
    };
    let last = path.path.segments.last()?;
    let direction = match last.ident.to_string().as_str() {
        "Input" => "Input",
        "Output" => "Output",
        "InOut" => "InOut",
        _ => return None,
    };
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first() {
        Some(GenericArgument::Type(value)) if args.args.len() == 1 => Some((direction, value)),
        _ => None,
    }
}

fn generate(input: &DeriveInput, ports: &[Port]) -> TokenStream {
    let name = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let infos = ports.iter().map(|port| {
        let Port {
            name: port_name,
            direction,
            value_type,
            required,
            ..
        } = port;
        let missing = if port.in_out {
            format!(
                "in-out port `{port_name}` of `{name}` is required but not bound: bind it to an entry after the leaf type, `({name}, {port_name} = {{entry}})`, or mark the field `#[port(default)]`"
            )
        } else {
            format!(
                "input port `{port_name}` of `{name}` is required but not bound: bind it after the leaf type, `({name}, {port_name} = {{entry}})` or `({name}, {port_name} = value)`, or mark the field `#[port(default)]`"
            )
        };
        // rustc prints it after `error[E0080]: evaluation panicked: ` (35 characters).
        let missing = crate::ctxt::with_note_within(&missing, crate::ctxt::FIRST_LINE - 35);
        quote! {
            ::bt::__private::PortInfo {
                name: #port_name,
                direction: #direction,
                type_name: #value_type,
                required: #required,
                missing_message: #missing,
            }
        }
    });
    // Each port's type by its name, for the entries of XML trees bound to it (`PortValue`).
    let values = ports.iter().map(|port| {
        let key = syn::ext::IdentExt::unraw(&port.field).to_string();
        let value = &port.value_tokens;
        quote! {
            impl #impl_generics ::bt::__private::PortValue<{ ::bt::__private::port_key(#key) }>
                for #name #ty_generics #where_clause
            {
                type Value = #value;
            }
        }
    });
    quote! {
        #(#values)*

        impl #impl_generics #name #ty_generics #where_clause {
            #[doc(hidden)]
            pub const __BT_PORTS: &'static [::bt::__private::PortInfo] = &[#(#infos),*];
        }

        impl #impl_generics ::bt::Ports for #name #ty_generics #where_clause {
            const PORTS: &'static [::bt::__private::PortInfo] = Self::__BT_PORTS;
        }
    }
}

/// The port frame: an inherent `__bt_frame` that calls the leaf on a copy, then copies back every
/// field but the ports the tree binds (`bound` has a bit per port, in port order), taking
/// precedence over the in-place call of `bt::__private::NoPorts`. Its impl is bounded on every
/// field being `Copy`: for another type the method does not exist, and the tree calls the leaf in
/// place; so it does for a type larger than `bt::__private::FRAME_BYTES` (a constant condition).
/// (The bounds are written `for<'__bt_frame>` so that a bound that is false for a concrete type
/// removes the method instead of being an error.)
fn frame(input: &DeriveInput, ports: &[Port], fields: &[(syn::Ident, Type)]) -> TokenStream {
    let name = &input.ident;
    let mut generics = input.generics.clone();
    let where_clause = generics.make_where_clause();
    for (_, ty) in fields {
        where_clause
            .predicates
            .push(syn::parse_quote!(for<'__bt_frame> #ty: ::core::marker::Copy));
    }
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let names: Vec<_> = fields.iter().map(|(field, _)| field).collect();
    let keep = names.iter().map(|&field| {
        match ports.iter().position(|port| port.field == *field) {
            Some(index) => {
                quote!(if __bt_bound & (1u64 << #index) == 0 { self.#field = __bt_frame.#field; })
            }
            None => quote!(self.#field = __bt_frame.#field;),
        }
    });
    quote! {
        #[allow(dead_code)]
        impl #impl_generics #name #ty_generics #where_clause {
            #[doc(hidden)]
            #[inline(always)]
            pub fn __bt_frame<__BtBoard, __BtResult>(
                &mut self,
                __bt_bound: u64,
                __bt_bb: &mut __BtBoard,
                __bt_call: impl ::core::ops::FnOnce(&mut Self, &mut __BtBoard) -> __BtResult,
            ) -> __BtResult {
                if ::core::mem::size_of::<Self>() > ::bt::__private::FRAME_BYTES {
                    return __bt_call(self, __bt_bb);
                }
                let mut __bt_frame = Self { #(#names: self.#names),* };
                let __bt_result = __bt_call(&mut __bt_frame, __bt_bb);
                #(#keep)*
                __bt_result
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::derive;
    use crate::fuzz;

    const MOVE_TO: &str = r#"
        #[derive(Default, Ports)]
        pub struct MoveTo<T: Clone> {
            pub goal: Input<(i32, i32)>,
            #[port(default)]
            pub speed: bt::Input<T>,
            pub arrived: Output<bool>,
            pub odometer: InOut<u32>,
            steps: u32,
        }
    "#;

    #[test]
    fn ports_are_listed_in_field_order_with_their_directions() {
        let text = derive(MOVE_TO.parse().unwrap()).to_string();
        assert!(!text.contains("compile_error"), "{text}");
        let goal = text.find("\"goal\"").unwrap();
        let speed = text.find("\"speed\"").unwrap();
        let arrived = text.find("\"arrived\"").unwrap();
        assert!(goal < speed && speed < arrived);
        assert!(!text.contains("\"steps\""), "plain fields are not ports");
        assert_eq!(
            text.matches("required : true").count(),
            2,
            "goal and odometer: {text}"
        );
        assert!(text.contains("PortDirection :: InOut"));
    }

    #[test]
    fn a_port_frame_bounded_on_every_field_being_copy() {
        let text = derive(MOVE_TO.parse().unwrap()).to_string();
        assert_eq!(text.matches("fn __bt_frame").count(), 1, "{text}");
        for bound in [
            "for < '__bt_frame > Input < (i32 , i32) > : :: core :: marker :: Copy",
            "for < '__bt_frame > bt :: Input < T > : :: core :: marker :: Copy",
            "for < '__bt_frame > InOut < u32 > : :: core :: marker :: Copy",
            "for < '__bt_frame > u32 : :: core :: marker :: Copy",
        ] {
            assert!(text.contains(bound), "{bound} in {text}");
        }
        // The ports the tree does not bind are copied back, by their bit; other fields always.
        assert!(text.contains("if __bt_bound & (1u64 << 3usize) == 0 { self . odometer = __bt_frame . odometer ; }"), "{text}");
        assert!(
            text.contains("self . steps = __bt_frame . steps ;"),
            "{text}"
        );
        assert!(
            !text.contains("__bt_bound & (1u64 << 4usize)"),
            "`steps` is not a port: {text}"
        );
        assert!(
            text.contains("size_of :: < Self > () > :: bt :: __private :: FRAME_BYTES"),
            "{text}"
        );
        assert!(
            text.contains("T : Clone"),
            "the type's own bounds stay: {text}"
        );
    }

    /// The derive never panics either; same settings as the tree macro's test.
    #[test]
    fn never_panics_on_mutated_input() {
        let (cases, seed) = fuzz::settings();
        fuzz::never_panics(MOVE_TO, cases, seed, derive);
    }
}
