//! `urn_tag.Urn` and the verdict of its namespace check.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use urn_tag::namespace::NamespaceCheck;
use urn_tag::urn::Equivalence;
use urn_tag::{Urn, UrnSyntax};

use crate::args;
use crate::errors;

/// A Uniform Resource Name (RFC 8141, RFC 2141 or the 2011 URNbis draft), parsed from its
/// exact text.
///
/// Equality, ordering and hashing compare the exact text, as ``str`` does:
/// ``URN:EXAMPLE:a`` and ``urn:example:a`` are different values. RFC equivalence, which
/// ignores the case of the scheme, the NID and percent-encodings and drops the components,
/// is the explicit :meth:`equivalent`, with :meth:`equivalence_key` for dictionaries.
#[pyclass(frozen, eq, ord, hash, module = "urn_tag", name = "Urn")]
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyUrn {
    pub urn: Urn,
}

/// Parses `text` as a URN under `syntax`; with `namespaces`, its NSS must also follow the
/// grammar and prose rules of its namespace (as `urn-tag check --namespaces` asks).
fn parse_urn<'t>(
    py: Python<'_>,
    text: &'t str,
    syntax: UrnSyntax,
    namespaces: bool,
) -> PyResult<Urn<&'t str>> {
    let urn =
        Urn::parse_borrowed_with(text, syntax).map_err(|e| errors::parse_error(py, text, e))?;
    if !namespaces {
        return Ok(urn);
    }
    // The URN keeps the verdict, which `check_namespace` then gives back.
    urn.into_namespace_checked().map_err(|error| {
        let message = error.to_string();
        errors::namespace_error(py, text, error.index(), &message)
    })
}

#[pymethods]
impl PyUrn {
    /// ``Urn(text, spec="rfc8141", namespaces=False)`` is :meth:`Urn.parse`.
    #[new]
    #[pyo3(signature = (text, spec = "rfc8141", namespaces = false))]
    fn new(text: &Bound<'_, PyAny>, spec: &str, namespaces: bool) -> PyResult<PyUrn> {
        PyUrn::parse(text, spec, namespaces)
    }

    /// Parses ``text`` as a URN.
    ///
    /// ``spec`` is ``"rfc8141"`` (the default), ``"rfc2141"`` or ``"rfc2141bis"``; with
    /// ``namespaces=True`` the NSS must also follow the grammar and prose rules of its
    /// namespace (ISBN check digits, UUID layout, ...). Raises :class:`UrnTagError` for an
    /// invalid URN, ``TypeError`` for a value that is not a ``str``.
    #[staticmethod]
    #[pyo3(signature = (text, spec = "rfc8141", namespaces = false))]
    fn parse(text: &Bound<'_, PyAny>, spec: &str, namespaces: bool) -> PyResult<PyUrn> {
        let syntax = args::urn_syntax(spec)?;
        let text_read = args::text(text, "Urn.parse")?;
        let urn = parse_urn(text.py(), &text_read, syntax, namespaces)?;
        Ok(PyUrn {
            urn: urn.into_owned(),
        })
    }

