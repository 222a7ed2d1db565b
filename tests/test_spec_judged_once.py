"""The simulator judges a request body against Discord's spec once, and every body on its own."""
from __future__ import annotations

from typing import Any

import pytest

from tests.fakediscord import spec as spec_module
from tests.fakediscord.spec import OpenAPISpec, load_spec

POST = "/api/v10/channels/123/messages"


@pytest.fixture
def spec() -> OpenAPISpec:
    found = load_spec()
    if found is None:
        pytest.skip("OpenAPI spec not available")
    return found


def test_bodies_that_differ_in_one_value_are_judged_apart(spec: OpenAPISpec) -> None:
    good: dict[str, Any] = {"content": "ok", "tts": False}
    bad: dict[str, Any] = {"content": "ok", "tts": "yes"}
    for _ in range(2):
        assert spec.validate("POST", POST, good) is None
        violation = spec.validate("POST", POST, bad)
        assert violation is not None and "tts" in violation and violation.startswith(f"POST {POST} (")
    assert spec.validate("POST", POST, {"tts": False, "content": "ok"}) is None  # key order: the same body


def test_the_same_body_is_judged_once(spec: OpenAPISpec, monkeypatch: pytest.MonkeyPatch) -> None:
    judged: list[Any] = []
    judge = spec._judge

    def counted(pointer: str, body: Any) -> str | None:
        judged.append(body)
        return judge(pointer, body)

    monkeypatch.setattr(spec, "_judge", counted)
    body = {"content": "the same reply, sent again", "tts": "no"}
    first = spec.validate("POST", POST, body)
    assert first is not None and spec.validate("POST", "/api/v10/channels/456/messages", dict(body)) == \
        first.replace("/channels/123/", "/channels/456/")
    assert judged == [body]


def test_the_kept_judgments_are_bounded(spec: OpenAPISpec, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spec, "_judged", {})
    monkeypatch.setattr(spec_module, "JUDGED_KEPT", 3)
    for n in range(7):
        assert spec.validate("POST", POST, {"content": f"message {n}"}) is None
        assert len(spec._judged) <= 3


def button(label: Any, style: Any = 1) -> dict[str, Any]:
    return {"type": 2, "style": style, "label": label, "custom_id": "tr:a:1:2:0"}


def test_a_part_kept_as_valid_does_not_pass_where_it_breaks_the_schema(spec: OpenAPISpec,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The quick judgment keeps each part's validity (a button, a row) and agrees with the plain
    validator: the same button passes again, a changed one and a kept one in a wrong place do not."""
    monkeypatch.setattr(spec, "_met", {})
    row = {"type": 1, "components": [button("Move")]}
    assert spec.validate("POST", POST, {"content": "a", "components": [row]}) is None
    kept = len(spec._met)
    assert kept > 2  # the body, the row and the button at least
    assert spec.validate("POST", POST, {"content": "b", "components": [row]}) is None
    for bad in ({"content": "c", "components": [{"type": 1, "components": [button("Move", "red")]}]},
                {"content": "d", "components": [{"type": 1, "components": [button(7)]}]},
                {"content": "e", "components": [button("Move")]},  # a button outside its row
                {"content": "f", "components": [row], "tts": "yes"}):
        violation = spec.validate("POST", POST, bad)
        assert violation is not None and violation == f"POST {POST} (" + violation.split(" (", 1)[1]
        assert not spec._quick_validator(spec.find("POST", POST).schema_pointer or "").is_valid(bad)  # type: ignore[union-attr]
        plain = list(spec._validator(spec.find("POST", POST).schema_pointer or "").iter_errors(bad))  # type: ignore[union-attr]
        assert plain, bad  # the plain validator refuses it too
    assert any(not met for met in spec._met.values())  # refusals are kept as well


def test_the_kept_parts_are_bounded(spec: OpenAPISpec, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spec, "_met", {})
    monkeypatch.setattr(spec, "_judged", {})
    monkeypatch.setattr(spec_module, "JUDGED_KEPT", 5)
    for n in range(7):
        assert spec.validate("POST", POST, {"content": f"message {n}", "components": [
            {"type": 1, "components": [button(f"b{n}")]}]}) is None
        assert len(spec._met) <= 5
