//! Mints tag URIs (RFC 4151) as stable ids for the entries of a feed, the way Atom feeds use
//! them, and prints an Atom skeleton.
//!
//! ```sh
//! cargo run --example mint_feed -- example.com 2004-01-01
//! ```
//!
//! The tagging entity is the authority and the date it held that name (arguments 1 and 2);
//! each entry's specific is its path. Minting refuses a date after today (UTC) and an
//! authority that is not a fully qualified domain name, and warns about upper case.

use std::process::ExitCode;

use urn_tag::{SystemClock, TagDate, TagUri};

const ENTRIES: &[(&str, &str)] = &[
    ("archives/2004/05/first-post", "First post"),
    (
        "archives/2004/06/a-title with spaces",
        "A title with spaces",
    ),
    ("archives/2005/01/café", "Café"),
];

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let authority = args.next().unwrap_or_else(|| "example.com".to_owned());
    let date = args.next().unwrap_or_else(|| "2004-01-01".to_owned());
    let date: TagDate = match date.parse() {
        Ok(date) => date,
        Err(error) => {
            eprintln!("mint_feed: date {date:?}: {error}");
            return ExitCode::from(2);
        }
    };
    let feed_id = match TagUri::minter(&authority, date).mint(&SystemClock) {
        Ok(tag) => tag,
        Err(error) => {
            eprintln!("mint_feed: {error}");
            return ExitCode::from(1);
        }
    };
    for lint in feed_id.lints() {
        eprintln!("mint_feed: warning: {lint}");
    }
    println!("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n  <id>{feed_id}</id>");
    for (path, title) in ENTRIES {
        // A specific holds URI characters only: spaces and non-ASCII must be percent-encoded,
        // which RFC 4151 §2.1 advises against ("tags SHOULD NOT be minted with
        // percent-encoded parts"), so this feed spells its specifics in plain ASCII.
        let specific: String = path
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || "-._~/".contains(c) {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        match TagUri::minter(&authority, date)
            .specific(&specific)
            .mint(&SystemClock)
        {
            Ok(id) => {
                println!("  <entry>\n    <id>{id}</id>\n    <title>{title}</title>\n  </entry>")
            }
            Err(error) => {
                eprintln!("mint_feed: {path}: {error}");
                return ExitCode::from(1);
            }
        }
    }
    println!("</feed>");
    ExitCode::SUCCESS
}
