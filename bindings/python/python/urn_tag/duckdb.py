"""URN and tag URI checks as DuckDB SQL functions.

::

    import duckdb
    import urn_tag.duckdb

    con = duckdb.connect()
    urn_tag.duckdb.register(con)
    con.sql("SELECT id, urn_valid(id), urn_error(id) FROM ids")

:func:`register` adds, for a ``VARCHAR`` argument:

===============================  ==============  ===========================================
function                         returns         reads
===============================  ==============  ===========================================
``urn_valid(x)``                 ``BOOLEAN``     URNs (a tag is not valid)
``urn_parse(x)``                 ``STRUCT``      URNs: the fields of ``urn-tag check --json``
``urn_error(x)``                 ``VARCHAR``     URNs: the error's message, NULL if valid
``urn_equivalence_key(x)``       ``VARCHAR``     URNs: what equivalence compares
``tag_valid(x)``, ``tag_parse``,                 tag URIs, likewise
``tag_error``
``identifier_valid(x)``, ...     (the same four)  either scheme, as ``urn-tag check`` does
===============================  ==============  ===========================================

A NULL gives a NULL, as SQL functions do. The syntax and namespace choices are arguments of
:func:`register`, not of the SQL functions: DuckDB gives a Python function one signature per
name, so a second set under other choices is registered with a ``prefix``
(``register(con, spec="rfc2141", prefix="rfc2141_")`` adds ``rfc2141_urn_valid``, ...).

A ``BLOB`` column is refused by DuckDB's binder; ``decode(id)`` makes text of it, with DuckDB's
own error for bytes that are not UTF-8 (``try(decode(id))``: a NULL instead).

The functions are vectorized over Arrow: DuckDB hands each function a batch of rows as a
pyarrow array, which the native module reads in place and answers on ``threads`` threads.
"""

import duckdb

from urn_tag._engines import Options, answer, row_fields

__all__ = ["FUNCTIONS", "register", "row_type"]

#: The functions :func:`register` adds: ``(name, question, scheme)``.
FUNCTIONS = [
    ("urn_valid", "valid", "urn"),
    ("urn_parse", "parse", "urn"),
    ("urn_error", "error", "urn"),
    ("urn_equivalence_key", "key", "urn"),
    ("tag_valid", "valid", "tag"),
    ("tag_parse", "parse", "tag"),
    ("tag_error", "error", "tag"),
    ("identifier_valid", "valid", None),
    ("identifier_parse", "parse", None),
    ("identifier_error", "error", None),
    ("identifier_equivalence_key", "key", None),
]


def row_type():
    """The SQL type of the ``*_parse`` functions' struct."""
    types = {"bool": "BOOLEAN", "string": "VARCHAR", "int64": "BIGINT"}
    return "STRUCT({})".format(", ".join(f"{name} {kind}" for name, kind in row_fields(types)))


def register(
    con,
    *,
    spec="rfc8141",
    tag_syntax="rfc4151",
    namespaces=False,
    threads=1,
    prefix="",
):
    """Adds the SQL functions of :data:`FUNCTIONS` to the DuckDB connection ``con``, each name
    with ``prefix`` before it, reading URNs under ``spec`` (with ``namespaces=True``, also
    under their namespaces' rules) and tags under ``tag_syntax``; each function answers a batch
    on up to ``threads`` threads. Returns ``con``."""
    return_types = {
        "valid": "BOOLEAN",
        "parse": duckdb.sqltype(row_type()),
        "error": "VARCHAR",
        "key": "VARCHAR",
    }
    for name, question, scheme in FUNCTIONS:
        options = Options(prefix + name, spec, namespaces, tag_syntax, scheme, threads)
        con.create_function(
            prefix + name,
            _function(question, options),
            ["VARCHAR"],
            return_types[question],
            type="arrow",
            null_handling="special",
        )
    return con


def _function(question, options):
    import pyarrow

    def function(values):
        return pyarrow.chunked_array(answer(values, question, options))

    return function
