//! Reading a `.pest` file: its rules with their `///` text and comments (for people), and the
//! rules compiled for pest_vm (for running).

use pest::error::Error;
use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};
use pest_meta::parser::{self, Rule as MetaRule};

/// A grammar file's errors, as pest_meta reports them.
pub type GrammarErrors = Vec<Error<MetaRule>>;

/// A rule as the file writes it.
pub struct RuleText<'a> {
    pub name: &'a str,
    /// Its `///` lines, without the `///` and the one space after it.
    pub doc: Vec<&'a str>,
    /// The `//` comment lines between its `///` lines and the rule (the `// PEG:` notes).
    pub notes: Vec<&'a str>,
    /// The rule itself, from its name to its closing brace.
    pub text: &'a str,
    /// The rule's line (1-based) in the file.
    pub line: usize,
    pub ast: pest_meta::ast::Rule,
}

/// A grammar file as the file writes it.
pub struct GrammarText<'a> {
    /// Its `//!` lines, without the `//!` and the one space after it.
    pub doc: Vec<&'a str>,
    pub rules: Vec<RuleText<'a>>,
}

/// Reads the rules of a grammar file, with pest_meta's own grammar of `.pest` files. Checks
/// the file as pest_derive would (undefined rules, left recursion, ...).
pub fn read(source: &str) -> Result<GrammarText<'_>, GrammarErrors> {
    compile(source)?;
    let pairs = parser::parse(MetaRule::grammar_rules, source).map_err(|e| vec![e])?;
    let mut ast = parser::consume_rules(pairs.clone())?;
    let mut grammar = GrammarText {
        doc: Vec::new(),
        rules: Vec::new(),
    };
    let mut doc: Vec<&str> = Vec::new();
    let mut doc_end = 0;
    for pair in pairs {
        match pair.as_rule() {
            MetaRule::grammar_doc => grammar.doc.push(inner_doc(pair)),
            MetaRule::grammar_rule => {
                let span = pair.as_span();
                let mut inner = pair.into_inner();
                let first = inner.next().expect("a grammar rule has content");
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
                let at = ast
                    .iter()
                    .position(|rule| rule.name == first.as_str())
                    .expect("pest_meta has an AST rule for every rule");
                let ast = ast.swap_remove(at);
                grammar.rules.push(RuleText {
                    name: first.as_str(),
                    doc: std::mem::take(&mut doc),
                    notes,
                    text: span.as_str(),
                    line: span.start_pos().line_col().0,
                    ast,
                });
            }
            _ => {}
        }
    }
    Ok(grammar)
}

/// The text of a `grammar_doc` or `line_doc` pair.
fn inner_doc(pair: pest::iterators::Pair<'_, MetaRule>) -> &str {
    pair.into_inner()
        .next()
        .map_or("", |inner_doc| inner_doc.as_str())
}

/// The file's rules, checked and optimized for pest_vm.
pub fn compile(source: &str) -> Result<Vec<OptimizedRule>, GrammarErrors> {
    pest_meta::parse_and_optimize(source).map(|(_, rules)| rules)
}

/// The same rules, every one of them producing a pair when it matches: silent rules become
/// normal and atomic ones compound-atomic. Neither change alters what a rule accepts (atomicity
/// is kept; only the tokens differ), so the parse tree shows every rule that took part.
pub fn all_visible(rules: Vec<OptimizedRule>) -> Vec<OptimizedRule> {
    rules
        .into_iter()
        .map(|rule| OptimizedRule {
            ty: match rule.ty {
                RuleType::Silent => RuleType::Normal,
                RuleType::Atomic => RuleType::CompoundAtomic,
                other => other,
            },
            ..rule
        })
        .collect()
}

/// Adds a normal rule that calls `target` and returns its name, chosen so that it is not
/// already a rule: its pair spans exactly what `target` matched, even when `target` is silent.
pub fn wrap(rules: &mut Vec<OptimizedRule>, target: &str) -> String {
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
