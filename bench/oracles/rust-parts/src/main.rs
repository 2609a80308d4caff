// The parts of every Rust item as syn (the crate rustc's proc macros use) sees them, for
// bench/classification.ts: one line per item, tab-separated:
//   first-line  ident-line  name  signature  doc  value  body
// first-line is the first outer attribute's that is not a doc comment (else the item's own),
// parts are token strings (comments are not tokens; `///` docs are #[doc] attributes, taken
// apart as the doc), "-" when the item has no such part. Tabs and line breaks in a part are
// escaped. Usage: rust-parts FILE
use proc_macro2::Span;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{Attribute, ImplItem, Item, TraitItem};

fn esc(s: String) -> String {
    s.replace('\\', "\\\\").replace('\t', "\\t").replace('\n', "\\n")
}
fn toks<T: ToTokens>(t: &T) -> String {
    t.to_token_stream().to_string()
}
fn split(attrs: &[Attribute]) -> (String, String, Option<Span>) {
    let mut doc = String::new();
    let mut other = String::new();
    let mut first = None;
    for a in attrs {
        if a.path.is_ident("doc") {
            doc.push_str(&toks(a));
        } else {
            if first.is_none() {
                first = Some(a.span());
            }
            other.push_str(&toks(a));
        }
    }
    (doc, other, first)
}
struct Out {
    rows: Vec<String>,
}
impl Out {
    fn row(&mut self, attrs: &[Attribute], item: Span, ident: &syn::Ident, scope: &str, sig: String, value: Option<String>, body: Option<String>) {
        let (doc, other, first) = split(attrs);
        let first_line = first.map(|s| s.start().line).unwrap_or(item.start().line).min(ident.span().start().line);
        let name = if scope.is_empty() { ident.to_string() } else { format!("{}.{}", scope, ident) };
        self.rows.push(format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}",
            first_line,
            ident.span().start().line,
            esc(name),
            esc(format!("{} {}", other, sig)),
            esc(if doc.is_empty() { "-".into() } else { doc }),
            esc(value.unwrap_or_else(|| "-".into())),
            esc(body.unwrap_or_else(|| "-".into()))
        ));
    }
    fn items(&mut self, items: &[Item], scope: &str) {
        for it in items {
            self.item(it, scope);
        }
    }
    fn item(&mut self, it: &Item, scope: &str) {
        match it {
            Item::Fn(f) => self.row(&f.attrs, f.span(), &f.sig.ident, scope, format!("{} {}", toks(&f.vis), toks(&f.sig)), None, Some(toks(&f.block))),
            Item::Const(c) => self.row(&c.attrs, c.span(), &c.ident, scope, format!("{} const {} : {}", toks(&c.vis), c.ident, toks(&c.ty)), Some(toks(&c.expr)), None),
            Item::Static(c) => self.row(&c.attrs, c.span(), &c.ident, scope, format!("{} static {} {} : {}", toks(&c.vis), toks(&c.mutability), c.ident, toks(&c.ty)), Some(toks(&c.expr)), None),
            Item::Type(t) => self.row(&t.attrs, t.span(), &t.ident, scope, toks(t), None, None),
            Item::Struct(s) => {
                // A tuple struct's fields are its declaration; named fields are members of their own.
                let tuple = if matches!(s.fields, syn::Fields::Named(_)) { String::new() } else { toks(&s.fields) };
                self.row(&s.attrs, s.span(), &s.ident, scope, format!("{} struct {} {} {}", toks(&s.vis), s.ident, toks(&s.generics), tuple), None, None);
                let inner = if scope.is_empty() { s.ident.to_string() } else { format!("{}.{}", scope, s.ident) };
                for f in s.fields.iter() {
                    if let Some(id) = &f.ident {
                        let (_, other, _) = split(&f.attrs);
                        let _ = other;
                        self.row(&f.attrs, f.span(), id, &inner, format!("{} {} : {}", toks(&f.vis), id, toks(&f.ty)), None, None);
                    }
                }
            }
            Item::Enum(e) => {
                self.row(&e.attrs, e.span(), &e.ident, scope, format!("{} enum {} {}", toks(&e.vis), e.ident, toks(&e.generics)), None, None);
                let inner = if scope.is_empty() { e.ident.to_string() } else { format!("{}.{}", scope, e.ident) };
                for v in e.variants.iter() {
                    self.row(&v.attrs, v.span(), &v.ident, &inner, format!("{} {}", v.ident, toks(&v.fields)), v.discriminant.as_ref().map(|d| toks(&d.1)), None);
                }
            }
            Item::Trait(t) => {
                self.row(&t.attrs, t.span(), &t.ident, scope, format!("{} {} trait {} {} : {}", toks(&t.vis), toks(&t.unsafety), t.ident, toks(&t.generics), toks(&t.supertraits)), None, None);
                let inner = if scope.is_empty() { t.ident.to_string() } else { format!("{}.{}", scope, t.ident) };
                for ti in &t.items {
                    match ti {
                        TraitItem::Method(m) => self.row(&m.attrs, m.span(), &m.sig.ident, &inner, toks(&m.sig), None, m.default.as_ref().map(toks)),
                        TraitItem::Const(c) => self.row(&c.attrs, c.span(), &c.ident, &inner, format!("const {} : {}", c.ident, toks(&c.ty)), c.default.as_ref().map(|d| toks(&d.1)), None),
                        TraitItem::Type(ty) => self.row(&ty.attrs, ty.span(), &ty.ident, &inner, toks(ty), None, None),
                        _ => {}
                    }
                }
            }
            Item::Impl(im) => {
                let self_name = match &*im.self_ty {
                    syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default(),
                    _ => String::new(),
                };
                let inner = if scope.is_empty() { self_name } else { format!("{}.{}", scope, self_name) };
                for ii in &im.items {
                    match ii {
                        ImplItem::Method(m) => self.row(&m.attrs, m.span(), &m.sig.ident, &inner, format!("{} {} {}", toks(&m.vis), toks(&m.defaultness), toks(&m.sig)), None, Some(toks(&m.block))),
                        ImplItem::Const(c) => self.row(&c.attrs, c.span(), &c.ident, &inner, format!("{} const {} : {}", toks(&c.vis), c.ident, toks(&c.ty)), Some(toks(&c.expr)), None),
                        ImplItem::Type(ty) => self.row(&ty.attrs, ty.span(), &ty.ident, &inner, toks(ty), None, None),
                        _ => {}
                    }
                }
            }
            Item::Mod(m) => {
                self.row(&m.attrs, m.span(), &m.ident, scope, format!("{} mod {}", toks(&m.vis), m.ident), None, None);
                if let Some((_, items)) = &m.content {
                    let inner = if scope.is_empty() { m.ident.to_string() } else { format!("{}.{}", scope, m.ident) };
                    self.items(items, &inner);
                }
            }
            Item::Macro(m) => {
                if let Some(id) = &m.ident {
                    self.row(&m.attrs, m.span(), id, scope, format!("macro_rules! {}", id), None, Some(toks(&m.mac.tokens)));
                }
            }
            _ => {}
        }
    }
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: rust-parts FILE");
    let text = std::fs::read_to_string(&path).expect("read");
    match syn::parse_file(&text) {
        Ok(file) => {
            let mut out = Out { rows: Vec::new() };
            out.items(&file.items, "");
            println!("{}", out.rows.join("\n"));
        }
        Err(e) => {
            eprintln!("parse error: {}", e);
            std::process::exit(1);
        }
    }
}
