//! `urn-tag grammar coverage`: which rules the test vectors exercise.
//!
//! Each vector input is parsed from its entry rule with every rule of the file made visible
//! (see [`all_visible`]). A rule is *exercised* by an input when it matched, at least
//! once, as part of the input's successful parse: it is in the parse tree of an accepted input.
//! A rule that was only tried (called, whether or not it matched, possibly on an input the
//! grammar rejects) shows in the `tried` column but does not count: a rule without an input
//! that it accepts has no witness of what it accepts.
//!
//! A rule called only inside a predicate (`!rule`, `&rule`) never leaves a pair, whatever the
//! input: pest drops what a predicate matched. Such a rule is exercised by an input during
//! whose parse it matched, accepted or not (for `!rule`, the inputs that the predicate turns
//! away); the tool marks it `(predicate)`.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};
use pest_vm::Vm;

use super::{GRAMMAR_FILES, GrammarFile};
use crate::output::{Output, Status, Written};

#[derive(Debug, clap::Args)]
pub struct Args {}

/// How often one rule was exercised and tried.
#[derive(Debug, Default, Clone, Copy)]
struct Count {
    matched: usize,
    tried: usize,
    /// Called only inside predicates: `matched` counts the inputs on which it matched.
    in_predicate: bool,
}

/// The name of the marker rule that `rule`, called only inside predicates, calls when it has
/// matched. A ":" cannot be part of a rule name in a `.pest` file, so no rule has it.
fn marker(rule: &str) -> String {
    format!("matched:{rule}")
}

/// The rules that the parse of `entries` can call only inside a predicate (`!e`, `&e`): every
/// rule but those that `entries` reach through calls outside predicates.
fn predicate_only(rules: &[OptimizedRule], entries: &BTreeSet<String>) -> BTreeSet<String> {
    let outside_predicates = |expr: &OptimizedExpr| -> Vec<String> {
        let pruned = expr.clone().map_top_down(|e| match e {
            OptimizedExpr::PosPred(_) | OptimizedExpr::NegPred(_) => {
                OptimizedExpr::Str(String::new())
            }
            other => other,
        });
        pruned
            .iter_top_down()
            .filter_map(|e| match e {
                OptimizedExpr::Ident(name) => Some(name),
                _ => None,
            })
            .collect()
    };
    let mut reached: BTreeSet<String> = BTreeSet::new();
    let mut stack: Vec<String> = entries.iter().cloned().collect();
    while let Some(name) = stack.pop() {
        if !reached.insert(name.clone()) {
            continue;
        }
        if let Some(rule) = rules.iter().find(|rule| rule.name == name) {
            stack.extend(outside_predicates(&rule.expr));
        }
    }
    rules
        .iter()
        .map(|rule| rule.name.clone())
        .filter(|name| !reached.contains(name))
        .collect()
}

/// `rules` where each rule of `probed` calls its [`marker`] once it has matched, and the
/// markers, which match the empty string.
fn with_markers(rules: Vec<OptimizedRule>, probed: &BTreeSet<String>) -> Vec<OptimizedRule> {
    let mut out: Vec<OptimizedRule> = rules
        .into_iter()
        .map(|rule| {
            if !probed.contains(&rule.name) {
                return rule;
            }
            let expr = OptimizedExpr::Seq(
                Box::new(rule.expr),
                Box::new(OptimizedExpr::Ident(marker(&rule.name))),
            );
            OptimizedRule { expr, ..rule }
        })
        .collect();
    out.extend(probed.iter().map(|name| OptimizedRule {
        name: marker(name),
        ty: pest_meta::ast::RuleType::Silent,
        expr: OptimizedExpr::Str(String::new()),
    }));
    out
}

