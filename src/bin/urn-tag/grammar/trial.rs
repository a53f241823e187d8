//! `urn-tag grammar try`: run one rule of a `.pest` file, loaded at run time, on some inputs.

use std::fmt::Write as _;
use std::path::PathBuf;

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest_vm::Vm;

use super::source;
use crate::output::{Output, Palette, Status, Written, describe};
use crate::report;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The .pest file to load, for example an edited copy of urn.pest.
    #[arg(long, value_name = "FILE")]
    grammar: PathBuf,
    /// The rule to try, for example rfc8141 (an entry rule: a whole URN) or NID.
    #[arg(long, value_name = "RULE")]
    rule: String,
    /// The texts to try the rule on.
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<String>,
}

pub fn run(args: &Args, out: &mut Output) -> Written {
    let path = args.grammar.display();
    let text = match std::fs::read_to_string(&args.grammar) {
        Ok(text) => text,
        Err(error) => {
            out.raise_status(Status::Trouble);
            return out.message(format_args!("{path}: {}", describe(&error)));
        }
    };
    let mut rules = match source::compile(&text) {
        Ok(rules) => rules,
        Err(errors) => {
            out.raise_status(Status::Trouble);
            out.message(format_args!("{path} is not a valid pest grammar:"))?;
            for error in errors {
                out.note(format_args!("{}\n", error.with_path(&path.to_string())))?;
            }
            return Ok(());
        }
    };
    if !rules.iter().any(|rule| rule.name == args.rule) {
        let mut names: Vec<&str> = rules.iter().map(|rule| rule.name.as_str()).collect();
        names.sort_unstable();
        out.raise_status(Status::Trouble);
        return out.message(format_args!(
            "{path} has no rule {:?}; its rules are: {}",
            args.rule,
            names.join(", ")
        ));
    }
    let wrapper = source::wrap(&mut rules, &args.rule);
    let vm = Vm::new(rules);
    let palette = out.palette();
    for input in &args.inputs {
        let (matched, text) = try_one(&vm, &wrapper, &args.rule, input, palette);
        if !matched {
            out.raise_status(Status::No);
        }
        out.write_bytes(text.as_bytes())?;
        out.answered()?;
    }
    Ok(())
}

/// Whether `rule` matches all of `input`, and the report on it.
fn try_one(vm: &Vm, wrapper: &str, rule: &str, input: &str, palette: Palette) -> (bool, String) {
    let (good, bad, dim) = (palette.good, palette.bad, palette.dim);
    let shown = report::escape(input.as_bytes());
    let mut out = String::new();
    match vm.parse(wrapper, input) {
        Ok(mut pairs) => {
            // The wrapper rule is not silent, so a successful parse has its pair.
            let Some(top) = pairs.next() else {
                writeln!(out, "{bad}no match{bad:#} {shown}: no parse tree")
                    .expect("write to String");
                return (false, out);
            };
            let end = top.as_span().end();
            let matched = end == input.len();
            if matched {
                writeln!(out, "{good}match   {good:#} {shown}").expect("write to String");
            } else {
                writeln!(
                    out,
                    "{bad}no match{bad:#} {shown}: {rule} matches bytes 0..{end} only, not the rest"
                )
                .expect("write to String");
                let drawn = report::caret(input.as_bytes(), end, "  ");
                writeln!(out, "{dim}{drawn}{dim:#}").expect("write to String");
            }
            let inner: Vec<Pair<'_, &str>> = top.into_inner().collect();
            match &inner[..] {
                [only] if only.as_rule() == rule => tree(only, 1, &mut out),
                // A silent rule leaves no pair of its own: show its span, then its children.
                _ => {
                    writeln!(out, "  {rule} 0..{end} {:?}", &input[..end])
                        .expect("write to String");
                    for pair in &inner {
                        tree(pair, 2, &mut out);
                    }
                }
            }
            (matched, out)
        }
        Err(error) => {
            let index = match error.location {
                InputLocation::Pos(at) => at,
                InputLocation::Span((at, _)) => at,
            };
            writeln!(
                out,
                "{bad}no match{bad:#} {shown}: {} at byte {index}",
                message(&error.variant, wrapper, rule)
            )
            .expect("write to String");
            let drawn = report::caret(input.as_bytes(), index, "  ");
            writeln!(out, "{dim}{drawn}{dim:#}").expect("write to String");
            (false, out)
        }
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

/// One line per pair: rule name, byte span and matched text, indented by depth.
fn tree(pair: &Pair<'_, &str>, depth: usize, out: &mut String) {
    let span = pair.as_span();
    writeln!(
        out,
        "{:indent$}{} {}..{} {:?}",
        "",
        pair.as_rule(),
        span.start(),
        span.end(),
        span.as_str(),
        indent = 2 * depth
    )
    .expect("write to String");
    for inner in pair.clone().into_inner() {
        tree(&inner, depth + 1, out);
    }
}
