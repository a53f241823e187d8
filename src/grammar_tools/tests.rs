//! The module's work counted, where a doctest cannot see it: how much of a text reading looks
//! at, and how deep the repository's own grammars nest against the limits.

use std::borrow::ToOwned;
use std::num::NonZeroUsize;
use std::string::{String, ToString};
use std::sync::{Mutex, MutexGuard};
use std::vec::Vec;
use std::{format, vec};

use super::limits::nesting;
use super::{GrammarText, MAX_CALL_NESTING, MAX_NESTING};

/// pest's budget of rule calls is the process's ([`super::Runner::run`] sets it for each run),
/// so the tests that set it take turns.
fn serial() -> MutexGuard<'static, ()> {
    static PEST: Mutex<()> = Mutex::new(());
    PEST.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A flat grammar of `n` rules, `qI = { "xI" | ASCII_DIGIT+ }`, after the line `rfc8141 = {
/// q0 }`: 30 000 of them are a megabyte.
fn flat(n: usize) -> String {
    let mut text = String::from("rfc8141 = { q0 }\n");
    for i in 0..n {
        text.push_str(&format!("q{i} = {{ \"x{i}\" | ASCII_DIGIT+ }}\n"));
    }
    text
}

#[test]
fn reading_a_megabyte_of_rules_is_linear_work() {
    let _pest = serial();
    let text = flat(30_000);
    assert!(text.len() > 1_000_000, "{}", text.len());
    // pest's budget of calls counts the reader's work: at most 16 calls a byte.
    pest::set_call_limit(NonZeroUsize::new(16 * text.len()));
    let read = GrammarText::read(&text);
    pest::set_call_limit(None);
    let grammar = read.unwrap_or_else(|errors| panic!("{}", errors[0]));
    assert_eq!(grammar.rules.len(), 30_001);
    assert_eq!(grammar.rules[30_000].line, 30_001);
    // The lines of all the rules were numbered with one look at each byte before the last.
    assert!(grammar.line_work <= text.len(), "{}", grammar.line_work);
}

/// The repository's grammar files: `urn.pest`, `tag.pest` and `namespaces/*.pest`.
fn grammar_files() -> Vec<(String, String)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut paths = vec![format!("{root}/urn.pest"), format!("{root}/tag.pest")];
    let namespaces = std::fs::read_dir(format!("{root}/namespaces")).expect("namespaces/");
    for entry in namespaces {
        let path = entry.expect("a directory entry").path();
        if path
            .extension()
            .is_some_and(|extension| extension == "pest")
        {
            paths.push(path.to_string_lossy().into_owned());
        }
    }
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            (path, text)
        })
        .collect()
}

#[test]
fn the_shipped_grammars_nest_well_within_the_limits() {
    let files = grammar_files();
    assert!(files.len() > 80, "{}", files.len());
    for (path, text) in files {
        let (rule, calls) = nesting(&text);
        // namespaces/said.pest nests 90 levels: a code's length is a repetition `e{86}`, each
        // copy a level as pest_meta writes them out.
        assert!(rule <= MAX_NESTING * 3 / 4, "{path}: {rule}");
        assert!(calls <= MAX_CALL_NESTING / 4, "{path}: {calls}");
    }
}

