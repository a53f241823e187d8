//! Running one rule of a grammar loaded at run time with pest_vm, pest's interpreter: where the
//! rule's match ends and the parse tree with byte spans, or the byte at which it failed and
//! pest's "expected ..." message.
//!
//! `urn-tag grammar try` prints these; the grammar playground (`playground/wasm`) includes
//! this file and shows them in a page, so both say the same thing about the same grammar.
//!
//! A grammar may backtrack exponentially or recurse without end on some input, so a run is
//! bounded: by pest's budget of rule calls ([`MAX_CALLS`]) and by its check of the stack left
//! (which pest makes before each call where it knows the stack's bounds: on the common native
//! targets by itself, in WebAssembly where the caller gives it a stack, as the playground does).
//! Either ends the run with [`Trial::Refused`].

use std::num::NonZeroUsize;

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest_vm::Vm;

/// One rule's match in a parse tree.
pub struct TreeNode<'a> {
    pub rule: &'a str,
    /// Its byte span in the input.
    pub start: usize,
    pub end: usize,
    /// 1 for the rule tried, 2 for the rules it matched directly, and so on.
    pub depth: usize,
}

/// What a rule did with an input.
pub enum Trial<'a> {
    /// It matched bytes `0..end`: all of the input when `end` is its length, otherwise a
    /// prefix only. The tree lists every pair in document order (a parent before its
    /// children).
    Parsed { end: usize, tree: Vec<TreeNode<'a>> },
    /// It failed at byte `index`; `message` is pest's "expected ..." list.
    Failed { index: usize, message: String },
    /// pest reported success without a pair for the wrapper rule, which is not silent: not
    /// expected to happen, and said rather than hidden.
    NoTree,
    /// The run was stopped at byte `index` before it could decide.
    Refused { index: usize, limit: Limit },
}

/// What stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// It made [`MAX_CALLS`] rule calls: the grammar backtracks too much on this input.
    Calls,
    /// The stack was nearly used up: the grammar's rules call one another too deep.
    Stack,
}

impl Limit {
    /// What happened, for a person.
    pub fn message(self) -> String {
        match self {
            Limit::Calls => format!(
                "stopped after {} rule calls: this grammar backtracks too much on this input",
                super::source::grouped(MAX_CALLS as u64)
            ),
            Limit::Stack => {
                "this grammar recursed deeper than the stack allows: its rules call one another \
                 too deep on this input"
                    .to_owned()
            }
        }
    }
}

/// How many rule calls (pest counts rules, sequences, repetitions, options and lookaheads
/// entered) a run may make. The grammars of this repository make about 30 per byte of input,
/// so an identifier of 30 000 bytes still runs to the end; an exponential grammar reaches it
/// in well under a second.
pub const MAX_CALLS: usize = 1_000_000;

/// Runs `rule` on `input` through `wrapper`, the normal rule [`source::wrap`] added to call
/// it, so that the match has a pair even when `rule` is silent.
///
/// [`source::wrap`]: super::source::wrap
pub fn try_rule<'a>(vm: &'a Vm, wrapper: &'a str, rule: &'a str, input: &'a str) -> Trial<'a> {
    // pest reads the budget when a run starts, and it is the process's: set for this run only,
    // so that reading grammar texts (pest_meta runs pest too) is not held to it.
    pest::set_call_limit(NonZeroUsize::new(MAX_CALLS));
    let result = vm.parse(wrapper, input);
    pest::set_call_limit(None);
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
                message: message(&error.variant, wrapper, rule),
            }
        }
    }
}

fn walk<'a>(pair: &Pair<'a, &'a str>, depth: usize, tree: &mut Vec<TreeNode<'a>>) {
    let span = pair.as_span();
    tree.push(TreeNode {
        rule: pair.as_rule(),
        start: span.start(),
        end: span.end(),
        depth,
    });
    for inner in pair.clone().into_inner() {
        walk(&inner, depth + 1, tree);
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
