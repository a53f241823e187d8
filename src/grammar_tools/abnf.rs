//! RFC 5234 ABNF compiled for membership tests and generated examples: the independent oracle
//! of the ABNF cross-check of the `.pest` files, and the grammar playground's registration
//! check. [`Outline`] gives the rules of a text as written, with their places and railroad
//! diagrams, for a reviewer reading the text.
//!
//! An ABNF text is parsed with the `abnf` crate and its rule tree is translated mechanically,
//! node by node, into a regular expression: the grammars of identifiers have no recursion, so
//! each one denotes a regular language, and the `regex` crate decides membership exactly,
//! whatever the ambiguity of the ABNF (no ordered choice, no greediness). The same tree drives
//! a random generator of strings, biased toward the boundaries of each repetition.
//!
//! A text may be one a person pastes, so it is bounded before anything recurses over it:
//! groups and options nest at most [`MAX_NESTING`] deep, a rule reaches at most [`MAX_DEPTH`]
//! levels through the rules it uses, and its regular expression is at most [`MAX_PATTERN`]
//! bytes; a generated string takes a bounded number of steps. What is wrong with a text is an
//! `Err` with the reason.
//!
//! ```
//! use urn_tag::grammar_tools::abnf::{Grammar, Matcher, Rng};
//!
//! let grammar = Grammar::parse("oid = number *( \".\" number )\nnumber = DIGIT / %x31-39 1*DIGIT\n", &[])?;
//! let matcher = Matcher::new(&grammar, "oid")?;
//! assert!(matcher.accepts("1.3.6.1"));
//! assert!(!matcher.accepts("1.03"));
//!
//! let mut rng = Rng::new(1);
//! let drawn = grammar.generate("oid", 0, &mut rng, 100).expect("a string of at most 100 bytes");
//! assert!(drawn.split('.').all(|number| !number.is_empty()));
//! # Ok::<(), String>(())
//! ```

use core::fmt;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::prelude::rust_2024::*;
use std::{format, vec};

use abnf::types::{Node, Repeat, TerminalValues};
use regex::Regex;

mod earley;

pub use earley::{Failure, MAX_ITEMS, MAX_ITEMS_PER_BYTE, MAX_SYMBOLS};

/// The RFC 5234 Appendix B.1 core rules, available to every grammar that does not define them.
const CORE_RULES: &str = include_str!("../../tests/data/abnf/rfc5234-core.abnf");

/// How deep groups `( )` and options `[ ]` may nest in an ABNF text: the `abnf` crate's parser
/// recurses a dozen calls deep for each, and a browser's stack holds about 2 000 levels.
/// Registrations nest three or four.
pub const MAX_NESTING: usize = 64;

/// How deep a rule may reach through the rules it uses, counting every group, option,
/// repetition, alternation, concatenation and rule name on the way: the depth of the
/// recursion that compiles and generates from it, and of the groups of its regular
/// expression, which the `regex` crate takes at most 250 deep.
pub const MAX_DEPTH: usize = 200;

/// The longest regular expression compiled from a rule, in bytes: a rule that uses another
/// twice, which uses another twice, and so on, doubles its expression at each step.
pub const MAX_PATTERN: usize = 256 * 1024;

/// Refuses an ABNF text whose groups and options nest deeper than [`MAX_NESTING`], before the
/// `abnf` crate's parser recurses over them. Quoted strings, prose values and comments are
/// skipped as RFC 5234 writes them.
fn check_nesting(text: &str) -> Result<(), String> {
    let mut depth = 0usize;
    let mut line = 1;
    let mut line_start = 0;
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'\n' => {
                line += 1;
                line_start = at + 1;
            }
            b'"' | b'<' => {
                // To the closing quote or bracket (RFC 5234 keeps both on one line).
                let close = if byte == b'"' { b'"' } else { b'>' };
                at += bytes[at + 1..]
                    .iter()
                    .position(|&b| b == close || b == b'\n')
                    .map_or(bytes.len() - at, |found| found + 1);
            }
            b';' => {
                at += bytes[at..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len() - at, |found| found - 1);
            }
            b'(' | b'[' => {
                depth += 1;
                if depth > MAX_NESTING {
                    let column = text[line_start..at].chars().count() + 1;
                    return Err(format!(
                        "ABNF: groups and options nest more than {MAX_NESTING} deep at line \
                         {line}, column {column}"
                    ));
                }
            }
            b')' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        at += 1;
    }
    Ok(())
}

/// The rules of `text`, or one message for its first syntax error: the line and column of the
/// fault, what is wrong there, and the line with a caret under the fault.
///
/// The `abnf` crate reports a failure as nom's list of every parser that failed on the way
/// out, each with its line and a caret. The list of rules fails where the rule that does not
/// parse begins, so that rule is parsed again on its own (with its continuation lines), whose
/// parse stops at the fault itself; the reason is told from the character there, since nom's
/// innermost "expected" names only the last alternative it tried.
///
/// ```
/// use urn_tag::grammar_tools::abnf::Grammar;
///
/// let error = Grammar::parse("a = \"x\"\nb = 1*DIGIT ]\n", &[]).unwrap_err();
/// assert_eq!(
///     error,
///     "ABNF syntax error at line 2, column 13: this bracket closes nothing\nb = 1*DIGIT ]\n            ^"
/// );
/// ```
fn rulelist(text: &str) -> Result<Vec<abnf::types::Rule>, String> {
    let report = match abnf::rulelist(text) {
        Ok(rules) => return Ok(rules),
        Err(error) => error.to_string(),
    };
    let lines: Vec<&str> = text.lines().collect();
    let (mut line, mut column) = first_place(&report).unwrap_or((1, 1));
    if let Some(first) = line.checked_sub(1).filter(|&first| first < lines.len()) {
        let end = (first + 1..lines.len())
            .find(|&next| !lines[next].starts_with([' ', '\t']))
            .unwrap_or(lines.len());
        let rule = format!("{}\n", lines[first..end].join("\n"));
        if let Err(error) = abnf::rule(&rule)
            && let Some((within, at)) = first_place(&error.to_string())
        {
            (line, column) = (first + within, at);
        }
    }
    let shown = lines.get(line.wrapping_sub(1)).copied().unwrap_or("");
    let mut cut = (column - 1).min(shown.len());
    while !shown.is_char_boundary(cut) {
        cut -= 1;
    }
    let (before, after) = shown.split_at(cut);
    let reason = reason(before, after);
    // nom counts columns in bytes; a person counts characters.
    let column = before.chars().count() + 1;
    Err(format!(
        "ABNF syntax error at line {line}, column {column}: {reason}\n{shown}\n{:>column$}",
        "^"
    ))
}

