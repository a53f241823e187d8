//! Reading a `.pest` text: its rules with their `///` text and comments (for people), and the
//! rules compiled for pest_vm (for running). A text is read once, in time linear in its
//! length, after [`check_limits`].

use std::collections::HashMap;
use std::fmt;
use std::prelude::rust_2024::*;

use pest::iterators::Pairs;
use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};
use pest_meta::parser::{self, Rule as MetaRule};

use super::drawing::Diagrams;
use super::interpret::Runner;
use super::limits::check_limits;
use super::{GrammarError, errors};

/// A rule as the text writes it.
#[derive(Debug, Clone)]
pub struct RuleText<'a> {
    /// The rule's name.
    pub name: &'a str,
    /// Its `///` lines, without the `///` and the one space after it.
    pub doc: Vec<&'a str>,
    /// The `//` comment lines between its `///` lines and the rule (the `// PEG:` notes).
    pub notes: Vec<&'a str>,
    /// The rule itself, from its name to its closing brace.
    pub text: &'a str,
    /// Where [`RuleText::text`] starts in the text, in bytes.
    pub offset: usize,
    /// The rule's line (1-based) in the text.
    pub line: usize,
    /// Its syntax tree, as pest_meta reads it (for its diagram).
    pub(super) ast: pest_meta::ast::Rule,
}

/// What a rule's modifier makes of it: whether it produces a pair, and whether implicit
/// whitespace runs inside it (pest's `_`, `@`, `$` and `!`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    /// `a = { ... }`.
    Normal,
    /// `a = _{ ... }`: no pair of its own.
    Silent,
    /// `a = @{ ... }`: no implicit whitespace, no inner pairs.
    Atomic,
    /// `a = ${ ... }`: no implicit whitespace, inner pairs kept.
    CompoundAtomic,
    /// `a = !{ ... }`: implicit whitespace again inside an atomic rule.
    NonAtomic,
}

impl RuleText<'_> {
    /// The rule's modifier.
    ///
    /// ```
    /// use urn_tag::grammar_tools::{GrammarText, RuleKind};
    ///
    /// let text = GrammarText::read("a = _{ b }\nb = @{ \"x\" }").expect("a grammar");
    /// assert_eq!(text.rules[0].kind(), RuleKind::Silent);
    /// assert_eq!(text.rules[1].kind(), RuleKind::Atomic);
    /// ```
    pub fn kind(&self) -> RuleKind {
        match self.ast.ty {
            RuleType::Normal => RuleKind::Normal,
            RuleType::Silent => RuleKind::Silent,
            RuleType::Atomic => RuleKind::Atomic,
            RuleType::CompoundAtomic => RuleKind::CompoundAtomic,
            RuleType::NonAtomic => RuleKind::NonAtomic,
        }
    }
}

/// A grammar text as it is written: its rules in order, with their text and comments.
#[derive(Debug, Clone)]
pub struct GrammarText<'a> {
    /// Its `//!` lines, without the `//!` and the one space after it.
    pub doc: Vec<&'a str>,
    /// Its rules, in the order of the text.
    pub rules: Vec<RuleText<'a>>,
    /// The index in `rules` of each rule, by name.
    index: HashMap<&'a str, usize>,
    /// How many bytes of the text were looked at to number the rules' lines: the work that
    /// was quadratic when each rule's line was counted from the start of the text.
    #[cfg(test)]
    pub(super) line_work: usize,
}

impl<'a> GrammarText<'a> {
    /// Reads the rules of a grammar text with pest_meta's own grammar of `.pest` files, after
    /// [`check_limits`], and checks it as pest_derive would (undefined rules, left recursion,
    /// ...).
    ///
    /// ```
    /// use urn_tag::grammar_tools::GrammarText;
    ///
    /// let text = GrammarText::read("//! A grammar.\n\n/// The NSS.\n// PEG: greedy.\nnss = { ASCII_ALPHA+ }\n")?;
    /// assert_eq!(text.doc, ["A grammar."]);
    /// let nss = text.rule("nss").expect("a rule of the text");
    /// assert_eq!((nss.line, nss.text), (5, "nss = { ASCII_ALPHA+ }"));
    /// assert_eq!((nss.doc.as_slice(), nss.notes.as_slice()), (&["The NSS."][..], &["// PEG: greedy."][..]));
    /// # Ok::<(), Vec<urn_tag::grammar_tools::GrammarError>>(())
    /// ```
    pub fn read(source: &'a str) -> Result<GrammarText<'a>, Vec<GrammarError>> {
        let (pairs, ast) = parse(source)?;
        Ok(text_of(source, pairs, ast))
    }

    /// The rule named `name`, if the text defines it.
    pub fn rule(&self, name: &str) -> Option<&RuleText<'a>> {
        self.index.get(name).map(|&at| &self.rules[at])
    }

