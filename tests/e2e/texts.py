"""Every human-readable text the bot sent to Discord, with its place, and the pseudo-locale check.

`sent_texts(sim)` reads the simulator's record of the bot's REST requests (`sim.requests`: every
message posted or edited, interaction reply, update, autocomplete answer and modal, follow-up and
webhook edit, DM, thread and command sync, as sent) and yields each text field Discord shows a
person (Discord's OpenAPI spec: content, embeds, components, modals, choices, polls, attachment
descriptions, thread and command names), never custom ids, urls or ids.

`unmarked(text)` is what is left of a text once its marked parts (a pseudo-locale wraps every
translated string in markers, which may nest) and its values (numbers, mentions, timestamps, emoji,
symbols, urls, ids, allowed names) are taken out: any word left was not translated.
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import renderers
from localdiscord import FakeDiscord
from localdiscord.world import DM, Channel, Component
from renderers.text import Drawn, recording

OPEN, CLOSE = "⟦", "⟧"
ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Sent:
    """One text the bot sent: the text, where it was (request, channel or interaction, field path)
    and the kind of place ("content", "embed field value", "button label", ...)."""

    text: str
    place: str
    kind: str


# -- what the bot sent ---------------------------------------------------------------------------

KIND_NAMES = {
    **Component.KIND,
    1: "action_row",
    9: "section",
    17: "container",
    21: "radio_group",
    22: "checkbox_group",
    23: "checkbox",
}
COMPONENT_TEXTS = ("label", "placeholder", "content", "description", "title")
EMBED_TEXTS = {
    ("title",): "embed title",
    ("description",): "embed description",
    ("author", "name"): "embed author",
    ("footer", "text"): "embed footer",
    ("provider", "name"): "embed provider",
    ("image", "description"): "embed image description",
    ("thumbnail", "description"): "embed thumbnail description",
    ("video", "description"): "embed video description",
}
ROUTES = [
    (re.compile(r"/channels/(\d+)/messages"), "message"),
    (re.compile(r"/channels/(\d+)/messages/(\d+)"), "edit"),
    (re.compile(r"/channels/(\d+)(?:/messages/\d+)?/threads"), "thread"),
    (re.compile(r"/interactions/(\d+)/([^/]+)/callback"), "callback"),
    (re.compile(r"/webhooks/\d+/([^/]+)"), "followup"),
    (re.compile(r"/webhooks/\d+/([^/]+)/messages/([^/]+)"), "webhook edit"),
    (re.compile(r"/applications/\d+(?:/guilds/\d+)?/commands(?:/\d+)?"), "commands"),
]


def sent_texts(sim: FakeDiscord) -> Iterator[Sent]:
    """Every text of every request the simulator accepted from the bot, in the order sent."""
    for number, log in enumerate(sim.requests):
        if log.method not in ("POST", "PATCH", "PUT") or log.body is None or not 200 <= log.status < 300:
            continue
        for pattern, route in ROUTES:
            found = pattern.fullmatch(log.path)
            if found is not None:
                yield from _request_texts(sim, route, found.groups(), log.body, f"request {number}")
                break


def _request_texts(sim: FakeDiscord, route: str, ids: tuple[str, ...], body: Any, request: str) -> Iterator[Sent]:
    if route == "message":
        yield from message_texts(body, f"{channel_place(sim, ids[0])} new message ({request})")
    elif route == "edit":
        yield from message_texts(body, f"{channel_place(sim, ids[0])} message {ids[1]} edit ({request})")
    elif route == "thread":
        where = f"{channel_place(sim, ids[0])} new thread ({request})"
        yield from _text(body.get("name"), f"{where} name", "thread name")
        if isinstance(body.get("message"), dict):
            yield from message_texts(body["message"], f"{where} message")
    elif route == "callback":
        yield from callback_texts(body, f"{interaction_place(sim, int(ids[0]))} response ({request})")
    elif route == "followup":
        yield from message_texts(body, f"{token_place(sim, ids[0])} follow-up ({request})")
    elif route == "webhook edit":
        yield from message_texts(body, f"{token_place(sim, ids[0])} message {ids[1]} edit ({request})")
    elif route == "commands":
        for i, command in enumerate(body if isinstance(body, list) else [body]):
            yield from command_texts(command, f"command sync ({request}) [{i}]")


def channel_place(sim: FakeDiscord, channel_id: str | int) -> str:
    channel: Channel | None = sim.channels.get(int(channel_id))
    if channel is None:
        return f"channel {channel_id}"
    if channel.type == DM:
        return f"DM to {channel.recipient.name if channel.recipient else '?'}"
    return f"{'thread' if channel.is_thread else 'channel'} #{channel.name}"


def interaction_place(sim: FakeDiscord, interaction_id: int) -> str:
    record = sim.interactions.get(interaction_id)
    if record is None:
        return f"interaction {interaction_id}"
    what = (
        f"/{command_path(record.payload.get('data') or {})}"
        if record.command_name
        else {3: "component", 4: "autocomplete", 5: "modal submit"}.get(record.type, "")
    )
    return f"interaction {interaction_id} ({what} by {record.user.name} in {channel_place(sim, record.channel.id)})"


def command_path(data: dict[str, Any]) -> str:
    """ "mali move" of an interaction's data: the command and its subcommand (group) names."""
    names = [str(data.get("name", "?"))]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        names.append(options[0]["name"])
        options = options[0].get("options") or []
    return " ".join(names)