/// The same rules, every one of them producing a pair when it matches: silent rules become
/// normal and atomic ones compound-atomic. Neither change alters what a rule accepts (atomicity
/// is kept; only the tokens differ), so the parse tree shows every rule that took part.
fn all_visible(rules: Vec<OptimizedRule>) -> Vec<OptimizedRule> {
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

pub fn run(_: &Args, out: &mut Output) -> Written {
    let mut never = Vec::new();
    let mut predicates = false;
    for file in GRAMMAR_FILES {
        let (counts, summary) = match count(file) {
            Ok(counted) => counted,
            Err(message) => {
                out.raise_status(Status::Trouble);
                return out.message(message);
            }
        };
        writeln!(out, "{}: {summary}", file.name)?;
        writeln!(out, "  {:<28} {:>8} {:>8}", "rule", "matched", "tried")?;
        for (rule, count) in &counts {
            let note = if count.in_predicate {
                predicates = true;
                "  (predicate)"
            } else {
                ""
            };
            writeln!(
                out,
                "  {rule:<28} {:>8} {:>8}{note}",
                count.matched, count.tried
            )?;
            if count.matched == 0 {
                never.push(format!("{}: {rule}", file.name));
            }
        }
    }
    if predicates {
        writeln!(
            out,
            "(predicate): a rule called only inside `!` or `&`, which leaves no pair; `matched` \
             counts the inputs on which it matched, accepted or not"
        )?;
    }
    if never.is_empty() {
        return Ok(());
    }
    out.raise_status(Status::No);
    out.message(format_args!(
        "{} rule(s) never exercised by a test vector (no accepted input matches them): {}",
        never.len(),
        never.join(", ")
    ))
}

/// The count of every rule of `file`, in the file's order, and a one-line summary.
fn count(file: &GrammarFile) -> Result<(Vec<(String, Count)>, String), String> {
    // The repository's own files, built in: pest_meta reads them as pest_derive does.
    let rules = pest_meta::parse_and_optimize(file.source)
        .map(|(_, rules)| rules)
        .map_err(|errors| {
            let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
            format!("{}: {}", file.name, errors.join("\n"))
        })?;
    // pest_meta keeps the rules in the file's order.
    let names: Vec<String> = rules.iter().map(|rule| rule.name.clone()).collect();
    let mut read = Vec::new();
    for vectors in file.vectors {
        for vector in vectors.read()? {
            if !names.contains(&vector.entry) {
                return Err(format!(
                    "{}: entry rule {:?} is not a rule of {}",
                    vectors.name, vector.entry, file.name
                ));
            }
            read.push(vector);
        }
    }
    let entries: BTreeSet<String> = read.iter().map(|v| v.entry.clone()).collect();
    let probed = predicate_only(&rules, &entries);
    let tried: Arc<Mutex<BTreeSet<String>>> = Arc::default();
    let listener = {
        let tried = Arc::clone(&tried);
        Box::new(move |rule: String, _: &pest::Position<'_>| {
            tried.lock().expect("not poisoned").insert(rule);
            false
        })
    };
    let vm = Vm::new_with_listener(with_markers(all_visible(rules), &probed), listener);
    let mut counts: BTreeMap<String, Count> = names
        .iter()
        .map(|n| {
            let count = Count {
                in_predicate: probed.contains(n),
                ..Count::default()
            };
            (n.clone(), count)
        })
        .collect();
    let mut per_entry: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for vector in &read {
        tried.lock().expect("not poisoned").clear();
        let parsed = vm.parse(&vector.entry, &vector.input);
        let tally = per_entry.entry(vector.entry.clone()).or_default();
        tally.0 += 1;
        if let Ok(pairs) = &parsed {
            tally.1 += 1;
            let matched: BTreeSet<&str> = pairs.clone().flatten().map(|p| p.as_rule()).collect();
            for rule in matched {
                if let Some(count) = counts.get_mut(rule) {
                    count.matched += 1;
                }
            }
        }
        for rule in tried.lock().expect("not poisoned").iter() {
            if let Some(count) = counts.get_mut(rule) {
                count.tried += 1;
            }
            let probe = rule.strip_prefix("matched:").unwrap_or_default();
            if let Some(count) = counts.get_mut(probe) {
                count.matched += 1;
            }
        }
    }
    let summary = per_entry
        .iter()
        .map(|(entry, (inputs, accepted))| format!("{entry} {inputs} inputs ({accepted} accepted)"))
        .collect::<Vec<_>>()
        .join(", ");
    let ordered = names
        .into_iter()
        .map(|name| {
            let count = counts[&name];
            (name, count)
        })
        .collect();
    Ok((ordered, summary))
}
