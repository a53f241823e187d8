//! `urn-tag eq`: are two identifiers the same?

use std::process::ExitCode;

use urn_tag::{Spec, Urn};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// URN syntax (and equivalence rules) to compare under: rfc8141, rfc2141 or rfc2141bis.
    #[arg(long, default_value_t = Spec::Rfc8141, value_name = "SPEC")]
    spec: Spec,
    /// The first identifier.
    a: String,
    /// The second identifier.
    b: String,
}

/// Prints `equivalent` or `not equivalent`; exits 0, 1, or 2 when an input is invalid.
pub fn run(args: &Args) -> ExitCode {
    let parse = |input: &str| {
        Urn::parse_with(input, args.spec).map_err(|error| eprintln!("urn-tag: {input}: {error}"))
    };
    let (Ok(a), Ok(b)) = (parse(&args.a), parse(&args.b)) else {
        return ExitCode::from(2);
    };
    if a.equivalent(&b) {
        println!("equivalent");
        ExitCode::SUCCESS
    } else {
        println!("not equivalent");
        ExitCode::from(1)
    }
}