def token_place(sim: FakeDiscord, token: str) -> str:
    record = sim.interactions_by_token.get(token)
    return interaction_place(sim, record.id) if record is not None else "webhook"


def _text(value: Any, place: str, kind: str) -> Iterator[Sent]:
    if isinstance(value, str) and value.strip():
        yield Sent(value, place, kind)


def callback_texts(body: dict[str, Any], where: str) -> Iterator[Sent]:
    """An interaction response: a message (4, 7; 5 and 6 carry none), choices (8) or a modal (9)."""
    data = body.get("data")
    if not isinstance(data, dict):
        return
    kind = body.get("type")
    if kind == 8:
        for i, choice in enumerate(data.get("choices") or []):
            yield from _named(choice, f"{where} autocomplete choices[{i}]", "autocomplete choice")
    elif kind == 9:
        yield from _text(data.get("title"), f"{where} modal title", "modal title")
        yield from component_texts(data.get("components") or [], f"{where} modal components")
    else:
        yield from message_texts(data, where)


def message_texts(body: dict[str, Any], where: str) -> Iterator[Sent]:
    """A message's texts: content, embeds, components, attachments' descriptions, poll, thread name."""
    yield from _text(body.get("content"), f"{where} content", "content")
    yield from _text(body.get("thread_name"), f"{where} thread_name", "thread name")
    for i, embed in enumerate(body.get("embeds") or []):
        at = f"{where} embeds[{i}]"
        for keys, kind in EMBED_TEXTS.items():
            value: Any = embed
            for key in keys:
                value = value.get(key) if isinstance(value, dict) else None
            yield from _text(value, f"{at}.{'.'.join(keys)}", kind)
        for j, item in enumerate(embed.get("fields") or []):
            yield from _text(item.get("name"), f"{at}.fields[{j}].name", "embed field name")
            yield from _text(item.get("value"), f"{at}.fields[{j}].value", "embed field value")
    yield from component_texts(body.get("components") or [], f"{where} components")
    for i, attachment in enumerate(body.get("attachments") or []):
        for key in ("description", "title"):
            yield from _text(attachment.get(key), f"{where} attachments[{i}].{key}", f"attachment {key}")
    poll = body.get("poll")
    if isinstance(poll, dict):
        yield from _text((poll.get("question") or {}).get("text"), f"{where} poll.question", "poll question")
        for i, answer in enumerate(poll.get("answers") or []):
            yield from _text((answer.get("poll_media") or {}).get("text"), f"{where} poll.answers[{i}]", "poll answer")


