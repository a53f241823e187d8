//! URN-equivalence (RFC 8141 §3) and lexical equivalence (RFC 2141 §5, draft §5), with
//! namespace rules that may only merge more.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::value::Urn;
use crate::chars::{has_percent, push_with_upper_hex};
use crate::namespace::{self, KeptCheck};
use crate::syntax::UrnSyntax;

/// What two URNs are compared by: equal keys, equivalent URNs.
///
/// Use it to deduplicate URNs the RFC way in a `HashMap` or `HashSet`:
///
/// ```
/// use std::collections::HashSet;
/// use urn_tag::Urn;
///
/// let urns = ["urn:example:a123,z456", "URN:EXAMPLE:a123,z456?=xyz", "urn:example:A123,z456"];
/// let distinct: HashSet<_> = urns
///     .iter()
///     .map(|text| Urn::parse(text).unwrap().equivalence_key())
///     .collect();
/// assert_eq!(distinct.len(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EquivalenceKey(String);

impl EquivalenceKey {
    /// The key's text: the URN in the normal form its comparison uses.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::parse("URN:Example:a%2cb?+r#f")?;
    /// assert_eq!(urn.equivalence_key().as_str(), "urn:example:a%2Cb");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key's text, without copying.
    ///
    /// ```
    /// let key = urn_tag::Urn::parse("urn:EX:y").unwrap().equivalence_key();
    /// assert_eq!(key.into_string(), "urn:ex:y");
    /// ```
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for EquivalenceKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A namespace's own equivalence rule (RFC 8141 §3.1: "URN namespace definitions MAY include
/// additional rules for URN-equivalence").
///
/// A rule rewrites an NSS into the namespace's canonical form. It receives the NSS already in
/// the RFC's normal form (the hexadecimal digits of percent-encodings in upper case), so it
/// can only merge URNs that the RFC procedure keeps apart, never split ones it merges: that
/// is the RFC's requirement that such rules "MUST NOT result in treating two URNs as not "the
/// same" if the procedure here says they are URN-equivalent", met by construction.
///
/// Any `Fn(&str, &mut String)` is a rule:
///
/// ```
/// use urn_tag::Urn;
/// use urn_tag::urn::Equivalence;
///
/// // A namespace whose NSS ignores case.
/// let rules = Equivalence::standard().with_rule("example", |nss: &str, out: &mut String| {
///     out.push_str(&nss.to_ascii_lowercase())
/// });
/// let a = Urn::parse("urn:example:ABC")?;
/// let b = Urn::parse("urn:example:abc")?;
/// assert!(rules.equivalent(&a, &b));
/// assert!(!a.equivalent(&b));
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
pub trait NamespaceRule: Send + Sync {
    /// Appends the canonical form of `nss` (already in the RFC's normal form) to `out`.
    fn canonicalize(&self, nss: &str, out: &mut String);
}

impl<F> NamespaceRule for F
where
    F: Fn(&str, &mut String) + Send + Sync,
{
    fn canonicalize(&self, nss: &str, out: &mut String) {
        self(nss, out);
    }
}

/// The equivalence procedure: the RFC's, plus namespace rules.
///
/// [`Urn::equivalent`] and [`Urn::equivalence_key`] use [`Equivalence::standard`]: the
/// procedure of the syntax the URN was parsed under (RFC 8141 §3, or RFC 2141 §5 and the
/// draft's §5) and the namespace rules built into this crate:
///
/// * `uuid` (RFC 4122, RFC 9562): the hexadecimal digits of a UUID are case-insensitive;
/// * `isbn` (IANA template, version 2; RFC 3187): hyphens are not significant, the check
///   digit `x` is `X`, and an ISBN-10 is the ISBN-13 it converts to;
/// * `issn` (RFC 3044, IANA template): the check digit `x` is `X`, and the hyphen between the
///   fourth and fifth digits may be omitted;
/// * `ietf` (RFC 2648): "The entire URN is case-insensitive", except below `params`, whose
///   own registration (RFC 3553) says "exact string match": there only the label `params`
///   ignores case;
/// * `nbn` (RFC 8458 §4.3): the prefix (the country code and its sub-namespaces, up to the
///   first `-`) is case-insensitive; the NBN string after it is not;
/// * `dvb` (RFC 5328), `iso` (RFC 5141), `ieee` (RFC 8069), `isan` (RFC 4246), `eidr` (RFC 7972),
///   `doi` (its IANA template): the NSS is case-insensitive; `mpeg` (RFC 3614): the standard's name
///   is; `uci` (RFC 4179): the prefix is; `s1000d` (RFC 4688): the whole URN is; `mrn` (its IANA
///   template): the OID and OSNID are; `newsml` (RFC 3085): its four fields are and its Update flag
///   does not count; `gsma` (RFC 7254): an IMEI's parameters are ordered and `vers=0` is the
///   default; `ccsds` (RFC 7738) and `ogf` (RFC 6453): the subnamespace identifier is
///   case-insensitive; `alert` (RFC 7462), `clei` (RFC 4152), `ivis` (RFC 4617), `pin` (RFC 3043),
///   `service` (RFC 5031) and `urn-7` (RFC 6050): the NSS is; `isni` (its IANA template): a
///   lower-case check character `x` is `X`; `ebu` (RFC 5174) and `tva` (RFC 4195): the category is
///   case-insensitive; `meta` and `nan` (their IANA templates): the prefix is; `ddi` (RFC 9517):
///   the agency identifier is; `fdc` (RFC 4198): the ProviderId is; `gs1` (its IANA template): the
///   branch literals `gdd`, `bie`, `bdt`, `cl` and `std` are; `pwid` (its IANA template): all but
///   the archived URI is; `urn-6` (its informal template): the first character of the name is;
///   `nzl` (RFC 4350) and `urn-3` (its informal template): the NSS is; `smpte` (RFC 5119): a `ul:`
///   NSS is; `gdst`, `stalwart` and `trivore` (their IANA templates) and `adid` (RFC 8107): the NSS
///   is.
///
/// A namespace rule only applies to an NSS of its namespace's shape; anything else is
/// compared by the RFC procedure alone.
///
/// ```
/// use urn_tag::Urn;
/// use urn_tag::urn::Equivalence;
///
/// let a = Urn::parse("urn:isbn:0-395-36341-1")?;
/// let b = Urn::parse("urn:isbn:9780395363416")?;
/// assert!(Equivalence::standard().equivalent(&a, &b)); // the IANA template's ISBN-13 rule
/// assert!(!Equivalence::rfc().equivalent(&a, &b));
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
pub struct Equivalence {
    builtins: bool,
    custom: Vec<(Box<str>, Box<dyn NamespaceRule>)>,
}

impl Equivalence {
    /// The RFC procedure alone, with no namespace rule.
    ///
    /// ```
    /// use urn_tag::Urn;
    /// use urn_tag::urn::Equivalence;
    ///
    /// let upper = Urn::parse("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6")?;
    /// let lower = Urn::parse("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")?;
    /// assert!(!Equivalence::rfc().equivalent(&upper, &lower));
    /// assert!(Equivalence::standard().equivalent(&upper, &lower));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub const fn rfc() -> Self {
        Equivalence {
            builtins: false,
            custom: Vec::new(),
        }
    }

