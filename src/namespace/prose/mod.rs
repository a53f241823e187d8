//! The rules that namespace registrations state in prose, checked on an NSS that its grammar
//! file (`namespaces/<nid>.pest`) accepted.
//!
//! [`check`] rejects: check digits and check characters that the registration or the standard
//! it names requires, lengths the grammar leaves to Rust, and the few structural sentences no
//! grammar can say. [`lints`] never rejects: what a registration only advises, and what
//! depends on assignments (a version, a sub-namespace) that the registration does not close.
//!
//! Every function takes the NSS as written in the URN (percent-encoded) and indexes bytes of
//! it. None of them panics on any input, the grammar's rejects included; on those their
//! answers mean nothing.

use alloc::vec::Vec;
use core::fmt;

use crate::dns::{self, DnsLengthError};

/// A prose rule that an NSS breaks: where, and which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Violation {
    /// The byte of the NSS where the rule is broken.
    pub(crate) index: usize,
    pub(crate) kind: ProseViolation,
}

/// A rule that a namespace registration states in prose (or by reference to the standard it
/// names), broken by an NSS that its grammar accepts. Each belongs to one namespace
/// ([`ProseViolation::namespace_nid`]).
///
/// `Eq` compares the violation and what it holds (digits, lengths, parts).
///
/// ```
/// use urn_tag::Urn;
/// use urn_tag::namespace::{NamespaceCheck, NamespaceErrorKind, ProseViolation};
///
/// let urn = Urn::parse("urn:isbn:978-0-395-36341-7")?;
/// let NamespaceCheck::Invalid(error) = urn.check_namespace() else { panic!() };
/// assert_eq!(
///     error.kind(),
///     NamespaceErrorKind::Prose(ProseViolation::IsbnCheckDigit { expected: '6', found: '7' })
/// );
/// assert_eq!(error.to_string(), "ISBN check digit must be 6, not 7 (ISO 2108) at byte 25");
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProseViolation {
    /// ISBN-10 (modulus 11) or ISBN-13 (modulus 10) check digit (ISO 2108).
    IsbnCheckDigit {
        /// The check digit the other digits call for.
        expected: char,
        /// The check digit written.
        found: char,
    },
    /// More hyphens than an ISBN has gaps between its parts.
    IsbnHyphens {
        /// The number of digits: 10 or 13.
        digits: u8,
        /// The most hyphens an ISBN of that many digits has.
        max: u8,
    },
    /// ISSN check digit, "calculated on a modulus 11 basis using weights 8 to 2".
    IssnCheckDigit {
        /// The check digit the other digits call for.
        expected: char,
        /// The check digit written.
        found: char,
    },
    /// An MRN's OID or OSNID longer than its ABNF's counted repetition allows.
    MrnTooLong {
        /// Which part.
        part: MrnPart,
        /// The most characters it may have.
        max: u8,
        /// The characters it has (at most `u32::MAX`: a longer part is reported as that).
        len: u32,
    },
    /// A GSMA IMEI URN whose IMEI is not `imeival` and whose `vers` is absent or 0.
    GsmaExtImeiVersion,
    /// A NewsML DateId that is no day of the calendar.
    NewsmlDate {
        /// The year written.
        year: u16,
        /// The month written.
        month: u8,
        /// The day written.
        day: u8,
    },
    /// A NewsML ProviderId that is not an Internet domain name.
    NewsmlProviderId,
    /// A NewsML ProviderId with a label of more than 63 octets (RFC 1035 §2.3.4).
    NewsmlProviderIdLabelTooLong,
    /// A NewsML ProviderId of more than 255 octets as RFC 1035 §3.1 counts a DNS name: more
    /// than 253 characters.
    NewsmlProviderIdTooLong,
    /// An ISNI check character (ISO 27729, ISO/IEC 7064 MOD 11-2).
    IsniCheck {
        /// The check character the other digits call for.
        expected: char,
        /// The check character written.
        found: char,
    },
    /// A `trivore` URN of more than 512 characters.
    TrivoreTooLong {
        /// The characters of the URN's assigned name (at most `u32::MAX`: a longer one is
        /// reported as that).
        len: u32,
    },
    /// A `ddi` agency identifier with a label of more than 63 characters (RFC 9517 §3.1.2).
    DdiLabelTooLong {
        /// The characters of the label (at most `u32::MAX`).
        len: u32,
    },
    /// A `ddi` agency identifier of more than 255 characters (RFC 9517 §3.1.2).
    DdiAgencyTooLong {
        /// The characters of the agency identifier (at most `u32::MAX`).
        len: u32,
    },
    /// An FDC DateId that is no day of the calendar (RFC 4198 §3).
    FdcDate {
        /// The year written.
        year: u16,
        /// The month written.
        month: u8,
        /// The day written.
        day: u8,
    },
    /// An FDC ProviderId with a label of more than 63 octets (RFC 1035 §2.3.4).
    FdcProviderIdLabelTooLong,
    /// An FDC ProviderId of more than 255 octets as RFC 1035 §3.1 counts a DNS name: more
    /// than 253 characters.
    FdcProviderIdTooLong,
    /// A PWID archival-time whose month, day, hour, minute or second is out of the range the
    /// ABNF's comments give (urn:pwid IANA template, "Syntax").
    PwidArchivalTime,
    /// A PWID archive-domain with a label of more than 63 characters (RFC 1034 §3.5).
    PwidArchiveDomainLabelTooLong,
    /// A PWID archive-domain of more than 255 octets as RFC 1034 §3.1 counts a DNS name: more
    /// than 253 characters.
    PwidArchiveDomainTooLong,
    /// A `urn-6` name of more than 255 bytes as encoded (its IANA informal template).
    Urn6NameTooLong {
        /// The bytes it has (at most `u32::MAX`).
        len: u32,
    },
    /// A `urn-6` name with a character its IANA informal template excludes (`#<>[]|{}`), or
    /// a control character, which is not printable; %-encoded or not.
    Urn6NameCharacter,
    /// A `service` top-level service name of more than 27 characters (RFC 5031 §4.1).
    ServiceTopLevelTooLong {
        /// The characters it has (at most `u32::MAX`: a longer name is reported as that).
        len: u32,
    },
    /// An `alert` label of more than 63 octets (RFC 7462 §7: a Non-Reserved LDH label of RFC
    /// 5890 §2.3.1).
    AlertLabelTooLong {
        /// The octets it has (at most `u32::MAX`: a longer label is reported as that).
        len: u32,
    },
    /// An EIDR check character (RFC 7972 §2: ISO 7064 MOD 37,36 over the 20 hexadecimal
    /// digits of a suffix of the prefix `10.5240`).
    EidrCheck {
        /// The check character the hexadecimal digits call for.
        expected: char,
        /// The check character written.
        found: char,
    },
    /// A `doi` NSS whose percent-encoding decodes to a control character or to octets that
    /// are not UTF-8: DOI names hold "any printable characters from ISO/IEC 10646" (its IANA
    /// template).
    DoiCharacter,
    /// An ISAN check character (ISO 15706, ISO 7064 MOD 37,36).
    IsanCheck {
        /// The check character the other characters call for.
        expected: char,
        /// The check character written.
        found: char,
    },
}

