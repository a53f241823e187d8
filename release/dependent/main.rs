//! A program that depends on urn-tag as a user's would. release/test.sh builds it against the
//! packaged `.crate` file alone, runs it, and compares what it prints with expected.txt.

use urn_tag::{Identifier, ParseError, TagUri, Urn, UrnSyntax};

fn main() -> Result<(), ParseError> {
    let urn = Urn::parse("URN:ISBN:0451450523")?;
    println!("{} {}", urn.nid(), urn.nss());
    let lower = Urn::parse("urn:isbn:0451450523")?;
    println!("equivalent: {}", urn.equivalent(&lower));

    let tag = TagUri::parse("tag:timothy@hpl.hp.com,2001:web/externalHome")?;
    println!("{:?} {:?}", tag.local_part(), tag.domain());

    // The grammars compiled by build.rs from the packaged .pest files decide these.
    let error = Urn::parse_with("urn:example:a?b", UrnSyntax::Rfc8141).unwrap_err();
    println!("{error}");
    let error = Identifier::parse("tag:example.com,1900-02-29:x").unwrap_err();
    println!("{error}");
    Ok(())
}