/// What is wrong at the fault of a line, `before` it and from it on (`after`).
fn reason(before: &str, after: &str) -> String {
    let mut rest = after.chars();
    let Some(at) = rest.next() else {
        return "the rule ends here, unfinished".to_owned();
    };
    let rest = rest.as_str();
    match at {
        '"' => match rest.split_once('"') {
            None => "this quoted string is not closed on its line".to_owned(),
            Some((inside, _)) => match inside.chars().find(|ch| !matches!(ch, ' '..='~')) {
                Some(ch) => format!(
                    "a quoted string holds only printable ASCII characters, not {ch:?}: write \
                     others as %x"
                ),
                None => "'\"' cannot stand here".to_owned(),
            },
        },
        '<' if !rest.contains('>') => "this prose value is not closed on its line".to_owned(),
        '(' => "this group is not closed, or what it holds is not ABNF".to_owned(),
        '[' => "this option is not closed, or what it holds is not ABNF".to_owned(),
        ')' | ']' => "this bracket closes nothing".to_owned(),
        _ if before.trim().is_empty() => {
            "a rule starts with its name, then = or =/, at the start of a line".to_owned()
        }
        _ if before
            .trim()
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || ch == '-') =>
        {
            "a rule's name is followed by = or =/".to_owned()
        }
        other => format!("{other:?} cannot stand here"),
    }
}

/// The line (1-based) and the byte column (1-based) of the first (the innermost) failure of a
/// report of nom's, which reads `0: at line L[, in Kind]:`, the line, and a caret under the
/// place.
fn first_place(report: &str) -> Option<(usize, usize)> {
    let mut lines = report.lines();
    let head = lines.next()?.strip_prefix("0: at line ")?;
    let line: usize = head.split([':', ',']).next()?.parse().ok()?;
    lines.next()?;
    let column = lines.next()?.len();
    (column > 0).then_some((line, column))
}

/// What BAP, the IETF's ABNF checker, warns of in a text that parses: rules used but not
/// defined (nor among RFC 5234's core rules), references that spell a rule's name in another
/// case than its definition (the names are case-insensitive, RFC 5234 §2.1, but a reader takes
/// them for different rules), and rules defined but used by no other rule (but `top`, the
/// rule the text is for, and, when `top` is empty, the first rule). Each warning names the
/// line of the definition or of the first use. An empty list for a text that does not parse:
/// its error says more ([`Grammar::parse`]).
///
/// ```
/// use urn_tag::grammar_tools::abnf::warnings;
///
/// let text = "nss = part *( \".\" Part )\npart = 1*digit\nspare = ALPHA\nx = y\n";
/// assert_eq!(
///     warnings(text, ""),
///     [
///         "line 1: rule part is written Part here, but defined as part (line 2)",
///         "line 2: rule digit is written digit here, but defined as DIGIT (RFC 5234's core rules)",
///         "line 3: rule spare is defined but not used",
///         "line 4: rule x is defined but not used",
///         "line 4: rule y is used but not defined",
///     ]
/// );
/// ```
pub fn warnings(text: &str, top: &str) -> Vec<String> {
    let Ok(rules) = abnf::rulelist(text) else {
        return Vec::new();
    };
    // Each rule's name as defined, and the line of its definition.
    let line_of = |name: &str| {
        text.lines()
            .position(|line| {
                line.get(..name.len())
                    .is_some_and(|start| start.eq_ignore_ascii_case(name))
                    && line[name.len()..].trim_start().starts_with('=')
            })
            .map_or(0, |at| at + 1)
    };
    let mut defined: BTreeMap<String, (String, usize)> = BTreeMap::new();
    for rule in &rules {
        let name = rule.name();
        defined
            .entry(name.to_ascii_lowercase())
            .or_insert_with(|| (name.to_owned(), line_of(name)));
    }
    let core: BTreeMap<String, String> = abnf::rulelist(CORE_RULES)
        .unwrap_or_default()
        .iter()
        .map(|rule| (rule.name().to_ascii_lowercase(), rule.name().to_owned()))
        .collect();
    // The references of each rule, as written, in the order of the text.
    let mut used: BTreeSet<String> = BTreeSet::new();
    let mut found: Vec<(usize, String)> = Vec::new();
    let mut spelled: BTreeSet<(String, String)> = BTreeSet::new();
    for rule in &rules {
        let at = line_of(rule.name());
        let mut stack = vec![rule.node()];
        let mut names = Vec::new();
        while let Some(node) = stack.pop() {
            match node {
                Node::Alternatives(nodes) | Node::Concatenation(nodes) => {
                    stack.extend(nodes.iter().rev());
                }
                Node::Repetition { node, .. } | Node::Group(node) | Node::Optional(node) => {
                    stack.push(node);
                }
                Node::Rulename(name) => names.push(name.clone()),
                _ => {}
            }
        }
        for name in names {
            let key = name.to_ascii_lowercase();
            if key != rule.name().to_ascii_lowercase() {
                used.insert(key.clone());
            }
            let (definition, place) = match (defined.get(&key), core.get(&key)) {
                (Some((definition, line)), _) => (definition.clone(), format!("line {line}")),
                (None, Some(definition)) => {
                    (definition.clone(), "RFC 5234's core rules".to_owned())
                }
                (None, None) => {
                    if spelled.insert((key.clone(), String::new())) {
                        found.push((at, format!("rule {name} is used but not defined")));
                    }
                    continue;
                }
            };
            if definition != name && spelled.insert((key, name.clone())) {
                found.push((
                    at,
                    format!(
                        "rule {key} is written {name} here, but defined as {definition} ({place})",
                        key = definition.to_ascii_lowercase()
                    ),
                ));
            }
        }
    }
    let top = match top.trim() {
        "" => rules.first().map(|rule| rule.name().to_ascii_lowercase()),
        named => Some(named.to_ascii_lowercase()),
    };
    for (key, (name, line)) in &defined {
        if !used.contains(key) && top.as_deref() != Some(key.as_str()) {
            found.push((*line, format!("rule {name} is defined but not used")));
        }
    }
    found.sort();
    found
        .into_iter()
        .map(|(line, warning)| format!("line {line}: {warning}"))
        .collect()
}