    /// The diagrams of the text's rules (see [`Diagrams`]), which keep what they need of it.
    pub fn diagrams(&self) -> Diagrams {
        Diagrams::new(self.rules.iter().map(|rule| (rule.name, &rule.ast.expr)))
    }
}

/// Reads a grammar text once for both uses: its rules as the text writes them (as
/// [`GrammarText::read`] gives them), and compiled for pest_vm.
///
/// ```
/// use urn_tag::grammar_tools::{load, Trial};
///
/// let (text, compiled) = load("a = { \"x\" ~ b }\nb = _{ \"y\" }")?;
/// assert_eq!(text.rules.len(), 2);
/// let runner = compiled.runner("a").expect("a rule of the text");
/// assert!(matches!(runner.run("xy"), Trial::Parsed { end: 2, .. }));
/// # Ok::<(), Vec<urn_tag::grammar_tools::GrammarError>>(())
/// ```
pub fn load(source: &str) -> Result<(GrammarText<'_>, Compiled), Vec<GrammarError>> {
    let (pairs, ast) = parse(source)?;
    let compiled = Compiled {
        rules: pest_meta::optimizer::optimize(ast.clone()),
    };
    Ok((text_of(source, pairs, ast), compiled))
}

/// A grammar text's rules, checked and compiled for pest_vm, pest's interpreter: ready to run
/// any of them ([`Compiled::runner`]).
#[derive(Debug, Clone)]
pub struct Compiled {
    rules: Vec<OptimizedRule>,
}

impl Compiled {
    /// Reads and compiles a grammar text (as [`load`] does, without the text's comments).
    ///
    /// ```
    /// use urn_tag::grammar_tools::Compiled;
    ///
    /// let compiled = Compiled::new("a = { ASCII_DIGIT+ }")?;
    /// assert_eq!(compiled.rule_names().collect::<Vec<_>>(), ["a"]);
    /// # Ok::<(), Vec<urn_tag::grammar_tools::GrammarError>>(())
    /// ```
    pub fn new(source: &str) -> Result<Compiled, Vec<GrammarError>> {
        let (_, ast) = parse(source)?;
        Ok(Compiled {
            rules: pest_meta::optimizer::optimize(ast),
        })
    }

    /// The names of the rules, in the order of the text.
    pub fn rule_names(&self) -> impl Iterator<Item = &str> {
        self.rules.iter().map(|rule| rule.name.as_str())
    }

    /// Compiles the rules to run `rule`; an error that lists the rules when there is none of
    /// that name.
    ///
    /// ```
    /// use urn_tag::grammar_tools::Compiled;
    ///
    /// let compiled = Compiled::new("b = { \"x\" }\na = { b }")?;
    /// let error = compiled.runner("c").unwrap_err();
    /// assert_eq!(error.to_string(), r#"the grammar has no rule "c"; its rules are: a, b"#);
    /// # Ok::<(), Vec<urn_tag::grammar_tools::GrammarError>>(())
    /// ```
    pub fn runner(self, rule: &str) -> Result<Runner, NoSuchRule> {
        if !self.rules.iter().any(|compiled| compiled.name == rule) {
            let mut rules: Vec<String> = self.rules.into_iter().map(|rule| rule.name).collect();
            rules.sort_unstable();
            return Err(NoSuchRule {
                rule: rule.to_owned(),
                rules,
            });
        }
        let mut rules = self.rules;
        let wrapper = wrap(&mut rules, rule);
        Ok(Runner::new(rules, rule, wrapper))
    }
}

/// A rule asked for that the grammar does not have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoSuchRule {
    /// The rule asked for.
    pub rule: String,
    /// The grammar's rules, sorted.
    pub rules: Vec<String>,
}

impl fmt::Display for NoSuchRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the grammar has no rule {:?}; its rules are: {}",
            self.rule,
            self.rules.join(", ")
        )
    }
}

impl std::error::Error for NoSuchRule {}