/// The two length-limited parts of an MRN.
///
/// Values are equal when they name the same part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MrnPart {
    /// The organization ID.
    Oid,
    /// The organization-specific namespace ID.
    Osnid,
}

impl ProseViolation {
    /// The NID of the namespace whose registration states the rule.
    ///
    /// ```
    /// use urn_tag::namespace::ProseViolation;
    ///
    /// assert_eq!(ProseViolation::NewsmlProviderId.namespace_nid(), "newsml");
    /// ```
    pub const fn namespace_nid(self) -> &'static str {
        match self {
            ProseViolation::IsbnCheckDigit { .. } | ProseViolation::IsbnHyphens { .. } => "isbn",
            ProseViolation::IssnCheckDigit { .. } => "issn",
            ProseViolation::MrnTooLong { .. } => "mrn",
            ProseViolation::GsmaExtImeiVersion => "gsma",
            ProseViolation::NewsmlDate { .. }
            | ProseViolation::NewsmlProviderId
            | ProseViolation::NewsmlProviderIdLabelTooLong
            | ProseViolation::NewsmlProviderIdTooLong => "newsml",
            ProseViolation::IsanCheck { .. } => "isan",
            ProseViolation::EidrCheck { .. } => "eidr",
            ProseViolation::DoiCharacter => "doi",
            ProseViolation::IsniCheck { .. } => "isni",
            ProseViolation::TrivoreTooLong { .. } => "trivore",
            ProseViolation::FdcDate { .. }
            | ProseViolation::FdcProviderIdLabelTooLong
            | ProseViolation::FdcProviderIdTooLong => "fdc",
            ProseViolation::PwidArchivalTime
            | ProseViolation::PwidArchiveDomainLabelTooLong
            | ProseViolation::PwidArchiveDomainTooLong => "pwid",
            ProseViolation::Urn6NameTooLong { .. } | ProseViolation::Urn6NameCharacter => "urn-6",
            ProseViolation::DdiLabelTooLong { .. } | ProseViolation::DdiAgencyTooLong { .. } => {
                "ddi"
            }
            ProseViolation::ServiceTopLevelTooLong { .. } => "service",
            ProseViolation::AlertLabelTooLong { .. } => "alert",
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl fmt::Display for ProseViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ProseViolation::IsbnCheckDigit { expected, found } => write!(
                f,
                "ISBN check digit must be {expected}, not {found} (ISO 2108)"
            ),
            ProseViolation::IsbnHyphens { digits, max } => write!(
                f,
                "an ISBN-{digits} has at most {max} hyphens, one between each two of its parts \
                 (urn:isbn registration)"
            ),
            ProseViolation::IssnCheckDigit { expected, found } => write!(
                f,
                "ISSN check digit must be {expected}, not {found} (ISO 3297)"
            ),
            ProseViolation::MrnTooLong { part, max, len } => {
                let name = match part {
                    MrnPart::Oid => "OID",
                    MrnPart::Osnid => "OSNID",
                };
                write!(
                    f,
                    "MRN {name} must be at most {max} characters, not {len} \
                     (urn:mrn registration)"
                )
            }
            ProseViolation::GsmaExtImeiVersion => f.write_str(
                "an IMEI that is not 8-6-1 digits needs a 'vers' parameter other than 0 \
                 (RFC 7254 §4.1)",
            ),
            ProseViolation::NewsmlDate { year, month, day } => write!(
                f,
                "NewsML DateId must be a date; {year:04}-{month:02}-{day:02} is none \
                 (RFC 3085 §2)"
            ),
            ProseViolation::NewsmlProviderId => {
                f.write_str("NewsML ProviderId must be an Internet domain name (RFC 3085 §2)")
            }
            ProseViolation::NewsmlProviderIdLabelTooLong => f.write_str(
                "DNS label in NewsML ProviderId longer than 63 octets (RFC 1035 §2.3.4)",
            ),
            ProseViolation::NewsmlProviderIdTooLong => f.write_str(
                "NewsML ProviderId longer than 255 octets as a DNS name (RFC 1035 §3.1: at most \
                 253 characters)",
            ),
            ProseViolation::EidrCheck { expected, found } => write!(
                f,
                "EIDR check character must be {expected}, not {found} (RFC 7972 §2, ISO 7064 \
                 MOD 37,36)"
            ),
            ProseViolation::DoiCharacter => f.write_str(
                "a DOI name holds printable characters: this percent-encoding decodes to a \
                 control character or to octets that are not UTF-8 (urn:doi registration)",
            ),
            ProseViolation::IsanCheck { expected, found } => write!(
                f,
                "ISAN check character must be {expected}, not {found} (ISO 15706)"
            ),
            ProseViolation::IsniCheck { expected, found } => write!(
                f,
                "ISNI check character must be {expected}, not {found} (ISO 27729, ISO/IEC 7064 \
                 MOD 11-2)"
            ),
            ProseViolation::DdiLabelTooLong { len } => write!(
                f,
                "DDI agency identifier label must be at most 63 characters, not {len} (RFC 9517 \
                 §3.1.2)"
            ),
            ProseViolation::DdiAgencyTooLong { len } => write!(
                f,
                "DDI agency identifier must be at most 255 characters, not {len} (RFC 9517 \
                 §3.1.2)"
            ),
            ProseViolation::FdcDate { year, month, day } => write!(
                f,
                "FDC DateId must be a date; {year:04}-{month:02}-{day:02} is none (RFC 4198 §3)"
            ),
            ProseViolation::FdcProviderIdLabelTooLong => {
                f.write_str("DNS label in FDC ProviderId longer than 63 octets (RFC 1035 §2.3.4)")
            }
            ProseViolation::FdcProviderIdTooLong => f.write_str(
                "FDC ProviderId longer than 255 octets as a DNS name (RFC 1035 §3.1: at most 253 \
                 characters)",
            ),
            ProseViolation::PwidArchivalTime => f.write_str(
                "PWID archival-time out of range: month 01-12, a day of the month, hour 00-23, \
                 minute 00-59, second 00-60 (urn:pwid IANA template)",
            ),
            ProseViolation::PwidArchiveDomainLabelTooLong => f.write_str(
                "label in PWID archive-domain longer than 63 characters (RFC 1034 §3.5)",
            ),
            ProseViolation::PwidArchiveDomainTooLong => f.write_str(
                "PWID archive-domain longer than 255 octets as a DNS name (RFC 1034 §3.1: at most \
                 253 characters)",
            ),
            ProseViolation::Urn6NameTooLong { len } => write!(
                f,
                "a urn-6 name must be at most 255 bytes as encoded, not {len} (urn:urn-6 \
                 informal template)"
            ),
            ProseViolation::Urn6NameCharacter => f.write_str(
                "a urn-6 name cannot contain #<>[]|{} or a character that is not printable \
                 (urn:urn-6 informal template)",
            ),
            ProseViolation::TrivoreTooLong { len } => write!(
                f,
                "a trivore URN must be at most 512 characters, not {len} (urn:trivore \
                 registration)"
            ),
            ProseViolation::ServiceTopLevelTooLong { len } => write!(
                f,
                "top-level service name must be at most 27 characters, not {len} (RFC 5031 §4.1)"
            ),
            ProseViolation::AlertLabelTooLong { len } => write!(
                f,
                "alert-label must be at most 63 octets, not {len} (RFC 7462 §7: a Non-Reserved \
                 LDH label of RFC 5890 §2.3.1)"
            ),
        }
    }
}

