//! Why a rule does not match an input: the deepest attempt of a run, as a partial parse tree
//! (the rules entered, where those that matched ended, those still open when the run got no
//! further), the furthest byte any step reached, and what the steps that failed there expected.
//!
//! The furthest byte is counted as the library counts it: its recognizers, compiled from the
//! same grammar files, compare a literal string byte by byte, where pest compares it whole, so
//! a literal that matched in part moves the byte on by the bytes it matched (`urn:` against
//! `uRx` stops at byte 2, not 0).
//!
//! The tree comes from a second run of the rules, each rewritten so that it calls an empty
//! marker rule when it has matched and another when it has failed (`r = { e }` becomes
//! `r = { e ~ ok | failed }`), whose calls pest_vm's listener sees with their byte. In a rule
//! that skips implicit whitespace (a grammar that defines `WHITESPACE` or `COMMENT`), the
//! whitespace after a rule's match is then counted into its span.
//!
//! The same run, asked for its events ([`Runner::steps`](super::Runner::steps)), also keeps
//! them in order, each rule of the text entered, matched or failed (the run then backtracks
//! to where the rule was entered), for a reader to step through the run as pest's debugger
//! does. The built-in rules (`ASCII_DIGIT`, `ANY`, ...) are steps of the rules that call
//! them, not events of their own: a line's run would otherwise be mostly character tests.

use std::collections::HashSet;
use std::format;
use std::num::NonZeroUsize;
use std::prelude::rust_2024::*;
use std::sync::{Arc, Mutex, PoisonError};

use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};
use pest_vm::Vm;

use super::interpret::MAX_CALLS;

/// The marker a rule calls once it has matched: `:` is not part of a rule name in a `.pest`
/// text, so no rule of the text has it.
const MATCHED: &str = "matched:";
/// The marker a rule calls once it has failed.
const FAILED: &str = "failed:";

/// One rule of the deepest attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The rule's name.
    pub rule: String,
    /// Where it was entered.
    pub start: usize,
    /// Where its match ended; `None` for a rule the run was still inside when it got no
    /// further (it failed, or matched less than its caller needed).
    pub end: Option<usize>,
    /// 1 for the rule run, 2 for the rules it entered, and so on.
    pub depth: usize,
}

/// Why a rule did not match an input ([`Runner::trace`](super::Runner::trace)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    /// The furthest byte any step of the run reached, counted as the library counts it.
    pub index: usize,
    /// What the steps that failed at [`Trace::index`] expected there: literal strings (`"urn:"`,
    /// `^"urn:"` for one compared without case), character ranges (`'a'..'z'`), and the
    /// rules that failed there.
    pub expected: Vec<String>,
    /// The deepest attempt, a parent before its children: the path of rules the run was inside
    /// when it got furthest, and under each the rules that had matched so far.
    pub attempt: Vec<Step>,
}

/// How many events of a run [`Runner::steps`](super::Runner::steps) keeps: the first ones, in
/// order; the rest are counted ([`Steps::total`]). An identifier's run on the shipped grammars
/// makes a few hundred; a run of the interpreter's whole budget of calls would make millions,
/// too many to send to a page or to step through.
pub const MAX_STEPS: usize = 5_000;

/// What happened to a rule at one event of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    /// The run entered the rule at [`RunEvent::start`].
    Entered,
    /// The rule matched bytes [`RunEvent::start`]`..`[`RunEvent::at`].
    Matched,
    /// The rule failed; the run backtracks to [`RunEvent::start`], where it was entered.
    Failed,
}

/// One event of a run ([`Steps`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunEvent {
    /// Entered, matched or failed.
    pub kind: StepKind,
    /// The rule's name.
    pub rule: String,
    /// Where the rule was entered.
    pub start: usize,
    /// The byte the run is at after the event: where the rule was entered, where its match
    /// ended, or where a failed rule backtracks to.
    pub at: usize,
    /// 1 for the rule run, 2 for the rules it calls, and so on: the rules open at the event,
    /// this one included when it was entered.
    pub depth: usize,
}

