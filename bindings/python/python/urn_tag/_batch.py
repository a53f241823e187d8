"""The batch functions: many values checked or parsed in one call.

This half tells the containers apart and hands their values to the native module as they lie:
a list of ``str`` as it is, an Arrow string array as its offsets and data buffers, a NumPy
unicode array as its code points. The native half reads each value where it lies, so no Python
object is made per value, and gives the results back in the container's own kind. (The stable
ABI of CPython 3.9, which the wheel is built for, has no buffer protocol: the part of an Arrow
buffer that the array uses is copied once into ``bytes``, and a NumPy unicode array's data a
few MiB at a time.)

NumPy and pyarrow are never imported here to tell a container apart: an array of theirs cannot
exist unless they were imported, so they are looked up in ``sys.modules``.
"""

import sys

from urn_tag import _urn_tag


def check_many(values, spec="rfc8141", namespaces=False):
    """Whether each of ``values`` is a valid URN, as :meth:`Urn.parse` would say.

    ``values`` is a list (or any iterable) of ``str``, a one-dimensional NumPy array of
    ``str`` (dtype ``object`` or ``str``), or a pyarrow ``string``, ``large_string`` or
    ``string_view`` array or chunked array. ``None`` and Arrow nulls are not valid URNs.

    The result has the kind of the input: a NumPy ``bool`` array for a NumPy array, a pyarrow
    ``BooleanArray`` for a pyarrow array, and a ``list`` of ``bool`` for anything else.
    Raises ``TypeError`` for a value that is neither ``str`` nor ``None``.
    """
    sources, container = _sources(values, "check_many")
    if container == "numpy":
        numpy = sys.modules["numpy"]
        verdicts = _urn_tag._check(sources, spec, namespaces, "bytes")
        return numpy.frombuffer(verdicts, dtype=numpy.bool_)
    if container == "arrow":
        pyarrow = sys.modules["pyarrow"]
        bits = _urn_tag._check(sources, spec, namespaces, "bits")
        return pyarrow.Array.from_buffers(
            pyarrow.bool_(), len(values), [None, pyarrow.py_buffer(bits)]
        )
    return _urn_tag._check(sources, spec, namespaces, "list")


def parse_many(values, spec="rfc8141", namespaces=False):
    """The components of each of ``values``, parsed as URNs, one row per value.

    ``values`` is anything :func:`check_many` takes. The columns, named as in ``urn-tag
    check --json``: ``valid``, ``nid``, ``nss``, ``r_component``, ``q_component``,
    ``f_component``, ``query``, ``fragment``, ``equivalence_key``, and for an invalid value
    ``error_kind``, ``error_part``, ``error_index`` (a byte index) and ``error_message``. A
    column is null where its part is absent; a ``None`` or null value gives a row of nulls.

    Returns a ``pyarrow.Table`` when pyarrow is installed, else a ``dict`` of lists.
    """
    sources, _ = _sources(values, "parse_many")
    try:
        import pyarrow
    except ImportError:
        pyarrow = None
    columns = _urn_tag._parse_columns(sources, spec, namespaces, pyarrow is not None)
    if pyarrow is None:
        return dict(columns)
    return pyarrow.table({name: _arrow_array(pyarrow, column) for name, column in columns})


def _sources(values, function):
    """The values' sources, as the native module reads them, and the kind of container."""
    if isinstance(values, list):
        return [("list", values)], "list"
    pyarrow = sys.modules.get("pyarrow")
    if pyarrow is not None:
        if isinstance(values, pyarrow.ChunkedArray):
            chunks = values.chunks
            return [_arrow_source(pyarrow, chunk, function) for chunk in chunks], "arrow"
        if isinstance(values, pyarrow.Array):
            return [_arrow_source(pyarrow, values, function)], "arrow"
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(values, numpy.ndarray):
        return [_numpy_source(numpy, values, function)], "numpy"
    if isinstance(values, (str, bytes)):
        raise TypeError(
            f"{function}() expects a collection of str, not a single {type(values).__name__}"
        )
    return [("list", list(values))], "list"


def _numpy_source(numpy, array, function):
    if array.ndim != 1:
        raise ValueError(
            f"{function}() expects a one-dimensional array, not {array.ndim} dimensions"
        )
    if array.dtype.kind == "O":
        # An object array holds references to the str objects themselves.
        return ("list", array.tolist())
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
        return ("list", [])
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
