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
MAX_PLACEHOLDER, MAX_OPTION_DESCRIPTION = 150, 100
MAX_TEXT_INPUT_PLACEHOLDER, MAX_TEXT_INPUT_VALUE = 100, 4000
MAX_CHOICE_NAME, MAX_CHOICE_VALUE, MAX_CHOICES = 100, 100, 25
MAX_COMMAND_NAME, MAX_COMMAND_DESCRIPTION, MAX_COMMAND_OPTIONS = 32, 100, 25
MAX_THREAD_NAME = 100
MAX_NONCE = 25  # a string nonce's characters (an integer one is any int64)
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


def _length(tree: Errors, path: list[str | int], value: Any, low: int, high: int) -> None:
    """A required text of `low` to `high` characters (Discord's "This field is required" when
    missing or empty)."""
    if value is None or value == "":
        _err(tree, path, "BASE_TYPE_REQUIRED", "This field is required")
    elif isinstance(value, str) and len(value) < low:
        _err(tree, path, "BASE_TYPE_MIN_LENGTH", f"Must be {low} or more in length.")
    else:
        _max_len(tree, path, value, high)


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
            _length(tree, [*p, "fields", j, "name"], f.get("name"), 1, FIELD_NAME)
            _length(tree, [*p, "fields", j, "value"], f.get("value"), 1, FIELD_VALUE)
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
        if not c.get("label") and not c.get("emoji") and c.get("style") != 6:  # 6: premium, no label
            _err(tree, [*path, "label"], "BASE_TYPE_REQUIRED", "A button needs a label or an emoji")
    if t in (3, 5, 6, 7, 8):
        _max_len(tree, [*path, "placeholder"], c.get("placeholder"), MAX_PLACEHOLDER)
        opts = c.get("options") or []
        if len(opts) > MAX_SELECT_OPTIONS:
            _err(tree, [*path, "options"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_SELECT_OPTIONS} or fewer in length.")
        if t == 3 and not opts:
            _err(tree, [*path, "options"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        low, high = c.get("min_values", 1), c.get("max_values", 1)
        if not 0 <= low <= MAX_SELECT_OPTIONS:
            _err(tree, [*path, "min_values"], "NUMBER_TYPE_MAX", f"int value should be <= {MAX_SELECT_OPTIONS}.")
        if not 1 <= high <= MAX_SELECT_OPTIONS or (t == 3 and high > len(opts)):
            _err(tree, [*path, "max_values"], "NUMBER_TYPE_MAX",
                 f"int value should be <= {min(MAX_SELECT_OPTIONS, len(opts)) if t == 3 else MAX_SELECT_OPTIONS}.")
        for k, o in enumerate(opts):
            _length(tree, [*path, "options", k, "label"], o.get("label"), 1, MAX_OPTION_LABEL)
            _length(tree, [*path, "options", k, "value"], o.get("value"), 1, MAX_OPTION_LABEL)
            _max_len(tree, [*path, "options", k, "description"], o.get("description"), MAX_OPTION_DESCRIPTION)
    if t == 4:
        _max_len(tree, [*path, "label"], c.get("label"), MAX_TEXT_INPUT_LABEL)
        _max_len(tree, [*path, "placeholder"], c.get("placeholder"), MAX_TEXT_INPUT_PLACEHOLDER)
        _max_len(tree, [*path, "value"], c.get("value"), MAX_TEXT_INPUT_VALUE)


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
    _max_len(tree, ["nonce"], payload.get("nonce"), MAX_NONCE)
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


def _check_choices(tree: Errors, path: list[str | int], choices: list[Any]) -> None:
    if len(choices) > MAX_CHOICES:
        _err(tree, path, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CHOICES} or fewer in length.")
    for i, c in enumerate(choices):
        if not isinstance(c, dict):
            continue
        _length(tree, [*path, i, "name"], c.get("name"), 1, MAX_CHOICE_NAME)
        _max_len(tree, [*path, i, "value"], c.get("value"), MAX_CHOICE_VALUE)
        for locale, name in (c.get("name_localizations") or {}).items():
            _length(tree, [*path, i, "name_localizations", locale], name, 1, MAX_CHOICE_NAME)


def command_name_fault(name: Any) -> str | None:
    """Why Discord refuses a slash command's or option's name (or a localised one): it must match
    ^[-_\\p{L}\\p{N}]{1,32}$ and have no capital letter."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_COMMAND_NAME:
        return f"Must be between 1 and {MAX_COMMAND_NAME} in length."
    if any(not (c.isalnum() or c in "-_") for c in name):
        return "Command name is invalid"
    if name != name.lower():
        return "Command name is invalid: it has capital letters"
    return None


def _check_localizations(tree: Errors, path: list[str | int], node: dict[str, Any], slash: bool) -> None:
    for locale, name in (node.get("name_localizations") or {}).items():
        fault = command_name_fault(name) if slash else None
        if fault:
            _err(tree, [*path, "name_localizations", locale], "APPLICATION_COMMAND_INVALID_NAME", fault)
    for locale, text in (node.get("description_localizations") or {}).items():
        _length(tree, [*path, "description_localizations", locale], text, 1, MAX_COMMAND_DESCRIPTION)


def check_autocomplete(data: dict[str, Any]) -> Errors | None:
    tree: Errors = {}
    _check_choices(tree, ["data", "choices"], data.get("choices") or [])
    return tree or None


def check_command(data: dict[str, Any]) -> Errors | None:
    """Limits on an application command's definition (registering or overwriting commands)."""
    tree: Errors = {}
    slash = data.get("type", 1) == 1

    def command(node: dict[str, Any], path: list[str | int]) -> None:
        _length(tree, [*path, "name"], node.get("name"), 1, MAX_COMMAND_NAME)
        if slash:
            _length(tree, [*path, "description"], node.get("description"), 1, MAX_COMMAND_DESCRIPTION)
        _check_localizations(tree, path, node, slash)
        options = node.get("options") or []
        if len(options) > MAX_COMMAND_OPTIONS:
            _err(tree, [*path, "options"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_COMMAND_OPTIONS} or fewer in length.")
        seen: dict[tuple[str, str], int] = {}  # (locale, name): the first option of that name
        for i, option in enumerate(options):
            if not isinstance(option, dict):
                continue
            names = {"": option.get("name"), **(option.get("name_localizations") or {})}
            for locale, name in names.items():
                if (locale, str(name)) in seen:
                    _err(tree, [*path, "options", i, "name_localizations" if locale else "name", *([locale] if locale
                         else [])], "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
                seen[(locale, str(name))] = i
        for i, option in enumerate(options):
            if isinstance(option, dict):
                command(option, [*path, "options", i])
                _check_choices(tree, [*path, "options", i, "choices"], option.get("choices") or [])

    command(data, [])
    return tree or None


def check_thread(data: dict[str, Any]) -> Errors | None:
    tree: Errors = {}
    _length(tree, ["name"], data.get("name"), 1, MAX_THREAD_NAME)
    return tree or None


def nest(prefix: list[str], tree: Errors) -> Errors:
    """Wrap an errors tree under ``prefix`` (callbacks report under ``data``)."""
    for key in reversed(prefix):
        tree = {key: tree}
    return tree
