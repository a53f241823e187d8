from typing import Generic, TypeVar

import polars as pl

from urn_tag._batch import _Scheme
from urn_tag._urn_tag import _TagSyntaxName, _UrnSpec

__all__ = ["UrnTagExpr", "UrnTagSeries", "row_dtype"]

def row_dtype() -> pl.Struct:
    """The Polars type of :meth:`UrnTagExpr.parse`'s struct."""

_Result = TypeVar("_Result", pl.Expr, pl.Series)

class _Methods(Generic[_Result]):
    """An expression for an expression's namespace, a series for a series'."""

    def is_valid(
        self,
        spec: _UrnSpec = "rfc8141",
        namespaces: bool = False,
        *,
        tag_syntax: _TagSyntaxName = "rfc4151",
        scheme: _Scheme = None,
        threads: int = 1,
    ) -> _Result:
        """``Boolean``."""

    def parse(
        self,
        spec: _UrnSpec = "rfc8141",
        namespaces: bool = False,
        *,
        tag_syntax: _TagSyntaxName = "rfc4151",
        scheme: _Scheme = None,
        threads: int = 1,
    ) -> _Result:
        """A ``Struct`` of :func:`row_dtype`."""

    def error(
        self,
        spec: _UrnSpec = "rfc8141",
        namespaces: bool = False,
        *,
        tag_syntax: _TagSyntaxName = "rfc4151",
        scheme: _Scheme = None,
        threads: int = 1,
    ) -> _Result:
        """``String``."""

    def equivalence_key(
        self,
        spec: _UrnSpec = "rfc8141",
        namespaces: bool = False,
        *,
        tag_syntax: _TagSyntaxName = "rfc4151",
        scheme: _Scheme = None,
        threads: int = 1,
    ) -> _Result:
        """``String``."""

class UrnTagExpr(_Methods[pl.Expr]):
    def __init__(self, expr: pl.Expr) -> None: ...

class UrnTagSeries(_Methods[pl.Series]):
    def __init__(self, series: pl.Series) -> None: ...
