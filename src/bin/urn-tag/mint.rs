//! `urn-tag mint-tag`: mint a tag URI by the rules of RFC 4151 §2.2, dated by the system
//! clock's UTC day.

use urn_tag::{SystemClock, TagDate, TagUri};

use crate::output::{Output, Status, Written};

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
pub fn run(args: &Args, out: &mut Output) -> Written {
    let date: TagDate = match args.date.parse() {
        Ok(date) => date,
        Err(error) => {
            out.raise_status(Status::No);
            // `{:?}` escapes what would act on a terminal.
            return out.message(format_args!(
                "cannot mint: invalid --date {:?}: {error}",
                args.date
            ));
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
            writeln!(out, "{tag}")?;
            out.answered()?;
            for lint in tag.lints() {
                out.message(format_args!("warning: {lint}"))?;
            }
            Ok(())
        }
        Err(error) => {
            out.raise_status(Status::No);
            out.message(format_args!("cannot mint: {error}"))
        }
    }
}
