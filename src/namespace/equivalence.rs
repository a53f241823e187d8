//! The namespaces' own rules for lexical equivalence, beyond RFC 8141 §3.
//!
//! Each rule has the form of [`crate::urn::NamespaceRule`]: it receives an NSS already in the
//! RFC's normal form (the hexadecimal digits of percent-encodings in upper case) and appends
//! its canonical form to `out`. Case-folding rules lower letters but never those hexadecimal
//! digits, so a rule only merges URNs that RFC 8141 keeps apart. A rule that depends on the
//! NSS's structure applies only to an NSS of that shape and leaves any other as it is.
//!
//! The other registrations either keep RFC 8141's rules (`epc`, `epcglobal`, `oasis`, `ogc`,
//! `publicid`, `oid`, `xmpp`, `3gpp`, `nena`, `iptc`, `example`; `geant`, `liberty`, `mace` and
//! `schac`: "an exact, case-sensitive string match"; `globus`, `nato`, `cablelabs`, `cgi`,
//! `dgiwg`, `nfc`, `oma`, `web3d`: RFC 2141's; `itu`, `pno`, `uic`, `wmo`, `eurosystem`, `lei`,
//! `urn-1`, `urn-2`, `fipa`, `xmlorg`, `thread`, `gdr`, `urn-8`, `gvat`, `cdx`, `urn-4`,
//! `reso`: RFC 8141's) or state none (`lex`).

use alloc::string::String;

use crate::chars::push_lower_with_upper_hex;
use crate::nid_hash::short_nid_key;

/// A namespace's equivalence rule.
pub(crate) type Rule = fn(&str, &mut String);

/// The rule of namespace `nid` (compared case-insensitively), if this module has one.
pub(crate) fn rule(nid: &str) -> Option<Rule> {
    let key = short_nid_key(nid)?;
    RULES
        .iter()
        .find(|&&(listed, _)| listed == key)
        .map(|&(_, rule)| rule)
}