/// Checks the prose rules of the namespace whose grammar has the entry rule `nid_prefix`
/// (`isbn`, `nid_3gpp`, ...) on `nss`, which that grammar accepted.
pub(crate) fn check(nid_prefix: &str, nss: &str) -> Result<(), Violation> {
    // Byte patterns, not string comparisons: this runs for every URN of a namespace, and
    // most namespaces have no prose rule.
    match nid_prefix.as_bytes() {
        b"isbn" => isbn(nss),
        b"issn" => issn(nss),
        b"mrn" => mrn(nss),
        b"gsma" => gsma(nss),
        b"newsml" => newsml(nss),
        b"isan" => isan(nss),
        b"eidr" => eidr(nss),
        b"doi" => doi(nss),
        b"service" => service(nss),
        b"isni" => isni(nss),
        b"trivore" => trivore(nss),
        b"ddi" => ddi(nss),
        b"fdc" => fdc(nss),
        b"pwid" => pwid(nss),
        b"urn_6" => urn_6(nss),
        b"alert" => alert(nss),
        _ => Ok(()),
    }
}

fn violation(index: usize, kind: ProseViolation) -> Result<(), Violation> {
    Err(Violation { index, kind })
}

/// The digits (and a final `X`) of an ISBN or ISSN with their byte indices, hyphens skipped;
/// at most 13, all an ISBN has, kept on the stack: an NSS with more yields an empty list,
/// which no check applies to.
fn digits_with_index(nss: &str) -> Digits {
    let mut digits = Digits {
        items: [(0, 0); 13],
        len: 0,
    };
    for (index, b) in nss.bytes().enumerate().filter(|&(_, b)| b != b'-') {
        let Some(slot) = digits.items.get_mut(digits.len) else {
            return Digits { len: 0, ..digits };
        };
        *slot = (index, b);
        digits.len += 1;
    }
    digits
}

