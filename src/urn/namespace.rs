//! A URN checked against the grammar and prose rules of its namespace (see
//! [`crate::namespace`]).

use alloc::vec::Vec;
use core::ops::Range;

use super::nid::urn_nid_key;
use super::value::Urn;
use crate::namespace::grammars::{self, Entry};
use crate::namespace::{KeptCheck, Namespace, NamespaceCheck, NamespaceError};

impl<S: AsRef<str>> Urn<S> {
    /// Checks the NSS against the grammar (`namespaces/<nid>.pest`) and the prose rules of
    /// the URN's namespace: [`NamespaceCheck::Valid`] when it follows them,
    /// [`NamespaceCheck::Invalid`] with the error (its index counts bytes of the whole URN)
    /// when it does not, [`NamespaceCheck::NoSpecificSyntax`] when the namespace's
    /// registration states no syntax of its own, [`NamespaceCheck::NotChecked`] when the crate
    /// has no grammar for the NID otherwise (a NID not in its IANA registry snapshot). See
    /// [`crate::namespace`].
    ///
    /// A URN parsed with its namespace checked ([`Syntax::with_namespaces`], or
    /// [`Urn::into_namespace_checked`]) keeps that verdict, and this gives it back without
    /// checking again.
    ///
    /// ```
    /// use urn_tag::Urn;
    /// use urn_tag::namespace::NamespaceCheck;
    ///
    /// assert!(Urn::parse("urn:isbn:978-0-395-36341-6")?.check_namespace().is_valid());
    /// let NamespaceCheck::Invalid(error) = Urn::parse("urn:ietf:rfc:abc")?.check_namespace() else {
    ///     panic!()
    /// };
    /// assert_eq!(error.index(), 13);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// [`Syntax::with_namespaces`]: crate::Syntax::with_namespaces
    pub fn check_namespace(&self) -> NamespaceCheck {
        match self.namespace.verdict() {
            Some(kept) => kept,
            None => self.run_namespace_check().0,
        }
    }

    /// The URN, if its NSS follows the grammar and the prose rules of its namespace, keeping
    /// the verdict for [`Urn::check_namespace`]; the error if it does not. This is what a
    /// parse with [`Syntax::with_namespaces`] does after the URN's own syntax: a URN of a
    /// namespace without a grammar passes, and says so.
    ///
    /// ```
    /// use urn_tag::Urn;
    /// use urn_tag::namespace::NamespaceCheck;
    ///
    /// let urn = Urn::parse("urn:oid:1.3.6.1")?.into_namespace_checked()?;
    /// assert!(matches!(urn.check_namespace(), NamespaceCheck::Valid(ns) if ns.nid() == "oid"));
    ///
    /// let error = Urn::parse("urn:oid:1.03.6.1")?.into_namespace_checked().unwrap_err();
    /// assert_eq!(error.to_string(), "NSS breaks rule oid_oid of namespace oid (namespaces/oid.pest) at byte 11");
    ///
    /// let unknown = Urn::parse("urn:unknown-nid:x")?.into_namespace_checked()?;
    /// assert_eq!(unknown.check_namespace(), NamespaceCheck::NotChecked);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The [`NamespaceError`] of an NSS that breaks its namespace's rules.
    ///
    /// [`Syntax::with_namespaces`]: crate::Syntax::with_namespaces
    pub fn into_namespace_checked(mut self) -> Result<Urn<S>, NamespaceError> {
        if self.namespace != KeptCheck::NotAsked {
            return Ok(self);
        }
        match self.run_namespace_check() {
            (NamespaceCheck::Invalid(error), _) => Err(error),
            (_, kept) => {
                self.namespace = kept;
                Ok(self)
            }
        }
    }

    /// The namespace check itself: its verdict, and what of it a URN keeps when it passes.
    fn run_namespace_check(&self) -> (NamespaceCheck, KeptCheck) {
        let index = match urn_nid_key(self.as_str(), self.offsets.nid_end) {
            Some(key) => grammars::index_of_key(key),
            // No NID with a grammar has 16 characters or more.
            None => grammars::index_of(self.nid()),
        };
        let Some(index) = index else {
            return (NamespaceCheck::NotChecked, KeptCheck::NotChecked);
        };
        let check = match index.entry() {
            Entry::Grammar(grammar) => {
                let namespace = Namespace::from_grammar(grammar);
                match namespace.check(self.nss(), self.nss_start()) {
                    Ok(()) => NamespaceCheck::Valid(namespace),
                    Err(error) => NamespaceCheck::Invalid(error),
                }
            }
            Entry::NoSpecificSyntax(nid, registration) => {
                NamespaceCheck::NoSpecificSyntax { nid, registration }
            }
        };
        (check, KeptCheck::Passed(index))
    }

