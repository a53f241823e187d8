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
``urn-tag check`` does, from lists of ``str``, pandas ``Series``, NumPy arrays and Arrow string
arrays in place; :mod:`urn_tag.pydantic` has a pydantic field type.
"""

from typing import Union

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
