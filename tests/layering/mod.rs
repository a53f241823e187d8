//! The library's modules are layered as src/lib.rs declares them: bottom-up, in groups
//! separated by a blank line, each group importing only from the groups above it. A module
//! that imports from its own group or from one below would make the order a lie, or a cycle.
//!
//! An import is a path `crate::module` (or a name the crate root re-exports from `module`) in
//! the code of a module's files, its tests left out: a unit test may use the crate's higher
//! layers to build what it checks.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use regex::Regex;

/// The crate's modules by group, in the order src/lib.rs declares them.
fn groups(lib: &str) -> Vec<Vec<String>> {
    let declaration = Regex::new(r"^(?:pub(?:\(crate\))? )?mod ([a-z_]+);$").expect("regex");
    let mut groups: Vec<Vec<String>> = vec![Vec::new()];
    for line in lib.lines() {
        if line.trim().is_empty() {
            if !groups.last().expect("a group").is_empty() {
                groups.push(Vec::new());
            }
        } else if let Some(found) = declaration.captures(line) {
            groups
                .last_mut()
                .expect("a group")
                .push(found[1].to_owned());
        }
    }
    groups.retain(|group| !group.is_empty());
    groups
}

/// The names src/lib.rs re-exports at the crate root, with the module each comes from.
fn root_names(lib: &str) -> HashMap<String, String> {
    let export = Regex::new(r"(?s)pub use ([a-z_]+)::(\{[^}]*\}|[A-Za-z_]+);").expect("regex");
    let mut names = HashMap::new();
    for found in export.captures_iter(lib) {
        for name in found[2].trim_matches(|c| c == '{' || c == '}').split(',') {
            names.insert(name.trim().to_owned(), found[1].to_owned());
        }
    }
    names
}

/// The files of module `name`: `src/name.rs`, or every file under `src/name/`; unit tests
/// (`tests.rs` files) left out.
fn files_of(name: &str) -> Vec<PathBuf> {
    let file = PathBuf::from(format!("src/{name}.rs"));
    if file.is_file() {
        return vec![file];
    }
    let mut files = Vec::new();
    let mut pending = vec![PathBuf::from(format!("src/{name}"))];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && path.file_name().is_some_and(|n| n != "tests.rs")
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The code of `file` without its comments and without the test module it ends with.
fn code_of(file: &Path) -> String {
    let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(tests) => &text[..tests],
        None => &text,
    };
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn no_module_imports_from_its_own_layer_or_one_below() {
    let lib = fs::read_to_string("src/lib.rs").expect("src/lib.rs");
    let groups = groups(&lib);
    assert!(
        groups.len() >= 5,
        "src/lib.rs declares its modules in groups: {groups:?}"
    );
    let layer: HashMap<&str, usize> = groups
        .iter()
        .enumerate()
        .flat_map(|(index, group)| group.iter().map(move |name| (name.as_str(), index)))
        .collect();
    let root_names = root_names(&lib);
    let path = Regex::new(r"crate::(\{[^}]*\}|[A-Za-z_]+)").expect("regex");
    let mut upward = Vec::new();
    for (name, &own) in &layer {
        for file in files_of(name) {
            for found in path.captures_iter(&code_of(&file)) {
                for item in found[1].trim_matches(|c| c == '{' || c == '}').split(',') {
                    let item = item.trim().split("::").next().unwrap_or_default();
                    let module = root_names.get(item).map_or(item, String::as_str);
                    if let Some(&their) = layer.get(module)
                        && module != *name
                        && their >= own
                    {
                        upward.push(format!("{} imports {module}", file.display()));
                    }
                }
            }
        }
    }
    upward.sort();
    assert!(
        upward.is_empty(),
        "imports from the same layer or a higher one (src/lib.rs):\n{}",
        upward.join("\n")
    );
}

/// The check sees what it looks for: a module of the top layer imports from the layers below.
#[test]
fn the_layers_are_read_from_src_lib_rs() {
    let lib = fs::read_to_string("src/lib.rs").expect("src/lib.rs");
    let groups = groups(&lib);
    let position = |name: &str| {
        groups
            .iter()
            .position(|group| group.iter().any(|m| m == name))
    };
    assert!(position("dns") < position("namespace"));
    assert!(position("namespace") < position("urn"));
    assert!(position("urn") < position("find"));
    assert_eq!(root_names(&lib).get("Urn").map(String::as_str), Some("urn"));
    assert!(code_of(Path::new("src/identifier.rs")).contains("crate::urn"));
}
