//! Which rule of an ABNF grammar a string fails in: an Earley recognizer over the grammar's
//! rules, run on a string its [`Matcher`](super::Matcher) rejects.
//!
//! The matcher's automaton knows the byte where a string leaves the language and the bytes
//! that could have come there, but not which rule its states came from. An Earley recognizer
//! reads the same context-free grammar (alternation unordered, repetition not greedy, as RFC
//! 5234 means them) and keeps, at each byte, the rules being read and where each began: at the
//! last byte the input can be read as a prefix of the language, the items waiting for a byte
//! say which rule was reading and what it expected, and the rules that predicted them say
//! which rules enclose it.
//!
//! A rule is "around" an item through the rule that first predicted it at that byte: where
//! several rules use the same rule at the same byte, the rules named around it follow one of
//! them, so [`Failure::within`] lists only the rules around all of the failing ones.
//!
//! The grammar is first flattened into productions over bytes: quoted strings become one byte
//! class a character (both cases of a letter, RFC 5234 §2.3), `%x` values their UTF-8 bytes
//! (a range above U+007F the byte sequences of its UTF-8 encodings, as the regex engine
//! compiles it), groups, options, alternatives and repetitions anonymous nonterminals of the
//! rule they are written in. Both the flattening and the recognizer are bounded
//! ([`MAX_SYMBOLS`], [`MAX_ITEMS_PER_BYTE`], [`MAX_ITEMS`]): past a bound the answer is an
//! error that says so.

use core::fmt;
use std::collections::{BTreeMap, BTreeSet};
use std::prelude::rust_2024::*;
use std::{format, vec};

use abnf::types::{Node, TerminalValues};

use super::{Grammar, Mismatch, bounds};

/// The most symbols a grammar is flattened into for the recognizer: a bounded repetition
/// `m*n` becomes `n` symbols, so a count in the thousands stops here rather than filling
/// memory.
pub const MAX_SYMBOLS: usize = 100_000;

/// The most Earley items at one byte of the input.
pub const MAX_ITEMS_PER_BYTE: usize = 20_000;

/// The most Earley items over the whole input.
pub const MAX_ITEMS: usize = 400_000;

/// Where and why a string leaves an ABNF rule's language, with the rules it was being read by:
/// what [`Matcher::mismatch`](super::Matcher::mismatch) says, and which rule failed.
///
/// ```
/// use urn_tag::grammar_tools::abnf::Grammar;
///
/// let grammar = Grammar::parse("NSS = part *( \".\" part )\npart = 1*DIGIT\n", &[])?;
/// let failure = grammar.failure("nss", "1.")?.expect("a failure");
/// assert_eq!(failure.mismatch.index, 2);
/// assert_eq!(failure.rules, ["part"]);
/// assert_eq!(failure.core.as_deref(), Some("DIGIT"));
/// assert_eq!(failure.within, ["NSS"]);
/// assert_eq!(
///     failure.to_string(),
///     "byte 2 (the end): in core rule DIGIT of rule part (within NSS): expected '0'..'9'"
/// );
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The failing byte and what could have come there: the same as the matcher's.
    pub mismatch: Mismatch,
    /// The rules that failed, as their definitions write their names: of the innermost rules
    /// (not counting RFC 5234's core rules) that expected a byte there, those not inside
    /// another of them: where `pchar = unreserved / pct-encoded / ...` expected a byte through
    /// each of its alternatives, `pchar`; where two rules side by side did, both. The rule
    /// checked when no rule expected a byte, only the end.
    pub rules: Vec<String>,
    /// The core rule (`DIGIT`, `HEXDIG`, ...) through which the one rule of [`Failure::rules`]
    /// expected every byte it expected, if there is one.
    pub core: Option<String>,
    /// The rules around them, innermost first, as far as they are the same for all of them;
    /// the rule checked is the last.
    pub within: Vec<String>,
}

impl fmt::Display for Failure {
    /// `byte 2 (the end): in core rule DIGIT of rule part (within NSS): expected '0'..'9'`:
    /// the matcher's message with the rules between the byte and what was expected.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: in ", self.mismatch.place())?;
        if let Some(core) = &self.core {
            write!(f, "core rule {core} of ")?;
        }
        match self.rules.split_last() {
            None => f.write_str("the rule")?,
            Some((last, [])) => write!(f, "rule {last}")?,
            Some((last, others)) => write!(f, "rule {} or {last}", others.join(", "))?,
        }
        if !self.within.is_empty() {
            write!(f, " (within {})", self.within.join(" within "))?;
        }
        write!(f, ": {}", self.mismatch.expectation())
    }
}

