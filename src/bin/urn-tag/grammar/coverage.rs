//! `urn-tag grammar coverage`: which rules the test vectors exercise.
//!
//! Each vector input is parsed from its entry rule with every rule of the file made visible
//! (see [`source::all_visible`]). A rule is *exercised* by an input when it matched, at least
//! once, as part of the input's successful parse: it is in the parse tree of an accepted input.
//! A rule that was only tried (called, whether or not it matched, possibly on an input the
//! grammar rejects) shows in the `tried` column but does not count: a rule without an input
//! that it accepts has no witness of what it accepts.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

use pest_vm::Vm;

use super::{GRAMMAR_FILES, GrammarFile, source};
use crate::output::{Output, Status, Written};

#[derive(Debug, clap::Args)]
pub struct Args {}

/// How often one rule was exercised and tried.
#[derive(Debug, Default, Clone, Copy)]
struct Count {
    matched: usize,
    tried: usize,
}

pub fn run(_: &Args, out: &mut Output) -> Written {
    let mut never = Vec::new();
    for file in GRAMMAR_FILES {
        let (counts, summary) = match count(file) {
            Ok(counted) => counted,
            Err(message) => {
                out.raise_status(Status::Trouble);
                return out.message(message);
            }
        };
        writeln!(out, "{}: {summary}", file.name)?;
        writeln!(out, "  {:<24} {:>8} {:>8}", "rule", "matched", "tried")?;
        for (rule, count) in &counts {
            writeln!(out, "  {rule:<24} {:>8} {:>8}", count.matched, count.tried)?;
            if count.matched == 0 {
                never.push(format!("{}: {rule}", file.name));
            }
        }
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
    let rules = source::compile(file.source).map_err(|errors| {
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        format!("{}: {}", file.name, errors.join("\n"))
    })?;
    // pest_meta keeps the rules in the file's order.
    let names: Vec<String> = rules.iter().map(|rule| rule.name.clone()).collect();
    let tried: Arc<Mutex<BTreeSet<String>>> = Arc::default();
    let listener = {
        let tried = Arc::clone(&tried);
        Box::new(move |rule: String, _: &pest::Position<'_>| {
            tried.lock().expect("not poisoned").insert(rule);
            false
        })
    };
    let vm = Vm::new_with_listener(source::all_visible(rules), listener);
    let mut counts: BTreeMap<String, Count> = names
        .iter()
        .map(|n| (n.clone(), Count::default()))
        .collect();
    let mut per_entry: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for vectors in file.vectors {
        for vector in vectors.read()? {
            if !counts.contains_key(&vector.entry) {
                return Err(format!(
                    "{}: entry rule {:?} is not a rule of {}",
                    vectors.name, vector.entry, file.name
                ));
            }
            tried.lock().expect("not poisoned").clear();
            let parsed = vm.parse(&vector.entry, &vector.input);
            let tally = per_entry.entry(vector.entry.clone()).or_default();
            tally.0 += 1;
            if let Ok(pairs) = &parsed {
                tally.1 += 1;
                let matched: BTreeSet<&str> =
                    pairs.clone().flatten().map(|p| p.as_rule()).collect();
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
