"""Types of the batch functions: the result has the kind of the input."""

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, overload

from urn_tag._urn_tag import _UrnSpec

if TYPE_CHECKING:
    import numpy
    import numpy.typing

@overload
def check_many(  # type: ignore[overload-overlap]
    values: numpy.ndarray[Any, Any], spec: _UrnSpec = "rfc8141", namespaces: bool = False
) -> numpy.typing.NDArray[numpy.bool_]: ...
@overload
def check_many(
    values: Iterable[str | None], spec: _UrnSpec = "rfc8141", namespaces: bool = False
) -> list[bool]: ...
@overload
def check_many(values: Any, spec: _UrnSpec = "rfc8141", namespaces: bool = False) -> Any:
    """A pyarrow array or chunked array (pyarrow has no types): a ``pyarrow.BooleanArray``."""

def parse_many(
    values: Any, spec: _UrnSpec = "rfc8141", namespaces: bool = False
) -> dict[str, list[Any]] | Any:
    """A ``pyarrow.Table`` when pyarrow is installed, else a ``dict`` of lists."""
