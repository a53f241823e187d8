//! `urn-tag normalize`: the case-normalized form, or the equivalence key, of each input.

use std::ffi::OsString;

use urn_tag::Identifier;

use crate::output::{Output, Status, Written};
use crate::report;
use crate::syntax_args::SyntaxArgs;
use crate::verdict;

#[derive(Debug, clap::Args)]
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
    /// URNs or tag URIs to normalize. A tag is printed as it is: RFC 4151 §2.4 compares tags
    /// character by character, so no other spelling names the same tag.
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<OsString>,
}

/// Prints one line per valid input; an invalid input is reported on standard error and
/// makes the exit status 1.
pub fn run(args: &Args, out: &mut Output) -> Written {
    let equivalence = crate::eq::equivalence(args.rfc_only);
    for input in &args.inputs {
        let input = verdict::arg_bytes(input);
        match verdict::identify(input, args.syntax.syntax()) {
            Ok(Identifier::Urn(urn)) if args.key => writeln!(out, "{}", equivalence.key(&urn))?,
            Ok(Identifier::Urn(urn)) => writeln!(out, "{}", urn.normalized())?,
            Ok(Identifier::Tag(tag)) => {
                writeln!(out, "{}", report::escape(tag.as_str().as_bytes()))?
            }
            Err(problem) => {
                out.raise_status(Status::No);
                out.message(format_args!("{}: {problem}", report::echo(input)))?;
            }
        }
        out.answered()?;
    }
    Ok(())
}
