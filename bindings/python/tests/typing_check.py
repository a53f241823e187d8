"""What the type stubs say the functions return, checked by mypy (`mypy --strict` on this file,
as CI runs it); pytest does not collect it. Each assert_type fails the check if the stubs say
otherwise."""

import datetime
from typing import TYPE_CHECKING, Optional

import duckdb
import numpy
import numpy.typing
import polars
import pyspark.sql
from typing_extensions import Any, Literal, assert_type

import urn_tag
import urn_tag.duckdb
import urn_tag.polars
import urn_tag.spark

if TYPE_CHECKING:
    from urn_tag._batch import _Columns

urn = urn_tag.Urn.parse("urn:example:a")
assert_type(urn.q_component, "str | None")
assert_type(urn_tag.parse_identifier("tag:yaml.org,2002:int"), "urn_tag.Urn | urn_tag.TagUri")

try:
    urn_tag.Urn.parse("urn:example:a%zz")
except urn_tag.UrnTagError as error:
    assert_type(error.kind, str)
    assert_type(error.part, "str | None")
    assert_type(error.index, "int | None")

for match in urn_tag.find("see urn:example:a"):
    assert_type(match, urn_tag.Match)
    assert_type(match.value, "urn_tag.Urn | urn_tag.TagUri")
    assert_type(match.span(), "tuple[int, int]")

check = urn.check_namespace()
assert_type(check.error, "urn_tag.UrnTagError | None")

EST = datetime.timezone(datetime.timedelta(hours=-5))
assert_type(
    urn_tag.mint_tag("example.com", datetime.datetime(2000, 1, 1, tzinfo=EST)), urn_tag.TagUri
)

# The batch functions: the result has the kind of the input.
assert_type(urn_tag.check_many(["urn:example:a", None], scheme="urn"), "list[bool]")
texts: numpy.typing.NDArray[numpy.str_] = numpy.array(["urn:example:a"])
assert_type(urn_tag.check_many(texts), numpy.typing.NDArray[numpy.bool_])
# A Polars series gives a series.
ids = polars.Series("id", ["urn:example:a"])
assert_type(urn_tag.check_many(ids, threads=2), polars.Series)
assert_type(urn_tag.parse_many(ids), polars.Series)
# A pyarrow.Table (pyarrow has no types) or, without pyarrow, a dict of typed lists.
assert_type(urn_tag.parse_many(["urn:example:a"]), "_Columns | Any")


def columns_without_pyarrow(columns: "_Columns") -> None:
    assert_type(columns["error_index"], list[Optional[int]])
    assert_type(columns["valid"], list[Optional[bool]])
    assert_type(columns["kind"], list[Optional[Literal["urn", "tag"]]])


def anything(values: Any) -> None:
    assert_type(urn_tag.check_many(values), Any)


# The engines' functions: a Polars expression or series, a DuckDB connection, a Spark column.
assert_type(urn_tag.polars.UrnTagExpr(polars.col("id")).is_valid(), polars.Expr)
assert_type(urn_tag.polars.UrnTagSeries(ids).parse(namespaces=True), polars.Series)
assert_type(urn_tag.polars.row_dtype(), polars.Struct)
assert_type(urn_tag.duckdb.register(duckdb.connect(), spec="rfc2141"), duckdb.DuckDBPyConnection)
assert_type(urn_tag.spark.error("id", scheme="urn"), pyspark.sql.Column)
