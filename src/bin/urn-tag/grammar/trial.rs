//! `urn-tag grammar try`: run one rule of a `.pest` file, loaded at run time, on some inputs.
//!
//! `--explain` says why an input fails with the library's grammar tools, in the words the
//! playground uses: the deepest attempt ([`Runner::trace`]) as a partial tree and the furthest
//! byte with what was expected there. `--steps` lists the run's events ([`Runner::steps`]), as
//! the playground's stepper steps through them.

use std::cell::OnceCell;
use std::fmt::Write as _;
use std::path::PathBuf;

use urn_tag::grammar_tools::{Compiled, RunEvent, Runner, StepKind, Steps, Trace, Trial, grouped};

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
    /// For an input RULE does not match (or matches only a prefix of), show why: the furthest
    /// byte with what was expected there (for a failed run, in place of pest's own error, whose
    /// byte is where its last alternative failed), and the deepest attempt as a tree (the rules
    /// the run was inside when it got furthest, each with its span or the byte it stopped at).
    #[arg(long)]
    explain: bool,
    /// Also list each input's run event by event (a rule entered, matched or failed), indented
    /// by depth: the first 5 000 events and how many there were, then, for a run that fails,
    /// the byte it got no further than.
    #[arg(long)]
    steps: bool,
    /// The texts to try the rule on.
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<String>,
}

/// What to show beside each input's verdict.
struct Shown<'a> {
    /// The grammar file, as the sentence of `--explain` names it.
    path: &'a str,
    explain: bool,
    steps: bool,
    /// The grammar text and the rule tried, for [`Shown::whole`].
    text: &'a str,
    rule: &'a str,
    /// RULE followed by the end of input, compiled when an input first needs it.
    whole: OnceCell<Option<Whole>>,
}

impl Shown<'_> {
    /// RULE followed by the end of input, for the trace of an input RULE matches only a prefix
    /// of: a run of RULE alone succeeds there and has no trace. `None` when the grammar text
    /// could not take the extra rule (then such an input is explained by its tree alone).
    fn whole(&self) -> Option<&Whole> {
        self.whole
            .get_or_init(|| Whole::new(self.text, self.rule))
            .as_ref()
    }
}

/// RULE run to the end of the input, under a rule name the grammar text does not use.
struct Whole {
    runner: Runner,
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
    let path = path.to_string();
    let shown = Shown {
        path: &path,
        explain: args.explain,
        steps: args.steps,
        text: &text,
        rule: &args.rule,
        whole: OnceCell::new(),
    };
    for input in &args.inputs {
        let (outcome, mut text) = try_one(&runner, input, palette);
        let matched = outcome == Outcome::Matched;
        explain(&mut text, &runner, &shown, input, outcome, palette);
        if !matched {
            out.raise_status(Status::No);
        }
        out.write_bytes(text.as_bytes())?;
        out.answered()?;
    }
    Ok(())
}

/// What a rule did with an input, as the report tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// It matched all of the input.
    Matched,
    /// It matched a prefix only.
    Prefix,
    /// It failed.
    Failed,
    /// pest gave no tree (see [`Trial::NoTree`]).
    NoTree,
    /// A limit of the interpreter stopped the run.
    Refused,
}

/// What `rule` did with `input`, and the report on it.
fn try_one(runner: &Runner, input: &str, palette: Palette) -> (Outcome, String) {
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
            // One line per pair: rule name, byte span and matched text, indented by depth
            // (at most MAX_INDENT_LEVELS deep, so that the output stays linear in the input).
            for node in tree {
                // Depths count from 1, for the rule itself.
                let (spaces, depth) = indent(node.depth.saturating_sub(1));
                let indent = 2 + spaces;
                writeln!(
                    out,
                    "{:indent$}{depth}{} {}..{} {:?}",
                    "",
                    node.rule,
                    node.start,
                    node.end,
                    &input[node.start..node.end],
                )
                .expect("write to String");
            }
            (
                if matched {
                    Outcome::Matched
                } else {
                    Outcome::Prefix
                },
                out,
            )
        }
        Trial::Failed { index, message } => {
            writeln!(
                out,
                "{bad}no match{bad:#} {shown}: {message} at byte {index}"
            )
            .expect("write to String");
            let drawn = report::caret(input.as_bytes(), index, "  ");
            writeln!(out, "{dim}{drawn}{dim:#}").expect("write to String");
            (Outcome::Failed, out)
        }
        Trial::NoTree => {
            writeln!(out, "{bad}no match{bad:#} {shown}: no parse tree").expect("write to String");
            (Outcome::NoTree, out)
        }
        Trial::Refused { index, limit } => {
            writeln!(
                out,
                "{bad}refused {bad:#} {shown}: {limit} (at byte {index})"
            )
            .expect("write to String");
            (Outcome::Refused, out)
        }
    }
}

