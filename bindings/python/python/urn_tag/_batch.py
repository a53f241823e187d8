"""The batch functions: many values checked or parsed in one call.

This half tells the containers apart and hands their values to the native module as they lie:
a list of ``str`` as it is, a NumPy unicode array as its code points, and anything that exports
Arrow data through the Arrow PyCapsule interface (a pyarrow array, a Polars series, a pandas
series of Arrow types, a DuckDB relation) as that exporter, whose buffers the native module
reads in place. The native half answers on as many threads as asked, without the GIL, and
this half gives the answers back in the container's own kind.

NumPy, pandas, Polars and pyarrow are never imported here to tell a container apart: a value of
theirs cannot exist unless they were imported, so they are looked up in ``sys.modules``.
"""

import sys

from urn_tag import _urn_tag


def check_many(
    values,
    spec="rfc8141",
    namespaces=False,
    *,
    tag_syntax="rfc4151",
    scheme=None,
    threads=1,
):
    """Whether each of ``values`` is a valid URN or tag URI, as ``urn-tag check`` says.

    Each value is read by its scheme, as :func:`parse_identifier` reads it: ``urn:`` under
    ``spec`` (and, with ``namespaces=True``, its namespace's rules), ``tag:`` under
    ``tag_syntax``. ``scheme="urn"`` or ``scheme="tag"`` asks for that scheme alone: a value
    of the other one is invalid. ``threads`` is how many threads may share the work (the GIL is
    released meanwhile).

    ``values`` is a list (or any iterable) of ``str``; a pandas ``Series``; a one-dimensional
    NumPy array of ``str`` (dtype ``object`` or ``str``); or any Arrow array or stream of
    strings or binary values (plain, large, view or dictionary-encoded) through the Arrow
    PyCapsule interface: a pyarrow array or chunked array, a Polars ``Series``, a DuckDB
    relation of one column. A missing value (``None``, a float NaN, ``pandas.NA``,
    ``pandas.NaT``, an Arrow null) is not a valid identifier.

    The result has the kind of the input: a ``Series`` of ``bool`` with the same index for a
    ``Series`` (Polars or pandas), a NumPy ``bool`` array for a NumPy array, a pyarrow
    ``BooleanArray`` or ``ChunkedArray`` for a pyarrow array or chunked array, a pyarrow
    ``ChunkedArray`` for another Arrow exporter (without pyarrow, an object that exports it),
    and a ``list`` of ``bool`` for anything else. Raises ``TypeError`` for a value that is
    neither ``str`` nor missing.
    """
    source, container = _source(values, "check_many")

    def answer(output):
        return _urn_tag._answer(
            source,
            "valid",
            spec,
            tag_syntax,
            namespaces,
            scheme,
            False,
            threads,
            output,
            "check_many",
        )

    if container in ("numpy", "pandas"):
        numpy = sys.modules["numpy"]
        if source[0] == "arrow":
            verdicts = _pyarrow_chunked(answer("arrow")).to_numpy()
        else:
            verdicts = numpy.frombuffer(answer("bytes"), dtype=numpy.bool_)
        if container == "pandas":
            return sys.modules["pandas"].Series(verdicts, index=values.index, name=values.name)
        return verdicts
    if source[0] == "arrow":
        return _arrow_result(values, container, answer("arrow"))
    return answer("list")


def parse_many(
    values,
    spec="rfc8141",
    namespaces=False,
    *,
    tag_syntax="rfc4151",
    scheme=None,
    threads=1,
):
    """The fields of each of ``values``, read as :func:`check_many` reads them, one row per
    value.

    ``values`` is anything :func:`check_many` takes. The fields are those of ``urn-tag check
    --json``'s records, by the same names: ``valid``, ``kind`` (``"urn"`` or ``"tag"``, by the
    scheme, even for an invalid value), ``spec``, ``nid``, ``nss``, ``r_component``,
    ``q_component``, ``f_component``, ``query``, ``fragment``, ``nid_class``, ``registered``,
    ``normalized``, ``equivalence_key`` for a URN; ``authority``, ``authority_kind``,
    ``date`` (``YYYY-MM-DD``), ``date_as_written``, ``specific`` and ``fragment`` for a tag;
    ``namespace_checked`` with ``namespaces=True``; and for an invalid value ``error_kind``,
    ``error_part``, ``error_index`` (a byte index) and ``error_message``. A field is null
    where the value does not have it; a missing value gives a null row.

    Arrow in gives Arrow out: a pyarrow ``StructArray`` (or ``ChunkedArray`` of structs) for a
    pyarrow array (or chunked array), a Polars ``Series`` of structs for a Polars ``Series``,
    a pyarrow ``ChunkedArray`` for another Arrow exporter. A list or a NumPy array gives a
    ``pyarrow.Table`` when pyarrow is installed, else a ``dict`` of lists; a pandas ``Series`` a
    ``DataFrame`` with the same index (its columns of pyarrow types when pyarrow is installed,
    so that nulls stay null).
    """
    source, container = _source(values, "parse_many")

    def answer(output):
        return _urn_tag._answer(
            source,
            "parse",
            spec,
            tag_syntax,
            namespaces,
            scheme,
            False,
            threads,
            output,
            "parse_many",
        )

    if source[0] == "arrow" and container != "pandas":
        return _arrow_result(values, container, answer("arrow"))
    try:
        import pyarrow
    except ImportError:
        pyarrow = None
    if pyarrow is None:
        table = answer("columns")
    else:
        table = pyarrow.Table.from_struct_array(_pyarrow_chunked(answer("arrow")))
    if container == "pandas":
        pandas = sys.modules["pandas"]
        if pyarrow is None:
            return pandas.DataFrame(table, index=values.index)
        frame = table.to_pandas(types_mapper=pandas.ArrowDtype)
        frame.index = values.index
        return frame
    return table