/// An ABNF syntax error is one message: line and column of the fault, what is wrong there, the
/// line and a caret under the fault (nom's report lists every parser that failed, the outermost
/// at the start of the rule).
#[rstest::rstest]
#[case::rule_without_a_name(
    "= nothing",
    "line 1, column 1: a rule starts with its name, then = or =/, at the start of a line\n\
     = nothing\n\
     ^"
)]
#[case::bracket_closing_nothing(
    "a = \"x\"\nb = 1*DIGIT ]\n",
    "line 2, column 13: this bracket closes nothing\n\
     b = 1*DIGIT ]\n            ^"
)]
#[case::bracket_on_a_continuation_line(
    "a = x\n  / y )\n",
    "line 2, column 7: this bracket closes nothing\n  / y )\n      ^"
)]
#[case::quoted_string_not_closed(
    "a = \"x\nb = c\n",
    "line 1, column 5: this quoted string is not closed on its line\na = \"x\n    ^"
)]
#[case::group_not_closed(
    "a = \"x\"\nb = ( c / d\n    e\nc = \"y\"\n",
    "line 2, column 5: this group is not closed, or what it holds is not ABNF\nb = ( c / d\n    ^"
)]
#[case::name_with_a_space(
    "a = \"x\" \nbad rule = \"y\"\n",
    "line 2, column 5: a rule's name is followed by = or =/\nbad rule = \"y\"\n    ^"
)]
#[case::quoted_string_not_ascii(
    "a = \"\u{e9}\" ]\n",
    "line 1, column 5: a quoted string holds only printable ASCII characters, not '\u{e9}': \
     write others as %x\na = \"\u{e9}\" ]\n    ^"
)]
#[case::character_outside_abnf(
    "a = %x41 ; \u{e9}t\u{e9}\nb = \u{e9}\n",
    "line 2, column 5: '\u{e9}' cannot stand here\nb = \u{e9}\n    ^"
)]
fn abnf_syntax_errors_are_one_message_with_a_caret(#[case] text: &str, #[case] message: &str) {
    let error = super::abnf::Grammar::parse(text, &[]).unwrap_err();
    assert_eq!(error, format!("ABNF syntax error at {message}"));
}

/// Where an input leaves an ABNF rule's language: the first byte no string of the language has
/// after the bytes before it, what could have come there, and whether the input could have
/// ended there.
#[rstest::rstest]
#[case::a_byte_no_string_has("1.x", "byte 2 ('x'): expected '0'..'9'")]
#[case::an_input_stopping_short("1.", "byte 2 (the end): expected '0'..'9'")]
#[case::a_byte_after_a_complete_string(
    "12-",
    "byte 2 ('-'): expected '.', '0'..'9', ';' or the end"
)]
#[case::a_case_insensitive_literal("1.3;x=2", "byte 4 ('x'): expected 'V' or 'v'")]
#[case::the_first_byte("x", "byte 0 ('x'): expected '0'..'9'")]
#[case::a_byte_not_ascii("1\u{e9}", "byte 1 (%C3): expected '.', '0'..'9', ';' or the end")]
#[case::a_mismatch_in_a_later_repetition("1.3.6.01", "byte 7 ('1'): expected '.', ';' or the end")]
fn abnf_mismatch_names_the_first_byte_no_continuation_matches(
    #[case] input: &str,
    #[case] expected: &str,
) {
    let grammar = super::abnf::Grammar::parse(
        "oid = number *( \".\" number ) [ \";v=\" 1*DIGIT ]\nnumber = \"0\" / %x31-39 *DIGIT\n",
        &[],
    )
    .unwrap();
    let matcher = super::abnf::Matcher::new(&grammar, "oid").unwrap();
    let mismatch = matcher.mismatch(input).unwrap().expect("a mismatch");
    assert_eq!(mismatch.to_string(), expected);
    assert!(!matcher.accepts(input));
}

/// Every string the matcher accepts has no mismatch, and every one it refuses has one: the two
/// agree over mutations of generated strings.
#[test]
fn abnf_mismatch_agrees_with_membership() {
    let grammar = super::abnf::Grammar::parse(
        "nss = 1*( ALPHA / DIGIT ) *( \":\" 1*ALPHA ) [ \"#\" 2HEXDIG ]\n",
        &[],
    )
    .unwrap();
    let matcher = super::abnf::Matcher::new(&grammar, "nss").unwrap();
    let mut rng = super::abnf::Rng::new(7);
    let mut refused = 0;
    for _ in 0..500 {
        let Some(mut text) = grammar.generate("nss", 0, &mut rng, 40) else {
            continue;
        };
        if rng.below(2) == 0 && !text.is_empty() {
            let at = rng.below(text.len());
            text.replace_range(at..at + 1, [":", "#", "-", "a", "1"][rng.below(5)]);
        }
        let mismatch = matcher.mismatch(&text).unwrap();
        assert_eq!(
            mismatch.is_none(),
            matcher.accepts(&text),
            "{text:?}: {mismatch:?}"
        );
        // The Earley recognizer over the rules fails at the same byte, expecting the same.
        let failure = grammar.failure("nss", &text).unwrap();
        assert_eq!(
            failure.map(|failure| failure.mismatch),
            mismatch,
            "{text:?}"
        );
        if let Some(mismatch) = mismatch {
            refused += 1;
            // The bytes before the failing one are a prefix some string of the language has.
            assert!(mismatch.index <= text.len(), "{text:?}: {mismatch:?}");
        }
    }
    assert!(refused > 50, "{refused} refused");
}

