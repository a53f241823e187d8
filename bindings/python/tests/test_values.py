"""The values: components, errors, equality and hashing, normalization, finding, minting."""

import datetime
import pickle

import pytest

import urn_tag
from urn_tag import TagUri, Urn, UrnTagError


def error_of(function, *arguments, **keywords):
    with pytest.raises(UrnTagError) as raised:
        function(*arguments, **keywords)
    error = raised.value
    return (error.kind, error.part, error.index, error.message)


def test_urn_components_are_the_text_as_written():
    urn = Urn.parse("URN:Example:a123%2cz456?+CCResolve:cc=uk?=op=map#day2")
    assert urn.spec == "rfc8141"
    assert (urn.nid, urn.nss) == ("Example", "a123%2cz456")
    assert urn.assigned_name == "URN:Example:a123%2cz456"
    assert (urn.r_component, urn.q_component, urn.f_component) == (
        "CCResolve:cc=uk",
        "op=map",
        "day2",
    )
    assert (urn.query, urn.fragment) == (None, None)


def test_absent_components_are_none_and_an_empty_f_component_is_empty():
    urn = Urn.parse("urn:example:a#")
    assert (urn.r_component, urn.q_component, urn.f_component) == (None, None, "")
    assert Urn.parse("urn:example:a").f_component is None


def test_draft_query_and_fragment_under_rfc2141bis():
    urn = Urn.parse("urn:ietf:rfc:2141?version=1997#top", spec="rfc2141bis")
    assert (urn.query, urn.fragment, urn.spec) == ("version=1997", "top", "rfc2141bis")
    assert urn.q_component is None


def test_nid_class_registration_and_display_form():
    assert Urn.parse("urn:isbn:0451450523").nid_class == "formal"
    assert Urn.parse("urn:isbn:0451450523").registered
    assert not Urn.parse("urn:nonexistent-nid:x").registered
    assert Urn.parse("urn:urn-7:x").nid_class == "informal"
    assert Urn.parse("urn:example:%D0%B0123,z456").display_form == "urn:example:а123,z456"


@pytest.mark.parametrize(
    ("text", "spec", "error"),
    [
        (
            "urn:example:a%zz",
            "rfc8141",
            ("invalid_percent_encoding", "nss", 14, "invalid percent-encoding in NSS at byte 14"),
        ),
        (
            "urn:example:a?b",
            "rfc8141",
            ("bare_question_mark", "nss", 14, "'?' must be followed by '+' or '=' at byte 14"),
        ),
        (
            "urn:a-:x",
            "rfc8141",
            ("nid_ends_with_hyphen", "nid", 6, "NID must not end with '-' (RFC 8141 §2) at byte 6"),
        ),
        ("urn:example:", "rfc8141", ("empty", "nss", 12, "empty NSS at byte 12")),
        (
            "urn:urn:x",
            "rfc2141",
            ("reserved_nid", "nid", 4, 'NID "urn" is reserved (RFC 2141 §2.1) at byte 4'),
        ),
        (
            "http://example.com/",
            "rfc8141",
            ("expected_urn_scheme", "scheme", 0, 'expected "urn:" at byte 0'),
        ),
        (
            " urn:example:a",
            "rfc8141",
            ("leading_whitespace", "scheme", 0, "white space before the identifier at byte 0"),
        ),
        (
            "urn:example:a?+",
            "rfc8141",
            ("empty", "r_component", 15, "empty r-component at byte 15"),
        ),
    ],
)
def test_parse_error_fields_are_the_libraries_verbatim(text, spec, error):
    assert error_of(Urn.parse, text, spec=spec) == error


def test_error_is_a_value_error_whose_str_is_its_message():
    with pytest.raises(ValueError) as raised:
        Urn.parse("urn:example:a%zz")
    assert isinstance(raised.value, UrnTagError)
    assert str(raised.value) == raised.value.message
    assert raised.value.args == ("invalid percent-encoding in NSS at byte 14",)


