//! A rule's railroad diagram, drawn as SVG from the rule's syntax tree with the `railroad`
//! crate: a pest rule from pest_meta's AST, an ABNF rule (RFC 5234) from the `abnf` crate's.
//! A rule of the same text is a box linking to `#name`, a literal or a character class a
//! terminal; pest's SOI and EOI, comments. Both kinds of rule are drawn with the same nodes,
//! each measured once (see [`Measured`]), so that they look alike and take time in the size of
//! the rule.
//!
//! `urn-tag grammar diagram` draws every rule of a file into its page; the grammar playground
//! draws the rule under the cursor, so the two show the same diagram for the same rule. The
//! playground's registration check draws the pasted ABNF's rules ([`super::abnf::Outline`]).

use std::collections::HashMap;
use std::prelude::rust_2024::*;
use std::{format, vec};

use abnf::types::{Node as AbnfNode, Repeat as AbnfRepeat, TerminalValues};
use pest_meta::ast::Expr;
use railroad::{
    Choice, Comment, Diagram, Empty, LabeledBox, Link, Node, NonTerminal, Optional, Repeat,
    Sequence, SimpleEnd, SimpleStart, Terminal,
};

/// The railroad diagrams of a grammar text's rules ([`GrammarText::diagrams`]): each rule's
/// syntax tree, kept apart from the text, so that a diagram is drawn when it is wanted, in
/// time in the rule's size whatever the size of the grammar.
///
/// ```
/// use urn_tag::grammar_tools::GrammarText;
///
/// let diagrams = GrammarText::read("a = { b ~ \"-\" }\nb = { ASCII_DIGIT+ }")?.diagrams();
/// let svg = diagrams.draw("a").expect("a rule of the text");
/// assert!(svg.starts_with("<svg") && svg.contains(r##"xlink:href="#b""##));
/// assert_eq!(diagrams.draw("c"), None);
/// assert!(diagrams.css().contains(".railroad"));
/// # Ok::<(), Vec<urn_tag::grammar_tools::GrammarError>>(())
/// ```
///
/// [`GrammarText::diagrams`]: super::GrammarText::diagrams
#[derive(Debug, Clone, Default)]
pub struct Diagrams {
    rules: HashMap<String, Expr>,
}

impl Diagrams {
    pub(super) fn new<'e>(rules: impl Iterator<Item = (&'e str, &'e Expr)>) -> Diagrams {
        Diagrams {
            rules: rules
                .map(|(name, expr)| (name.to_owned(), expr.clone()))
                .collect(),
        }
    }

    /// The SVG of rule `rule`'s diagram at its natural size (not stretched to the page), its
    /// boxes for the text's other rules linking to `#name`; `None` when the text has no such
    /// rule. Its classes are styled by [`Diagrams::css`].
    pub fn draw(&self, rule: &str) -> Option<String> {
        let is_rule = |name: &str| self.rules.contains_key(name);
        self.rules
            .get(rule)
            .map(|expr| rule_diagram(expr, &is_rule))
    }

    /// The style sheet of the diagrams' SVG classes (railroad's own).
    pub fn css(&self) -> &'static str {
        railroad::DEFAULT_CSS
    }
}

/// Whether a name is a rule of the grammar being drawn (its boxes link to the rule).
type IsRule<'r> = &'r dyn Fn(&str) -> bool;

/// The SVG of the diagram of a rule whose expression is `expr`.
fn rule_diagram(expr: &Expr, grammar: IsRule<'_>) -> String {
    diagram_of(node(grammar, expr))
}

/// The SVG of a rule's diagram whose body is `body`: from a start to an end, at its natural
/// size.
fn diagram_of(body: Box<dyn Node>) -> String {
    let mut diagram = Diagram::new(Sequence::new(vec![
        Box::new(SimpleStart) as Box<dyn Node>,
        body,
        Box::new(SimpleEnd),
    ]));
    let (width, height) = (diagram.width(), diagram.height());
    diagram
        .attr("width".to_owned())
        .or_insert(width.to_string());
    diagram
        .attr("height".to_owned())
        .or_insert(height.to_string());
    diagram.to_string()
}