/// What `pest_meta::parse_and_optimize` does before optimizing, keeping the pairs: the text's
/// parse (after [`check_limits`]), its checks, and its rules' syntax trees in text order.
#[allow(clippy::type_complexity)]
fn parse(
    source: &str,
) -> Result<(Pairs<'_, MetaRule>, Vec<pest_meta::ast::Rule>), Vec<GrammarError>> {
    check_limits(source)?;
    let pairs = parser::parse(MetaRule::grammar_rules, source).map_err(|e| errors(vec![e]))?;
    pest_meta::validator::validate_pairs(pairs.clone()).map_err(errors)?;
    let ast = parser::consume_rules(pairs.clone()).map_err(errors)?;
    Ok((pairs, ast))
}

/// The rules of a parsed text with their text, doc lines and notes, in one pass over its
/// pairs: each rule's line is counted on from the previous rule's, and its syntax tree is
/// looked up by name, so that a text of many rules is read in linear time.
fn text_of<'a>(
    source: &'a str,
    pairs: Pairs<'a, MetaRule>,
    ast: Vec<pest_meta::ast::Rule>,
) -> GrammarText<'a> {
    let mut trees: HashMap<String, pest_meta::ast::Rule> = ast
        .into_iter()
        .map(|rule| (rule.name.clone(), rule))
        .collect();
    let mut grammar = GrammarText {
        doc: Vec::new(),
        rules: Vec::new(),
        index: HashMap::new(),
        #[cfg(test)]
        line_work: 0,
    };
    let mut doc: Vec<&str> = Vec::new();
    let mut doc_end = 0;
    let mut lines = LineCounter::default();
    for pair in pairs {
        match pair.as_rule() {
            MetaRule::grammar_doc => grammar.doc.push(inner_doc(pair)),
            MetaRule::grammar_rule => {
                let span = pair.as_span();
                let mut inner = pair.into_inner();
                let Some(first) = inner.next() else { continue };
                if first.as_rule() == MetaRule::line_doc {
                    doc.push(inner_doc(first));
                    doc_end = span.end();
                    continue;
                }
                let between = if doc.is_empty() {
                    ""
                } else {
                    &source[doc_end..span.start()]
                };
                let notes = between
                    .lines()
                    .map(str::trim)
                    .filter(|line| line.starts_with("//"))
                    .collect();
                // pest_meta has a syntax tree for every rule it parsed, and names are unique
                // once the text has passed its checks.
                let Some(ast) = trees.remove(first.as_str()) else {
                    continue;
                };
                grammar.index.insert(first.as_str(), grammar.rules.len());
                grammar.rules.push(RuleText {
                    name: first.as_str(),
                    doc: std::mem::take(&mut doc),
                    notes,
                    text: span.as_str(),
                    offset: span.start(),
                    line: lines.line_at(source, span.start()),
                    ast,
                });
            }
            _ => {}
        }
    }
    #[cfg(test)]
    {
        grammar.line_work = lines.offset;
    }
    grammar
}

/// Line numbers of offsets asked for in increasing order, counted on from the last one
/// (pest's `line_col` counts from the start of the text every time), so that numbering all
/// the rules looks at each byte of the text once.
#[derive(Default)]
struct LineCounter {
    /// The bytes counted so far.
    offset: usize,
    /// The number of line breaks before `offset`.
    breaks: usize,
}

impl LineCounter {
    /// The line (1-based) of byte `offset` of `source`.
    fn line_at(&mut self, source: &str, offset: usize) -> usize {
        if let Some(skipped) = source.get(self.offset..offset) {
            self.breaks += skipped.bytes().filter(|&byte| byte == b'\n').count();
            self.offset = offset;
        }
        self.breaks + 1
    }
}

/// The text of a `grammar_doc` or `line_doc` pair.
fn inner_doc(pair: pest::iterators::Pair<'_, MetaRule>) -> &str {
    pair.into_inner()
        .next()
        .map_or("", |inner_doc| inner_doc.as_str())
}

/// Adds a normal rule that calls `target` and returns its name, chosen so that it is not
/// already a rule: its pair spans exactly what `target` matched, even when `target` is silent.
fn wrap(rules: &mut Vec<OptimizedRule>, target: &str) -> String {
    let mut name = String::from("trial");
    while rules.iter().any(|rule| rule.name == name) {
        name.push('_');
    }
    rules.push(OptimizedRule {
        name: name.clone(),
        ty: RuleType::Normal,
        expr: OptimizedExpr::Ident(target.to_owned()),
    });
    name
}