def test_error_index_counts_utf8_bytes_and_char_index_counts_characters():
    text = "urn:example:é"
    with pytest.raises(UrnTagError) as raised:
        Urn.parse(text)
    error = raised.value
    assert error.kind == "non_ascii"
    assert error.message == "non-ASCII character 'é' in NSS must be percent-encoded at byte 12"
    assert (error.index, error.char_index) == (12, 12)
    assert text[error.char_index] == "é"
    # Only a lone surrogate stands after a character that has already been read as valid:
    # every other character outside ASCII is itself the error.
    with pytest.raises(UrnTagError) as raised:
        Urn.parse("urn:example:é\udc00")
    assert (raised.value.index, raised.value.char_index) == (14, 13)


def test_equality_and_hash_compare_the_exact_text():
    a = Urn.parse("urn:example:a123,z456")
    b = Urn.parse("URN:EXAMPLE:a123,z456#789")
    assert a != b
    assert a == Urn.parse("urn:example:a123,z456")
    assert hash(a) == hash(Urn.parse("urn:example:a123,z456"))
    assert len({a, b, Urn.parse("urn:example:a123,z456")}) == 2
    assert a != "urn:example:a123,z456"
    assert sorted([Urn.parse("urn:b:x", spec="rfc2141"), Urn.parse("urn:a:x", spec="rfc2141")]) == [
        Urn.parse("urn:a:x", spec="rfc2141"),
        Urn.parse("urn:b:x", spec="rfc2141"),
    ]


def test_equality_ignores_the_spec_as_the_library_does():
    assert Urn.parse("urn:ab:x") == Urn.parse("urn:ab:x", spec="rfc2141")


def test_rfc_equivalence_is_explicit():
    a = Urn.parse("urn:example:a123,z456")
    b = Urn.parse("URN:EXAMPLE:a123,z456#789")
    assert a.equivalent(b) and b.equivalent(a)
    assert a.equivalent("urn:EXAMPLE:a123,z456?=x")
    assert a.equivalence_key() == b.equivalence_key() == "urn:example:a123,z456"
    with pytest.raises(UrnTagError):
        a.equivalent("urn:example:a%zz")
    with pytest.raises(TypeError):
        a.equivalent(42)


