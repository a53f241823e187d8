//! The module's answers, natively: the same functions the page calls, on the host.

use std::sync::{Mutex, MutexGuard};

use super::*;
use crate::registration::{abnf_outline, check_registration};

/// pest's budget of rule calls is the process's (`Runner::run` sets it for each run),
/// so the tests take turns: a test that reads a large grammar while another runs one would
/// find that run's budget in force.
fn serial() -> MutexGuard<'static, ()> {
    static PEST: Mutex<()> = Mutex::new(());
    PEST.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[test]
fn the_menu_names_only_embedded_grammar_files_and_their_rules() {
    let _pest = serial();
    for entry in menu() {
        let source = grammar_text(entry.file);
        assert!(!source.is_empty(), "{} is not embedded", entry.file);
        assert_eq!(
            Grammar::new(source, &entry.id).error(),
            None,
            "{}",
            entry.id
        );
    }
    assert_eq!(menu().len(), 6 + Namespace::all().count());
}

#[test]
fn check_gives_the_library_message_and_byte() {
    let _pest = serial();
    assert_eq!(
        check("urn-rfc8141", "urn:example:a%zz"),
        r#"{"valid":false,"error":{"message":"invalid percent-encoding in NSS at byte 14","index":14,"kind":"invalid_percent_encoding","part":"nss"},"namespace":null,"equivalence_key":null,"nss":null}"#
    );
    assert_eq!(
        check("urn-rfc8141", "URN:EXAMPLE:a?+r#f"),
        r#"{"valid":true,"error":null,"namespace":{"status":"valid","nid":"example","message":null,"index":null},"equivalence_key":"urn:example:a","nss":[12,13]}"#
    );
    assert_eq!(
        check("tag-rfc4151", "tag:example.com,1900-02-29:x"),
        r#"{"valid":false,"error":{"message":"day 29 does not exist in 1900-02 at byte 24","index":24,"kind":"day_out_of_range","part":"date"},"namespace":null,"equivalence_key":null,"nss":null}"#
    );
}