    /// The RFC procedure and the namespace rules built into this crate (the 15 listed on
    /// [`Equivalence`]: `uuid`, `isbn`, `issn`, `ietf`, `nbn`, ...); what [`Urn::equivalent`]
    /// uses.
    ///
    /// ```
    /// use urn_tag::Urn;
    /// use urn_tag::urn::Equivalence;
    ///
    /// let a = Urn::parse("urn:ISSN:1050-124x")?;
    /// assert_eq!(Equivalence::standard().key(&a), a.equivalence_key());
    /// assert_eq!(a.equivalence_key().as_str(), "urn:issn:1050-124X");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub const fn standard() -> Self {
        Equivalence {
            builtins: true,
            custom: Vec::new(),
        }
    }

    /// Adds (or replaces) the rule of namespace `nid` (compared case-insensitively).
    ///
    /// ```
    /// use urn_tag::Urn;
    /// use urn_tag::urn::Equivalence;
    ///
    /// let rules = Equivalence::rfc().with_rule("oid", |nss: &str, out: &mut String| out.push_str(nss));
    /// assert!(rules.equivalent(&Urn::parse("urn:oid:1.2")?, &Urn::parse("URN:OID:1.2")?));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    #[must_use]
    pub fn with_rule(mut self, nid: &str, rule: impl NamespaceRule + 'static) -> Self {
        self.custom
            .retain(|(listed, _)| !listed.eq_ignore_ascii_case(nid));
        self.custom.push((nid.into(), Box::new(rule)));
        self
    }

    /// The key `urn` is compared by.
    ///
    /// Under RFC 8141 it is the assigned-name (`urn:NID:NSS`, the r-, q- and f-components
    /// dropped: §3.1 "it MUST be ignored") with `urn` and the NID in lower case and the
    /// hexadecimal digits of the NSS's percent-encodings in upper case; percent-encodings are
    /// never decoded. Under RFC 2141 and the draft it is the whole URN with the same three
    /// normalizations (the draft's query and fragment included). A namespace rule then
    /// rewrites the NSS.
    ///
    /// ```
    /// use urn_tag::{UrnSyntax, Urn};
    /// use urn_tag::urn::Equivalence;
    ///
    /// let rfc = Equivalence::rfc();
    /// assert_eq!(rfc.key(&Urn::parse("URN:Ex:a%2c?=q")?).as_str(), "urn:ex:a%2C");
    /// let draft = Urn::parse_with("URN:Ex:a%2c?q", UrnSyntax::Rfc2141bis)?;
    /// assert_eq!(rfc.key(&draft).as_str(), "urn:ex:a%2C?q");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn key<S: AsRef<str>>(&self, urn: &Urn<S>) -> EquivalenceKey {
        let mut key = String::with_capacity(urn.as_str().len());
        self.push_key(urn, &mut key);
        EquivalenceKey(key)
    }

    /// Appends the text of the key `urn` is compared by ([`Equivalence::key`]) to `out`: a
    /// program that writes out the keys of many URNs fills one buffer again and again
    /// instead of allocating a key for each.
    ///
    /// ```
    /// use urn_tag::Urn;
    /// use urn_tag::urn::Equivalence;
    ///
    /// let standard = Equivalence::standard();
    /// let mut keys = String::new();
    /// for text in ["URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", "urn:ex:a%2c?+r"] {
    ///     keys.clear();
    ///     standard.push_key(&Urn::parse_borrowed(text)?, &mut keys);
    ///     assert_eq!(keys, standard.key(&Urn::parse_borrowed(text)?).as_str());
    /// }
    /// assert_eq!(keys, "urn:ex:a%2C");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn push_key<S: AsRef<str>>(&self, urn: &Urn<S>, out: &mut String) {
        let nss = urn.nss();
        let key = out;
        push_scheme_and_nid(key, urn);
        match self.rule(urn.nid()) {
            // The rule receives the NSS in normal form, copied only if it is not already.
            Some(rule) if has_percent(nss.as_bytes()) => {
                let mut normal = String::with_capacity(nss.len());
                push_with_upper_hex(&mut normal, nss);
                rule.canonicalize(&normal, key);
            }
            Some(rule) => rule.canonicalize(nss, key),
            None => push_with_upper_hex(key, nss),
        }
        if urn.syntax() != UrnSyntax::Rfc8141 {
            push_with_upper_hex(key, &urn.as_str()[urn.assigned_name().len()..]);
        }
    }

    /// Whether `a` and `b` are equivalent: whether their keys are equal.
    ///
    /// Compare URNs parsed under the same syntax: under the draft a query is part of the
    /// comparison, under RFC 8141 a q-component is not.
    ///
    /// ```
    /// use urn_tag::Urn;
    /// use urn_tag::urn::Equivalence;
    ///
    /// let rfc = Equivalence::rfc();
    /// assert!(rfc.equivalent(&Urn::parse("urn:ex:a#x")?, &Urn::parse("URN:EX:a?+r")?));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn equivalent<S: AsRef<str>, T: AsRef<str>>(&self, a: &Urn<S>, b: &Urn<T>) -> bool {
        self.key(a) == self.key(b)
    }

    /// Whether a namespace rule (built in or added with [`with_rule`](Self::with_rule))
    /// applies to NID `nid`, in any case. Without one, the key of a URN is what RFC 8141 §3
    /// alone makes of it: for an RFC 8141 URN already [normalized](Urn::is_normalized), its
    /// assigned-name as written, which a program can use without building the key.
    ///
    /// ```
    /// use urn_tag::urn::Equivalence;
    ///
    /// assert!(Equivalence::standard().has_rule("UUID"));
    /// assert!(!Equivalence::standard().has_rule("example"));
    /// assert!(!Equivalence::rfc().has_rule("uuid"));
    /// ```
    pub fn has_rule(&self, nid: &str) -> bool {
        self.rule(nid).is_some()
    }

    fn rule(&self, nid: &str) -> Option<Rule<'_>> {
        let custom = self
            .custom
            .iter()
            .find(|(listed, _)| listed.eq_ignore_ascii_case(nid));
        if let Some((_, rule)) = custom {
            return Some(Rule::Custom(rule.as_ref()));
        }
        if !self.builtins {
            return None;
        }
        namespace::equivalence::rule(nid).map(Rule::Builtin)
    }
}

