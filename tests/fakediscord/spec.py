"""Validate REST request bodies against Discord's published OpenAPI 3.1 spec.

The spec is read from ``$DISCORD_OPENAPI`` or ``<repo>/../shared/discord/openapi.json``
(never copied into the project). It is parsed once per process; one compiled
Draft 2020-12 validator is cached per (method, path template).

A body is first judged by a quick validator that keeps whether each value met each referenced
schema (``$ref``): a bot sends the same buttons, embeds and components again and again, so each
is checked once. Only a body that fails is judged again, by the plain validator, for the message.

Deliberate leniency (documented, in memory only): ``SnowflakeType`` also accepts
non-negative integers, because Discord accepts integer snowflakes and discord.py
sends some ids as ints (``recipient_id``, ``message_reference.message_id``,
attachment ids).
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import re
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # no types; types-jsonschema is not a dependency
import orjson
from jsonschema.exceptions import relevance  # type: ignore[import-untyped]  # likewise
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_URI = "urn:discord-openapi"
API_PREFIX = "/api/v10"
JUDGED_KEPT = 50_000  # bodies whose judgment is kept (digests: a few MB)


def spec_path() -> Path:
    env = os.environ.get("DISCORD_OPENAPI")
    if env:
        return Path(env)
    repo_root = Path(__file__).resolve().parents[2]  # tests/fakediscord/spec.py -> the repository
    return repo_root.parent / "shared" / "discord" / "openapi.json"


@dataclass
class Operation:
    method: str
    template: str
    regex: re.Pattern[str]
    operation_id: str
    schema_pointer: str | None  # JSON pointer of the application/json body schema


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class OpenAPISpec:
    def __init__(self, raw: dict[str, Any]) -> None:
        raw = copy.deepcopy(raw)
        schemas = raw.get("components", {}).get("schemas", {})
        if "SnowflakeType" in schemas:
            schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]}
        self.raw = raw
        resource = Resource.from_contents(raw, default_specification=DRAFT202012)
        self.registry: Registry = Registry().with_resource(SPEC_URI, resource)
        self.operations: list[Operation] = []
        for template, item in raw["paths"].items():
            # {param} -> one path segment; literal segments first so /@me wins over /{id}
            pattern = "^" + re.sub(r"\\\{[^/]+?\\\}", r"[^/]+", re.escape(template)) + "$"
            for method, op in item.items():
                if method not in ("get", "put", "post", "patch", "delete"):
                    continue
                pointer = None
                content = (op.get("requestBody") or {}).get("content") or {}
                if "application/json" in content:
                    pointer = f"#/paths/{_escape(template)}/{method}/requestBody/content/application~1json/schema"
                self.operations.append(Operation(method.upper(), template, re.compile(pattern),
                                                 op.get("operationId", ""), pointer))
        # Prefer templates with more literal characters (``/users/@me`` over ``/users/{user_id}``).
        self.operations.sort(key=lambda o: -len(re.sub(r"\{[^}]+\}", "", o.template)))
        self._validators: dict[str, jsonschema.protocols.Validator] = {}
        self._quick_validators: dict[str, jsonschema.protocols.Validator] = {}
        self._met: dict[tuple[int, bytes], bool] = {}  # (referenced schema, value's JSON) -> met it
        self._quick = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"$ref": self._ref_kept})
        self._judged: dict[str, str | None] = {}  # schema pointer + digest of the body's JSON -> violation

    def find(self, method: str, path: str) -> Operation | None:
        path = path.removeprefix(API_PREFIX)
        for op in self.operations:
            if op.method == method and op.regex.match(path):
                return op
        return None

    def _validator(self, pointer: str) -> jsonschema.protocols.Validator:
        v = self._validators.get(pointer)
        if v is None:
            schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": SPEC_URI + pointer}
            v = jsonschema.Draft202012Validator(schema, registry=self.registry)
            self._validators[pointer] = v
        return v

    def _quick_validator(self, pointer: str) -> jsonschema.protocols.Validator:
        v = self._quick_validators.get(pointer)
        if v is None:
            schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": SPEC_URI + pointer}
            v = self._quick(schema, registry=self.registry)
            self._quick_validators[pointer] = v
        return v

    def _ref_kept(self, validator: Any, ref: str, instance: Any, schema: Any) -> Any:
        """``$ref`` that keeps whether a value met the referenced schema. Used only to tell valid from
        invalid (a failure yields one bare error): a value's validity against a schema never changes."""
        resolved = validator._resolver.lookup(ref)
        key = (id(resolved.contents), _json_key(instance))
        met = self._met.get(key)
        if met is None:
            met = next(iter(validator.descend(instance, resolved.contents, resolver=resolved.resolver)), None) is None
            if len(self._met) >= JUDGED_KEPT:
                self._met.clear()
            self._met[key] = met
        if not met:
            yield jsonschema.ValidationError(f"does not match {ref}")

    def validate(self, method: str, path: str, body: Any) -> str | None:
        """Return a readable violation message, or None when the request matches the spec."""
        op = self.find(method, path)
        if op is None:
            return f"{method} {path}: no such operation in Discord's OpenAPI spec"
        if body is None:
            return None
        if op.schema_pointer is None:
            return f"{method} {path} ({op.operation_id}): spec defines no JSON body but one was sent"
        violation = self._violation(op.schema_pointer, body)
        return None if violation is None else f"{method} {path} ({op.operation_id} {op.template}): {violation}"

    def _violation(self, pointer: str, body: Any) -> str | None:
        """Where and why the body breaks the schema, or None. The same body against the same schema
        is judged once (a game's bots send the same replies and panels again and again)."""
        key = pointer + hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
        if key not in self._judged:
            if len(self._judged) >= JUDGED_KEPT:
                self._judged.clear()
            self._judged[key] = self._judge(pointer, body)
        return self._judged[key]

    def _judge(self, pointer: str, body: Any) -> str | None:
        if self._quick_validator(pointer).is_valid(body):
            return None
        errors = list(self._validator(pointer).iter_errors(body))
        if not errors:
            return None
        error = _narrow(max(errors, key=relevance))
        where = "/".join(str(p) for p in error.absolute_path) or "<body>"
        detail = error.message if len(error.message) < 300 else error.message[:300] + "..."
        return f"at {where}: {detail}"


