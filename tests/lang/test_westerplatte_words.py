"""7 Days of Westerplatte in Polish, Italian and the pseudo-locale (issue 25): the engine's events,
refusals and labels of seeded random games, the cog's texts and the images' labels are all worded,
every Say has its catalog entry, and no Polish or Italian line is left in English."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import lang
from cogs.gamecog import help_page
from cogs.westerplatte import away_from_tile, target_refusal
from cogs.westerplatte.help import COLOUR, HELP_TOPICS, RULES, TEXT
from cogs.westerplatte.ui import WesterplatteUI
from games import registry
from games.base import IllegalAction, english, is_say, resolve_options
from games.simulate import choose, playout_rng
from games.westerplatte.board import EVENTS, OFFICERS, TILE_WORDS
from lang import catalog
from renderers.text import recording
from renderers.westerplatte import board_png, crop_png, private_png, summary_png
from tests.e2e.texts import CLOSE, OPEN, game_names, unmarked

GAME = registry.get("westerplatte")
UI = WesterplatteUI()
HELP = help_page("westerplatte", COLOUR, HELP_TOPICS, TEXT, RULES)
# the board's own names (path and space letters), the place and the players' mentions
NAMES = frozenset(game_names("westerplatte") | {"Westerplatte"})
# the words the books keep alike in Polish (and Italian): morale, the +1 Morale tile, the track's
# start, M for a mine (mina)
SAME = {"Morale", "+1 Morale", "start", "M"}
Step = tuple[Any, str, list[dict[str, Any]], list[dict[str, Any]]]


def play(players: int, seed: int) -> list[Step]:
    """(state, seat to act, its legal actions, the events that led here) at every step of one
    random game, and its final state."""
    state = GAME.setup([f"s{i + 1}" for i in range(players)], resolve_options(GAME, {"difficulty": "hard"}), seed)
    rng = playout_rng(seed)
    steps: list[Step] = []
    events: list[dict[str, Any]] = []
    while GAME.outcome(state) is None:
        seat, action = choose(GAME, state, rng)
        steps.append((state, seat, GAME.legal_actions(state, seat), events))
        state, events = GAME.apply(state, seat, action)
    steps.append((state, "", [], events))
    return steps


GAMES = {(2, 3): play(2, 3), (1, 7): play(1, 7)}


def refusals(state: Any, seat: str, legal: list[dict[str, Any]]) -> Iterator[Any]:
    """The engine's words for actions it refuses here."""
    tries = [(seat, {"type": "mine", "path": "a", "space": 9}), (seat, {"type": "attack", "officers": []}),
             (seat, {"type": "move", "to": "nowhere"}), (seat, {"type": "extra_action"}),
             (seat, {"type": "morale"}), (seat, {"type": "brick", "wall": "x"}), (seat, "nonsense"),
             ("stranger", legal[0]), ("s2" if seat == "s1" else "s1", legal[0])]
    for who, action in tries:
        try:
            GAME.apply(state, who, action)  # type: ignore[arg-type]
        except IllegalAction as exc:
            yield exc.words


def engine_words() -> list[Any]:
    """Every Say of the games: their events, the labels of every legal action, refusals, a drop."""
    found: list[Any] = []
    for steps in GAMES.values():
        for k, (state, seat, legal, events) in enumerate(steps):
            found += [e["say"] for e in events]
            found += [GAME.describe(state, seat, a) for a in legal]
            if seat and k % 7 == 0:
                found += list(refusals(state, seat, legal))
        live = steps[len(steps) // 2][0]
        for seat in list(live["seats"]):
            live, events = GAME.drop(live, seat)
            found += [e["say"] for e in events]
    return found


WORDS = engine_words()


def says(words: Any) -> Iterator[dict[str, Any]]:
    """A Say and every Say in its values."""
    if isinstance(words, list | tuple):
        for w in words:
            yield from says(w)
    elif is_say(words):
        yield words
        for value in (words.get("args") or {}).values():
            yield from says(value)


def template_ids() -> set[tuple[str | None, str]]:
    return {(m.context, str(m.id[0] if isinstance(m.id, tuple | list) else m.id))
            for m in catalog.read_catalog(catalog.pot_path("westerplatte")) if m.id}


def test_every_engine_say_is_in_the_catalog_and_every_data_text_too() -> None:
    ids = template_ids()
    kinds = {str(s["msg"]) for w in WORDS for s in says(w)}
    assert len(kinds) > 100, "the games said too little to judge the catalog"
    missing = {(s.get("ctx"), s["msg"]) for w in WORDS for s in says(w)} - ids
    assert not missing
    data = [e[k] for e in EVENTS.values() for k in ("name", "effect")]
    data += [english(w) for w in TILE_WORDS.values()] + [o["name"] for o in OFFICERS]
    data += [GAME.title] + [o.help for o in GAME.options] + [v for o in GAME.options for v in o.labels.values()]
    assert not [t for t in data if (None, t) not in ids]


def test_engine_words_in_pseudo_are_all_marked() -> None:
    tx = lang.texts(lang.PSEUDO, "westerplatte")
    bad = {tx.say(w): unmarked(tx.say(w), OPEN, CLOSE, NAMES) for w in WORDS}
    assert not {text: words for text, words in bad.items() if words}


@pytest.mark.parametrize("language", ["pl", "it"])
def test_engine_words_are_translated(language: str) -> None:
    tx = lang.texts(language, "westerplatte")
    same = {english(w) for w in WORDS if tx.say(w) == english(w)
            and [x for x in unmarked(english(w), allowed=NAMES) if x not in ("h1", "l1")]}
    assert not same
    assert tx.say(WORDS[0]) != english(WORDS[0])


def views_of(steps: list[Step]) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None]]:
    """The public view of every step, and the view of the seat to act."""
    for state, seat, _legal, _events in steps:
        yield GAME.view(state, None), (GAME.view(state, seat) if seat else None)


