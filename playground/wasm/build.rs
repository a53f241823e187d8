//! Embeds the repository's grammar files: `urn.pest`, `tag.pest` and every
//! `namespaces/*.pest`, listed here from the directory so that a new namespace grammar needs
//! no second list. The page then holds the very texts the library was compiled from.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().expect("the repository root");
    let mut files: Vec<String> = vec!["urn.pest".into(), "tag.pest".into()];
    let mut namespaces: Vec<String> = std::fs::read_dir(root.join("namespaces"))
        .expect("the namespaces/ directory")
        .map(|entry| entry.expect("a directory entry").file_name())
        .filter_map(|name| name.into_string().ok())
        .filter(|name| name.ends_with(".pest"))
        .map(|name| format!("namespaces/{name}"))
        .collect();
    namespaces.sort();
    files.extend(namespaces);
    let mut code =
        String::from("/// Every grammar file: its path from the repository root, and its text.\n");
    code.push_str("pub const GRAMMAR_FILES: &[(&str, &str)] = &[\n");
    for file in &files {
        let path = root.join(file);
        println!("cargo::rerun-if-changed={}", path.display());
        writeln!(
            code,
            "    ({file:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("write to String");
    }
    code.push_str("];\n");
    println!(
        "cargo::rerun-if-changed={}",
        root.join("namespaces").display()
    );
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("grammar_files.rs");
    std::fs::write(out, code).expect("write grammar_files.rs");
}