def test_namespace_rules_of_equivalence_unless_rfc_only():
    upper = Urn.parse("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6")
    lower = Urn.parse("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
    assert upper.equivalent(lower)
    assert not upper.equivalent(lower, rfc_only=True)
    assert Urn.parse("urn:ISSN:1050-124x").equivalence_key() == "urn:issn:1050-124X"


def test_normalize_keeps_components_and_changes_case_only():
    urn = Urn.parse("URN:EXAMPLE:a%2cb?=q%3d#F")
    assert urn.normalize() == Urn.parse("urn:example:a%2Cb?=q%3D#F")
    assert not urn.is_normalized()
    assert urn.normalize().is_normalized()
    assert urn_tag.normalize("URN:EXAMPLE:a%2cb") == "urn:example:a%2Cb"
    assert urn_tag.normalize("TAG:Example.com,2000:X") == "TAG:Example.com,2000:X"
    with pytest.raises(UrnTagError):
        urn_tag.normalize("urn:example:")


def test_str_is_the_text_and_repr_parses_back():
    urn = Urn.parse("urn:example:it's")
    assert str(urn) == "urn:example:it's"
    assert repr(urn) == 'Urn("urn:example:it\'s")'
    assert repr(Urn.parse("urn:a:b", spec="rfc2141")) == "Urn('urn:a:b', spec='rfc2141')"
    assert eval(repr(urn), {"Urn": Urn}) == urn
    tag = TagUri.parse("tag:a+b@example.com,2020:x", syntax="erratum1485")
    assert repr(tag) == "TagUri('tag:a+b@example.com,2020:x', syntax='erratum1485')"
    assert eval(repr(tag), {"TagUri": TagUri}) == tag


def test_calling_the_class_parses():
    assert Urn("urn:a:b", spec="rfc2141") == Urn.parse("urn:a:b", spec="rfc2141")
    assert TagUri("tag:yaml.org,2002:int") == TagUri.parse("tag:yaml.org,2002:int")
    with pytest.raises(UrnTagError):
        Urn("urn:a:b")


def test_errors_pickle_with_their_fields():
    with pytest.raises(UrnTagError) as raised:
        Urn.parse("urn:x:y")
    back = pickle.loads(pickle.dumps(raised.value))
    assert (back.kind, back.part, back.index, back.char_index, back.message) == (
        "nid_too_short",
        "nid",
        5,
        5,
        "NID shorter than 2 characters at byte 5",
    )


def test_values_pickle_with_their_spec():
    urn = Urn.parse("urn:a:b", spec="rfc2141")
    back = pickle.loads(pickle.dumps(urn))
    assert back == urn and back.spec == "rfc2141"
    tag = TagUri.parse("tag:yaml.org,2002:int")
    assert pickle.loads(pickle.dumps(tag)) == tag


def test_matches_pickle_as_found():
    text = "Voilà urn:isbn:0451450523 et tag:yaml.org,2002:int"
    for match in urn_tag.find(text):
        back = pickle.loads(pickle.dumps(match))
        assert (back.value, back.text, back.kind, back.span(), back.byte_start, back.byte_end) == (
            match.value,
            match.text,
            match.kind,
            match.span(),
            match.byte_start,
            match.byte_end,
        )
        assert type(back.value) is type(match.value)


def test_a_match_is_built_only_with_spans_as_long_as_its_text():
    urn = Urn.parse("urn:ex:a")
    assert urn_tag.Match(urn, 2, 10, 3, 11).span() == (2, 10)
    with pytest.raises(ValueError) as raised:
        urn_tag.Match(urn, 2, 9, 3, 11)
    assert str(raised.value) == (
        "Match() spans (2, 9) and (3, 11) must each be as long as 'urn:ex:a'"
    )
    with pytest.raises(TypeError, match=r"Match\(\) expects a Urn or a TagUri"):
        urn_tag.Match("urn:ex:a", 0, 8, 0, 8)


def test_namespace_checks_pickle_and_come_back_from_other_processes():
    import multiprocessing

    checks = [
        Urn.parse(text).check_namespace()
        for text in ["urn:isbn:978-0-395-36341-6", "urn:oid:1.02.3", "urn:unknown-nid:x"]
    ]
    for check in checks:
        back = pickle.loads(pickle.dumps(check))
        assert (bool(back), back.checked, back.namespace, repr(back)) == (
            bool(check),
            check.checked,
            check.namespace,
            repr(check),
        )
    # What multiprocessing needs: results that come back from a process pickled.
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        found, checks_back = pool.apply(_in_another_process, ("see urn:oid:1.02.3 and urn:ex:a",))
    assert [(m.text, m.span()) for m in found] == [("urn:ex:a", (23, 31))]
    assert [repr(check) for check in checks_back] == [
        "NamespaceCheck(valid=False, namespace='oid', error=UrnTagError('NSS breaks rule oid_oid "
        "of namespace oid (namespaces/oid.pest) at byte 11'))",
        "NamespaceCheck(checked=False)",
    ]


def _in_another_process(text):
    found = list(urn_tag.find(text, namespaces=True))
    return found, [Urn.parse(text).check_namespace() for text in ["urn:oid:1.02.3", "urn:ex:a"]]


def test_check_namespace_reports_valid_invalid_and_not_checked():
    valid = Urn.parse("urn:isbn:978-0-395-36341-6").check_namespace()
    assert (bool(valid), valid.checked, valid.namespace, valid.error) == (True, True, "isbn", None)
    invalid = Urn.parse("urn:oid:1.02.3").check_namespace()
    assert (bool(invalid), invalid.checked, invalid.namespace) == (False, True, "oid")
    assert (invalid.error.kind, invalid.error.part, invalid.error.index) == ("namespace", "nss", 11)
    unknown = Urn.parse("urn:unknown-nid:x").check_namespace()
    assert (bool(unknown), unknown.checked, unknown.namespace) == (False, False, None)
    assert repr(unknown) == "NamespaceCheck(checked=False)"


def test_a_namespace_whose_registration_states_no_syntax_is_checked_and_followed():
    # As `urn-tag check --namespaces` says: any NSS of the URN syntax follows it.
    check = Urn.parse("urn:Broadband-Forum-Org:cwmp:datamodel-1-5").check_namespace()
    assert (bool(check), check.checked, check.namespace, check.error) == (
        True,
        True,
        "broadband-forum-org",
        None,
    )
    assert repr(check) == "NamespaceCheck(valid=True, namespace='broadband-forum-org')"


def test_namespaces_flag_makes_parse_apply_the_namespace():
    assert Urn.parse("urn:ietf:rfc:abc")
    assert error_of(Urn.parse, "urn:ietf:rfc:abc", namespaces=True)[:3] == ("namespace", "nss", 13)
    # The scheme is still checked first.
    assert error_of(Urn.parse, "tag:x", namespaces=True)[0] == "expected_urn_scheme"


def test_tag_components():
    tag = TagUri.parse("tag:timothy@hpl.hp.com,2001:web/externalHome#top")
    assert (tag.authority, tag.authority_kind) == ("timothy@hpl.hp.com", "email")
    assert (tag.local_part, tag.domain) == ("timothy", "hpl.hp.com")
    assert tag.tagging_entity == "timothy@hpl.hp.com,2001"
    assert (tag.date, tag.date_as_written) == (datetime.date(2001, 1, 1), "2001")
    assert (tag.specific, tag.fragment, tag.syntax) == ("web/externalHome", "top", "rfc4151")
    assert tag.is_conforming
    assert str(tag) == "tag:timothy@hpl.hp.com,2001:web/externalHome#top"


def test_a_tag_of_the_year_0000_has_no_datetime_date():
    tag = TagUri.parse("tag:example.com,0000:x")
    assert tag.date_as_written == "0000"
    with pytest.raises(ValueError) as raised:
        _ = tag.date
    assert str(raised.value) == (
        "the tag's date 0000-01-01 is before year 1, which datetime.date cannot hold; "
        "see date_as_written"
    )


def test_tag_errors_and_syntaxes():
    assert error_of(TagUri.parse, "tag:example.com,1900-02-29:x") == (
        "day_out_of_range",
        "date",
        24,
        "day 29 does not exist in 1900-02 at byte 24",
    )
    assert error_of(TagUri.parse, "tag:a+b@example.com,2020:x")[0] == "invalid_char"
    assert TagUri.parse("tag:a+b@example.com,2020:x", syntax="erratum1485").local_part == "a+b"
    lenient = TagUri.parse("tag:host_name,2020:x", syntax="lenient")
    assert (lenient.authority_kind, lenient.is_conforming) == ("opaque", False)


def test_tag_equality_is_the_rfcs_character_by_character():
    assert TagUri.parse("tag:example.com,2000:a") == TagUri.parse("tag:example.com,2000:a")
    assert TagUri.parse("tag:example.com,2000:a") != TagUri.parse("tag:Example.com,2000:a")
    assert hash(TagUri.parse("tag:example.com,2000:a")) == hash(
        TagUri.parse("tag:example.com,2000:a")
    )


def test_parse_identifier_tells_the_schemes_apart():
    assert isinstance(urn_tag.parse_identifier("urn:ietf:rfc:4151"), Urn)
    assert isinstance(urn_tag.parse_identifier("tag:yaml.org,2002:int"), TagUri)
    assert error_of(urn_tag.parse_identifier, "http://example.com/") == (
        "expected_scheme",
        "scheme",
        0,
        'expected "urn:" or "tag:" at byte 0',
    )
    assert isinstance(urn_tag.parse_identifier("urn:a:x", spec="rfc2141"), Urn)
    assert error_of(urn_tag.parse_identifier, "urn:oid:1.02", namespaces=True)[0] == "namespace"


def test_find_gives_offsets_into_the_str():
    text = "Voilà: urn:isbn:0451450523, et tag:yaml.org,2002:int."
    matches = list(urn_tag.find(text))
    assert [(m.kind, m.text, m.span()) for m in matches] == [
        ("urn", "urn:isbn:0451450523", (7, 26)),
        ("tag", "tag:yaml.org,2002:int", (31, 52)),
    ]
    for match in matches:
        assert text[match.start : match.end] == match.text == str(match.value)
    # The byte offsets are those of the UTF-8 text (one more: "à" is two bytes).
    assert (matches[0].byte_start, matches[0].byte_end) == (8, 27)
    assert isinstance(matches[0].value, Urn) and isinstance(matches[1].value, TagUri)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # As surrogateescape decodes a byte that is not UTF-8: a separator, as the byte is to
        # `urn-tag find`.
        (
            "see urn:example:a and \udcff then urn:example:b",
            [("urn:example:a", 4, 17, 4, 17), ("urn:example:b", 29, 42, 31, 44)],
        ),
        (
            "urn:example:a\udcffurn:example:b",
            [
                ("urn:example:a", 0, 13, 0, 13),
                ("urn:example:b", 14, 27, 16, 29),
            ],
        ),
        # A high and a low surrogate are two code points of a str: two separators.
        ("\ud83d\ude00tag:yaml.org,2002:int\ud800", [("tag:yaml.org,2002:int", 2, 23, 6, 27)]),
        ("é\udcffurn:ex:a", [("urn:ex:a", 2, 10, 5, 13)]),
        ("\udcff", []),
    ],
)
def test_find_skips_lone_surrogates_as_the_command_line_skips_invalid_bytes(text, found):
    matches = list(urn_tag.find(text))
    assert [(m.text, m.start, m.end, m.byte_start, m.byte_end) for m in matches] == found
    utf8 = text.encode("utf-8", "surrogatepass")
    for match in matches:
        assert text[match.start : match.end] == match.text
        assert utf8[match.byte_start : match.byte_end].decode() == match.text