    /// The rules of its namespace's grammar that the NSS matched, in the order of the URN,
    /// each with its byte range in the URN (a rule that matched several times, its last
    /// match); `None` when the crate has no grammar for the NID or the grammar rejects the NSS.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::parse("urn:ietf:rfc:2648")?;
    /// let parts = urn.namespace_parts().unwrap();
    /// assert_eq!(parts, [("ietf_rfc_nss", 9..17), ("ietf_number", 13..17)]);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn namespace_parts(&self) -> Option<Vec<(&'static str, Range<usize>)>> {
        self.namespace()?.parts(self.nss(), self.nss_start())
    }

    /// The namespace with a grammar that the NID names, if any: [`Namespace::of`] the NID,
    /// its key read straight from the text.
    fn namespace(&self) -> Option<Namespace> {
        Namespace::of_key(urn_nid_key(self.as_str(), self.offsets.nid_end)?)
    }

    /// Where the NSS starts.
    pub(super) fn nss_start(&self) -> usize {
        self.offsets.nid_end + 1
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use crate::namespace::{KeptCheck, NamespaceCheck};
    use crate::{Identifier, Syntax, Urn};

    /// The URN of a parse under `syntax` of `input`, which must be a valid URN.
    #[track_caller]
    fn urn_of(input: &str, syntax: Syntax) -> Urn<&str> {
        match Identifier::parse_borrowed_with(input, syntax) {
            Ok(Identifier::Urn(urn)) => urn,
            other => panic!("{input:?} is no valid URN: {other:?}"),
        }
    }

    /// A parse that checks namespaces keeps its verdict, which `check_namespace` gives back
    /// without checking again; a parse that does not keeps none.
    #[rstest]
    #[case::grammar("urn:oid:1.3.6.1")]
    #[case::no_specific_syntax("urn:swift:anything")]
    #[case::no_specific_syntax_long_nid("urn:broadband-forum-org:cwmp:datamodel-1-5")]
    #[case::not_checked("urn:unknown-nid:x")]
    fn a_namespace_checking_parse_keeps_its_verdict(#[case] input: &str) {
        let plain = urn_of(input, Syntax::new());
        assert_eq!(plain.namespace, KeptCheck::NotAsked);
        let checked = urn_of(input, Syntax::new().with_namespaces(true));
        assert_ne!(checked.namespace, KeptCheck::NotAsked);
        assert_eq!(checked.namespace.verdict(), Some(plain.check_namespace()));
        // The verdict travels with copies of the URN, borrowed or owned.
        assert_eq!(checked.into_owned().namespace, checked.namespace);
        assert_eq!(checked.into_owned().borrowed().namespace, checked.namespace);
    }

    /// A URN that follows its namespace keeps the verdict from `into_namespace_checked`.
    #[test]
    fn into_namespace_checked_keeps_the_verdict() {
        let urn = Urn::parse("urn:isbn:978-0-395-36341-6").expect("a valid URN");
        let checked = urn.into_namespace_checked().expect("a valid ISBN");
        assert!(
            matches!(checked.namespace.verdict(), Some(NamespaceCheck::Valid(ns)) if ns.nid() == "isbn")
        );
    }

    /// A normalized copy is new text: the verdict on the original does not travel with it.
    #[test]
    fn a_normalized_copy_keeps_no_verdict() {
        let urn = urn_of("URN:OID:1.3.6.1", Syntax::new().with_namespaces(true));
        assert_eq!(urn.normalized().namespace, KeptCheck::NotAsked);
    }

    /// The verdict rides in what would otherwise be padding: a URN is no larger for it.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn keeping_the_verdict_makes_a_urn_no_larger() {
        assert_eq!(size_of::<Urn<&str>>(), 56);
        assert_eq!(size_of::<Urn>(), 64);
    }
}
