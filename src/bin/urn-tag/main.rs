//! `urn-tag`: check URNs and tag URIs from the command line.

mod check;
mod eq;
mod explain;
mod find;
#[cfg(feature = "grammar-tools")]
mod grammar;
mod identifiers;
mod input;
mod json;
mod mint;
mod normalize;
mod output;
mod report;
mod startup;
mod syntax_args;
mod verdict;

use std::io::{self, Write as _};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use clap_complete::Shell;

use crate::output::{ColorWhen, Output, Status, Written, describe};

/// Exit statuses, shared by every subcommand.
const EXIT_STATUS_HELP: &str = "\
Exit status:
  0  every input is valid (check, explain, normalize), the identifiers are equivalent
     (eq), something was found (find; with --invalid, something was reported), or the tag
     is minted (mint-tag)
  1  some input is invalid (or has a lint, under check --strict), the identifiers are not
     equivalent, nothing was found (or reported), or a part of the tag is refused (mint-tag)
  2  usage error, an input that cannot be read, output that cannot be written (full, or
     closed before urn-tag started: `>&-`), or an invalid input to eq

check, explain and normalize take identifiers as arguments, \"-\" among them for the lines
of standard input, and from each --file; with neither, from the lines of standard input
unless it is a terminal.

When the reader of the output goes away (`urn-tag check | head -1`), urn-tag stops quietly
with the status of what it had found so far.";

/// Check, compare and mint Uniform Resource Names (RFC 8141, RFC 2141) and tag URIs (RFC 4151).
#[derive(Debug, Parser)]
#[command(name = "urn-tag", version, after_help = EXIT_STATUS_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Colour the answers: auto (on a terminal, unless NO_COLOR is set or CLICOLOR=0; always
    /// with CLICOLOR_FORCE), always, or never.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto)]
    color: ColorWhen,
    /// Write out each answer as soon as it is made, as on a terminal, also into a pipe or a
    /// file (the output is otherwise written in blocks of 64 KiB).
    #[arg(long, global = true)]
    line_buffered: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check each INPUT (or each line of standard input or of --file) and report whether it
    /// is valid.
    Check(check::Args),
    /// Say whether two identifiers are equivalent (RFC 8141 §3, RFC 2141 §5, namespace rules;
    /// tags exactly, RFC 4151 §2.4).
    Eq(eq::Args),
    /// Break each identifier down into its parts (and a URN's NSS into the rules of its
    /// namespace), or show where and why it is invalid.
    Explain(explain::Args),
    /// Print the RFC case-normalized form (or, with --key, the equivalence key) of each URN.
    Normalize(normalize::Args),
    /// List the identifiers found in free text (files, directories with -r), with line and
    /// column; count them (-c) or name the files that hold them (-l).
    Find(find::Args),
    /// Mint a tag URI (RFC 4151) for an authority and a date, and print it.
    MintTag(mint::Args),
    /// Print a completion script for SHELL: bash, zsh, fish, elvish or powershell.
    Completions {
        /// The shell to complete in.
        shell: Shell,
    },
    /// Print the man page (roff) of urn-tag, or of one of its commands (urn-tag-COMMAND).
    Man {
        /// The command whose page to print (check, eq, ...); the page of urn-tag when absent.
        command: Option<String>,
    },
    /// Review the grammar files: railroad diagrams, rule coverage, trial of an edited grammar.
    #[cfg(feature = "grammar-tools")]
    #[command(subcommand)]
    Grammar(grammar::Command),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage(&error),
    };
    let mut out = Output::new(cli.color, cli.line_buffered);
    let outcome = match &cli.command {
        Command::Check(args) => check::run(args, &mut out),
        Command::Eq(args) => eq::run(args, &mut out),
        Command::Explain(args) => explain::run(args, &mut out),
        Command::Normalize(args) => normalize::run(args, &mut out),
        Command::Find(args) => find::run(args, &mut out),
        Command::MintTag(args) => mint::run(args, &mut out),
        Command::Completions { shell } => completions(*shell, &mut out),
        Command::Man { command } => man(command.as_deref(), &mut out),
        #[cfg(feature = "grammar-tools")]
        Command::Grammar(command) => grammar::run(command, &mut out),
    };
    out.finish(outcome)
}

/// Prints clap's help, version or usage error, with the same care for the output as the
/// commands take.
fn usage(error: &clap::Error) -> ExitCode {
    let status = u8::try_from(error.exit_code()).unwrap_or(Status::Trouble as u8);
    // Help and the version go to standard output, which may have been closed (see `startup`).
    let printed = if !error.use_stderr() && startup::stdout_was_closed() {
        Err(startup::closed_error())
    } else {
        error.print()
    };
    match printed {
        Ok(()) => ExitCode::from(status),
        Err(failed) if failed.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(status),
        Err(failed) => {
            if !error.use_stderr() {
                let message = format!("urn-tag: standard output: {}\n", describe(&failed));
                let _ = io::stderr().write_all(message.as_bytes());
            }
            Status::Trouble.into()
        }
    }
}

/// `urn-tag completions SHELL`. The script is made in memory first: clap_complete panics on a
/// write error, and the output may be a closed pipe.
fn completions(shell: Shell, out: &mut Output) -> Written {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "urn-tag", &mut script);
    out.write_bytes(&script)
}

/// `urn-tag man [COMMAND]`: the man page, made from the same definitions as `--help`, so it
/// can always be made again from the code (`urn-tag man check > urn-tag-check.1`).
fn man(name: Option<&str>, out: &mut Output) -> Written {
    let mut command = Cli::command();
    // Building names each command for its page: `urn-tag-check`.
    command.build();
    let page = match name {
        None => command,
        Some(name) => match command.find_subcommand(name) {
            Some(sub) => sub.clone(),
            None => {
                out.raise_status(Status::Trouble);
                let names: Vec<&str> = command
                    .get_subcommands()
                    .filter(|sub| !sub.is_hide_set())
                    .map(|sub| sub.get_name())
                    .collect();
                return out.message(format_args!(
                    "no command {name:?}; the commands are: {}",
                    names.join(", ")
                ));
            }
        },
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .source(concat!("urn-tag ", env!("CARGO_PKG_VERSION")))
        .render(&mut roff)
        .map_err(Output::stdout_failed)?;
    out.write_bytes(&roff)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
