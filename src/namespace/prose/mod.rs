//! The rules that namespace registrations state in prose, checked on an NSS that its grammar
//! file (`namespaces/<nid>.pest`) accepted.
//!
//! [`check`] rejects what a registration, or the standard it names, requires and its grammar
//! file leaves to Rust. The rules come in a few families, one module each: check characters,
//! lengths, dates, encodings, and the few structural sentences no grammar can say. Each rule
//! is a row of [`RULES`] (the namespace, a name, the sentence of its message); a violation is
//! one of the families' kinds, naming its rule. What a registration only advises is no rule
//! here but a lint (`super::advice`).
//!
//! Every function takes the NSS as written in the URN (percent-encoded) and indexes bytes of
//! it. None of them panics on any input, the grammar's rejects included; on those their
//! answers mean nothing.

mod check_characters;
mod dates;
mod encodings;
mod lengths;
mod structure;

use core::fmt;

use super::Namespace;

pub(super) use structure::is_imeival;

/// A prose rule that an NSS breaks: where, and which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Violation {
    /// The byte of the NSS where the rule is broken.
    pub(crate) index: usize,
    pub(crate) kind: ProseViolation,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

/// A rule that a namespace registration states in prose (or by reference to the standard it
/// names), broken by an NSS that its grammar accepts: what kind of rule, the rule
/// ([`ProseViolation::rule`]), and what the NSS holds. Its `Display` is the message.
///
/// `Eq` compares the kind, the rule and what it holds.
///
/// ```
/// use urn_tag::Urn;
/// use urn_tag::namespace::{NamespaceCheck, NamespaceErrorKind, ProseViolation};
///
/// let urn = Urn::parse("urn:isbn:978-0-395-36341-7")?;
/// let NamespaceCheck::Invalid(error) = urn.check_namespace() else { panic!() };
/// let NamespaceErrorKind::Prose(violation) = error.kind() else { panic!() };
/// assert!(matches!(violation, ProseViolation::CheckCharacter { expected: '6', found: '7', .. }));
/// assert_eq!(violation.rule().name(), "isbn_check_digit");
/// assert_eq!(error.to_string(), "ISBN check digit must be 6, not 7 (ISO 2108) at byte 25");
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProseViolation {
    /// A check digit or check character other than the one the other characters call for.
    CheckCharacter {
        /// The rule.
        rule: ProseRule,
        /// The check character the other characters call for.
        expected: char,
        /// The check character written.
        found: char,
    },
    /// A part longer than the registration allows.
    TooLong {
        /// The rule.
        rule: ProseRule,
        /// The most the part may have, in the rule's unit (characters, octets, bytes).
        max: u32,
        /// What it has (at most `u32::MAX`: a longer part is reported as that).
        len: u32,
    },
    /// A date, or a time of day, that the calendar or the clock does not have.
    Date {
        /// The rule.
        rule: ProseRule,
        /// The year written.
        year: u16,
        /// The month written.
        month: u8,
        /// The day written.
        day: u8,
    },
    /// Percent-encoded octets that do not decode to the text the registration says the part
    /// is (UTF-8, maybe printable, maybe without some characters), or a character it excludes.
    Encoding {
        /// The rule.
        rule: ProseRule,
        /// What the decoded text holds where it goes wrong, at the error's index.
        found: Decoded,
    },
    /// A structure the registration states in words that no grammar can say.
    Structure {
        /// The rule.
        rule: ProseRule,
    },
}

impl ProseViolation {
    /// The rule broken.
    ///
    /// ```
    /// use urn_tag::Urn;
    /// use urn_tag::namespace::{NamespaceCheck, NamespaceErrorKind};
    ///
    /// let NamespaceCheck::Invalid(error) = Urn::parse("urn:issn:0317-8472")?.check_namespace() else { panic!() };
    /// let NamespaceErrorKind::Prose(violation) = error.kind() else { panic!() };
    /// assert_eq!(violation.rule().name(), "issn_check_digit");
    /// assert_eq!(violation.rule().namespace().nid(), "issn");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub const fn rule(self) -> ProseRule {
        match self {
            ProseViolation::CheckCharacter { rule, .. }
            | ProseViolation::TooLong { rule, .. }
            | ProseViolation::Date { rule, .. }
            | ProseViolation::Encoding { rule, .. }
            | ProseViolation::Structure { rule } => rule,
        }
    }
}