/// A run's events in order, for stepping through it
/// ([`Runner::steps`](super::Runner::steps)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Steps {
    /// The first [`MAX_STEPS`] events at most.
    pub events: Vec<RunEvent>,
    /// How many events the run made: more than `events` holds when they were cut at
    /// [`MAX_STEPS`].
    pub total: usize,
    /// Why the rule does not match, from the same run: `None` when it matches, or when the run
    /// was stopped by a limit.
    pub trace: Option<Trace>,
}

/// The rules rewritten to call their markers, and the listener's record of a run.
pub(super) struct Tracing {
    vm: Vm,
    record: Arc<Mutex<Record>>,
    /// The text's string literals compared with case, to tell them from those compared
    /// without it, which pest shows in upper case.
    sensitive: HashSet<String>,
    /// The literals compared without case, in upper case.
    insensitive: HashSet<String>,
}

/// What the listener keeps of a run: the rules open now, and the attempt that got furthest.
#[derive(Default)]
struct Record {
    rules: HashSet<String>,
    open: Vec<Frame>,
    furthest: Option<usize>,
    attempt: Vec<Step>,
    /// The run's events, when they are asked for.
    log: Option<Log>,
}

/// The events of a run as they come: the first [`MAX_STEPS`], and how many there were.
#[derive(Default)]
struct Log {
    events: Vec<RunEvent>,
    total: usize,
}

/// A rule the run is inside, with the rules it has matched so far.
struct Frame {
    rule: String,
    start: usize,
    matched: Vec<(String, usize, usize)>,
}

impl Record {
    fn event(&mut self, name: &str, at: usize) {
        if let Some(rule) = name.strip_prefix(MATCHED) {
            if let Some(frame) = self.open.pop() {
                debug_assert_eq!(frame.rule, rule);
                self.log(StepKind::Matched, &frame.rule, frame.start, at);
                if let Some(parent) = self.open.last_mut() {
                    parent.matched.push((frame.rule, frame.start, at));
                }
            }
            self.keep(at, None);
        } else if name.strip_prefix(FAILED).is_some() {
            if let Some(frame) = self.open.pop() {
                self.log(StepKind::Failed, &frame.rule, frame.start, frame.start);
            }
        } else if self.rules.contains(name) {
            self.open.push(Frame {
                rule: name.to_owned(),
                start: at,
                matched: Vec::new(),
            });
            self.log(StepKind::Entered, name, at, at);
            self.keep(at, None);
        } else {
            // A built-in rule (ASCII_DIGIT, ANY, ...): a step of its own, without markers.
            self.keep(at, Some(name));
        }
    }

    /// Logs an event of rule `rule` entered at `start`, when events are asked for. The frames
    /// open (the wrapper rule's first) are those of the rule's callers, with the rule's own
    /// when it was entered; the wrapper's own events are not the rule run's, and are left out.
    fn log(&mut self, kind: StepKind, rule: &str, start: usize, at: usize) {
        let depth = match kind {
            StepKind::Entered => self.open.len().saturating_sub(1),
            StepKind::Matched | StepKind::Failed => self.open.len(),
        };
        let Some(log) = &mut self.log else { return };
        if depth == 0 {
            return;
        }
        log.total += 1;
        if log.events.len() < MAX_STEPS {
            log.events.push(RunEvent {
                kind,
                rule: rule.to_owned(),
                start,
                at,
                depth,
            });
        }
    }

