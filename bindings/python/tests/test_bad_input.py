"""Input that is not a URN at all: a clear exception every time, never a crash."""

import pytest

import urn_tag
from urn_tag import TagUri, Urn, UrnTagError

NOT_STR = [None, 42, b"urn:ex:a", ["urn:ex:a"], object()]


@pytest.mark.parametrize("value", NOT_STR, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize(
    ("function", "name"),
    [
        (Urn.parse, "Urn.parse"),
        (TagUri.parse, "TagUri.parse"),
        (urn_tag.parse_identifier, "parse_identifier"),
        (urn_tag.normalize, "normalize"),
        (urn_tag.find, "find"),
    ],
)
def test_a_value_that_is_not_str_is_a_type_error(function, name, value):
    with pytest.raises(TypeError) as raised:
        function(value)
    assert str(raised.value) == f"{name}() expects a str, not {type(value).__name__}"


def test_a_str_subclass_is_read_as_its_text():
    class Lying(str):
        def __len__(self):
            return 1000

    assert str(Urn.parse(Lying("urn:example:a"))) == "urn:example:a"
    assert urn_tag.check_many([Lying("urn:example:a")]) == [True]


@pytest.mark.parametrize(
    ("text", "char_index", "byte_index"),
    [("urn:example:a\ud800", 13, 13), ("urn:example:é\udfff", 13, 14), ("\ud83d", 0, 0)],
)
def test_a_lone_surrogate_is_reported_where_it_stands(text, char_index, byte_index):
    with pytest.raises(UrnTagError) as raised:
        Urn.parse(text)
    error = raised.value
    assert (error.kind, error.part, error.index, error.char_index) == (
        "invalid_utf8",
        None,
        byte_index,
        char_index,
    )
    code_point = ord(text[char_index])
    assert error.message == (
        f"lone surrogate U+{code_point:04X} is not Unicode text (it has no UTF-8) "
        f"at byte {byte_index}"
    )


def test_a_surrogate_pair_written_as_one_character_is_not_a_surrogate():
    with pytest.raises(UrnTagError) as raised:
        Urn.parse("urn:example:😀")
    assert raised.value.kind == "non_ascii"


def test_huge_strings_are_parsed_or_refused_without_a_crash():
    nss = "a" * (16 * 1024 * 1024)
    urn = Urn.parse("urn:example:" + nss)
    assert len(urn.nss) == len(nss)
    with pytest.raises(UrnTagError) as raised:
        Urn.parse("urn:example:" + nss + "%zz")
    assert (raised.value.kind, raised.value.index) == (
        "invalid_percent_encoding",
        12 + len(nss) + 1,
    )
    assert urn_tag.check_many(["urn:example:" + nss, "urn:example:" + nss + " "]) == [
        True,
        False,
    ]
    assert [m.text for m in urn_tag.find(nss + " urn:example:x " + nss)] == ["urn:example:x"]


@pytest.mark.parametrize(
    "text",
    ["", "urn", "urn:", "urn::", "urn:x", "\x00", "urn:example:\x00", "%", "tag:", "tag:,:"],
)
def test_short_and_control_inputs_are_errors(text):
    with pytest.raises(UrnTagError) as raised:
        urn_tag.parse_identifier(text)
    assert raised.value.message.endswith(f"at byte {raised.value.index}")
    assert 0 <= raised.value.index <= len(text.encode())