/// The longest ABNF text whose rules are outlined and drawn ([`Outline::read`]): a
/// registration's ABNF is a few kilobytes, and every rule's diagram is drawn at once.
pub const MAX_OUTLINED_TEXT: usize = 128 * 1024;

/// The rules of an ABNF text as they are written, where each one is, and its railroad diagram:
/// what a reviewer reads beside the text, the rule under the cursor.
///
/// A text is refused as [`Grammar::parse`] refuses it (groups and options nested deeper than
/// [`MAX_NESTING`], a syntax error, with its line and caret), and when it is longer than
/// [`MAX_OUTLINED_TEXT`]; a diagram takes time in the size of its rule.
///
/// ```
/// use urn_tag::grammar_tools::abnf::Outline;
///
/// let outline = Outline::read("nss = part *( \":\" part )\npart = 1*DIGIT\n  / \"x\"\n")?;
/// let rules = outline.rules();
/// assert_eq!((rules[0].name.as_str(), rules[0].line, rules[0].last_line), ("nss", 1, 1));
/// assert_eq!((rules[1].name.as_str(), rules[1].line, rules[1].last_line), ("part", 2, 3));
/// let svg = outline.draw(0).expect("the first rule");
/// assert!(svg.starts_with("<svg") && svg.contains(r##"xlink:href="#part""##));
/// assert!(outline.draw(1).expect("the second rule").contains(r#"data-kind="core""#));
/// assert_eq!(outline.draw(2), None);
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone)]
pub struct Outline {
    rules: Vec<OutlinedRule>,
    definitions: Vec<Node>,
    /// Each name the text defines (lower case), as its first definition spells it.
    defined: BTreeMap<String, String>,
    /// The names of RFC 5234's core rules (lower case).
    core: BTreeSet<String>,
}

/// A definition of a rule in an ABNF text ([`Outline::rules`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlinedRule {
    /// The rule's name, as the definition writes it.
    pub name: String,
    /// Whether the definition adds alternatives to the rule's (`=/`, RFC 5234 §3.3).
    pub incremental: bool,
    /// The line of the text the definition starts on, and its last line (1-based): the name's
    /// line and its continuation lines, which start with a space or a tab.
    pub line: usize,
    /// See [`OutlinedRule::line`].
    pub last_line: usize,
    /// The byte range of the definition in the text, from its name to the end of its last
    /// line.
    pub span: core::ops::Range<usize>,
}

impl Outline {
    /// Reads the rules of `text`; an error says what is wrong with it.
    ///
    /// ```
    /// use urn_tag::grammar_tools::abnf::Outline;
    ///
    /// let deep = format!("a = {}\"x\"{}\n", "(".repeat(65), ")".repeat(65));
    /// assert_eq!(
    ///     Outline::read(&deep).unwrap_err(),
    ///     "ABNF: groups and options nest more than 64 deep at line 1, column 69"
    /// );
    /// # Ok::<(), String>(())
    /// ```
    pub fn read(text: &str) -> Result<Outline, String> {
        if text.len() > MAX_OUTLINED_TEXT {
            return Err(format!(
                "ABNF: the text is {} KiB long; its rules are drawn for a text of at most {} KiB",
                text.len().div_ceil(1024),
                MAX_OUTLINED_TEXT / 1024
            ));
        }
        check_nesting(text)?;
        // The error of a text that does not parse, with its line and caret.
        let parsed = rulelist(text)?;
        let mut rules = Vec::new();
        let mut definitions = Vec::new();
        let mut defined = BTreeMap::new();
        for (line, last_line, span) in definition_lines(text) {
            // Each definition parsed on its own, so that its place and its rule are known to
            // go together.
            let Ok(rule) = abnf::rule(&format!("{}\n", &text[span.clone()])) else {
                continue;
            };
            defined
                .entry(rule.name().to_ascii_lowercase())
                .or_insert_with(|| rule.name().to_owned());
            rules.push(OutlinedRule {
                name: rule.name().to_owned(),
                incremental: matches!(rule.kind(), abnf::types::Kind::Incremental),
                line,
                last_line,
                span,
            });
            definitions.push(rule.node().clone());
        }
        if rules.len() != parsed.len() {
            return Err(format!(
                "ABNF: {} rules are defined, but only {} of them start a line of their own",
                parsed.len(),
                rules.len()
            ));
        }
        let core = abnf::rulelist(CORE_RULES)
            .unwrap_or_default()
            .iter()
            .map(|rule| rule.name().to_ascii_lowercase())
            .collect();
        Ok(Outline {
            rules,
            definitions,
            defined,
            core,
        })
    }

    /// The definitions of the text, in its order.
    pub fn rules(&self) -> &[OutlinedRule] {
        &self.rules
    }

    /// The SVG of the railroad diagram of the `index`-th definition ([`Outline::rules`]), at
    /// its natural size, styled by [`super::Diagrams::css`]; `None` past the last one.
    ///
    /// A concatenation is a sequence, an alternation a choice, a repetition a loop with its
    /// bounds written as ABNF writes them (`*`, `1*`, `2*4`), an option `[ ]` a way around.
    /// A name the text defines is a box linking to `#name` (as its definition spells it); one
    /// of RFC 5234's core rules a box of kind `core` (`data-kind="core"`), an undefined name
    /// one of kind `undefined`. A quoted string is a terminal, marked `any case` when it has
    /// letters (RFC 5234 §2.3), or written `%s"..."` when it is case-sensitive (RFC 7405);
    /// a `%x` value or range is written in hex, with the characters it stands for where they
    /// are printable ASCII (`%x30-39 '0'..'9'`).
    pub fn draw(&self, index: usize) -> Option<String> {
        let definition = self.definitions.get(index)?;
        let names = |name: &str| {
            let key = name.to_ascii_lowercase();
            match self.defined.get(&key) {
                Some(definition) => super::drawing::AbnfName::Rule(definition.as_str()),
                None if self.core.contains(&key) => super::drawing::AbnfName::Core,
                None => super::drawing::AbnfName::Undefined,
            }
        };
        Some(super::drawing::abnf_rule_diagram(definition, &names))
    }
}