#[test]
fn check_under_a_namespace_grammar_reports_the_namespace_rule() {
    let _pest = serial();
    let verdict = check("ns-uuid", "urn:uuid:12345");
    assert!(
        verdict.starts_with(
            r#"{"valid":false,"error":{"message":"NSS breaks rule uuid_time_low of namespace uuid (namespaces/uuid.pest) at byte 14","index":14,"kind":"namespace","part":"nss"}"#
        ),
        "{verdict}"
    );
    let verdict = check("ns-uuid", "urn:isbn:0451450523");
    assert!(
        verdict.contains(
            r#""message":"NID \"isbn\" is not \"uuid\", the namespace of this grammar, at byte 4""#
        ),
        "{verdict}"
    );
    assert!(
        check("ns-uuid", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
            .starts_with(r#"{"valid":true"#)
    );
}

#[test]
fn an_unknown_grammar_is_an_error_record_not_a_panic() {
    let _pest = serial();
    assert!(check("nope", "x").contains(r#""message":"no grammar \"nope\" in the menu""#));
}

/// A grammar text read for one rule, run on whole lines.
fn grammar(source: &str, rule: &str) -> Grammar {
    Grammar::with_rule(source, rule, Scope::Line)
}

#[test]
fn tree_gives_the_parse_tree_with_byte_spans() {
    let _pest = serial();
    let grammar = Grammar::new(grammar_text("urn.pest"), "urn-rfc8141");
    assert_eq!(
        grammar.tree("urn:ex:a?+r"),
        r#"{"status":"match","end":11,"index":null,"message":null,"tree":[{"rule":"rfc8141","start":0,"end":11,"depth":1},{"rule":"namestring","start":0,"end":11,"depth":2},{"rule":"NID","start":4,"end":6,"depth":3},{"rule":"NSS","start":7,"end":8,"depth":3},{"rule":"r_component","start":10,"end":11,"depth":3},{"rule":"EOI","start":11,"end":11,"depth":2}]}"#
    );
    assert_eq!(
        grammar.run("urn:ex:a?b"),
        r#"{"status":"no match","end":null,"index":8,"message":"expected EOI at byte 8","tree":[]}"#
    );
}

#[test]
fn a_namespace_grammar_runs_on_the_nss_and_counts_bytes_of_the_line() {
    let _pest = serial();
    let grammar = Grammar::new(grammar_text("namespaces/uuid.pest"), "ns-uuid");
    let tree = grammar.tree("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
    assert!(
        tree.starts_with(
            r#"{"status":"match","end":45,"index":null,"message":null,"tree":[{"rule":"uuid","start":9,"end":45,"depth":1}"#
        ),
        "{tree}"
    );
    assert_eq!(
        grammar.run("urn:uuid:12345"),
        r#"{"status":"no match","end":null,"index":9,"message":"expected uuid_time_low at byte 9","tree":[]}"#
    );
    assert_eq!(
        grammar.run("urn:isbn:0451450523"),
        r#"{"status":"not run","end":null,"index":null,"message":"the grammar of uuid parses the NSS of a URN of that namespace; this line has none","tree":[]}"#
    );
}

#[test]
fn an_edited_grammar_changes_the_verdict() {
    let _pest = serial();
    let edited = grammar_text("urn.pest").replace(
        r#"unreserved = _{ ALPHA | DIGIT | "-" | "." | "_" | "~" }"#,
        r#"unreserved = _{ ALPHA | DIGIT | "-" | "." | "_" | "~" | "^" }"#,
    );
    assert_ne!(
        edited,
        grammar_text("urn.pest"),
        "the rule to edit is in urn.pest"
    );
    let grammar = Grammar::new(&edited, "urn-rfc8141");
    assert!(
        grammar
            .run("urn:example:a^b")
            .starts_with(r#"{"status":"match""#)
    );
    assert!(check("urn-rfc8141", "urn:example:a^b").starts_with(r#"{"valid":false"#));
}

#[test]
fn an_unusable_grammar_says_why() {
    let _pest = serial();
    let error = grammar("a = { b }", "a").error().expect("an error");
    assert!(error.contains("rule b is undefined"), "{error}");
    assert_eq!(
        grammar("a = { \"x\" }", "c").error().as_deref(),
        Some(r#"the grammar has no rule "c"; its rules are: a"#)
    );
    assert_eq!(
        grammar("a = { b }", "a").run("x"),
        r#"{"status":"not run","end":null,"index":null,"message":" --> 1:7\n  |\n1 | a = { b }\n  |       ^\n  |\n  = rule b is undefined","tree":[]}"#
    );
    assert_eq!(
        Grammar::new("a = { \"x\" }", "no-such-entry")
            .error()
            .as_deref(),
        Some(r#"no grammar "no-such-entry" in the menu"#)
    );
}

#[test]
fn outline_gives_rule_spans_in_utf16_units() {
    let _pest = serial();
    let source = "/// § 2\na = { \"é\" }\nb = { a }\n";
    assert_eq!(
        grammar(source, "a").outline(),
        r#"{"rules":[{"name":"a","start":8,"end":19,"line":2,"doc":["§ 2"],"notes":[]},{"name":"b","start":20,"end":29,"line":3,"doc":[],"notes":[]}]}"#
    );
    assert_eq!(grammar("a = {", "a").outline(), r#"{"rules":null}"#);
    // A text without the entry rule still has its outline.
    assert!(
        grammar(source, "c")
            .outline()
            .starts_with(r#"{"rules":[{"name":"a""#)
    );
}

#[test]
fn diagram_draws_the_rule_or_nothing() {
    let _pest = serial();
    let urn = Grammar::new(grammar_text("urn.pest"), "urn-rfc8141");
    let svg = urn.diagram("NID");
    assert!(svg.starts_with("<svg"), "{svg}");
    assert_eq!(urn.diagram("no_such_rule"), "");
    assert_eq!(grammar("a = {", "a").diagram("a"), "");
}

/// `urn.pest` with its entry rule `rfc8141` replaced by `rules`.
fn urn_pest_with(rules: &str) -> String {
    let urn = grammar_text("urn.pest");
    let start = urn.find("\nrfc8141 = ").expect("urn.pest has rfc8141") + 1;
    let end = start + urn[start..].find('\n').expect("a line");
    format!("{}{rules}{}", &urn[..start], &urn[end..])
}

/// The message of a run's JSON, and its status.
#[track_caller]
fn refusal(run: &str) -> String {
    let status = r#"{"status":"refused","end":null,"index":"#;
    assert!(run.starts_with(status), "{run}");
    let message = run.split(r#""message":""#).nth(1).expect("a message");
    message.split('"').next().expect("a message").to_owned()
}

#[test]
fn a_run_that_recurses_too_deep_is_refused_and_the_module_answers_after_it() {
    let _pest = serial();
    let grammar = Grammar::new(
        &urn_pest_with(r#"rfc8141 = { "a" ~ rfc8141 | "b" }"#),
        "urn-rfc8141",
    );
    assert_eq!(grammar.error(), None);
    let deep = format!("{}b", "a".repeat(200_000));
    let message = refusal(&grammar.run(&deep));
    assert!(
        message.starts_with(
            "this grammar recursed deeper than the stack allows: its rules call one another too \
             deep on this input (at byte "
        ),
        "{message}"
    );
    assert!(grammar.run("aab").starts_with(r#"{"status":"match""#));
    assert!(check("urn-rfc8141", "urn:example:a").starts_with(r#"{"valid":true"#));
}

#[test]
fn a_run_that_backtracks_exponentially_is_stopped_by_its_budget_of_rule_calls() {
    let _pest = serial();
    let grammar = Grammar::new(
        &urn_pest_with(
            "rfc8141 = { x ~ \"c\" }\nx = { \"a\" ~ x ~ \"b\" | \"a\" ~ x ~ \"c\" | \"a\" ~ x ~ \"d\" | \"a\" }",
        ),
        "urn-rfc8141",
    );
    assert_eq!(grammar.error(), None);
    assert_eq!(
        refusal(&grammar.run("aaaaaaaaaaaaaaaaaaaaaae")),
        "stopped after 1 000 000 rule calls: this grammar backtracks too much on this input (at \
         byte 22)"
    );
    assert!(grammar.run("ac").starts_with(r#"{"status":"match""#));
}

/// A text of `n` nested parentheses around one string, as the one rule `rfc8141`.
fn nested_parentheses(n: usize) -> String {
    format!("rfc8141 = {{ {}\"x\"{} }}", "(".repeat(n), ")".repeat(n))
}

#[test]
fn a_text_that_nests_deeper_than_a_rule_may_is_refused_before_it_is_read() {
    let _pest = serial();
    use urn_tag::grammar_tools::MAX_NESTING;
    // The rule's braces are a level, as is each parenthesis.
    let deepest = Grammar::new(&nested_parentheses(MAX_NESTING - 1), "urn-rfc8141");
    assert_eq!(deepest.error(), None);
    assert!(!deepest.refused());
    for n in [MAX_NESTING, 1_000, 2_000, 100_000] {
        let refused = Grammar::new(&nested_parentheses(n), "urn-rfc8141");
        assert!(refused.refused(), "{n}");
        // `rfc8141 = { ` and 127 parentheses, then the one too many.
        let column = 12 + MAX_NESTING;
        assert_eq!(
            refused.error().as_deref(),
            Some(
                format!(
                    " --> 1:{column}\n  |\n1 | {}\n  |{}^---\n  |\n  = this expression nests 129 \
                     levels deep here (each parenthesis, operator, further term of a sequence or \
                     choice, and each copy a repetition makes is a level); a rule may nest 128",
                    nested_parentheses(n),
                    " ".repeat(column)
                )
                .as_str()
            ),
            "{n}"
        );
        assert_eq!(refused.outline(), r#"{"rules":null}"#);
    }
}

#[test]
fn long_choices_nested_comments_and_escapes_count_as_levels() {
    let _pest = serial();
    let choice = |n: usize| format!("rfc8141 = {{ \"x\"{} }}", " | \"y\"".repeat(n));
    assert!(!Grammar::new(&choice(127), "urn-rfc8141").refused());
    assert!(Grammar::new(&choice(128), "urn-rfc8141").refused());
    let comments = |n: usize| format!("rfc8141 = {{ \"x\" {}{} }}", "/*".repeat(n), "*/".repeat(n));
    assert!(!Grammar::new(&comments(127), "urn-rfc8141").refused());
    assert!(Grammar::new(&comments(128), "urn-rfc8141").refused());
    let escapes = |n: usize| format!("rfc8141 = {{ \"{}\" }}", "\\n".repeat(n));
    assert!(!Grammar::new(&escapes(127), "urn-rfc8141").refused());
    assert!(Grammar::new(&escapes(128), "urn-rfc8141").refused());
    // Brackets, operators and quotes inside strings, characters and comments are not levels.
    let quoted = format!(
        "rfc8141 = {{ \"{}\" ~ '('..')' ~ '\\''..'\\'' // {}\n }}",
        "(|~".repeat(1000),
        "((((".repeat(1000)
    );
    let quoted = Grammar::new(&quoted, "urn-rfc8141");
    assert_eq!(quoted.error(), None);
}

/// A chain of `n` rules, each calling the next: `r0 = { "x0" ~ r1 | "y" }`, ...
fn chain(n: usize) -> String {
    let mut text = String::from("rfc8141 = { r0 }\n");
    for i in 0..n {
        text.push_str(&format!("r{i} = {{ \"x{i}\" ~ r{} | \"y\" }}\n", i + 1));
    }
    text.push_str(&format!("r{n} = {{ \"z\" }}\n"));
    text
}

#[test]
fn rules_that_call_one_another_too_deep_are_refused_before_they_are_read() {
    let _pest = serial();
    // Each rule of the chain is three levels deep (its braces, `~` and `|`), the first and
    // the last one level: 1 + 3 * 170 + 1 = 512.
    let deepest = Grammar::new(&chain(170), "urn-rfc8141");
    assert_eq!(deepest.error(), None);
    assert!(Grammar::new(&chain(171), "urn-rfc8141").refused());
    let refused = Grammar::new(&chain(2_000), "urn-rfc8141");
    assert!(refused.refused());
    let error = refused.error().expect("an error");
    assert!(
        error.ends_with(
            "= rules call one another 6002 levels deep, counting the levels of each rule's \
             expression (rfc8141 -> r0 -> r1 -> ... -> r1999 -> r2000, 2002 rules); a grammar \
             may nest 512"
        ),
        "{error}"
    );
    assert!(error.starts_with(" --> 1:1\n"), "{error}");
    // A cycle counts once: a rule that calls itself is no deeper than its own expression.
    let cycle = Grammar::new(
        "rfc8141 = { a }\na = { \"(\" ~ b ~ \")\" | \"x\" }\nb = { a ~ (\",\" ~ a)* }",
        "urn-rfc8141",
    );
    assert_eq!(cycle.error(), None);
}

#[test]
fn repetitions_are_counted_as_the_copies_pest_meta_writes_out() {
    let _pest = serial();
    use urn_tag::grammar_tools::{MAX_RULE_TERMS, MAX_TERMS};
    assert_eq!((MAX_RULE_TERMS, MAX_TERMS), (4096, 1 << 18));
    // 8^4 = 4096 terms, 8 levels deep; 8^5 is past the limit of a rule.
    let nested = |n: usize| format!("rfc8141 = {{ {}\"x\"{} }}", "(".repeat(n), "){8}".repeat(n));
    assert_eq!(Grammar::new(&nested(4), "urn-rfc8141").error(), None);
    let refused = Grammar::new(&nested(5), "urn-rfc8141");
    assert!(refused.refused());
    let error = refused.error().expect("an error");
    assert!(
        error.ends_with(
            "= this rule writes out to more than 4 096 terms up to here (pest_meta writes \
             `e{n, m}` as m copies of e, `e+` as e ~ e*); a rule may have 4 096"
        ),
        "{error}"
    );
    // One repetition of a great many copies is as deep as it has copies.
    assert_eq!(
        Grammar::new("rfc8141 = { \"x\"{127} }", "urn-rfc8141").error(),
        None
    );
    for count in [
        "{128}",
        "{0, 128}",
        "{127,}",
        "{4294967295}",
        "{99999999999999999999999}",
    ] {
        let text = format!("rfc8141 = {{ \"x\"{count} }}");
        assert!(Grammar::new(&text, "urn-rfc8141").refused(), "{count}");
    }
    // `e+` is `e ~ e*`: twelve nested `+` are 4096 copies.
    let plus = |n: usize| format!("rfc8141 = {{ {}\"x\"{} }}", "(".repeat(n), ")+".repeat(n));
    assert_eq!(Grammar::new(&plus(12), "urn-rfc8141").error(), None);
    assert!(Grammar::new(&plus(13), "urn-rfc8141").refused());
    // Many rules, each within its limit, add up to the grammar's.
    let many = |rules: usize| {
        let mut text = String::from("rfc8141 = { r0 }\n");
        for i in 0..rules {
            text.push_str(&format!("r{i} = {{ \"x\"{{64}} }}\n"));
        }
        text
    };
    assert_eq!(Grammar::new(&many(4095), "urn-rfc8141").error(), None);
    let refused = Grammar::new(&many(4097), "urn-rfc8141");
    assert!(refused.refused());
    assert!(
        refused
            .error()
            .expect("an error")
            .contains("= this grammar writes out to more than 262 144 terms up to here")
    );
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

/// The library's own test counts the work of reading this text (`grammar_tools`); here, the
/// page's outline and a diagram come from the one reading.
#[test]
fn a_megabyte_of_rules_is_outlined_and_drawn() {
    let _pest = serial();
    let text = flat(30_000);
    assert!(text.len() > 1_000_000, "{}", text.len());
    let page = Grammar::new(&text, "urn-rfc8141");
    assert_eq!(page.error(), None);
    assert!(page.outline().ends_with(
        r#"{"name":"q29999","start":1087760,"end":1087796,"line":30001,"doc":[],"notes":[]}]}"#
    ));
    assert!(page.diagram("q29999").starts_with("<svg"));
}

#[test]
fn a_text_longer_than_a_grammar_may_be_is_refused() {
    let _pest = serial();
    let long = format!(
        "rfc8141 = {{ \"x\" }}\n{}",
        "// a comment\n".repeat(200_000)
    );
    let refused = Grammar::new(&long, "urn-rfc8141");
    assert!(refused.refused());
    assert!(
        refused
            .error()
            .expect("an error")
            .ends_with("= this text is 2 600 018 bytes long; a grammar text may have 2 097 152"),
        "{:?}",
        refused.error()
    );
}

#[test]
fn diagrams_of_deeply_nested_operators_are_drawn() {
    let _pest = serial();
    // railroad measured a labelled box's child again for each question about its size: twelve
    // nested `!` took minutes. At the deepest a rule may nest, each drawing now takes a moment.
    for text in [
        format!("rfc8141 = {{ {}\"x\" ~ \"y\" }}", "!".repeat(120)),
        format!(
            "rfc8141 = {{ {}\"x\"{} }}",
            "(".repeat(60),
            "){1}".repeat(60)
        ),
        format!("rfc8141 = {{ {}\"x\"{} }}", "(".repeat(60), ")?".repeat(60)),
    ] {
        let grammar = Grammar::new(&text, "urn-rfc8141");
        assert_eq!(grammar.error(), None, "{text}");
        let svg = grammar.diagram("rfc8141");
        assert!(svg.starts_with("<svg"), "{text}");
    }
}

/// RFC 3061's ABNF of the oid namespace, as the cross-check reads it.
const OID_ABNF: &str = include_str!("../../../tests/data/abnf/namespaces/oid.abnf");

#[test]
fn a_registration_within_rfc8141_passes_with_every_generated_urn() {
    let _pest = serial();
    let report = check_registration(OID_ABNF, "", "oid", false, "urn:oid:1.3.6.1\nurn:oid:1.03");
    assert!(
        report.starts_with(
            r#"{"error":null,"examples":[{"urn":"urn:oid:1.3.6.1","abnf":true,"rfc8141_nss":true,"rfc8141":null},{"urn":"urn:oid:1.03","abnf":false,"rfc8141_nss":true,"rfc8141":null,"abnf_failure":{"index":11,"message":"byte 11 ('3'): in rule DOT (within oid): expected '.' or the end"}}],"generated":"#
        ),
        "{report}"
    );
    assert!(
        report.contains(r#""rejected_count":0,"warnings":[],"accepted":["#),
        "{report}"
    );
    let generated: usize = report
        .split(r#""generated":"#)
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|count| count.parse().ok())
        .expect("a count of generated strings");
    assert!(generated > 500, "{generated} strings generated");
}

#[test]
fn a_registration_wider_than_rfc8141_lists_the_urns_it_would_allow() {
    let _pest = serial();
    let abnf = "nss = 1*( DIGIT / \" \" / \"/\" )\n";
    let report = check_registration(abnf, "nss", "x-test", false, "urn:x-test:1 2");
    assert!(
        report.contains(
            r#"{"urn":"urn:x-test:1 2","abnf":true,"rfc8141_nss":false,"rfc8141":"invalid character ' ' in NSS at byte 12"}"#
        ),
        "{report}"
    );
    // Each of the library's reasons, with its shortest URN first.
    for reason in [
        r#"{"reason":"white space after the NSS","count":"#,
        r#"{"reason":"NSS must not start with '/'","count":"#,
        r#"{"reason":"invalid character ' ' in NSS","count":"#,
    ] {
        assert!(report.contains(reason), "{reason} in {report}");
    }
    assert!(report.contains(r#""urns":["urn:x-test: ","#), "{report}");
    assert!(report.contains(r#""urns":["urn:x-test:/","#), "{report}");
    assert!(!report.contains(r#""rejected_count":0"#), "{report}");
}

#[test]
fn a_registration_for_whole_urns_is_checked_as_written() {
    let _pest = serial();
    let abnf = "urn = \"urn:demo:\" 1*ALPHA [ \"#\" *ALPHA ]\n";
    let report = check_registration(abnf, "", "", true, "urn:demo:abc#x");
    assert!(
        report.starts_with(
            r#"{"error":null,"examples":[{"urn":"urn:demo:abc#x","abnf":true,"rfc8141_nss":true,"rfc8141":null}]"#
        ),
        "{report}"
    );
    assert!(
        report.contains(r#""rejected_count":0,"warnings":[],"accepted":["#),
        "{report}"
    );
}

#[test]
fn an_unusable_registration_says_why() {
    let _pest = serial();
    let error = |abnf: &str, top: &str, nid: &str| check_registration(abnf, top, nid, false, "");
    assert_eq!(
        error("a = b\n", "", "xy"),
        r#"{"error":"rule b is used but not defined","examples":[],"generated":0,"rejected_count":0,"warnings":[],"accepted":[],"reasons":[]}"#
    );
    assert!(
        error("a = \"x\" a\n", "", "xy").contains(r#""error":"rule a refers to itself (a -> a)"#)
    );
    assert!(
        error("a = <some prose>\n", "", "xy")
            .contains(r#""error":"prose value <some prose> cannot be compiled: write it as ABNF""#)
    );
    assert!(
        error("a = \"x\"\na = \"y\"\n", "", "xy").contains(r#""error":"rule a is defined twice""#)
    );
    assert!(
        error("a = \"x\"", "", "")
            .contains(r#""error":"give the NID: an NSS becomes a URN as urn:NID:NSS""#)
    );
    // One message, at the fault, with a caret under it.
    assert!(error("a = \"x\"\nb = 1*DIGIT ]\n", "", "xy").starts_with(
        r#"{"error":"ABNF syntax error at line 2, column 13: this bracket closes nothing\nb = 1*DIGIT ]\n            ^","#
    ));
    assert!(error("a = %x5A-41\n", "", "xy").contains("invalid character class range"));
    assert!(error("a = 5*3\"x\"\n", "", "xy").starts_with(r#"{"error":"#));
    assert_eq!(
        error("a = \"x\"\n", "", "x"),
        r#"{"error":"the NID \"x\" is not valid under RFC 8141: NID shorter than 2 characters at byte 5","examples":[],"generated":0,"rejected_count":0,"warnings":[],"accepted":[],"reasons":[]}"#
    );
}

/// The module's regex has no Unicode tables; the ABNF compiler needs none, for non-ASCII
/// characters either.
#[test]
fn a_registration_with_non_ascii_characters_compiles_and_is_checked() {
    let _pest = serial();
    let report = check_registration(
        "nss = 1*( ALPHA / %xE9 )\n",
        "",
        "xy",
        false,
        "urn:xy:a\u{e9}",
    );
    assert!(
        report.starts_with(
            r#"{"error":null,"examples":[{"urn":"urn:xy:aé","abnf":true,"rfc8141_nss":false,"rfc8141":"non-ASCII character 'é' in NSS must be percent-encoded at byte 8"}]"#
        ),
        "{report}"
    );
}

/// The error of a registration check's report.
#[track_caller]
fn registration_error(abnf: &str) -> String {
    let report = check_registration(abnf, "", "xy", false, "urn:xy:a");
    let error = report
        .strip_prefix(r#"{"error":""#)
        .unwrap_or_else(|| panic!("no error: {report}"));
    error
        .split(r#"","examples""#)
        .next()
        .expect("an error")
        .to_owned()
}

#[test]
fn a_registration_that_nests_too_deep_is_refused_before_it_is_read() {
    let _pest = serial();
    let nested = |n: usize| format!("a = {}\"x\"{}\n", "(".repeat(n), ")".repeat(n));
    assert!(check_registration(&nested(64), "", "xy", false, "").starts_with(r#"{"error":null"#));
    for n in [65, 2_000, 100_000] {
        assert_eq!(
            registration_error(&nested(n)),
            "ABNF: groups and options nest more than 64 deep at line 1, column 69"
        );
    }
    // Brackets in strings, prose and comments are not groups.
    let quoted = format!(
        "a = \"{}\" / %x28 ; {}\nb = <{}>\n",
        "(".repeat(100),
        "[".repeat(100),
        "(".repeat(100)
    );
    assert!(check_registration(&quoted, "a", "xy", false, "").starts_with(r#"{"error":null"#));
}

#[test]
fn a_registration_whose_rules_reach_too_deep_is_refused() {
    let _pest = serial();
    let chain = |n: usize| {
        let mut text = String::new();
        for i in 0..n {
            text.push_str(&format!("r{i} = \"x\" r{}\n", i + 1));
        }
        text.push_str(&format!("r{n} = \"y\"\n"));
        text
    };
    assert!(check_registration(&chain(60), "r0", "xy", false, "").starts_with(r#"{"error":null"#));
    assert_eq!(
        registration_error(&chain(2_000)),
        "rule r0 reaches more than 200 levels deep through the rules it uses (r0 -> r1 -> r2 -> \
         ... -> r99 -> r100, 101 rules)"
    );
}

#[test]
fn a_registration_whose_pattern_doubles_at_each_rule_is_refused() {
    let _pest = serial();
    // Each rule uses the next twice: rule 0's pattern is 2^40 copies of rule 40's.
    let mut doubling = String::new();
    for i in 0..40 {
        doubling.push_str(&format!("r{i} = r{0} r{0}\n", i + 1));
    }
    doubling.push_str("r40 = \"x\"\n");
    assert_eq!(
        registration_error(&doubling),
        "the regular expression of rule r0 is longer than 256 KiB: the rules it uses repeat one \
         another too often"
    );
}

#[test]
fn generating_from_a_repetition_of_nothing_takes_bounded_steps() {
    let _pest = serial();
    // A billion copies of an empty string, or of an option: drawn, they add nothing to a string
    // that the length bound would stop.
    for abnf in [
        "a = 1000000000( \"\" ) \"x\"\n",
        "a = 1000000000*( \"\" / [ \"\" ] ) \"x\"\n",
    ] {
        let report = check_registration(abnf, "a", "xy", false, "urn:xy:x");
        assert!(report.starts_with(r#"{"error":null"#), "{abnf}: {report}");
    }
}

/// The rows of tests/data/rejections.tsv: syntax, input, the library's message.
fn rejections() -> Vec<(&'static str, &'static str, &'static str)> {
    include_str!("../../../tests/data/rejections.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with("syntax\t"))
        .map(|line| {
            let mut columns = line.split('\t');
            let mut next = || columns.next().expect("three columns");
            (next(), next(), next())
        })
        .collect()
}

/// The trace of a line under the shipped grammar names the byte the library's error names:
/// on every rejection of the vector file but those of a NID longer than 32 characters, which
/// the library says at the 33rd character, where its grammar's bounded repetition ends, and
/// pest's deepest attempt later, where its backtracking over that repetition got (or which
/// the grammar leaves to the library's own check of the length).
#[test]
fn the_trace_of_a_shipped_grammar_names_the_library_byte() {
    let _pest = serial();
    let (mut same, mut later, mut matched) = (0, 0, 0);
    for (syntax, input, message) in rejections() {
        let id = match syntax {
            "rfc8141" | "rfc2141" | "rfc2141bis" => format!("urn-{syntax}"),
            _ => format!("tag-{syntax}"),
        };
        let entry = menu()
            .iter()
            .find(|entry| entry.id == id)
            .expect("a menu entry");
        let grammar = Grammar::new(grammar_text(entry.file), &id);
        let answer: serde_json::Value = serde_json::from_str(&grammar.trace(input)).expect("JSON");
        let (reason, byte) = message.rsplit_once(" at byte ").expect("a byte");
        let byte: u64 = byte.parse().expect("a number");
        let traced = answer["trace"]["index"].as_u64();
        if reason == "NID longer than 32 characters" {
            match traced {
                // The length is the library's check, which the grammar leaves to it.
                None => matched += 1,
                Some(traced) => {
                    assert!(
                        traced > byte,
                        "{syntax} {input:?}: {message}; trace at {traced}"
                    );
                    later += 1;
                }
            }
        } else {
            assert_eq!(
                traced,
                Some(byte),
                "{syntax} {input:?}: {message}; {answer}"
            );
            same += 1;
        }
    }
    assert_eq!((same, later, matched), (2_215, 11, 1));
}

#[test]
fn a_trace_shows_the_deepest_attempt_with_the_bytes_of_the_line() {
    let _pest = serial();
    let grammar = Grammar::new(grammar_text("urn.pest"), "urn-rfc8141");
    // The row's message: "invalid percent-encoding in NSS at byte 14".
    assert_eq!(
        grammar.trace("urn:example:a%zz"),
        r#"{"trace":{"index":14,"expected":["'0'..'9'","'A'..'F'","'a'..'f'","NSS"],"attempt":[{"rule":"rfc8141","start":0,"end":null,"depth":1},{"rule":"namestring","start":0,"end":null,"depth":2},{"rule":"assigned_name","start":0,"end":null,"depth":3},{"rule":"NID","start":4,"end":11,"depth":4},{"rule":"NSS","start":12,"end":null,"depth":4},{"rule":"pchar","start":12,"end":13,"depth":5},{"rule":"pchar","start":13,"end":null,"depth":5},{"rule":"pct_encoded","start":13,"end":null,"depth":6},{"rule":"HEXDIG","start":14,"end":null,"depth":7}]},"message":null}"#
    );
    let isbn = Grammar::new(grammar_text("namespaces/isbn.pest"), "ns-isbn");
    // A namespace grammar runs on the NSS; the trace counts bytes of the whole line.
    assert_eq!(
        isbn.trace("urn:isbn:12x"),
        r#"{"trace":{"index":11,"expected":["\"-\"","'0'..'9'","isbn_ISBN10","isbn_ISBN13"],"attempt":[{"rule":"isbn","start":9,"end":null,"depth":1},{"rule":"isbn_NSS","start":9,"end":null,"depth":2},{"rule":"isbn_ISBN13","start":9,"end":null,"depth":3},{"rule":"isbn_hyphen","start":11,"end":null,"depth":4}]},"message":null}"#
    );
    assert_eq!(
        grammar.trace("urn:example:a"),
        r#"{"trace":null,"message":"rfc8141 matches, or its run was stopped"}"#
    );
}

/// The events of a namespace grammar's run count bytes of the whole line, as its trace does,
/// and come with the trace of the same run, whose byte the last event does not pass.
#[test]
fn the_steps_of_a_run_count_bytes_of_the_line_and_carry_its_trace() {
    let _pest = serial();
    let isbn = Grammar::new(grammar_text("namespaces/isbn.pest"), "ns-isbn");
    let steps: serde_json::Value = serde_json::from_str(&isbn.steps("urn:isbn:12x")).expect("JSON");
    let events = steps["events"].as_array().expect("a list");
    assert_eq!(
        events[0],
        serde_json::json!({"kind": "entered", "rule": "isbn", "start": 9, "at": 9, "depth": 1})
    );
    assert_eq!(
        events[events.len() - 1],
        serde_json::json!({"kind": "failed", "rule": "isbn", "start": 9, "at": 9, "depth": 1})
    );
    assert_eq!(steps["total"].as_u64(), Some(events.len() as u64));
    let trace: serde_json::Value = serde_json::from_str(&isbn.trace("urn:isbn:12x")).expect("JSON");
    assert_eq!(steps["trace"], trace["trace"]);
    assert!(
        events
            .iter()
            .all(|event| event["at"].as_u64() <= Some(11) && event["start"].as_u64() >= Some(9)),
        "{steps}"
    );
    assert_eq!(
        isbn.steps("urn:other:12"),
        r#"{"events":[],"total":0,"trace":null,"message":"the grammar of isbn parses the NSS of a URN of that namespace; this line has none"}"#
    );
}

#[test]
fn a_registration_report_warns_as_bap_does() {
    let _pest = serial();
    let abnf = "NSS = part *( \".\" Part )\npart = 1*digit\nspare = ALPHA\n";
    let report = check_registration(abnf, "NSS", "xy", false, "urn:xy:1.2");
    assert!(
        report.contains(
            r#""warnings":["line 1: rule part is written Part here, but defined as part (line 2)","line 2: rule digit is written digit here, but defined as DIGIT (RFC 5234's core rules)","line 3: rule spare is defined but not used"],"accepted":["#
        ),
        "{report}"
    );
}

#[test]
fn a_registration_report_samples_the_generated_urns_rfc8141_accepts() {
    let _pest = serial();
    let report = check_registration("nss = 1*3DIGIT\n", "nss", "xy", false, "");
    let report: serde_json::Value = serde_json::from_str(&report).expect("JSON");
    let accepted: Vec<&str> = report["accepted"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|urn| urn.as_str().expect("a URN"))
        .collect();
    // Hundreds of strings of one to three digits, all valid NSSs; 25 of them, shortest first,
    // spread to the longest.
    assert!(
        report["generated"].as_u64().expect("a count") > 500,
        "{report}"
    );
    assert_eq!(report["rejected_count"], 0);
    assert_eq!(accepted.len(), 25);
    assert_eq!(accepted[0].len(), "urn:xy:0".len());
    assert_eq!(accepted[24].len(), "urn:xy:000".len());
    assert!(
        accepted
            .windows(2)
            .all(|pair| (pair[0].len(), pair[0]) < (pair[1].len(), pair[1]))
    );
}

#[test]
fn the_rejects_are_grouped_by_reason_with_case_variants_folded() {
    let _pest = serial();
    // `A` and `a` make URNs that differ only in case: `urn:xy:a ` and `urn:xy:A ` are one
    // finding, `urn:xy: a` and `urn:xy: A` another; the most frequent reason comes first.
    let abnf = "nss = 1*2( \"a\" / \"A\" / \" \" )\n";
    let report = check_registration(abnf, "nss", "xy", false, "");
    let reasons = report
        .split_once(r#""reasons":"#)
        .map(|(_, reasons)| reasons)
        .expect("a grouped list of reasons");
    assert_eq!(
        reasons,
        concat!(
            r#"[{"reason":"white space after the NSS","count":3,"urns":["urn:xy: ","urn:xy:  ","urn:xy:A "]},"#,
            r#"{"reason":"invalid character ' ' in NSS","count":1,"urns":["urn:xy: A"]}]}"#,
        )
    );
}

#[test]
fn an_example_the_abnf_rejects_says_at_which_byte_of_the_urn() {
    let _pest = serial();
    let abnf = "nss = 1*DIGIT *( \".\" 1*DIGIT )\n";
    let report = check_registration(
        abnf,
        "",
        "oid",
        false,
        "urn:oid:1.3\nurn:oid:1.x3\nurn:oid:1.",
    );
    assert!(
        report.contains(concat!(
            r#"{"urn":"urn:oid:1.3","abnf":true,"rfc8141_nss":true,"rfc8141":null},"#,
            r#"{"urn":"urn:oid:1.x3","abnf":false,"rfc8141_nss":true,"rfc8141":null,"#,
            r#""abnf_failure":{"index":10,"message":"byte 10 ('x'): in core rule DIGIT of rule nss: expected '0'..'9'"}},"#,
            r#"{"urn":"urn:oid:1.","abnf":false,"rfc8141_nss":true,"rfc8141":null,"#,
            r#""abnf_failure":{"index":10,"message":"byte 10 (the end): in core rule DIGIT of rule nss: expected '0'..'9'"}}]"#,
        )),
        "{report}"
    );
    // A whole-URN rule counts from the URN's first byte.
    let report = check_registration("urn = \"urn:ab:\" 1*DIGIT\n", "", "", true, "urn:ab:x");
    assert!(
        report
            .contains(r#""abnf_failure":{"index":7,"message":"byte 7 ('x'): in core rule DIGIT of rule urn: expected '0'..'9'"}"#),
        "{report}"
    );
}

/// The rule that failed on an example is in its message, with the rules around it; where the
/// Earley recognizer would pass its bounds, the message says so and keeps the byte.
#[test]
fn an_example_the_abnf_rejects_names_the_rule_that_failed() {
    let _pest = serial();
    let abnf = "NSS = name \":\" version\nname = 1*ALPHA\nversion = 1*DIGIT \".\" 1*DIGIT\n";
    let report = check_registration(abnf, "", "xy", false, "urn:xy:abc:1.\nurn:xy:abc;1");
    assert!(
        report.contains(concat!(
            r#""abnf_failure":{"index":13,"message":"byte 13 (the end): in core rule DIGIT of "#,
            r#"rule version (within NSS): expected '0'..'9'"}"#,
        )),
        "{report}"
    );
    assert!(
        report.contains(concat!(
            r#""abnf_failure":{"index":10,"message":"byte 10 (';'): in rule NSS: "#,
            r#"expected ':', 'A'..'Z' or 'a'..'z'"}"#,
        )),
        "{report}"
    );
    let abnf = format!("nss = *b\nb = \"x\"{}\n", " / \"x\"".repeat(5_000));
    let example = format!("urn:xy:{}!", "x".repeat(100));
    let report = check_registration(&abnf, "", "xy", false, &example);
    assert!(
        report.contains(concat!(
            r#""abnf_failure":{"index":107,"message":"byte 107 ('!'): expected 'X', 'x' or the end "#,
            r#"(cannot tell which rule fails: reading the input takes more than 400000 Earley "#,
            r#"items)"}"#,
        )),
        "{report}"
    );
}

#[test]
fn examples_of_a_namespace_grammar_are_urns_of_that_namespace_judged_by_the_page() {
    let _pest = serial();
    let grammar = Grammar::new(grammar_text("namespaces/uuid.pest"), "ns-uuid");
    let drawn: serde_json::Value = serde_json::from_str(&grammar.examples(1, 6)).unwrap();
    let valid = drawn["valid"].as_array().unwrap();
    assert!(!valid.is_empty(), "{drawn}");
    for line in valid {
        let line = line.as_str().unwrap();
        assert!(line.starts_with("urn:uuid:"), "{line}");
        assert!(
            grammar.run(line).starts_with(r#"{"status":"match""#),
            "{line}"
        );
    }
    let near_misses = drawn["near_misses"].as_array().unwrap();
    assert!(
        near_misses.iter().any(|miss| miss["valid"] == false),
        "{drawn}"
    );
    for miss in near_misses {
        let line = miss["line"].as_str().unwrap();
        let matched = grammar.run(line).starts_with(r#"{"status":"match""#);
        assert_eq!(miss["valid"], matched, "{line}");
    }
    // A text that cannot be run draws nothing.
    let broken = Grammar::new("a = {", "urn-rfc8141");
    assert_eq!(
        broken.examples(1, 6),
        r#"{"valid":[],"near_misses":[],"matched":0,"refused":0,"steered":false}"#
    );
}

/// The isbn grammar leaves the check digit and the hyphens to the library: under the shipped
/// text, the valid lines drawn are all lines the library accepts, the counts say how many it
/// refused, and each near miss carries the library's verdict. Under an edited text, the
/// verdicts are the grammar's, and the library does not filter.
#[test]
fn examples_of_isbn_under_the_shipped_text_are_lines_the_library_accepts() {
    let _pest = serial();
    let library = |line: &str| check("ns-isbn", line).starts_with(r#"{"valid":true"#);
    let shipped = grammar_text("namespaces/isbn.pest");
    let grammar = Grammar::new(shipped, "ns-isbn");
    let drawn: serde_json::Value = serde_json::from_str(&grammar.examples(1, 8)).unwrap();
    assert_eq!(drawn["steered"], true);
    let valid: Vec<&str> = drawn["valid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line.as_str().unwrap())
        .collect();
    assert_eq!(valid.len(), 8, "{drawn}");
    for line in &valid {
        assert!(library(line), "{line}");
    }
    let refused = drawn["refused"].as_u64().unwrap();
    assert!(refused > 0, "{drawn}");
    assert_eq!(drawn["matched"].as_u64(), Some(refused + 8), "{drawn}");
    for miss in drawn["near_misses"].as_array().unwrap() {
        let line = miss["line"].as_str().unwrap();
        assert_eq!(miss["library"], library(line), "{line}");
    }
    let again: serde_json::Value = serde_json::from_str(&grammar.examples(1, 8)).unwrap();
    assert_eq!(again, drawn);

    let edited = Grammar::new(&format!("{shipped}\n// edited\n"), "ns-isbn");
    let drawn: serde_json::Value = serde_json::from_str(&edited.examples(1, 8)).unwrap();
    assert_eq!(drawn["steered"], false);
    assert_eq!(drawn["near_misses"][0]["library"], serde_json::Value::Null);
    let refused_by_library = drawn["valid"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|line| !library(line.as_str().unwrap()))
        .count();
    assert!(refused_by_library > 0, "{drawn}");
}

/// The rules of [`abnf_outline`]'s answer, without their diagrams, as `name line..=last_line
/// start..end`, and the diagrams apart.
#[track_caller]
fn abnf_rules(abnf: &str) -> (Vec<String>, Vec<String>) {
    let outline: serde_json::Value =
        serde_json::from_str(&abnf_outline(abnf)).expect("the outline is JSON");
    assert_eq!(outline["error"], serde_json::Value::Null, "{outline}");
    let rules = outline["rules"].as_array().expect("a list of rules");
    let places = rules
        .iter()
        .map(|rule| {
            format!(
                "{}{} {}..={} {}..{}",
                rule["name"].as_str().expect("a name"),
                if rule["incremental"] == true {
                    " =/"
                } else {
                    ""
                },
                rule["line"],
                rule["last_line"],
                rule["start"],
                rule["end"]
            )
        })
        .collect();
    let svgs = rules
        .iter()
        .map(|rule| rule["svg"].as_str().expect("an SVG").to_owned())
        .collect();
    (places, svgs)
}

#[test]
fn abnf_outline_gives_each_rule_its_lines_utf16_span_and_diagram() {
    // "é" is two bytes and one UTF-16 unit; the text box counts units.
    let abnf =
        "; é\nNSS = part *( \":\" Part )\n      [ \"#\" ]\npart = 1*DIGIT / ALPHA-x\npart =/ %x2F";
    let (places, svgs) = abnf_rules(abnf);
    assert_eq!(
        places,
        [
            "NSS 2..=3 4..42",
            "part 4..=4 43..67",
            "part =/ 5..=5 68..80"
        ]
    );
    assert!(svgs[0].starts_with("<svg"), "{}", svgs[0]);
    // Both references link to the rule, whatever their case; a core rule and an undefined
    // name are boxes of their own kinds.
    assert_eq!(svgs[0].matches(r##"xlink:href="#part""##).count(), 2);
    assert!(svgs[1].contains(r#"<g data-kind="core" class="nonterminal">"#));
    assert!(svgs[1].contains(r#"<g data-kind="undefined" class="nonterminal">"#));
    assert!(svgs[2].contains("%x2F &quot;/&quot;"), "{}", svgs[2]);
}

#[test]
fn abnf_outline_of_an_unusable_text_gives_the_registration_check_s_error() {
    for abnf in [
        "a = \"x\"\nb = 1*DIGIT ]\n",
        &format!("a = {}\"x\"{}\n", "(".repeat(65), ")".repeat(65)),
    ] {
        let outline: serde_json::Value =
            serde_json::from_str(&abnf_outline(abnf)).expect("the outline is JSON");
        assert_eq!(outline["rules"], serde_json::json!([]));
        let report: serde_json::Value =
            serde_json::from_str(&check_registration(abnf, "", "xy", false, "urn:xy:a"))
                .expect("the report is JSON");
        assert!(report["error"].is_string(), "{report}");
        assert_eq!(outline["error"], report["error"]);
    }
    // As deep as a registration may nest, drawn.
    let deep = format!("a = {}\"x\"{}\n", "[".repeat(64), "]".repeat(64));
    let (_, svgs) = abnf_rules(&deep);
    assert_eq!(svgs[0].matches(r#"class="optional""#).count(), 64);
}
