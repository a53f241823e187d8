//! `urn-tag mint-tag`: mint a tag URI by the rules of RFC 4151 §2.2, dated by the system
//! clock's UTC day.

use std::io::{self, Write};
use std::process::ExitCode;

use urn_tag::{SystemClock, TagDate, TagUri};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Authority name: a fully qualified DNS name or an email address.
    #[arg(long, value_name = "AUTHORITY")]
    authority: String,
    /// A day on which the authority name was yours at 00:00 UTC: YYYY, YYYY-MM or YYYY-MM-DD.
    #[arg(long, value_name = "DATE")]
    date: String,
    /// The specific part, percent-encoded where needed (empty when not given).
    #[arg(long, value_name = "SPECIFIC")]
    specific: Option<String>,
    /// The fragment, percent-encoded where needed (no "#" when not given).
    #[arg(long, value_name = "FRAGMENT")]
    fragment: Option<String>,
}

/// Prints the tag, the date in its shortest form; lints go to standard error as warnings.
/// A part that RFC 4151 refuses is reported on standard error, with exit status 1.
pub fn run(args: &Args) -> io::Result<ExitCode> {
    let date: TagDate = match args.date.parse() {
        Ok(date) => date,
        Err(error) => {
            eprintln!(
                "urn-tag: cannot mint: invalid --date {:?}: {error}",
                args.date
            );
            return Ok(ExitCode::from(1));
        }
    };
    let mut minter = TagUri::minter(&args.authority, date);
    if let Some(specific) = &args.specific {
        minter = minter.specific(specific);
    }
    if let Some(fragment) = &args.fragment {
        minter = minter.fragment(fragment);
    }
    match minter.mint(&SystemClock) {
        Ok(tag) => {
            let mut out = io::stdout().lock();
            writeln!(out, "{tag}")?;
            out.flush()?;
            for lint in tag.lints() {
                eprintln!("urn-tag: warning: {lint}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("urn-tag: cannot mint: {error}");
            Ok(ExitCode::from(1))
        }
    }
}