/// Where each definition of an ABNF text is: its first and last lines (1-based) and its byte
/// range. A definition starts at a line that starts with a letter, as a rule name does (RFC
/// 5234 §2.2), and goes on over the lines after it that start with a space or a tab and hold
/// more than white space.
fn definition_lines(text: &str) -> Vec<(usize, usize, core::ops::Range<usize>)> {
    let mut found: Vec<(usize, usize, core::ops::Range<usize>)> = Vec::new();
    let mut open = false;
    let mut start = 0;
    for (index, line) in text.split('\n').enumerate() {
        let end = start + line.len();
        // The span ends before a line's carriage return.
        let content = start + line.trim_end_matches('\r').len();
        if line.starts_with(|ch: char| ch.is_ascii_alphabetic()) {
            found.push((index + 1, index + 1, start..content));
            open = true;
        } else if open && line.starts_with([' ', '\t']) && !line.trim().is_empty() {
            if let Some(last) = found.last_mut() {
                last.1 = index + 1;
                last.2.end = content;
            }
        } else if !line.trim().is_empty() || !line.starts_with([' ', '\t']) {
            open = false;
        }
        start = end + 1;
    }
    found
}

/// An ABNF rule list, with the RFC 5234 core rules it does not define. Rule names are
/// case-insensitive (RFC 5234 §2.1), so they are kept in lower case. A rule may have more than
/// one definition when the document restates it (see [`Grammar::parse`]); a string then has to
/// match every definition.
#[derive(Debug, Clone)]
pub struct Grammar {
    rules: BTreeMap<String, Vec<Node>>,
    /// Each rule's name as its definition writes it, for messages (`NSS`, `DIGIT`).
    written: BTreeMap<String, String>,
    /// The rules taken from RFC 5234's core rules, not defined by the text.
    core: BTreeSet<String>,
}

impl Grammar {
    /// Parses `text`, adding the core rules it does not define. A rule defined twice is an
    /// error unless its name is in `restated`: the document says that a later definition
    /// narrows an earlier one. An error says what is wrong: groups nested too deep, no ABNF
    /// rule list, a rule defined twice.
    ///
    /// ```
    /// use urn_tag::grammar_tools::abnf::Grammar;
    ///
    /// assert!(Grammar::parse("a = \"x\"\n", &[]).is_ok());
    /// assert_eq!(Grammar::parse("a = \"x\"\na = \"y\"\n", &[]).unwrap_err(), "rule a is defined twice");
    /// assert!(Grammar::parse("a = \"x\"\na = \"y\"\n", &["a"]).is_ok());
    /// ```
    pub fn parse(text: &str, restated: &[&str]) -> Result<Grammar, String> {
        check_nesting(text)?;
        let mut rules: BTreeMap<String, Vec<Node>> = BTreeMap::new();
        let mut written = BTreeMap::new();
        for rule in rulelist(text)? {
            let name = rule.name().to_ascii_lowercase();
            let definitions = rules.entry(name.clone()).or_default();
            if !definitions.is_empty() && !restated.iter().any(|r| r.eq_ignore_ascii_case(&name)) {
                return Err(format!("rule {name} is defined twice"));
            }
            definitions.push(rule.node().clone());
            written
                .entry(name)
                .or_insert_with(|| rule.name().to_owned());
        }
        // RFC 5234's own text, which parses.
        let mut core = BTreeSet::new();
        for rule in abnf::rulelist(CORE_RULES).unwrap_or_default() {
            let name = rule.name().to_ascii_lowercase();
            if !rules.contains_key(&name) {
                rules.insert(name.clone(), vec![rule.node().clone()]);
                written.insert(name.clone(), rule.name().to_owned());
                core.insert(name);
            }
        }
        Ok(Grammar {
            rules,
            written,
            core,
        })
    }

    /// Whether rule `top` can be compiled and generated from: the rules it reaches are all
    /// defined, none of them refers to itself, none is a prose value (`<...>`), and it reaches
    /// no deeper than [`MAX_DEPTH`].
    ///
    /// ```
    /// use urn_tag::grammar_tools::abnf::Grammar;
    ///
    /// let grammar = Grammar::parse("a = \"x\" a\nb = c\n", &[])?;
    /// assert_eq!(grammar.check("a").unwrap_err(), "rule a refers to itself (a -> a): a recursive rule has no regular expression");
    /// assert_eq!(grammar.check("b").unwrap_err(), "rule c is used but not defined");
    /// # Ok::<(), String>(())
    /// ```
    pub fn check(&self, top: &str) -> Result<(), String> {
        /// The walk: the rules on the way down, and the height of each rule walked (how
        /// deep the recursion goes below it), so that each is walked once.
        struct Walk<'g> {
            grammar: &'g Grammar,
            stack: Vec<String>,
            heights: BTreeMap<String, usize>,
        }
        impl Walk<'_> {
            /// The height of `node`, met `depth` levels down; an error past [`MAX_DEPTH`].
            fn height(&mut self, node: &Node, depth: usize) -> Result<usize, String> {
                if depth > MAX_DEPTH {
                    return Err(self.too_deep());
                }
                let below = match node {
                    Node::Alternatives(nodes) | Node::Concatenation(nodes) => {
                        let mut most = 0;
                        for node in nodes {
                            most = most.max(self.height(node, depth + 1)?);
                        }
                        most
                    }
                    Node::Repetition { node, .. } | Node::Group(node) | Node::Optional(node) => {
                        self.height(node, depth + 1)?
                    }
                    Node::Rulename(name) => {
                        let key = name.to_ascii_lowercase();
                        if self.stack.contains(&key) {
                            return Err(format!(
                                "rule {name} refers to itself ({} -> {name}): a recursive rule \
                                 has no regular expression",
                                self.stack.join(" -> ")
                            ));
                        }
                        if let Some(&height) = self.heights.get(&key) {
                            if depth + height > MAX_DEPTH {
                                self.stack.push(key);
                                return Err(self.too_deep());
                            }
                            return Ok(height);
                        }
                        let definitions = self
                            .grammar
                            .rules
                            .get(&key)
                            .ok_or_else(|| format!("rule {name} is used but not defined"))?;
                        self.stack.push(key.clone());
                        let mut most = 0;
                        for definition in definitions {
                            most = most.max(self.height(definition, depth + 1)?);
                        }
                        self.stack.pop();
                        self.heights.insert(key, most);
                        most
                    }
                    Node::Prose(prose) => {
                        return Err(format!(
                            "prose value <{prose}> cannot be compiled: write it as ABNF"
                        ));
                    }
                    Node::String(_) | Node::TerminalValues(_) => 0,
                };
                Ok(below + 1)
            }