    /// The URN syntax it was parsed under: ``"rfc8141"``, ``"rfc2141"`` or ``"rfc2141bis"``.
    #[getter]
    fn spec(&self) -> &'static str {
        self.urn.syntax().name()
    }

    /// The namespace identifier, as written.
    #[getter]
    fn nid(&self) -> &str {
        self.urn.nid()
    }

    /// The namespace-specific string, as written (percent-encodings are not decoded).
    #[getter]
    fn nss(&self) -> &str {
        self.urn.nss()
    }

    /// ``urn:NID:NSS``, without any component.
    #[getter]
    fn assigned_name(&self) -> &str {
        self.urn.assigned_name()
    }

    /// The RFC 8141 r-component (after ``?+``), or ``None``.
    #[getter]
    fn r_component(&self) -> Option<&str> {
        self.urn.r_component()
    }

    /// The RFC 8141 q-component (after ``?=``), or ``None``.
    #[getter]
    fn q_component(&self) -> Option<&str> {
        self.urn.q_component()
    }

    /// The RFC 8141 f-component (after ``#``, possibly empty), or ``None``.
    #[getter]
    fn f_component(&self) -> Option<&str> {
        self.urn.f_component()
    }

    /// The 2011 draft's query (after ``?``, possibly empty), or ``None``.
    #[getter]
    fn query(&self) -> Option<&str> {
        self.urn.query()
    }

    /// The 2011 draft's fragment (after ``#``, possibly empty), or ``None``.
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.urn.fragment()
    }

    /// The NID's class: ``"formal"``, ``"informal"``, ``"experimental"`` or ``"reserved"``
    /// (RFC 8141 §5, RFC 3406).
    #[getter]
    fn nid_class(&self) -> &'static str {
        self.urn.nid_class().name()
    }

    /// Whether the NID is in the IANA registry snapshot the library carries.
    #[getter]
    fn registered(&self) -> bool {
        self.urn.registration().is_some()
    }

    /// The human-friendly form (RFC 8141 §4.4): percent-encoded UTF-8 shown as the
    /// characters it spells, where that cannot mislead.
    #[getter]
    fn display_form(&self) -> String {
        self.urn.display_form().into_owned()
    }

    /// The URN case-normalized (RFC 8141 §3.1: ``urn`` and the NID in lower case,
    /// percent-encodings in upper case), components kept.
    fn normalize(&self) -> PyUrn {
        PyUrn {
            urn: self.urn.normalized(),
        }
    }

    /// Whether :meth:`normalize` would give the same text.
    fn is_normalized(&self) -> bool {
        self.urn.is_normalized()
    }

    /// What URN-equivalence compares (RFC 8141 §3 or RFC 2141 §5, and the rules of the
    /// namespaces whose registrations state them, unless ``rfc_only``): two URNs are
    /// equivalent exactly when their keys are equal.
    #[pyo3(signature = (*, rfc_only = false))]
    fn equivalence_key(&self, rfc_only: bool) -> String {
        equivalence(rfc_only).key(&self.urn).into_string()
    }

    /// Whether ``other`` (a :class:`Urn`, or a ``str`` parsed under this URN's spec) is
    /// URN-equivalent to this URN.
    #[pyo3(signature = (other, *, rfc_only = false))]
    fn equivalent(&self, other: &Bound<'_, PyAny>, rfc_only: bool) -> PyResult<bool> {
        let rules = equivalence(rfc_only);
        if let Ok(other) = other.cast::<PyUrn>() {
            return Ok(rules.equivalent(&self.urn, &other.get().urn));
        }
        if other.cast::<pyo3::types::PyString>().is_err() {
            return Err(PyTypeError::new_err(
                "Urn.equivalent() expects a Urn or a str",
            ));
        }
        let text = args::text(other, "Urn.equivalent")?;
        match Urn::parse_borrowed_with(&text, self.urn.syntax()) {
            Ok(parsed) => Ok(rules.equivalent(&self.urn, &parsed)),
            Err(error) => Err(errors::parse_error(other.py(), &text, error)),
        }
    }

    /// Checks the NSS against the grammar and prose rules of the URN's namespace.
    fn check_namespace(slf: &Bound<'_, Self>) -> PyNamespaceCheck {
        let py = slf.py();
        let urn = &slf.get().urn;
        let (namespace, error) = match urn.check_namespace() {
            NamespaceCheck::Valid(namespace) => (Some(namespace.nid()), None),
            NamespaceCheck::Invalid(error) => {
                let message = error.to_string();
                let raised = errors::namespace_error(py, urn.as_str(), error.index(), &message);
                let nid = error.namespace().nid();
                (Some(nid), Some(raised.into_value(py).into_any()))
            }
            // Checked: the registration allows any NSS of the URN syntax.
            NamespaceCheck::NoSpecificSyntax { nid, .. } => (Some(nid), None),
            _ => (None, None),
        };
        PyNamespaceCheck {
            urn: slf.clone().unbind(),
            namespace,
            error,
        }
    }

    fn __str__(&self) -> &str {
        self.urn.as_str()
    }

    fn __repr__(&self) -> String {
        match self.urn.syntax() {
            UrnSyntax::Rfc8141 => format!("Urn({})", python_repr(self.urn.as_str())),
            syntax => format!(
                "Urn({}, spec='{}')",
                python_repr(self.urn.as_str()),
                syntax.name()
            ),
        }
    }

    /// Pickles as the call that parses the same text under the same spec.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let parse = py.get_type::<PyUrn>().getattr("parse")?;
        let urn = &slf.get().urn;
        let arguments = (urn.as_str(), urn.syntax().name());
        PyTuple::new(py, [parse, arguments.into_pyobject(py)?.into_any()])
    }
}

