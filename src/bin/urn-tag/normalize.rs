//! `urn-tag normalize`: the case-normalized form, or the equivalence key, of each input.

use std::process::ExitCode;

use urn_tag::{Spec, Urn};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// URN syntax to read the inputs under: rfc8141, rfc2141 or rfc2141bis.
    #[arg(long, default_value_t = Spec::Rfc8141, value_name = "SPEC")]
    spec: Spec,
    /// Print the equivalence key (what `eq` compares) instead of the normalized URN.
    #[arg(long)]
    key: bool,
    /// URNs to normalize.
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<String>,
}

/// Prints one line per valid input; an invalid input is reported on standard error and
/// makes the exit status 1.
pub fn run(args: &Args) -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for input in &args.inputs {
        match Urn::parse_with(input, args.spec) {
            Ok(urn) if args.key => println!("{}", urn.equivalence_key()),
            Ok(urn) => println!("{}", urn.normalized()),
            Err(error) => {
                eprintln!("urn-tag: {input}: {error}");
                status = ExitCode::from(1);
            }
        }
    }
    status
}
