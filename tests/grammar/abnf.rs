//! RFC 5234 ABNF as an independent oracle for the `.pest` files.
//!
//! An ABNF text (tests/data/abnf/) is parsed with the `abnf` crate and its rule tree is
//! translated mechanically, node by node, into a regular expression: these grammars have no
//! recursion, so each one denotes a regular language, and the `regex` crate decides membership
//! exactly, whatever the ambiguity of the ABNF (no ordered choice, no greediness). The same
//! tree drives a random generator of strings, biased toward the boundaries of each repetition.
//!
//! The grammar playground's registration check (`playground/wasm`) includes this file too, on
//! ABNF that a person pastes: [`Grammar::try_parse`], [`Grammar::check`] and
//! [`Matcher::try_new`] say what is wrong with such a text where the tests' own calls panic.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use abnf::types::{Node, Repeat, TerminalValues};
use regex::Regex;

/// The RFC 5234 Appendix B.1 core rules, available to every grammar that does not define them.
const CORE_RULES: &str = include_str!("../data/abnf/rfc5234-core.abnf");

/// Reads an ABNF file of tests/data/abnf/.
pub fn read(name: &str) -> String {
    let path = format!("{}/tests/data/abnf/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// An ABNF rule list. Rule names are case-insensitive (RFC 5234 §2.1), so they are kept in
/// lower case. A rule may have more than one definition when the document restates it (see
/// [`Grammar::parse`]); a string then has to match every definition.
#[derive(Debug, Clone)]
pub struct Grammar {
    rules: BTreeMap<String, Vec<Node>>,
}

impl Grammar {
    /// Parses `text`, adding the core rules it does not define. A rule defined twice is an
    /// error unless its name is in `restated`: the document says that a later definition
    /// narrows an earlier one.
    pub fn parse(text: &str, restated: &[&str]) -> Grammar {
        Grammar::try_parse(text, restated).unwrap_or_else(|e| panic!("{e}"))
    }

    /// As [`Grammar::parse`], with the reason instead of a panic when `text` is no ABNF rule
    /// list or defines a rule twice.
    pub fn try_parse(text: &str, restated: &[&str]) -> Result<Grammar, String> {
        let mut rules: BTreeMap<String, Vec<Node>> = BTreeMap::new();
        for rule in abnf::rulelist(text).map_err(|e| format!("ABNF: {e}"))? {
            let name = rule.name().to_ascii_lowercase();
            let definitions = rules.entry(name.clone()).or_default();
            if !definitions.is_empty() && !restated.iter().any(|r| r.eq_ignore_ascii_case(&name)) {
                return Err(format!("rule {name} is defined twice"));
            }
            definitions.push(rule.node().clone());
        }
        for rule in abnf::rulelist(CORE_RULES).expect("core rules") {
            let name = rule.name().to_ascii_lowercase();
            rules
                .entry(name)
                .or_insert_with(|| vec![rule.node().clone()]);
        }
        Ok(Grammar { rules })
    }

    /// Whether rule `top` can be compiled and generated from: the rules it reaches are all
    /// defined, none of them refers to itself, and none is a prose value (`<...>`). The
    /// methods that panic on such a grammar do not panic once this has said `Ok`.
    pub fn check(&self, top: &str) -> Result<(), String> {
        fn walk(
            grammar: &Grammar,
            node: &Node,
            stack: &mut Vec<String>,
            done: &mut BTreeSet<String>,
        ) -> Result<(), String> {
            match node {
                Node::Alternatives(nodes) | Node::Concatenation(nodes) => {
                    nodes.iter().try_for_each(|n| walk(grammar, n, stack, done))
                }
                Node::Repetition { node, .. } | Node::Group(node) | Node::Optional(node) => {
                    walk(grammar, node, stack, done)
                }
                Node::Rulename(name) => {
                    let key = name.to_ascii_lowercase();
                    if stack.contains(&key) {
                        return Err(format!(
                            "rule {name} refers to itself ({} -> {name}): a recursive rule has \
                             no regular expression",
                            stack.join(" -> ")
                        ));
                    }
                    if done.contains(&key) {
                        return Ok(());
                    }
                    let definitions = grammar
                        .rules
                        .get(&key)
                        .ok_or_else(|| format!("rule {name} is used but not defined"))?;
                    stack.push(key.clone());
                    for definition in definitions {
                        walk(grammar, definition, stack, done)?;
                    }
                    stack.pop();
                    done.insert(key);
                    Ok(())
                }
                Node::Prose(prose) => Err(format!(
                    "prose value <{prose}> cannot be compiled: write it as ABNF"
                )),
                Node::String(_) | Node::TerminalValues(_) => Ok(()),
            }
        }
        walk(
            self,
            &Node::Rulename(top.to_owned()),
            &mut Vec::new(),
            &mut BTreeSet::new(),
        )
    }

    /// The grammar with the rules of `text` in place of those of the same names, and its other
    /// rules added: a document's grammar as a ruling on it reads it.
    pub fn with_rules(&self, text: &str) -> Grammar {
        let mut grammar = self.clone();
        if text.is_empty() {
            return grammar;
        }
        for rule in abnf::rulelist(text).unwrap_or_else(|e| panic!("ABNF: {e}\n{text}")) {
            let name = rule.name().to_ascii_lowercase();
            grammar.rules.insert(name, vec![rule.node().clone()]);
        }
        grammar
    }

    /// The names of the rules `text` defines (lower case).
    pub fn rule_names(text: &str) -> Vec<String> {
        abnf::rulelist(text)
            .unwrap_or_else(|e| panic!("ABNF: {e}\n{text}"))
            .iter()
            .map(|rule| rule.name().to_ascii_lowercase())
            .collect()
    }

    /// Adds `rule` as a further definition of `target`: "to be superimposed on", that is,
    /// a string matches `target` only if it also matches `rule`.
    pub fn superimpose(&mut self, rule: &str, target: &str) {
        assert!(
            self.rules.contains_key(&rule.to_ascii_lowercase()),
            "{rule}"
        );
        self.definitions_mut(target)
            .push(Node::Rulename(rule.to_owned()));
    }

    fn definitions(&self, name: &str) -> &[Node] {
        self.rules
            .get(&name.to_ascii_lowercase())
            .unwrap_or_else(|| panic!("undefined ABNF rule {name}"))
    }

    fn definitions_mut(&mut self, name: &str) -> &mut Vec<Node> {
        self.rules
            .get_mut(&name.to_ascii_lowercase())
            .unwrap_or_else(|| panic!("undefined ABNF rule {name}"))
    }

    /// How many readings the grammar has: reading `i` uses the `i`-th definition of every
    /// restated rule (the last one when it has fewer), so every definition is in some reading.
    pub fn readings(&self) -> usize {
        self.rules.values().map(Vec::len).max().unwrap_or(1)
    }

    /// The names of the rules reachable from `top` (lower case).
    pub fn reachable(&self, top: &str) -> BTreeSet<String> {
        fn walk(grammar: &Grammar, node: &Node, seen: &mut BTreeSet<String>) {
            match node {
                Node::Alternatives(nodes) | Node::Concatenation(nodes) => {
                    nodes.iter().for_each(|n| walk(grammar, n, seen))
                }
                Node::Repetition { node, .. } | Node::Group(node) | Node::Optional(node) => {
                    walk(grammar, node, seen)
                }
                Node::Rulename(name) => {
                    if seen.insert(name.to_ascii_lowercase()) {
                        for definition in grammar.definitions(name) {
                            walk(grammar, definition, seen);
                        }
                    }
                }
                Node::String(_) | Node::TerminalValues(_) | Node::Prose(_) => {}
            }
        }
        let mut seen = BTreeSet::new();
        walk(self, &Node::Rulename(top.to_owned()), &mut seen);
        seen
    }

    /// The regular expression of rule `top` in one reading, anchored at both ends.
    pub fn regex(&self, top: &str, reading: usize) -> String {
        let mut out = String::from(r"\A(?:");
        self.node_regex(
            &Node::Rulename(top.to_owned()),
            reading,
            &mut Vec::new(),
            &mut out,
        );
        out.push_str(r")\z");
        out
    }

    fn node_regex(&self, node: &Node, reading: usize, stack: &mut Vec<String>, out: &mut String) {
        match node {
            Node::Alternatives(nodes) => {
                out.push_str("(?:");
                for (i, node) in nodes.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    self.node_regex(node, reading, stack, out);
                }
                out.push(')');
            }
            Node::Concatenation(nodes) => {
                for node in nodes {
                    out.push_str("(?:");
                    self.node_regex(node, reading, stack, out);
                    out.push(')');
                }
            }
            Node::Repetition { repeat, node } => {
                out.push_str("(?:");
                self.node_regex(node, reading, stack, out);
                out.push(')');
                let (min, max) = bounds(repeat);
                match max {
                    Some(max) => write!(out, "{{{min},{max}}}"),
                    None => write!(out, "{{{min},}}"),
                }
                .expect("write to String");
            }
            Node::Group(node) => {
                out.push_str("(?:");
                self.node_regex(node, reading, stack, out);
                out.push(')');
            }
            Node::Optional(node) => {
                out.push_str("(?:");
                self.node_regex(node, reading, stack, out);
                out.push_str(")?");
            }
            Node::Rulename(name) => {
                let key = name.to_ascii_lowercase();
                assert!(!stack.contains(&key), "rule {name} is recursive");
                let definitions = self.definitions(name);
                let definition = &definitions[reading.min(definitions.len() - 1)];
                stack.push(key);
                out.push_str("(?:");
                self.node_regex(definition, reading, stack, out);
                out.push(')');
                stack.pop();
            }
            Node::String(literal) => {
                for ch in literal.value().chars() {
                    if !literal.is_case_sensitive() && ch.is_ascii_alphabetic() {
                        // RFC 5234 §2.3: quoted strings are case-insensitive, in US-ASCII only
                        // (no `(?i)`, which would also match the Kelvin sign for "k").
                        let (lower, upper) = (ch.to_ascii_lowercase(), ch.to_ascii_uppercase());
                        write!(out, "[{lower}{upper}]").expect("write to String");
                    } else {
                        write!(out, r"\x{{{:X}}}", u32::from(ch)).expect("write to String");
                    }
                }
            }
            Node::TerminalValues(TerminalValues::Range(from, to)) => {
                write!(out, r"[\x{{{from:X}}}-\x{{{to:X}}}]").expect("write to String");
            }
            Node::TerminalValues(TerminalValues::Concatenation(values)) => {
                for value in values {
                    write!(out, r"\x{{{value:X}}}").expect("write to String");
                }
            }
            Node::Prose(prose) => panic!("prose value <{prose}> cannot be compiled"),
        }
    }

    /// A random string from rule `top` in one reading. Repetition counts favour their bounds;
    /// with a small probability a count steps one past them, so that near misses (a 33-character
    /// NID, an empty component) are generated too.
    pub fn generate(&self, top: &str, reading: usize, rng: &mut Rng) -> String {
        self.generate_within(top, reading, rng, usize::MAX)
            .expect("no bound")
    }

    /// As [`Grammar::generate`], but `None` as soon as the string grows longer than `longest`
    /// bytes: a nested repetition can draw strings of thousands of bytes, which cost time to
    /// build and to judge.
    pub fn generate_within(
        &self,
        top: &str,
        reading: usize,
        rng: &mut Rng,
        longest: usize,
    ) -> Option<String> {
        let mut out = String::new();
        let node = Node::Rulename(top.to_owned());
        self.generate_node(&node, reading, rng, &mut out, longest)
            .then_some(out)
    }

    /// Appends a string of `node` to `out`; false once `out` is longer than `longest`.
    fn generate_node(
        &self,
        node: &Node,
        reading: usize,
        rng: &mut Rng,
        out: &mut String,
        longest: usize,
    ) -> bool {
        match node {
            Node::Alternatives(nodes) => {
                let node = &nodes[rng.below(nodes.len())];
                self.generate_node(node, reading, rng, out, longest)
            }
            Node::Concatenation(nodes) => nodes
                .iter()
                .all(|node| self.generate_node(node, reading, rng, out, longest)),
            Node::Repetition { repeat, node } => {
                let (min, max) = bounds(repeat);
                (0..repetitions(min, max, rng))
                    .all(|_| self.generate_node(node, reading, rng, out, longest))
            }
            Node::Group(node) => self.generate_node(node, reading, rng, out, longest),
            Node::Optional(node) => {
                rng.below(2) != 0 || self.generate_node(node, reading, rng, out, longest)
            }
            Node::Rulename(name) => {
                let definitions = self.definitions(name);
                let definition = &definitions[reading.min(definitions.len() - 1)];
                self.generate_node(definition, reading, rng, out, longest)
            }
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
            Node::Prose(prose) => panic!("prose value <{prose}> cannot be generated"),
        }
    }
}

fn bounds(repeat: &Repeat) -> (usize, Option<usize>) {
    match *repeat {
        Repeat::Specific(n) => (n, Some(n)),
        Repeat::Variable { min, max } => (min.unwrap_or(0), max),
    }
}

/// A repetition count for `min*max`: often a bound, sometimes one past it.
fn repetitions(min: usize, max: Option<usize>, rng: &mut Rng) -> usize {
    let high = max.unwrap_or(min + 12);
    match rng.below(20) {
        0..=3 => min,
        4..=6 => high,
        7 => high + 1,
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
pub struct Matcher {
    regexes: Vec<Regex>,
}

impl Matcher {
    pub fn new(grammar: &Grammar, top: &str) -> Matcher {
        Matcher::try_new(grammar, top).unwrap_or_else(|e| panic!("{e}"))
    }

    /// As [`Matcher::new`], with the reason instead of a panic when the grammar cannot be
    /// compiled (see [`Grammar::check`]) or its regex is too large.
    pub fn try_new(grammar: &Grammar, top: &str) -> Result<Matcher, String> {
        grammar.check(top)?;
        let regexes = (0..grammar.readings())
            .map(|reading| {
                let pattern = grammar.regex(top, reading);
                Regex::new(&pattern).map_err(|e| format!("{pattern}: {e}"))
            })
            .collect::<Result<_, _>>()?;
        Ok(Matcher { regexes })
    }

    pub fn accepts(&self, input: &str) -> bool {
        self.regexes.iter().all(|regex| regex.is_match(input))
    }
}

/// A small deterministic generator (SplitMix64): the same seed gives the same strings on every
/// machine and with every version of every dependency.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Characters and short sequences that sit on the grammars' boundaries: delimiters, escapes,
/// characters some grammars exclude, non-ASCII and controls.
const INTERESTING: &[&str] = &[
    "%", "?", "+", "=", "#", "/", ":", "-", "~", "&", "é", "\0", "\t", "\n", "\u{7f}", " ", "?+",
    "?=", "%2", "%00", "%zz", "%C3%A9", "a", "Z", "0", "9", ".", "_", "@", "!", "$", "'", "(", "*",
    ",", ";", "[", "\\", "^", "`", "{", "|", "\"", "<", "\u{212A}",
];

/// `input` with one to three random edits: insert, delete or replace a character, using the
/// characters of [`INTERESTING`].
pub fn mutate(input: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = input.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        let piece: Vec<char> = INTERESTING[rng.below(INTERESTING.len())].chars().collect();
        match rng.below(3) {
            0 => {
                chars.splice(at..at, piece);
            }
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => {
                chars.splice(at..=at, piece);
            }
            _ => chars.extend(piece),
        }
    }
    chars.into_iter().collect()
}
