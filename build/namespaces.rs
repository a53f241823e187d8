//! `namespaces.rs` and `namespaces/NID.rs`: each grammar of `namespaces/` compiled by the
//! grammar compiler, capturing every rule that is not silent (the parts `urn-tag explain`
//! shows), the namespaces whose registrations state no syntax of their own, and a perfect hash
//! table of them all by NID.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use crate::nid_hash::{NAMESPACE_HASH_BITS, namespace_slot, short_nid_key};
use crate::{compile_grammar, peg};

/// The grammars of the URN namespaces, one per NID (`namespaces/uuid.pest`).
const NAMESPACE_GRAMMARS: &str = "namespaces";

/// Compiles each grammar of `namespaces/` (entry rule: the NID, or `nid_` and the NID when it
/// starts with a digit; captures: every rule that is not silent) into `namespaces/NID.rs`,
/// and writes `namespaces.rs`: a module per namespace and the table `GRAMMARS`, sorted by NID.
pub fn namespace_grammars(out_dir: &Path) {
    println!("cargo::rerun-if-changed={NAMESPACE_GRAMMARS}");
    let dest = out_dir.join("namespaces");
    fs::create_dir_all(&dest).unwrap();
    let mut files: Vec<_> = fs::read_dir(NAMESPACE_GRAMMARS)
        .unwrap_or_else(|e| panic!("{NAMESPACE_GRAMMARS}: {e}"))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "pest"))
        .collect();
    files.sort();
    let mut index = String::new();
    let mut table = String::new();
    let mut parts_table = String::new();
    let mut rules = String::new();
    let mut rule_count = 0;
    let mut keys: Vec<(u128, usize)> = Vec::new();
    let mut grammar_nids = Vec::new();
    for (position, path) in files.iter().enumerate() {
        let file = path.to_str().unwrap();
        let nid = path.file_stem().unwrap().to_str().unwrap();
        grammar_nids.push(nid.to_owned());
        keys.push((
            short_nid_key(nid)
                .unwrap_or_else(|| panic!("{file}: not a NID of fewer than 16 characters")),
            position,
        ));
        let entry = if nid.starts_with(|c: char| c.is_ascii_digit()) {
            format!("nid_{nid}")
        } else {
            nid.replace('-', "_")
        };
        let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let visible = peg::visible_rules(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let captures: Vec<&str> = visible.iter().map(String::as_str).collect();
        for rule in std::iter::once(entry.as_str()).chain(captures.iter().copied()) {
            writeln!(rules, "    ({position}, {rule:?}),").unwrap();
            rule_count += 1;
        }
        let config = peg::Config {
            entries: &[entry.as_str()],
            captures: &captures,
            reports: false,
            prefixes: &[],
        };
        compile_grammar(file, &config, &dest.join(format!("{entry}.rs")));
        writeln!(
            index,
            "/// `{file}`, compiled.\n\
             #[allow(non_snake_case)]\n\
             pub(crate) mod {entry} {{\n    \
             include!(concat!(env!(\"OUT_DIR\"), \"/namespaces/{entry}.rs\"));\n}}\n"
        )
        .unwrap();
        writeln!(
            table,
            "    Grammar {{\n        \
             nid: {nid:?},\n        \
             entry: {entry:?},\n        \
             file: {file:?},\n        \
             accepts: |nss| {entry}::{entry}(nss).is_some(),\n        \
             failure: |nss| {{\n            \
             let failure = {entry}::{entry}_failure(nss);\n            \
             (failure.index, failure.rule)\n        \
             }},\n    \
             }},"
        )
        .unwrap();
        writeln!(
            parts_table,
            "    |nss| {entry}::{entry}(nss).map(|spans| parts(&spans.all())),"
        )
        .unwrap();
    }
    writeln!(
        index,
        "/// Every namespace grammar, sorted by NID.\n\
         pub(crate) static GRAMMARS: [Grammar; {count}] = [\n{table}];\n\n\
         /// The spans of the rules an accepted NSS matched, by the grammar's index in `GRAMMARS`:\n\
         /// a table of its own, which a program that never asks for them leaves out.\n\
         pub(crate) static PARTS: [PartsOf; {count}] = [\n{parts_table}];\n\n\
         /// Every rule a failure can name (the entry rules and the rules that are not silent),\n\
         /// with the index of its grammar in `GRAMMARS`.\n\
         pub(crate) static RULES: [(usize, &str); {rule_count}] = [\n{rules}];",
        count = files.len()
    )
    .unwrap();
    // The namespaces whose registrations state no syntax of their own share the table: their
    // entries follow the grammars'.
    let without = namespaces_without_syntax(&grammar_nids);
    let mut entries = String::new();
    for (offset, (nid, registration)) in without.iter().enumerate() {
        if let Some(key) = short_nid_key(nid) {
            keys.push((key, files.len() + offset));
        }
        writeln!(entries, "    ({nid:?}, {registration:?}),").unwrap();
    }
    writeln!(
        index,
        "\n/// The namespaces whose registrations state no syntax of their own (NID, registration),\n\
         /// sorted by NID, from `{NO_SPECIFIC_SYNTAX}`.\n\
         pub(crate) static NO_SPECIFIC_SYNTAX: [(&str, &str); {}] = [\n{entries}];",
        without.len()
    )
    .unwrap();
    let mut entry_keys = vec![0u128; files.len() + without.len()];
    for &(key, position) in &keys {
        entry_keys[position] = key;
    }
    // A perfect hash: the first seed under which every NID has a slot of its own.
    let (seed, slots) = (0..1_000_000u64)
        .find_map(|seed| {
            let mut slots = vec![u8::MAX; 1 << NAMESPACE_HASH_BITS];
            for &(key, position) in &keys {
                let slot = &mut slots[namespace_slot(seed, key)];
                if *slot != u8::MAX {
                    return None;
                }
                *slot = u8::try_from(position).expect("fewer than 255 namespaces");
            }
            Some((seed, slots))
        })
        .expect("a seed that gives every namespace a slot of its own");
    let entry_keys: String = entry_keys
        .iter()
        .map(|key| format!("    {key:#034x},\n"))
        .collect();
    writeln!(
        index,
        "\n/// The seed of `slot`'s hash, under which no two namespaces' NIDs share a slot.\n\
         pub(crate) const SEED: u64 = {seed};\n\
         /// The NID (as `short_nid_key`) of each namespace: the grammars', then those of\n\
         /// `NO_SPECIFIC_SYNTAX` (0 for a NID of 16 characters or more, which has no slot).\n\
         pub(crate) static ENTRY_KEYS: [u128; {}] = [\n{entry_keys}];\n\
         /// The index in `ENTRY_KEYS` of the namespace in each slot of the hash table;\n\
         /// `u8::MAX` for none.\n\
         pub(crate) static SLOTS: [u8; 1 << {NAMESPACE_HASH_BITS}] = {slots:?};",
        files.len() + without.len()
    )
    .unwrap();
    fs::write(out_dir.join("namespaces.rs"), index).unwrap();
}

