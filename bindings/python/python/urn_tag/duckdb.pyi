from typing import Literal

import duckdb

from urn_tag._urn_tag import _TagSyntaxName, _UrnSpec

__all__ = ["FUNCTIONS", "register", "row_type"]

FUNCTIONS: list[tuple[str, Literal["valid", "parse", "error", "key"], Literal["urn", "tag"] | None]]

def row_type() -> str:
    """The SQL type of the ``*_parse`` functions' struct, as DDL: ``STRUCT(valid BOOLEAN, ...)``."""

def register(
    con: duckdb.DuckDBPyConnection,
    *,
    spec: _UrnSpec = "rfc8141",
    tag_syntax: _TagSyntaxName = "rfc4151",
    namespaces: bool = False,
    threads: int = 1,
    prefix: str = "",
    native: bool = False,
) -> duckdb.DuckDBPyConnection: ...
