//! Namespace grammars beyond RFC 8141: the rules that `namespaces/<nid>.pest` leaves to Rust.
//!
//! A URN can follow RFC 8141 and still be wrong for its namespace: `urn:uuid:12345`, an ISBN
//! with a wrong check digit. Each registered namespace that this crate knows has a grammar file,
//! `namespaces/<nid>.pest`, whose entry rule is named after the namespace (a NID starting with a
//! digit gets `nid_` in front: `nid_3gpp`). This module holds what those files say they leave
//! to Rust:
//!
//! * [`prose`]: rules the registrations state in prose, such as check digits and lengths,
//!   which reject an NSS the grammar accepted, and lints, which never reject;
//! * [`equivalence`]: the namespaces' own rules for lexical equivalence, in the form of the
//!   crate's namespace rules (they may only merge more URNs than RFC 8141 does).
// Wired into the API separately.
#![allow(dead_code)]

pub(crate) mod equivalence;
pub(crate) mod prose;

#[cfg(test)]
mod tests;

/// The namespaces with a grammar file, as (NID, entry rule) pairs, sorted by NID.
pub(crate) const NAMESPACES: &[(&str, &str)] = &[
    ("3gpp", "nid_3gpp"),
    ("dvb", "dvb"),
    ("epc", "epc"),
    ("epcglobal", "epcglobal"),
    ("example", "example"),
    ("gsma", "gsma"),
    ("ieee", "ieee"),
    ("ietf", "ietf"),
    ("iptc", "iptc"),
    ("isan", "isan"),
    ("isbn", "isbn"),
    ("iso", "iso"),
    ("issn", "issn"),
    ("lex", "lex"),
    ("mpeg", "mpeg"),
    ("mrn", "mrn"),
    ("nbn", "nbn"),
    ("nena", "nena"),
    ("newsml", "newsml"),
    ("oasis", "oasis"),
    ("ogc", "ogc"),
    ("oid", "oid"),
    ("publicid", "publicid"),
    ("s1000d", "s1000d"),
    ("uci", "uci"),
    ("uuid", "uuid"),
    ("xmpp", "xmpp"),
];

/// The entry rule (and prefix of every rule) of namespace `nid`'s grammar, compared
/// case-insensitively, or `None` when the crate has no grammar for it.
pub(crate) fn entry_rule(nid: &str) -> Option<&'static str> {
    NAMESPACES
        .iter()
        .find(|(listed, _)| listed.eq_ignore_ascii_case(nid))
        .map(|&(_, rule)| rule)
}
