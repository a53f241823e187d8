//! The README's (and docs/cli.md's) command-line examples are what the tool prints: each
//! `$ urn-tag ...` line of the first `console` block of "Command line" is run, and its standard
//! output compared with the lines that follow it.
#![cfg(feature = "cli")]

use crate::common;

/// One example: the arguments after `urn-tag`, its standard input, and what it prints.
#[derive(Debug)]
struct Example {
    command: String,
    args: Vec<String>,
    stdin: String,
    stdout: String,
}

/// The words of a shell command line that quotes with `'` only, as the README's do.
#[track_caller]
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let (mut word, mut quoted, mut started) = (String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, started) = (!quoted, true),
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    assert!(!quoted, "unbalanced quote in {line:?}");
    if started {
        words.push(word);
    }
    words
}

/// The examples of the README's first `console` block after `heading`.
fn examples(readme: &str, heading: &str) -> Vec<Example> {
    let section = &readme[readme.find(heading).expect("the heading")..];
    let block = section
        .split_once("```console\n")
        .and_then(|(_, rest)| rest.split_once("\n```"))
        .map(|(block, _)| block)
        .expect("a console block");
    let mut examples: Vec<Example> = Vec::new();
    for line in block.lines() {
        let Some(command) = line.strip_prefix("$ ") else {
            let example = examples.last_mut().expect("a command before its output");
            example.stdout += line;
            example.stdout += "\n";
            continue;
        };
        // `echo 'TEXT' | urn-tag ...`: TEXT and a line feed on standard input.
        let (stdin, invocation) = match command.split_once(" | ") {
            Some((echo, invocation)) => {
                let echoed = words(echo);
                assert_eq!(echoed.len(), 2, "echo with one argument: {command:?}");
                (format!("{}\n", echoed[1]), invocation)
            }
            None => (String::new(), command),
        };
        let mut args = words(invocation);
        assert_eq!(args.remove(0), "urn-tag", "{command:?}");
        examples.push(Example {
            command: command.to_owned(),
            args,
            stdin,
            stdout: String::new(),
        });
    }
    examples
}

#[test]
fn shell_words_follow_single_quotes() {
    assert_eq!(
        words("urn-tag eq a 'b c' '' d'e'"),
        ["urn-tag", "eq", "a", "b c", "", "de"]
    );
}

#[test]
fn readme_command_line_examples_are_the_output() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let examples = examples(&readme, "## Command line");
    // The block shows check, explain, eq, normalize, find and mint-tag, and --namespaces.
    assert!(examples.len() >= 10, "{examples:#?}");
    assert!(
        examples
            .iter()
            .any(|example| example.args.iter().any(|arg| arg == "--namespaces")),
        "an example of --namespaces"
    );
    for example in examples {
        let args: Vec<&str> = example.args.iter().map(String::as_str).collect();
        let output = common::run_cli(&args, example.stdin.as_bytes());
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            example.stdout,
            "$ {}",
            example.command
        );
        assert_ne!(output.status.code(), Some(2), "$ {}", example.command);
    }
}

/// docs/cli.md's examples are what the tool prints, as the README's are.
#[test]
fn cli_doc_examples_are_the_output() {
    assert_examples_are_the_output("docs/cli.md", "## Tokens in `find`");
}

/// docs/cli.md's examples of `grammar try --explain` and `--steps` are what the tool prints.
#[cfg(feature = "grammar-tools")]
#[test]
fn cli_doc_grammar_examples_are_the_output() {
    assert_examples_are_the_output("docs/cli.md", "## Why a grammar rule fails");
}

/// Runs the examples of the first `console` block after `heading` in the file `path` (from the
/// repository root, the directory the examples run in) and compares what they print.
#[track_caller]
fn assert_examples_are_the_output(path: &str, heading: &str) {
    let doc = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .expect("the document");
    let examples = examples(&doc, heading);
    assert!(!examples.is_empty());
    for example in examples {
        let args: Vec<&str> = example.args.iter().map(String::as_str).collect();
        let output = common::run_cli(&args, example.stdin.as_bytes());
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            example.stdout,
            "$ {}",
            example.command
        );
    }
}

/// The heading of docs/cli.md's last section, which gives every command's `--help` as the tool
/// prints it.
const HELP_SECTION: &str = "## Every command's `--help`\n";

/// The commands that a `--help` text lists under "Commands:", but `help`.
fn subcommands(help: &str) -> Vec<&str> {
    help.lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|command| *command != "help")
        .collect()
}

/// `urn-tag ARGS --help` under a heading, as printed but for the white space that ends its
/// lines, then the same for each of its subcommands.
#[track_caller]
fn write_help(args: &[&str], doc: &mut String) {
    let invocation = [args, &["--help"]].concat();
    let output = common::run_cli(&invocation, b"");
    assert!(output.status.success(), "urn-tag {invocation:?}");
    let help = String::from_utf8(output.stdout).expect("UTF-8 help");
    doc.push_str(&format!(
        "\n### `urn-tag {}`\n\n```text\n",
        invocation.join(" ")
    ));
    for line in help.lines() {
        doc.push_str(line.trim_end());
        doc.push('\n');
    }
    doc.push_str("```\n");
    for command in subcommands(&help) {
        write_help(&[args, &[command]].concat(), doc);
    }
}

/// docs/cli.md gives the `--help` of the tool and of each of its commands exactly as the tool
/// prints it, so the reference cannot drift from the tool: a new command, option or changed
/// word fails here. `URN_TAG_BLESS=1` writes the section anew from the tool.
#[cfg(feature = "grammar-tools")]
#[test]
fn cli_doc_gives_every_help_as_printed() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md");
    let doc = std::fs::read_to_string(path).expect("docs/cli.md");
    let (before, given) = doc.split_once(HELP_SECTION).expect("the --help section");
    let mut printed = String::from(
        "\nAs the tool prints them (built with the `grammar-tools` feature, which adds the \
         `grammar` commands). A test holds this section to the tool.\n",
    );
    write_help(&[], &mut printed);
    if std::env::var_os("URN_TAG_BLESS").is_some() {
        std::fs::write(path, format!("{before}{HELP_SECTION}{printed}")).expect("written");
        return;
    }
    let first_difference = given
        .lines()
        .zip(printed.lines())
        .position(|(given, printed)| given != printed)
        .unwrap_or(given.lines().count().min(printed.lines().count()));
    assert!(
        given == printed,
        "docs/cli.md differs from the tool's help from line {} of its --help section on \
         ({:?}, printed {:?}); write it anew with URN_TAG_BLESS=1 cargo test --all-features \
         --test integration cli::readme",
        first_difference + 1,
        given.lines().nth(first_difference),
        printed.lines().nth(first_difference),
    );
}

/// The README stays an overview that fits a screen's scroll: the references it links to hold
/// the details (docs/cli.md, docs/spec-compliance.md, each package's README, BENCHMARKS.md).
#[test]
fn readme_is_an_overview_of_at_most_350_lines() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let lines = readme.lines().count();
    assert!(lines <= 350, "README.md has {lines} lines");
}
