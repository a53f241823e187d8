"""Types of the batch functions: the result has the kind of the input."""

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypedDict, overload

from urn_tag._urn_tag import _TagSyntaxName, _UrnSpec

if TYPE_CHECKING:
    import numpy
    import numpy.typing
    import polars

class _Series(Protocol):
    """A pandas ``Series``, by what the batch functions use of it (pandas is optional, and its
    types are a package of their own)."""

    @property
    def index(self) -> Any: ...
    @property
    def name(self) -> Any: ...
    def to_numpy(self, *args: Any, **kwargs: Any) -> Any: ...

#: The one scheme a batch function reads, or None for both.
_Scheme = Literal["urn", "tag"] | None

#: What a list may hold for a missing value: None, a float NaN, pandas.NA or pandas.NaT.
_Missing = None | float | Any

class _Columns(TypedDict):
    """:func:`parse_many`'s columns without pyarrow: the fields of ``urn-tag check --json``."""

    valid: list[bool | None]
    kind: list[Literal["urn", "tag"] | None]
    spec: list[_UrnSpec | None]
    nid: list[str | None]
    nss: list[str | None]
    r_component: list[str | None]
    q_component: list[str | None]
    f_component: list[str | None]
    query: list[str | None]
    fragment: list[str | None]
    nid_class: list[Literal["formal", "informal", "experimental", "reserved"] | None]
    registered: list[bool | None]
    normalized: list[str | None]
    equivalence_key: list[str | None]
    authority: list[str | None]
    authority_kind: list[Literal["dns", "email", "opaque"] | None]
    date: list[str | None]
    date_as_written: list[str | None]
    specific: list[str | None]
    namespace_checked: list[bool | None]
    error_kind: list[str | None]
    error_part: list[str | None]
    #: The byte of the UTF-8 text the error is at, as the message says.
    error_index: list[int | None]
    error_message: list[str | None]

@overload
def check_many(  # type: ignore[overload-overlap]
    values: polars.Series,
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
) -> polars.Series:
    """A ``Boolean`` series of the same name."""

@overload
def check_many(
    values: _Series,
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
) -> Any:
    """A ``pandas.Series`` of ``bool`` with the same index and name."""

@overload
def check_many(  # type: ignore[overload-overlap]
    values: numpy.ndarray[Any, Any],
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
) -> numpy.typing.NDArray[numpy.bool_]: ...
@overload
def check_many(
    values: Iterable[str | _Missing],
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
) -> list[bool]: ...
@overload
def check_many(
    values: Any,
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
) -> Any:
    """A pyarrow ``BooleanArray`` or ``ChunkedArray`` for a pyarrow array or chunked array, or
    for another exporter of Arrow data a ``ChunkedArray`` (pyarrow has no types)."""

@overload
def parse_many(  # type: ignore[overload-overlap]
    values: polars.Series,
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
) -> polars.Series:
    """A ``Struct`` series of the same name."""

@overload
def parse_many(
    values: _Series,
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
) -> Any:
    """A ``pandas.DataFrame`` with the same index."""

@overload
def parse_many(
    values: Any,
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
) -> _Columns | Any:
    """A ``pyarrow.Table`` when pyarrow is installed (pyarrow has no types), else a ``dict`` of
    lists."""
