//! The limits of a grammar text, checked before pest_meta reads it: pest_meta's reader,
//! validator and optimizer recurse once per level of a text and take more than linear time in
//! some of its shapes, so a text that nests too deep, writes out to too many terms or is too
//! long is refused with pest's report at the place, in one pass over its bytes that does not
//! recurse itself.

use std::collections::HashMap;
use std::prelude::rust_2024::*;
use std::{format, vec};

use pest::Position;
use pest::error::{Error, ErrorVariant};
use pest_meta::parser::Rule as MetaRule;

use super::{GrammarError, grouped};

/// How deep one rule's expression may nest, in the levels that pest_meta's reader and the
/// syntax tree it builds get: a parenthesis, a prefix or postfix operator and each further
/// term of a sequence or choice (`a | b | c` is a tree three deep) add one, as do a comment
/// inside a comment and an escape in a string literal; a repetition `e{n, m}` adds `m`, since
/// pest_meta writes it out as a sequence of `m` copies of `e`. Besides the stack, this bounds
/// time: pest_meta's optimizer takes time that grows with about the cube of a choice's length
/// (a choice of 256 terms takes a second natively, twice that in WebAssembly). The grammars of
/// this repository nest at most 60 levels.
pub const MAX_NESTING: usize = 128;

/// How deep rules may call one another, counting the levels of each rule's expression on the
/// way: pest_meta's validator follows calls recursively, and overflows the stack of a
/// browser's worker at about 1 500 levels.
pub const MAX_CALL_NESTING: usize = 512;

/// How many terms (strings, characters, rule names) a rule may have once pest_meta has
/// written out its repetitions: `e{n, m}` is `m` copies of `e` and `e+` is `e ~ e*`, so that
/// nested repetitions multiply (`(("x"{9}){9}){9}` is 729 terms). pest_meta's optimizer takes
/// more than linear time in a rule's terms (16 nested `+`, 65 536 terms, take seconds); the
/// rules of this repository have at most a few hundred.
pub const MAX_RULE_TERMS: u64 = 4096;

/// How many terms a whole grammar may have, written out as for [`MAX_RULE_TERMS`]: a text of
/// a megabyte has about a hundred thousand.
pub const MAX_TERMS: u64 = 1 << 18;

/// How long a grammar text may be, in bytes: pest_meta reads a megabyte in about a second.
pub const MAX_TEXT: usize = 2 << 20;

/// Refuses a text longer than [`MAX_TEXT`], or one that nests deeper than [`MAX_NESTING`] in
/// a rule or than [`MAX_CALL_NESTING`] through the rules it calls, or whose repetitions write
/// out to more than [`MAX_RULE_TERMS`] terms in a rule or [`MAX_TERMS`] in all, with pest's
/// report at the place it does (for calls, the rule the deepest chain starts from). Reading a
/// text ([`GrammarText::read`](super::GrammarText::read), [`load`](super::load)) checks this
/// first. What it does not understand it leaves to pest_meta, which reports it.
///
/// ```
/// use urn_tag::grammar_tools::check_limits;
///
/// assert!(check_limits(r#"nid = { ASCII_ALPHANUMERIC+ }"#).is_ok());
/// let deep = format!("a = {{ {}\"x\"{} }}", "(".repeat(2000), ")".repeat(2000));
/// let errors = check_limits(&deep).unwrap_err();
/// assert_eq!(errors[0].line_col(), (1, 134));
/// assert!(errors[0].message().starts_with("this expression nests 129 levels deep here"));
/// ```
pub fn check_limits(source: &str) -> Result<(), Vec<GrammarError>> {
    if source.len() > MAX_TEXT {
        return Err(vec![error_at(
            source,
            0,
            format!(
                "this text is {} bytes long; a grammar text may have {}",
                grouped(source.len() as u64),
                grouped(MAX_TEXT as u64)
            ),
        )]);
    }
    let rules = Scan::new(source).run().map_err(|(at, excess)| {
        let message = match excess {
            Excess::Levels(levels) => format!(
                "this expression nests {levels} levels deep here (each parenthesis, operator, \
                 further term of a sequence or choice, and each copy a repetition makes is a \
                 level); a rule may nest {MAX_NESTING}"
            ),
            Excess::RuleTerms => format!(
                "this rule writes out to more than {} terms up to here (pest_meta writes \
                 `e{{n, m}}` as m copies of e, `e+` as e ~ e*); a rule may have {}",
                grouped(MAX_RULE_TERMS),
                grouped(MAX_RULE_TERMS)
            ),
            Excess::Terms => format!(
                "this grammar writes out to more than {} terms up to here (pest_meta writes \
                 `e{{n, m}}` as m copies of e, `e+` as e ~ e*); a grammar may have {}",
                grouped(MAX_TERMS),
                grouped(MAX_TERMS)
            ),
        };
        vec![error_at(source, at, message)]
    })?;
    let (levels, chain) = deepest_calls(&rules);
    if levels > MAX_CALL_NESTING {
        let names: Vec<&str> = chain.iter().map(|&at| rules[at].name).collect();
        let shown = if names.len() > 6 {
            format!(
                "{} -> ... -> {}",
                names[..3].join(" -> "),
                names[names.len() - 2..].join(" -> ")
            )
        } else {
            names.join(" -> ")
        };
        return Err(vec![error_at(
            source,
            rules[chain[0]].at,
            format!(
                "rules call one another {levels} levels deep, counting the levels of each \
                 rule's expression ({shown}, {} rules); a grammar may nest {MAX_CALL_NESTING}",
                names.len()
            ),
        )]);
    }
    Ok(())
}