/// The Earley recognizer and the automaton agree on strings with characters beyond ASCII too,
/// byte by byte: a `%x` range above U+007F is read as the bytes of its UTF-8 encodings, so a
/// string can fail inside a character, at a continuation byte, in both.
#[test]
fn abnf_failure_agrees_with_the_automaton_inside_utf8_characters() {
    let grammar = super::abnf::Grammar::parse(
        "word = 1*( %x61-7A / %xE0-FF / %x391-3A9 / %x4E00-4E0F / %x1F600-1F60F ) [ \"!\" ]\n",
        &[],
    )
    .unwrap();
    let matcher = super::abnf::Matcher::new(&grammar, "word").unwrap();
    let mut rng = super::abnf::Rng::new(11);
    let mut refused = 0;
    for _ in 0..500 {
        let Some(mut text) = grammar.generate("word", 0, &mut rng, 40) else {
            continue;
        };
        if rng.below(2) == 0 && !text.is_empty() {
            let at = (0..=rng.below(text.len()))
                .rev()
                .find(|&at| text.is_char_boundary(at))
                .unwrap_or(0);
            let end = (at + 1..=text.len())
                .find(|&end| text.is_char_boundary(end))
                .unwrap_or(text.len());
            let by = [
                "\u{df}",
                "\u{3a2}",
                "\u{4e10}",
                "\u{1f610}",
                "A",
                "!",
                "\u{3c9}",
            ];
            text.replace_range(at..end, by[rng.below(by.len())]);
        }
        let mismatch = matcher.mismatch(&text).unwrap();
        let failure = grammar.failure("word", &text).unwrap();
        assert_eq!(
            failure.map(|failure| failure.mismatch),
            mismatch,
            "{text:?}"
        );
        refused += usize::from(mismatch.is_some());
    }
    assert!(refused > 50, "{refused} refused");
}

/// Which rule an input fails in: the innermost rules reading at the failing byte (core rules
/// named as such), and the rules around them.
#[rstest::rstest]
#[case::a_rule_inside_a_repetition(
    "1.x",
    "byte 2 ('x'): in rule number (within oid): expected '0'..'9'"
)]
#[case::an_input_stopping_short_in_a_rule(
    "1.",
    "byte 2 (the end): in rule number (within oid): expected '0'..'9'"
)]
#[case::a_core_rule_inside_a_rule(
    "1;v=",
    "byte 4 (the end): in core rule DIGIT of rule version (within oid): expected '0'..'9'"
)]
#[case::the_rule_around_rules_that_failed_inside_it(
    "12-",
    "byte 2 ('-'): in rule oid: expected '.', '0'..'9', ';' or the end"
)]
#[case::a_case_insensitive_literal(
    "1.3;x=2",
    "byte 4 ('x'): in rule version (within oid): expected 'V' or 'v'"
)]
#[case::the_first_byte("x", "byte 0 ('x'): in rule number (within oid): expected '0'..'9'")]
#[case::only_the_end_expected(
    "0.0;v=1;",
    "byte 7 (';'): in core rule DIGIT of rule version (within oid): expected '0'..'9' or the end"
)]
#[case::after_a_complete_string("0x", "byte 1 ('x'): in rule oid: expected '.', ';' or the end")]
fn abnf_failure_names_the_rule_that_failed(#[case] input: &str, #[case] expected: &str) {
    let grammar = super::abnf::Grammar::parse(
        "oid = number *( \".\" number ) [ version ]\nnumber = \"0\" / %x31-39 *DIGIT\nversion = \";v=\" 1*DIGIT\n",
        &[],
    )
    .unwrap();
    let failure = grammar.failure("oid", input).unwrap().expect("a failure");
    assert_eq!(failure.to_string(), expected);
    let matcher = super::abnf::Matcher::new(&grammar, "oid").unwrap();
    assert_eq!(Some(failure.mismatch), matcher.mismatch(input).unwrap());
}

