//! `urn-tag grammar try`: run one rule of a `.pest` file, loaded at run time, on some inputs.

use std::fmt::Write as _;
use std::path::PathBuf;

use urn_tag::grammar_tools::{Compiled, Runner, Trial};

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
    let compiled = match Compiled::new(&text) {
        Ok(compiled) => compiled,
        Err(errors) => {
            out.raise_status(Status::Trouble);
            out.message(format_args!("{path} is not a valid pest grammar:"))?;
            for error in errors {
                out.note(format_args!("{}\n", error.with_path(&path.to_string())))?;
            }
            return Ok(());
        }
    };
    let runner = match compiled.runner(&args.rule) {
        Ok(runner) => runner,
        Err(missing) => {
            out.raise_status(Status::Trouble);
            return out.message(format_args!(
                "{path} has no rule {:?}; its rules are: {}",
                missing.rule,
                missing.rules.join(", ")
            ));
        }
    };
    let palette = out.palette();
    for input in &args.inputs {
        let (matched, text) = try_one(&runner, input, palette);
        if !matched {
            out.raise_status(Status::No);
        }
        out.write_bytes(text.as_bytes())?;
        out.answered()?;
    }
    Ok(())
}

/// Whether `rule` matches all of `input`, and the report on it.
fn try_one(runner: &Runner, input: &str, palette: Palette) -> (bool, String) {
    let rule = runner.rule();
    let (good, bad, dim) = (palette.good, palette.bad, palette.dim);
    let shown = report::escape(input.as_bytes());
    let mut out = String::new();
    match runner.run(input) {
        Trial::Parsed { end, tree } => {
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
            // One line per pair: rule name, byte span and matched text, indented by depth.
            for node in tree {
                writeln!(
                    out,
                    "{:indent$}{} {}..{} {:?}",
                    "",
                    node.rule,
                    node.start,
                    node.end,
                    &input[node.start..node.end],
                    indent = 2 * node.depth
                )
                .expect("write to String");
            }
            (matched, out)
        }
        Trial::Failed { index, message } => {
            writeln!(
                out,
                "{bad}no match{bad:#} {shown}: {message} at byte {index}"
            )
            .expect("write to String");
            let drawn = report::caret(input.as_bytes(), index, "  ");
            writeln!(out, "{dim}{drawn}{dim:#}").expect("write to String");
            (false, out)
        }
        Trial::NoTree => {
            writeln!(out, "{bad}no match{bad:#} {shown}: no parse tree").expect("write to String");
            (false, out)
        }
        Trial::Refused { index, limit } => {
            writeln!(
                out,
                "{bad}refused {bad:#} {shown}: {limit} (at byte {index})"
            )
            .expect("write to String");
            (false, out)
        }
    }
}
