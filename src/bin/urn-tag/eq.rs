//! `urn-tag eq`: are two identifiers the same?

use std::process::ExitCode;

use urn_tag::Identifier;
use urn_tag::urn::Equivalence;

use crate::syntax_args::SyntaxArgs;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Compare URNs by the RFC procedure alone, without the namespace rules of uuid, isbn,
    /// issn, ietf and nbn.
    #[arg(long)]
    rfc_only: bool,
    /// The first identifier.
    a: String,
    /// The second identifier.
    b: String,
}

/// Prints `equivalent` or `not equivalent`; exits 0, 1, or 2 when an input is invalid.
///
/// Two URNs are compared by RFC equivalence (RFC 8141 §3, or RFC 2141 §5 under those specs)
/// and the built-in namespace rules unless `--rfc-only`; two tag URIs by RFC 4151 §2.4,
/// which is exact equality; a URN and a tag are never the same.
pub fn run(args: &Args) -> ExitCode {
    let parse = |input: &str| {
        Identifier::parse_with(input, args.syntax.syntax())
            .map_err(|error| eprintln!("urn-tag: {input}: {error}"))
    };
    let (Ok(a), Ok(b)) = (parse(&args.a), parse(&args.b)) else {
        return ExitCode::from(2);
    };
    let same = match (&a, &b) {
        (Identifier::Urn(a), Identifier::Urn(b)) => equivalence(args.rfc_only).equivalent(a, b),
        (Identifier::Tag(a), Identifier::Tag(b)) => a == b,
        _ => false,
    };
    if same {
        println!("equivalent");
        ExitCode::SUCCESS
    } else {
        println!("not equivalent");
        ExitCode::from(1)
    }
}

/// The procedure `eq` and `normalize --key` use.
pub fn equivalence(rfc_only: bool) -> Equivalence {
    if rfc_only {
        Equivalence::rfc()
    } else {
        Equivalence::standard()
    }
}