            fn too_deep(&self) -> String {
                let path = if self.stack.len() > 6 {
                    format!(
                        "{} -> ... -> {}",
                        self.stack[..3].join(" -> "),
                        self.stack[self.stack.len() - 2..].join(" -> ")
                    )
                } else {
                    self.stack.join(" -> ")
                };
                format!(
                    "rule {} reaches more than {MAX_DEPTH} levels deep through the rules it \
                     uses ({path}, {} rules)",
                    self.stack.first().map_or("", String::as_str),
                    self.stack.len()
                )
            }
        }
        let mut walk = Walk {
            grammar: self,
            stack: Vec::new(),
            heights: BTreeMap::new(),
        };
        walk.height(&Node::Rulename(top.to_owned()), 0).map(drop)
    }

    /// The grammar with the rules of `text` in place of those of the same names, and its other
    /// rules added: a document's grammar as a ruling on it reads it.
    ///
    /// ```
    /// use urn_tag::grammar_tools::abnf::{Grammar, Matcher};
    ///
    /// let grammar = Grammar::parse("a = 1*DIGIT\n", &[])?;
    /// let ruled = grammar.with_rules("a = 1*4DIGIT\n")?;
    /// assert!(!Matcher::new(&ruled, "a")?.accepts("12345"));
    /// # Ok::<(), String>(())
    /// ```
    pub fn with_rules(&self, text: &str) -> Result<Grammar, String> {
        let mut grammar = self.clone();
        if text.is_empty() {
            return Ok(grammar);
        }
        check_nesting(text)?;
        for rule in rulelist(text)? {
            let name = rule.name().to_ascii_lowercase();
            grammar.core.remove(&name);
            grammar.written.insert(name.clone(), rule.name().to_owned());
            grammar.rules.insert(name, vec![rule.node().clone()]);
        }
        Ok(grammar)
    }

    /// The names of the rules `text` defines (lower case), in its order.
    ///
    /// ```
    /// use urn_tag::grammar_tools::abnf::Grammar;
    ///
    /// assert_eq!(Grammar::rule_names("NSS = 1*x\nx = ALPHA\n")?, ["nss", "x"]);
    /// # Ok::<(), String>(())
    /// ```
    pub fn rule_names(text: &str) -> Result<Vec<String>, String> {
        check_nesting(text)?;
        Ok(rulelist(text)?
            .iter()
            .map(|rule| rule.name().to_ascii_lowercase())
            .collect())
    }

    /// Adds `rule` as a further definition of `target`: "to be superimposed on", that is,
    /// a string matches `target` only if it also matches `rule`.
    ///
    /// ```
    /// use urn_tag::grammar_tools::abnf::{Grammar, Matcher};
    ///
    /// let mut grammar = Grammar::parse("a = 1*DIGIT\nshort = 1*2DIGIT\n", &[])?;
    /// grammar.superimpose("short", "a")?;
    /// assert!(!Matcher::new(&grammar, "a")?.accepts("123"));
    /// # Ok::<(), String>(())
    /// ```
    pub fn superimpose(&mut self, rule: &str, target: &str) -> Result<(), String> {
        if !self.rules.contains_key(&rule.to_ascii_lowercase()) {
            return Err(format!("rule {rule} is not defined"));
        }
        self.rules
            .get_mut(&target.to_ascii_lowercase())
            .ok_or_else(|| format!("rule {target} is not defined"))?
            .push(Node::Rulename(rule.to_owned()));
        Ok(())
    }

    /// The definition of rule `name` in one reading; `None` for a rule the grammar does not
    /// define.
    fn definition(&self, name: &str, reading: usize) -> Option<&Node> {
        let definitions = self.rules.get(&name.to_ascii_lowercase())?;
        definitions.get(reading.min(definitions.len().saturating_sub(1)))
    }

    /// How many readings the grammar has: reading `i` uses the `i`-th definition of every
    /// restated rule (the last one when it has fewer), so every definition is in some reading.
    pub fn readings(&self) -> usize {
        self.rules.values().map(Vec::len).max().unwrap_or(1)
    }

    /// The names of the rules reachable from `top` (lower case); rules it uses that the grammar
    /// does not define are among them.
    ///
    /// ```
    /// use urn_tag::grammar_tools::abnf::Grammar;
    ///
    /// let grammar = Grammar::parse("a = b\nb = \"x\"\nc = \"y\"\n", &[])?;
    /// assert_eq!(grammar.reachable("a").into_iter().collect::<Vec<_>>(), ["a", "b"]);
    /// # Ok::<(), String>(())
    /// ```
    pub fn reachable(&self, top: &str) -> BTreeSet<String> {
        // Iteratively: a chain of rules may be long.
        let mut seen = BTreeSet::new();
        let top = Node::Rulename(top.to_owned());
        let mut nodes: Vec<&Node> = vec![&top];
        while let Some(node) = nodes.pop() {
            match node {
                Node::Alternatives(inner) | Node::Concatenation(inner) => nodes.extend(inner),
                Node::Repetition { node, .. } | Node::Group(node) | Node::Optional(node) => {
                    nodes.push(node);
                }
                Node::Rulename(name) => {
                    let key = name.to_ascii_lowercase();
                    if seen.insert(key.clone()) {
                        nodes.extend(self.rules.get(&key).into_iter().flatten());
                    }
                }
                Node::String(_) | Node::TerminalValues(_) | Node::Prose(_) => {}
            }
        }
        seen
    }

    /// The regular expression of rule `top` in one reading, anchored at both ends; an error
    /// when the rule cannot be compiled (see [`Grammar::check`]) or its expression grows past
    /// [`MAX_PATTERN`].
    ///
    /// ```
    /// use urn_tag::grammar_tools::abnf::Grammar;
    ///
    /// let grammar = Grammar::parse("a = \"x\" [ %x30-39 ]\n", &[])?;
    /// assert_eq!(grammar.regex("a", 0)?, r"\A(?:(?:(?:[xX])(?:(?:[\x{30}-\x{39}])?)))\z");
    /// # Ok::<(), String>(())
    /// ```
    pub fn regex(&self, top: &str, reading: usize) -> Result<String, String> {
        self.check(top)?;
        let mut out = String::from(r"\A(?:");
        self.node_regex(&Node::Rulename(top.to_owned()), reading, &mut out);
        if out.len() > MAX_PATTERN {
            return Err(format!(
                "the regular expression of rule {top} is longer than {} KiB: the rules it uses \
                 repeat one another too often",
                MAX_PATTERN / 1024
            ));
        }
        out.push_str(r")\z");
        Ok(out)
    }

    /// Appends the expression of `node` to `out`, unless `out` is already longer than
    /// [`MAX_PATTERN`] (which [`Grammar::regex`] then reports). The grammar has passed
    /// [`Grammar::check`]: no rule it reaches is undefined, recursive or prose, and it reaches
    /// at most [`MAX_DEPTH`] deep.
    fn node_regex(&self, node: &Node, reading: usize, out: &mut String) {
        if out.len() > MAX_PATTERN {
            return;
        }
        match node {
            Node::Alternatives(nodes) => {
                out.push_str("(?:");
                for (i, node) in nodes.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    self.node_regex(node, reading, out);
                }
                out.push(')');
            }
            Node::Concatenation(nodes) => {
                for node in nodes {
                    out.push_str("(?:");
                    self.node_regex(node, reading, out);
                    out.push(')');
                }
            }
            Node::Repetition { repeat, node } => {
                out.push_str("(?:");
                self.node_regex(node, reading, out);
                out.push(')');
                let (min, max) = bounds(repeat);
                let _ = match max {
                    Some(max) => write!(out, "{{{min},{max}}}"),
                    None => write!(out, "{{{min},}}"),
                };
            }
            Node::Group(node) => {
                out.push_str("(?:");
                self.node_regex(node, reading, out);
                out.push(')');
            }
            Node::Optional(node) => {
                out.push_str("(?:");
                self.node_regex(node, reading, out);
                out.push_str(")?");
            }
            Node::Rulename(name) => {
                out.push_str("(?:");
                if let Some(definition) = self.definition(name, reading) {
                    self.node_regex(definition, reading, out);
                }
                out.push(')');
            }
            Node::String(literal) => {
                for ch in literal.value().chars() {
                    if !literal.is_case_sensitive() && ch.is_ascii_alphabetic() {
                        // RFC 5234 §2.3: quoted strings are case-insensitive, in US-ASCII only
                        // (no `(?i)`, which would also match the Kelvin sign for "k").
                        let (lower, upper) = (ch.to_ascii_lowercase(), ch.to_ascii_uppercase());
                        let _ = write!(out, "[{lower}{upper}]");
                    } else {
                        let _ = write!(out, r"\x{{{:X}}}", u32::from(ch));
                    }
                }
            }
            Node::TerminalValues(TerminalValues::Range(from, to)) => {
                let _ = write!(out, r"[\x{{{from:X}}}-\x{{{to:X}}}]");
            }
            Node::TerminalValues(TerminalValues::Concatenation(values)) => {
                for value in values {
                    let _ = write!(out, r"\x{{{value:X}}}");
                }
            }
            // `check` refused it.
            Node::Prose(_) => {}
        }
    }

    /// A random string from rule `top` in one reading, or `None` as soon as it grows longer
    /// than `longest` bytes (a nested repetition can draw strings of thousands of bytes, which
    /// cost time to build and to judge) or takes more than 16 steps a byte of that bound.
    /// Repetition counts favour their bounds; with a small probability a count steps one past
    /// them, so that near misses (a 33-character NID, an empty component) are generated too.
    /// `None` too where the rule cannot be compiled (see [`Grammar::check`]).
    ///
    /// ```
    /// use urn_tag::grammar_tools::abnf::{Grammar, Rng};
    ///
    /// let grammar = Grammar::parse("nid = ALPHA 1*31( ALPHA / DIGIT / \"-\" )\n", &[])?;
    /// let mut rng = Rng::new(7);
    /// let nids: Vec<String> = (0..100).filter_map(|_| grammar.generate("nid", 0, &mut rng, 40)).collect();
    /// // Some step past the bound of 32 characters.
    /// assert!(nids.iter().any(|nid| nid.len() == 33));
    /// # Ok::<(), String>(())
    /// ```
    pub fn generate(
        &self,
        top: &str,
        reading: usize,
        rng: &mut Rng,
        longest: usize,
    ) -> Option<String> {
        let mut out = String::new();
        let node = Node::Rulename(top.to_owned());
        let mut steps = Steps {
            left: longest.saturating_mul(16).saturating_add(256),
        };
        self.generate_node(&node, reading, rng, &mut out, longest, &mut steps, 0)
            .then_some(out)
    }

    /// Appends a string of `node` to `out`; false once `out` is longer than `longest`, or
    /// once the steps are used up (a repetition of something that may be empty, `1000( "" )`,
    /// adds nothing to `out` however often it is drawn).
    #[allow(clippy::too_many_arguments)]
    fn generate_node(
        &self,
        node: &Node,
        reading: usize,
        rng: &mut Rng,
        out: &mut String,
        longest: usize,
        steps: &mut Steps,
        depth: usize,
    ) -> bool {
        // A rule that refers to itself would recurse without end: a grammar is generated from
        // no deeper than `check` allows.
        if steps.left == 0 || depth > MAX_DEPTH {
            return false;
        }
        steps.left -= 1;
        match node {
            Node::Alternatives(nodes) => nodes.get(rng.below(nodes.len())).is_some_and(|node| {
                self.generate_node(node, reading, rng, out, longest, steps, depth + 1)
            }),
            Node::Concatenation(nodes) => nodes
                .iter()
                .all(|node| self.generate_node(node, reading, rng, out, longest, steps, depth + 1)),
            Node::Repetition { repeat, node } => {
                let (min, max) = bounds(repeat);
                (0..repetitions(min, max, rng))
                    .all(|_| self.generate_node(node, reading, rng, out, longest, steps, depth + 1))
            }
            Node::Group(node) => {
                self.generate_node(node, reading, rng, out, longest, steps, depth + 1)
            }
            Node::Optional(node) => {
                rng.below(2) != 0
                    || self.generate_node(node, reading, rng, out, longest, steps, depth + 1)
            }
            Node::Rulename(name) => self.definition(name, reading).is_some_and(|definition| {
                self.generate_node(definition, reading, rng, out, longest, steps, depth + 1)
            }),
            Node::String(literal) => {
                for ch in literal.value().chars() {
                    let flip = !literal.is_case_sensitive() && rng.below(4) == 0;
                    out.push(if flip { swap_case(ch) } else { ch });
                }
                out.len() <= longest
            }
            Node::TerminalValues(TerminalValues::Range(from, to)) => {
                let value = match rng.below(4) {
                    0 => *from,
                    1 => *to,
                    _ => from + rng.below((to - from + 1) as usize) as u32,
                };
                // A range across the surrogates (%xD800-DFFF) holds values that are no
                // characters; none is drawn from the repository's ABNF.
                out.push(char::from_u32(value).unwrap_or(char::REPLACEMENT_CHARACTER));
                out.len() <= longest
            }
            Node::TerminalValues(TerminalValues::Concatenation(values)) => {
                out.extend(
                    values
                        .iter()
                        .map(|&v| char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER)),
                );
                out.len() <= longest
            }
            Node::Prose(_) => false,
        }
    }
}