/// The registered namespaces whose registrations state no syntax of their own.
const NO_SPECIFIC_SYNTAX: &str = "namespaces/no-specific-syntax.tsv";

/// The rows of [`NO_SPECIFIC_SYNTAX`] (NID, registration), sorted by NID; none of them may have
/// a grammar file too.
fn namespaces_without_syntax(grammar_nids: &[String]) -> Vec<(String, String)> {
    println!("cargo::rerun-if-changed={NO_SPECIFIC_SYNTAX}");
    let text = fs::read_to_string(NO_SPECIFIC_SYNTAX)
        .unwrap_or_else(|e| panic!("{NO_SPECIFIC_SYNTAX}: {e}"));
    let mut rows: Vec<(String, String)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [nid, registration, sentence] = fields[..] else {
            panic!(
                "{NO_SPECIFIC_SYNTAX}:{}: expected nid, registration, sentence",
                index + 1
            );
        };
        assert!(
            !registration.is_empty() && !sentence.is_empty(),
            "{NO_SPECIFIC_SYNTAX}:{}: a registration and its sentence",
            index + 1
        );
        assert!(
            !grammar_nids.iter().any(|grammar| grammar == nid),
            "{NO_SPECIFIC_SYNTAX}:{}: {nid} has a grammar file",
            index + 1
        );
        rows.push((nid.to_owned(), registration.to_owned()));
    }
    rows.sort();
    for pair in rows.windows(2) {
        assert_ne!(
            pair[0].0, pair[1].0,
            "{NO_SPECIFIC_SYNTAX}: {} listed twice",
            pair[0].0
        );
    }
    rows
}
