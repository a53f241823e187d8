"""The batch functions: many values checked or parsed in one call.

This half tells the containers apart and hands their values to the native module as they lie:
a list of ``str`` as it is, an Arrow string array as its offsets and data buffers, a NumPy
unicode array as its code points. The native half reads each value where it lies, so no Python
object is made per value, and gives the results back in the container's own kind. (The stable
ABI of CPython 3.9, which the wheel is built for, has no buffer protocol: the part of an Arrow
buffer that the array uses is copied once into ``bytes``, and a NumPy unicode array's data a
few MiB at a time.)

NumPy, pandas and pyarrow are never imported here to tell a container apart: a value of theirs
cannot exist unless they were imported, so they are looked up in ``sys.modules``.
"""

import sys

from urn_tag import _urn_tag


def check_many(values, spec="rfc8141", namespaces=False, *, tag_syntax="rfc4151", scheme=None):
    """Whether each of ``values`` is a valid URN or tag URI, as ``urn-tag check`` says.

    Each value is read by its scheme, as :func:`parse_identifier` reads it: ``urn:`` under
    ``spec`` (and, with ``namespaces=True``, its namespace's rules), ``tag:`` under
    ``tag_syntax``. ``scheme="urn"`` or ``scheme="tag"`` asks for that scheme alone: a value
    of the other one is invalid.

    ``values`` is a list (or any iterable) of ``str``, a pandas ``Series``, a one-dimensional
    NumPy array of ``str`` (dtype ``object`` or ``str``), or a pyarrow ``string``,
    ``large_string`` or ``string_view`` array or chunked array. A missing value (``None``, a
    float NaN, ``pandas.NA``, ``pandas.NaT``, an Arrow null) is not a valid identifier.

    The result has the kind of the input: a ``Series`` of ``bool`` with the same index for a
    ``Series``, a NumPy ``bool`` array for a NumPy array, a pyarrow ``BooleanArray`` for a
    pyarrow array, and a ``list`` of ``bool`` for anything else. Raises ``TypeError`` for a
    value that is neither ``str`` nor missing.
    """
    options = (spec, tag_syntax, namespaces, scheme)
    sources, container = _sources(values, "check_many")
    if container in ("numpy", "pandas"):
        numpy = sys.modules["numpy"]
        verdicts = _urn_tag._check(sources, *options, "bytes")
        array = numpy.frombuffer(verdicts, dtype=numpy.bool_)
        if container == "pandas":
            return sys.modules["pandas"].Series(array, index=values.index, name=values.name)
        return array
    if container == "arrow":
        pyarrow = sys.modules["pyarrow"]
        bits = _urn_tag._check(sources, *options, "bits")
        return pyarrow.Array.from_buffers(
            pyarrow.bool_(), len(values), [None, pyarrow.py_buffer(bits)]
        )
    return _urn_tag._check(sources, *options, "list")


def parse_many(values, spec="rfc8141", namespaces=False, *, tag_syntax="rfc4151", scheme=None):
    """The components of each of ``values``, read as :func:`check_many` reads them, one row
    per value.

    ``values`` is anything :func:`check_many` takes. The columns are the fields of ``urn-tag
    check --json``'s records, by the same names: ``valid``, ``kind`` (``"urn"`` or ``"tag"``,
    by the scheme, even for an invalid value), ``spec``, ``nid``, ``nss``, ``r_component``,
    ``q_component``, ``f_component``, ``query``, ``fragment``, ``nid_class``, ``registered``,
    ``normalized``, ``equivalence_key`` for a URN; ``authority``, ``authority_kind``,
    ``date`` (``YYYY-MM-DD``), ``date_as_written``, ``specific`` and ``fragment`` for a tag;
    ``namespace_checked`` with ``namespaces=True``; and for an invalid value ``error_kind``,
    ``error_part``, ``error_index`` (a byte index) and ``error_message``. A column is null
    where its field is absent; a missing value gives a row of nulls.

    Returns a ``pyarrow.Table`` when pyarrow is installed, else a ``dict`` of lists; for a
    pandas ``Series``, a ``DataFrame`` with the same index (its columns of pyarrow types
    when pyarrow is installed, so that nulls stay null).
    """
    sources, container = _sources(values, "parse_many")
    try:
        import pyarrow
    except ImportError:
        pyarrow = None
    columns = _urn_tag._parse_columns(
        sources, spec, tag_syntax, namespaces, scheme, pyarrow is not None
    )
    if pyarrow is None:
        table = dict(columns)
    else:
        table = pyarrow.table({name: _arrow_array(pyarrow, column) for name, column in columns})
    if container == "pandas":
        pandas = sys.modules["pandas"]
        if pyarrow is None:
            return pandas.DataFrame(table, index=values.index)
        frame = table.to_pandas(types_mapper=pandas.ArrowDtype)
        frame.index = values.index
        return frame
    return table