def test_find_options():
    assert [m.text for m in urn_tag.find("urn:ex:a.", trim_punctuation=False)] == ["urn:ex:a."]
    assert [m.text for m in urn_tag.find("urn:a:b")] == []
    assert [m.text for m in urn_tag.find("urn:a:b", spec="rfc2141")] == ["urn:a:b"]
    assert list(urn_tag.find("")) == []


def test_mint_tag_uses_the_shortest_date_and_refuses_the_future():
    today = datetime.date(2026, 1, 1)
    tag = urn_tag.mint_tag("example.com", "2001-07-01", "web/home", today=today)
    assert tag == TagUri.parse("tag:example.com,2001-07:web/home")
    tag = urn_tag.mint_tag("example.org", datetime.date(2004, 1, 1), "/x", "anchor", today=today)
    assert str(tag) == "tag:example.org,2004:/x#anchor"
    assert str(urn_tag.mint_tag("yaml.org", "2002", today="2026-01-01")) == "tag:yaml.org,2002:"
    assert error_of(urn_tag.mint_tag, "hp.com", "2999-01-01", today=today) == (
        "future_date",
        "date",
        None,
        "date 2999-01-01 is after today (2026-01-01 UTC); "
        "RFC 4151 §2.2: tags MUST NOT be minted under a future date",
    )
    assert error_of(urn_tag.mint_tag, "a+b@example.com", "2001", today=today) == (
        "invalid_char",
        "authority",
        1,
        "invalid character '+' in authority (byte 1 of the authority given)",
    )
    assert error_of(urn_tag.mint_tag, "localhost", "2001", today=today)[0] == "not_fully_qualified"
    assert error_of(urn_tag.mint_tag, "example.com", "2001-13", today=today)[:3] == (
        "month_out_of_range",
        "date",
        5,
    )
    # Without `today`, the system's clock: a date long past is accepted.
    assert str(urn_tag.mint_tag("example.com", "2000")) == "tag:example.com,2000:"


