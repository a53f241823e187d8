//! Lengths that a registration states and its grammar file leaves to Rust: an upper bound
//! the grammar would spell as a counted repetition too large to compile well, a bound on a
//! part that no rule delimits alone, and the lengths of DNS names (RFC 1035 §2.3.4).
//!
//! A part too long is reported at the first byte past its bound (a DNS name too long as a
//! whole, at its first byte, as [`dns::check_lengths`] does).

use crate::dns::{self, DnsLengthError};

use super::{ProseRule, ProseViolation, Violation, violation};

/// `text` longer than `max`: reported at its byte `start + max`.
fn bounded(start: usize, text: &str, max: usize, rule: ProseRule) -> Result<(), Violation> {
    if text.len() <= max {
        return Ok(());
    }
    too_long(start + max, rule, max, text.len())
}

/// A part of `len` (in the rule's unit) where `max` is allowed, reported at byte `index`.
fn too_long(index: usize, rule: ProseRule, max: usize, len: usize) -> Result<(), Violation> {
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    violation(
        index,
        ProseViolation::TooLong {
            rule,
            max: count(max),
            len: count(len),
        },
    )
}

/// The first label of `text` (between `separators`) longer than a DNS label may be, reported
/// at its 64th octet.
fn labels(text: &str, separators: &[char], rule: ProseRule) -> Result<(), Violation> {
    let mut start = 0;
    for label in text.split(separators) {
        bounded(start, label, dns::MAX_LABEL_OCTETS, rule)?;
        start += label.len() + 1;
    }
    Ok(())
}

/// A DNS name's lengths, by the rules `label` and `name` of its namespace.
fn dns_name(name: &str, label: ProseRule, whole: ProseRule) -> Result<(), Violation> {
    match dns::check_lengths(name.as_bytes()) {
        Ok(()) => Ok(()),
        Err((DnsLengthError::LabelTooLong, start)) => {
            let rest = name.get(start..).unwrap_or_default();
            let len = rest.split('.').next().unwrap_or_default().len();
            too_long(start, label, dns::MAX_LABEL_OCTETS, len)
        }
        Err((DnsLengthError::NameTooLong, start)) => too_long(start, whole, 255, name.len()),
    }
}

/// `mrn`, IANA registration template, version 2, "Syntax":
/// `OID= (alphanum) 0*20(alphanum / "-") (alphanum)` (so at most 22 characters) and
/// `OSNID = (alphanum) 0*32(alphanum / "-") (alphanum)` (at most 34).
pub(super) fn mrn(nss: &str) -> Result<(), Violation> {
    let mut fields = nss.splitn(3, ':');
    let oid = fields.next().unwrap_or_default();
    let osnid = fields.next().unwrap_or_default();
    bounded(0, oid, 22, const { ProseRule::named("mrn_oid_length") })?;
    let rule = const { ProseRule::named("mrn_osnid_length") };
    bounded(oid.len() + 1, osnid, 34, rule)
}

/// `trivore`, IANA registration template, "Syntax": "The maximum length for the URN is 512
/// characters": `urn:trivore:` and at most 500 of the NSS. Reported at the 513th character.
pub(super) fn trivore(nss: &str) -> Result<(), Violation> {
    const PREFIX: usize = "urn:trivore:".len();
    if PREFIX + nss.len() <= 512 {
        return Ok(());
    }
    let rule = const { ProseRule::named("trivore_urn_length") };
    too_long(512 - PREFIX, rule, 512, PREFIX + nss.len())
}

/// `ddi`, RFC 9517 §3.1.2, the comments of `dns-label` ("length limit is 63 characters") and
/// `agency-identifier` ("length limit is 255 characters"), both after RFC 2181 §11.
pub(super) fn ddi(nss: &str) -> Result<(), Violation> {
    let agency = nss.split(':').next().unwrap_or_default();
    labels(
        agency,
        &['.'],
        const { ProseRule::named("ddi_label_length") },
    )?;
    let rule = const { ProseRule::named("ddi_agency_identifier_length") };
    bounded(0, agency, 255, rule)
}

/// `service`, RFC 5031 §4.1: "To allow use within the constraints of S-NAPTR [RFC3958], all
/// top-level service names MUST NOT exceed 27 characters." (The ABNF says the same:
/// `top-level = let-dig [ *25let-dig-hyp let-dig ]`.)
pub(super) fn service(nss: &str) -> Result<(), Violation> {
    let top_level = nss.split('.').next().unwrap_or_default();
    let rule = const { ProseRule::named("service_top_level_length") };
    bounded(0, top_level, 27, rule)
}

/// `alert`, RFC 7462 §7: "<alert-label>s MUST comply with the syntax for Non-Reserved LDH
/// labels [RFC5890]"; RFC 5890 §2.3.1, of an LDH label: "Like all DNS labels, its total length
/// must not exceed 63 octets." Labels are separated by ":" and "@".
pub(super) fn alert(nss: &str) -> Result<(), Violation> {
    labels(
        nss,
        &[':', '@'],
        const { ProseRule::named("alert_label_length") },
    )
}

/// `urn-6`, its IANA informal template, "Declaration of syntactic structure": "The resultant
/// encoded string has a maximum size of 255 bytes." The name follows the second ":".
pub(super) fn urn_6_name(nss: &str) -> Result<(), Violation> {
    let Some((start, name)) = urn_6_name_of(nss) else {
        return Ok(());
    };
    bounded(
        start,
        name,
        255,
        const { ProseRule::named("urn_6_name_length") },
    )
}

/// The name of a `urn-6` NSS, after its language code and sub-namespace, with its start.
pub(super) fn urn_6_name_of(nss: &str) -> Option<(usize, &str)> {
    let mut fields = nss.splitn(3, ':');
    let (language, sub, name) = (fields.next()?, fields.next()?, fields.next()?);
    Some((language.len() + 1 + sub.len() + 1, name))
}

/// `newsml`, RFC 3085 §2: "The ProviderId must be an Internet domain name", within the
/// lengths of RFC 1035 §2.3.4, which tag authorities obey too ([`dns::check_lengths`]).
pub(super) fn newsml_provider_id(nss: &str) -> Result<(), Violation> {
    dns_name(
        nss.split(':').next().unwrap_or_default(),
        const { ProseRule::named("newsml_provider_id_label_length") },
        const { ProseRule::named("newsml_provider_id_length") },
    )
}

/// `fdc`, RFC 4198 §3: "ProviderId MUST be an Internet domain name", whose characters the
/// ABNF checks and whose lengths RFC 1035 §2.3.4 limits.
pub(super) fn fdc_provider_id(nss: &str) -> Result<(), Violation> {
    dns_name(
        nss.split(':').next().unwrap_or_default(),
        const { ProseRule::named("fdc_provider_id_label_length") },
        const { ProseRule::named("fdc_provider_id_length") },
    )
}

/// `pwid`, its IANA template, "Syntax": "'archive-domain' is <subdomain> as defined in section
/// 3.5 of RFC 1034", where "Labels must be 63 characters or less" and RFC 1034 §3.1 limits the
/// name to 255 octets.
pub(super) fn pwid_archive_domain(nss: &str) -> Result<(), Violation> {
    let Some((domain, _)) = nss.split_once(':') else {
        return Ok(());
    };
    dns_name(
        domain,
        const { ProseRule::named("pwid_archive_domain_label_length") },
        const { ProseRule::named("pwid_archive_domain_length") },
    )
}
