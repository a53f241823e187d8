//! Running one rule of a grammar text with pest_vm, pest's interpreter: where the rule's match
//! ends and the parse tree with byte spans, or the byte at which it failed and pest's
//! "expected ..." message.
//!
//! A grammar may backtrack exponentially or recurse without end on some input, so a run is
//! bounded: by pest's budget of rule calls ([`MAX_CALLS`]) and by its check of the stack left,
//! which pest makes before each call where it knows the stack's bounds: on the common native
//! targets by itself, in WebAssembly when the caller gives it a stack (the grammar playground
//! does, with `stacker`). Either ends the run with [`Trial::Refused`].

use std::num::NonZeroUsize;
use std::prelude::rust_2024::*;
use std::{fmt, format};

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest_meta::optimizer::OptimizedRule;
use pest_vm::Vm;

use super::abnf::Rng;
use super::generate::{
    ATTEMPTS_PER_KEPT_STRING, ATTEMPTS_PER_STRING, Drawing, Examples, distinct, near_miss,
};
use super::grouped;
use super::trace::{Steps, Trace, Tracing};

/// How many rule calls a run may make (pest counts each rule, sequence, repetition, option and
/// lookahead entered). The grammars of this repository make about 30 per byte of input, so an
/// identifier of 30 000 bytes still runs to the end; an exponential grammar reaches it in well
/// under a second.
pub const MAX_CALLS: usize = 1_000_000;

/// One rule of a compiled grammar, ready to run on inputs ([`Compiled::runner`]).
///
/// [`Compiled::runner`]: super::Compiled::runner
pub struct Runner {
    vm: Vm,
    /// The rules' expressions, for drawing examples ([`Runner::examples`]).
    drawing: Drawing,
    /// The same rules, made to report the rules they enter, match and fail, for
    /// [`Runner::trace`].
    tracing: Tracing,
    rule: String,
    /// The normal rule added to call `rule`, so that the match has a pair even when `rule` is
    /// silent.
    wrapper: String,
}

impl fmt::Debug for Runner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Runner").field("rule", &self.rule).finish()
    }
}

/// One rule's match in a parse tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode<'a> {
    /// The rule's name.
    pub rule: &'a str,
    /// Its byte span in the input: where it starts.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
    /// 1 for the rule tried, 2 for the rules it matched directly, and so on.
    pub depth: usize,
}

/// What a rule did with an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trial<'a> {
    /// It matched bytes `0..end`: all of the input when `end` is its length, otherwise a
    /// prefix only. The tree lists every pair in document order (a parent before its
    /// children).
    Parsed {
        /// Where the match ends.
        end: usize,
        /// The parse tree.
        tree: Vec<TreeNode<'a>>,
    },
    /// It failed at byte `index`; `message` is pest's "expected ..." list.
    Failed {
        /// Where it failed.
        index: usize,
        /// What pest expected there.
        message: String,
    },
    /// The run was stopped at byte `index` before it could decide.
    Refused {
        /// Where pest was when it stopped.
        index: usize,
        /// What stopped it.
        limit: Limit,
    },
    /// pest reported success without a pair for the wrapper rule, which is not silent: not
    /// expected to happen, and said rather than hidden.
    NoTree,
}

/// What stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// It made [`MAX_CALLS`] rule calls: the grammar backtracks too much on this input.
    Calls,
    /// The stack was nearly used up: the grammar's rules call one another too deep.
    Stack,
}

impl fmt::Display for Limit {
    /// What happened, for a person.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Calls => write!(
                f,
                "stopped after {} rule calls: this grammar backtracks too much on this input",
                grouped(MAX_CALLS as u64)
            ),
            Limit::Stack => f.write_str(
                "this grammar recursed deeper than the stack allows: its rules call one another \
                 too deep on this input",
            ),
        }
    }
}

impl Runner {
    pub(super) fn new(rules: Vec<OptimizedRule>, rule: &str, wrapper: String) -> Runner {
        Runner {
            tracing: Tracing::new(&rules),
            drawing: Drawing::new(&rules),
            vm: Vm::new(rules),
            rule: rule.to_owned(),
            wrapper,
        }
    }