EST = datetime.timezone(datetime.timedelta(hours=-5))
TOKYO = datetime.timezone(datetime.timedelta(hours=9))


@pytest.mark.parametrize(
    ("date", "minted"),
    [
        # 23:00 on 1 January in New York is 04:00 on 2 January in UTC.
        (datetime.datetime(2000, 1, 1, 23, 0, tzinfo=EST), "tag:example.com,2000-01-02:"),
        (datetime.datetime(2000, 1, 1, 4, 59, tzinfo=EST), "tag:example.com,2000:"),
        (datetime.datetime(2000, 1, 1, 8, 0, tzinfo=TOKYO), "tag:example.com,1999-12-31:"),
        (datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc), "tag:example.com,2000:"),
        # A date is a calendar day, whatever the time zone of its reader.
        (datetime.date(2000, 1, 2), "tag:example.com,2000-01-02:"),
        # The day before 0001-01-01, which a tag can have and a datetime cannot.
        (datetime.datetime(1, 1, 1, 3, 0, tzinfo=TOKYO), "tag:example.com,0000-12-31:"),
    ],
)
def test_mint_tag_takes_an_aware_datetime_on_its_utc_day(date, minted):
    assert str(urn_tag.mint_tag("example.com", date, today="2026-01-01")) == minted


