//! From grammar text to the intermediate form: pest_meta reads, validates and optimizes the
//! grammar as `pest_derive` does; every rule reachable from an entry is then inlined into it.

use std::collections::HashMap;

use pest::error::InputLocation;
use pest_meta::ast::RuleType;
use pest_meta::optimizer::{self, OptimizedExpr, OptimizedRule};
use pest_meta::parser::{self, Rule as MetaRule};
use pest_meta::validator;

use super::Error;
use super::ir::{ByteSet, Node, Rule};

/// The built-in rules that read the stack, which the recognizer does not keep.
const STACK_BUILTINS: [&str; 5] = ["PEEK", "PEEK_ALL", "POP", "POP_ALL", "DROP"];

/// A grammar read by pest_meta: its optimized rules, and the text of each for comments.
pub struct Grammar {
    rules: HashMap<String, OptimizedRule>,
    sources: HashMap<String, String>,
}

/// Whether pest is inside an atomic rule at some point of a rule body: it decides which
/// non-silent rules produce pairs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Atomicity {
    Atomic,
    CompoundAtomic,
    NonAtomic,
}

/// Where in the grammar an expression is being lowered.
#[derive(Clone, Copy)]
struct Context<'a> {
    /// The rule whose body holds the expression (for error messages).
    rule: &'a str,
    atomicity: Atomicity,
    /// Inside `&e` or `!e`, where pest produces no pairs.
    in_lookahead: bool,
    /// Whether every rule, silent ones included, becomes a [`Rule`] node: the failure report
    /// names the rules around each failing step.
    name_every_rule: bool,
}

impl Grammar {
    /// The rules of the grammar that are not silent, sorted by name: those pest produces
    /// pairs for, which a caller may capture.
    pub fn visible_rules(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .rules
            .values()
            .filter(|rule| rule.ty != RuleType::Silent)
            .map(|rule| rule.name.as_str())
            .collect();
        names.sort_unstable();
        names
    }

    /// Reads, validates and optimizes `text` with pest_meta, then checks the whole grammar for
    /// constructs the recognizer does not support, in every rule, reachable from an entry or
    /// not: a grammar that compiles means the same everywhere.
    pub fn load(text: &str) -> Result<Grammar, Error> {
        let pairs = parser::parse(MetaRule::grammar_rules, text)
            .map_err(|error| Error::in_grammar(error.to_string()))?;

        // Every rule definition: its name and where it lies, and its text for comments.
        let mut definitions = Vec::new();
        let mut sources = HashMap::new();
        for pair in pairs
            .clone()
            .filter(|pair| pair.as_rule() == MetaRule::grammar_rule)
        {
            let span = pair.as_span();
            let mut inner = pair.clone().into_inner();
            let Some(name) = inner.next().filter(|p| p.as_rule() == MetaRule::identifier) else {
                continue; // a `///` line
            };
            let name = name.as_str().to_owned();
            // pest_meta drops node tags (without its `grammar-extras` feature), so they are
            // found here, in the parse, before they disappear.
            if let Some(tag) = pair
                .into_inner()
                .flatten()
                .find(|p| p.as_rule() == MetaRule::tag_id)
            {
                return Err(Error::in_rule(
                    &name,
                    format!("the node tag `{}` is not supported", tag.as_str()),
                ));
            }
            sources.insert(name.clone(), one_line(span.as_str()));
            definitions.push((name, span.start(), span.end()));
        }
        let rule_at = |location: &InputLocation| {
            let at = match *location {
                InputLocation::Pos(pos) => pos,
                InputLocation::Span((start, _)) => start,
            };
            definitions
                .iter()
                .find(|(_, start, end)| (*start..*end).contains(&at))
                .map(|(name, _, _)| name.clone())
        };
        let first_error = |errors: Vec<pest::error::Error<MetaRule>>| {
            let error = &errors[0];
            let message = error.variant.message().into_owned();
            match rule_at(&error.location) {
                Some(rule) => Error::in_rule(&rule, message),
                None => Error::in_grammar(message),
            }
        };

        // A name that is neither a rule nor one of pest's built-in rules, reported in words
        // of this compiler (pest_meta would say the same, in its own).
        let called: Vec<_> = pairs
            .clone()
            .filter(|pair| pair.as_rule() == MetaRule::grammar_rule)
            .flat_map(|pair| {
                pair.into_inner()
                    .flatten()
                    .skip(1)
                    .filter(|pair| pair.as_rule() == MetaRule::identifier)
                    .map(|pair| pair.as_span())
            })
            .collect();
        let defined: Vec<_> = pairs
            .clone()
            .filter(|pair| pair.as_rule() == MetaRule::grammar_rule)
            .filter_map(|pair| pair.into_inner().next())
            .filter(|pair| pair.as_rule() == MetaRule::identifier)
            .map(|pair| pair.as_span())
            .collect();
        if let Some(undefined) = validator::validate_undefined(&defined, &called).first() {
            let (start, end) = match undefined.location {
                InputLocation::Pos(pos) => (pos, pos),
                InputLocation::Span(span) => span,
            };
            let message = format!("`{}` is not a rule of the grammar", &text[start..end]);
            return Err(match rule_at(&undefined.location) {
                Some(rule) => Error::in_rule(&rule, message),
                None => Error::in_grammar(message),
            });
        }
        validator::validate_pairs(pairs.clone()).map_err(first_error)?;
        let ast = parser::consume_rules(pairs).map_err(first_error)?;
        let rules: HashMap<_, _> = optimizer::optimize(ast)
            .into_iter()
            .map(|rule| (rule.name.clone(), rule))
            .collect();
        let grammar = Grammar { rules, sources };

        for (name, _, _) in &definitions {
            if name == "WHITESPACE" || name == "COMMENT" {
                return Err(Error::in_rule(
                    name,
                    format!("implicit {name} is not supported: write the separators out"),
                ));
            }
            if builtin(name).is_some() {
                return Err(Error::in_rule(
                    name,
                    "a rule may not redefine a built-in rule",
                ));
            }
            let context = Context {
                rule: name,
                atomicity: Atomicity::NonAtomic,
                in_lookahead: false,
                name_every_rule: false,
            };
            grammar.lower_rule(name, context, &[], &mut vec![name.clone()])?;
        }
        Ok(grammar)
    }