impl fmt::Display for ProseViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Sentence::{AtMost, Fixed, LongerThan, MustBe, NoDate, Text};
        match (*self, self.rule().row().sentence) {
            (
                ProseViolation::CheckCharacter {
                    expected, found, ..
                },
                MustBe(subject, source),
            ) => {
                write!(f, "{subject} must be {expected}, not {found} ({source})")
            }
            (ProseViolation::TooLong { max, len, .. }, AtMost(subject, unit, source)) => {
                write!(
                    f,
                    "{subject} must be at most {max} {unit}, not {len} ({source})"
                )
            }
            (ProseViolation::TooLong { max, .. }, LongerThan(subject, unit, source)) => {
                write!(f, "{subject} longer than {max} {unit} ({source})")
            }
            (
                ProseViolation::Date {
                    year, month, day, ..
                },
                NoDate(subject, source),
            ) => write!(
                f,
                "{subject} must be a date; {year:04}-{month:02}-{day:02} is none ({source})"
            ),
            (ProseViolation::Encoding { found, .. }, Text(subject, text, source)) => {
                write!(f, "{subject} must be {text} ({source}): {found}")
            }
            (_, Fixed(message)) => f.write_str(message),
            // A kind that its rule's sentence has no words for: no check makes one (the unit
            // tests write every rule's message), and the rule's subject still says what broke.
            (
                _,
                MustBe(subject, source)
                | AtMost(subject, _, source)
                | LongerThan(subject, _, source)
                | NoDate(subject, source)
                | Text(subject, _, source),
            ) => write!(f, "{subject} ({source})"),
        }
    }
}

/// What the percent-encoded octets of a part decode to where they stop being the text its
/// registration describes ([`ProseViolation::Encoding`]). Its `Display` names it.
///
/// ```
/// use urn_tag::Urn;
/// use urn_tag::namespace::{Decoded, NamespaceCheck, NamespaceErrorKind, ProseViolation};
///
/// let NamespaceCheck::Invalid(error) = Urn::parse("urn:nzl:govt:a%FF")?.check_namespace() else { panic!() };
/// let NamespaceErrorKind::Prose(ProseViolation::Encoding { found, .. }) = error.kind() else { panic!() };
/// assert_eq!(found, Decoded::NotUtf8(0xFF));
/// assert_eq!(error.to_string(), "an NZL NSS must be UTF-8 text (RFC 4350 §2): the octets from %FF are not UTF-8 at byte 14");
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Decoded {
    /// Octets that are not UTF-8 (RFC 3629), starting with this one.
    NotUtf8(u8),
    /// A control character (C0, DEL or C1), where the registration says printable.
    NotPrintable(char),
    /// A character that the registration excludes.
    Excluded(char),
}

impl fmt::Display for Decoded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Decoded::NotUtf8(octet) => {
                let octet = u32::from(octet);
                write!(f, "the octets from %{octet:02X} are not UTF-8")
            }
            Decoded::NotPrintable(c) => write!(f, "U+{:04X} is a control character", u32::from(c)),
            // The excluded characters are printable ASCII or the space: quoted as they are.
            Decoded::Excluded(c) => write!(f, "'{c}' is excluded"),
        }
    }
}

/// A rule that a namespace registration states in prose: small and `Copy`, as a
/// [`GrammarRule`](super::GrammarRule) is.
///
/// Rules are equal when they are the same rule.
///
/// ```
/// use urn_tag::Urn;
/// use urn_tag::namespace::{NamespaceCheck, NamespaceErrorKind};
///
/// let NamespaceCheck::Invalid(error) = Urn::parse("urn:mrn:abcdefghijklmnopqrstuvw:imo-number:9743368")?.check_namespace() else { panic!() };
/// let NamespaceErrorKind::Prose(violation) = error.kind() else { panic!() };
/// let rule = violation.rule();
/// assert_eq!((rule.name(), rule.namespace().nid()), ("mrn_oid_length", "mrn"));
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ProseRule(pub(super) u8);