/// How deep a text nests: in its deepest rule, and through its deepest chain of calls.
#[cfg(test)]
pub(super) fn nesting(source: &str) -> (usize, usize) {
    let rules = Scan::new(source).run().unwrap_or_default();
    let deepest = rules.iter().map(|rule| rule.levels).max().unwrap_or(0);
    (deepest, deepest_calls(&rules).0)
}

fn error_at(source: &str, at: usize, message: String) -> GrammarError {
    let position = Position::new(source, at)
        .or_else(|| Position::new(source, source.len()))
        .unwrap_or_else(|| Position::from_start(source));
    GrammarError(Error::<MetaRule>::new_from_pos(
        ErrorVariant::CustomError { message },
        position,
    ))
}

/// What a text has too much of.
enum Excess {
    Levels(usize),
    RuleTerms,
    Terms,
}

/// A rule as [`Scan`] sees it: where its name is, how deep its expression nests, which names
/// its expression uses.
struct ScannedRule<'a> {
    name: &'a str,
    at: usize,
    levels: usize,
    calls: Vec<&'a str>,
}

/// An open bracket of the rule being read (its body's brace first): the operators met at its
/// level so far, and the terms written out in it, those of its finished terms and those of
/// its last term (which a postfix operator may still multiply).
#[derive(Default)]
struct Level {
    operators: usize,
    terms: u64,
    last: u64,
}

/// A lexical pass over a grammar text that follows pest's grammar of `.pest` files far enough
/// to count levels and terms: strings, characters, comments, brackets and operators.
struct Scan<'a> {
    source: &'a str,
    bytes: &'a [u8],
    at: usize,
    open: Vec<Level>,
    /// The levels of the syntax tree at this point: for each open bracket, one and its
    /// operators.
    levels: usize,
    /// The terms written out in the rules finished so far.
    terms: u64,
    /// Outside rule bodies: the name of the rule being defined, and whether its `=` was seen.
    name: Option<(&'a str, usize)>,
    assigned: bool,
    rules: Vec<ScannedRule<'a>>,
}

impl<'a> Scan<'a> {
    fn new(source: &'a str) -> Self {
        Scan {
            source,
            bytes: source.as_bytes(),
            at: 0,
            open: Vec::new(),
            levels: 0,
            terms: 0,
            name: None,
            assigned: false,
            rules: Vec::new(),
        }
    }