    /// The expression of the entry rule `entry`, every rule inlined, as pest runs it when
    /// asked to parse `entry`.
    pub fn lower_entry(&self, entry: &str, captures: &[&str]) -> Result<Node, Error> {
        self.lower_entry_as(entry, captures, false)
    }

    /// The same expression with a [`Rule`] node around every call of a rule outside
    /// predicates, silent rules included (none of them captured): the form the failure report
    /// is generated from.
    pub fn lower_entry_naming_rules(&self, entry: &str) -> Result<Node, Error> {
        self.lower_entry_as(entry, &[], true)
    }

    fn lower_entry_as(
        &self,
        entry: &str,
        captures: &[&str],
        name_every_rule: bool,
    ) -> Result<Node, Error> {
        if !self.rules.contains_key(entry) {
            return Err(Error::in_rule(
                entry,
                "is named as an entry, but the grammar has no such rule",
            ));
        }
        let context = Context {
            rule: entry,
            atomicity: Atomicity::NonAtomic,
            in_lookahead: false,
            name_every_rule,
        };
        self.lower_call(entry, context, captures, &mut Vec::new())
    }

    /// Checks that `capture` names a rule that can produce a span.
    pub fn check_capture(&self, capture: &str) -> Result<(), Error> {
        match self.rules.get(capture) {
            None => Err(Error::in_rule(
                capture,
                "is named as a capture, but the grammar has no such rule",
            )),
            Some(rule) if rule.ty == RuleType::Silent => Err(Error::in_rule(
                capture,
                "is named as a capture, but it is silent and never produces a span",
            )),
            Some(_) => Ok(()),
        }
    }

