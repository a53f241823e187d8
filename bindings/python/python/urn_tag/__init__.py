"""Strict, RFC-exact parsing, comparison and minting of URNs and tag URIs.

``urn_tag`` is the Python face of the ``urn-tag`` Rust library: URNs under RFC 8141 (the
default), RFC 2141 and the 2011 URNbis draft, and tag URIs under RFC 4151, each checked
against the grammar the RFC writes, with errors that name the part, the reason and the byte::

    >>> import urn_tag
    >>> urn = urn_tag.Urn.parse("urn:example:weather?=op=map#day2")
    >>> (urn.nid, urn.nss, urn.q_component, urn.f_component)
    ('example', 'weather', 'op=map', 'day2')
    >>> urn.equivalent("URN:EXAMPLE:weather")
    True
    >>> urn_tag.Urn.parse("urn:example:a%zz")
    Traceback (most recent call last):
      ...
    urn_tag.UrnTagError: invalid percent-encoding in NSS at byte 14

Values keep their exact text: ``==``, ``hash`` and ordering compare it, as ``str`` does;
RFC equivalence is the explicit :meth:`Urn.equivalent` and :meth:`Urn.equivalence_key`.

The batch functions :func:`check_many` and :func:`parse_many` read URNs and tag URIs, as
``urn-tag check`` does, from lists of ``str``, pandas ``Series``, NumPy arrays and any Arrow data
(through the Arrow PyCapsule interface, in place); :mod:`urn_tag.polars`, :mod:`urn_tag.duckdb`
and :mod:`urn_tag.spark` give them to those engines as functions, and :mod:`urn_tag.pydantic`
has a pydantic field type.
"""

from typing import Union

try:
    from urn_tag import _urn_tag  # noqa: F401  (the native module, first: see below)
except ImportError as _native_error:
    # A wheel put on sys.path as it is (Spark's --py-files, a zip on PYTHONPATH) imports this
    # file through zipimport, which cannot load a native module: say so, instead of the
    # "partially initialized module" that Python would report.
    import zipimport

    _loader = getattr(__spec__, "loader", None)
    if isinstance(_loader, zipimport.zipimporter):
        raise ImportError(
            f"urn_tag is being imported from the zip archive {_loader.archive}, and "
            "its native module cannot load from a zip archive: install the wheel "
            "(pip install) where Python runs, or unpack it into a directory on sys.path "
            "(for Spark: see 'Clusters' in the urn-tag repository's docs/at-scale.md)"
        ) from _native_error
    raise

from urn_tag._batch import check_many, parse_many
from urn_tag._urn_tag import (
    Match,
    NamespaceCheck,
    TagUri,
    Urn,
    UrnTagError,
    __version__,
    find,
    mint_tag,
    normalize,
    parse_identifier,
)

#: What :func:`parse_identifier` returns: a :class:`Urn` or a :class:`TagUri`.
Identifier = Union[Urn, TagUri]

__all__ = [
    "Identifier",
    "Match",
    "NamespaceCheck",
    "TagUri",
    "Urn",
    "UrnTagError",
    "__version__",
    "check_many",
    "find",
    "mint_tag",
    "normalize",
    "parse_identifier",
    "parse_many",
]
