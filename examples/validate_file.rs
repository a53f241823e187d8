//! Validates a file of identifiers, one per line, and reports each invalid one with its line,
//! column and reason.
//!
//! ```sh
//! cargo run --example validate_file -- identifiers.txt
//! printf 'urn:isbn:0451450523\nurn:example:a%%zz\n' | cargo run --example validate_file
//! ```
//!
//! Exits with status 1 when a line is invalid.

use std::io::{self, BufRead, BufReader};
use std::process::ExitCode;

use urn_tag::Urn;

fn main() -> io::Result<ExitCode> {
    let input: Box<dyn BufRead> = match std::env::args_os().nth(1) {
        Some(path) => Box::new(BufReader::new(std::fs::File::open(path)?)),
        None => Box::new(io::stdin().lock()),
    };
    let (mut valid, mut invalid) = (0, 0);
    for (number, line) in input.lines().enumerate() {
        let line = line?;
        let text = line.trim_end_matches('\r');
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        match Urn::parse(text) {
            Ok(_) => valid += 1,
            Err(error) => {
                invalid += 1;
                let column = text[..error.index()].chars().count() + 1;
                println!("{}:{column}: {error}\n    {text}", number + 1);
            }
        }
    }
    eprintln!("{valid} valid, {invalid} invalid");
    Ok(if invalid == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