    /// Why the rule does not match `input`: the deepest attempt, the furthest byte and what
    /// was expected there (see [`Trace`]); `None` when it matches, or when the run is stopped
    /// by a limit.
    ///
    /// ```
    /// use urn_tag::grammar_tools::{Compiled, Step};
    ///
    /// let text = "id = { ^\"id:\" ~ part ~ (\".\" ~ part)* ~ EOI }\npart = { ASCII_DIGIT+ }";
    /// let runner = Compiled::new(text)?.runner("id").unwrap();
    /// let trace = runner.trace("ID:12.x").expect("no match");
    /// assert_eq!(trace.index, 6);
    /// assert_eq!(trace.expected, ["'0'..'9'", "part"]);
    /// let step = |rule: &str, start, end, depth| Step { rule: rule.into(), start, end, depth };
    /// assert_eq!(
    ///     trace.attempt,
    ///     [step("id", 0, None, 1), step("part", 3, Some(5), 2), step("part", 6, None, 2)]
    /// );
    /// // A literal compared byte by byte: "id:" stops at the third byte.
    /// assert_eq!(runner.trace("iD-1").expect("no match").index, 2);
    /// assert_eq!(runner.trace("id:1.2"), None);
    /// # Ok::<(), Vec<urn_tag::grammar_tools::GrammarError>>(())
    /// ```
    pub fn trace(&self, input: &str) -> Option<Trace> {
        self.tracing.trace(&self.wrapper, &self.rule, input)
    }

    /// The run of the rule on `input`, event by event (a rule of the text entered, matched,
    /// or failed and backtracked from), for stepping through it: the first
    /// [`MAX_STEPS`](super::MAX_STEPS) events, how many there were, and from the same run the
    /// [`Trace`] of a run that failed, whose byte is where a step-through ends.
    ///
    /// ```
    /// use urn_tag::grammar_tools::{Compiled, RunEvent, StepKind};
    ///
    /// let text = "id = { ^\"id:\" ~ part ~ (\".\" ~ part)* ~ EOI }\npart = { ASCII_DIGIT+ }";
    /// let runner = Compiled::new(text)?.runner("id").unwrap();
    /// let steps = runner.steps("id:1.x");
    /// let event = |kind, rule: &str, start, at, depth| RunEvent { kind, rule: rule.into(), start, at, depth };
    /// assert_eq!(
    ///     steps.events,
    ///     [
    ///         event(StepKind::Entered, "id", 0, 0, 1),
    ///         event(StepKind::Entered, "part", 3, 3, 2),
    ///         event(StepKind::Matched, "part", 3, 4, 2),
    ///         event(StepKind::Entered, "part", 5, 5, 2),
    ///         event(StepKind::Failed, "part", 5, 5, 2),
    ///         event(StepKind::Failed, "id", 0, 0, 1),
    ///     ]
    /// );
    /// assert_eq!(steps.total, 6);
    /// assert_eq!(steps.trace, runner.trace("id:1.x"));
    /// assert_eq!(steps.trace.map(|trace| trace.index), Some(5));
    /// # Ok::<(), Vec<urn_tag::grammar_tools::GrammarError>>(())
    /// ```
    pub fn steps(&self, input: &str) -> Steps {
        self.tracing.steps(&self.wrapper, &self.rule, input)
    }

    /// At most `wanted` strings the rule matches and `wanted` near misses (one character
    /// changed, dropped or added), drawn from the grammar with the seed `seed` and each run by
    /// the rule before it is returned: see [`Examples`]. Bounded in depth, length and attempts
    /// (see the constants of this module), so a grammar that draws nothing gives fewer.
    ///
    /// ```
    /// use urn_tag::grammar_tools::Compiled;
    ///
    /// let text = "id = { ^\"id:\" ~ part ~ (\".\" ~ part)* ~ EOI }\npart = { ASCII_DIGIT+ }";
    /// let runner = Compiled::new(text)?.runner("id").unwrap();
    /// let examples = runner.examples(1, 5);
    /// assert_eq!(examples.valid.len(), 5);
    /// assert!(examples.valid.iter().all(|text| runner.matches(text)));
    /// assert!(examples.near_misses.iter().all(|(text, valid)| runner.matches(text) == *valid));
    /// # Ok::<(), Vec<urn_tag::grammar_tools::GrammarError>>(())
    /// ```
    pub fn examples(&self, seed: u64, wanted: usize) -> Examples {
        self.drawn(seed, wanted, ATTEMPTS_PER_STRING, |_| true)
    }

