//! The namespaces' own rules for lexical equivalence, beyond RFC 8141 §3.
//!
//! Each rule has the form of [`crate::urn::NamespaceRule`]: it receives an NSS already in the
//! RFC's normal form (the hexadecimal digits of percent-encodings in upper case) and appends
//! its canonical form to `out`. Case-folding rules lower letters but never those hexadecimal
//! digits, so a rule only merges URNs that RFC 8141 keeps apart. A rule that depends on the
//! NSS's structure applies only to an NSS of that shape and leaves any other as it is.
//!
//! `uuid`, `isbn`, `issn`, `ietf` and `nbn` have rules in `crate::urn::equivalence`. The other
//! registrations either keep RFC 8141's rules (`epc`, `epcglobal`, `oasis`, `ogc`, `publicid`,
//! `oid`, `xmpp`, `3gpp`, `nena`, `iptc`, `example`) or state none (`lex`).

use alloc::string::String;

/// A namespace's equivalence rule.
pub(crate) type Rule = fn(&str, &mut String);

/// The rule of namespace `nid` (compared case-insensitively), if this module has one.
pub(crate) fn rule(nid: &str) -> Option<Rule> {
    let rules: [(&str, Rule); 10] = [
        ("dvb", dvb),
        ("gsma", gsma),
        ("ieee", ieee),
        ("isan", isan),
        ("iso", iso),
        ("mpeg", mpeg),
        ("mrn", mrn),
        ("newsml", newsml),
        ("s1000d", s1000d),
        ("uci", uci),
    ];
    rules
        .iter()
        .find(|(listed, _)| listed.eq_ignore_ascii_case(nid))
        .map(|&(_, rule)| rule)
}

/// Appends `text` with its letters in lower case, except the two hexadecimal digits after each
/// `%`, which keep the upper case of the RFC's normal form.
fn push_lowercase(out: &mut String, text: &str) {
    let mut hex_left = 0;
    for c in text.chars() {
        if hex_left > 0 {
            hex_left -= 1;
            out.push(c);
        } else {
            if c == '%' {
                hex_left = 2;
            }
            out.push(c.to_ascii_lowercase());
        }
    }
}

/// `dvb`, RFC 5328 §2, "Rules for Lexical Equivalence": "The "<NSS>" is case insensitive."
fn dvb(nss: &str, out: &mut String) {
    push_lowercase(out, nss);
}

/// `ieee`, RFC 8069 §2, "Rules for Lexical Equivalence": "The strings used as values for
/// "IEEEresource" and "ResourceSpecificString" are case insensitive." Those two strings make
/// up the whole NSS.
fn ieee(nss: &str, out: &mut String) {
    push_lowercase(out, nss);
}

/// `isan`, RFC 4246 §2, "Rules for Lexical Equivalence": "The ISAN-NSS is case-insensitive.
/// Upper and lower case characters are treated as identical."
fn isan(nss: &str, out: &mut String) {
    push_lowercase(out, nss);
}

/// `iso`, RFC 5141 §2.9: URNs are lexically equivalent after "4. normalize the case of all
/// elements" (besides the leading "urn:", the NID and %-escaping, which RFC 8141 covers).
fn iso(nss: &str, out: &mut String) {
    push_lowercase(out, nss);
}

/// `s1000d`, RFC 4688 §2, "Rules for Lexical Equivalence": "All generated identifiers are to
/// be considered case-insensitive."
fn s1000d(nss: &str, out: &mut String) {
    push_lowercase(out, nss);
}

/// `mpeg`, RFC 3614 §2, "Rules for Lexical Equivalence": "The "standard name" is
/// case-insensitive. Thus, the portion of the URN: urn:mpeg:{standard name}: is
/// case-insensitive for matches. The remainder of the identifier must be considered
/// case-sensitive." The standard name runs up to the first ":".
fn mpeg(nss: &str, out: &mut String) {
    match nss.split_once(':') {
        Some((standard, rest)) => {
            push_lowercase(out, standard);
            out.push(':');
            out.push_str(rest);
        }
        None => out.push_str(nss),
    }
}

/// `uci`, RFC 4179 §2, "Rules for Lexical Equivalence": "The "prefix" is case-insensitive.
/// [...] Remainder of the identifier is case-sensitive." The ABNF's `prefix` holds no "-" and
/// ends at the first one (`UCI = prefix "-" instance ...`); the rule's "urn:uci:{prefix
/// code}:" names a ":" that the ABNF does not have after the prefix.
fn uci(nss: &str, out: &mut String) {
    match nss.split_once('-') {
        Some((prefix, rest)) => {
            push_lowercase(out, prefix);
            out.push('-');
            out.push_str(rest);
        }
        None => out.push_str(nss),
    }
}

/// `mrn`, IANA registration template, version 2, "Rules for Lexical Equivalence": "Case
/// normalization must be applied to both the OID and OSNID part before determining lexical
/// equivalence." The OSNS keeps its case: its rules "must be clearly documented by the
/// governing organization".
fn mrn(nss: &str, out: &mut String) {
    let mut fields = nss.splitn(3, ':');
    match (fields.next(), fields.next(), fields.next()) {
        (Some(oid), Some(osnid), Some(osns)) => {
            push_lowercase(out, oid);
            out.push(':');
            push_lowercase(out, osnid);
            out.push(':');
            out.push_str(osns);
        }
        _ => out.push_str(nss),
    }
}

/// `gsma`, RFC 7254 §3, "Rules for Lexical Equivalence": "Two GSMA IMEI URNs are equivalent
/// if they have the same 'imeival' value, and the same parameter values in the same
/// sequential order, with the exception that the 'vers=0' parameter is to be ignored for the
/// purposes of comparison. All of these comparisons are to be case insensitive." Only the
/// 'imei' NSS is a GSMA IMEI URN; "Any identifier in the 'gsma' NSS can be compared using the
/// normal mechanisms", so other NSSs keep RFC 8141's rules.
fn gsma(nss: &str, out: &mut String) {
    let is_imei = nss
        .get(..5)
        .is_some_and(|head| head.eq_ignore_ascii_case("imei:"));
    if !is_imei {
        out.push_str(nss);
        return;
    }
    for (i, part) in nss.split(';').enumerate() {
        if i > 0 && part.eq_ignore_ascii_case("vers=0") {
            continue;
        }
        if i > 0 {
            out.push(';');
        }
        push_lowercase(out, part);
    }
}

/// `newsml`, RFC 3085 §2, "Rules for Lexical Equivalence": "URNs are lexically equivalent if
/// the ProviderId, DateId, NewsItemId, and RevisionId are all identical (case-insensitive
/// comparison)." The Update flag (`A`, `U` or none) after the RevisionId is not compared, so
/// it is dropped; an NSS that does not end with a RevisionId keeps RFC 8141's rules.
fn newsml(nss: &str, out: &mut String) {
    let fields = nss.split(':').count();
    let last = nss.rsplit(':').next().unwrap_or_default();
    let revision = last.trim_end_matches(['A', 'U', 'a', 'u']);
    let is_newsml = fields == 4
        && last.len() - revision.len() <= 1
        && !revision.is_empty()
        && revision.bytes().all(|b| b.is_ascii_digit());
    if is_newsml {
        push_lowercase(out, &nss[..nss.len() - (last.len() - revision.len())]);
    } else {
        out.push_str(nss);
    }
}
