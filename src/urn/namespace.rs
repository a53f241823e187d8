//! A URN checked against the grammar and prose rules of its namespace (see
//! [`crate::namespace`]).

use alloc::vec::Vec;
use core::ops::Range;

use super::nid::urn_nid_key;
use super::value::Urn;
use crate::namespace::grammars::{self, Entry};
use crate::namespace::{Namespace, NamespaceCheck};

impl<S: AsRef<str>> Urn<S> {
    /// Checks the NSS against the grammar (`namespaces/<nid>.pest`) and the prose rules of
    /// the URN's namespace: [`NamespaceCheck::Valid`] when it follows them,
    /// [`NamespaceCheck::Invalid`] with the error (its index counts bytes of the whole URN)
    /// when it does not, [`NamespaceCheck::NoSpecificSyntax`] when the namespace's
    /// registration states no syntax of its own, [`NamespaceCheck::NotChecked`] when the crate
    /// has no grammar for the NID otherwise (a NID not in its IANA registry snapshot). See
    /// [`crate::namespace`].
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
    pub fn check_namespace(&self) -> NamespaceCheck {
        let entry = match urn_nid_key(self.as_str(), self.offsets.nid_end) {
            Some(key) => grammars::entry_of_key(key),
            // No NID with a grammar has 16 characters or more.
            None => grammars::entry_of(self.nid()),
        };
        match entry {
            Some(Entry::Grammar(grammar)) => {
                let namespace = Namespace::from_grammar(grammar);
                match namespace.check(self.nss(), self.nss_start()) {
                    Ok(()) => NamespaceCheck::Valid(namespace),
                    Err(error) => NamespaceCheck::Invalid(error),
                }
            }
            Some(Entry::NoSpecificSyntax(nid, registration)) => {
                NamespaceCheck::NoSpecificSyntax { nid, registration }
            }
            None => NamespaceCheck::NotChecked,
        }
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
