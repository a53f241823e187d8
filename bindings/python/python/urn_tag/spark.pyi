from pyspark.sql import Column, SparkSession

from urn_tag._batch import _Scheme
from urn_tag._urn_tag import _TagSyntaxName, _UrnSpec

__all__ = ["equivalence_key", "error", "is_valid", "parse", "register_jvm", "row_type"]

JVM_FUNCTIONS: dict[str, tuple[str, str]]

def register_jvm(spark: SparkSession) -> None:
    """Registers ``urn_tag_valid``, ``urn_tag_error`` and ``urn_tag_equivalence_key``."""

def row_type() -> str:
    """The Spark SQL type of :func:`parse`'s struct, as DDL: ``struct<valid:boolean,...>``."""

def is_valid(
    col: Column | str,
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
    jvm: bool = False,
) -> Column:
    """``boolean``."""

def parse(
    col: Column | str,
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
) -> Column:
    """A ``struct`` of :func:`row_type`."""

def error(
    col: Column | str,
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
    jvm: bool = False,
) -> Column:
    """``string``."""

def equivalence_key(
    col: Column | str,
    spec: _UrnSpec = "rfc8141",
    namespaces: bool = False,
    *,
    tag_syntax: _TagSyntaxName = "rfc4151",
    scheme: _Scheme = None,
    threads: int = 1,
    jvm: bool = False,
) -> Column:
    """``string``."""
