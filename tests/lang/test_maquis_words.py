"""Maquis in Polish, Italian and the pseudo-locale (issue #25): a seeded random game's events,
refusals, action labels, the table's texts (status, waiting line, panel, outcome...) and its images,
worded in each language. Every pseudo text must be made only of marked parts and names, no Say may
be left unworded (a placeholder or a text missing from the catalogs), no Polish or Italian text may
be its English unless it is a name or a number, and every text of the board data has its entry."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import lang
import renderers
from cogs.maquis.ui import MaquisUI, asked_text, offers, place_name
from games.base import IllegalAction, is_say
from games.maquis import GAME
from games.maquis.board import LOCATION_ORDER, SLOTS
from lang import catalog
from renderers.text import recording
from tests.e2e.texts import CLOSE, OPEN, game_names, unmarked

ROOT = Path(__file__).resolve().parents[2]
DATA = json.loads((ROOT / "games" / "maquis" / "data" / "maquis.json").read_text(encoding="utf-8"))
PLAYERS = {"s1": "Ala", "s2": "Bruno", "s3": "Celina"}
NAMES = game_names("maquis") | set(PLAYERS.values())
# Words the books give alike in English and Polish or Italian (glossary: morale, propaganda, Start;
# Radio A and B), and the patrol pawns' letters (M: Milice, Milicja, Milizia; S: Soldier, Soldato).
SAME_WORDS = {"morale", "propaganda", "maquis", "radio", "a", "b", "start", "m", "s"}
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def name(seat: str) -> str:
    return PLAYERS.get(seat, seat)


@cache
def played(seed: int, team: int) -> tuple[list[Any], list[Any], list[tuple[dict[str, Any], dict[str, Any]]]]:
    """A seeded random game to its end: every Say it made (events, refusals, labels), and the
    public view with the last events at a few moments (for the table's texts and the images)."""
    rng = random.Random(seed)
    seats = list(PLAYERS)[:team]
    options = {"difficulty": rng.choice(["easy", "normal", "hard"]), "missions": "random_mixed"}
    state = GAME.setup(seats, options, seed)
    words: list[Any] = []
    refusals: list[Any] = []
    moments: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for step in range(600):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        words += [GAME.describe(state, seat, action) for action in legal]
        for wrong in ({"type": "place", "at": rng.choice(LOCATION_ORDER + SLOTS), "papers": True},
                      {"type": "shoot", "at": rng.choice(LOCATION_ORDER)}, {"type": "end_day"}, {"type": "x"}):
            try:
                GAME.apply(state, seat, wrong)
            except IllegalAction as refused:
                refusals.append(refused.words)
        choices = [a for a in legal if a["type"] != "hand_over"] or legal
        action = GAME.default_action(state, seat) if rng.random() < 0.5 else rng.choice(choices)
        state, events = GAME.apply(state, seat, action)
        words += [e["say"] for e in events]
        if step % 9 == 0 or GAME.outcome(state) is not None:
            moments.append(({**GAME.view(state, seat), "to_act": GAME.to_act(state)},
                            {"events": events, "legal": GAME.legal_actions(state, seat)}))
    assert GAME.outcome(state) is not None, "the seeded game did not end"
    moments.append(({**GAME.view(state, None), "to_act": []}, {"events": [], "legal": []}))
    return words, refusals, moments


GAMES = [(3, 1), (8, 1), (5, 2)]


def says(words: Any) -> Iterator[dict[str, Any]]:
    """Every Say within `words` (its own and its values', depth first)."""
    if isinstance(words, list | tuple):
        for item in words:
            yield from says(item)
    elif is_say(words):
        yield words
        for value in (words.get("args") or {}).values():
            yield from says(value)


def table_texts(view: dict[str, Any], extra: dict[str, Any]) -> list[str]:
    """What the cog writes from a view: status, waiting line, panel, private text, opening lines,
    outcome, narration, action labels and groups, what each place offers."""
    ui = MaquisUI()
    out = [ui.status_line(view), ui.waiting_line(view, name), ui.private_text(view), ui.panel_intro(view),
           *ui.opening_lines(view, name), *ui.narrate_named(view, extra["events"], name)]
    if view.get("outcome"):
        out.append(ui.outcome_text(view, name))
    else:
        out.append(asked_text(view))
    for action in extra["legal"]:  # a label cut to Discord's length may cut a marker: closed again here
        label = ui.action_label(view, action, f"{OPEN}label{CLOSE}")
        out.append(label + CLOSE * (label.count(OPEN) - label.count(CLOSE)))
    groups = ui.panel_groups(view, extra["legal"]) or []
    out += [g for g in groups if g]
    out += [f"{place_name(view, loc)} · {offers(view, loc)}" for loc in LOCATION_ORDER]
    return [text for text in out if text]


@pytest.mark.parametrize(("seed", "team"), GAMES)
def test_every_word_is_marked_in_the_pseudo_locale(seed: int, team: int) -> None:
    words, refusals, moments = played(seed, team)
    tx = lang.texts("pseudo", "maquis")
    found: list[str] = []
    for words_of in (words, refusals):
        for item in words_of:
            text = tx.say(item)
            if unmarked(text, allowed=NAMES):
                found.append(f"{text!r}: {unmarked(text, allowed=NAMES)}")
    with lang.use("pseudo"):
        for view, extra in moments:
            for text in table_texts(view, extra):
                left = unmarked(text, allowed=NAMES)
                if left:
                    found.append(f"{text!r}: {left}")
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("language", ["pl", "it"])
@pytest.mark.parametrize(("seed", "team"), GAMES)
def test_no_say_is_left_unworded(language: str, seed: int, team: int) -> None:
    words, refusals, moments = played(seed, team)
    translated = translations(language)
    missing = {say["msg"] for say in says([*words, *refusals]) if say["msg"] not in translated}
    assert not missing, sorted(missing)[:20]
    tx = lang.texts(language, "maquis")
    worded = [tx.say(item) for item in [*words, *refusals]]
    with lang.use(language):
        worded += [text for view, extra in moments for text in table_texts(view, extra)]
    left = [text for text in worded if PLACEHOLDER.search(text)]
    assert not left, left[:10]


@pytest.mark.parametrize("language", ["pl", "it"])
def test_no_translation_is_its_english_but_names(language: str) -> None:
    translated = translations(language)
    names = {w for n in NAMES for w in re.findall(r"[^\W\d_]+", n.lower())}
    same = [english for english, text in translated.items()
            if text == english and wordy(english) and not wordy(english) <= names | SAME_WORDS]
    assert not same, same


def test_every_data_text_has_its_catalog_entry() -> None:
    data = [*(loc["name"] for loc in DATA["locations"]), *(tile["name"] for tile in DATA["spare_room_tiles"]),
            *(mission["name"] for mission in DATA["missions"]), *(mission["text"] for mission in DATA["missions"])]
    template = {str(m.id) for m in catalog.read_catalog(catalog.pot_path("maquis")) if m.id}
    assert not [text for text in data if text not in template]
    for language in ("pl", "it"):
        translated = translations(language)
        assert not [text for text in data if not translated.get(text)], language


@pytest.mark.parametrize("kind", ["board", "summary", "private"])
def test_images_in_pseudo_draw_only_marked_texts(kind: str) -> None:
    _, _, moments = played(5, 2)
    drawn_texts: list[str] = []
    for view, _extra in moments[::3] + moments[-1:]:
        with recording() as drawn:
            renderers.draw("maquis", kind, view, "pseudo")
        drawn_texts += [whole(d.text) for d in drawn]
    if kind != "private":
        assert drawn_texts
    allowed = NAMES | {"X"}  # the morale track's 0 space is an X, as printed
    left = [(text, unmarked(text, allowed=allowed)) for text in drawn_texts if unmarked(text, allowed=allowed)]
    assert not left, left[:10]


def test_a_polish_and_an_italian_board_differ_from_the_english() -> None:
    _, _, moments = played(3, 1)
    view = moments[len(moments) // 2][0]
    with recording() as english:
        renderers.draw("maquis", "board", view, "en")
    with recording() as polish:
        renderers.draw("maquis", "board", view, "pl")
    with recording() as italian:
        renderers.draw("maquis", "board", view, "it")
    texts = {d.text for d in english}
    assert "Stock" in texts and "Zasoby" in {d.text for d in polish} and "Riserva" in {d.text for d in italian}
    assert "Grocer" in texts and "Sklep spożywczy" in {d.text for d in polish} and "Drogheria" in {
        d.text for d in italian}


def whole(line: str) -> str:
    """A line of a marked text drawn over several lines (a tile's name hyphenated on the rack) with
    its markers made whole again: an open one closed at its end, a closing one opened at its start."""
    opened = line.count(OPEN) - line.count(CLOSE)
    return line + CLOSE * opened if opened > 0 else OPEN * -opened + line


def wordy(text: str) -> set[str]:
    """The words of a text but its placeholders and markup."""
    return {w.lower() for w in re.findall(r"[^\W\d_]+", PLACEHOLDER.sub(" ", text))}


@cache
def translations(language: str) -> dict[str, str]:
    """msgid (singular for a plural) -> its translation (the first form), as the catalog holds them."""
    out: dict[str, str] = {}
    for message in catalog.read_catalog(catalog.po_path(language, "maquis"), language):
        if not message.id or "fuzzy" in message.flags:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        text = message.string[0] if isinstance(message.string, tuple) else message.string
        if text:
            out[str(key)] = str(text)
    return out
