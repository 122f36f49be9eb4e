//! `#[derive(Ports)]`: declares a leaf type's ports from its fields of type `bt::Input<T>`,
//! `bt::Output<T>` and `bt::InOut<T>`. Inputs and in-outs are required unless marked
//! `#[port(default)]`. The derive emits the port list as an inherent constant (read by the trees
//! that use the leaf, at compile time) and implements `bt::Ports`.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::{Data, DeriveInput, Fields, GenericArgument, PathArguments, Type};

use crate::ctxt::Ctxt;

const PORT: &str = "port";
const DEFAULT: &str = "default";

pub fn derive(input: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let cx = Ctxt::new();
    let ports = collect(&cx, &input);
    match cx.check() {
        Ok(()) => generate(&input, &ports),
        Err(error) => error.to_compile_error(),
    }
}

struct Port {
    name: String,
    /// An `InOut<T>`: it can only be bound to an entry.
    in_out: bool,
    direction: TokenStream,
    value_type: String,
    required: bool,
}

fn collect(cx: &Ctxt, input: &DeriveInput) -> Vec<Port> {
    let fields = match &input.data {
        Data::Struct(data) => match &data.fields {
            Fields::Named(fields) => &fields.named,
            _ => {
                cx.error_spanned_by(
                    &input.ident,
                    "`#[derive(Ports)]` needs a struct with named fields: each port is a field named like the port",
                );
                return Vec::new();
            }
        },
        _ => {
            cx.error_spanned_by(&input.ident, "`#[derive(Ports)]` works on structs only");
            return Vec::new();
        }
    };
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
            name: name.to_string(),
            in_out: direction == "InOut",
            direction: quote!(::bt::__private::PortDirection::#direction_ident),
            value_type: crate::text::source(value_type.to_token_stream()),
            required: direction != "Output" && !default,
        });
    }
    ports
}

/// `Input<T>` / `bt::Input<T>` → ("Input", T), and likewise for `Output`, `InOut`.
fn classify(ty: &Type) -> Option<(&'static str, &Type)> {
    let Type::Path(path) = ty else { return None };
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
    quote! {
        impl #impl_generics #name #ty_generics #where_clause {
            #[doc(hidden)]
            pub const __BT_PORTS: &'static [::bt::__private::PortInfo] = &[#(#infos),*];
        }

        impl #impl_generics ::bt::Ports for #name #ty_generics #where_clause {
            const PORTS: &'static [::bt::__private::PortInfo] = Self::__BT_PORTS;
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

    /// The derive never panics either; same settings as the tree macro's test.
    #[test]
    fn never_panics_on_mutated_input() {
        let (cases, seed) = fuzz::settings();
        fuzz::never_panics(MOVE_TO, cases, seed, derive);
    }
}