/// Up to 13 digits with their byte indices.
struct Digits {
    items: [(usize, u8); 13],
    len: usize,
}

impl core::ops::Deref for Digits {
    type Target = [(usize, u8)];

    fn deref(&self) -> &[(usize, u8)] {
        &self.items[..self.len]
    }
}

fn digit_value(b: u8) -> u32 {
    match b {
        b'0'..=b'9' => u32::from(b - b'0'),
        b'X' | b'x' => 10,
        _ => 0,
    }
}

/// A check value of 0 to 10 as its character, `X` for 10.
fn check_char(value: u32) -> char {
    match value {
        10 => 'X',
        v => char::from_digit(v, 10).unwrap_or('?'),
    }
}

/// `isbn`, IANA registration template, version 2, "Syntax": an ISBN-13 is "divided into five
/// parts which may be separated by optional hyphens" and ends with "a modulo 10 check digit";
/// an ISBN-10 "was divided into four parts" and ends with "a modulo 11 check digit, using
/// upper-case "X" instead of 10; the details of the calculation being specified in ISO
/// 2108-1992". The modulus-10 digit uses the GS1 weights 1 and 3 (ISO 2108:2017); the
/// modulus-11 digit the weights 10 down to 2.
fn isbn(nss: &str) -> Result<(), Violation> {
    let digits = digits_with_index(nss);
    let max_hyphens = match digits.len() {
        13 => 4,
        10 => 3,
        _ => return Ok(()),
    };
    if let Some((index, _)) = nss
        .bytes()
        .enumerate()
        .filter(|&(_, b)| b == b'-')
        .nth(max_hyphens)
    {
        return violation(
            index,
            ProseViolation::IsbnHyphens {
                // An ISBN has 10 or 13 digits and at most 4 hyphens.
                digits: u8::try_from(digits.len()).unwrap_or(u8::MAX),
                max: u8::try_from(max_hyphens).unwrap_or(u8::MAX),
            },
        );
    }
    let (body, &(index, found)) = match digits.split_last() {
        Some((last, body)) => (body, last),
        None => return Ok(()),
    };
    let expected = if digits.len() == 13 {
        let sum: u32 = body
            .iter()
            .enumerate()
            .map(|(i, &(_, d))| digit_value(d) * if i % 2 == 0 { 1 } else { 3 })
            .sum();
        (10 - sum % 10) % 10
    } else {
        let sum: u32 = body
            .iter()
            .zip((2..=10).rev())
            .map(|(&(_, d), weight)| digit_value(d) * weight)
            .sum();
        (11 - sum % 11) % 11
    };
    let expected = check_char(expected);
    if char::from(found) != expected {
        return violation(
            index,
            ProseViolation::IsbnCheckDigit {
                expected,
                found: char::from(found),
            },
        );
    }
    Ok(())
}

/// `issn`, IANA registration template, version 2, "Syntax": "The check digit is always
/// located in the extreme right (low order) position, and is calculated on a modulus 11 basis
/// using weights 8 to 2." (ISO 3297; "X" stands for 10.) A lower-case `x` counts as `X` here;
/// its case is a lint.
fn issn(nss: &str) -> Result<(), Violation> {
    let digits = digits_with_index(nss);
    let Some((&(index, found), body)) = digits.split_last() else {
        return Ok(());
    };
    if digits.len() != 8 {
        return Ok(());
    }
    let sum: u32 = body
        .iter()
        .zip((2..=8).rev())
        .map(|(&(_, d), weight)| digit_value(d) * weight)
        .sum();
    let expected = check_char((11 - sum % 11) % 11);
    if char::from(found.to_ascii_uppercase()) != expected {
        return violation(
            index,
            ProseViolation::IssnCheckDigit {
                expected,
                found: char::from(found),
            },
        );
    }
    Ok(())
}