/// The steps a generated string may still take: one per node drawn.
struct Steps {
    left: usize,
}

fn bounds(repeat: &Repeat) -> (usize, Option<usize>) {
    match *repeat {
        Repeat::Specific(n) => (n, Some(n)),
        Repeat::Variable { min, max } => (min.unwrap_or(0), max),
    }
}

/// A repetition count for `min*max`: often a bound, sometimes one past it.
fn repetitions(min: usize, max: Option<usize>, rng: &mut Rng) -> usize {
    // Saturating: a pasted text may write a count as large as `usize` holds.
    let high = max.unwrap_or(min.saturating_add(12)).max(min);
    match rng.below(20) {
        0..=3 => min,
        4..=6 => high,
        7 => high.saturating_add(1),
        8 => min.saturating_sub(1),
        _ => min + rng.below((high - min).min(6) + 1),
    }
}

fn swap_case(ch: char) -> char {
    if ch.is_ascii_lowercase() {
        ch.to_ascii_uppercase()
    } else {
        ch.to_ascii_lowercase()
    }
}

/// An ABNF grammar compiled for membership tests: one regex per reading; a string is in the
/// language when it matches them all (see [`Grammar::readings`]).
#[derive(Debug, Clone)]
pub struct Matcher {
    regexes: Vec<Regex>,
}

