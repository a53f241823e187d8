"""What the engines' column functions (Polars, DuckDB, Spark) share: the four questions, the
options they are asked under, and the native module's answers for a batch of Arrow data, in
which a null gives a null, as the engines' own functions answer a null.
"""

from dataclasses import dataclass

from urn_tag import _urn_tag

#: The questions, by the name of the function that asks each: whether a value is valid, its
#: fields, its error's message and what equivalence compares.
QUESTIONS = {
    "is_valid": "valid",
    "parse": "parse",
    "error": "error",
    "equivalence_key": "key",
}


@dataclass(frozen=True)
class Options:
    """How a column function reads its values (the arguments of :func:`urn_tag.check_many`)
    and for which function, by name, its messages speak."""

    function: str
    spec: str = "rfc8141"
    namespaces: bool = False
    tag_syntax: str = "rfc4151"
    scheme: "str | None" = None
    threads: int = 1

    def __post_init__(self):
        # Checked where the expression is built, not where a batch of it runs (which may be an
        # engine's worker process, long after).
        self.answer(("list", [], (), (float,)), "valid", "list")

    def answer(self, source, question, output):
        return _urn_tag._answer(
            source,
            question,
            self.spec,
            self.tag_syntax,
            self.namespaces,
            self.scheme,
            True,
            self.threads,
            output,
            self.function,
        )


def answer(values, question, options):
    """The answers to ``question`` (a value of :data:`QUESTIONS`) for ``values``, an exporter
    of an Arrow array or stream, as an exporter of an Arrow chunked array."""
    return options.answer(("arrow", values), question, "arrow")


def row_fields(types):
    """The fields of the ``parse`` functions' struct, in order, as ``(name, type)`` with the
    type ``types["bool"]``, ``types["string"]`` or ``types["int64"]``."""
    return [(name, types[kind]) for name, kind in _urn_tag._row_fields()]