    /// As [`Runner::examples`], the valid strings being only those that `keep` accepts too,
    /// drawn with [`ATTEMPTS_PER_KEPT_STRING`] attempts for each string asked for: for a
    /// grammar that leaves a check to Rust, `keep` is the library's check, and the strings are
    /// those the grammar and the library both accept. Fewer than `wanted` when the attempts run
    /// out; [`Examples::matched`] and [`Examples::refused`] say how many strings the grammar
    /// matched and how many of them `keep` refused. `keep` never adds a string: it only filters
    /// what the grammar matches.
    ///
    /// ```
    /// use urn_tag::grammar_tools::Compiled;
    ///
    /// // Two digits whose sum is even: the grammar says "two digits", the check the rest.
    /// let runner = Compiled::new("pair = { ASCII_DIGIT ~ ASCII_DIGIT ~ EOI }")?.runner("pair").unwrap();
    /// let even = |text: &str| text.bytes().map(|b| u32::from(b - b'0')).sum::<u32>() % 2 == 0;
    /// let examples = runner.examples_kept(3, 6, even);
    /// assert_eq!(examples.valid.len(), 6);
    /// assert!(examples.valid.iter().all(|text| even(text)));
    /// assert!(examples.refused > 0 && examples.matched == examples.refused + 6);
    /// # Ok::<(), Vec<urn_tag::grammar_tools::GrammarError>>(())
    /// ```
    ///
    /// [`ATTEMPTS_PER_KEPT_STRING`]: super::ATTEMPTS_PER_KEPT_STRING
    pub fn examples_kept(
        &self,
        seed: u64,
        wanted: usize,
        keep: impl FnMut(&str) -> bool,
    ) -> Examples {
        self.drawn(seed, wanted, ATTEMPTS_PER_KEPT_STRING, keep)
    }

    fn drawn(
        &self,
        seed: u64,
        wanted: usize,
        attempts: usize,
        mut keep: impl FnMut(&str) -> bool,
    ) -> Examples {
        let mut rng = Rng::new(seed);
        let rule = self.rule.clone();
        let (mut matched, mut refused) = (0, 0);
        let valid = distinct(
            wanted,
            attempts,
            || self.drawing.draw(&rule, &mut rng),
            |text| {
                if !self.matches(text) {
                    return false;
                }
                matched += 1;
                let kept = keep(text);
                refused += usize::from(!kept);
                kept
            },
        );
        // The characters a near miss is made of: those of the valid strings, and a few that
        // identifiers often get wrong.
        let mut alphabet: Vec<char> = valid.iter().flat_map(|text| text.chars()).collect();
        alphabet.extend([' ', '%', '/', ':', '-', '.', '#', '?']);
        alphabet.sort_unstable();
        alphabet.dedup();
        let mut rng = Rng::new(seed ^ 0x6e65_6172);
        let missed = distinct(
            wanted,
            ATTEMPTS_PER_STRING,
            || {
                near_miss(
                    valid.get(rng.below(valid.len().max(1)))?,
                    &alphabet,
                    &mut rng,
                )
            },
            |text| !valid.iter().any(|v| v == text),
        );
        let near_misses = missed
            .into_iter()
            .map(|text| {
                let matches = self.matches(&text);
                (text, matches)
            })
            .collect();
        Examples {
            valid,
            near_misses,
            matched,
            refused,
        }
    }

    /// Whether the rule matches all of `input`.
    pub fn matches(&self, input: &str) -> bool {
        matches!(self.run(input), Trial::Parsed { end, .. } if end == input.len())
    }