    /// Keeps the rules open now as the deepest attempt, when the run is further than ever.
    fn keep(&mut self, at: usize, builtin: Option<&str>) {
        if self.furthest.is_some_and(|furthest| at <= furthest) {
            return;
        }
        self.furthest = Some(at);
        self.attempt.clear();
        // The first frame is the wrapper rule that calls the rule run.
        for (depth, frame) in self.open.iter().skip(1).enumerate() {
            self.attempt.push(Step {
                rule: frame.rule.clone(),
                start: frame.start,
                end: None,
                depth: depth + 1,
            });
            for (rule, start, end) in &frame.matched {
                self.attempt.push(Step {
                    rule: rule.clone(),
                    start: *start,
                    end: Some(*end),
                    depth: depth + 2,
                });
            }
        }
        if let Some(builtin) = builtin {
            self.attempt.push(Step {
                rule: builtin.to_owned(),
                start: at,
                end: None,
                depth: self.open.len(),
            });
        }
    }
}

impl Tracing {
    /// The rules (with the wrapper rule) rewritten to call their markers.
    pub(super) fn new(rules: &[OptimizedRule]) -> Tracing {
        let mut marked = Vec::with_capacity(3 * rules.len());
        for rule in rules {
            let matched = format!("{MATCHED}{}", rule.name);
            let failed = format!("{FAILED}{}", rule.name);
            marked.push(OptimizedRule {
                name: rule.name.clone(),
                ty: rule.ty,
                expr: OptimizedExpr::Choice(
                    Box::new(OptimizedExpr::Seq(
                        Box::new(rule.expr.clone()),
                        Box::new(OptimizedExpr::Ident(matched.clone())),
                    )),
                    Box::new(OptimizedExpr::Ident(failed.clone())),
                ),
            });
            marked.push(OptimizedRule {
                name: matched,
                ty: RuleType::Silent,
                expr: OptimizedExpr::Str(String::new()),
            });
            // `!""` never matches.
            marked.push(OptimizedRule {
                name: failed,
                ty: RuleType::Silent,
                expr: OptimizedExpr::NegPred(Box::new(OptimizedExpr::Str(String::new()))),
            });
        }
        let record = Arc::new(Mutex::new(Record {
            rules: rules.iter().map(|rule| rule.name.clone()).collect(),
            ..Record::default()
        }));
        let listener = {
            let record = Arc::clone(&record);
            Box::new(move |name: String, at: &pest::Position<'_>| {
                record
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .event(&name, at.pos());
                false
            })
        };
        let (sensitive, insensitive) = literals(rules);
        Tracing {
            vm: Vm::new_with_listener(marked, listener),
            record,
            sensitive,
            insensitive,
        }
    }

    /// The trace of `wrapper`'s run on `input`; `None` when it matched or was stopped by a
    /// limit (a trace is a second run, with twice the calls).
    pub(super) fn trace(&self, wrapper: &str, rule: &str, input: &str) -> Option<Trace> {
        self.run(wrapper, rule, input, false).0
    }

    /// The events of `wrapper`'s run on `input`, with its trace.
    pub(super) fn steps(&self, wrapper: &str, rule: &str, input: &str) -> Steps {
        let (trace, log) = self.run(wrapper, rule, input, true);
        let log = log.unwrap_or_default();
        Steps {
            events: log.events,
            total: log.total,
            trace,
        }
    }

    /// Runs `wrapper` on `input` with the markers: the trace of a run that failed, and the
    /// run's events when `logged`.
    fn run(
        &self,
        wrapper: &str,
        rule: &str,
        input: &str,
        logged: bool,
    ) -> (Option<Trace>, Option<Log>) {
        {
            let mut record = self.record.lock().unwrap_or_else(PoisonError::into_inner);
            record.open.clear();
            record.furthest = None;
            record.attempt.clear();
            record.log = logged.then(Log::default);
        }
        pest::set_call_limit(NonZeroUsize::new(2 * MAX_CALLS));
        pest::set_error_detail(true);
        let result = self.vm.parse(wrapper, input);
        pest::set_error_detail(false);
        pest::set_call_limit(None);
        let mut record = self.record.lock().unwrap_or_else(PoisonError::into_inner);
        let log = record.log.take();
        let trace = result
            .err()
            .and_then(|error| self.explain(&record, &error, wrapper, rule, input));
        (trace, log)
    }

    /// The trace of a run that failed, from pest's record of its attempts and the listener's.
    fn explain(
        &self,
        record: &Record,
        error: &pest::error::Error<&str>,
        wrapper: &str,
        rule: &str,
        input: &str,
    ) -> Option<Trace> {
        let attempts = error.parse_attempts()?;
        let at = attempts.max_position;
        let rest = input.get(at..).unwrap_or_default();
        let mut index = at;
        let mut expected = Vec::new();
        for token in attempts.expected_tokens() {
            // pest does not export the type of its tokens; their Display form is the literal
            // (in upper case for one compared without case), `a..z` for a range.
            let shown = token.to_string();
            if shown == "BUILTIN_RULE" {
                continue;
            }
            if let Some((start, end)) = range_of(&shown) {
                expected.push(format!("'{start}'..'{end}'"));
            } else if self.insensitive.contains(&shown) && !self.sensitive.contains(&shown) {
                index = index.max(at + common_prefix(rest, &shown, true));
                expected.push(format!("^\"{shown}\""));
            } else {
                index = index.max(at + common_prefix(rest, &shown, false));
                expected.push(format!("\"{shown}\""));
            }
        }
        let mut failed: Vec<String> = attempts
            .call_stacks()
            .into_iter()
            .filter_map(|stack| stack.deepest.get_rule().copied().map(str::to_owned))
            .filter(|name| !name.contains(':') && name != wrapper)
            .collect();
        failed.dedup();
        expected.extend(failed.into_iter().map(|name| {
            if name == wrapper {
                rule.to_owned()
            } else {
                name
            }
        }));
        Some(Trace {
            index,
            expected,
            attempt: record.attempt.clone(),
        })
    }
}

