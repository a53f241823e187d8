//! What a registration advises against or leaves to assignment: lints on an NSS that its
//! grammar and prose rules accept ([`UrnLint::NamespaceAdvice`](crate::UrnLint::NamespaceAdvice)).
//! Nothing here makes a URN invalid.

use alloc::vec::Vec;

use crate::chars::hex_value;

use super::prose::is_imeival;

/// The namespaces registered under RFC 2141 whose grammars keep its "/" (RFC 2141 §2.3.2:
/// "Namespace developers SHOULD NOT use these characters in unencoded form").
#[rustfmt::skip]
const RFC2141_SLASH: &[&str] = &[
    "cablelabs", "ccsds", "cgi", "dgiwg", "dvb", "ebu", "epc", "epcglobal", "geant", "globus",
    "ieee", "iptc", "iso", "liberty", "mace", "mpeg", "nena", "nfc", "nid_3gpp", "oasis", "ogc",
    "ogf", "oma", "schac", "tva", "web3d", "xmlorg", "xmpp",
];

/// The sub-namespaces of the IANA registry "IETF URN Sub-namespaces" (RFC 6924 §2; the six
/// series of RFC 2648 and RFC 3553's `params`).
const IETF_SUB_NAMESPACES: &[&str] = &["rfc", "fyi", "std", "bcp", "id", "mtg", "params"];

/// What a registration advises against or leaves to assignment, on an NSS its grammar
/// accepted: (byte of the NSS, message). Nothing here makes a URN invalid.
pub(super) fn lints(nid_prefix: &str, nss: &str) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    match nid_prefix {
        "uuid" => found.extend(uuid_lint(nss)),
        "isbn" => {
            let digits = nss.bytes().filter(|&b| b != b'-').count();
            if digits == 10 {
                found.push((
                    0,
                    "an ISBN-10 should be converted to a 13 digit number (urn:isbn \
                     registration)",
                ));
            } else if digits == 13 && !(nss.starts_with("978") || nss.starts_with("979")) {
                found.push((
                    0,
                    "an ISBN-13 GS1 element other than 978 and 979 (urn:isbn registration)",
                ));
            }
        }
        "issn" => {
            if let Some(index) = nss.find('x') {
                found.push((
                    index,
                    "the ISSN check digit \"X\" must be upper-case (urn:issn registration)",
                ));
            }
        }
        "ietf" => {
            let label = nss.split(':').next().unwrap_or_default();
            if !IETF_SUB_NAMESPACES
                .iter()
                .any(|listed| listed.eq_ignore_ascii_case(label))
            {
                found.push((
                    0,
                    "not in the IANA registry of IETF URN sub-namespaces (RFC 6924)",
                ));
            }
        }
        "oid" => {
            let first = nss.split('.').next().unwrap_or_default();
            if !matches!(first, "0" | "1" | "2") {
                found.push((
                    0,
                    "an OID's first arc is one of the three pre-assigned top levels, 0, 1 \
                     and 2 (RFC 3061 §2)",
                ));
            }
        }
        "gsma" => {
            let imei = nss.get(5..).unwrap_or_default().split(';').next();
            if nss
                .get(..5)
                .is_some_and(|h| h.eq_ignore_ascii_case("imei:"))
                && imei.is_some_and(|imei| is_imeival(imei) && !imei.ends_with('0'))
            {
                found.push((
                    5 + 16,
                    "the IMEI spare digit is always set to zero in the URN (RFC 7254 \
                     §4.2.3)",
                ));
            }
        }
        // The version digit of the UUID (RFC 9562 §4.2).
        "cdx"
            if nss
                .as_bytes()
                .get(14)
                .is_some_and(|&version| version != b'4') =>
        {
            found.push((
                14,
                "BOM serial numbers are version 4 UUIDs (urn:cdx registration)",
            ));
        }
        "urn_5" => {
            let random = nss.split(':').next().unwrap_or_default();
            if random.len() < 27 {
                found.push((
                    0,
                    "new identifiers should contain at least 27 random characters (urn-5 \
                     registration)",
                ));
            }
        }
        "doi" => found.extend(doi_lint(nss)),
        // The grammar checks the lengths of the codes the template lists ("E" to "I", "0D" to
        // "0G"); a SAID of any other code passes it with a length nobody checked.
        "said"
            if !(nss.starts_with(['E', 'F', 'G', 'H', 'I'])
                || nss.starts_with("0D")
                || nss.starts_with("0E")
                || nss.starts_with("0F")
                || nss.starts_with("0G")) =>
        {
            found.push((
                0,
                "a CESR code the urn:said registration does not list: its length is not checked \
                 (CESR code table, CESR spec §11.4.2)",
            ));
        }
        "service" | "urn_7" => {
            if let Some(index) = nss.find(|c: char| c.is_ascii_uppercase()) {
                found.push((
                    index,
                    if nid_prefix == "service" {
                        "labels MUST be specified in all lower-case (RFC 5031 §3)"
                    } else {
                        "labels MUST be specified in all lowercase (RFC 6050 §4.4)"
                    },
                ));
            }
        }
        _ => {}
    }
    if RFC2141_SLASH.contains(&nid_prefix)
        && let Some(index) = nss.find('/')
    {
        found.push((
            index,
            "\"/\" SHOULD be percent-encoded in a namespace registered under RFC 2141 \
                 (RFC 2141 §2.3.2)",
        ));
    }
    found
}