/// The railroad node of a pest expression, measured (see [`Measured`]).
fn node(grammar: IsRule<'_>, expr: &Expr) -> Box<dyn Node> {
    measured(unmeasured(grammar, expr))
}

fn measured(node: Box<dyn Node>) -> Box<dyn Node> {
    Box::new(Measured::new(node))
}

/// A node whose size is worked out once, when it is made. railroad asks a node for its size
/// each time it lays out the node's parent, and some of its nodes (a labelled box) ask their
/// child more than once, so that a diagram of operators nested `n` deep took time growing as
/// `4^n` (ten `!` in a row, a second; twelve, minutes). With every node measured once, a
/// diagram takes time in the size of its rule.
struct Measured {
    inner: Box<dyn Node>,
    entry_height: i64,
    height: i64,
    width: i64,
}

impl Measured {
    fn new(inner: Box<dyn Node>) -> Measured {
        Measured {
            entry_height: inner.entry_height(),
            height: inner.height(),
            width: inner.width(),
            inner,
        }
    }
}

impl Node for Measured {
    fn entry_height(&self) -> i64 {
        self.entry_height
    }

    fn height(&self) -> i64 {
        self.height
    }

    fn width(&self) -> i64 {
        self.width
    }

    fn draw(&self, x: i64, y: i64, h_dir: railroad::svg::HDir) -> railroad::svg::Element {
        self.inner.draw(x, y, h_dir)
    }

    // Written as railroad writes its own nodes (streamed, attributes in the order it sets
    // them), so that a diagram's SVG is the same text as without this wrapper.
    fn render_with_geometry(
        &self,
        out: &mut railroad::svg::Renderer<'_>,
        x: i64,
        y: i64,
        h_dir: railroad::svg::HDir,
        _geometry: &railroad::NodeGeometry,
    ) -> core::fmt::Result {
        self.inner.render(out, x, y, h_dir)
    }
}

fn unmeasured(grammar: IsRule<'_>, expr: &Expr) -> Box<dyn Node> {
    match expr {
        Expr::Str(text) => Box::new(Terminal::new(format!("\"{}\"", text.escape_default()))),
        Expr::Insens(text) => Box::new(Terminal::new(format!("^\"{}\"", text.escape_default()))),
        Expr::Range(from, to) => Box::new(Terminal::new(format!(
            "'{}'..'{}'",
            from.escape_default(),
            to.escape_default()
        ))),
        Expr::Ident(name) if grammar(name) => Box::new(Link::new(
            NonTerminal::new(name.clone()),
            format!("#{name}"),
        )),
        Expr::Ident(name) => match name.as_str() {
            "SOI" => Box::new(Comment::new("start of input".to_owned())),
            "EOI" => Box::new(Comment::new("end of input".to_owned())),
            // pest's built-in character classes (ASCII_DIGIT, ...), which are terminals.
            _ => Box::new(Terminal::new(name.clone())),
        },
        Expr::PeekSlice(start, end) => Box::new(Terminal::new(match end {
            Some(end) => format!("PEEK[{start}..{end}]"),
            None => format!("PEEK[{start}..]"),
        })),
        Expr::PosPred(inner) => labeled(grammar, inner, "followed by"),
        Expr::NegPred(inner) => labeled(grammar, inner, "not followed by"),
        Expr::Seq(..) => {
            let mut parts = Vec::new();
            flatten(expr, &mut parts, |e| match e {
                Expr::Seq(lhs, rhs) => Some((&**lhs, &**rhs)),
                _ => None,
            });
            Box::new(Sequence::new(
                parts.into_iter().map(|e| node(grammar, e)).collect(),
            ))
        }
        Expr::Choice(..) => {
            let mut parts = Vec::new();
            flatten(expr, &mut parts, |e| match e {
                Expr::Choice(lhs, rhs) => Some((&**lhs, &**rhs)),
                _ => None,
            });
            Box::new(Choice::new(
                parts.into_iter().map(|e| node(grammar, e)).collect(),
            ))
        }
        Expr::Opt(inner) => Box::new(Optional::new(node(grammar, inner))),
        Expr::Rep(inner) => Box::new(Optional::new(Repeat::new(node(grammar, inner), Empty))),
        Expr::RepOnce(inner) => Box::new(Repeat::new(node(grammar, inner), Empty)),
        Expr::RepExact(inner, n) => labeled(grammar, inner, &format!("{n} times")),
        Expr::RepMin(inner, n) => counted(grammar, inner, *n == 0, format!("at least {n} times")),
        Expr::RepMax(inner, n) => counted(grammar, inner, true, format!("at most {n} times")),
        Expr::RepMinMax(inner, min, max) => {
            counted(grammar, inner, *min == 0, format!("{min} to {max} times"))
        }
        Expr::Skip(strings) => Box::new(Terminal::new(format!(
            "anything up to {}",
            strings
                .iter()
                .map(|s| format!("\"{}\"", s.escape_default()))
                .collect::<Vec<_>>()
                .join(" or ")
        ))),
        Expr::Push(inner) => labeled(grammar, inner, "PUSH"),
        #[allow(unreachable_patterns)] // variants of pest_meta's `grammar-extras` feature
        _ => Box::new(Terminal::new(format!("{expr:?}"))),
    }
}

