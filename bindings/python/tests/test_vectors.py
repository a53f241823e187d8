"""The repository's vector files through the Python API, held to the verdicts the Rust tests
assert (tests/conformance/peer_vectors.rs, peer_tag_vectors.rs, tests/urn/urn_equivalence.rs,
tests/grammar/namespace_grammars.rs)."""

import pytest

import urn_tag

from conftest import DATA, table

URN_ROWS = table(DATA / "peer-urn-vectors.tsv")
TAG_ROWS = table(DATA / "peer-tag-vectors.tsv")
EQUIVALENCE_ROWS = table(DATA / "peer-urn-equivalence.tsv")
NAMESPACE_FILES = sorted((DATA / "namespaces").glob("*.tsv"))


def row_id(row):
    return f"line{row['line']}"


def parse_urn(text, spec):
    try:
        return urn_tag.Urn.parse(text, spec=spec)
    except urn_tag.UrnTagError:
        return None


@pytest.mark.parametrize("row", URN_ROWS, ids=row_id)
def test_peer_urn_vector_gets_the_crates_verdict_and_the_peers_components(row):
    # run_as is a spec, or a spec and a wrapper: -nid parses urn:INPUT:x, -nss urn:example:INPUT.
    spec, _, wrap = row["run_as"].partition("-")
    text = {"nid": f"urn:{row['input']}:x", "nss": f"urn:example:{row['input']}"}.get(
        wrap, row["input"]
    )
    urn = parse_urn(text, spec)
    ours = "valid" if urn is not None else "invalid"
    assert ours == row["verdict"]
    components_agree = True
    if urn is not None and row["expected"] == "valid":
        if wrap == "nid":
            pairs = [(row["nid"] or row["input"], urn.nid)]
        elif wrap == "nss":
            pairs = [(row["nss"], urn.nss)]
        else:
            pairs = [
                (row["nid"], urn.nid),
                (row["nss"], urn.nss),
                (row["rcomp"], urn.r_component or ""),
                (row["qcomp"], urn.q_component or ""),
                (row["fcomp"], urn.f_component or ""),
            ]
        components_agree = all(want == "" or want == got for want, got in pairs)
    agrees = ours == row["expected"] and components_agree
    # A recorded disagreement exactly where this crate differs from the peer.
    assert agrees == (row["disagreement"] == ""), row["disagreement"]


def run_tag(row):
    given = row["input"]
    text = {
        "rfc4151": given,
        "rfc4151-authority": f"tag:{given},2000:",
        "rfc4151-dns": f"tag:{given},2000:",
        "rfc4151-email": f"tag:{given},2000:",
        "rfc4151-date": f"tag:example.com,{given}:",
        "rfc4151-specific": f"tag:example.com,2000:{given}",
    }[row["run_as"]]
    try:
        tag = urn_tag.TagUri.parse(text)
    except urn_tag.UrnTagError:
        return None
    whole = {
        "rfc4151": True,
        "rfc4151-authority": tag.authority == given,
        "rfc4151-dns": tag.authority == given and tag.authority_kind == "dns",
        "rfc4151-email": tag.authority == given and tag.authority_kind == "email",
        "rfc4151-date": tag.date_as_written == given,
        "rfc4151-specific": tag.specific == given and tag.fragment is None,
    }[row["run_as"]]
    return tag if whole else None


@pytest.mark.parametrize("row", TAG_ROWS, ids=row_id)
def test_peer_tag_vector_gets_the_crates_verdict_and_the_peers_components(row):
    tag = run_tag(row)
    ours = "valid" if tag is not None else "invalid"
    assert ours == row["verdict"]
    assert f"rfc4151-abnf={ours}" in row["note"]
    components_agree = True
    if tag is not None and row["expected"] == "valid":
        pairs = [
            (row["authority"], tag.authority),
            (row["date"], tag.date_as_written),
            (row["specific"], tag.specific),
            (row["fragment"], tag.fragment or ""),
        ]
        components_agree = all(want == "" or want == got for want, got in pairs)
    agrees = ours == row["expected"] and components_agree
    assert agrees == (row["disagreement"] == ""), row["disagreement"]


def test_vector_files_hold_the_rows_the_rust_tests_count():
    assert len(URN_ROWS) > 800
    assert len(TAG_ROWS) == 244
    assert len(EQUIVALENCE_ROWS) > 300
    assert sum(row["disagreement"] != "" for row in EQUIVALENCE_ROWS) == 15


@pytest.mark.parametrize("row", EQUIVALENCE_ROWS, ids=row_id)
def test_peer_equivalence_vector_gets_the_crates_verdict(row):
    spec, _, wrap = row["run_as"].partition("-")

    def text(given):
        return f"urn:{given}:x" if wrap == "nid" else given

    a, b = parse_urn(text(row["a"]), spec), parse_urn(text(row["b"]), spec)
    if a is None or b is None:
        ours = "invalid"
    elif row["compare"] == "exact":
        ours = str(a == b).lower()
    elif row["compare"] == "normalized":
        ours = str(a.normalize() == b.normalize()).lower()
    else:
        ours = str(a.equivalent(b)).lower()
        # The key is what equivalence compares.
        assert (a.equivalence_key() == b.equivalence_key()) == a.equivalent(b)
    assert ours == row["verdict"]
    assert (ours == row["equivalent"]) == (row["disagreement"] == "")


def namespace_rows():
    for path in NAMESPACE_FILES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("#") or not line:
                continue
            urn, verdict, source = line.split("\t")
            assert source, f"{path.name}:{number}: no source"
            yield pytest.param(path.stem, urn, verdict, id=f"{path.stem}:{number}")


@pytest.mark.parametrize(("nid", "text", "verdict"), list(namespace_rows()))
def test_namespace_vector_gets_its_verdict_and_message_verbatim(nid, text, verdict):
    urn = urn_tag.Urn.parse(text)
    assert urn.nid.lower() == nid
    check = urn.check_namespace()
    assert check.checked
    assert check.namespace == nid
    if verdict == "valid":
        assert check.valid and bool(check) and check.error is None
        assert urn_tag.Urn.parse(text, namespaces=True) == urn
        return
    _, index, message = verdict.split(":", 2)
    index = int(index)
    assert not check.valid and not check
    error = check.error
    assert (error.kind, error.part, error.index) == ("namespace", "nss", index)
    assert error.message == f"{message} at byte {index}"
    # Urn.parse(namespaces=True) raises that same error.
    with pytest.raises(urn_tag.UrnTagError) as raised:
        urn_tag.Urn.parse(text, namespaces=True)
    assert (raised.value.kind, raised.value.index) == ("namespace", index)
    assert str(raised.value) == error.message


def test_every_namespace_grammar_has_vectors(repository):
    grammars = {path.stem for path in (repository / "namespaces").glob("*.pest")}
    assert grammars <= {path.stem for path in NAMESPACE_FILES}
