//! `registry.rs`: the IANA URN namespace snapshot (`data/iana-urn-namespaces.tsv`) as a table
//! with a perfect hash, so that registry lookups allocate nothing and parse nothing at run time.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use crate::nid_hash::{REGISTRY_HASH_BITS, registry_slot};

const SOURCE: &str = "data/iana-urn-namespaces.tsv";

/// Compiles the IANA registry snapshot into `registry.rs`.
pub fn registry(out_dir: &Path) {
    println!("cargo::rerun-if-changed={SOURCE}");
    let text = fs::read_to_string(SOURCE).unwrap_or_else(|e| panic!("{SOURCE}: {e}"));
    let snapshot = text
        .lines()
        .next()
        .and_then(|first| first.split("updated ").nth(1))
        .and_then(|rest| rest.get(..10))
        .filter(|date| is_date(date))
        .unwrap_or_else(|| panic!("{SOURCE}: the first line must say \"updated YYYY-MM-DD\""));

    let mut rows: Vec<[&str; 5]> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("nid\t") || line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [nid, kind, registered, updated, reference] = fields[..] else {
            panic!("{SOURCE}:{}: expected 5 tab-separated columns", index + 1);
        };
        // At most 32 characters (RFC 8141 §2), lower case as IANA lists them.
        let valid_nid = (1..=32).contains(&nid.len())
            && nid
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        assert!(
            valid_nid,
            "{SOURCE}:{}: NID {nid:?} is not 1 to 32 lower-case letters, digits, '-'",
            index + 1
        );
        assert!(
            matches!(kind, "formal" | "informal"),
            "{SOURCE}:{}: kind {kind:?}",
            index + 1
        );
        for date in [registered, updated] {
            assert!(
                date.is_empty() || is_date(date),
                "{SOURCE}:{}: date {date:?}",
                index + 1
            );
        }
        rows.push([nid, kind, registered, updated, reference]);
    }
    rows.sort_by(|a, b| a[0].cmp(b[0]));
    for pair in rows.windows(2) {
        assert_ne!(
            pair[0][0], pair[1][0],
            "{SOURCE}: NID {:?} is listed twice",
            pair[0][0]
        );
    }

    let mut out = String::new();
    // The generated items are public, so they carry their documentation and an example.
    out.push_str(concat!(
        "/// The date of the IANA registry snapshot compiled into this crate.\n",
        "///\n",
        "/// ```\n",
        "/// assert_eq!(urn_tag::urn::registry::SNAPSHOT_DATE.len(), \"YYYY-MM-DD\".len());\n",
        "/// ```\n",
    ));
    writeln!(out, "pub const SNAPSHOT_DATE: &str = {snapshot:?};").unwrap();
    writeln!(out, "static ENTRIES: [Registration; {}] = [", rows.len()).unwrap();
    for [nid, kind, registered, updated, reference] in &rows {
        let kind = if *kind == "formal" {
            "Formal"
        } else {
            "Informal"
        };
        let option = |date: &str| {
            if date.is_empty() {
                "None".to_owned()
            } else {
                format!("Some({date:?})")
            }
        };
        writeln!(
            out,
            "    Registration {{ nid: {nid:?}, kind: NamespaceKind::{kind}, registered: {}, updated: {}, reference: {reference:?} }},",
            option(registered),
            option(updated),
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
    // A perfect hash: the first seed under which every NID has a slot of its own.
    let nids: Vec<&str> = rows.iter().map(|row| row[0]).collect();
    let (seed, slots) = (0..100_000u64)
        .find_map(|seed| {
            let mut slots = vec![u8::MAX; 1 << REGISTRY_HASH_BITS];
            for (index, nid) in nids.iter().enumerate() {
                let slot = &mut slots[registry_slot(seed, nid)];
                if *slot != u8::MAX {
                    return None;
                }
                *slot = u8::try_from(index).expect("fewer than 255 NIDs");
            }
            Some((seed, slots))
        })
        .expect("a seed that gives every NID a slot of its own");
    writeln!(
        out,
        "/// The seed of [`slot`]'s hash, under which no two registered NIDs share a slot.\n\
         const SEED: u64 = {seed};\n\
         /// The index in [`ENTRIES`] of the NID in each slot of the hash table; `u8::MAX` for \
         none.\n\
         static SLOTS: [u8; 1 << {REGISTRY_HASH_BITS}] = {slots:?};"
    )
    .unwrap();
    fs::write(out_dir.join("registry.rs"), out).unwrap();
}

fn is_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}
