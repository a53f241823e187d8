//! The structures that registrations state in words and no grammar file can say: how many
//! hyphens an ISBN of so many digits has, a parameter that an IMEI of another form needs, a
//! part that must be a domain name.

use super::check_characters::digits_with_index;
use super::{ProseRule, ProseViolation, Violation, violation};

/// `isbn`, IANA registration template, version 2, "Syntax": an ISBN-13 is "divided into five
/// parts which may be separated by optional hyphens"; an ISBN-10 "was divided into four
/// parts". So at most four hyphens, or three; the first one too many is reported.
pub(super) fn isbn_hyphens(nss: &str) -> Result<(), Violation> {
    let (max_hyphens, rule) = match digits_with_index(nss).len() {
        13 => (4, const { ProseRule::named("isbn_13_hyphens") }),
        10 => (3, const { ProseRule::named("isbn_10_hyphens") }),
        _ => return Ok(()),
    };
    match nss.match_indices('-').nth(max_hyphens) {
        Some((index, _)) => violation(index, ProseViolation::Structure { rule }),
        None => Ok(()),
    }
}

/// Whether `text` is RFC 7254's `imeival`: `8DIGIT "-" 6DIGIT "-" DIGIT`.
pub(in crate::namespace) fn is_imeival(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 17
        && b.iter().enumerate().all(|(i, c)| {
            if i == 8 || i == 15 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
}

/// `gsma`, RFC 7254 §4.1: "The optional 'vers' parameter and the 'ext-imei' field in the ABNF
/// are included for extensibility of the 'imei' NSS [...] In this case, the 'vers' parameter
/// would contain a non-zero value and the 'ext-imei' would be further defined [...] A value of
/// the 'vers' parameter equal to 0 or the absence of the 'vers' parameter means the URN format
/// is compliant with the format specified here." So an IMEI that is not an `imeival` needs a
/// `vers` other than 0.
pub(super) fn gsma(nss: &str) -> Result<(), Violation> {
    let Some(rest) = nss
        .get(..5)
        .filter(|head| head.eq_ignore_ascii_case("imei:"))
        .and_then(|_| nss.get(5..))
    else {
        return Ok(());
    };
    let mut parts = rest.split(';');
    let imei = parts.next().unwrap_or_default();
    if is_imeival(imei) {
        return Ok(());
    }
    let extended = parts.any(|param| {
        param
            .get(..5)
            .is_some_and(|name| name.eq_ignore_ascii_case("vers="))
            && param.get(5..).is_some_and(|value| value != "0")
    });
    if extended {
        return Ok(());
    }
    let rule = const { ProseRule::named("gsma_ext_imei_version") };
    violation(5, ProseViolation::Structure { rule })
}

/// `newsml`, RFC 3085 §2: "The ProviderId must be an Internet domain name": dot-separated
/// labels of letters, digits and hyphens, each neither empty nor starting or ending with a
/// hyphen (RFC 1035 §2.3.1, RFC 1123 §2.1). Its lengths are a rule of their own
/// (`lengths.rs`). Reported at the byte where the ProviderId stops being a domain name.
pub(super) fn newsml_provider_id(nss: &str) -> Result<(), Violation> {
    let provider = nss.split(':').next().unwrap_or_default();
    let mut start = 0;
    for label in provider.split('.') {
        let bytes = label.as_bytes();
        let not_ldh = bytes
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'-'));
        let bad = match (not_ldh, bytes) {
            (Some(bad), _) => Some(start + bad),
            (None, [] | [b'-', ..]) => Some(start),
            (None, [.., b'-']) => Some(start + bytes.len() - 1),
            (None, _) => None,
        };
        if let Some(index) = bad {
            let rule = const { ProseRule::named("newsml_provider_id") };
            return violation(index, ProseViolation::Structure { rule });
        }
        start += label.len() + 1;
    }
    Ok(())
}