fn labeled(grammar: IsRule<'_>, inner: &Expr, label: &str) -> Box<dyn Node> {
    Box::new(LabeledBox::new(
        node(grammar, inner),
        Comment::new(label.to_owned()),
    ))
}

fn counted(grammar: IsRule<'_>, inner: &Expr, optional: bool, label: String) -> Box<dyn Node> {
    let repeat = Repeat::new(node(grammar, inner), Comment::new(label));
    if optional {
        Box::new(Optional::new(repeat))
    } else {
        Box::new(repeat)
    }
}

/// The operands of a chain of one binary operator (`a ~ b ~ c`, `a | b | c`), left to right.
fn flatten<'e>(
    expr: &'e Expr,
    out: &mut Vec<&'e Expr>,
    split: fn(&Expr) -> Option<(&Expr, &Expr)>,
) {
    match split(expr) {
        Some((lhs, rhs)) => {
            flatten(lhs, out, split);
            flatten(rhs, out, split);
        }
        None => out.push(expr),
    }
}

/// What a name used in an ABNF rule stands for, which its box shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum AbnfName<'g> {
    /// A rule of the text, defined with this spelling: a box linking to `#definition`.
    Rule(&'g str),
    /// One of RFC 5234's core rules (Appendix B.1), which the text does not define: a box of
    /// its own kind (`data-kind="core"`), linking nowhere.
    Core,
    /// Neither: a box of kind `undefined`.
    Undefined,
}

/// What the names of an ABNF text stand for.
pub(super) type AbnfNames<'g> = &'g dyn Fn(&str) -> AbnfName<'g>;

/// The SVG of the diagram of an ABNF rule whose definition is `definition`.
pub(super) fn abnf_rule_diagram(definition: &AbnfNode, names: AbnfNames<'_>) -> String {
    diagram_of(abnf_node(definition, names))
}

fn abnf_node(node: &AbnfNode, names: AbnfNames<'_>) -> Box<dyn Node> {
    measured(abnf_unmeasured(node, names))
}

