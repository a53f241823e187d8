//! `urn-tag`: check URNs and tag URIs from the command line.

mod check;
#[cfg(feature = "grammar-tools")]
mod grammar;
mod report;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit statuses, shared by every subcommand.
const EXIT_STATUS_HELP: &str = "\
Exit status:
  0  every input is valid (check), or the answer is yes (eq)
  1  some input is invalid, or the answer is no
  2  usage error, unreadable input or output";

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
    /// Review the grammar files: railroad diagrams, rule coverage, trial of an edited grammar.
    #[cfg(feature = "grammar-tools")]
    #[command(subcommand)]
    Grammar(grammar::Command),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Check(args) => check::run(&args),
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