    /// A call of rule `name`: its body, wrapped in a [`Rule`] node when pest would produce a
    /// pair for it here.
    fn lower_call(
        &self,
        name: &str,
        outer: Context<'_>,
        captures: &[&str],
        stack: &mut Vec<String>,
    ) -> Result<Node, Error> {
        let rule = &self.rules[name];
        if let Some(start) = stack.iter().position(|caller| caller == name) {
            let mut cycle = stack[start..].join(" -> ");
            cycle.push_str(" -> ");
            cycle.push_str(name);
            return Err(Error::in_rule(
                name,
                format!(
                    "recursion is not supported ({cycle}): every rule is inlined into its entry"
                ),
            ));
        }
        // pest_generator's wrapping of each kind of rule: `@` rules produce their pair only
        // outside atomic rules; `$` and `!` set the atomicity before producing theirs.
        let (visible, atomicity) = match rule.ty {
            RuleType::Silent => (false, outer.atomicity),
            RuleType::Normal => (outer.atomicity != Atomicity::Atomic, outer.atomicity),
            RuleType::Atomic => (outer.atomicity != Atomicity::Atomic, Atomicity::Atomic),
            RuleType::CompoundAtomic => (true, Atomicity::CompoundAtomic),
            RuleType::NonAtomic => (true, Atomicity::NonAtomic),
        };
        let context = Context {
            rule: name,
            atomicity,
            ..outer
        };
        stack.push(name.to_owned());
        let body = self.lower_rule(name, context, captures, stack)?;
        stack.pop();
        // Inside a predicate pest produces no pairs and failures are not reported, so the
        // rule leaves no trace.
        if (!visible && !outer.name_every_rule) || outer.in_lookahead {
            return Ok(body);
        }
        Ok(Node::Rule(Box::new(Rule {
            name: name.to_owned(),
            source: self.sources[name].clone(),
            capture: captures.iter().position(|capture| *capture == name),
            body,
        })))
    }

    fn lower_rule(
        &self,
        name: &str,
        context: Context<'_>,
        captures: &[&str],
        stack: &mut Vec<String>,
    ) -> Result<Node, Error> {
        self.lower(&self.rules[name].expr, context, captures, stack)
    }

    fn lower(
        &self,
        expr: &OptimizedExpr,
        context: Context<'_>,
        captures: &[&str],
        stack: &mut Vec<String>,
    ) -> Result<Node, Error> {
        let unsupported = |what: &str, why: &str| {
            Error::in_rule(context.rule, format!("{what} is not supported: {why}"))
        };
        const NO_STACK: &str = "the recognizer keeps no stack";
        let lookahead = Context {
            in_lookahead: true,
            ..context
        };
        Ok(match expr {
            OptimizedExpr::Str(text) => literal(text.as_bytes()),
            OptimizedExpr::Insens(text) => insensitive(text.as_bytes()),
            OptimizedExpr::Range(first, last) => {
                let (Some(first_char), Some(last_char)) =
                    (first.chars().next(), last.chars().next())
                else {
                    return Err(unsupported(
                        "an empty range bound",
                        "a range needs two characters",
                    ));
                };
                match (u8::try_from(first_char), u8::try_from(last_char)) {
                    (Ok(first), Ok(last)) if first.is_ascii() && last.is_ascii() => {
                        Node::Class(ByteSet::range(first, last))
                    }
                    _ => {
                        return Err(Error::in_rule(
                            context.rule,
                            format!(
                                "the range {first_char:?}..{last_char:?} is not supported: only ASCII ranges are"
                            ),
                        ));
                    }
                }
            }
            OptimizedExpr::Ident(name) => {
                if let Some(node) = builtin(name) {
                    node
                } else if STACK_BUILTINS.contains(&name.as_str()) {
                    return Err(unsupported(&format!("`{name}`"), NO_STACK));
                } else if self.rules.contains_key(name) {
                    return self.lower_call(name, context, captures, stack);
                } else {
                    // pest_meta accepts no other name: this is one of pest's Unicode rules.
                    return Err(Error::in_rule(
                        context.rule,
                        format!(
                            "the Unicode property `{name}` is not supported: only the ASCII built-in rules are"
                        ),
                    ));
                }
            }
            OptimizedExpr::PosPred(inner) => {
                Node::PositiveLookahead(Box::new(self.lower(inner, lookahead, captures, stack)?))
            }
            OptimizedExpr::NegPred(inner) => {
                Node::NegativeLookahead(Box::new(self.lower(inner, lookahead, captures, stack)?))
            }
            OptimizedExpr::Seq(first, second) => Node::Seq(vec![
                self.lower(first, context, captures, stack)?,
                self.lower(second, context, captures, stack)?,
            ]),
            OptimizedExpr::Choice(first, second) => Node::Choice(vec![
                self.lower(first, context, captures, stack)?,
                self.lower(second, context, captures, stack)?,
            ]),
            OptimizedExpr::Opt(inner) => {
                Node::Optional(Box::new(self.lower(inner, context, captures, stack)?))
            }
            OptimizedExpr::Rep(inner) => {
                let inner = Box::new(self.lower(inner, context, captures, stack)?);
                if inner.nullable() {
                    // pest would repeat it forever; pest_meta's validation normally refuses it.
                    return Err(unsupported(
                        "repeating an expression that can match the empty string",
                        "pest would repeat it forever",
                    ));
                }
                Node::Repeat(inner)
            }
            OptimizedExpr::Skip(strings) => {
                Node::SkipUntil(strings.iter().map(|s| s.as_bytes().to_vec()).collect())
            }
            OptimizedExpr::Push(_) => {
                return Err(unsupported("`PUSH`", NO_STACK));
            }
            OptimizedExpr::PeekSlice(..) => {
                return Err(unsupported("`PEEK[..]`", NO_STACK));
            }
            OptimizedExpr::RestoreOnErr(_) => {
                return Err(unsupported("restoring the stack", NO_STACK));
            }
            // The variants of pest_meta's `grammar-extras` feature, should it be enabled.
            #[allow(unreachable_patterns)]
            _ => {
                return Err(unsupported(
                    &format!("the expression {expr:?}"),
                    "this compiler does not know it",
                ));
            }
        })
    }
}