/// `doi`, IANA registration template, "Character set": "URI percent encoding (see RFC 3986,
/// section 2.1) is required for characters in a DOI that are: [...] o reserved in the URI
/// syntax (see RFC 3986, section 2.2). The same rule is applied in creating a URN." Its ABNF
/// takes them unencoded (`DOI-CHARS = %x20-7E`), and DOI names are widely written with them,
/// so an unencoded reserved character that an NSS can hold (`:`, `@`, `/` after the one that
/// ends the prefix, and the sub-delims) is a lint, not a rejection.
fn doi_lint(nss: &str) -> Option<(usize, &'static str)> {
    let delimiter = nss.find('/')?;
    nss.bytes()
        .enumerate()
        .find(|&(index, b)| {
            // RFC 3986 §2.2: the reserved characters an NSS holds unencoded.
            index != delimiter && b":@/!$&'()*+,;=".contains(&b)
        })
        .map(|(index, _)| {
            (
                index,
                "the urn:doi registration requires characters reserved in URIs (RFC 3986 §2.2) \
                 to be percent-encoded",
            )
        })
}

/// `uuid`: a version or variant that RFC 9562 does not define (§4.1, §4.2), except the Nil
/// and Max UUIDs (§5.9, §5.10), whose variant is not RFC 9562's on purpose. RFC 4122 §3:
/// "there is no mechanism for determining whether a UUID is 'valid'", so these are lints.
fn uuid_lint(nss: &str) -> Option<(usize, &'static str)> {
    if uuid_special(nss).is_some() {
        return None;
    }
    let variant = nss.as_bytes().get(19).copied().and_then(hex_value)?;
    let version = nss.as_bytes().get(14).copied().and_then(hex_value)?;
    if !(8..=11).contains(&variant) {
        Some((19, "a UUID variant other than RFC 9562's (RFC 9562 §4.1)"))
    } else if !(1..=8).contains(&version) {
        Some((
            14,
            "a UUID version RFC 9562 does not define (RFC 9562 §4.2)",
        ))
    } else {
        None
    }
}

/// The two special UUIDs of RFC 9562.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SpecialUuid {
    /// §5.9: "The Nil UUID is special form of UUID that is specified to have all 128 bits set
    /// to zero."
    Nil,
    /// §5.10: "The Max UUID is a special form of UUID that is specified to have all 128 bits
    /// set to 1."
    Max,
}

/// Whether `nss` (a UUID the grammar accepted) is the Nil or the Max UUID, in any case.
pub(super) fn uuid_special(nss: &str) -> Option<SpecialUuid> {
    let hex = || nss.bytes().filter(|&b| b != b'-');
    if nss.len() != 36 {
        None
    } else if hex().all(|b| b == b'0') {
        Some(SpecialUuid::Nil)
    } else if hex().all(|b| b == b'f' || b == b'F') {
        Some(SpecialUuid::Max)
    } else {
        None
    }
}