impl Whole {
    /// `whole_input = { RULE ~ EOI }` added to `text`, named so that no rule of it clashes.
    fn new(text: &str, rule: &str) -> Option<Whole> {
        let mut name = String::from("whole_input");
        while text.contains(&name) {
            name.push('_');
        }
        let extended = format!("{text}\n{name} = {{ {rule} ~ EOI }}\n");
        let runner = Compiled::new(&extended).ok()?.runner(&name).ok()?;
        Some(Whole { runner })
    }

    /// The trace of RULE on `input` to its end, with the added rule taken out: out of the
    /// attempt (its children move up a level) and out of what was expected.
    fn trace(&self, input: &str) -> Option<Trace> {
        let mut trace = self.runner.trace(input)?;
        let added = self.runner.rule();
        trace.attempt.retain(|step| step.depth > 1);
        for step in &mut trace.attempt {
            step.depth -= 1;
        }
        trace.expected.retain(|expected| expected != added);
        Some(trace)
    }
}

/// What `--explain` and `--steps` add to an input's report. The run's events come with the
/// trace of a run that fails, so with `--steps` the trace is not computed twice.
fn explain(
    text: &mut String,
    runner: &Runner,
    shown: &Shown<'_>,
    input: &str,
    outcome: Outcome,
    palette: Palette,
) {
    if !(shown.explain || shown.steps) {
        return;
    }
    let steps = shown.steps.then(|| runner.steps(input));
    // `None` when the run to the end was stopped by a limit: it makes more calls than the
    // plain run, which was not.
    let trace = match outcome {
        // Nothing to explain: the verdict says what stopped the run, or that pest's answer
        // had no tree, which a trace cannot explain either.
        Outcome::Matched | Outcome::Refused | Outcome::NoTree => None,
        Outcome::Prefix => shown.whole().and_then(|whole| whole.trace(input)),
        Outcome::Failed => match &steps {
            Some(steps) => steps.trace.clone(),
            None => runner.trace(input),
        },
    };
    let failed = matches!(outcome, Outcome::Prefix | Outcome::Failed);
    if shown.explain && failed {
        if let (Outcome::Failed, Some(trace)) = (outcome, &trace) {
            // One byte in one vocabulary: pest's own verdict names the byte where its last
            // alternative failed, which is often not where the run got furthest (nor the
            // library's byte), so the explained verdict replaces it.
            text.clear();
            write_verdict(text, runner.rule(), shown.path, input, trace, palette);
        }
        write_trace(
            text,
            runner.rule(),
            shown.path,
            input,
            trace.as_ref(),
            outcome == Outcome::Failed,
            palette,
        );
    }
    if let Some(steps) = steps {
        write_steps(text, &steps, trace.as_ref(), palette);
    }
}