impl Grammar {
    /// Where `input` leaves the language of rule `top`, and which rule failed there: `None`
    /// when `input` is a string of it. The byte and the bytes expected are those of
    /// [`Matcher::mismatch`](super::Matcher::mismatch): both read the same grammar, one as
    /// an automaton, one as rules. With several readings (see [`Grammar::readings`]), the
    /// earliest failure of any of them is the one reported, as the matcher does.
    ///
    /// An error when a rule is used but not defined or is a prose value, or when the grammar
    /// or the work would pass a bound ([`MAX_SYMBOLS`], [`MAX_ITEMS_PER_BYTE`],
    /// [`MAX_ITEMS`]).
    ///
    /// ```
    /// use urn_tag::grammar_tools::abnf::Grammar;
    ///
    /// let grammar = Grammar::parse(
    ///     "NSS = 1*( pchar / \"/\" )\npchar = ALPHA / pct-encoded\npct-encoded = \"%\" 2HEXDIG\n",
    ///     &[],
    /// )?;
    /// assert_eq!(grammar.failure("NSS", "a/%4e")?, None);
    /// assert_eq!(
    ///     grammar.failure("NSS", "a%z")?.expect("a failure").to_string(),
    ///     "byte 2 ('z'): in core rule HEXDIG of rule pct-encoded (within pchar within NSS): \
    ///      expected '0'..'9', 'A'..'F' or 'a'..'f'"
    /// );
    /// # Ok::<(), String>(())
    /// ```
    pub fn failure(&self, top: &str, input: &str) -> Result<Option<Failure>, String> {
        let mut earliest: Option<Failure> = None;
        for reading in 0..self.readings() {
            let flat = Flat::new(self, top, reading)?;
            if let Some(failure) = flat.recognize(input.as_bytes())?
                && earliest
                    .as_ref()
                    .is_none_or(|earliest| failure.mismatch.index < earliest.mismatch.index)
            {
                earliest = Some(failure);
            }
        }
        Ok(earliest)
    }
}

/// A set of bytes, one bit each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Bytes([u64; 4]);

impl Bytes {
    const EMPTY: Bytes = Bytes([0; 4]);

    fn range(first: u8, last: u8) -> Bytes {
        let mut bytes = Bytes::EMPTY;
        for byte in first..=last {
            bytes.insert(byte);
        }
        bytes
    }

    fn insert(&mut self, byte: u8) {
        self.0[usize::from(byte >> 6)] |= 1 << (byte & 63);
    }

    fn contains(&self, byte: u8) -> bool {
        self.0[usize::from(byte >> 6)] & (1 << (byte & 63)) != 0
    }

    fn union(&mut self, other: &Bytes) {
        for (word, other) in self.0.iter_mut().zip(other.0) {
            *word |= other;
        }
    }

    /// The set as ranges in order, as [`Mismatch::expected`] writes it.
    fn ranges(&self) -> Vec<(u8, u8)> {
        let mut ranges: Vec<(u8, u8)> = Vec::new();
        for byte in (0..=u8::MAX).filter(|&byte| self.contains(byte)) {
            match ranges.last_mut() {
                Some((_, last)) if *last + 1 == byte => *last = byte,
                _ => ranges.push((byte, byte)),
            }
        }
        ranges
    }
}

/// What a production reads: a byte of a set, or a nonterminal.
#[derive(Debug, Clone, Copy)]
enum Symbol {
    Byte(Bytes),
    Nonterminal(u32),
}

struct Nonterminal {
    /// The rule it is written in (an index of [`Flat::rules`]).
    rule: u32,
    /// Whether it is that rule itself, not a group or a repetition inside it.
    named: bool,
    productions: Vec<u32>,
}

struct Production {
    lhs: u32,
    symbols: Vec<Symbol>,
}