/// Each rule by the key of its NID, with the registration's words for it: a few comparisons of
/// numbers find one. Most registrations fold the case of the whole NSS, or of a prefix of it;
/// the others have a function of their own, whose documentation quotes them.
const RULES: [(u128, Rule); 42] = [
    // The whole NSS ignores case.
    // dvb: RFC 5328 §2, "Rules for Lexical Equivalence": "The "<NSS>" is case insensitive."
    (key("dvb"), fold_case),
    // doi: IANA registration template, "Rules for lexical equivalence": "Since the DOI-NSS is case
    // insensitive with respect to printable ASCII characters, parsers SHALL treat URN:DOIs
    // accordingly and ignore such case when URN:DOI identifiers are compared." Its rule that "any
    // percent encoding SHALL be removed" applies "where comparison is made between different
    // representations of a DOI name" (a URN and an HTTP URI, say), not between two URNs.
    (key("doi"), fold_case),
    // eidr: RFC 7972 §2, "Rules for Lexical Equivalence": "Lexical equivalence of the URN-EIDR is
    // defined by case-insensitive string match."
    (key("eidr"), fold_case),
    // ieee: RFC 8069 §2, "Rules for Lexical Equivalence": "The strings used as values for
    // "IEEEresource" and "ResourceSpecificString" are case insensitive." Those two strings make up
    // the whole NSS.
    (key("ieee"), fold_case),
    // isan: RFC 4246 §2, "Rules for Lexical Equivalence": "The ISAN-NSS is case-insensitive. Upper
    // and lower case characters are treated as identical."
    (key("isan"), fold_case),
    // iso: RFC 5141 §2.9: URNs are lexically equivalent after "4. normalize the case of all
    // elements" (besides the leading "urn:", the NID and %-escaping, which RFC 8141 covers).
    (key("iso"), fold_case),
    // s1000d: RFC 4688 §2, "Rules for Lexical Equivalence": "All generated identifiers are to be
    // considered case-insensitive."
    (key("s1000d"), fold_case),
    // ivis: RFC 4617 §2, "Rules for Lexical Equivalence": "The entire URN is case insensitive."
    (key("ivis"), fold_case),
    // pin: RFC 3043 §2, "Rules for Lexical Equivalence": "The entire URN is case-insensitive."
    (key("pin"), fold_case),
    // clei: RFC 4152 §2, "Rules for lexical equivalence": "Lexical equivalence of two CLEI URN
    // namespace specific strings is defined as an exact, case-insensitive string match."
    (key("clei"), fold_case),
    // nzl: RFC 4350 §2, "Rules for Lexical Equivalence": "The lexical equivalence of the NZL
    // namespace-specific strings (NSSs) is defined as an exact, but not case-sensitive, string
    // match." Percent-encoded octets keep their value ("textual data containing diacritic marks
    // [...] will not be treated as lexically equivalent to textual data without").
    (key("nzl"), fold_case),
    // urn-3: IANA informal template, "Rules for Lexical Equivalence": "The entire URN is
    // case-insensitive."
    (key("urn-3"), fold_case),
    // trivore: IANA registration template, "Syntax": "the Namespace Specific String (NSS) is
    // case-insensitive with respect to ASCII letters".
    (key("trivore"), fold_case),
    // stalwart: IANA registration template, "Syntax": "URN-equivalence within this namespace is as
    // defined in RFC 8141, with the addition that string comparison of the NSS is
    // case-insensitive."
    (key("stalwart"), fold_case),
    // adid: RFC 8107 §2, "Rules for Lexical Equivalence": "Lexical equivalence of URN-ADID is
    // defined by case-insensitive string match."
    (key("adid"), fold_case),
    // gdst: IANA registration template, "Syntax": each piece's paragraph says "For URN-equivalence,
    // the [prefix] is not case sensitive" (that of [domain / uuid] too, read as its own piece), and
    // likewise of [serial] and [secondary_id]. The data type paths between them are lower-case
    // words in every URN the grammar accepts, so the whole NSS is folded.
    (key("gdst"), fold_case),
    // alert: RFC 7462 §7, "Rules for lexical equivalence": "'alert' URNs are compared according to
    // case-insensitive string equality."
    (key("alert"), fold_case),
    // service: RFC 5031 §3, "Rules for lexical equivalence": "'service' identifiers are compared
    // according to case-insensitive string equality."
    (key("service"), fold_case),
    // urn-7: RFC 6050 §4.4, "Rules for lexical equivalence": "'service' identifiers are compared
    // according to case-insensitive string equality."
    (key("urn-7"), fold_case),
    // A prefix up to the first ":" ignores case; the rest keeps it.
    // mpeg: RFC 3614 §2, "Rules for Lexical Equivalence": "The "standard name" is case-insensitive.
    // Thus, the portion of the URN: urn:mpeg:{standard name}: is case-insensitive for matches. The
    // remainder of the identifier must be considered case-sensitive." The standard name runs up to
    // the first ":".
    (key("mpeg"), fold_case_before_colon),
    // tva: RFC 4195 §2, "Rules for Lexical Equivalence": "The "{category}" is case-insensitive.
    // Thus, the portion of the URN: urn:tva:{category}: is case-insensitive for matches. The
    // remainder of the identifier shall be considered case-sensitive". The category runs up to the
    // first ":", as `mpeg`'s standard name.
    (key("tva"), fold_case_before_colon),
    // ebu: RFC 5174 §2, "Rules for Lexical Equivalence": "The "{category}" is case-insensitive.
    // [...] The remainder of the identifier shall be considered case-sensitive". The category runs
    // up to the first ":", as `mpeg`'s standard name.
    (key("ebu"), fold_case_before_colon),
    // ddi: RFC 9517 §3.7, "Rules for Lexical Equivalence": "the following portion of the URN is
    // case insensitive for matches: urn:ddi:<agency-id>: The remainder of the identifier MUST be
    // considered case sensitive." The agency identifier runs up to the first ":".
    (key("ddi"), fold_case_before_colon),
    // fdc: RFC 4198 §3, "Rules for Lexical Equivalence": "In addition to the rules defined in RFC
    // 2141 [4], normalize the case of the ProviderId to lower case before comparison." The
    // ProviderId runs up to the first ":".
    (key("fdc"), fold_case_before_colon),
    // ogf: RFC 6453 §2.10, "Rules for Lexical Equivalence": "The <SNID> part of URNs in the OGF
    // hierarchy is case insensitive. Thus, the <SNID> MUST be case normalised before comparison."
    // The rest is "specific for each SNID", which the registration defines for none: it keeps its
    // case. The SNID runs up to the first ":" (`SNID ":" SUBNAMESPACE-SPECIFIC-STRING`).
    (key("ogf"), fold_case_before_colon),
    // ccsds: RFC 7738 §3.10, "Rules for Lexical Equivalence": "The <SNID> part of URNs in the CCSDS
    // hierarchy is case insensitive. Thus, the <SNID> MUST be case normalized before comparison."
    // The rest keeps its case, as `ogf`'s.
    (key("ccsds"), fold_case_before_colon),
    // A prefix up to the first "-" ignores case; the rest keeps it.
    // meta: IANA registration template, "Rules for lexical equivalence": "Whereas the prefix is
    // case insensitive, meta-strings MAY be case sensitive [...]; parsers therefore SHALL treat
    // these as case sensitive". The prefix holds no "-" and ends at the first one.
    (key("meta"), fold_case_before_hyphen),
    // nan: IANA registration template, "Syntax": "Whereas the prefix is regarded as case
    // insensitive, NAN strings can be case sensitive [...]; parsers therefore MUST treat these as
    // case sensitive". The prefix ends at the first "-", as `meta`'s.
    (key("nan"), fold_case_before_hyphen),
    // uci: RFC 4179 §2, "Rules for Lexical Equivalence": "The "prefix" is case-insensitive. [...]
    // Remainder of the identifier is case-sensitive." The ABNF's `prefix` holds no "-" and ends at
    // the first one (`UCI = prefix "-" instance ...`); the rule's "urn:uci:{prefix code}:" names a
    // ":" that the ABNF does not have after the prefix.
    (key("uci"), fold_case_before_hyphen),
    // Rules of their own: see each function.
    (key("isni"), isni),
    (key("smpte"), smpte),
    (key("gs1"), gs1),
    (key("pwid"), pwid),
    (key("urn-6"), urn_6),
    (key("mrn"), mrn),
    (key("gsma"), gsma),
    (key("newsml"), newsml),
    (key("uuid"), uuid),
    (key("isbn"), isbn),
    (key("issn"), issn),
    (key("ietf"), ietf),
    (key("nbn"), nbn),
];