    /// The rules, or where the text has too much of what.
    fn run(mut self) -> Result<Vec<ScannedRule<'a>>, (usize, Excess)> {
        while let Some(&byte) = self.bytes.get(self.at) {
            let next = self.bytes.get(self.at + 1).copied();
            let in_rule = !self.open.is_empty();
            match (byte, next) {
                (b'/', Some(b'/')) => self.skip_past(b'\n'),
                (b'/', Some(b'*')) => self.skip_block_comment()?,
                (b'"', _) => {
                    self.skip_string()?;
                    self.term()?;
                }
                (b'\'', _) => {
                    self.skip_character();
                    self.term()?;
                }
                (b'(' | b'[', _) if in_rule => {
                    self.open_level();
                    self.deeper(true)?;
                    self.at += 1;
                }
                (b')' | b']', _) if self.open.len() > 1 => {
                    self.close_level()?;
                    self.at += 1;
                }
                (b'{', _) if !in_rule => {
                    self.open_rule();
                    self.deeper(true)?;
                    self.at += 1;
                }
                // A repetition's bounds, `{2, 3}`: a postfix operator that makes copies.
                (b'{', _) => self.bounds()?,
                (b'}', _) if in_rule => {
                    self.close_rule()?;
                    self.at += 1;
                }
                // `e+` is written out as `e ~ e*`.
                (b'+', _) if in_rule => {
                    self.repeat(2, 1)?;
                    self.at += 1;
                }
                (b'|' | b'~' | b'!' | b'&' | b'?' | b'*', _) if in_rule => {
                    self.operators(1)?;
                    self.at += 1;
                }
                (b'=', _) if !in_rule => {
                    self.assigned = self.name.is_some();
                    self.at += 1;
                }
                (b'#', _) => {
                    self.at += 1;
                    self.identifier();
                }
                (b'a'..=b'z' | b'A'..=b'Z' | b'_', _) => {
                    let start = self.at;
                    let name = self.identifier();
                    if in_rule {
                        self.term()?;
                        if let Some(rule) = self.rules.last_mut() {
                            rule.calls.push(name);
                        }
                    } else if !self.assigned {
                        self.name = Some((name, start));
                    }
                }
                _ => self.at += 1,
            }
        }
        Ok(self.rules)
    }

    /// One more level at this point; an error once there are too many. A level of the
    /// syntax tree (`tree`) also counts toward the rule's own levels, which its callers add
    /// up; a comment's or a string's only concern the reader.
    fn deeper(&mut self, tree: bool) -> Result<(), (usize, Excess)> {
        self.levels += 1;
        if let Some(rule) = self.rules.last_mut().filter(|_| tree) {
            rule.levels = rule.levels.max(self.levels);
        }
        if self.levels > MAX_NESTING {
            return Err((self.at, Excess::Levels(self.levels)));
        }
        Ok(())
    }

    /// `count` operators at this level (a repetition's copies count one each).
    fn operators(&mut self, count: usize) -> Result<(), (usize, Excess)> {
        let Some(level) = self.open.last_mut() else {
            return Ok(());
        };
        // Past the limit, the count only needs to say by how much.
        let count = count.min(MAX_NESTING + 1);
        level.operators += count;
        self.levels += count - 1;
        self.deeper(true)
    }

    /// A term (a string, a character, a rule name) at this level.
    fn term(&mut self) -> Result<(), (usize, Excess)> {
        if let Some(level) = self.open.last_mut() {
            level.terms = level.terms.saturating_add(level.last);
            level.last = 1;
            self.check_terms()?;
        }
        Ok(())
    }

    /// A postfix operator that writes the last term out `copies` times, and is `operators`
    /// levels deep.
    fn repeat(&mut self, copies: u64, operators: usize) -> Result<(), (usize, Excess)> {
        if let Some(level) = self.open.last_mut() {
            level.last = level.last.saturating_mul(copies);
        }
        self.check_terms()?;
        self.operators(operators)
    }

    fn check_terms(&self) -> Result<(), (usize, Excess)> {
        let rule: u64 = self.open.iter().fold(0, |sum, level| {
            sum.saturating_add(level.terms).saturating_add(level.last)
        });
        if rule > MAX_RULE_TERMS {
            return Err((self.at, Excess::RuleTerms));
        }
        if self.terms.saturating_add(rule) > MAX_TERMS {
            return Err((self.at, Excess::Terms));
        }
        Ok(())
    }

    /// A repetition's bounds after a term: `{n}`, `{n,}`, `{,m}` or `{n, m}`, written out as
    /// n copies, n copies and a repetition, m optional copies, n copies and m - n optional
    /// ones.
    fn bounds(&mut self) -> Result<(), (usize, Excess)> {
        let start = self.at;
        self.skip_past(b'}');
        let inside = &self.source[start + 1..self.at.saturating_sub(1).max(start + 1)];
        // Anything else is no repetition; pest_meta says what it is.
        let bounds = inside
            .bytes()
            .all(|byte| byte.is_ascii_digit() || byte == b',' || byte == b' ');
        let number = |text: &str| -> Option<u64> {
            let text = text.trim();
            (!text.is_empty()).then(|| {
                text.bytes().fold(0u64, |n, digit| {
                    n.saturating_mul(10)
                        .saturating_add(u64::from(digit.wrapping_sub(b'0')))
                })
            })
        };
        let copies = match inside.split_once(',') {
            _ if !bounds => 1,
            None => number(inside).unwrap_or(1),
            Some((min, max)) => match (number(min), number(max)) {
                (Some(min), None) => min.saturating_add(1),
                (_, Some(max)) => max,
                (None, None) => 1,
            },
        };
        let at = self.at;
        self.at = start;
        let result = self.repeat(
            copies.max(1),
            usize::try_from(copies.max(1)).unwrap_or(usize::MAX),
        );
        self.at = at;
        result
    }

    fn open_level(&mut self) {
        if let Some(level) = self.open.last_mut() {
            level.terms = level.terms.saturating_add(level.last);
            level.last = 0;
        }
        self.open.push(Level::default());
    }

    /// A closing bracket: the group is the last term of the level around it.
    fn close_level(&mut self) -> Result<(), (usize, Excess)> {
        if let Some(level) = self.open.pop() {
            self.levels -= 1 + level.operators;
            if let Some(outer) = self.open.last_mut() {
                outer.last = level.terms.saturating_add(level.last);
            }
        }
        self.check_terms()
    }

    fn open_rule(&mut self) {
        let (name, at) = self.name.take().unwrap_or(("", self.at));
        self.assigned = false;
        self.rules.push(ScannedRule {
            name,
            at,
            levels: 0,
            calls: Vec::new(),
        });
        self.open.push(Level::default());
    }

    fn close_rule(&mut self) -> Result<(), (usize, Excess)> {
        while self.open.len() > 1 {
            self.close_level()?;
        }
        if let Some(body) = self.open.pop() {
            self.levels -= 1 + body.operators;
            self.terms = self
                .terms
                .saturating_add(body.terms)
                .saturating_add(body.last);
        }
        self.check_terms()
    }

    fn identifier(&mut self) -> &'a str {
        let start = self.at;
        while self
            .bytes
            .get(self.at)
            .is_some_and(|byte| byte.is_ascii_alphanumeric() || *byte == b'_')
        {
            self.at += 1;
        }
        &self.source[start..self.at]
    }

    fn skip_past(&mut self, end: u8) {
        self.at = match self.bytes[self.at..].iter().position(|&byte| byte == end) {
            Some(found) => self.at + found + 1,
            None => self.bytes.len(),
        };
    }

    /// A `/* */` comment, which pest lets nest: each comment inside another is a level of
    /// pest_meta's reader.
    fn skip_block_comment(&mut self) -> Result<(), (usize, Excess)> {
        let outer = self.levels;
        let mut depth = 0;
        while self.at < self.bytes.len() {
            match (self.bytes[self.at], self.bytes.get(self.at + 1)) {
                (b'/', Some(b'*')) => {
                    depth += 1;
                    self.deeper(false)?;
                    self.at += 2;
                }
                (b'*', Some(b'/')) => {
                    depth -= 1;
                    self.levels -= 1;
                    self.at += 2;
                    if depth == 0 {
                        break;
                    }
                }
                _ => self.at += 1,
            }
        }
        self.levels = outer;
        Ok(())
    }

    /// A string literal: pest_meta's reader goes one level deeper for each escape in it.
    fn skip_string(&mut self) -> Result<(), (usize, Excess)> {
        let outer = self.levels;
        self.at += 1;
        while let Some(&byte) = self.bytes.get(self.at) {
            match byte {
                b'"' => break,
                b'\\' => {
                    self.deeper(false)?;
                    self.at += 2;
                }
                _ => self.at += 1,
            }
        }
        self.at += 1;
        self.levels = outer;
        Ok(())
    }

    /// A character literal, `'a'` or `'\''`.
    fn skip_character(&mut self) {
        self.at += 1;
        if self.bytes.get(self.at) == Some(&b'\\') {
            self.at += 2;
        }
        self.skip_past(b'\'');
    }
}