def test_mint_tag_today_is_a_utc_day_too():
    # 1 January 20:00 in New York is 2 January in UTC: a tag of 2 January is not in the future.
    today = datetime.datetime(2000, 1, 1, 20, 0, tzinfo=EST)
    assert str(urn_tag.mint_tag("example.com", "2000-01-02", today=today)) == (
        "tag:example.com,2000-01-02:"
    )
    assert error_of(urn_tag.mint_tag, "example.com", "2000-01-03", today=today)[0] == (
        "future_date"
    )


@pytest.mark.parametrize("argument", ["date", "today"])
def test_mint_tag_refuses_a_naive_datetime(argument):
    keywords = {"date": "2000", "today": "2026-01-01"}
    keywords[argument] = datetime.datetime(2000, 1, 1, 23, 0)
    with pytest.raises(ValueError) as raised:
        urn_tag.mint_tag("example.com", **keywords)
    assert str(raised.value) == (
        f"mint_tag() {argument} is a naive datetime: give it a tzinfo (its day in UTC is used) "
        "or pass a datetime.date"
    )


def test_mint_tag_refuses_a_utc_day_after_9999():
    late = datetime.datetime(9999, 12, 31, 23, 0, tzinfo=EST)
    with pytest.raises(ValueError) as raised:
        urn_tag.mint_tag("example.com", late, today="2026-01-01")
    assert str(raised.value) == (
        "mint_tag() date 10000-01-01 is not a date a tag can have (years 0000 to 9999)"
    )
    with pytest.raises(TypeError) as raised:
        urn_tag.mint_tag("example.com", 2000)
    assert str(raised.value) == (
        "mint_tag() date must be a datetime.date, an aware datetime.datetime or a str"
    )


def test_unknown_syntax_names_are_value_errors():
    with pytest.raises(ValueError, match="unknown URN syntax"):
        Urn.parse("urn:ex:a", spec="rfc9999")
    with pytest.raises(ValueError, match="unknown tag syntax"):
        TagUri.parse("tag:a.org,2000:", syntax="strict")


def test_version_is_the_librarys(repository):
    import re

    manifest = (repository / "Cargo.toml").read_text(encoding="utf-8")
    version = re.search(r'^version = "(.*)"$', manifest, re.M).group(1)
    assert urn_tag.__version__ == version