/// Rules side by side are named together; a grammar with several readings fails where its
/// earliest failing reading does, as the matcher says; a recursive rule, which has no regular
/// expression, is read too.
#[rstest::rstest]
#[case::rules_side_by_side(
    "a = b / c\nb = \"x\" \"y\"\nc = \"x\" %x30-39\n",
    "xw",
    "byte 1 ('w'): in rule b or c (within a): expected '0'..'9', 'Y' or 'y'"
)]
#[case::a_restated_rule_read_in_each_reading(
    "a = 1*DIGIT\na = 1*2%x30-35\n",
    "36",
    "byte 1 ('6'): in rule a: expected '0'..'5' or the end"
)]
#[case::a_recursive_rule(
    "a = \"(\" a \")\" / \"x\"\n",
    "((x)",
    "byte 4 (the end): in rule a: expected ')'"
)]
#[case::characters_beyond_ascii(
    "a = \"x\" b\nb = %xE9-EF\n",
    "x\u{f0}",
    "byte 2 (%B0): in rule b (within a): expected %A9..%AF"
)]
fn abnf_failure_reads_every_grammar_as_the_matcher(
    #[case] text: &str,
    #[case] input: &str,
    #[case] expected: &str,
) {
    let grammar = super::abnf::Grammar::parse(text, &["a"]).unwrap();
    let failure = grammar.failure("a", input).unwrap().expect("a failure");
    assert_eq!(failure.to_string(), expected);
    if let Ok(matcher) = super::abnf::Matcher::new(&grammar, "a") {
        assert_eq!(Some(failure.mismatch), matcher.mismatch(input).unwrap());
    }
}

/// The recognizer's work is bounded: a grammar that flattens into too many symbols, too many
/// items at one byte, or too many over the input is refused with the reason, not run.
#[rstest::rstest]
#[case::too_many_symbols(
    String::from("a = 1*60000\"x\"\n"),
    "y",
    "cannot tell which rule fails: rule a flattens into more than 100000 symbols (a repetition's count is too large)"
)]
#[case::too_many_items_at_one_byte(
    format!("a = \"x\"{}\n", " / \"x\"".repeat(25_000)),
    "y",
    "cannot tell which rule fails: reading byte 0 takes more than 20000 Earley items"
)]
#[case::too_many_items_over_the_input(
    format!("a = *b\nb = \"x\"{}\n", " / \"x\"".repeat(5_000)),
    &format!("{}!", "x".repeat(100)),
    "cannot tell which rule fails: reading the input takes more than 400000 Earley items"
)]
fn abnf_failure_refuses_work_past_its_bounds(
    #[case] text: String,
    #[case] input: &str,
    #[case] error: &str,
) {
    let grammar = super::abnf::Grammar::parse(&text, &[]).unwrap();
    assert_eq!(grammar.failure("a", input).unwrap_err(), error);
}

