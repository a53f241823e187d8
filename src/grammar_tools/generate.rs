//! Strings drawn from a pest grammar, for a reviewer to read and to keep as test cases: valid
//! ones, and near misses (one character changed, dropped or added). Every string is run by the
//! grammar before it is returned, so a "valid" string is one the grammar matches, whatever the
//! drawing got wrong (ordered choice, lookaheads): the drawing proposes, the grammar decides.
//!
//! Bounded three ways: rules nest at most [`MAX_DRAW_DEPTH`] deep in one drawing, a drawn
//! string is at most [`MAX_DRAWN_LEN`] bytes, and at most [`ATTEMPTS_PER_STRING`] drawings are
//! made for each string asked for. Each run is held to the interpreter's budget of rule calls.

use std::collections::{BTreeMap, BTreeSet};
use std::prelude::rust_2024::*;

use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

use super::abnf::Rng;

/// How deep rules may nest in one drawing: deeper, the drawing is dropped.
pub const MAX_DRAW_DEPTH: usize = 48;
/// The longest string drawn, in bytes.
pub const MAX_DRAWN_LEN: usize = 120;
/// How many drawings are made, at most, for each string asked for.
pub const ATTEMPTS_PER_STRING: usize = 40;
/// How many drawings are made, at most, for each string asked for when the strings must also
/// pass the caller's check ([`Runner::examples_kept`](super::Runner::examples_kept)): a check
/// the grammar leaves to Rust, such as an ISBN's check digit, passes one string the grammar
/// matches in ten or eleven.
pub const ATTEMPTS_PER_KEPT_STRING: usize = 10 * ATTEMPTS_PER_STRING;

/// The rules' expressions by name, for drawing strings.
pub(super) struct Drawing {
    rules: BTreeMap<String, OptimizedExpr>,
}

/// Strings drawn from a rule (see [`Runner::examples`](super::Runner::examples)).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Examples {
    /// Strings the rule matches, distinct, shortest first.
    pub valid: Vec<String>,
    /// Strings one edit away from a valid one, each with whether the rule matches it (a near
    /// miss the grammar still accepts is worth seeing too), distinct.
    pub near_misses: Vec<(String, bool)>,
    /// How many distinct strings the rule matches were drawn for `valid`.
    pub matched: usize,
    /// How many of those the caller's check refused
    /// ([`Runner::examples_kept`](super::Runner::examples_kept)); `valid` holds the others, up
    /// to the number asked for.
    pub refused: usize,
}

impl Drawing {
    pub(super) fn new(rules: &[OptimizedRule]) -> Drawing {
        Drawing {
            rules: rules
                .iter()
                .map(|rule| (rule.name.clone(), rule.expr.clone()))
                .collect(),
        }
    }

    /// One string drawn from rule `rule`, or `None` when the drawing goes too deep, too long,
    /// or meets what it cannot draw (the stack operations).
    pub(super) fn draw(&self, rule: &str, rng: &mut Rng) -> Option<String> {
        let mut out = String::new();
        self.rule(rule, 0, rng, &mut out).then_some(out)
    }

    fn rule(&self, name: &str, depth: usize, rng: &mut Rng, out: &mut String) -> bool {
        if depth > MAX_DRAW_DEPTH {
            return false;
        }
        // pest's built-in rules.
        let class: Option<&[(char, char)]> = match name {
            "ASCII_DIGIT" => Some(&[('0', '9')]),
            "ASCII_NONZERO_DIGIT" => Some(&[('1', '9')]),
            "ASCII_BIN_DIGIT" => Some(&[('0', '1')]),
            "ASCII_OCT_DIGIT" => Some(&[('0', '7')]),
            "ASCII_HEX_DIGIT" => Some(&[('0', '9'), ('a', 'f'), ('A', 'F')]),
            "ASCII_ALPHA_LOWER" => Some(&[('a', 'z')]),
            "ASCII_ALPHA_UPPER" => Some(&[('A', 'Z')]),
            "ASCII_ALPHA" => Some(&[('a', 'z'), ('A', 'Z')]),
            "ASCII_ALPHANUMERIC" => Some(&[('a', 'z'), ('A', 'Z'), ('0', '9')]),
            "ASCII" | "ANY" => Some(&[(' ', '~')]),
            "NEWLINE" => Some(&[('\n', '\n')]),
            _ => None,
        };
        if let Some(class) = class {
            let (first, last) = class[rng.below(class.len())];
            return push_in_range(first, last, rng, out);
        }
        match name {
            "SOI" | "EOI" => true,
            _ => match self.rules.get(name) {
                Some(expr) => self.expr(expr, depth + 1, rng, out),
                None => false,
            },
        }
    }