impl ProseRule {
    /// The rule's name: the grammar's entry rule (`isbn`, `urn_6`) and what the rule is about,
    /// as the names of grammar rules are made (`isbn_check_digit`).
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The namespace whose registration states the rule.
    pub fn namespace(self) -> Namespace {
        Namespace::of(self.row().nid).unwrap_or_else(|| {
            // Every row's NID has a grammar (a unit test holds them to it).
            Namespace::all().next().expect("a namespace grammar")
        })
    }

    /// The rule named `name`; a name that no row of [`RULES`] has does not compile.
    pub(super) const fn named(name: &str) -> ProseRule {
        let mut index = 0;
        while index < RULES.len() {
            if same(RULES[index].name.as_bytes(), name.as_bytes()) {
                // Fewer than 256 rows (a unit test holds the table to that).
                return ProseRule(index as u8);
            }
            index += 1;
        }
        panic!("no prose rule of that name")
    }

    fn row(self) -> &'static Row {
        &RULES[usize::from(self.0)]
    }

    /// The text that the rule takes a part for, if it is a rule of decoded text.
    fn text(self) -> Option<encodings::Text> {
        match self.row().sentence {
            Sentence::Text(_, text, _) => Some(text),
            _ => None,
        }
    }
}

impl fmt::Debug for ProseRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ProseRule").field(&self.name()).finish()
    }
}

/// Whether two byte strings are equal, in a `const fn`, where `==` on slices cannot be called.
const fn same(a: &[u8], b: &[u8]) -> bool {
    match (a, b) {
        ([x, a @ ..], [y, b @ ..]) => *x == *y && same(a, b),
        (a, b) => a.is_empty() && b.is_empty(),
    }
}

/// A prose rule: its namespace, its name, and the words of its message.
pub(super) struct Row {
    pub(super) nid: &'static str,
    pub(super) name: &'static str,
    pub(super) sentence: Sentence,
}