def _source(values, function):
    """The values' source, as the native module reads it, and the kind of container."""
    if isinstance(values, list):
        return _list_source(values), "list"
    pyarrow = sys.modules.get("pyarrow")
    if pyarrow is not None:
        if isinstance(values, pyarrow.ChunkedArray):
            return ("arrow", values), "pyarrow-chunked"
        if isinstance(values, pyarrow.Array):
            return ("arrow", values), "pyarrow"
    polars = sys.modules.get("polars")
    if polars is not None and isinstance(values, polars.Series):
        if values.dtype == polars.Null:
            # Polars exports a column of nothing but nulls with a buffer that Arrow's null type
            # does not have, which the C data interface refuses; as strings it is the same nulls.
            return ("arrow", values.cast(polars.String)), "polars"
        return ("arrow", values), "polars"
    pandas = sys.modules.get("pandas")
    if pandas is not None and isinstance(values, pandas.Series):
        dtype = values.dtype
        if isinstance(dtype, pandas.ArrowDtype) or getattr(dtype, "storage", None) == "pyarrow":
            return ("arrow", values), "pandas"
        return _list_source(values.to_numpy(dtype=object).tolist()), "pandas"
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(values, numpy.ndarray):
        return _numpy_source(numpy, values, function), "numpy"
    if isinstance(values, (str, bytes)):
        raise TypeError(
            f"{function}() expects a collection of str, not a single {type(values).__name__}"
        )
    if hasattr(values, "__arrow_c_stream__") or hasattr(values, "__arrow_c_array__"):
        return ("arrow", values), "arrow"
    return _list_source(list(values)), "list"


def _list_source(values):
    """A list's source: the list, and what it may hold for a missing value besides ``None``
    (a NaN of these float types, these singletons), from the libraries already loaded."""
    singletons = ()
    float_types = (float,)
    pandas = sys.modules.get("pandas")
    if pandas is not None:
        singletons = (pandas.NA, pandas.NaT)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        float_types = (float, numpy.floating)
    return ("list", values, singletons, float_types)


def _numpy_source(numpy, array, function):
    if array.ndim != 1:
        raise ValueError(
            f"{function}() expects a one-dimensional array, not {array.ndim} dimensions"
        )
    if array.dtype.kind == "O":
        # An object array holds references to the str objects themselves.
        return _list_source(array.tolist())
    if array.dtype.kind == "U":
        # Fixed-width UTF-32 in the machine's order: read as little-endian code points.
        little = numpy.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<"))
        return ("ucs4", little, array.dtype.itemsize // 4, len(array))
    raise TypeError(
        f"{function}() expects an array of str (dtype object or str), not dtype {array.dtype}"
    )


def _pyarrow_chunked(answers):
    """The native module's answers (an exporter of an Arrow stream) as a pyarrow
    ``ChunkedArray``, without a copy."""
    return sys.modules["pyarrow"].chunked_array(answers)


def _arrow_result(values, container, answers):
    """Arrow answers in the kind of Arrow container ``values`` came in."""
    if container == "pyarrow":
        return _pyarrow_chunked(answers).combine_chunks()
    if container == "pyarrow-chunked":
        return _pyarrow_chunked(answers)
    if container == "polars":
        return sys.modules["polars"].Series(answers).alias(values.name)
    if sys.modules.get("pyarrow") is not None:
        return _pyarrow_chunked(answers)
    return answers