/// A string literal: one byte is a byte class.
fn literal(bytes: &[u8]) -> Node {
    match bytes {
        [byte] => Node::Class(ByteSet::single(*byte)),
        _ => Node::Literal(bytes.to_vec()),
    }
}

/// A case-insensitive literal, compared as pest's `match_insensitive` does
/// (`eq_ignore_ascii_case`: ASCII letters in either case, every other byte exactly).
fn insensitive(bytes: &[u8]) -> Node {
    if !bytes.iter().any(u8::is_ascii_alphabetic) {
        return literal(bytes);
    }
    match bytes {
        [byte] => Node::Class(
            ByteSet::single(byte.to_ascii_lowercase())
                .union(ByteSet::single(byte.to_ascii_uppercase())),
        ),
        _ => Node::Insensitive(bytes.to_vec()),
    }
}

/// pest's built-in rules, as pest_generator writes them (its ranges include both ends).
fn builtin(name: &str) -> Option<Node> {
    let class = |ranges: &[(u8, u8)]| {
        Node::Class(
            ranges
                .iter()
                .fold(ByteSet::default(), |set, &(first, last)| {
                    set.union(ByteSet::range(first, last))
                }),
        )
    };
    Some(match name {
        "ANY" => Node::Any,
        "SOI" => Node::Start,
        "EOI" => Node::End,
        "ASCII_DIGIT" => class(&[(b'0', b'9')]),
        "ASCII_NONZERO_DIGIT" => class(&[(b'1', b'9')]),
        "ASCII_BIN_DIGIT" => class(&[(b'0', b'1')]),
        "ASCII_OCT_DIGIT" => class(&[(b'0', b'7')]),
        "ASCII_HEX_DIGIT" => class(&[(b'0', b'9'), (b'a', b'f'), (b'A', b'F')]),
        "ASCII_ALPHA_LOWER" => class(&[(b'a', b'z')]),
        "ASCII_ALPHA_UPPER" => class(&[(b'A', b'Z')]),
        "ASCII_ALPHA" => class(&[(b'a', b'z'), (b'A', b'Z')]),
        "ASCII_ALPHANUMERIC" => class(&[(b'a', b'z'), (b'A', b'Z'), (b'0', b'9')]),
        "ASCII" => class(&[(0, 0x7f)]),
        "NEWLINE" => Node::Choice(vec![literal(b"\n"), literal(b"\r\n"), literal(b"\r")]),
        _ => return None,
    })
}

/// A rule definition on one line: runs of white space become one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