def component_texts(components: list[dict[str, Any]], where: str) -> Iterator[Sent]:
    """Every text of components at any depth (rows, containers, sections, labels, galleries)."""
    for i, component in enumerate(components):
        at = f"{where}[{i}]"
        name = KIND_NAMES.get(component.get("type", 0), f"component {component.get('type')}")
        for key in COMPONENT_TEXTS:
            yield from _text(component.get(key), f"{at}.{key}", f"{name} {key}")
        if component.get("type") == 4:  # a text input's value is text the bot filled in
            yield from _text(component.get("value"), f"{at}.value", f"{name} value")
        for j, option in enumerate(component.get("options") or []):
            for key in ("label", "description"):
                yield from _text(option.get(key), f"{at}.options[{j}].{key}", f"{name} option {key}")
        for j, item in enumerate(component.get("items") or []):
            yield from _text(item.get("description"), f"{at}.items[{j}].description", f"{name} item description")
        yield from component_texts(component.get("components") or [], f"{at}.components")
        for key in ("component", "accessory"):
            if isinstance(component.get(key), dict):
                yield from component_texts([component[key]], f"{at}.{key}")


def _named(item: dict[str, Any], where: str, kind: str) -> Iterator[Sent]:
    """A name and its translations (Discord's `name_localizations`)."""
    yield from _text(item.get("name"), f"{where}.name", kind)
    for locale, text in (item.get("name_localizations") or {}).items():
        yield from _text(text, f"{where}.name_localizations[{locale}]", kind)


def command_texts(command: dict[str, Any], where: str, level: str = "command") -> Iterator[Sent]:
    """A synced command's (or option's) names and descriptions, their translations, its choices."""
    yield from _named(command, where, f"{level} name")
    yield from _text(command.get("description"), f"{where}.description", f"{level} description")
    for locale, text in (command.get("description_localizations") or {}).items():
        yield from _text(text, f"{where}.description_localizations[{locale}]", f"{level} description")
    for i, choice in enumerate(command.get("choices") or []):
        yield from _named(choice, f"{where}.choices[{i}]", "command choice")
    for i, option in enumerate(command.get("options") or []):
        yield from command_texts(option, f"{where}.options[{i}]", "option")


# -- the pseudo-locale check ---------------------------------------------------------------------

VALUES = re.compile(
    r"""
    https?://[^\s<>]+                    # urls
  | <(?:@[!&]?|\#)\d+>                    # mentions of users, roles, channels
  | <t:-?\d+(?::[tTdDfFsSR])?>            # Discord timestamps
  | <a?:\w+:\d+>                          # custom emoji
  | </[\w\- ]+:\d+>                       # command mentions (Discord shows the reader's own name)
  | @everyone | @here
""",
    re.VERBOSE,
)
WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
ID = re.compile(r"(?:[A-Z]{1,3}|[a-z])\d+[A-Za-z]?|\d+[A-Z]")  # O06, A3, x2, 4B; never "3rd" or "10h"
BOUNDARY = r"(?<![^\W_]){}(?![^\W_])"


def unmarked(text: str, open: str = OPEN, close: str = CLOSE, allowed: Collection[str] = ()) -> list[str]:  # noqa: A002
    """The words of `text` outside its marked parts that are not values nor `allowed` names, in
    order; a marker without its partner is itself such a word (it would leave text unchecked),
    except the closers that a text cut short with "…" (Discord's limits, an image's box) lost."""
    if text.rstrip().endswith("…"):
        text += close * max(text.count(open) - text.count(close), 0)
    outside, stray = _outside_marks(text, open, close)
    rest = VALUES.sub(" ", outside)
    names = _names_pattern(frozenset(allowed))
    if names is not None:
        rest = names.sub(" ", rest)
    words = [w for w in WORD.findall(rest) if not w.isdigit() and not ID.fullmatch(w)]
    return words + stray