/// A grammar's rules, one reading of them, flattened into productions over bytes.
struct Flat<'g> {
    grammar: &'g Grammar,
    reading: usize,
    /// The rules met, by their lower-case names.
    rules: Vec<String>,
    named: BTreeMap<String, u32>,
    nonterminals: Vec<Nonterminal>,
    productions: Vec<Production>,
    /// The start production, `start = top`.
    start: u32,
    /// The nonterminal of the top rule.
    top_rule: u32,
    nullable: Vec<bool>,
    /// How many symbols the productions hold, against [`MAX_SYMBOLS`].
    size: usize,
    top: String,
}

impl<'g> Flat<'g> {
    fn new(grammar: &'g Grammar, top: &str, reading: usize) -> Result<Flat<'g>, String> {
        let mut flat = Flat {
            grammar,
            reading,
            rules: Vec::new(),
            named: BTreeMap::new(),
            nonterminals: Vec::new(),
            productions: Vec::new(),
            start: 0,
            top_rule: 0,
            nullable: Vec::new(),
            size: 0,
            top: top.to_owned(),
        };
        // The rules are flattened one after the other, not recursively: each reference only
        // names the rule's nonterminal, and a rule not yet flattened waits in `pending`.
        let mut pending = Vec::new();
        let top = flat.rule(top, &mut pending)?;
        flat.top_rule = top;
        let start = flat.nonterminal(flat.nonterminals[top as usize].rule, false);
        flat.start = flat.production(start, vec![Symbol::Nonterminal(top)])?;
        while let Some(nonterminal) = pending.pop() {
            let rule = flat.nonterminals[nonterminal as usize].rule;
            let key = flat.rules[rule as usize].clone();
            let definition = grammar
                .definition(&key, reading)
                .ok_or_else(|| format!("rule {key} is used but not defined"))?;
            flat.alternatives(nonterminal, definition, rule, &mut pending)?;
        }
        flat.nullable = flat.nullable();
        Ok(flat)
    }

    fn nonterminal(&mut self, rule: u32, named: bool) -> u32 {
        self.nonterminals.push(Nonterminal {
            rule,
            named,
            productions: Vec::new(),
        });
        (self.nonterminals.len() - 1) as u32
    }

    fn spend(&mut self, symbols: usize) -> Result<(), String> {
        self.size = self.size.saturating_add(symbols);
        if self.size > MAX_SYMBOLS {
            return Err(format!(
                "cannot tell which rule fails: rule {} flattens into more than {MAX_SYMBOLS} \
                 symbols (a repetition's count is too large)",
                self.top
            ));
        }
        Ok(())
    }

    fn production(&mut self, lhs: u32, symbols: Vec<Symbol>) -> Result<u32, String> {
        self.spend(symbols.len() + 1)?;
        self.productions.push(Production { lhs, symbols });
        let id = (self.productions.len() - 1) as u32;
        self.nonterminals[lhs as usize].productions.push(id);
        Ok(id)
    }

    /// The nonterminal of the rule `name`, made (and left `pending`) the first time it is met.
    fn rule(&mut self, name: &str, pending: &mut Vec<u32>) -> Result<u32, String> {
        let key = name.to_ascii_lowercase();
        if let Some(&nonterminal) = self.named.get(&key) {
            return Ok(nonterminal);
        }
        if self.grammar.definition(&key, self.reading).is_none() {
            return Err(format!("rule {name} is used but not defined"));
        }
        self.rules.push(key.clone());
        let nonterminal = self.nonterminal((self.rules.len() - 1) as u32, true);
        self.named.insert(key, nonterminal);
        pending.push(nonterminal);
        Ok(nonterminal)
    }

    /// The productions of `lhs` for `node`: one for each alternative.
    fn alternatives(
        &mut self,
        lhs: u32,
        node: &Node,
        rule: u32,
        pending: &mut Vec<u32>,
    ) -> Result<(), String> {
        let alternatives = match node {
            Node::Alternatives(nodes) => nodes.as_slice(),
            other => core::slice::from_ref(other),
        };
        for alternative in alternatives {
            let mut symbols = Vec::new();
            self.sequence(alternative, rule, &mut symbols, pending)?;
            self.production(lhs, symbols)?;
        }
        Ok(())
    }

    /// Appends the symbols that read `node`, written in rule `rule`, to `out`.
    fn sequence(
        &mut self,
        node: &Node,
        rule: u32,
        out: &mut Vec<Symbol>,
        pending: &mut Vec<u32>,
    ) -> Result<(), String> {
        match node {
            Node::Concatenation(nodes) => {
                for node in nodes {
                    self.sequence(node, rule, out, pending)?;
                }
            }
            Node::Group(node) => self.sequence(node, rule, out, pending)?,
            Node::Alternatives(_) => {
                let group = self.nonterminal(rule, false);
                self.alternatives(group, node, rule, pending)?;
                out.push(Symbol::Nonterminal(group));
            }
            Node::Optional(node) => {
                let option = self.nonterminal(rule, false);
                self.production(option, Vec::new())?;
                self.alternatives(option, node, rule, pending)?;
                out.push(Symbol::Nonterminal(option));
            }
            Node::Repetition { repeat, node } => {
                let (min, max) = bounds(repeat);
                let mut body = Vec::new();
                self.sequence(node, rule, &mut body, pending)?;
                let once = match body.as_slice() {
                    [one] => *one,
                    _ => {
                        let once = self.nonterminal(rule, false);
                        self.production(once, body)?;
                        Symbol::Nonterminal(once)
                    }
                };
                self.spend(min)?;
                out.extend(core::iter::repeat_n(once, min));
                match max {
                    // `*x` is `more = "" / more x`: left recursion, which an Earley
                    // recognizer reads in linear time.
                    None => {
                        let more = self.nonterminal(rule, false);
                        self.production(more, Vec::new())?;
                        self.production(more, vec![Symbol::Nonterminal(more), once])?;
                        out.push(Symbol::Nonterminal(more));
                    }
                    // `0*k x` is `upto-k = "" / x upto-(k-1)`.
                    Some(max) if max > min => {
                        let mut tail: Option<u32> = None;
                        for _ in min..max {
                            let upto = self.nonterminal(rule, false);
                            self.production(upto, Vec::new())?;
                            let mut symbols = vec![once];
                            symbols.extend(tail.map(Symbol::Nonterminal));
                            self.production(upto, symbols)?;
                            tail = Some(upto);
                        }
                        out.extend(tail.map(Symbol::Nonterminal));
                    }
                    Some(max) if max < min => {
                        return Err(format!(
                            "the repetition {min}*{max} in rule {} allows no count: its least \
                             is more than its most",
                            self.rules[rule as usize]
                        ));
                    }
                    Some(_) => {}
                }
            }
            Node::Rulename(name) => {
                let nonterminal = self.rule(name, pending)?;
                out.push(Symbol::Nonterminal(nonterminal));
            }
            Node::String(literal) => {
                for ch in literal.value().chars() {
                    if !literal.is_case_sensitive() && ch.is_ascii_alphabetic() {
                        // RFC 5234 §2.3: quoted strings are case-insensitive, in US-ASCII only.
                        let mut both = Bytes::EMPTY;
                        both.insert(ch.to_ascii_lowercase() as u8);
                        both.insert(ch.to_ascii_uppercase() as u8);
                        out.push(Symbol::Byte(both));
                    } else {
                        push_char(ch, out);
                    }
                }
            }
            Node::TerminalValues(TerminalValues::Concatenation(values)) => {
                for &value in values {
                    push_char(character(value)?, out);
                }
            }
            Node::TerminalValues(TerminalValues::Range(from, to)) => {
                if *to <= 0x7F {
                    out.push(Symbol::Byte(Bytes::range(*from as u8, *to as u8)));
                } else {
                    let range = self.nonterminal(rule, false);
                    for encoding in utf8_sequences(*from, *to) {
                        let symbols = encoding
                            .into_iter()
                            .map(|(first, last)| Symbol::Byte(Bytes::range(first, last)))
                            .collect();
                        self.production(range, symbols)?;
                    }
                    out.push(Symbol::Nonterminal(range));
                }
            }
            Node::Prose(prose) => {
                return Err(format!(
                    "prose value <{prose}> cannot be compiled: write it as ABNF"
                ));
            }
        }
        Ok(())
    }

    /// Which nonterminals derive the empty string, in time linear in the productions' size
    /// (a pasted grammar may chain thousands of rules): each production counts its
    /// nonterminals not yet known to derive it, and a nonterminal found to derive it counts
    /// down the productions that use it.
    fn nullable(&self) -> Vec<bool> {
        let mut nullable = vec![false; self.nonterminals.len()];
        let mut uses: Vec<Vec<u32>> = vec![Vec::new(); self.nonterminals.len()];
        let mut left: Vec<usize> = Vec::with_capacity(self.productions.len());
        let mut found: Vec<u32> = Vec::new();
        for (id, production) in self.productions.iter().enumerate() {
            let reads_a_byte = production
                .symbols
                .iter()
                .any(|symbol| matches!(symbol, Symbol::Byte(_)));
            left.push(match reads_a_byte {
                true => usize::MAX,
                false => production.symbols.len(),
            });
            for symbol in &production.symbols {
                if let (false, Symbol::Nonterminal(used)) = (reads_a_byte, symbol) {
                    uses[*used as usize].push(id as u32);
                }
            }
            if left[id] == 0 && !nullable[production.lhs as usize] {
                nullable[production.lhs as usize] = true;
                found.push(production.lhs);
            }
        }
        while let Some(nonterminal) = found.pop() {
            for &id in &uses[nonterminal as usize] {
                left[id as usize] -= 1;
                let lhs = self.productions[id as usize].lhs as usize;
                if left[id as usize] == 0 && !nullable[lhs] {
                    nullable[lhs] = true;
                    found.push(lhs as u32);
                }
            }
        }
        nullable
    }

    /// The Earley recognizer on `input`: `None` when the input is a string of the top rule,
    /// otherwise where it fails and in which rules.
    fn recognize(&self, input: &[u8]) -> Result<Option<Failure>, String> {
        let mut sets: Vec<Set> = vec![Set::default()];
        // For each nonterminal predicted at a byte, the item (its nonterminal and where that
        // began) that predicted it first: the way up to the start from any item.
        let mut parent: BTreeMap<(u32, u32), (u32, u32)> = BTreeMap::new();
        let mut total = 0;
        sets[0].add(Item {
            production: self.start,
            dot: 0,
            origin: 0,
        });
        let mut at = 0;
        loop {
            let mut next = 0;
            while let Some(&item) = sets[at].items.get(next) {
                next += 1;
                let production = &self.productions[item.production as usize];
                match production.symbols.get(item.dot as usize) {
                    None => {
                        let waiting: Vec<Item> = sets[item.origin as usize]
                            .waiting
                            .get(&production.lhs)
                            .into_iter()
                            .flatten()
                            .map(|&index| sets[item.origin as usize].items[index].advanced())
                            .collect();
                        for item in waiting {
                            sets[at].add(item);
                        }
                    }
                    Some(Symbol::Nonterminal(predicted)) => {
                        let predicted = *predicted;
                        parent
                            .entry((predicted, at as u32))
                            .or_insert((production.lhs, item.origin));
                        sets[at]
                            .waiting
                            .entry(predicted)
                            .or_default()
                            .push(next - 1);
                        for &production in &self.nonterminals[predicted as usize].productions {
                            sets[at].add(Item {
                                production,
                                dot: 0,
                                origin: at as u32,
                            });
                        }
                        // Aycock and Horspool: a nonterminal that derives "" is also stepped
                        // over here, where its completion would come too early to be seen.
                        if self.nullable[predicted as usize] {
                            sets[at].add(item.advanced());
                        }
                    }
                    Some(Symbol::Byte(bytes)) => {
                        if input.get(at).is_some_and(|&byte| bytes.contains(byte)) {
                            if sets.len() == at + 1 {
                                sets.push(Set::default());
                            }
                            sets[at + 1].add(item.advanced());
                        }
                    }
                }
                if sets[at].items.len() > MAX_ITEMS_PER_BYTE {
                    return Err(format!(
                        "cannot tell which rule fails: reading byte {at} takes more than \
                         {MAX_ITEMS_PER_BYTE} Earley items"
                    ));
                }
                if total + sets[at].items.len() > MAX_ITEMS {
                    return Err(format!(
                        "cannot tell which rule fails: reading the input takes more than \
                         {MAX_ITEMS} Earley items"
                    ));
                }
            }
            total += sets[at].items.len();
            // A set is made only when a byte is read into it, so the last one is the furthest
            // the input can be read as a prefix of the language.
            if sets.len() == at + 1 {
                break;
            }
            at += 1;
        }

        let last = &sets[at];
        let end = last
            .items
            .iter()
            .any(|item| item.production == self.start && item.dot == 1);
        if at == input.len() && end {
            return Ok(None);
        }
        let mut expected = Bytes::EMPTY;
        let mut chains: Vec<Vec<u32>> = Vec::new();
        for item in &last.items {
            let production = &self.productions[item.production as usize];
            if let Some(Symbol::Byte(bytes)) = production.symbols.get(item.dot as usize) {
                expected.union(bytes);
                let chain = self.chain((production.lhs, item.origin), &parent);
                if !chains.contains(&chain) {
                    chains.push(chain);
                }
            }
        }
        let mismatch = Mismatch {
            index: at,
            found: input.get(at).copied(),
            expected: expected.ranges(),
            end,
        };
        Ok(Some(self.failure(mismatch, &chains)))
    }

    /// The rules around an item of `nonterminal` begun at `origin`, innermost first, up to the
    /// top rule; each rule once where it follows itself.
    fn chain(&self, mut at: (u32, u32), parent: &BTreeMap<(u32, u32), (u32, u32)>) -> Vec<u32> {
        let mut chain: Vec<u32> = Vec::new();
        loop {
            let nonterminal = &self.nonterminals[at.0 as usize];
            if nonterminal.named && chain.last() != Some(&nonterminal.rule) {
                chain.push(nonterminal.rule);
            }
            // Each parent was recorded before its child, so the way up ends at the start.
            match parent.get(&at) {
                Some(&up) => at = up,
                None => break,
            }
        }
        chain
    }

    /// The failure told in rules from the chains of the items that expected a byte: the
    /// innermost rule of each chain that is not a core rule, but for one inside another of
    /// them (the `unreserved` and `pct-encoded` of a `pchar` that failed: the rule to name is
    /// `pchar`, whose alternatives all failed); the core rule below the one rule left, when
    /// it is the same for every chain; and the rules around all of them.
    fn failure(&self, mismatch: Mismatch, chains: &[Vec<u32>]) -> Failure {
        let core = |rule: u32| self.grammar.core.contains(&self.rules[rule as usize]);
        let name = |rule: u32| {
            let key = &self.rules[rule as usize];
            self.grammar
                .written
                .get(key)
                .cloned()
                .unwrap_or_else(|| key.clone())
        };
        let chains: Vec<&Vec<u32>> = chains.iter().filter(|chain| !chain.is_empty()).collect();
        // Where each chain's innermost rule that is not a core rule is (the top rule when
        // every rule of the chain is a core rule: a core rule checked on its own).
        let innermost_at = |chain: &[u32]| {
            chain
                .iter()
                .position(|&rule| !core(rule))
                .unwrap_or(chain.len() - 1)
        };
        let mut listed: Vec<u32> = Vec::new();
        for chain in &chains {
            let rule = chain[innermost_at(chain)];
            if !listed.contains(&rule) {
                listed.push(rule);
            }
        }
        let inside_another = |rule: u32| {
            chains.iter().any(|chain| {
                chain.iter().position(|&r| r == rule).is_some_and(|at| {
                    chain[at + 1..]
                        .iter()
                        .any(|&above| above != rule && listed.contains(&above))
                })
            })
        };
        let mut rules: Vec<u32> = listed
            .iter()
            .copied()
            .filter(|&rule| !inside_another(rule))
            .collect();
        let mut cores: Vec<Option<u32>> = Vec::new();
        let mut outer: Option<Vec<u32>> = None;
        for chain in &chains {
            let at = match chain.iter().position(|rule| rules.contains(rule)) {
                Some(at) => at,
                // Each of its listed rules is inside a listed rule of another chain only.
                None => {
                    let at = innermost_at(chain);
                    rules.push(chain[at]);
                    at
                }
            };
            cores.push(
                at.checked_sub(1)
                    .map(|below| chain[below])
                    .filter(|&below| core(below)),
            );
            let around = &chain[at + 1..];
            outer = Some(match outer {
                None => around.to_vec(),
                Some(common) => {
                    // The longest common ending: the rules around all of them.
                    let shared = common
                        .iter()
                        .rev()
                        .zip(around.iter().rev())
                        .take_while(|(a, b)| a == b)
                        .count();
                    common[common.len() - shared..].to_vec()
                }
            });
        }
        if rules.is_empty() {
            // No rule expected a byte, only the end: the top rule is complete.
            rules.push(self.nonterminals[self.top_rule as usize].rule);
        }
        let core = match (rules.len(), cores.first()) {
            (1, Some(&first)) if cores.iter().all(|&core| core == first) => first.map(name),
            _ => None,
        };
        let within = outer
            .unwrap_or_default()
            .into_iter()
            .filter(|rule| !rules.contains(rule))
            .map(name)
            .collect();
        Failure {
            mismatch,
            rules: rules.into_iter().map(name).collect(),
            core,
            within,
        }
    }
}

/// An Earley item: a production, how much of it has been read, and the byte it began at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Item {
    production: u32,
    dot: u32,
    origin: u32,
}

