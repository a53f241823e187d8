//! A build-time compiler from `.pest` grammars to allocation-free Rust recognizers.
//!
//! The grammar goes through `pest_meta` exactly as `pest_derive` reads it (parse, validate,
//! optimize), so the recognizer and the pest-derived parser start from the same rules. Then:
//!
//! 1. [`front`] inlines every rule into each entry, turning it into the byte-level [`ir`], and
//!    refuses every construct the recognizer would not reproduce exactly (implicit whitespace,
//!    the stack, node tags, Unicode, recursion, ...);
//! 2. [`simplify`] flattens sequences and choices and fuses the alternatives of a choice that
//!    each consume one byte into one byte class, where PEG semantics allow it (in a failure
//!    report, rules around one byte too, kept to name the failures);
//! 3. [`codegen`] writes straight-line Rust over `&[u8]`: for each entry rule, a recognizer
//!    that returns the spans of the captured rules and a finder of where a rejected input
//!    failed; with [`Config::reports`], a failure report that also names the rules around
//!    the furthest failure; and for each rule of [`Config::prefixes`], a prefix matcher that
//!    says where its match at the start of the input ends. The fixed functions they call are
//!    src/compiled/support.rs.
//!
//! [`js`] writes the recognizers of the entry rules in JavaScript instead ([`compile_js`]), for
//! the npm package, with each entry rule also as one regular expression ([`pattern`]).
//!
//! The semantics reproduced are pest's: ordered choice commits to the first alternative that
//! matches, a failed sequence gives back what it consumed, repetition is greedy and never gives
//! back, predicates consume nothing, `^"..."` compares ASCII letters without case. A rule's
//! span is captured when pest would produce a pair for it (a non-silent rule that is neither
//! inside a predicate nor inside an atomic `@` rule; `$` and `!` rules always produce theirs),
//! and the last such pair wins.

mod codegen;
mod front;
mod ir;
// The crate's build writes Rust only; the npm package's build writes JavaScript too.
#[allow(dead_code)]
mod js;
#[allow(dead_code)]
mod pattern;
mod simplify;

use std::fmt;

/// What to generate from a grammar.
pub struct Config<'a> {
    /// The entry rules: each becomes a recognizer function and a failure function.
    pub entries: &'a [&'a str],
    /// The rules whose spans the recognizers report.
    pub captures: &'a [&'a str],
    /// Whether each entry also gets a failure report, `{entry}_report`: where a rejected
    /// input failed and which rules were around the steps that failed there.
    pub reports: bool,
    /// Rules that get a prefix matcher, `{rule}_prefix`: where a match at the start of the
    /// input ends. Without `EOI`, it is the longest valid prefix wherever PEG's greedy
    /// repetitions find it.
    pub prefixes: &'a [&'a str],
}

/// Why a grammar could not be compiled: the rule at fault, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    rule: Option<String>,
    message: String,
}

impl Error {
    fn in_rule(rule: &str, message: impl Into<String>) -> Self {
        Error {
            rule: Some(rule.to_owned()),
            message: message.into(),
        }
    }

    fn in_grammar(message: impl Into<String>) -> Self {
        Error {
            rule: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.rule {
            Some(rule) => write!(f, "rule `{rule}`: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// The rules of `grammar` that are not silent (the rules pest produces pairs for), sorted.
pub fn visible_rules(grammar: &str) -> Result<Vec<String>, Error> {
    let grammar = front::Grammar::load(grammar)?;
    Ok(grammar
        .visible_rules()
        .into_iter()
        .map(str::to_owned)
        .collect())
}

/// Compiles `grammar` (the text of a `.pest` file called `name` in the generated header) into
/// the Rust source of its recognizers, to be `include!`d into a module of its own.
pub fn compile(name: &str, grammar: &str, config: &Config<'_>) -> Result<String, Error> {
    let grammar = front::Grammar::load(grammar)?;
    for &capture in config.captures {
        grammar.check_capture(capture)?;
        codegen::check_identifier(capture)?;
    }
    let mut entries = Vec::with_capacity(config.entries.len());
    for &entry in config.entries {
        let node = grammar.lower_entry(entry, config.captures)?;
        codegen::check_identifier(entry)?;
        if let Some(other) = entry.strip_suffix("_failure")
            && config.entries.contains(&other)
        {
            return Err(Error::in_rule(
                entry,
                format!(
                    "cannot be an entry: `{other}_failure` is the failure function of `{other}`"
                ),
            ));
        }
        if let Some(other) = entry.strip_suffix("_report")
            && config.reports
            && config.entries.contains(&other)
        {
            return Err(Error::in_rule(
                entry,
                format!("cannot be an entry: `{other}_report` is the failure report of `{other}`"),
            ));
        }
        entries.push((entry, simplify::simplify(node)));
    }
    let mut reports = Vec::new();
    if config.reports {
        for &entry in config.entries {
            let node = grammar.lower_entry_naming_rules(entry)?;
            reports.push((entry, simplify::simplify_naming_rules(node)));
        }
        let mut rules = std::collections::BTreeMap::new();
        for (_, node) in &reports {
            node.collect_rules(&mut rules);
        }
        if rules.len() > codegen::MAX_REPORTED_RULES {
            return Err(Error::in_grammar(format!(
                "{} rules: a failure report tells at most {} apart",
                rules.len(),
                codegen::MAX_REPORTED_RULES
            )));
        }
    }
    let mut prefixes = Vec::with_capacity(config.prefixes.len());
    for &rule in config.prefixes {
        codegen::check_identifier(rule)?;
        if let Some(other) = rule.strip_suffix("_prefix")
            && config.prefixes.contains(&other)
        {
            return Err(Error::in_rule(
                rule,
                format!("cannot have a prefix matcher: `{other}_prefix` is that of `{other}`"),
            ));
        }
        let node = grammar.lower_entry(rule, &[])?;
        prefixes.push((rule, simplify::simplify(node)));
    }
    Ok(codegen::generate(
        name,
        &entries,
        config.captures,
        &reports,
        &prefixes,
    ))
}

/// Compiles the entry rules `entries` of `grammar` (the text of a `.pest` file called `name`
/// in the generated header) into an ES module of JavaScript recognizers reporting the spans of
/// `captures` (see [`js`]). The grammar must read ASCII only, with predicates of one step.
#[allow(dead_code)] // the crate's build writes Rust only; the npm package's build writes this
pub fn compile_js(
    name: &str,
    grammar: &str,
    entries: &[&str],
    captures: &[&str],
) -> Result<String, Error> {
    let grammar = front::Grammar::load(grammar)?;
    for &capture in captures {
        grammar.check_capture(capture)?;
    }
    let mut lowered = Vec::with_capacity(entries.len());
    for &entry in entries {
        js::check_entry_name(entry)?;
        let node = simplify::simplify(grammar.lower_entry(entry, captures)?);
        js::check_supported(entry, &node)?;
        lowered.push((entry, node));
    }
    Ok(js::generate(name, &lowered, captures))
}