def _outside_marks(text: str, opener: str, closer: str) -> tuple[str, list[str]]:
    """The text with each marked part (nested ones within it) replaced by a space, and the stray markers."""
    kept: list[str] = []
    stray: list[str] = []
    depth = 0
    i = 0
    while i < len(text):
        if text.startswith(opener, i):
            if depth == 0:
                kept.append(" ")
            depth += 1
            i += len(opener)
        elif text.startswith(closer, i):
            if depth == 0:
                stray.append(closer)
            depth = max(depth - 1, 0)
            i += len(closer)
        else:
            if depth == 0:
                kept.append(text[i])
            i += 1
    if depth:
        stray.append(opener)
    return "".join(kept), stray


@cache
def _names_pattern(names: frozenset[str]) -> re.Pattern[str] | None:
    """One pattern for every allowed name as a whole word (longest first, so phrases win)."""
    kept = sorted((n for n in names if n.strip()), key=len, reverse=True)
    if not kept:
        return None
    return re.compile(BOUNDARY.format("(?:" + "|".join(re.escape(n) for n in kept) + ")"))


def player_names(sim: FakeDiscord) -> set[str]:
    """Every user's and member's name on the simulated Discord (what the bot may quote of them)."""
    names = {name for user in sim.users.values() for name in (user.username, user.global_name) if name}
    return names | {m.nick for g in sim.guilds.values() for m in g.members.values() if m.nick}


def game_names(key: str) -> set[str]:
    """The proper nouns of a game's board data, which stay as the board names them: Mali's title,
    Warsaw places, scouts and Polish card names; Maquis's title and the places named alike in
    English and Italian; Westerplatte's path and space letters; Heart of Africa's title and the
    impassable Europe and Arabia, which keep the board data's names (docs/rules/glossary.md; its
    areas are translated, "Maroko", and so are no such name)."""
    data = json.loads((ROOT / "games" / key / "data" / f"{key}.json").read_text(encoding="utf-8"))
    title = data["game"].split(" (")[0]
    if key == "mali":
        from renderers.mali.pieces import SHORT, short_form

        places = {item.get("name", "") for part in ("districts", "nodes", "movement_cards") for item in data[part]}
        scouts = {scout for seat in data["players"] for scout in seat["scouts"]}
        # as the board prints them too: districts in capitals, long names shortened or wrapped over
        # lines (each word alone), the river's spaced letters, scouts' initials
        drawn = {p.upper() for p in places} | set(SHORT.values()) | {short_form(p) for p in places}
        words = {w for p in places | drawn for w in {*p.split(), *p.replace("-", " ").split()} if len(w) > 2}
        return {title, *places, *drawn, *words, "W I S Ł A", *scouts, *(s[0] for s in scouts)} - {""}
    if key == "maquis":  # and the X the morale track prints at 0
        return {title, "X"} | {place["name"] for place in data["locations"] if place["name"] == place.get("name_it")}
    if key == "westerplatte":
        return {space["label"] for path in data["paths"] for space in [path, *path["spaces"]]}
    if key == "africa":
        return {title, *(str(a["name"]) for a in data["impassable"])}
    return set()


@dataclass(frozen=True)
class Unmarked:
    """A sent text with words that are not marked: the text, its place and those words."""

    sent: Sent
    words: list[str]

    def __str__(self) -> str:
        return f"{self.sent.place}: {' '.join(self.words)!r} in {self.sent.text[:200]!r}"


def unmarked_sent(
    sim: FakeDiscord,
    allowed: Collection[str] = (),
    opener: str = OPEN,
    closer: str = CLOSE,
    keep: Callable[[Sent], bool] = lambda sent: True,
) -> list[Unmarked]:
    """Every text the bot sent (that `keep` keeps) holding an unmarked word, with its place
    (players' names allowed)."""
    names = frozenset(allowed) | player_names(sim)
    found = (Unmarked(sent, unmarked(sent.text, opener, closer, names)) for sent in sent_texts(sim) if keep(sent))
    return [item for item in found if item.words]


