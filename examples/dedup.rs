//! Deduplicates URNs by RFC 8141 equivalence: groups the URNs read from standard input (one
//! per line; invalid lines are skipped) by their equivalence key, in first-seen order.
//!
//! ```sh
//! printf 'urn:example:a\nURN:EXAMPLE:a?=q\nurn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6\nurn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\n' \
//!   | cargo run --example dedup
//! ```

use std::collections::HashMap;
use std::io::{self, BufRead};

use urn_tag::Urn;
use urn_tag::urn::EquivalenceKey;

fn main() -> io::Result<()> {
    let mut order: Vec<EquivalenceKey> = Vec::new();
    let mut groups: HashMap<EquivalenceKey, Vec<Urn>> = HashMap::new();
    for line in io::stdin().lock().lines() {
        let Ok(urn) = Urn::parse(line?.trim()) else {
            continue;
        };
        let key = urn.equivalence_key();
        let group = groups.entry(key.clone()).or_default();
        if group.is_empty() {
            order.push(key);
        }
        group.push(urn);
    }
    for key in &order {
        let group = &groups[key];
        println!(
            "{key}  ({} written form{})",
            group.len(),
            if group.len() == 1 { "" } else { "s" }
        );
        for urn in group {
            println!("    {urn}");
        }
    }
    Ok(())
}