/// A rule the recognizer cannot read is an error that says why, as the matcher's.
#[rstest::rstest]
#[case::a_prose_value(
    "a = <a thing>\n",
    "prose value <a thing> cannot be compiled: write it as ABNF"
)]
#[case::an_undefined_rule("a = b\n", "rule b is used but not defined")]
#[case::a_repetition_of_no_count(
    "a = 3*2\"x\"\n",
    "the repetition 3*2 in rule a allows no count: its least is more than its most"
)]
#[case::a_value_that_is_no_character("a = %xD800\n", "%xD800 is not a character")]
fn abnf_failure_refuses_what_it_cannot_read(#[case] text: &str, #[case] error: &str) {
    let grammar = super::abnf::Grammar::parse(text, &[]).unwrap();
    assert_eq!(grammar.failure("a", "x").unwrap_err(), error);
}

/// The strings drawn from the shipped RFC 8141 grammar are URNs the library accepts, and its
/// near misses are judged by the grammar as the library judges them: the drawing proposes,
/// the grammar decides, and the grammar is the library's.
#[test]
fn examples_drawn_from_rfc8141_are_judged_as_the_library_judges_them() {
    let _pest = serial();
    let runner = super::Compiled::new(include_str!("../../urn.pest"))
        .unwrap()
        .runner("rfc8141")
        .unwrap();
    let examples = runner.examples(7, 12);
    assert_eq!(examples.valid.len(), 12, "{examples:?}");
    for text in &examples.valid {
        assert!(crate::Urn::parse(text).is_ok(), "{text:?}");
    }
    assert_eq!(examples.near_misses.len(), 12, "{examples:?}");
    assert!(
        examples.near_misses.iter().any(|(_, valid)| !valid),
        "{examples:?}"
    );
    for (text, valid) in &examples.near_misses {
        assert_eq!(crate::Urn::parse(text).is_ok(), *valid, "{text:?}");
    }
    // The same seed draws the same strings.
    assert_eq!(runner.examples(7, 12), examples);
}