def _sources(values, function):
    """The values' sources, as the native module reads them, and the kind of container."""
    if isinstance(values, list):
        return [_list_source(values)], "list"
    pyarrow = sys.modules.get("pyarrow")
    if pyarrow is not None:
        if isinstance(values, pyarrow.ChunkedArray):
            chunks = values.chunks
            return [_arrow_source(pyarrow, chunk, function) for chunk in chunks], "arrow"
        if isinstance(values, pyarrow.Array):
            return [_arrow_source(pyarrow, values, function)], "arrow"
    pandas = sys.modules.get("pandas")
    if pandas is not None and isinstance(values, pandas.Series):
        return [_list_source(values.to_numpy(dtype=object).tolist())], "pandas"
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(values, numpy.ndarray):
        return [_numpy_source(numpy, values, function)], "numpy"
    if isinstance(values, (str, bytes)):
        raise TypeError(
            f"{function}() expects a collection of str, not a single {type(values).__name__}"
        )
    return [_list_source(list(values))], "list"


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


def _arrow_source(pyarrow, array, function):
    types = pyarrow.types
    if types.is_dictionary(array.type):
        array = array.dictionary_decode()
    is_string_view = getattr(types, "is_string_view", lambda _: False)
    if is_string_view(array.type):
        array = array.cast(pyarrow.large_string())
    if types.is_string(array.type):
        width = 4
    elif types.is_large_string(array.type):
        width = 8
    else:
        raise TypeError(f"{function}() expects an Arrow string array, not {array.type}")
    length = len(array)
    if length == 0:
        return _list_source([])
    validity, offsets, data = array.buffers()
    # Only the part of each buffer the array uses: an array may be a slice of a larger one.
    offset_bytes = offsets.slice(array.offset * width, (length + 1) * width).to_pybytes()
    first = int.from_bytes(offset_bytes[:width], "little", signed=True)
    last = int.from_bytes(offset_bytes[-width:], "little", signed=True)
    data_bytes = data.slice(first, last - first).to_pybytes() if last > first else b""
    validity_bytes = validity.to_pybytes() if validity is not None and array.null_count else None
    return (
        "arrow",
        offset_bytes,
        width == 8,
        data_bytes,
        first,
        validity_bytes,
        array.offset,
        length,
    )


_ARROW_TYPES = {
    "bool": "bool_",
    "int64": "int64",
    "string": "string",
    "large_string": "large_string",
}


def _arrow_array(pyarrow, column):
    """A pyarrow array from the native module's ``(type, length, null_count, validity,
    *buffers)``."""
    type_name, length, null_count, validity, *buffers = column
    arrow_type = getattr(pyarrow, _ARROW_TYPES[type_name])()
    validity_buffer = None if validity is None else pyarrow.py_buffer(validity)
    return pyarrow.Array.from_buffers(
        arrow_type,
        length,
        [validity_buffer, *map(pyarrow.py_buffer, buffers)],
        null_count=null_count,
    )