/// A list of names as a sentence: "a", "a or b", "a, b or c" (as the playground writes it).
fn either(names: &[String]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// ", expecting a, b or c", or nothing when nothing was expected.
fn expecting(trace: &Trace) -> String {
    if trace.expected.is_empty() {
        String::new()
    } else {
        format!(", expecting {}", either(&trace.expected))
    }
}

/// How many levels deep a line of `--explain` or `--steps` is indented at most: a grammar that
/// recurses on every byte nests as deep as the input is long, and indenting each of its lines
/// by its depth would make the output grow with the square of the input.
const MAX_INDENT_LEVELS: usize = 32;

/// The indentation of a line `levels` deep, and what it starts with: beyond
/// [`MAX_INDENT_LEVELS`], the line is indented as that level and says its depth.
fn indent(levels: usize) -> (usize, String) {
    if levels > MAX_INDENT_LEVELS {
        (2 * MAX_INDENT_LEVELS, format!("(depth {}) ", levels + 1))
    } else {
        (2 * levels, String::new())
    }
}

/// The verdict on a failing input under `--explain`: how far the rule got and what it expected
/// there, with a caret under that byte.
fn write_verdict(
    out: &mut String,
    rule: &str,
    path: &str,
    input: &str,
    trace: &Trace,
    palette: Palette,
) {
    let (bad, dim) = (palette.bad, palette.dim);
    writeln!(
        out,
        "{bad}no match{bad:#} {}: {rule} under {path} got no further than byte {}{}",
        report::escape(input.as_bytes()),
        trace.index,
        expecting(trace)
    )
    .expect("write to String");
    let drawn = report::caret(input.as_bytes(), trace.index, "  ");
    writeln!(out, "{dim}{drawn}{dim:#}").expect("write to String");
}

/// The sentence of `--explain` (unless the verdict above already says it) and the deepest
/// attempt, one rule a line: its span and text, or the byte the run was at when it got no
/// further.
fn write_trace(
    out: &mut String,
    rule: &str,
    path: &str,
    input: &str,
    trace: Option<&Trace>,
    said: bool,
    palette: Palette,
) {
    let bad = palette.bad;
    let Some(trace) = trace else {
        writeln!(
            out,
            "  no deepest attempt to show: the run that records it was stopped by the \
             interpreter's limits"
        )
        .expect("write to String");
        return;
    };
    if said {
        writeln!(out, "  The deepest attempt:").expect("write to String");
    } else {
        writeln!(
            out,
            "  {rule} under {path} got no further than byte {}{}. The deepest attempt:",
            trace.index,
            expecting(trace)
        )
        .expect("write to String");
    }
    for step in &trace.attempt {
        let (spaces, depth) = indent(step.depth - 1);
        let indent = 4 + spaces;
        match step.end {
            Some(end) => writeln!(
                out,
                "{:indent$}{depth}{} {}..{end} {:?}",
                "",
                step.rule,
                step.start,
                input.get(step.start..end).unwrap_or_default(),
            ),
            None => writeln!(
                out,
                "{:indent$}{depth}{bad}{} {}.. stopped at byte {}{bad:#}",
                "", step.rule, step.start, trace.index,
            ),
        }
        .expect("write to String");
    }
}

/// The run's events, numbered and indented by depth, the cut-off if there is one, and for a run
/// that fails a last line at the trace's byte.
fn write_steps(out: &mut String, steps: &Steps, trace: Option<&Trace>, palette: Palette) {
    let (good, bad, dim) = (palette.good, palette.bad, palette.dim);
    let width = grouped(steps.events.len() as u64).len();
    writeln!(
        out,
        "  the run, event by event ({} in all):",
        grouped(steps.total as u64)
    )
    .expect("write to String");
    for (number, event) in steps.events.iter().enumerate() {
        let RunEvent {
            kind,
            rule,
            start,
            at,
            depth,
        } = event;
        let (indent, depth) = indent(depth - 1);
        let number = grouped(number as u64 + 1);
        write!(out, "  {dim}{number:>width$}{dim:#}  {:indent$}{depth}", "")
            .expect("write to String");
        match kind {
            StepKind::Entered => writeln!(out, "entered {rule} at byte {start}"),
            StepKind::Matched => writeln!(out, "{good}{rule} matched bytes {start}..{at}{good:#}"),
            StepKind::Failed => writeln!(out, "{bad}{rule} failed; back to byte {start}{bad:#}"),
        }
        .expect("write to String");
    }
    if steps.total > steps.events.len() {
        writeln!(
            out,
            "  {dim}… {} more events not shown, {} in all{dim:#}",
            grouped((steps.total - steps.events.len()) as u64),
            grouped(steps.total as u64)
        )
        .expect("write to String");
    }
    if let Some(trace) = trace {
        writeln!(
            out,
            "  {:width$}  {bad}the run got no further than byte {}{}{bad:#}",
            "",
            trace.index,
            expecting(trace)
        )
        .expect("write to String");
    }
}