const fn key(nid: &str) -> u128 {
    match short_nid_key(nid) {
        Some(key) => key,
        None => panic!("a NID of 16 characters or more"),
    }
}

/// The whole NSS with its case folded.
fn fold_case(nss: &str, out: &mut String) {
    push_lower_with_upper_hex(out, nss);
}

/// `nss` with its case folded up to the first `delimiter` (a prefix that ignores case) and
/// kept after it; all of it kept when it holds no `delimiter`.
fn fold_case_before(nss: &str, delimiter: char, out: &mut String) {
    match nss.split_once(delimiter) {
        Some((prefix, rest)) => {
            push_lower_with_upper_hex(out, prefix);
            out.push(delimiter);
            out.push_str(rest);
        }
        None => out.push_str(nss),
    }
}

/// The case of a prefix up to the first ":" folded (a standard name, category, SNID, agency
/// identifier, ProviderId).
fn fold_case_before_colon(nss: &str, out: &mut String) {
    fold_case_before(nss, ':', out);
}

/// The case of a prefix up to the first "-" folded (a prefix that holds no "-").
fn fold_case_before_hyphen(nss: &str, out: &mut String) {
    fold_case_before(nss, '-', out);
}

/// `isni`, IANA registration template, "Rules for lexical equivalence": "It is recommended
/// that a strictly non-conformant lower case "x" as the check-digit be converted to an
/// upper-case "X" before comparison is made." Only an NSS of 15 digits and "x" has one.
fn isni(nss: &str, out: &mut String) {
    match nss.strip_suffix('x') {
        Some(digits) if digits.len() == 15 && digits.bytes().all(|b| b.is_ascii_digit()) => {
            out.push_str(digits);
            out.push('X');
        }
        _ => out.push_str(nss),
    }
}

/// `smpte`, RFC 5119 §2, "Rules for Lexical Equivalence": "Lexical equivalence of URNs in
/// the "urn:smpte:ul" subnamespace is defined by case-insensitive string match." Outside it,
/// "exact string match of the namespace-specific subpart of the URN" (erratum 1324).
fn smpte(nss: &str, out: &mut String) {
    if nss
        .get(..3)
        .is_some_and(|head| head.eq_ignore_ascii_case("ul:"))
    {
        push_lower_with_upper_hex(out, nss);
    } else {
        out.push_str(nss);
    }
}