impl Default for Equivalence {
    /// [`Equivalence::standard`].
    fn default() -> Self {
        Equivalence::standard()
    }
}

impl fmt::Debug for Equivalence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let custom: Vec<&str> = self.custom.iter().map(|(nid, _)| &**nid).collect();
        f.debug_struct("Equivalence")
            .field("builtins", &self.builtins)
            .field("custom", &custom)
            .finish()
    }
}

/// A namespace rule: one given to [`Equivalence::with_rule`], or one of the crate's.
enum Rule<'a> {
    Custom(&'a dyn NamespaceRule),
    Builtin(fn(&str, &mut String)),
}

impl Rule<'_> {
    fn canonicalize(&self, nss: &str, out: &mut String) {
        match self {
            Rule::Custom(rule) => rule.canonicalize(nss, out),
            Rule::Builtin(rule) => rule(nss, out),
        }
    }
}

/// The standard procedure, used by [`Urn::equivalence_key`]; it allocates nothing until
/// used.
pub(super) static STANDARD: Equivalence = Equivalence::standard();

impl<S: AsRef<str>> Urn<S> {
    /// The URN in case-normalized form (RFC 3986 §6.2.2.1, as RFC 8141 §3 and RFC 2141 §5
    /// apply it): `urn` and the NID in lower case, the hexadecimal digits of every
    /// percent-encoding in upper case. Percent-encodings are never decoded, and everything
    /// else, components included, is kept as written.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::parse("URN:Example:a%2cB?=x%3f")?;
    /// assert_eq!(urn.normalized().as_str(), "urn:example:a%2CB?=x%3F");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn normalized(&self) -> Urn {
        let text = self.as_str();
        let mut normal = String::with_capacity(text.len());
        push_scheme_and_nid(&mut normal, self);
        push_with_upper_hex(&mut normal, &text[self.offsets.nid_end + 1..]);
        // Case changes move no byte, so the offsets still hold. The namespace's verdict is
        // not kept: a namespace grammar may tell the cases of a percent-encoding apart.
        Urn {
            text: normal,
            syntax: self.syntax,
            offsets: self.offsets,
            namespace: KeptCheck::NotAsked,
        }
    }

    /// Whether the URN is already in the form [`Urn::normalized`] gives (`urn` and the NID in
    /// lower case, no percent-encoding with a lower-case hexadecimal digit), so that a program
    /// can use the text it has instead of a normalized copy.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert!(Urn::parse("urn:example:a%2CB?=x")?.is_normalized());
    /// assert!(!Urn::parse("URN:example:a")?.is_normalized());
    /// assert!(!Urn::parse("urn:example:a?=x%3f")?.is_normalized());
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn is_normalized(&self) -> bool {
        let (scheme_and_nid, rest) = self.as_str().split_at(self.offsets.nid_end + 1);
        !scheme_and_nid.bytes().any(|b| b.is_ascii_uppercase())
            && (!has_percent(rest.as_bytes()) || !has_lower_hex(rest.as_bytes()))
    }

    /// The key this URN is compared by under [`Equivalence::standard`]; URNs with equal keys
    /// are equivalent.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let key = Urn::parse("URN:EXAMPLE:a123%2cz456?+abc#789")?.equivalence_key();
    /// assert_eq!(key.as_str(), "urn:example:a123%2Cz456");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn equivalence_key(&self) -> EquivalenceKey {
        STANDARD.key(self)
    }

    /// Whether this URN and `other` are equivalent: RFC 8141 §3 URN-equivalence (or RFC 2141
    /// §5 lexical equivalence, for URNs parsed under RFC 2141 or the draft) with the namespace
    /// rules of [`Equivalence::standard`].
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let a = Urn::parse("urn:example:a123,z456")?;
    /// assert!(a.equivalent(&Urn::parse("URN:example:a123,z456?+abc")?));
    /// assert!(!a.equivalent(&Urn::parse("urn:example:a123%2Cz456")?));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn equivalent<T: AsRef<str>>(&self, other: &Urn<T>) -> bool {
        STANDARD.equivalent(self, other)
    }
}

