//! What percent-encoded octets decode to: a grammar file sees a `%HH` triplet as three
//! characters, and leaves to Rust the rules a registration states about the text they encode.

use alloc::vec::Vec;

use crate::chars;

use super::lengths::urn_6_name_of;
use super::{ProseRule, ProseViolation, Violation, violation};

/// `doi`, IANA registration template, "Character set": "DOI names may incorporate any
/// printable characters from ISO/IEC 10646", and "Unicode characters other than ASCII
/// printable characters SHALL be percent encoded when a URN is created from a DOI". An NSS
/// holds no raw character beyond ASCII, so each character beyond it is one run of triplets:
/// each run must decode to UTF-8 without control characters (C0, DEL, C1).
pub(super) fn doi(nss: &str) -> Result<(), Violation> {
    let bytes = nss.as_bytes();
    let mut at = 0;
    let (mut octets, mut starts) = (Vec::new(), Vec::new());
    while at < bytes.len() {
        if bytes.get(at) != Some(&b'%') {
            at += 1;
            continue;
        }
        octets.clear();
        starts.clear();
        while let Some(octet) = chars::triplet(bytes, at) {
            octets.push(octet);
            starts.push(at);
            at += 3;
        }
        let first_bad = match core::str::from_utf8(&octets) {
            Err(error) => Some(error.valid_up_to()),
            Ok(text) => text
                .char_indices()
                .find(|&(_, c)| c.is_control())
                .map(|(offset, _)| offset),
        };
        if let Some(&index) = first_bad.and_then(|offset| starts.get(offset)) {
            let rule = const { ProseRule::named("doi_characters") };
            return violation(index, ProseViolation::Encoding { rule });
        }
        // A '%' that starts no triplet is the grammar's reject.
        at += usize::from(octets.is_empty());
    }
    Ok(())
}

/// `urn-6`, its IANA informal template, "Declaration of syntactic structure": "Place names can
/// contain any printable UTF-8 character except #<>[]|{} . Spaces are encoded as underscores
/// ("_"), and the entire UTF-8 string is URI encoded." User names and topic identifiers have
/// "identical restrictions and encoding". The excluded characters and the control characters
/// (which are not printable) are rejected, %-encoded or not.
pub(super) fn urn_6_name(nss: &str) -> Result<(), Violation> {
    let Some((start, name)) = urn_6_name_of(nss) else {
        return Ok(());
    };
    let bytes = name.as_bytes();
    let excluded = |byte: u8| b"#<>[]|{}".contains(&byte) || byte < 0x20 || byte == 0x7F;
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        let (byte, width) = match chars::triplet(bytes, index) {
            Some(octet) => (octet, 3),
            None => (byte, 1),
        };
        if excluded(byte) {
            let rule = const { ProseRule::named("urn_6_name_characters") };
            return violation(start + index, ProseViolation::Encoding { rule });
        }
        index += width;
    }
    Ok(())
}
