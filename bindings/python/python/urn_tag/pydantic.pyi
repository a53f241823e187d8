from typing import Any

__all__ = ["UrnStr"]

class UrnStr(str):
    """A ``str`` that is a valid RFC 8141 URN, for pydantic models."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any: ...
    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> Any: ...