/// The shape of a railroad diagram's SVG, for reading in a test: each group of nodes as its
/// class (and its `data-kind`) with what it holds in parentheses, a link as `#name(...)`, a
/// text in brackets; the drawing itself (paths, boxes, places) left out.
fn shape(svg: &str) -> String {
    let attribute = |tag: &str, name: &str| {
        let start = tag.find(&format!("{name}=\""))? + name.len() + 2;
        Some(tag[start..].split('"').next()?.to_owned())
    };
    let mut out = String::new();
    for piece in svg.split('<').skip(1) {
        let (tag, text) = piece.split_once('>').unwrap_or((piece, ""));
        if tag.starts_with("g ") {
            out.push_str(&attribute(tag, "class").unwrap_or_default());
            if let Some(kind) = attribute(tag, "data-kind") {
                out.push_str(&format!("{{{kind}}}"));
            }
            out.push('(');
        } else if tag.starts_with("a ") {
            out.push_str(&attribute(tag, "xlink:href").unwrap_or_default());
            out.push('(');
        } else if tag == "/g" || tag == "/a" {
            out.push_str(") ");
        } else if tag.starts_with("text") {
            let text = text
                .trim()
                .replace("&quot;", "\"")
                .replace("&#x27;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
            out.push_str(&format!("[{text}] "));
        }
    }
    out.replace(" )", ")").trim_end().to_owned()
}

/// The shape ([`shape`]) of the diagram of the first rule of `text`.
#[track_caller]
fn abnf_shape(text: &str) -> String {
    let outline = super::abnf::Outline::read(text).unwrap_or_else(|error| panic!("{error}"));
    shape(&outline.draw(0).expect("a first rule"))
}

#[rstest::rstest]
#[case::concatenation(
    "a = \"x\" \"y\"\n",
    "sequence(sequence(terminal([\"x\", any case]) terminal([\"y\", any case])))"
)]
#[case::alternation(
    "a = \"x\" / \"y\" / b\nb = \"z\"\n",
    "sequence(choice(terminal([\"x\", any case]) terminal([\"y\", any case]) #b(nonterminal{rule}([b]))))"
)]
#[case::group(
    "a = ( \"x\" / \"y\" ) \"z\"\n",
    "sequence(sequence(choice(terminal([\"x\", any case]) terminal([\"y\", any case])) terminal([\"z\", any case])))"
)]
#[case::option("a = [ \"x\" ]\n", "sequence(optional(terminal([\"x\", any case])))")]
#[case::repetition_any_number(
    "a = *\"x\"\n",
    "sequence(optional(repeat([*] terminal([\"x\", any case]))))"
)]
#[case::repetition_at_least_one(
    "a = 1*\"x\"\n",
    "sequence(repeat([1*] terminal([\"x\", any case])))"
)]
#[case::repetition_bounded(
    "a = 2*4\"x\"\n",
    "sequence(repeat([2*4] terminal([\"x\", any case])))"
)]
#[case::repetition_at_most(
    "a = *4\"x\"\n",
    "sequence(optional(repeat([*4] terminal([\"x\", any case]))))"
)]
#[case::repetition_exact(
    "a = 3\"x\"\n",
    "sequence(repeat([3 times] terminal([\"x\", any case])))"
)]
#[case::repetition_at_most_one("a = *1\"x\"\n", "sequence(optional(terminal([\"x\", any case])))")]
#[case::repetition_once("a = 1\"x\"\n", "sequence(terminal([\"x\", any case]))")]
#[case::rule_reference("a = b\nb = \"x\"\n", "sequence(#b(nonterminal{rule}([b])))")]
#[case::rule_reference_in_another_case(
    "a = B\nb = \"x\"\n",
    "sequence(#b(nonterminal{rule}([B])))"
)]
#[case::core_rule("a = DIGIT\n", "sequence(nonterminal{core}([DIGIT]))")]
#[case::core_rule_the_text_defines(
    "a = DIGIT\nDIGIT = \"0\"\n",
    "sequence(#DIGIT(nonterminal{rule}([DIGIT])))"
)]
#[case::undefined_rule("a = b\n", "sequence(nonterminal{undefined}([b]))")]
#[case::char_val_case_insensitive("a = \"urn\"\n", "sequence(terminal([\"urn\", any case]))")]
#[case::char_val_case_sensitive("a = %s\"urn\"\n", "sequence(terminal([%s\"urn\"]))")]
#[case::char_val_without_letters("a = \"-\"\n", "sequence(terminal([\"-\"]))")]
#[case::hex_range_printable("a = %x30-39\n", "sequence(terminal([%x30-39 '0'..'9']))")]
#[case::hex_range_beyond_ascii("a = %x80-10FFFF\n", "sequence(terminal([%x80-10FFFF]))")]
#[case::hex_value("a = %x2F\n", "sequence(terminal([%x2F \"/\"]))")]
#[case::hex_concatenation("a = %x75.72.6E\n", "sequence(terminal([%x75.72.6E \"urn\"]))")]
#[case::hex_space("a = %x20\n", "sequence(terminal([%x20]))")]
#[case::decimal_value("a = %d47\n", "sequence(terminal([%x2F \"/\"]))")]
#[case::prose("a = <an ISBN>\n", "sequence([<an ISBN>])")]
fn abnf_diagram_shapes(#[case] text: &str, #[case] expected: &str) {
    assert_eq!(abnf_shape(text), expected);
}

#[test]
fn abnf_outline_spans_continuation_lines_but_not_comments_or_blank_lines() {
    let text = "; a comment\r\nnss = part\r\n      *( \":\" part ) ; more\r\n\r\npart = 1*DIGIT\n\n  \npart =/ \"x\"\n";
    let outline = super::abnf::Outline::read(text).unwrap_or_else(|error| panic!("{error}"));
    let rules: Vec<(&str, bool, usize, usize, &str)> = outline
        .rules()
        .iter()
        .map(|rule| {
            let written = &text[rule.span.clone()];
            (
                rule.name.as_str(),
                rule.incremental,
                rule.line,
                rule.last_line,
                written,
            )
        })
        .collect();
    assert_eq!(
        rules,
        [
            (
                "nss",
                false,
                2,
                3,
                "nss = part\r\n      *( \":\" part ) ; more"
            ),
            ("part", false, 5, 5, "part = 1*DIGIT"),
            ("part", true, 8, 8, "part =/ \"x\""),
        ]
    );
    assert_eq!(
        shape(&outline.draw(2).expect("a third definition")),
        "sequence(terminal([\"x\", any case]))"
    );
}