def pseudo_checked(sent: Sent) -> bool:
    """Whether a pseudo-locale can mark the text: a synced command's own name, description and
    choices are Discord's default locale (each reader sees its `*_localizations`), and no command or
    option name can hold a marker (Discord allows only letters, digits, - and _ in them)."""
    if sent.kind in ("command name", "option name"):
        return False
    return not sent.place.startswith("command sync") or "_localizations[" in sent.place


def by_kind(found: Iterable[Unmarked]) -> dict[str, set[str]]:
    """The distinct unmarked texts per kind of place (the translation backlog, kind by kind)."""
    grouped: dict[str, set[str]] = defaultdict(set)
    for item in found:
        grouped[item.sent.kind].add(item.sent.text)
    return dict(sorted(grouped.items()))


def shape(text: str, allowed: Collection[str] = ()) -> str:
    """The text with its values, allowed names and numbers as `{}`: texts of one template share it."""
    rest = VALUES.sub("{}", text)
    names = _names_pattern(frozenset(allowed))
    if names is not None:
        rest = names.sub("{}", rest)
    return re.sub(r"\d+", "{}", rest)


def shapes_by_kind(found: Iterable[Unmarked], allowed: Collection[str] = ()) -> dict[str, set[str]]:
    """The distinct shapes of the unmarked texts per kind of place (about the templates to translate)."""
    return {kind: {shape(text, allowed) for text in texts} for kind, texts in by_kind(found).items()}


# -- the texts drawn on images -------------------------------------------------------------------


@dataclass
class Image:
    """One image a bot drew: its game, kind (board, private, summary, crop), language and the texts
    drawn on it in order (renderers.text.recording)."""

    key: str
    kind: str
    language: str
    number: int
    texts: list[Drawn] = field(default_factory=list)

    @property
    def place(self) -> str:
        return f"{self.key} {self.kind} image {self.number} ({self.language})"


def forget_drawn_images() -> None:
    """Empty every renderer's cached images (a base map is drawn once per language and process:
    drawn again, its texts are recorded again)."""
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] != "renderers" or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()


@contextmanager
def drawn_images() -> Iterator[list[Image]]:
    """Every image drawn in this process within the block (a bot started with `render_workers=0`
    draws its images here, in a thread), each with the texts drawn on it."""
    images: list[Image] = []
    real = renderers.draw

    def recorded(key: str, kind: str, view: dict[str, object], language: str = "en") -> bytes | None:
        image = Image(key, kind, language, len(images) + 1)
        with recording() as drawn:
            try:
                return real(key, kind, view, language)
            finally:
                image.texts = list(drawn)
                images.append(image)

    forget_drawn_images()
    renderers.draw = recorded  # type: ignore[assignment]  # bot.render calls renderers.draw by name
    try:
        yield images
    finally:
        renderers.draw = real  # type: ignore[assignment]


def unmarked_drawn(images: Iterable[Image], allowed: Collection[str] = ()) -> list[str]:
    """Every text drawn on an image holding an unmarked word: the image, the text, its words and
    the line of code that drew it."""
    names = frozenset(allowed)
    found: list[str] = []
    for image in images:
        texts = list(image.texts)
        skip = 0
        for n, drawn in enumerate(texts):
            if skip:
                skip -= 1
                continue  # a line of the label checked with the line before
            text = drawn.text
            for after in texts[n + 1:n + 4]:  # a label wrapped (or hyphenated) over lines is one text
                if text.endswith("-"):
                    text = text[:-1] + after.text
                elif text.count(OPEN) > text.count(CLOSE):
                    text = f"{text} {after.text}"
                else:
                    break
                skip += 1
            words = unmarked(text, allowed=names)
            if words:
                found.append(f"{image.place} at {drawn.xy} by {drawn.where}: "
                             f"{' '.join(words)!r} in {text[:120]!r}")
    return found