def _json_key(value: Any) -> bytes:
    """The value's JSON with sorted keys: equal exactly for equal JSON values (true is not 1)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # an integer past 64 bits, say
        return json.dumps(value, sort_keys=True).encode()


def _is_discriminator_miss(e: jsonschema.ValidationError) -> bool:
    """A union branch rejected only because its ``type`` tag differs: not the intended branch."""
    return bool(e.path) and e.path[-1] == "type" and e.validator in ("enum", "const")


def _narrow(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """Descend through anyOf/oneOf to the branch the body was evidently aiming at."""
    while error.context:
        branches: dict[Any, list[jsonschema.ValidationError]] = {}
        for e in error.context:
            branches.setdefault(e.relative_schema_path[0], []).append(e)
        plausible = [errs for errs in branches.values() if not any(_is_discriminator_miss(e) for e in errs)]
        if not plausible:
            break
        errs = min(plausible, key=lambda es: (len(es), -max(len(e.absolute_path) for e in es)))
        error = max(errs, key=relevance)
    return error


_warned = False


@lru_cache(maxsize=4)
def _load(path: str) -> OpenAPISpec | None:
    p = Path(path)
    if not p.is_file():
        return None
    with p.open("rb") as f:
        return OpenAPISpec(json.load(f))


def load_spec() -> OpenAPISpec | None:
    """The process-wide spec, or None (with exactly one warning) when the file is absent."""
    global _warned
    path = spec_path()
    spec = _load(str(path))
    if spec is None and not _warned:
        _warned = True
        warnings.warn(f"fakediscord: Discord OpenAPI spec not found at {path}; "
                      "request bodies are NOT validated (set $DISCORD_OPENAPI)", stacklevel=2)
    return spec