/// Whether a percent-encoding in `text` (which the grammar has checked: each `%` is followed
/// by two hexadecimal digits) has a lower-case digit.
fn has_lower_hex(text: &[u8]) -> bool {
    text.iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'%')
        .any(|(i, _)| text[i + 1..i + 3].iter().any(u8::is_ascii_lowercase))
}

/// Appends `urn:NID:` in lower case, copied in one piece: the grammars allow only letters,
/// digits and hyphens in a NID, so there is no percent-encoding whose case to keep.
fn push_scheme_and_nid<S: AsRef<str>>(out: &mut String, urn: &Urn<S>) {
    let start = out.len();
    out.push_str(&urn.as_str()[..urn.offsets.nid_end + 1]);
    out[start..].make_ascii_lowercase();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `is_normalized` says exactly whether `normalized` would change the text.
    #[test]
    fn is_normalized_exactly_when_normalizing_changes_nothing() {
        use crate::syntax::UrnSyntax;
        let inputs = [
            "urn:example:a",
            "URN:example:a",
            "urn:Example:a",
            "urn:example:A%2C",
            "urn:example:a%2c",
            "urn:example:a%C3%a9",
            "urn:example:a?+r%2f",
            "urn:example:a?=q%2F#f%aB",
            "urn:example:a#f%2c",
            "urn:ex-1:%41%42",
        ];
        for input in inputs {
            for syntax in UrnSyntax::ALL {
                let Ok(urn) = Urn::parse_with(input, syntax) else {
                    continue;
                };
                assert_eq!(
                    urn.is_normalized(),
                    urn.normalized().as_str() == input,
                    "{input} under {syntax}"
                );
            }
        }
    }

    #[test]
    fn upper_hex_touches_only_percent_triplets() {
        let mut out = String::new();
        push_with_upper_hex(&mut out, "ab%2c%e2%82%ac-cd");
        assert_eq!(out, "ab%2C%E2%82%AC-cd");
    }
}
