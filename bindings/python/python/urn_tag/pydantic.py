"""A pydantic field type for URNs: ``UrnStr``.

::

    from pydantic import BaseModel
    from urn_tag.pydantic import UrnStr

    class Record(BaseModel):
        id: UrnStr

    Record(id="urn:isbn:0451450523")   # accepted, kept as the str given
    Record(id="urn:example:a%zz")      # ValidationError: invalid percent-encoding in NSS ...

The field holds the text exactly as given (a ``str``): validation parses it with
:meth:`urn_tag.Urn.parse` under RFC 8141 and keeps nothing else. An invalid URN fails with the
error type ``urn_tag`` and a context of the :class:`~urn_tag.UrnTagError`'s ``kind``, ``part``
and ``index``. pydantic is needed only to use this module; importing ``urn_tag`` does not
import it.
"""

from pydantic_core import PydanticCustomError, core_schema

from urn_tag import Urn, UrnTagError


def _validate(text: str) -> str:
    try:
        Urn.parse(text)
    except UrnTagError as error:
        raise PydanticCustomError(
            "urn_tag",
            "{message}",
            {
                "message": error.message,
                "kind": error.kind,
                "part": error.part,
                "index": error.index,
            },
        ) from None
    return text


class UrnStr(str):
    """A ``str`` that is a valid RFC 8141 URN, for pydantic models.

    In a JSON Schema it is a string of format ``urn``.
    """

    __slots__ = ()

    @classmethod
    def __get_pydantic_core_schema__(cls, source, handler):
        return core_schema.no_info_after_validator_function(_validate, core_schema.str_schema())

    @classmethod
    def __get_pydantic_json_schema__(cls, schema, handler):
        json_schema = handler(schema)
        json_schema.update(format="urn")
        return json_schema


__all__ = ["UrnStr"]
