//! Rejections with their messages, from `tests/data/rejections.tsv`: what the explanation
//! from the grammars says of every kind of rejected input, in every syntax, verbatim.

use urn_tag::{TagSyntax, TagUri, Urn, UrnSyntax};

#[test]
fn rejections_get_their_recorded_messages() {
    let rows = include_str!("../data/rejections.tsv");
    let mut checked = 0;
    let mut wrong = Vec::new();
    let mut lines = rows.lines().filter(|line| !line.starts_with('#'));
    assert_eq!(lines.next(), Some("syntax\tinput\tmessage"));
    for line in lines {
        let [syntax, input, expected] = line.splitn(3, '\t').collect::<Vec<_>>()[..] else {
            panic!("a row of three fields: {line:?}");
        };
        let error = if let Ok(syntax) = syntax.parse::<UrnSyntax>() {
            Urn::parse_with(input, syntax).err()
        } else {
            let syntax: TagSyntax = syntax.parse().expect("a URN or tag syntax");
            TagUri::parse_with(input, syntax).err()
        };
        let said = error.map_or_else(|| "accepted".to_owned(), |error| error.to_string());
        if said != expected {
            wrong.push(format!(
                "{syntax} {input:?}: {said:?}, recorded {expected:?}"
            ));
        }
        checked += 1;
    }
    assert!(checked > 2_000, "only {checked} rows");
    assert!(
        wrong.is_empty(),
        "{} of {checked} rows differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