/// `gs1`, IANA registration template, version 1, "Syntax": "The literals urn, gs1, gdd, bie,
/// bdt, cl and std are case-insensitive for lexical comparison. Their canonical representation
/// is lowercase. Assigned values are case-sensitive unless the governing GS1 specification
/// explicitly states otherwise." The literals are the first segment (`gdd` or `std`) and, after
/// `gdd`, the second (`bie`, `bdt` or `cl`); an Application Identifier branch has none.
fn gs1(nss: &str, out: &mut String) {
    let literal =
        |segment: &str, names: &[&str]| names.iter().any(|name| segment.eq_ignore_ascii_case(name));
    let mut segments = nss.split(':');
    let first = segments.next().unwrap_or_default();
    let folded = if literal(first, &["gdd"]) {
        if segments
            .next()
            .is_some_and(|second| literal(second, &["bie", "bdt", "cl"]))
        {
            2
        } else {
            1
        }
    } else {
        usize::from(literal(first, &["std"]))
    };
    for (index, segment) in nss.split(':').enumerate() {
        if index > 0 {
            out.push(':');
        }
        if index < folded {
            push_lower_with_upper_hex(out, segment);
        } else {
            out.push_str(segment);
        }
    }
}

/// `pwid`, IANA registration template, version 1, "Syntax": "All parts of the pwid-NSS are
/// case insensitive, except for cases where the archived-uri represents a URI with case
/// sensitive parts." The archive-domain (up to the first ":"), the archival-time (up to its
/// "Z", the first after the domain) and the four letters of the precision-spec are folded.
/// The archived URI is kept as it is: which of its parts are case-sensitive depends on it.
fn pwid(nss: &str, out: &mut String) {
    let prefix = nss.split_once(':').and_then(|(domain, rest)| {
        let end = rest.find(['Z', 'z'])?;
        let precision = rest.get(end + 1..end + 7)?;
        let bytes = precision.as_bytes();
        (bytes[0] == b':' && bytes[5] == b':').then_some(domain.len() + 1 + end + 7)
    });
    match prefix {
        Some(prefix) => {
            push_lower_with_upper_hex(out, &nss[..prefix]);
            out.push_str(&nss[prefix..]);
        }
        None => out.push_str(nss),
    }
}

/// `urn-6`, IANA informal template, version 2, "Rules for Lexical Equivalence": two
/// identifiers are equivalent if "the language code is identical", "the sub-namespace
/// ("place", "user", "subject") is identical" and the names "differ only in the case of their
/// first character". The name follows the second ":"; its first character is lowered when it
/// is an ASCII letter (a %-encoded first character is kept as it is).
fn urn_6(nss: &str, out: &mut String) {
    let name = nss
        .match_indices(':')
        .nth(1)
        .map(|(index, _)| index + 1)
        .filter(|&start| {
            nss.as_bytes()
                .get(start)
                .is_some_and(u8::is_ascii_alphabetic)
        });
    match name {
        Some(start) => {
            out.push_str(&nss[..start]);
            out.push(char::from(nss.as_bytes()[start].to_ascii_lowercase()));
            out.push_str(&nss[start + 1..]);
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
            push_lower_with_upper_hex(out, oid);
            out.push(':');
            push_lower_with_upper_hex(out, osnid);
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
        push_lower_with_upper_hex(out, part);
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
        push_lower_with_upper_hex(out, &nss[..nss.len() - (last.len() - revision.len())]);
    } else {
        out.push_str(nss);
    }
}

/// `uuid`: RFC 4122 §3 "The hexadecimal values "a" through "f" are output as lower case
/// characters and are case insensitive on input"; RFC 9562 §4 alike.
fn uuid(nss: &str, out: &mut String) {
    let bytes = nss.as_bytes();
    let is_uuid = bytes.len() == 36
        && bytes.iter().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => *b == b'-',
            _ => b.is_ascii_hexdigit(),
        });
    if is_uuid {
        push_lower_with_upper_hex(out, nss);
    } else {
        out.push_str(nss);
    }
}