/// The equivalence rules: the RFC's alone, or with the built-in namespace rules.
fn equivalence(rfc_only: bool) -> &'static Equivalence {
    static RFC: Equivalence = Equivalence::rfc();
    static STANDARD: Equivalence = Equivalence::standard();
    if rfc_only { &RFC } else { &STANDARD }
}

/// `text` as Python's `repr` writes a `str` of printable ASCII (a valid URN or tag URI is
/// nothing else): in single quotes, with `'` and `\` escaped.
pub fn python_repr(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    out.push(quote);
    for ch in text.chars() {
        if ch == quote || ch == '\\' {
            out.push('\\');
        }
        out.push(ch);
    }
    out.push(quote);
    out
}

/// The verdict of :meth:`Urn.check_namespace`.
///
/// True when the NSS was checked and follows its namespace: a grammar of the namespace
/// applied, or its registration states no syntax of its own (so any NSS of the URN syntax
/// follows it), as ``urn-tag check --namespaces`` reports. ``checked`` is False when the
/// library has neither for the NID (which says nothing about the NSS); ``error`` is the
/// :class:`UrnTagError` (kind ``"namespace"``) of an NSS that breaks its namespace's rules.
#[pyclass(frozen, module = "urn_tag", name = "NamespaceCheck")]
pub struct PyNamespaceCheck {
    /// The URN checked, from which unpickling checks again.
    urn: Py<PyUrn>,
    namespace: Option<&'static str>,
    error: Option<Py<PyAny>>,
}

#[pymethods]
impl PyNamespaceCheck {
    /// Whether a grammar of the URN's namespace applied, or its registration states no syntax
    /// of its own.
    #[getter]
    fn checked(&self) -> bool {
        self.namespace.is_some()
    }

    /// Whether the NSS was checked and follows its namespace.
    #[getter]
    fn valid(&self) -> bool {
        self.namespace.is_some() && self.error.is_none()
    }

    /// The NID of the namespace whose rules were applied, in lower case, or ``None``.
    #[getter]
    fn namespace(&self) -> Option<&'static str> {
        self.namespace
    }

    /// The :class:`UrnTagError` of an NSS that breaks its namespace's rules, or ``None``.
    #[getter]
    fn error(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.error.as_ref().map(|error| error.clone_ref(py))
    }

    fn __bool__(&self) -> bool {
        self.valid()
    }

    /// Pickles as the URN's own :meth:`Urn.check_namespace`, called again.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, ())> {
        Ok((self.urn.bind(py).getattr("check_namespace")?, ()))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(match (&self.namespace, &self.error) {
            (None, _) => "NamespaceCheck(checked=False)".to_owned(),
            (Some(nid), None) => format!("NamespaceCheck(valid=True, namespace='{nid}')"),
            (Some(nid), Some(error)) => format!(
                "NamespaceCheck(valid=False, namespace='{nid}', error={})",
                error.bind(py).repr()?
            ),
        })
    }
}