fn abnf_unmeasured(node: &AbnfNode, names: AbnfNames<'_>) -> Box<dyn Node> {
    match node {
        AbnfNode::Concatenation(nodes) => Box::new(Sequence::new(
            nodes.iter().map(|node| abnf_node(node, names)).collect(),
        )),
        AbnfNode::Alternatives(nodes) => Box::new(Choice::new(
            nodes.iter().map(|node| abnf_node(node, names)).collect(),
        )),
        // A group only orders what it holds, which the diagram's lines already show.
        AbnfNode::Group(inner) => abnf_unmeasured(inner, names),
        AbnfNode::Optional(inner) => Box::new(Optional::new(abnf_node(inner, names))),
        AbnfNode::Repetition { repeat, node } => abnf_repetition(repeat, abnf_node(node, names)),
        AbnfNode::Rulename(name) => {
            let mut boxed = NonTerminal::new(name.clone());
            let (kind, link) = match names(name) {
                AbnfName::Rule(definition) => ("rule", Some(definition)),
                AbnfName::Core => ("core", None),
                AbnfName::Undefined => ("undefined", None),
            };
            boxed
                .attr("data-kind".to_owned())
                .or_insert(kind.to_owned());
            match link {
                Some(definition) => Box::new(Link::new(boxed, format!("#{definition}"))),
                None => Box::new(boxed),
            }
        }
        AbnfNode::String(literal) => {
            let quoted = format!("\"{}\"", literal.value());
            Box::new(Terminal::new(if literal.is_case_sensitive() {
                // RFC 7405's case-sensitive string.
                format!("%s{quoted}")
            } else if literal.value().chars().any(|ch| ch.is_ascii_alphabetic()) {
                // RFC 5234 §2.3: a quoted string matches its letters in either case.
                format!("{quoted}, any case")
            } else {
                quoted
            }))
        }
        AbnfNode::TerminalValues(TerminalValues::Range(from, to)) => {
            let mut label = format!("%x{from:02X}-{to:02X}");
            if let (Some(first), Some(last)) = (printable(*from), printable(*to)) {
                label.push_str(&format!(" '{first}'..'{last}'"));
            }
            Box::new(Terminal::new(label))
        }
        AbnfNode::TerminalValues(TerminalValues::Concatenation(values)) => {
            let hex: Vec<String> = values.iter().map(|value| format!("{value:02X}")).collect();
            let mut label = format!("%x{}", hex.join("."));
            let shown: Option<String> = values.iter().map(|&value| printable(value)).collect();
            if let Some(shown) = shown {
                label.push_str(&format!(" \"{shown}\""));
            }
            Box::new(Terminal::new(label))
        }
        AbnfNode::Prose(prose) => Box::new(Comment::new(format!("<{prose}>"))),
    }
}

/// A repetition `min*max` of `inner`, its bounds written on the loop as ABNF writes them
/// (`*`, `1*`, `2*4`); `[ ]` around it when it may be absent.
fn abnf_repetition(repeat: &AbnfRepeat, inner: Box<dyn Node>) -> Box<dyn Node> {
    let (min, max) = match *repeat {
        AbnfRepeat::Specific(n) => (n, Some(n)),
        AbnfRepeat::Variable { min, max } => (min.unwrap_or(0), max),
    };
    let label = match (min, max) {
        (_, Some(0)) => return Box::new(Comment::new("0 times: nothing".to_owned())),
        (1, Some(1)) => return inner,
        (0, Some(1)) => return Box::new(Optional::new(inner)),
        (min, Some(max)) if min == max => format!("{min} times"),
        (0, None) => "*".to_owned(),
        (0, Some(max)) => format!("*{max}"),
        (min, None) => format!("{min}*"),
        (min, Some(max)) => format!("{min}*{max}"),
    };
    let repeat = Repeat::new(inner, Comment::new(label));
    if min == 0 {
        Box::new(Optional::new(repeat))
    } else {
        Box::new(repeat)
    }
}

/// A value of an ABNF terminal as the character it stands for, when that is printable ASCII
/// (a space is not: it would not be seen).
fn printable(value: u32) -> Option<char> {
    char::from_u32(value).filter(char::is_ascii_graphic)
}