    fn expr(&self, expr: &OptimizedExpr, depth: usize, rng: &mut Rng, out: &mut String) -> bool {
        if out.len() > MAX_DRAWN_LEN || depth > MAX_DRAW_DEPTH {
            return false;
        }
        match expr {
            OptimizedExpr::Str(text) => {
                out.push_str(text);
                true
            }
            // A literal compared without case, drawn in a random case.
            OptimizedExpr::Insens(text) => {
                out.extend(text.chars().map(|c| match rng.below(2) {
                    0 => c.to_ascii_lowercase(),
                    _ => c.to_ascii_uppercase(),
                }));
                true
            }
            OptimizedExpr::Range(first, last) => {
                match (first.chars().next(), last.chars().next()) {
                    (Some(first), Some(last)) => push_in_range(first, last, rng, out),
                    _ => false,
                }
            }
            OptimizedExpr::Ident(name) => self.rule(name, depth, rng, out),
            // A lookahead reads nothing; the grammar's run of the result checks it.
            OptimizedExpr::PosPred(_) | OptimizedExpr::NegPred(_) => true,
            OptimizedExpr::Seq(first, second) => {
                self.expr(first, depth + 1, rng, out) && self.expr(second, depth + 1, rng, out)
            }
            OptimizedExpr::Choice(first, second) => {
                // A chain of choices is nested to the right: each branch has its fair chance
                // only roughly, which is enough for examples.
                let branch = if rng.below(2) == 0 { first } else { second };
                self.expr(branch, depth + 1, rng, out)
            }
            OptimizedExpr::Opt(inner) => rng.below(2) == 0 || self.expr(inner, depth + 1, rng, out),
            OptimizedExpr::Rep(inner) => {
                (0..rng.below(4)).all(|_| self.expr(inner, depth + 1, rng, out))
            }
            OptimizedExpr::Push(inner) | OptimizedExpr::RestoreOnErr(inner) => {
                self.expr(inner, depth + 1, rng, out)
            }
            // PEEK, POP and DROP read the stack, which a drawing does not keep.
            _ => false,
        }
    }
}

/// Pushes a character of `first..=last` (a code point that is a `char`).
fn push_in_range(first: char, last: char, rng: &mut Rng, out: &mut String) -> bool {
    let (first, last) = (u32::from(first), u32::from(last));
    if last < first {
        return false;
    }
    let span = usize::try_from(last - first).unwrap_or(usize::MAX - 1) + 1;
    let code = first + u32::try_from(rng.below(span)).unwrap_or(0);
    match char::from_u32(code) {
        Some(c) => {
            out.push(c);
            true
        }
        None => false,
    }
}

/// Gathers `wanted` distinct strings at most from `draw` that `keep` accepts, shortest first,
/// in `wanted * attempts` drawings at most. `keep` sees each distinct string once.
pub(super) fn distinct(
    wanted: usize,
    attempts: usize,
    mut draw: impl FnMut() -> Option<String>,
    mut keep: impl FnMut(&str) -> bool,
) -> Vec<String> {
    let mut found = BTreeSet::new();
    let mut left = BTreeSet::new();
    for _ in 0..wanted * attempts {
        if found.len() >= wanted {
            break;
        }
        let Some(text) = draw() else { continue };
        if found.contains(&text) || left.contains(&text) {
            continue;
        }
        if keep(&text) {
            found.insert(text);
        } else {
            left.insert(text);
        }
    }
    let mut found: Vec<String> = found.into_iter().collect();
    found.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    found
}

/// One edit of `text`: a character changed, dropped or added, the new one drawn from
/// `alphabet`.
pub(super) fn near_miss(text: &str, alphabet: &[char], rng: &mut Rng) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let new = *alphabet.get(rng.below(alphabet.len().max(1)))?;
    let mut edited = chars.clone();
    match rng.below(3) {
        0 if !chars.is_empty() => edited[rng.below(chars.len())] = new,
        1 if !chars.is_empty() => {
            edited.remove(rng.below(chars.len()));
        }
        _ => edited.insert(rng.below(chars.len() + 1), new),
    }
    Some(edited.into_iter().collect())
}