impl Matcher {
    /// Compiles rule `top` of `grammar`; an error when it cannot be compiled (see
    /// [`Grammar::check`]) or its regular expression is too large.
    pub fn new(grammar: &Grammar, top: &str) -> Result<Matcher, String> {
        let regexes = (0..grammar.readings())
            .map(|reading| {
                let pattern = grammar.regex(top, reading)?;
                Regex::new(&pattern).map_err(|error| {
                    // regex's report of a syntax error quotes the whole pattern; its last
                    // line says what is wrong.
                    let error = error.to_string();
                    let reason = error.lines().last().unwrap_or_default();
                    let reason = reason.strip_prefix("error: ").unwrap_or(reason);
                    format!("the regular expression of rule {top}: {reason}")
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Matcher { regexes })
    }

    /// Whether `input` is a string of the rule's language.
    pub fn accepts(&self, input: &str) -> bool {
        self.regexes.iter().all(|regex| regex.is_match(input))
    }

    /// Where `input` leaves the rule's language: `None` when it is a string of it, otherwise
    /// the first byte that no string of the language has after the bytes before it, and the
    /// bytes that could have come there instead (see [`Mismatch`]). An error when the
    /// automaton cannot be built.
    ///
    /// The rule's regular expression is run as its NFA's sets of states (what a DFA's states
    /// stand for), one byte at a time from the start of `input`, until the set is empty, the
    /// dead state from which no continuation matches: the byte that led there is where the
    /// input fails. With several readings, the earliest failure of any of them is the one
    /// reported.
    ///
    /// ```
    /// use urn_tag::grammar_tools::abnf::{Grammar, Matcher};
    ///
    /// let grammar = Grammar::parse("oid = 1*DIGIT *( \".\" 1*DIGIT )\n", &[])?;
    /// let matcher = Matcher::new(&grammar, "oid")?;
    /// assert_eq!(matcher.mismatch("1.3.6")?, None);
    /// let mismatch = matcher.mismatch("1.x")?.expect("a mismatch");
    /// assert_eq!(mismatch.index, 2);
    /// assert_eq!(mismatch.to_string(), "byte 2 ('x'): expected '0'..'9'");
    /// let mismatch = matcher.mismatch("1.")?.expect("a mismatch");
    /// assert_eq!(mismatch.to_string(), "byte 2 (the end): expected '0'..'9'");
    /// # Ok::<(), String>(())
    /// ```
    pub fn mismatch(&self, input: &str) -> Result<Option<Mismatch>, String> {
        let mut earliest: Option<Mismatch> = None;
        for regex in &self.regexes {
            if let Some(mismatch) = mismatch(regex.as_str(), input.as_bytes())?
                && earliest
                    .as_ref()
                    .is_none_or(|earliest| mismatch.index < earliest.index)
            {
                earliest = Some(mismatch);
            }
        }
        Ok(earliest)
    }
}

/// Where an input leaves a rule's language (see [`Matcher::mismatch`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The byte at which the input fails: the first one that no string of the language has
    /// after the bytes before it, or the input's length when the input stops short of one.
    pub index: usize,
    /// The byte that is there, `None` at the end of the input.
    pub found: Option<u8>,
    /// The bytes that could have come at `index` instead, as ranges in order.
    pub expected: Vec<(u8, u8)>,
    /// Whether the input could have ended at `index`.
    pub end: bool,
}

impl Mismatch {
    /// Where the input fails: `byte 2 ('x')`, `byte 2 (the end)`. Bytes outside printable
    /// ASCII are written `%XX`, as a URN writes them percent-encoded.
    fn place(&self) -> String {
        match self.found {
            Some(found) => format!("byte {} ({})", self.index, shown(found)),
            None => format!("byte {} (the end)", self.index),
        }
    }

    /// What could have come there: `expected '0'..'9' or '.'`.
    fn expectation(&self) -> String {
        let mut choices: Vec<String> = self
            .expected
            .iter()
            .map(|&(first, last)| match first == last {
                true => shown(first),
                false => format!("{}..{}", shown(first), shown(last)),
            })
            .collect();
        if self.end {
            choices.push("the end".to_owned());
        }
        match choices.split_last() {
            None => "expected nothing".to_owned(),
            Some((last, [])) => format!("expected {last}"),
            Some((last, others)) => format!("expected {} or {last}", others.join(", ")),
        }
    }
}

/// A byte as a message shows it: `'x'`, or `%XX` outside printable ASCII.
fn shown(byte: u8) -> String {
    if byte.is_ascii_graphic() || byte == b' ' {
        format!("'{}'", char::from(byte))
    } else {
        format!("%{byte:02X}")
    }
}

impl fmt::Display for Mismatch {
    /// `byte 2 ('x'): expected '0'..'9' or '.'`; bytes outside printable ASCII are written
    /// `%XX`, as a URN writes them percent-encoded.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place(), self.expectation())
    }
}

/// [`Matcher::mismatch`] for one regular expression: its Thompson NFA (the automaton `regex`
/// itself builds) run on `input` as sets of states, one byte at a time from the start; the
/// first byte after which the set is empty is where the input fails. A set of states is what
/// a DFA state stands for, so this finds the byte a DFA's dead state would, without adding a
/// DFA to the build.
fn mismatch(pattern: &str, input: &[u8]) -> Result<Option<Mismatch>, String> {
    use regex_automata::nfa::thompson::{NFA, State};
    use regex_automata::util::look::Look;
    use regex_automata::util::primitives::StateID;

    let nfa =
        NFA::new(pattern).map_err(|error| format!("cannot tell where the input fails: {error}"))?;
    // The states reachable from `roots` without reading a byte, at byte `at`; `end`: whether
    // the input ends there (the compiler anchors every pattern with `\A` and `\z`).
    let closure = |roots: &[StateID], at: usize, end: bool| -> Vec<StateID> {
        let mut seen = BTreeSet::new();
        let mut stack = roots.to_vec();
        let mut reached = Vec::new();
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            match nfa.state(id) {
                State::Union { alternates } => stack.extend(alternates.iter().rev()),
                State::BinaryUnion { alt1, alt2 } => stack.extend([*alt2, *alt1]),
                State::Capture { next, .. } => stack.push(*next),
                State::Look { look, next } => {
                    let holds = match look {
                        Look::Start => at == 0,
                        Look::End => end,
                        other => nfa.look_matcher().matches(*other, input, at),
                    };
                    if holds {
                        stack.push(*next);
                    }
                }
                State::Fail => {}
                State::ByteRange { .. }
                | State::Sparse(_)
                | State::Dense(_)
                | State::Match { .. } => reached.push(id),
            }
        }
        reached
    };
    let step = |states: &[StateID], byte: u8| -> Vec<StateID> {
        states
            .iter()
            .filter_map(|&id| match nfa.state(id) {
                State::ByteRange { trans } => trans.matches_byte(byte).then_some(trans.next),
                State::Sparse(sparse) => sparse.matches_byte(byte),
                State::Dense(dense) => dense.matches_byte(byte),
                _ => None,
            })
            .collect()
    };
    let matches = |states: &[StateID]| {
        states
            .iter()
            .any(|&id| matches!(nfa.state(id), State::Match { .. }))
    };

    let mut roots = vec![nfa.start_anchored()];
    let mut index = 0;
    let mut states = closure(&roots, 0, input.is_empty());
    while index < input.len() {
        let next = step(&states, input[index]);
        if next.is_empty() {
            break;
        }
        roots = next;
        index += 1;
        states = closure(&roots, index, index == input.len());
    }
    let end = matches(&closure(&roots, index, true));
    if index == input.len() && end {
        return Ok(None);
    }
    // The bytes that keep a string of the language reachable from here.
    let states = closure(&roots, index, false);
    let mut expected: Vec<(u8, u8)> = Vec::new();
    for byte in 0..=u8::MAX {
        if step(&states, byte).is_empty() {
            continue;
        }
        match expected.last_mut() {
            Some((_, last)) if *last + 1 == byte => *last = byte,
            _ => expected.push((byte, byte)),
        }
    }
    Ok(Some(Mismatch {
        index,
        found: input.get(index).copied(),
        expected,
        end,
    }))
}

/// A small deterministic generator (SplitMix64): the same seed gives the same strings on every
/// machine and with every version of every dependency.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator that starts from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`; 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % (n as u64).max(1)) as usize
    }
}