/// `mrn`, IANA registration template, version 2, "Syntax":
/// `OID= (alphanum) 0*20(alphanum / "-") (alphanum)` (so at most 22 characters) and
/// `OSNID = (alphanum) 0*32(alphanum / "-") (alphanum)` (at most 34). The grammar leaves the
/// bounds here; the index is the first character past the bound.
fn mrn(nss: &str) -> Result<(), Violation> {
    let mut fields = nss.splitn(3, ':');
    let oid = fields.next().unwrap_or_default();
    let osnid = fields.next().unwrap_or_default();
    for (part, start, text, max) in [
        (MrnPart::Oid, 0, oid, 22u8),
        (MrnPart::Osnid, oid.len() + 1, osnid, 34),
    ] {
        if text.len() > usize::from(max) {
            return violation(
                start + usize::from(max),
                ProseViolation::MrnTooLong {
                    part,
                    max,
                    len: u32::try_from(text.len()).unwrap_or(u32::MAX),
                },
            );
        }
    }
    Ok(())
}

/// `isni`, IANA registration template, "Syntax": "a check digit which is either a decimal
/// digit or the alphabetic character "X"", as ISO 27729 computes it: ISO/IEC 7064 MOD 11-2
/// over the 15 digits ("X" stands for 10). Reported at the check character.
fn isni(nss: &str) -> Result<(), Violation> {
    let Some((&found, digits)) = nss.as_bytes().split_last() else {
        return Ok(());
    };
    let total = digits
        .iter()
        .fold(0u32, |total, &d| ((total + digit_value(d)) * 2) % 11);
    let expected = check_char((12 - total) % 11);
    if char::from(found) != expected {
        return violation(
            digits.len(),
            ProseViolation::IsniCheck {
                expected,
                found: char::from(found),
            },
        );
    }
    Ok(())
}

/// `trivore`, IANA registration template, "Syntax": "The maximum length for the URN is 512
/// characters": `urn:trivore:` and at most 500 of the NSS. Reported at the 513th character.
fn trivore(nss: &str) -> Result<(), Violation> {
    const PREFIX: usize = "urn:trivore:".len();
    if PREFIX + nss.len() > 512 {
        return violation(
            512 - PREFIX,
            ProseViolation::TrivoreTooLong {
                len: u32::try_from(PREFIX + nss.len()).unwrap_or(u32::MAX),
            },
        );
    }
    Ok(())
}

/// `ddi`, RFC 9517 §3.1.2, the comments of `dns-label` ("length limit is 63 characters") and
/// `agency-identifier` ("length limit is 255 characters"), both after RFC 2181 §11. A label too
/// long is reported at its 64th character, an agency identifier at its 256th.
fn ddi(nss: &str) -> Result<(), Violation> {
    let agency = nss.split(':').next().unwrap_or_default();
    if let Some((start, label)) = label_too_long(agency, &['.']) {
        return violation(
            start + dns::MAX_LABEL_OCTETS,
            ProseViolation::DdiLabelTooLong {
                len: reported_len(label),
            },
        );
    }
    if agency.len() > 255 {
        return violation(
            255,
            ProseViolation::DdiAgencyTooLong {
                len: reported_len(agency),
            },
        );
    }
    Ok(())
}

/// The first label of `text` (between `separators`) longer than a DNS label may be, with the
/// index it starts at.
fn label_too_long<'t>(text: &'t str, separators: &[char]) -> Option<(usize, &'t str)> {
    let mut start = 0;
    for label in text.split(separators) {
        if label.len() > dns::MAX_LABEL_OCTETS {
            return Some((start, label));
        }
        start += label.len() + 1;
    }
    None
}

/// The length of a part of an NSS as a violation reports it.
fn reported_len(text: &str) -> u32 {
    u32::try_from(text.len()).unwrap_or(u32::MAX)
}

/// `service`, RFC 5031 §4.1: "To allow use within the constraints of S-NAPTR [RFC3958], all
/// top-level service names MUST NOT exceed 27 characters." (The ABNF says the same:
/// `top-level = let-dig [ *25let-dig-hyp let-dig ]`.) Reported at its 28th character.
fn service(nss: &str) -> Result<(), Violation> {
    let top_level = nss.split('.').next().unwrap_or_default();
    if top_level.len() > 27 {
        return violation(
            27,
            ProseViolation::ServiceTopLevelTooLong {
                len: reported_len(top_level),
            },
        );
    }
    Ok(())
}

/// `alert`, RFC 7462 §7: "<alert-label>s MUST comply with the syntax for Non-Reserved LDH
/// labels [RFC5890]"; RFC 5890 §2.3.1, of an LDH label: "Like all DNS labels, its total length
/// must not exceed 63 octets." Labels are separated by ":" and "@"; the first one too long is
/// reported at its 64th octet.
fn alert(nss: &str) -> Result<(), Violation> {
    if let Some((start, label)) = label_too_long(nss, &[':', '@']) {
        return violation(
            start + dns::MAX_LABEL_OCTETS,
            ProseViolation::AlertLabelTooLong {
                len: reported_len(label),
            },
        );
    }
    Ok(())
}

/// Whether `text` is RFC 7254's `imeival`: `8DIGIT "-" 6DIGIT "-" DIGIT`.
fn is_imeival(text: &str) -> bool {
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
fn gsma(nss: &str) -> Result<(), Violation> {
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
        Ok(())
    } else {
        violation(5, ProseViolation::GsmaExtImeiVersion)
    }
}

