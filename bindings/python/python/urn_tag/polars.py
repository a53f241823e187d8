"""URN and tag URI checks as Polars expressions: ``pl.col("id").urn_tag.is_valid()``.

Importing this module registers the ``urn_tag`` namespace on Polars expressions and series::

    import polars as pl
    import urn_tag.polars  # noqa: F401  (registers the namespace)

    frame = pl.DataFrame({"id": ["urn:isbn:0451450523", "urn:a:b", None]})
    frame.with_columns(valid=pl.col("id").urn_tag.is_valid())

Each method takes the options of :func:`urn_tag.check_many` (``spec``, ``namespaces``,
``tag_syntax``, ``scheme``, ``threads``) and answers for each value of a string, binary or
categorical column:

* ``is_valid()``: a ``Boolean``;
* ``parse()``: a ``Struct`` of the fields of ``urn-tag check --json``'s records (those of
  :func:`urn_tag.parse_many`);
* ``error()``: the error's message as a ``String``, null for a valid identifier;
* ``equivalence_key()``: what equivalence compares (a URN's equivalence key, a tag's own text),
  null for an invalid value.

A null gives a null, as Polars' own functions do. The expressions are a Polars plugin: the
package's native module answers them on Polars' own threads, with Python's lock released, on
each batch of the column where it lies (through the Arrow C data interface, without a copy).
They are elementwise, so they run in lazy queries and on the streaming engine, whose batches
run on every core. ``threads`` splits each batch the plugin is handed among that many threads
(for an eager query, which hands the whole column over at once); the streaming engine already
runs one batch per core.
"""

from pathlib import Path

import polars as pl
from polars.plugins import register_plugin_function

from urn_tag import _urn_tag
from urn_tag._engines import QUESTIONS, Options, answer, row_fields

__all__ = ["UrnTagExpr", "UrnTagSeries", "row_dtype"]


def row_dtype():
    """The Polars type of :meth:`UrnTagExpr.parse`'s struct."""
    return pl.Struct(dict(row_fields({"bool": pl.Boolean, "string": pl.String, "int64": pl.Int64})))


def _answer(series, question, options):
    if series.dtype == pl.Null:
        # The same nulls as strings: Polars exports its null type with a buffer that the C data
        # interface refuses (as in check_many).
        series = series.cast(pl.String)
    return pl.Series(answer(series, question, options)).alias(series.name)


class _Methods:
    """The methods both namespaces share, on ``self._apply``."""

    def is_valid(
        self, spec="rfc8141", namespaces=False, *, tag_syntax="rfc4151", scheme=None, threads=1
    ):
        """Whether each value is a valid URN or tag URI (as :func:`urn_tag.check_many`)."""
        return self._apply(Options("is_valid", spec, namespaces, tag_syntax, scheme, threads))

    def parse(
        self, spec="rfc8141", namespaces=False, *, tag_syntax="rfc4151", scheme=None, threads=1
    ):
        """The fields of each value, as a struct (those of :func:`urn_tag.parse_many`)."""
        return self._apply(Options("parse", spec, namespaces, tag_syntax, scheme, threads))

    def error(
        self, spec="rfc8141", namespaces=False, *, tag_syntax="rfc4151", scheme=None, threads=1
    ):
        """The message of each value's error; null for a valid identifier."""
        return self._apply(Options("error", spec, namespaces, tag_syntax, scheme, threads))

    def equivalence_key(
        self, spec="rfc8141", namespaces=False, *, tag_syntax="rfc4151", scheme=None, threads=1
    ):
        """What equivalence compares: a URN's equivalence key, a tag's own text; null for an
        invalid value."""
        return self._apply(
            Options("equivalence_key", spec, namespaces, tag_syntax, scheme, threads)
        )


#: The native module's file, which is also the Polars plugin.
_PLUGIN = Path(_urn_tag.__file__)


@pl.api.register_expr_namespace("urn_tag")
class UrnTagExpr(_Methods):
    """``expr.urn_tag``: the checks as expressions."""

    def __init__(self, expr):
        self._expr = expr

    def _apply(self, options):
        return register_plugin_function(
            plugin_path=_PLUGIN,
            function_name=options.function,
            args=self._expr,
            kwargs={
                "spec": options.spec,
                "tag_syntax": options.tag_syntax,
                "namespaces": options.namespaces,
                "scheme": options.scheme,
                "threads": options.threads,
            },
            is_elementwise=True,
        )


@pl.api.register_series_namespace("urn_tag")
class UrnTagSeries(_Methods):
    """``series.urn_tag``: the checks on a series."""

    def __init__(self, series):
        self._series = series

    def _apply(self, options):
        return _answer(self._series, QUESTIONS[options.function], options)
