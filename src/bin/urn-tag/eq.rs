//! `urn-tag eq`: are two identifiers the same?

use std::ffi::OsString;

use urn_tag::Identifier;
use urn_tag::urn::Equivalence;

use crate::output::{Output, Status, Written};
use crate::report;
use crate::syntax_args::SyntaxArgs;
use crate::verdict;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Compare URNs by the RFC procedure alone, without the equivalence rules of the 15
    /// namespaces whose registrations state them (uuid, isbn, issn, ietf, nbn, ...).
    #[arg(long)]
    rfc_only: bool,
    /// The first identifier.
    a: OsString,
    /// The second identifier.
    b: OsString,
}

/// Prints `equivalent` or `not equivalent`; exits 0, 1, or 2 when an input is invalid.
///
/// Two URNs are compared by RFC equivalence (RFC 8141 §3, or RFC 2141 §5 under those specs)
/// and the built-in namespace rules unless `--rfc-only`; two tag URIs by RFC 4151 §2.4,
/// which is exact equality; a URN and a tag are never the same.
pub fn run(args: &Args, out: &mut Output) -> Written {
    let (a, b) = (verdict::arg_bytes(&args.a), verdict::arg_bytes(&args.b));
    let syntax = args.syntax.syntax();
    let (a, b) = match (verdict::identify(a, syntax), verdict::identify(b, syntax)) {
        (Ok(a), Ok(b)) => (a, b),
        (a_parsed, b_parsed) => {
            out.raise_status(Status::Trouble);
            for (input, parsed) in [(a, a_parsed), (b, b_parsed)] {
                if let Err(problem) = parsed {
                    out.message(format_args!("{}: {problem}", report::echo(input)))?;
                }
            }
            return Ok(());
        }
    };
    let same = match (&a, &b) {
        (Identifier::Urn(a), Identifier::Urn(b)) => equivalence(args.rfc_only).equivalent(a, b),
        (Identifier::Tag(a), Identifier::Tag(b)) => a == b,
        _ => false,
    };
    if same {
        writeln!(out, "equivalent")?;
    } else {
        out.raise_status(Status::No);
        writeln!(out, "not equivalent")?;
    }
    out.answered()
}

/// The procedure `eq` and `normalize --key` use.
pub fn equivalence(rfc_only: bool) -> Equivalence {
    if rfc_only {
        Equivalence::rfc()
    } else {
        Equivalence::standard()
    }
}