    /// The rule this runs.
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// Runs the rule on `input`.
    ///
    /// ```
    /// use urn_tag::grammar_tools::{Compiled, Limit, Trial, TreeNode};
    ///
    /// let runner = Compiled::new("a = { \"x\" ~ b }\nb = { \"y\"+ }")?.runner("a").unwrap();
    /// assert_eq!(
    ///     runner.run("xyy"),
    ///     Trial::Parsed {
    ///         end: 3,
    ///         tree: vec![
    ///             TreeNode { rule: "a", start: 0, end: 3, depth: 1 },
    ///             TreeNode { rule: "b", start: 1, end: 3, depth: 2 },
    ///         ],
    ///     }
    /// );
    /// assert_eq!(runner.run("x"), Trial::Failed { index: 1, message: "expected b".into() });
    ///
    /// // A grammar that backtracks exponentially is stopped by its budget of calls.
    /// let exponential = "r = { x ~ \"c\" }\nx = { \"a\" ~ x ~ \"b\" | \"a\" ~ x ~ \"c\" | \"a\" ~ x ~ \"d\" | \"a\" }";
    /// let runner = Compiled::new(exponential)?.runner("r").unwrap();
    /// let refused = runner.run("aaaaaaaaaaaaaaaaaaaaaae");
    /// assert_eq!(refused, Trial::Refused { index: 22, limit: Limit::Calls });
    /// # Ok::<(), Vec<urn_tag::grammar_tools::GrammarError>>(())
    /// ```
    pub fn run<'a>(&'a self, input: &'a str) -> Trial<'a> {
        // pest reads the budget when a run starts, and it is the process's: set for this run
        // only, so that reading grammar texts (pest_meta runs pest too) is not held to it.
        pest::set_call_limit(NonZeroUsize::new(MAX_CALLS));
        let result = self.vm.parse(&self.wrapper, input);
        pest::set_call_limit(None);
        let rule = self.rule.as_str();
        match result {
            Ok(mut pairs) => {
                let Some(top) = pairs.next() else {
                    return Trial::NoTree;
                };
                let end = top.as_span().end();
                let mut tree = Vec::new();
                let inner: Vec<Pair<'a, &'a str>> = top.into_inner().collect();
                match &inner[..] {
                    [only] if only.as_rule() == rule => walk(only, 1, &mut tree),
                    // A silent rule leaves no pair of its own: its span, then its children.
                    _ => {
                        tree.push(TreeNode {
                            rule,
                            start: 0,
                            end,
                            depth: 1,
                        });
                        for pair in &inner {
                            walk(pair, 2, &mut tree);
                        }
                    }
                }
                Trial::Parsed { end, tree }
            }
            Err(error) => {
                let index = match error.location {
                    InputLocation::Pos(at) => at,
                    InputLocation::Span((at, _)) => at,
                };
                // pest's own messages for its two limits.
                let limit = match &error.variant {
                    ErrorVariant::CustomError { message } if message == "call limit reached" => {
                        Some(Limit::Calls)
                    }
                    ErrorVariant::CustomError { message } if message == "stack limit reached" => {
                        Some(Limit::Stack)
                    }
                    _ => None,
                };
                if let Some(limit) = limit {
                    return Trial::Refused { index, limit };
                }
                Trial::Failed {
                    index,
                    message: message(&error.variant, &self.wrapper, rule),
                }
            }
        }
    }
}

/// The tree of `pair` and the pairs inside it, in document order (iteratively: a parse tree is
/// as deep as the run's recursion, which only pest's check of the stack bounds).
fn walk<'a>(pair: &Pair<'a, &'a str>, depth: usize, tree: &mut Vec<TreeNode<'a>>) {
    let mut stack = vec![(pair.clone(), depth)];
    while let Some((pair, depth)) = stack.pop() {
        let span = pair.as_span();
        tree.push(TreeNode {
            rule: pair.as_rule(),
            start: span.start(),
            end: span.end(),
            depth,
        });
        let inner: Vec<Pair<'a, &'a str>> = pair.into_inner().collect();
        stack.extend(inner.into_iter().rev().map(|inner| (inner, depth + 1)));
    }
}

/// pest's "expected ..." message, naming RULE where pest names the wrapper rule.
fn message(variant: &ErrorVariant<&str>, wrapper: &str, rule: &str) -> String {
    let (positives, negatives) = match variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => (positives, negatives),
        ErrorVariant::CustomError { message } => return message.clone(),
    };
    let list = |rules: &[&str]| {
        let names: Vec<&str> = rules
            .iter()
            .map(|&name| if name == wrapper { rule } else { name })
            .collect();
        match names.split_last() {
            None => String::new(),
            Some((last, [])) => (*last).to_owned(),
            Some((last, [first])) => format!("{first} or {last}"),
            Some((last, rest)) => format!("{}, or {last}", rest.join(", ")),
        }
    };
    match (positives.is_empty(), negatives.is_empty()) {
        (false, false) => format!(
            "unexpected {}; expected {}",
            list(negatives),
            list(positives)
        ),
        (false, true) => format!("expected {}", list(positives)),
        (true, false) => format!("unexpected {}", list(negatives)),
        (true, true) => "no rule matched".to_owned(),
    }
}
