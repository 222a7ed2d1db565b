"""A panel's menus say what they choose (issue #25 had left them "Choose one of 12…"): in seeded
random games of each game, every menu of one action type in a seat's real panel (its first page and
each group's page) is named by the game's words for that type, in English, Polish, Italian and the
pseudo-locale; a game without words for a type, or a menu of several types, says the generic."""
from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import pytest

import lang
from bot.presentation import PlainUI
from bot.service.errors import word
from cogs.africa.ui import AfricaUI
from cogs.common import Components
from cogs.mali.ui import MaliUI
from cogs.maquis.ui import MaquisUI
from cogs.panel import MAX_ROWS, ActSelect, lay_out, parse_value, seat_groups
from cogs.westerplatte.ui import WesterplatteUI
from games import registry
from games.base import resolve_options
from games.simulate import choose, playout_rng
from tests.e2e.texts import CLOSE, OPEN, unmarked

UIS: dict[str, PlainUI] = {"mali": MaliUI(), "africa": AfricaUI(), "westerplatte": WesterplatteUI(),
                           "maquis": MaquisUI()}
# (options, players, seed) of the random games each game's panels are built from
GAMES: dict[str, list[tuple[dict[str, Any], int, int]]] = {
    "mali": [({"variant": "basic"}, 3, 1), ({"variant": "extended"}, 2, 2), ({"variant": "extended"}, 4, 3)],
    "africa": [({}, 3, 1), ({"sealed_auction": True}, 2, 2)],
    "westerplatte": [({"difficulty": "hard"}, 2, 1), ({"difficulty": "easy"}, 1, 2), ({}, 4, 3)],
    "maquis": [({"missions": "random_mixed"}, 1, 1), ({"missions": "first_game"}, 2, 2)],
}
# A type each game's panels put in a menu, with its words in English, Polish and Italian.
KNOWN = {
    "mali": ("step", "Move a scout one space", "Przesuń harcerza o jedno pole", "Sposta uno scout di una casella"),
    "africa": ("bid", "Make a bid", "Złóż ofertę", "Fai un'offerta"),
    "westerplatte": ("move", "Move to a neighbouring space", "Przejdź na sąsiednie pole",
                     "Spostati in uno spazio vicino"),
    "maquis": ("place", "Place a partisan", "Umieść partyzanta", "Colloca un Partigiano"),
}
Menu = tuple[frozenset[str], str, int]  # the action types a menu holds, its placeholder, its options


@functools.cache
def positions(key: str) -> list[tuple[Any, str]]:
    """(state, seat) for every seat to act at every step of the game's random games."""
    game = registry.get(key)
    found = []
    for options, players, seed in GAMES[key]:
        state = game.setup([f"s{i + 1}" for i in range(players)], resolve_options(game, options), seed)
        rng = playout_rng(seed)
        while game.outcome(state) is None:
            found += [(state, seat) for seat in game.to_act(state)]
            seat, action = choose(game, state, rng)
            state, _events = game.apply(state, seat, action)
    return found


def menus(key: str, state: Any, seat: str, rows: int) -> Iterator[Menu]:
    """The menus of the seat's panel, worded in the current language: its first page and, when the
    game groups the seat's actions, each group's page."""
    game, ui = registry.get(key), UIS[key]
    mine = game.view(state, seat)
    choices = [(a, word(key, game.describe(state, seat, a))) for a in game.legal_actions(state, seat)]
    legal = [a for a, _ in choices]
    groups = seat_groups(ui, mine, legal)[1]
    for page in [None, *range(len(groups) if len(groups) > 1 else 0)]:
        view = Components()
        lay_out(view, ui, mine, choices, 1, 1, rows, page)
        for item in view.children:
            if isinstance(item, ActSelect):
                options = item.item.options
                kinds = frozenset(str(legal[parse_value(o.value)[0]]["type"]) for o in options)
                yield kinds, item.item.placeholder or "", len(options)


