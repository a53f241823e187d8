//! `urn-tag normalize`: the case-normalized form, or the equivalence key, of each input.

use std::process::ExitCode;

use urn_tag::Identifier;

use crate::syntax_args::SyntaxArgs;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Print the equivalence key (what `eq` compares) instead of the normalized form.
    #[arg(long)]
    key: bool,
    /// With --key: the RFC procedure's key alone, without the namespace rules of uuid, isbn,
    /// issn, ietf and nbn.
    #[arg(long, requires = "key")]
    rfc_only: bool,
    /// URNs or tag URIs to normalize. A tag is printed as it is: RFC 4151 §2.4 compares tags
    /// character by character, so no other spelling names the same tag.
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<String>,
}

/// Prints one line per valid input; an invalid input is reported on standard error and
/// makes the exit status 1.
pub fn run(args: &Args) -> ExitCode {
    let equivalence = crate::eq::equivalence(args.rfc_only);
    let mut status = ExitCode::SUCCESS;
    for input in &args.inputs {
        match Identifier::parse_with(input, args.syntax.syntax()) {
            Ok(Identifier::Urn(urn)) if args.key => println!("{}", equivalence.key(&urn)),
            Ok(Identifier::Urn(urn)) => println!("{}", urn.normalized()),
            Ok(Identifier::Tag(tag)) => println!("{tag}"),
            Err(error) => {
                eprintln!("urn-tag: {input}: {error}");
                status = ExitCode::from(1);
            }
        }
    }
    status
}