/// The deepest chain of calls between the rules, in levels: the largest sum of the rules'
/// levels along a path of calls, where rules that call one another in a cycle count together
/// (a reader may go round a cycle once before it finds a rule it has seen). Returns the levels
/// and the rules of the chain, first caller first. Linear in the rules and their calls, and
/// without recursion: Tarjan's strongly connected components, iteratively, then the longest
/// path through the components, which Tarjan's algorithm completes callees first.
fn deepest_calls(rules: &[ScannedRule<'_>]) -> (usize, Vec<usize>) {
    let by_name: HashMap<&str, usize> = rules
        .iter()
        .enumerate()
        .map(|(at, rule)| (rule.name, at))
        .collect();
    let callees: Vec<Vec<usize>> = rules
        .iter()
        .map(|rule| {
            let mut callees: Vec<usize> = rule
                .calls
                .iter()
                .filter_map(|name| by_name.get(name).copied())
                .collect();
            callees.sort_unstable();
            callees.dedup();
            callees
        })
        .collect();

    const UNSEEN: usize = usize::MAX;
    let count = rules.len();
    let mut order = vec![UNSEEN; count];
    let mut low = vec![0; count];
    let mut on_stack = vec![false; count];
    let mut component = vec![UNSEEN; count];
    let mut stack = Vec::new();
    // Per component: its levels, the deepest levels of a chain from it, and the component
    // that chain goes on to.
    let mut deepest: Vec<(usize, Option<usize>)> = Vec::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    let mut next_order = 0;
    for root in 0..count {
        if order[root] != UNSEEN {
            continue;
        }
        // The depth-first walk: each frame is a rule and how many of its callees it has
        // walked.
        let mut walk = vec![(root, 0)];
        order[root] = next_order;
        low[root] = next_order;
        next_order += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (rule, ref mut walked)) = walk.last_mut() {
            if let Some(&callee) = callees[rule].get(*walked) {
                *walked += 1;
                if order[callee] == UNSEEN {
                    order[callee] = next_order;
                    low[callee] = next_order;
                    next_order += 1;
                    stack.push(callee);
                    on_stack[callee] = true;
                    walk.push((callee, 0));
                } else if on_stack[callee] {
                    low[rule] = low[rule].min(order[callee]);
                }
                continue;
            }
            walk.pop();
            if let Some(&(caller, _)) = walk.last() {
                low[caller] = low[caller].min(low[rule]);
            }
            if low[rule] != order[rule] {
                continue;
            }
            // `rule` is the root of a component: its members are on the stack down to it.
            let id = deepest.len();
            let mut inside = Vec::new();
            while let Some(member) = stack.pop() {
                on_stack[member] = false;
                component[member] = id;
                inside.push(member);
                if member == rule {
                    break;
                }
            }
            let own: usize = inside.iter().map(|&member| rules[member].levels).sum();
            let mut best: (usize, Option<usize>) = (0, None);
            for &member in &inside {
                for &callee in &callees[member] {
                    let other = component[callee];
                    if other != id && deepest[other].0 > best.0 {
                        best = (deepest[other].0, Some(other));
                    }
                }
            }
            deepest.push((own.saturating_add(best.0), best.1));
            inside.reverse();
            members.push(inside);
        }
    }
    let Some((start, &(levels, _))) = deepest.iter().enumerate().max_by_key(|(_, d)| d.0) else {
        return (0, Vec::new());
    };
    let mut chain = Vec::new();
    let mut at = Some(start);
    while let Some(id) = at {
        chain.extend(&members[id]);
        at = deepest[id].1;
    }
    (levels, chain)
}