@functools.cache
def english_menus(key: str) -> list[tuple[int, Menu]]:
    """Every menu of the random games' panels in English (with Undo's row taken and without), with
    the number of its position."""
    with lang.use("en"):
        return [(n, m) for n, (state, seat) in enumerate(positions(key)) for rows in (MAX_ROWS - 1, MAX_ROWS)
                for m in menus(key, state, seat, rows)]


def sample(key: str, most: int = 60) -> list[tuple[Any, str]]:
    """Up to `most` positions whose panel has a menu, spread over the games, each type's first ones
    among them."""
    found = english_menus(key)
    first: dict[str, int] = {}
    for n, (kinds, _, _) in found:
        for kind in kinds:
            first.setdefault(kind, n)
    numbers = sorted({n for n, _ in found})
    picked = set(first.values()) | set(numbers[:: max(1, len(numbers) // most)])
    return [positions(key)[n] for n in sorted(picked)]


@pytest.mark.parametrize("key", list(GAMES))
def test_every_menu_names_its_kind_in_english(key: str) -> None:
    ui = UIS[key]
    found = [m for _, m in english_menus(key)]
    assert len(found) > 20, "the random games reached too few menus to judge"
    kinds = {next(iter(k)) for k, _, _ in found if len(k) == 1}
    unworded = kinds - set(ui.select_kinds)
    assert not unworded, f"these action types reach a menu without words for it: {sorted(unworded)}"
    assert KNOWN[key][0] in kinds
    for kinds_of, placeholder, count in found:
        assert len(placeholder) <= 150
        if len(kinds_of) == 1:
            words = ui.select_kinds[next(iter(kinds_of))]
            assert placeholder == f"{words}: {count} choice{'s' if count != 1 else ''}…"
        else:
            assert placeholder == f"Choose one of {count}…"


@pytest.mark.parametrize("key", list(GAMES))
@pytest.mark.parametrize("language", ["pl", "it"])
def test_menus_name_their_kind_in_the_readers_language(key: str, language: str) -> None:
    ui = UIS[key]
    known, english_words, *translated = KNOWN[key]
    expected = translated[["pl", "it"].index(language)]
    seen_known = 0
    for state, seat in sample(key):
        with lang.use("en"):
            english = list(menus(key, state, seat, MAX_ROWS - 1))
        with lang.use(language):
            found = list(menus(key, state, seat, MAX_ROWS - 1))
        assert [(k, n) for k, _, n in found] == [(k, n) for k, _, n in english]
        for (kinds, placeholder, count), (_, in_english, _) in zip(found, english, strict=True):
            assert len(placeholder) <= 150 and "{" not in placeholder
            assert placeholder != in_english, f"{in_english!r} is not translated"
            if len(kinds) != 1:
                continue
            words = lang.texts(language, key)._(ui.select_kinds[next(iter(kinds))])
            assert placeholder.startswith(f"{words}: {count} ") and placeholder.endswith("…")
            assert words not in in_english, f"{words!r} reads as the English {in_english!r}"
            if kinds == {known}:
                seen_known += 1
                assert placeholder.startswith(f"{expected}: ") and in_english.startswith(f"{english_words}: ")
    assert seen_known


@pytest.mark.parametrize("key", list(GAMES))
def test_menus_speak_only_marked_words_in_pseudo(key: str) -> None:
    with lang.use(lang.PSEUDO):
        placeholders = [p for state, seat in sample(key, 30) for _, p, _ in menus(key, state, seat, MAX_ROWS)]
    assert placeholders
    assert not {p: unmarked(p, OPEN, CLOSE) for p in placeholders if unmarked(p, OPEN, CLOSE)}


def test_a_game_without_words_says_nothing_of_its_kinds() -> None:
    assert PlainUI("toy").select_kind("step") == ""
    assert MaliUI().select_kind("end_turn") == ""  # never a menu: no words
    with lang.use("pl"):
        assert MaliUI().select_kind("step") == "Przesuń harcerza o jedno pole"
