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
