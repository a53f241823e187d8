//! `urn-tag`: check URNs and tag URIs from the command line.

mod check;
mod eq;
mod explain;
mod find;
#[cfg(feature = "grammar-tools")]
mod grammar;
mod mint;
mod normalize;
mod report;
mod syntax_args;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit statuses, shared by every subcommand.
const EXIT_STATUS_HELP: &str = "\
Exit status:
  0  every input is valid (check, explain, normalize), the URNs are equivalent (eq),
     something was found (find), or the tag is minted (mint-tag)
  1  some input is invalid, the URNs are not equivalent, nothing was found, or a part
     of the tag is refused (mint-tag)
  2  usage error, unreadable input or output, or an invalid input to eq";

/// Check, compare and mint Uniform Resource Names (RFC 8141, RFC 2141) and tag URIs (RFC 4151).
#[derive(Debug, Parser)]
#[command(name = "urn-tag", version, after_help = EXIT_STATUS_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check each INPUT (or each line of standard input) and report whether it is valid.
    Check(check::Args),
    /// Say whether two URNs are equivalent (RFC 8141 §3, RFC 2141 §5, namespace rules).
    Eq(eq::Args),
    /// Break one identifier down into its parts, or show where and why it is invalid.
    Explain(explain::Args),
    /// Print the RFC case-normalized form (or, with --key, the equivalence key) of each URN.
    Normalize(normalize::Args),
    /// List the identifiers found in free text, with line and column.
    Find(find::Args),
    /// Mint a tag URI (RFC 4151) for an authority and a date, and print it.
    MintTag(mint::Args),
    /// Review the grammar files: railroad diagrams, rule coverage, trial of an edited grammar.
    #[cfg(feature = "grammar-tools")]
    #[command(subcommand)]
    Grammar(grammar::Command),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Eq(args) => Ok(eq::run(&args)),
        Command::Explain(args) => Ok(explain::run(&args)),
        Command::Normalize(args) => Ok(normalize::run(&args)),
        Command::Find(args) => find::run(&args),
        Command::MintTag(args) => mint::run(&args),
        #[cfg(feature = "grammar-tools")]
        Command::Grammar(command) => grammar::run(&command),
    };
    match outcome {
        Ok(code) => code,
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("urn-tag: {error}");
            ExitCode::from(2)
        }
    }
}