impl Item {
    fn advanced(self) -> Item {
        Item {
            dot: self.dot + 1,
            ..self
        }
    }
}

/// The items at one byte, each once, and which of them wait for each nonterminal.
#[derive(Default)]
struct Set {
    items: Vec<Item>,
    seen: BTreeSet<Item>,
    waiting: BTreeMap<u32, Vec<usize>>,
}

impl Set {
    /// Adds `item` unless it is there; whether it was added.
    fn add(&mut self, item: Item) -> bool {
        let added = self.seen.insert(item);
        if added {
            self.items.push(item);
        }
        added
    }
}

/// The character of a `%x` value; an error for a value that is none (a surrogate, or past
/// U+10FFFF).
fn character(value: u32) -> Result<char, String> {
    char::from_u32(value).ok_or_else(|| format!("%x{value:X} is not a character"))
}

fn push_char(ch: char, out: &mut Vec<Symbol>) {
    let mut buffer = [0; 4];
    out.extend(
        ch.encode_utf8(&mut buffer)
            .bytes()
            .map(|byte| Symbol::Byte(Bytes::range(byte, byte))),
    );
}

/// The UTF-8 encodings of the characters `from..=to` as sequences of byte ranges, each
/// sequence the encodings of a run of characters of one length whose bytes vary
/// independently: the way a regex engine compiles a range of characters to bytes. The
/// surrogates, which are no characters, are left out.
fn utf8_sequences(from: u32, to: u32) -> Vec<Vec<(u8, u8)>> {
    let mut sequences = Vec::new();
    let mut stack = vec![(from, to.min(0x10_FFFF))];
    'ranges: while let Some((first, last)) = stack.pop() {
        if first > last {
            continue;
        }
        if first <= 0xDFFF && last >= 0xD800 {
            if first < 0xD800 {
                stack.push((first, 0xD7FF));
            }
            if last > 0xDFFF {
                stack.push((0xE000, last));
            }
            continue;
        }
        // Split where the length of the encoding changes.
        for boundary in [0x7F, 0x7FF, 0xFFFF] {
            if first <= boundary && boundary < last {
                stack.push((boundary + 1, last));
                stack.push((first, boundary));
                continue 'ranges;
            }
        }
        // Split until every continuation byte runs over its whole range, or over one value.
        for bits in [6, 12, 18] {
            let mask: u32 = (1 << bits) - 1;
            if first & !mask != last & !mask {
                if first & mask != 0 {
                    stack.push(((first | mask) + 1, last));
                    stack.push((first, first | mask));
                    continue 'ranges;
                }
                if last & mask != mask {
                    stack.push((last & !mask, last));
                    stack.push((first, (last & !mask) - 1));
                    continue 'ranges;
                }
            }
        }
        let (mut low, mut high) = ([0; 4], [0; 4]);
        let low = encode(first, &mut low);
        let high = encode(last, &mut high);
        sequences.push(low.iter().copied().zip(high.iter().copied()).collect());
    }
    sequences
}

fn encode(value: u32, buffer: &mut [u8; 4]) -> &[u8] {
    // `utf8_sequences` leaves out the surrogates and values past U+10FFFF.
    let ch = char::from_u32(value).unwrap_or(char::REPLACEMENT_CHARACTER);
    ch.encode_utf8(buffer).as_bytes()
}