/// `isbn`, IANA template version 2: "If the NSS is an ISBN-10, first convert it to
/// ISBN-13"; "Remove all hyphens from the NSSs"; RFC 3187 §3.2: "convert any occurrences of
/// the letter X to upper case". An NSS with the digits of an ISBN-10 or ISBN-13 loses its
/// hyphens and has its `x` made `X`; an ISBN-10 converts to ISBN-13 only when its own check
/// digit is right, since the conversion computes a new one and would otherwise merge an
/// erroneous ISBN with a correct one.
fn isbn(nss: &str, out: &mut String) {
    // At most 13 digits matter; a longer NSS is no ISBN and is kept as it is. On the stack:
    // this runs for every ISBN URN a program compares or keys.
    let mut digits = [0u8; 13];
    let mut len = 0;
    for b in nss.bytes().filter(|&b| b != b'-') {
        let Some(slot) = digits.get_mut(len) else {
            out.push_str(nss);
            return;
        };
        *slot = b.to_ascii_uppercase();
        len += 1;
    }
    let digits = &digits[..len];
    let is_digits = |range: &[u8]| range.iter().all(u8::is_ascii_digit);
    let is_isbn13 = digits.len() == 13 && is_digits(digits);
    let is_isbn10 =
        digits.len() == 10 && is_digits(&digits[..9]) && matches!(digits[9], b'0'..=b'9' | b'X');
    let canonical = match () {
        () if is_isbn10 && isbn10_check_ok(digits) => &isbn10_to_isbn13(digits),
        () if is_isbn10 || is_isbn13 => digits,
        () => nss.as_bytes(),
    };
    // ASCII digits and `X`, or the NSS itself.
    out.push_str(core::str::from_utf8(canonical).unwrap_or(nss));
}

/// The ISBN-13 of a (checked) ISBN-10: "978", its first nine digits, and the modulus-10
/// check digit of those twelve (weights 1 and 3 alternating).
fn isbn10_to_isbn13(isbn10: &[u8]) -> [u8; 13] {
    let mut isbn13 = [0u8; 13];
    isbn13[..3].copy_from_slice(b"978");
    isbn13[3..12].copy_from_slice(&isbn10[..9]);
    let sum: u32 = isbn13[..12]
        .iter()
        .enumerate()
        .map(|(i, &d)| u32::from(d - b'0') * if i % 2 == 0 { 1 } else { 3 })
        .sum();
    isbn13[12] = b'0' + u8::try_from((10 - sum % 10) % 10).expect("a digit");
    isbn13
}

/// ISBN-10's modulus-11 check: the weighted sum (10 down to 1, `X` = 10) is a multiple of 11.
fn isbn10_check_ok(digits: &[u8]) -> bool {
    let sum: u32 = digits
        .iter()
        .zip((1..=10).rev())
        .map(|(&d, weight)| weight * if d == b'X' { 10 } else { u32::from(d - b'0') })
        .sum();
    sum.is_multiple_of(11)
}

/// `issn`, RFC 3044 and the IANA template: "if "x" is found it must be translated to "X"";
/// "The hyphen between the 4th and the 5th digit can be omitted". The canonical form is
/// `NNNN-NNNC`.
fn issn(nss: &str, out: &mut String) {
    let bytes = nss.as_bytes();
    let (first, second) = match bytes.len() {
        9 if bytes[4] == b'-' => (&bytes[..4], &bytes[5..]),
        8 => bytes.split_at(4),
        _ => (&[][..], &[][..]),
    };
    let is_issn = first.len() == 4
        && first.iter().all(u8::is_ascii_digit)
        && second[..3].iter().all(u8::is_ascii_digit)
        && matches!(second[3], b'0'..=b'9' | b'X' | b'x');
    if !is_issn {
        out.push_str(nss);
        return;
    }
    let mut canonical = [b'-'; 9];
    canonical[..4].copy_from_slice(first);
    canonical[5..].copy_from_slice(second);
    canonical[8] = canonical[8].to_ascii_uppercase();
    // ASCII digits, `-` and `X`.
    out.push_str(core::str::from_utf8(&canonical).unwrap_or(nss));
}

/// `ietf`, RFC 2648 §3 (Rules for Lexical Equivalence): "The entire URN is
/// case-insensitive." Letters are lowered, except the hexadecimal digits of
/// percent-encodings, which keep the RFC's upper case. Below `params`, RFC 3553 §3 (the
/// sub-namespace's own registration): "Lexical equivalence is achieved by exact string
/// match": the more specific registration wins there, and only the label `params` itself,
/// which RFC 2648 registered, ignores case.
fn ietf(nss: &str, out: &mut String) {
    match nss.split_once(':') {
        Some((label, rest)) if label.eq_ignore_ascii_case("params") => {
            out.push_str("params:");
            out.push_str(rest);
        }
        _ => push_lower_with_upper_hex(out, nss),
    }
}

