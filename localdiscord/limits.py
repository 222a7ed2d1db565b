"""Discord's message/modal limits, answered like Discord: 400 / 50035 "Invalid Form Body".

``check_message(payload)`` returns ``None`` when fine, else the nested ``errors``
object Discord would send (``{"content": {"_errors": [{code, message}]}}``).
"""

from __future__ import annotations

from typing import Any

MAX_CONTENT = 2000
MAX_EMBEDS = 10
EMBED_TITLE, EMBED_DESCRIPTION, EMBED_FIELDS = 256, 4096, 25
FIELD_NAME, FIELD_VALUE, FOOTER_TEXT, AUTHOR_NAME, EMBED_TOTAL = 256, 1024, 2048, 256, 6000
MAX_ROWS, MAX_BUTTONS_PER_ROW, MAX_SELECT_OPTIONS = 5, 5, 25
MAX_CUSTOM_ID, MAX_BUTTON_LABEL, MAX_OPTION_LABEL = 100, 80, 100
MAX_V2_COMPONENTS = 40
MAX_MODAL_TITLE, MAX_TEXT_INPUT_LABEL = 45, 45
MAX_UPLOAD_BYTES = 10 * 1024 * 1024  # 10 MiB, bots on non-boosted guilds

Errors = dict[str, Any]


def _err(tree: Errors, path: list[str | int], code: str, message: str) -> None:
    node = tree
    for key in path:
        node = node.setdefault(str(key), {})
    node.setdefault("_errors", []).append({"code": code, "message": message})


def _max_len(tree: Errors, path: list[str | int], value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        _err(tree, path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _check_embeds(tree: Errors, embeds: list[Any]) -> None:
    if len(embeds) > MAX_EMBEDS:
        _err(tree, ["embeds"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length.")
    total = 0
    for i, e in enumerate(embeds):
        if not isinstance(e, dict):
            continue
        p: list[str | int] = ["embeds", i]
        _max_len(tree, [*p, "title"], e.get("title"), EMBED_TITLE)
        _max_len(tree, [*p, "description"], e.get("description"), EMBED_DESCRIPTION)
        footer, author = e.get("footer") or {}, e.get("author") or {}
        _max_len(tree, [*p, "footer", "text"], footer.get("text"), FOOTER_TEXT)
        _max_len(tree, [*p, "author", "name"], author.get("name"), AUTHOR_NAME)
        fields = e.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            _err(tree, [*p, "fields"], "BASE_TYPE_MAX_LENGTH", f"Must be {EMBED_FIELDS} or fewer in length.")
        for j, f in enumerate(fields):
            _max_len(tree, [*p, "fields", j, "name"], f.get("name"), FIELD_NAME)
            _max_len(tree, [*p, "fields", j, "value"], f.get("value"), FIELD_VALUE)
            total += len(f.get("name") or "") + len(f.get("value") or "")
        total += sum(len(x or "") for x in (e.get("title"), e.get("description"), footer.get("text"),
                                            author.get("name")))
    if total > EMBED_TOTAL:
        _err(tree, ["embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


def _check_leaf(tree: Errors, path: list[str | int], c: dict[str, Any]) -> None:
    _max_len(tree, [*path, "custom_id"], c.get("custom_id"), MAX_CUSTOM_ID)
    t = c.get("type")
    if t == 2:
        _max_len(tree, [*path, "label"], c.get("label"), MAX_BUTTON_LABEL)
    if t in (3, 5, 6, 7, 8):
        opts = c.get("options") or []
        if len(opts) > MAX_SELECT_OPTIONS:
            _err(tree, [*path, "options"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_SELECT_OPTIONS} or fewer in length.")
        for k, o in enumerate(opts):
            _max_len(tree, [*path, "options", k, "label"], o.get("label"), MAX_OPTION_LABEL)
            _max_len(tree, [*path, "options", k, "value"], o.get("value"), MAX_OPTION_LABEL)
    if t == 4:
        _max_len(tree, [*path, "label"], c.get("label"), MAX_TEXT_INPUT_LABEL)


def _check_components(tree: Errors, comps: list[Any], v2: bool) -> None:
    if not v2 and len(comps) > MAX_ROWS:
        _err(tree, ["components"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROWS} or fewer in length.")
    count = 0

    def walk(items: list[Any], path: list[str | int]) -> None:
        nonlocal count
        for i, c in enumerate(items):
            if not isinstance(c, dict):
                continue
            count += 1
            p = [*path, i]
            t = c.get("type")
            if t == 1:
                children = c.get("components") or []
                if len(children) > MAX_BUTTONS_PER_ROW:
                    _err(tree, [*p, "components"], "BASE_TYPE_MAX_LENGTH",
                         f"Must be {MAX_BUTTONS_PER_ROW} or fewer in length.")
                if any(ch.get("type") in (3, 5, 6, 7, 8) for ch in children) and len(children) > 1:
                    _err(tree, [*p, "components"], "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                         "The specified component exceeds the maximum width")
                walk(children, [*p, "components"])
            elif t in (9, 17):
                walk(c.get("components") or [], [*p, "components"])
                if c.get("accessory"):
                    count += 1
                    _check_leaf(tree, [*p, "accessory"], c["accessory"])
            elif t == 18:
                if c.get("component"):
                    count += 1
                    _check_leaf(tree, [*p, "component"], c["component"])
            else:
                _check_leaf(tree, p, c)

    walk(comps, ["components"])
    if v2 and count > MAX_V2_COMPONENTS:
        _err(tree, ["components"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_V2_COMPONENTS} or fewer in length.")


def check_message(payload: dict[str, Any]) -> Errors | None:
    """Limits on message create/edit bodies (channel messages, webhooks, callbacks 4/7)."""
    tree: Errors = {}
    _max_len(tree, ["content"], payload.get("content"), MAX_CONTENT)
    if payload.get("embeds"):
        _check_embeds(tree, payload["embeds"])
    if payload.get("components"):
        v2 = bool((payload.get("flags") or 0) & (1 << 15))
        _check_components(tree, payload["components"], v2)
    return tree or None


def check_modal(data: dict[str, Any]) -> Errors | None:
    tree: Errors = {}
    _max_len(tree, ["data", "title"], data.get("title"), MAX_MODAL_TITLE)
    _max_len(tree, ["data", "custom_id"], data.get("custom_id"), MAX_CUSTOM_ID)
    comps = data.get("components") or []
    if len(comps) > MAX_ROWS:
        _err(tree, ["data", "components"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROWS} or fewer in length.")
    sub: Errors = {}
    _check_components(sub, comps, v2=True)
    if sub:
        tree.setdefault("data", {}).update(sub)
    return tree or None


def check_autocomplete(data: dict[str, Any]) -> Errors | None:
    tree: Errors = {}
    choices = data.get("choices") or []
    if len(choices) > 25:
        _err(tree, ["data", "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for i, c in enumerate(choices):
        _max_len(tree, ["data", "choices", i, "name"], c.get("name"), 100)
        _max_len(tree, ["data", "choices", i, "value"], c.get("value"), 100)
    return tree or None


def nest(prefix: list[str], tree: Errors) -> Errors:
    """Wrap an errors tree under ``prefix`` (callbacks report under ``data``)."""
    for key in reversed(prefix):
        tree = {key: tree}
    return tree