/// The words of a rule's message, into which its violation puts what the NSS holds.
#[derive(Clone, Copy)]
pub(super) enum Sentence {
    /// (subject, source): "{subject} must be {expected}, not {found} ({source})".
    MustBe(&'static str, &'static str),
    /// (subject, unit, source): "{subject} must be at most {max} {unit}, not {len} ({source})".
    AtMost(&'static str, &'static str, &'static str),
    /// (subject, unit, source): "{subject} longer than {max} {unit} ({source})", for the parts
    /// of DNS names, whose lengths count differently from their characters.
    LongerThan(&'static str, &'static str, &'static str),
    /// (subject, source): "{subject} must be a date; {YYYY-MM-DD} is none ({source})".
    NoDate(&'static str, &'static str),
    /// (subject, text, source): "{subject} must be {text} ({source}): {found}", where the
    /// text says what the check takes the part for (`encodings::Text`).
    Text(&'static str, encodings::Text, &'static str),
    /// The whole message.
    Fixed(&'static str),
}

const fn row(nid: &'static str, name: &'static str, sentence: Sentence) -> Row {
    Row {
        nid,
        name,
        sentence,
    }
}

const RFC_1035_LABEL: &str = "RFC 1035 §2.3.4";
const RFC_1035_NAME: &str = "RFC 1035 §3.1: at most 253 characters";
const DNS_NAME: &str = "octets as a DNS name";

/// Every prose rule, by family. The family modules name them with [`ProseRule::named`].
#[rustfmt::skip]
pub(super) const RULES: [Row; 36] = {
    use Sentence::{AtMost, Fixed, LongerThan, MustBe, NoDate, Text};
    use encodings::Text as T;
    [
        // Check characters (check_characters.rs).
        row("isbn", "isbn_check_digit", MustBe("ISBN check digit", "ISO 2108")),
        row("issn", "issn_check_digit", MustBe("ISSN check digit", "ISO 3297")),
        row("isni", "isni_check_character",
            MustBe("ISNI check character", "ISO 27729, ISO/IEC 7064 MOD 11-2")),
        row("isan", "isan_check_character", MustBe("ISAN check character", "ISO 15706")),
        row("eidr", "eidr_check_character",
            MustBe("EIDR check character", "RFC 7972 §2, ISO 7064 MOD 37,36")),
        // Lengths (lengths.rs).
        row("mrn", "mrn_oid_length", AtMost("MRN OID", "characters", "urn:mrn registration")),
        row("mrn", "mrn_osnid_length", AtMost("MRN OSNID", "characters", "urn:mrn registration")),
        row("trivore", "trivore_urn_length",
            AtMost("a trivore URN", "characters", "urn:trivore registration")),
        row("ddi", "ddi_label_length",
            AtMost("DDI agency identifier label", "characters", "RFC 9517 §3.1.2")),
        row("ddi", "ddi_agency_identifier_length",
            AtMost("DDI agency identifier", "characters", "RFC 9517 §3.1.2")),
        row("service", "service_top_level_length",
            AtMost("top-level service name", "characters", "RFC 5031 §4.1")),
        row("alert", "alert_label_length", AtMost("alert-label", "octets",
            "RFC 7462 §7: a Non-Reserved LDH label of RFC 5890 §2.3.1")),
        row("urn-6", "urn_6_name_length",
            AtMost("a urn-6 name", "bytes as encoded", "urn:urn-6 informal template")),
        row("newsml", "newsml_provider_id_label_length",
            LongerThan("DNS label in NewsML ProviderId", "octets", RFC_1035_LABEL)),
        row("newsml", "newsml_provider_id_length",
            LongerThan("NewsML ProviderId", DNS_NAME, RFC_1035_NAME)),
        row("fdc", "fdc_provider_id_label_length",
            LongerThan("DNS label in FDC ProviderId", "octets", RFC_1035_LABEL)),
        row("fdc", "fdc_provider_id_length", LongerThan("FDC ProviderId", DNS_NAME, RFC_1035_NAME)),
        row("pwid", "pwid_archive_domain_label_length",
            LongerThan("label in PWID archive-domain", "characters", "RFC 1034 §3.5")),
        row("pwid", "pwid_archive_domain_length",
            LongerThan("PWID archive-domain", DNS_NAME, "RFC 1034 §3.1: at most 253 characters")),
        // Dates (dates.rs).
        row("newsml", "newsml_date_id", NoDate("NewsML DateId", "RFC 3085 §2")),
        row("fdc", "fdc_date_id", NoDate("FDC DateId", "RFC 4198 §3")),
        row("pwid", "pwid_archival_time", Fixed(
            "PWID archival-time out of range: month 01-12, a day of the month, hour 00-23, \
             minute 00-59, second 00-60 (urn:pwid IANA template)")),
        // Encodings (encodings.rs): the text that percent-encoded octets decode to.
        row("doi", "doi_text", Text("a DOI name", T::PRINTABLE, "urn:doi registration")),
        row("urn-6", "urn_6_name_text", Text("a urn-6 name",
            T { printable: true, excluded: "#<>[]|{} " }, "urn:urn-6 informal template")),
        row("nzl", "nzl_text", Text("an NZL NSS", T::UTF8, "RFC 4350 §2")),
        row("gsma", "gsma_text", Text("a gsma NSS", T::UTF8, "RFC 7254 §3")),
        row("nbn", "nbn_text", Text("a URN:NBN", T::UTF8, "RFC 8458 §4.3")),
        row("nan", "nan_text", Text("a URN:NAN", T::UTF8, "urn:nan registration")),
        row("urn-3", "urn_3_text", Text("a urn-3 NSS", T::UTF8, "urn-3 informal template, RFC 2141 §2.2")),
        row("mrn", "mrn_text", Text("an MRN", T::UTF8, "urn:mrn registration")),
        row("stalwart", "stalwart_text", Text("a stalwart NSS", T::UTF8, "urn:stalwart registration")),
        row("gs1", "gs1_text", Text("a gs1 NSS", T::UTF8, "urn:gs1 registration")),
        // Structure (structure.rs).
        row("isbn", "isbn_13_hyphens", Fixed(
            "an ISBN-13 has at most 4 hyphens, one between each two of its parts \
             (urn:isbn registration)")),
        row("isbn", "isbn_10_hyphens", Fixed(
            "an ISBN-10 has at most 3 hyphens, one between each two of its parts \
             (urn:isbn registration)")),
        row("gsma", "gsma_ext_imei_version", Fixed(
            "an IMEI that is not 8-6-1 digits needs a 'vers' parameter other than 0 \
             (RFC 7254 §4.1)")),
        row("newsml", "newsml_provider_id",
            Fixed("NewsML ProviderId must be an Internet domain name (RFC 3085 §2)")),
    ]
};

/// A check of one prose rule (or of a family's rules) on an NSS.
#[derive(Clone, Copy)]
enum Check {
    /// A check of its own.
    Of(fn(&str) -> Result<(), Violation>),
    /// The whole NSS decodes to the text that the rule describes (`encodings::text`).
    Text(ProseRule),
}

/// Checks the prose rules of the namespace whose grammar has the entry rule `entry`
/// (`isbn`, `nid_3gpp`, ...) on `nss`, which that grammar accepted, in the order that reports
/// the rule that says most about where the NSS goes wrong.
pub(crate) fn check(entry: &str, nss: &str) -> Result<(), Violation> {
    use Check::{Of, Text};
    use {check_characters as cc, dates as d, encodings as e, lengths as l, structure as s};
    const fn text(name: &str) -> Check {
        Text(ProseRule::named(name))
    }
    // Byte patterns, not string comparisons: this runs for every URN of a namespace, and
    // most namespaces have no prose rule.
    let checks: &[Check] = match entry.as_bytes() {
        b"isbn" => &[Of(s::isbn_hyphens), Of(cc::isbn)],
        b"issn" => &[Of(cc::issn)],
        b"isni" => &[Of(cc::isni)],
        b"isan" => &[Of(cc::isan)],
        b"eidr" => &[Of(cc::eidr)],
        b"mrn" => const { &[Of(l::mrn), text("mrn_text")] },
        b"trivore" => &[Of(l::trivore)],
        b"ddi" => &[Of(l::ddi)],
        b"service" => &[Of(l::service)],
        b"alert" => &[Of(l::alert)],
        b"gsma" => const { &[Of(s::gsma), text("gsma_text")] },
        b"newsml" => &[
            Of(s::newsml_provider_id),
            Of(l::newsml_provider_id),
            Of(d::newsml_date_id),
        ],
        b"fdc" => &[Of(l::fdc_provider_id), Of(d::fdc_date_id)],
        b"pwid" => &[Of(l::pwid_archive_domain), Of(d::pwid_archival_time)],
        b"urn_6" => &[Of(e::urn_6_name), Of(l::urn_6_name)],
        b"doi" => const { &[text("doi_text")] },
        b"nzl" => const { &[text("nzl_text")] },
        b"nbn" => const { &[text("nbn_text")] },
        b"nan" => const { &[text("nan_text")] },
        b"urn_3" => const { &[text("urn_3_text")] },
        b"stalwart" => const { &[text("stalwart_text")] },
        b"gs1" => const { &[text("gs1_text")] },
        _ => &[],
    };
    checks.iter().try_for_each(|check| match *check {
        Of(check) => check(nss),
        Text(rule) => e::text(0, nss, rule),
    })
}

/// A violation of a prose rule at byte `index` of the NSS.
fn violation(index: usize, kind: ProseViolation) -> Result<(), Violation> {
    Err(Violation { index, kind })
}