/// `nbn`, RFC 8458 §4.3: URN:NBNs are lexically equivalent after converting "all characters
/// in the prefix (country code and its optional sub-divisions) to a single case", where
/// (§4.2) `prefix = iso-cc *( ":" subspc )`, `iso-cc = 2ALPHA`, `subspc = 1*(ALPHA / DIGIT)`,
/// followed by `"-" nbn-string`. The NBN string "MUST" be treated as case-sensitive, so only
/// an NSS of that shape has its prefix lowered.
fn nbn(nss: &str, out: &mut String) {
    let prefix_len = nss.find('-').unwrap_or(0);
    let prefix = &nss[..prefix_len];
    let mut sections = prefix.split(':');
    let country = sections.next().unwrap_or_default();
    let is_nbn = country.len() == 2
        && country.bytes().all(|b| b.is_ascii_alphabetic())
        && sections.all(|sub| !sub.is_empty() && sub.bytes().all(|b| b.is_ascii_alphanumeric()))
        && nss.len() > prefix_len + 1;
    if is_nbn {
        push_lower_with_upper_hex(out, prefix);
        out.push_str(&nss[prefix_len..]);
    } else {
        out.push_str(nss);
    }
}

#[cfg(test)]
mod builtin_tests {
    use super::*;
    use alloc::string::ToString;

    fn canonical(rule: fn(&str, &mut String), nss: &str) -> String {
        let mut out = String::new();
        rule(nss, &mut out);
        out.to_string()
    }

    #[test]
    fn uuid_rule_lowercases_only_uuids() {
        assert_eq!(
            canonical(uuid, "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"),
            "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
        );
        assert_eq!(canonical(uuid, "NOT-A-UUID"), "NOT-A-UUID");
    }

    #[test]
    fn isbn_rule_converts_isbn10_and_drops_hyphens() {
        // RFC 3187's example ISBN 0-395-36341-1 is ISBN-13 978-0-395-36341-6.
        assert_eq!(canonical(isbn, "0-395-36341-1"), "9780395363416");
        assert_eq!(canonical(isbn, "978-0-395-36341-6"), "9780395363416");
        assert_eq!(canonical(isbn, "080442957X"), "9780804429573");
        assert_eq!(canonical(isbn, "080442957x"), "9780804429573");
        // A wrong ISBN-10 check digit: not converted, but hyphens and case still do not count.
        assert_eq!(canonical(isbn, "0-395-36341-2"), "0395363412");
        assert_eq!(canonical(isbn, "0-8044-2957-x"), "9780804429573");
        assert_eq!(canonical(isbn, "0-8044-2958-x"), "080442958X");
        assert_eq!(canonical(isbn, "not-an-isbn"), "not-an-isbn");
        // More than an ISBN's thirteen characters: kept as written, hyphens and case too.
        assert_eq!(
            canonical(isbn, "978-0-395-36341-6-x"),
            "978-0-395-36341-6-x"
        );
    }

    #[test]
    fn ietf_rule_lowercases_all_but_hex_digits_and_what_follows_params() {
        assert_eq!(canonical(ietf, "RFC:2648"), "rfc:2648");
        // RFC 3553: below params, exact; the label params itself ignores case.
        assert_eq!(canonical(ietf, "Params:XML:ns:A%2C"), "params:XML:ns:A%2C");
    }

    #[test]
    fn nbn_rule_lowercases_only_the_prefix() {
        assert_eq!(canonical(nbn, "DE:101-ABC"), "de:101-ABC");
        assert_eq!(canonical(nbn, "FI-FE19981001"), "fi-FE19981001");
        assert_eq!(canonical(nbn, "CZ:Nk-0001%2C"), "cz:nk-0001%2C");
        // Not the RFC 8458 shape: compared as the RFC procedure leaves it.
        for nss in ["FI", "FI-", "FIN-X", "F1-X", "DE::A-X", "DE:A_B-X", "-X"] {
            assert_eq!(canonical(nbn, nss), nss);
        }
    }

    #[test]
    fn issn_rule_uppercases_x_and_restores_the_hyphen() {
        assert_eq!(canonical(issn, "1050-124x"), "1050-124X");
        assert_eq!(canonical(issn, "1050124X"), "1050-124X");
        assert_eq!(canonical(issn, "0317-8471"), "0317-8471");
        assert_eq!(canonical(issn, "0317-847"), "0317-847");
    }
}