/// The characters of a range as pest shows it (`a..z`).
fn range_of(shown: &str) -> Option<(char, char)> {
    let mut chars = shown.chars();
    let start = chars.next()?;
    let end = chars.as_str().strip_prefix("..")?;
    let mut rest = end.chars();
    let end = rest.next()?;
    rest.next().is_none().then_some((start, end))
}

/// The string literals of `rules`: those compared with case, and those compared without it
/// in upper case (as pest shows them).
fn literals(rules: &[OptimizedRule]) -> (HashSet<String>, HashSet<String>) {
    let (mut sensitive, mut insensitive) = (HashSet::new(), HashSet::new());
    // A stack, not recursion: the expressions of a text nest as deep as its limits allow.
    let mut stack: Vec<&OptimizedExpr> = rules.iter().map(|rule| &rule.expr).collect();
    while let Some(expr) = stack.pop() {
        match expr {
            OptimizedExpr::Str(literal) => {
                sensitive.insert(literal.clone());
            }
            OptimizedExpr::Insens(literal) => {
                insensitive.insert(literal.to_uppercase());
            }
            OptimizedExpr::Seq(a, b) | OptimizedExpr::Choice(a, b) => stack.extend([&**a, &**b]),
            OptimizedExpr::PosPred(inner)
            | OptimizedExpr::NegPred(inner)
            | OptimizedExpr::Opt(inner)
            | OptimizedExpr::Rep(inner)
            | OptimizedExpr::Push(inner)
            | OptimizedExpr::RestoreOnErr(inner) => stack.push(inner),
            _ => {}
        }
    }
    (sensitive, insensitive)
}

/// How many bytes of `literal` `text` starts with, byte by byte (without ASCII case when
/// `insensitive`).
fn common_prefix(text: &str, literal: &str, insensitive: bool) -> usize {
    text.bytes()
        .zip(literal.bytes())
        .take_while(|(a, b)| {
            if insensitive {
                a.eq_ignore_ascii_case(b)
            } else {
                a == b
            }
        })
        .count()
}