/// `newsml`, RFC 3085 §2: "The ProviderId must be an Internet domain name" and "DateId is a
/// date in ISO 8601 Basic Format (CCYYMMDD)". A domain name is dot-separated labels of letters,
/// digits and hyphens, each neither empty nor starting or ending with a hyphen (RFC 1035
/// §2.3.1, RFC 1123 §2.1), within the lengths of RFC 1035 §2.3.4, which tag authorities obey
/// too ([`dns::check_lengths`]); the date must exist in the Gregorian calendar.
fn newsml(nss: &str) -> Result<(), Violation> {
    let mut fields = nss.split(':');
    let provider = fields.next().unwrap_or_default();
    if let Some(index) = domain_name_error(provider) {
        return violation(index, ProseViolation::NewsmlProviderId);
    }
    if let Err((error, index)) = dns::check_lengths(provider.as_bytes()) {
        let kind = match error {
            DnsLengthError::LabelTooLong => ProseViolation::NewsmlProviderIdLabelTooLong,
            DnsLengthError::NameTooLong => ProseViolation::NewsmlProviderIdTooLong,
        };
        return violation(index, kind);
    }
    let date = fields.next().unwrap_or_default();
    let date_start = provider.len() + 1;
    let number = |range: core::ops::Range<usize>| {
        date.get(range)
            .and_then(|digits| digits.parse::<u16>().ok())
    };
    let (Some(year), Some(month), Some(day)) = (number(0..4), number(4..6), number(6..8)) else {
        return Ok(());
    };
    let (Ok(month), Ok(day)) = (u8::try_from(month), u8::try_from(day)) else {
        return Ok(());
    };
    if date.len() == 8 && (month == 0 || month > 12 || day == 0 || day > days_in(year, month)) {
        return violation(
            date_start + 6,
            ProseViolation::NewsmlDate { year, month, day },
        );
    }
    Ok(())
}

/// `fdc`, RFC 4198 §3: "ProviderId MUST be an Internet domain name", whose characters the
/// ABNF checks and whose lengths RFC 1035 §2.3.4 limits; "DateId is a date in ISO 8601 Basic
/// Format (CCYY[MM[DD]])", whose month and day ranges the ABNF checks, but not that the day is
/// in the month.
fn fdc(nss: &str) -> Result<(), Violation> {
    let mut fields = nss.split(':');
    let provider = fields.next().unwrap_or_default();
    if let Err((error, index)) = dns::check_lengths(provider.as_bytes()) {
        let kind = match error {
            DnsLengthError::LabelTooLong => ProseViolation::FdcProviderIdLabelTooLong,
            DnsLengthError::NameTooLong => ProseViolation::FdcProviderIdTooLong,
        };
        return violation(index, kind);
    }
    let date = fields.next().unwrap_or_default();
    let number = |range: core::ops::Range<usize>| {
        date.get(range)
            .and_then(|digits| digits.parse::<u16>().ok())
    };
    let (Some(year), Some(month), Some(day)) = (number(0..4), number(4..6), number(6..8)) else {
        return Ok(());
    };
    let (Ok(month), Ok(day)) = (u8::try_from(month), u8::try_from(day)) else {
        return Ok(());
    };
    if date.len() == 8 && day > days_in(year, month) {
        return violation(
            provider.len() + 1 + 6,
            ProseViolation::FdcDate { year, month, day },
        );
    }
    Ok(())
}

/// `pwid`, its IANA template, "Syntax": "'archive-domain' is <subdomain> as defined in section
/// 3.5 of RFC 1034", where "Labels must be 63 characters or less" and RFC 1034 §3.1 limits the
/// name to 255 octets; and the ranges of the ABNF's comments: "utc-month  = 2DIGIT  ; 01-12",
/// "utc-day    = 2DIGIT  ; 01-28, 01-29, 01-30, 01-31 based on month/year", "utc-hour   =
/// 2DIGIT  ; 00-23", "utc-minute = 2DIGIT  ; 00-59", "utc-sec = 2DIGIT  ; 00-58, 00-59, 00-60
/// based on leap second rules" (whether a second 60 was a leap second is not checked).
fn pwid(nss: &str) -> Result<(), Violation> {
    let Some((domain, rest)) = nss.split_once(':') else {
        return Ok(());
    };
    if let Err((error, index)) = dns::check_lengths(domain.as_bytes()) {
        let kind = match error {
            DnsLengthError::LabelTooLong => ProseViolation::PwidArchiveDomainLabelTooLong,
            DnsLengthError::NameTooLong => ProseViolation::PwidArchiveDomainTooLong,
        };
        return violation(index, kind);
    }
    let start = domain.len() + 1;
    let number = |at: usize, len: usize| {
        rest.get(at..at + len)
            .and_then(|digits| digits.parse::<u16>().ok())
    };
    let (Some(year), Some(month), Some(day)) = (number(0, 4), number(5, 2), number(8, 2)) else {
        return Ok(());
    };
    let Ok(month) = u8::try_from(month) else {
        return Ok(());
    };
    if !(1..=12).contains(&month) {
        return violation(start + 5, ProseViolation::PwidArchivalTime);
    }
    if day == 0 || day > u16::from(days_in(year, month)) {
        return violation(start + 8, ProseViolation::PwidArchivalTime);
    }
    let timed = rest
        .as_bytes()
        .get(10)
        .is_some_and(|b| b.eq_ignore_ascii_case(&b'T'));
    if timed {
        for (at, most) in [(11, 23), (14, 59), (17, 60)] {
            let field = at == 11 || rest.as_bytes().get(at - 1) == Some(&b':');
            let Some(value) = number(at, 2).filter(|_| field) else {
                break;
            };
            if value > most {
                return violation(start + at, ProseViolation::PwidArchivalTime);
            }
        }
    }
    Ok(())
}

