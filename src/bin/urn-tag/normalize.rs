//! `urn-tag normalize`: the case-normalized form, or the equivalence key, of each input.

use urn_tag::Identifier;

use crate::identifiers::{self, Event, InputArgs, Next, Origin};
use crate::output::{Output, Status, Written};
use crate::report;
use crate::syntax_args::SyntaxArgs;
use crate::verdict::{self, Problem};

#[derive(Debug, clap::Args)]
#[command(after_long_help = AFTER_HELP)]
pub struct Args {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Print the equivalence key (what `eq` compares) instead of the normalized form.
    #[arg(long)]
    key: bool,
    /// With --key: the RFC procedure's key alone, without the equivalence rules of the 15
    /// namespaces whose registrations state them (uuid, isbn, issn, ietf, nbn, ...).
    #[arg(long, requires = "key")]
    rfc_only: bool,
    #[command(flatten)]
    input: InputArgs,
}

/// What `normalize --help` adds after the options.
const AFTER_HELP: &str = "\
A tag is printed as it is: RFC 4151 §2.4 compares tags character by character, so no other
spelling names the same tag. Each valid input gets one line; an invalid one is reported on
standard error instead (FILE:LINE: INPUT: MESSAGE for a line of a file), and makes the exit
status 1.";

/// Prints one line per valid input; an invalid input is reported on standard error and
/// makes the exit status 1.
pub fn run(args: &Args, out: &mut Output) -> Written {
    let equivalence = crate::eq::equivalence(args.rfc_only);
    identifiers::read_each(&args.input, out, |out, event| {
        let (input, origin) = match event {
            Event::Input(input, origin) => (input.bytes(), origin),
            Event::TooLong(head, origin) => {
                out.raise_status(Status::No);
                let max = args.input.max_line_bytes;
                let problem = Problem::LineTooLong { max };
                let head = report::echo_head(head);
                out.message(format_args!("{}{head}: {problem}", place(origin)))?;
                return Ok(Next::Read);
            }
            Event::Opened(_) | Event::Blank | Event::Closed => return Ok(Next::Read),
        };
        match verdict::identify(input, args.syntax.syntax()) {
            Ok(Identifier::Urn(urn)) if args.key => writeln!(out, "{}", equivalence.key(&urn))?,
            Ok(Identifier::Urn(urn)) => writeln!(out, "{}", urn.normalized())?,
            Ok(Identifier::Tag(tag)) => {
                writeln!(out, "{}", report::escape(tag.as_str().as_bytes()))?
            }
            Err(problem) => {
                out.raise_status(Status::No);
                let input = report::echo(input);
                out.message(format_args!("{}{input}: {problem}", place(origin)))?;
            }
        }
        out.answered()?;
        Ok(Next::Read)
    })?;
    Ok(())
}

/// Where an input that is reported came from: `FILE:LINE: ` for a line, nothing for an
/// argument.
fn place(origin: Origin<'_>) -> String {
    match origin {
        Origin::Argument => String::new(),
        Origin::Line { source, line } => format!("{}:{line}: ", source.shown()),
    }
}