def ui_texts(steps: list[Step]) -> Iterator[str]:
    """Every text the cog writes from these views (status, waiting, panel, private, outcome,
    buttons, groups, refusals) in the current language."""
    def name(seat: str) -> str:
        return f"@{seat}"

    yield from UI.opening_lines(GAME.view(steps[0][0], None), name)
    for (public, mine), (state, seat, legal, _events) in zip(views_of(steps), steps, strict=True):
        yield UI.status_line(public)
        if mine is None:
            yield UI.outcome_text(public, name)
            continue
        yield UI.waiting_line(public, name)
        yield UI.panel_intro(mine)
        yield UI.private_text(mine)
        labels = [lang.here("westerplatte").say(GAME.describe(state, seat, a)) for a in legal]
        yield from (UI.action_label(mine, a, label) for a, label in zip(legal, labels, strict=True))
        yield from (g for g in UI.panel_groups(mine, legal) or [] if g)
        for tile in ("mortar", "mines", "morale"):
            why = away_from_tile(public, tile)
            if why:
                yield why
        for action in ({"type": "mine", "path": "b", "space": 1}, {"type": "push_back", "paths": ["a", "b", "c"]},
                       {"type": "attack", "officers": ["o1", "o2"]}, {"type": "rebuild", "wall": "outpost_c"}):
            why = target_refusal(public, action)
            if why:
                yield why


def test_the_cog_speaks_only_marked_words_in_pseudo() -> None:
    with lang.use(lang.PSEUDO):
        texts = [t for steps in GAMES.values() for t in ui_texts(steps)]
        texts += [HELP(key).description or "" for key, _ in HELP_TOPICS]
        texts += [HELP(key).title or "" for key, _ in HELP_TOPICS]
    assert len(texts) > 500
    bad = {t: unmarked(t, OPEN, CLOSE, NAMES | {"s1", "s2"}) for t in texts}
    assert not {t: w for t, w in bad.items() if w}


@pytest.mark.parametrize("language", ["pl", "it"])
def test_the_cog_speaks_the_language(language: str) -> None:
    with lang.use(language):
        texts = list(ui_texts(GAMES[(2, 3)]))
        english_texts = set()
        with lang.use("en"):
            english_texts = set(ui_texts(GAMES[(2, 3)]))
    same = [t for t in texts if t in english_texts and unmarked(t, allowed=NAMES | {"s1", "s2"})]
    assert not same


def drawn(view: dict[str, Any], private: dict[str, Any] | None, legal: list[dict[str, Any]],
          language: str) -> list[str]:
    """Every text drawn on the board, the private image, the phone's crop and the summary."""
    with lang.use(language), recording() as texts:
        board_png(view)
        if private is not None:
            private_png(private)
            crop_png({**private, "choices": legal})
        if view.get("outcome"):
            summary_png(view)
    return [d.text for d in texts]


def test_images_draw_only_marked_words_in_pseudo_and_no_english_in_polish() -> None:
    steps = GAMES[(1, 7)]
    picked = [steps[1], steps[len(steps) // 2], steps[-1]]
    for state, seat, legal, _events in picked:
        public = GAME.view(state, None)
        mine = GAME.view(state, seat) if seat else None
        pseudo = drawn(public, mine, legal, lang.PSEUDO)
        assert len(pseudo) > 40
        assert not [t for t in pseudo if unmarked(t, OPEN, CLOSE, NAMES)]
        polish = drawn(public, mine, legal, "pl")
        english_texts = set(drawn(public, mine, legal, "en"))
        assert not [t for t in polish if t in english_texts and t not in SAME and unmarked(t, allowed=NAMES)]
