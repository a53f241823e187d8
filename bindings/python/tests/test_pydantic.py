"""urn_tag.pydantic.UrnStr in pydantic models."""

import pydantic
import pytest

from urn_tag.pydantic import UrnStr


class Record(pydantic.BaseModel):
    id: UrnStr


def test_a_valid_urn_is_kept_as_the_str_given():
    record = Record(id="URN:ISBN:0451450523")
    assert record.id == "URN:ISBN:0451450523"
    assert type(record.id) is str
    assert Record.model_validate_json('{"id": "urn:example:a?=q"}').id == "urn:example:a?=q"


def test_an_invalid_urn_fails_with_the_libraries_error():
    with pytest.raises(pydantic.ValidationError) as raised:
        Record(id="urn:example:a%zz")
    (error,) = raised.value.errors()
    assert error["type"] == "urn_tag"
    assert error["loc"] == ("id",)
    assert error["msg"] == "invalid percent-encoding in NSS at byte 14"
    assert error["ctx"] == {
        "message": "invalid percent-encoding in NSS at byte 14",
        "kind": "invalid_percent_encoding",
        "part": "nss",
        "index": 14,
    }


def test_a_value_that_is_not_a_string_fails_as_pydantic_says():
    with pytest.raises(pydantic.ValidationError) as raised:
        Record(id=42)
    assert raised.value.errors()[0]["type"] == "string_type"


def test_json_schema_is_a_string_of_format_urn():
    schema = Record.model_json_schema()
    assert schema["properties"]["id"] == {"format": "urn", "title": "Id", "type": "string"}