#[test]
fn abnf_outline_draws_groups_nested_as_deep_as_the_limit() {
    use super::abnf::{MAX_NESTING, Outline};
    let nested = |depth: usize| format!("a = {}\"x\"{}\n", "(".repeat(depth), ")".repeat(depth));
    let outline = Outline::read(&nested(MAX_NESTING)).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(
        abnf_shape(&nested(MAX_NESTING)),
        "sequence(terminal([\"x\", any case]))"
    );
    let options = format!(
        "a = {}\"x\"{}\n",
        "[".repeat(MAX_NESTING),
        "]".repeat(MAX_NESTING)
    );
    let svg = Outline::read(&options)
        .unwrap_or_else(|error| panic!("{error}"))
        .draw(0)
        .expect("a first rule");
    assert_eq!(svg.matches("class=\"optional\"").count(), MAX_NESTING);
    assert!(outline.draw(0).is_some());
    assert_eq!(
        Outline::read(&nested(MAX_NESTING + 1)).unwrap_err(),
        "ABNF: groups and options nest more than 64 deep at line 1, column 69"
    );
}

#[test]
fn abnf_outline_refuses_a_text_too_long_to_draw() {
    use super::abnf::{MAX_OUTLINED_TEXT, Outline};
    let text = "a = \"x\"\n".repeat(MAX_OUTLINED_TEXT / 8 + 1);
    assert_eq!(
        Outline::read(&text).unwrap_err(),
        "ABNF: the text is 129 KiB long; its rules are drawn for a text of at most 128 KiB"
    );
    let fits = "a = \"x\"\n".repeat(MAX_OUTLINED_TEXT / 8);
    assert!(Outline::read(&fits).is_ok());
}

#[test]
fn abnf_outline_reports_a_syntax_error_as_the_registration_check_does() {
    let text = "a = \"x\"\nb = 1*DIGIT ]\n";
    assert_eq!(
        super::abnf::Outline::read(text).unwrap_err(),
        super::abnf::Grammar::parse(text, &[]).unwrap_err()
    );
}

/// The events of a run nest as calls do: each rule entered is matched or failed at the same
/// depth before its caller is, a match spans from where the rule was entered, a failure
/// backtracks there; and the run's trace is the one [`super::Runner::trace`] gives.
#[test]
fn the_events_of_a_failing_run_nest_and_end_where_its_trace_does() {
    use super::StepKind;
    let _pest = serial();
    let runner = super::Compiled::new(include_str!("../../urn.pest"))
        .unwrap()
        .runner("rfc8141")
        .unwrap();
    let line = "urn:example:a%2x";
    let steps = runner.steps(line);
    assert_eq!(steps.total, steps.events.len());
    assert!(steps.events.len() > 20, "{}", steps.events.len());
    let mut open: Vec<(&str, usize)> = Vec::new();
    let mut furthest = 0;
    for event in &steps.events {
        match event.kind {
            StepKind::Entered => {
                assert_eq!(event.start, event.at, "{event:?}");
                open.push((&event.rule, event.start));
                assert_eq!(event.depth, open.len(), "{event:?}");
            }
            StepKind::Matched | StepKind::Failed => {
                assert_eq!(event.depth, open.len(), "{event:?}");
                assert_eq!(open.pop(), Some((event.rule.as_str(), event.start)));
                if event.kind == StepKind::Failed {
                    assert_eq!(event.at, event.start, "{event:?}");
                }
                assert!(
                    event.start <= event.at && event.at <= line.len(),
                    "{event:?}"
                );
            }
        }
        furthest = furthest.max(event.at);
    }
    assert!(open.is_empty(), "{open:?}");
    let first = &steps.events[0];
    let last = &steps.events[steps.events.len() - 1];
    assert_eq!(
        (first.kind, first.rule.as_str()),
        (StepKind::Entered, "rfc8141")
    );
    assert_eq!(
        (last.kind, last.rule.as_str()),
        (StepKind::Failed, "rfc8141")
    );
    let trace = steps.trace.expect("the line fails");
    assert_eq!(Some(&trace), runner.trace(line).as_ref());
    // The byte the library's error names; no rule's event got past it.
    let error = crate::Urn::parse(line).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid percent-encoding in NSS at byte 15"
    );
    assert_eq!(trace.index, error.index());
    assert!(furthest <= trace.index, "{furthest}");
}