/// `urn-6`, its IANA informal template, "Declaration of syntactic structure": "Place names can
/// contain any printable UTF-8 character except #<>[]|{} . Spaces are encoded as underscores
/// ("_"), and the entire UTF-8 string is URI encoded. The resultant encoded string has a
/// maximum size of 255 bytes." User names and topic identifiers have "identical restrictions
/// and encoding". The name follows the second ":".
fn urn_6(nss: &str) -> Result<(), Violation> {
    let mut fields = nss.splitn(3, ':');
    let (Some(language), Some(sub), Some(name)) = (fields.next(), fields.next(), fields.next())
    else {
        return Ok(());
    };
    let start = language.len() + 1 + sub.len() + 1;
    let bytes = name.as_bytes();
    let excluded = |byte: u8| b"#<>[]|{}".contains(&byte) || byte < 0x20 || byte == 0x7F;
    let mut index = 0;
    while index < bytes.len() {
        let (byte, width) = match bytes[index] {
            b'%' => match name
                .get(index + 1..index + 3)
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            {
                Some(byte) => (byte, 3),
                None => (b'%', 1),
            },
            byte => (byte, 1),
        };
        if excluded(byte) {
            return violation(start + index, ProseViolation::Urn6NameCharacter);
        }
        index += width;
    }
    if name.len() > 255 {
        let len = u32::try_from(name.len()).unwrap_or(u32::MAX);
        return violation(start + 255, ProseViolation::Urn6NameTooLong { len });
    }
    Ok(())
}

/// The byte of `name` at which it stops being a domain name in its characters, if it is not
/// one; its lengths are [`dns::check_lengths`]'s.
fn domain_name_error(name: &str) -> Option<usize> {
    let mut start = 0;
    for label in name.split('.') {
        let bytes = label.as_bytes();
        if let Some(bad) = bytes
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'-'))
        {
            return Some(start + bad);
        }
        match bytes {
            [] => return Some(start),
            [b'-', ..] => return Some(start),
            [.., b'-'] => return Some(start + bytes.len() - 1),
            _ => {}
        }
        start += label.len() + 1;
    }
    None
}

fn days_in(year: u16, month: u8) -> u8 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `isan`, RFC 4246 §2: "ISAN-NSS is conformant to URN syntax requirements defined in
/// [RFC2141] and is further constrained by [ISO15706]". ISO 15706 computes both check
/// characters with ISO 7064 MOD 37,36 (a hybrid system over 0-9 and A-Z): the first over the
/// 16 hexadecimal digits of root and episode, the second over those and the 8 of the version.
/// Letters compare in any case (RFC 4246: "The ISAN-NSS is case-insensitive").
fn isan(nss: &str) -> Result<(), Violation> {
    let bytes = nss.as_bytes();
    let hex_before = |end: usize| -> Vec<u8> {
        bytes
            .get(..end)
            .unwrap_or_default()
            .iter()
            .copied()
            .filter(u8::is_ascii_hexdigit)
            .collect()
    };
    // The first check character follows the 19 characters of "hhhh-hhhh-hhhh-hhhh-".
    let mut checks = Vec::new();
    if bytes.len() >= 21 {
        checks.push((20, hex_before(19)));
    }
    // The second one follows "-hhhh-hhhh-" after the first.
    if bytes.len() == 33 {
        let mut all = hex_before(19);
        for group in [22..26, 27..31] {
            all.extend(bytes.get(group).unwrap_or_default());
        }
        checks.push((32, all));
    }
    for (index, digits) in checks {
        let found = bytes.get(index).copied().unwrap_or(b'?');
        let expected = mod_37_36(&digits);
        if !char::from(found).eq_ignore_ascii_case(&expected) {
            return violation(
                index,
                ProseViolation::IsanCheck {
                    expected,
                    found: char::from(found),
                },
            );
        }
    }
    Ok(())
}

