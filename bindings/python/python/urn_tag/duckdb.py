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

With ``native=True``, in a database opened with ``allow_unsigned_extensions``, the functions
but the ``*_parse`` ones are native instead: :func:`register` loads the package's native
module as a DuckDB extension, whose functions DuckDB calls like its own, on every thread of the
query, with no Python and no Arrow in between (with two threads, about three times faster than
the Arrow functions; ``BENCHMARKS.md``)::

    con = duckdb.connect(config={"allow_unsigned_extensions": True})
    urn_tag.duckdb.register(con, native=True)

``urn_valid``, ``urn_error``, ``urn_equivalence_key`` and the others are then macros over the
extension's ``urn_tag_valid``, ``urn_tag_error`` and ``urn_tag_equivalence_key``, each taking
``(value, scheme, spec, tag_syntax, namespaces)``, with ``scheme`` ``'urn'``, ``'tag'`` or
``'identifier'``. Two things differ from the Arrow functions: DuckDB's errors about their
arguments name the extension's function, and the macros are temporary, the connection's own,
so a cursor (``con.cursor()``, another connection) has them once :func:`register` is called on
it too (with another ``prefix``, as every second call in one database needs: the Arrow
functions are the database's). The extension is the module's own file with the footer DuckDB
reads appended, written into a directory of this process's own and removed at exit; it is not
signed, which is why DuckDB asks for ``allow_unsigned_extensions``.
"""

import atexit
import os
import shutil
import tempfile

import duckdb

from urn_tag import __version__, _urn_tag
from urn_tag._engines import Options, answer, row_fields

__all__ = ["FUNCTIONS", "register", "row_type"]

#: The version of DuckDB's C extension API the native function is built against (the Rust
#: side's ``C_API_VERSION``): DuckDB loads the extension if its own is the same or later.
_C_API_VERSION = "v1.2.0"

#: The extension's function for each question it answers natively (``parse``, a struct, is
#: left to the Arrow function).
_NATIVE = {
    "valid": "urn_tag_valid",
    "error": "urn_tag_error",
    "key": "urn_tag_equivalence_key",
}

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
    native=False,
):
    """Adds the SQL functions of :data:`FUNCTIONS` to the DuckDB connection ``con``, each name
    with ``prefix`` before it, reading URNs under ``spec`` (with ``namespaces=True``, also
    under their namespaces' rules) and tags under ``tag_syntax``; each Arrow function answers a
    batch on up to ``threads`` threads. With ``native=True``, the functions but the
    ``*_parse`` ones are native, this connection's macros (a ``duckdb.InvalidInputException``
    where the database does not allow unsigned extensions). Returns ``con``."""
    return_types = {
        "valid": "BOOLEAN",
        "parse": duckdb.sqltype(row_type()),
        "error": "VARCHAR",
        "key": "VARCHAR",
    }
    if native and not _allows_unsigned_extensions(con):
        raise duckdb.InvalidInputException(
            "urn_tag.duckdb.register(native=True): this database does not load unsigned "
            "extensions; open it with duckdb.connect(config={'allow_unsigned_extensions': True})"
        )
    if native:
        _load_extension(con)
    for name, question, scheme in FUNCTIONS:
        options = Options(prefix + name, spec, namespaces, tag_syntax, scheme, threads)
        if native and question in _NATIVE:
            arguments = [scheme or "identifier", spec, tag_syntax]
            _run(
                con,
                f"CREATE OR REPLACE TEMP MACRO {_identifier(prefix + name)}(value) AS "
                f"{_NATIVE[question]}(value, {', '.join(map(_literal, arguments))}, "
                f"{'true' if namespaces else 'false'})",
            )
            continue
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


def _allows_unsigned_extensions(con):
    [(setting,)] = _run(con, "SELECT current_setting('allow_unsigned_extensions')")
    return setting in (True, "true")


def _load_extension(con):
    """Loads the native module into ``con``'s database as the extension ``urn_tag`` (once per
    database: DuckDB skips an extension already loaded)."""
    [(platform,)] = _run(con, "PRAGMA platform")
    _run(con, f"LOAD {_literal(_extension_file(platform))}")


#: The extension files written in this process, by platform.
_extension_files = {}


def _extension_file(platform):
    """The module's file with DuckDB's footer for ``platform``, in a directory only this
    process's user can write to (so that no one else's file is loaded in its place)."""
    path = _extension_files.get(platform)
    if path is None:
        directory = tempfile.mkdtemp(prefix="urn_tag-duckdb-")
        atexit.register(shutil.rmtree, directory, ignore_errors=True)
        # The extension's name, which DuckDB takes from the file's, names its entry point:
        # `urn_tag_init_c_api`.
        path = os.path.join(directory, "urn_tag.duckdb_extension")
        shutil.copyfile(_urn_tag.__file__, path)
        with open(path, "ab") as extension:
            extension.write(_footer(platform))
        _extension_files[platform] = path
    return path


def _footer(platform):
    """The 512 bytes DuckDB reads at the end of an extension: eight fields of 32 bytes, last
    to first (a magic value, the platform, the C API version, the extension's version, the ABI),
    then a signature, here none."""
    fields = ["4", platform, _C_API_VERSION, "v" + __version__, "C_STRUCT", "", "", ""]
    encoded = [field.encode().ljust(32, b"\0") for field in fields]
    if any(len(field) > 32 for field in encoded):
        raise ValueError(f"a platform name longer than 32 bytes: {platform!r}")
    return b"".join(reversed(encoded)) + bytes(256)


def _run(con, sql):
    # Every row fetched, so that no unfinished result is left on the user's connection.
    return con.execute(sql).fetchall()


def _literal(text):
    return "'" + text.replace("'", "''") + "'"


def _identifier(name):
    return '"' + name.replace('"', '""') + '"'
