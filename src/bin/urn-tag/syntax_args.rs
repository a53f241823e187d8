//! The options every command that reads identifiers takes: how to read URNs and tags.

use urn_tag::{Syntax, TagSyntax, UrnSyntax};

#[derive(Debug, Clone, Copy, clap::Args)]
pub struct SyntaxArgs {
    /// URN syntax to read URNs under: rfc8141, rfc2141 or rfc2141bis.
    #[arg(long, default_value_t = UrnSyntax::Rfc8141, value_name = "SPEC")]
    pub spec: UrnSyntax,
    /// Tag URI syntax to read tags under: rfc4151 (the RFC's ABNF), erratum1485 (RFC 5322
    /// local parts) or lenient (also any other authority, reported as "opaque": RFC 4151 §2.1
    /// says software MUST NOT reject a tag only for its authority's form).
    #[arg(long, default_value_t = TagSyntax::Rfc4151, value_name = "SYNTAX")]
    pub tag_syntax: TagSyntax,
    /// Also check each URN against the grammar and prose rules of its namespace
    /// (namespaces/NID.pest): a URN that breaks them is invalid. A URN of a namespace without
    /// a grammar is read by its URN syntax alone.
    #[arg(long)]
    pub namespaces: bool,
}

impl SyntaxArgs {
    /// The syntax the options choose.
    pub fn syntax(&self) -> Syntax {
        Syntax::new()
            .with_urn(self.spec)
            .with_tag(self.tag_syntax)
            .with_namespaces(self.namespaces)
    }
}