/// `eidr`, RFC 7972 §2: "When EIDR-PREFIX is equal to "10.5240", [...] CHECK is the Mod 37,36
/// check character as specified in [ISO7064], computed over the 20 hexadecimal digits HEXDIG
/// of RP2079-SUFFIX." The grammar has read that suffix as `5(4HEXDIG "-") CHECK`; letters
/// compare in any case ("case-insensitive string match").
fn eidr(nss: &str) -> Result<(), Violation> {
    let Some(suffix) = nss.strip_prefix("10.5240:") else {
        return Ok(());
    };
    let digits: Vec<u8> = suffix.bytes().filter(u8::is_ascii_hexdigit).collect();
    // "hhhh-" five times, then CHECK: a hexadecimal CHECK was counted among the digits.
    let (Some(&found), Some(digits)) = (suffix.as_bytes().get(25), digits.get(..20)) else {
        return Ok(());
    };
    let expected = mod_37_36(digits);
    if char::from(found).eq_ignore_ascii_case(&expected) {
        Ok(())
    } else {
        violation(
            "10.5240:".len() + 25,
            ProseViolation::EidrCheck {
                expected,
                found: char::from(found),
            },
        )
    }
}

/// `doi`, IANA registration template, "Character set": "DOI names may incorporate any
/// printable characters from ISO/IEC 10646", and "Unicode characters other than ASCII
/// printable characters SHALL be percent encoded when a URN is created from a DOI". An NSS
/// holds no raw character beyond ASCII, so each character beyond it is one run of triplets:
/// each run must decode to UTF-8 without control characters (C0, DEL, C1).
fn doi(nss: &str) -> Result<(), Violation> {
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
        while let Some(octet) = percent_encoded_octet(bytes, at) {
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
            return violation(index, ProseViolation::DoiCharacter);
        }
        // A '%' that starts no triplet is the grammar's reject.
        at += usize::from(octets.is_empty());
    }
    Ok(())
}

/// The octet of the `%HH` triplet at `at`, if one is there. (The crate's `chars::triplet` does
/// the same; this module is also compiled into the grammar tests, where it can name no crate
/// module but `dns`.)
fn percent_encoded_octet(bytes: &[u8], at: usize) -> Option<u8> {
    match bytes.get(at..at + 3)? {
        [b'%', high, low] if high.is_ascii_hexdigit() && low.is_ascii_hexdigit() => {
            Some(digit_hex(*high) << 4 | digit_hex(*low))
        }
        _ => None,
    }
}

/// The ISO 7064 MOD 37,36 check character of `text` (digits and letters).
fn mod_37_36(text: &[u8]) -> char {
    const ALPHABET: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut product = 36_u32;
    for &b in text {
        let value = ALPHABET
            .iter()
            .position(|&a| a == b.to_ascii_uppercase())
            .and_then(|v| u32::try_from(v).ok())
            .unwrap_or(0);
        let mut sum = (product + value) % 36;
        if sum == 0 {
            sum = 36;
        }
        product = (sum * 2) % 37;
    }
    let check = (37 - product) % 36;
    ALPHABET
        .get(usize::try_from(check).unwrap_or(0))
        .map_or('?', |&b| char::from(b))
}

/// The namespaces registered under RFC 2141 whose grammars keep its "/" (RFC 2141 §2.3.2:
/// "Namespace developers SHOULD NOT use these characters in unencoded form").
const RFC2141_SLASH: &[&str] = &[
    "cablelabs",
    "ccsds",
    "cgi",
    "dgiwg",
    "dvb",
    "ebu",
    "epc",
    "epcglobal",
    "geant",
    "globus",
    "ieee",
    "iptc",
    "iso",
    "liberty",
    "mace",
    "mpeg",
    "nena",
    "nfc",
    "nid_3gpp",
    "oasis",
    "ogc",
    "ogf",
    "oma",
    "schac",
    "tva",
    "web3d",
    "xmlorg",
    "xmpp",
];

/// The sub-namespaces of the IANA registry "IETF URN Sub-namespaces" (RFC 6924 §2; the six
/// series of RFC 2648 and RFC 3553's `params`).
const IETF_SUB_NAMESPACES: &[&str] = &["rfc", "fyi", "std", "bcp", "id", "mtg", "params"];

/// What a registration advises against or leaves to assignment, on an NSS its grammar
/// accepted: (byte of the NSS, message). Nothing here makes a URN invalid.
pub(crate) fn lints(nid_prefix: &str, nss: &str) -> Vec<(usize, &'static str)> {
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
            index != delimiter
                && matches!(
                    b,
                    b':' | b'@'
                        | b'/'
                        | b'!'
                        | b'$'
                        | b'&'
                        | b'\''
                        | b'('
                        | b')'
                        | b'*'
                        | b'+'
                        | b','
                        | b';'
                        | b'='
                )
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
    let variant = nss.as_bytes().get(19).copied().map(digit_hex)?;
    let version = nss.as_bytes().get(14).copied().map(digit_hex)?;
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

fn digit_hex(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        b'A'..=b'F' => b - b'A' + 10,
        _ => 0xff,
    }
}

/// The two special UUIDs of RFC 9562.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SpecialUuid {
    /// §5.9: "The Nil UUID is special form of UUID that is specified to have all 128 bits set
    /// to zero."
    Nil,
    /// §5.10: "The Max UUID is a special form of UUID that is specified to have all 128 bits
    /// set to 1."
    Max,
}

/// Whether `nss` (a UUID the grammar accepted) is the Nil or the Max UUID, in any case.
pub(crate) fn uuid_special(nss: &str) -> Option<SpecialUuid> {
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
