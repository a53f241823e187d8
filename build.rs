//! Generates, into `OUT_DIR`:
//!
//! * `registry.rs`: the IANA URN namespace snapshot (`data/iana-urn-namespaces.tsv`) as a
//!   sorted table, so that registry lookups are a binary search with no allocation and no
//!   parsing at run time;
//! * `urn_recognizer.rs` and `tag_recognizer.rs`: the grammars `urn.pest` and `tag.pest`
//!   compiled into allocation-free recognizers by the grammar compiler of `build/peg/`;
//! * `namespaces.rs`, and `namespaces/NID.rs` for each grammar of `namespaces/`: each
//!   namespace's grammar compiled the same way, capturing every rule that is not silent (the
//!   parts `urn-tag explain` shows), and a table of them by NID;
//! * with the `grammar-tools` feature, `peg/NAME.rs` for each small grammar of
//!   `tests/data/peg/`, which `tests/grammar/peg_compiler.rs` checks against pest.

#[path = "build/peg/mod.rs"]
mod peg;
// The keys and hash slots of NIDs, as the library computes them to read the tables.
#[path = "src/nid_hash.rs"]
mod nid_hash;

use nid_hash::{
    NAMESPACE_HASH_BITS, REGISTRY_HASH_BITS, namespace_slot, registry_slot, short_nid_key,
};

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

const SOURCE: &str = "data/iana-urn-namespaces.tsv";

/// The grammars of the crate, their entry rules, and the rules whose spans the crate reads.
const GRAMMARS: [(&str, &str, peg::Config<'static>); 2] = [
    (
        "urn.pest",
        "urn_recognizer.rs",
        peg::Config {
            entries: &["rfc8141", "rfc2141", "rfc2141bis"],
            captures: &[
                "NID",
                "rfc2141_NID",
                "rfc2141bis_NID",
                "r_component",
                "q_component",
                "f_component",
                "query",
                "fragment",
            ],
            // src/rejection/urn.rs explains a rejected URN from its failure report.
            reports: true,
            prefixes: &[],
        },
    ),
    (
        "tag.pest",
        "tag_recognizer.rs",
        peg::Config {
            entries: &["rfc4151", "erratum1485", "lenient"],
            captures: &[
                "emailAddress",
                "erratum1485_emailAddress",
                "DNSname",
                "opaqueAuthority",
                "date",
                "fragment",
            ],
            // src/rejection/tag.rs explains a rejected tag from its failure report.
            reports: true,
            prefixes: &[],
        },
    ),
];

/// The grammars of the URN namespaces, one per NID (`namespaces/uuid.pest`).
const NAMESPACE_GRAMMARS: &str = "namespaces";

/// The small grammars that test the compiler (present in the repository, not in the package).
const TEST_GRAMMARS: &str = "tests/data/peg";

fn main() {
    let out_dir = env::var("OUT_DIR").unwrap();
    let out_dir = Path::new(&out_dir);
    registry(out_dir);
    for (file, generated, config) in &GRAMMARS {
        compile_grammar(file, config, &out_dir.join(generated));
    }
    namespace_grammars(out_dir);
    if env::var_os("CARGO_FEATURE_GRAMMAR_TOOLS").is_some() && Path::new(TEST_GRAMMARS).is_dir() {
        test_grammars(&out_dir.join("peg"));
    }
}

/// Compiles the grammar file `file` into `dest`, or stops the build with the reason.
fn compile_grammar(file: &str, config: &peg::Config<'_>, dest: &Path) {
    println!("cargo::rerun-if-changed={file}");
    let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let name = Path::new(file).file_name().unwrap().to_str().unwrap();
    let source = peg::compile(name, &text, config).unwrap_or_else(|e| panic!("{file}: {e}"));
    fs::write(dest, source).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}

/// Compiles each grammar of `namespaces/` (entry rule: the NID, or `nid_` and the NID when it
/// starts with a digit; captures: every rule that is not silent) into `namespaces/NID.rs`,
/// and writes `namespaces.rs`: a module per namespace and the table `GRAMMARS`, sorted by NID.
fn namespace_grammars(out_dir: &Path) {
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
             }},\n        \
             parts: |nss| {entry}::{entry}(nss).map(|spans| parts(&spans.all())),\n    \
             }},"
        )
        .unwrap();
    }
    writeln!(
        index,
        "/// Every namespace grammar, sorted by NID.\n\
         pub(crate) static GRAMMARS: [Grammar; {}] = [\n{table}];\n\n\
         /// Every rule a failure can name (the entry rules and the rules that are not silent),\n\
         /// with the index of its grammar in `GRAMMARS`.\n\
         pub(crate) static RULES: [(usize, &str); {rule_count}] = [\n{rules}];",
        files.len()
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

/// Compiles each grammar of `tests/data/peg/` with the entries and captures its header names
/// (`// entries: a, b` and `// captures: c, d` lines), and with failure reports when it says
/// `// reports: yes`.
fn test_grammars(dest: &Path) {
    println!("cargo::rerun-if-changed={TEST_GRAMMARS}");
    fs::create_dir_all(dest).unwrap();
    let mut files: Vec<_> = fs::read_dir(TEST_GRAMMARS)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "pest"))
        .collect();
    files.sort();
    for path in files {
        let file = path.to_str().unwrap();
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let header = |key: &str| -> Vec<&str> {
            text.lines()
                .find_map(|line| line.strip_prefix(key))
                .map(|names| {
                    names
                        .split(',')
                        .map(str::trim)
                        .filter(|n| !n.is_empty())
                        .collect()
                })
                .unwrap_or_default()
        };
        let (entries, captures) = (header("// entries:"), header("// captures:"));
        assert!(!entries.is_empty(), "{file}: no `// entries:` line");
        let config = peg::Config {
            entries: &entries,
            captures: &captures,
            reports: header("// reports:") == ["yes"],
            prefixes: &[],
        };
        let stem = path.file_stem().unwrap().to_str().unwrap();
        compile_grammar(file, &config, &dest.join(format!("{stem}.rs")));
    }
    // The prefix matchers of `urn.pest`'s URN rules, each without the end of input: no
    // library code calls them, and the compiler's tests hold them to pest on a real grammar.
    let config = peg::Config {
        entries: &["rfc8141"],
        captures: &[],
        reports: false,
        prefixes: &["namestring", "rfc2141_URN", "rfc2141bis_URI"],
    };
    compile_grammar("urn.pest", &config, &dest.join("urn_prefixes.rs"));
}

/// Compiles the IANA registry snapshot into `registry.rs`.
fn registry(out_dir: &Path) {
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