/// A run of more than [`super::MAX_STEPS`] events keeps the first ones and counts them all.
#[test]
fn a_long_run_keeps_the_first_events_and_counts_the_rest() {
    use super::{MAX_STEPS, StepKind};
    let _pest = serial();
    let runner = super::Compiled::new("r = { x* ~ \"!\" }\nx = { \"a\" }")
        .unwrap()
        .runner("r")
        .unwrap();
    let steps = runner.steps(&"a".repeat(6_000));
    assert_eq!(steps.events.len(), MAX_STEPS);
    // r entered, each `a` an x entered and matched, one more x entered and failed, r failed.
    assert_eq!(steps.total, 1 + 2 * 6_000 + 2 + 1);
    let last = &steps.events[MAX_STEPS - 1];
    assert_eq!((last.kind, last.rule.as_str()), (StepKind::Entered, "x"));
    assert_eq!((last.start, last.at), (2_499, 2_499));
    assert_eq!(steps.trace.map(|trace| trace.index), Some(6_000));
    // A run that matches has its events and no trace.
    let matched = runner.steps("aa!");
    assert_eq!(matched.total, 1 + 2 * 2 + 2 + 1);
    assert_eq!(matched.events[matched.total - 1].kind, StepKind::Matched);
    assert_eq!(matched.trace, None);
}

/// Whether the library accepts `nss` as the NSS of an ISBN URN: RFC 8141, the isbn grammar
/// and the checks it leaves to Rust (the check digit, the hyphens).
#[track_caller]
fn library_accepts_isbn(nss: &str) -> bool {
    crate::Urn::parse(&format!("urn:isbn:{nss}")).is_ok_and(|urn| {
        matches!(
            urn.check_namespace(),
            crate::namespace::NamespaceCheck::Valid(_)
        )
    })
}

/// The isbn grammar leaves the check digit to Rust, so most strings it matches are refused by
/// the library: drawn with the library's check as the filter, every valid string is one the
/// library accepts, the list is full, and the counts say how many the check refused.
#[test]
fn examples_drawn_from_isbn_with_the_library_check_are_all_accepted_by_it() {
    let _pest = serial();
    let runner = super::Compiled::new(include_str!("../../namespaces/isbn.pest"))
        .unwrap()
        .runner("isbn")
        .unwrap();
    // Unfiltered, the grammar's strings are mostly refused by the library.
    let unfiltered = runner.examples(5, 8);
    assert_eq!(unfiltered.valid.len(), 8, "{unfiltered:?}");
    let refused = unfiltered
        .valid
        .iter()
        .filter(|nss| !library_accepts_isbn(nss))
        .count();
    assert!(refused >= 4, "{unfiltered:?}");
    let kept = runner.examples_kept(5, 8, library_accepts_isbn);
    assert_eq!(kept.valid.len(), 8, "{kept:?}");
    for nss in &kept.valid {
        assert!(library_accepts_isbn(nss), "{nss:?}");
        assert!(runner.matches(nss), "{nss:?}");
    }
    assert!(kept.refused > 8, "{kept:?}");
    assert_eq!(kept.matched, kept.refused + 8, "{kept:?}");
    for (nss, valid) in &kept.near_misses {
        assert_eq!(runner.matches(nss), *valid, "{nss:?}");
    }
    // The same seed draws the same strings.
    assert_eq!(runner.examples_kept(5, 8, library_accepts_isbn), kept);
}
