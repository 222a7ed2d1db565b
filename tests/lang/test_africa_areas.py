"""Heart of Africa's 24 map areas in the reader's language (Polish, Italian): the engine's narration
and labels, the cog's texts, autocomplete and typed names, and the images name each area as its
reader reads it ("Maroko", "Marocco"), while the engine's state and actions keep the area ids and
the commands read back the English name, the id or the reader's own name."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import lang
from bot.app import TabletopBot
from cogs.africa import find_area, parse_conflict, parse_piece, piece_name, piece_value
from cogs.africa.data_texts import AREA_NAMES
from cogs.africa.ui import AfricaUI, area_english, area_name
from games.africa import GAME, flow
from games.africa.apply import advance
from games.africa.board import AREA, AREAS, area_say, route_say
from games.africa.describe import describe, plain
from games.africa.state import new_state
from games.base import english
from renderers.africa import board_png, crop_png
from renderers.africa.board import NAME_SIZE, NAME_SMALLEST, asked, name_room
from renderers.common import font
from renderers.text import broken, recording
from tests.e2e.harness import message_of, said, seat_of, settle, sqlite, start_bot, view_of
from tests.fakediscord import FakeDiscord, User

ROOT = Path(__file__).resolve().parents[2]
# The names the brief gives (standard exonyms): English -> (Polish, Italian).
NAMES: dict[str, tuple[str, str]] = {
    "Morocco": ("Maroko", "Marocco"), "Algeria": ("Algieria", "Algeria"),
    "Tripolitania": ("Trypolitania", "Tripolitania"), "Egypt": ("Egipt", "Egitto"),
    "Senegambia": ("Senegambia", "Senegambia"), "Sahara": ("Sahara", "Sahara"), "Sudan": ("Sudan", "Sudan"),
    "Abyssinia": ("Abisynia", "Abissinia"), "Guinea Coast": ("Wybrzeże Gwinejskie", "Costa di Guinea"),
    "Timbuktu": ("Timbuktu", "Timbuctù"), "Niger": ("Niger", "Niger"), "Bornu": ("Bornu", "Bornu"),
    "Heart of Africa": ("Serce Afryki", "Cuore dell'Africa"), "Cameroon": ("Kamerun", "Camerun"),
    "Congo": ("Kongo", "Congo"), "Great Lakes": ("Wielkie Jeziora", "Grandi Laghi"),
    "East Africa": ("Afryka Wschodnia", "Africa Orientale"), "Angola": ("Angola", "Angola"),
    "Zambezi": ("Zambezi", "Zambesi"), "Mozambique": ("Mozambik", "Mozambico"),
    "South West Africa": ("Afryka Południowo-Zachodnia", "Africa del Sud-Ovest"),
    "Bechuanaland": ("Beczuana", "Bechuana"), "Cape Colony": ("Kolonia Przylądkowa", "Colonia del Capo"),
    "Madagascar": ("Madagaskar", "Madagascar"),
}
LANGUAGES = {"pl": 0, "it": 1}
SEED = 30  # tests/e2e/test_africa_commands.py's game: Blue (Bob) chooses his start area first


def translated(area: str, language: str) -> str:
    return NAMES[str(AREA[area]["name"])][LANGUAGES[language]]


@cache
def catalog(language: str) -> dict[tuple[str | None, str], str]:
    with (ROOT / "lang" / "locales" / language / "LC_MESSAGES" / "africa.po").open("rb") as f:
        read = read_po(f)
    return {(m.context, str(m.id)): str(m.string) for m in read if m.id and not m.fuzzy and m.string}


# --- the catalogs ----------------------------------------------------------------------------------

def test_every_area_is_marked_once_under_its_context() -> None:
    data = json.loads((ROOT / "games" / "africa" / "data" / "africa.json").read_text(encoding="utf-8"))
    assert [str(a["name"]) for a in data["areas"]] == AREA_NAMES == list(NAMES)
    template = (ROOT / "lang" / "locales" / "africa.pot").read_text(encoding="utf-8")
    for name in NAMES:
        assert f'msgctxt "area"\nmsgid "{name}"\n' in template, name


@pytest.mark.parametrize("language", ["pl", "it"])
def test_every_area_has_its_translation(language: str) -> None:
    have = catalog(language)
    assert {name: have.get(("area", name)) for name in NAMES} == {
        name: both[LANGUAGES[language]] for name, both in NAMES.items()}


def test_the_heart_as_an_area_and_as_the_title() -> None:
    """The game's title keeps its own translation; the area is the scoring term's "Serce Afryki",
    "Cuore dell'Africa" (docs/rules/glossary.md)."""
    assert catalog("pl")[(None, "Heart of Africa")] == "Serce Afryki"
    assert catalog("it")[(None, "Heart of Africa")] == "Il Cuore dell'Africa"
    with lang.use("it"):
        assert area_name("heart") == "Cuore dell'Africa"


# --- the engine's words ----------------------------------------------------------------------------

def started(seed: int = 5) -> tuple[Any, list[dict[str, Any]]]:
    s = new_state(["s1", "s2", "s3"], 42, False, seed)
    events: list[dict[str, Any]] = []
    flow.setup(s, events)
    advance(s, events)
    return s, events


@pytest.mark.parametrize("language", ["pl", "it"])
def test_the_engine_narrates_areas_in_the_reader_language(language: str) -> None:
    s, _ = started()
    seat = GAME.to_act(s)[0]
    area = next(a["area"] for a in GAME.legal_actions(s, seat) if a["type"] == "start_area")
    s, events = GAME.apply(s, seat, {"type": "start_area", "area": area})
    told = next(e for e in events if str(AREA[area]["name"]) in e["text"])  # the English stays, for the logs
    assert told["say"]["args"]["area"] == area_say(area) == {"msg": AREA[area]["name"], "ctx": "area"}
    with lang.use(language):
        words = lang.here("africa").say(told["say"])
    assert translated(area, language) in words
    if translated(area, language) != AREA[area]["name"]:
        assert str(AREA[area]["name"]) not in words
    assert GAME.view(s, None)["areas"][area]["traders"]  # the state keeps the id


@pytest.mark.parametrize("language", ["pl", "it"])
def test_a_neutral_retreat_and_a_label_name_both_areas(language: str) -> None:
    words = lang.texts(language, "africa")
    text = words.say(route_say(["morocco", "algeria", "sahara"]))
    assert text == " → ".join(translated(a, language) for a in ("morocco", "algeria", "sahara"))
    s, _ = started()
    seat = GAME.to_act(s)[0]
    label = describe(s, seat, {"type": "move_neutral", "from": "guinea", "to": "southwest"})
    assert words.say(label).endswith(f"{translated('guinea', language)} → {translated('southwest', language)}")
    assert plain({"type": "start_area", "area": "morocco"}) == "Start in Morocco"  # the English stays


# --- the cog ---------------------------------------------------------------------------------------

def test_the_cog_names_areas_in_the_reader_language_and_reads_them_back() -> None:
    with lang.use("pl"):
        assert area_name("morocco") == "Maroko" and area_english("morocco") == "Morocco"
        assert piece_name("trader", "congo") == "Kupiec w Kongo"
        assert piece_value("trader", "congo") == "Trader in Congo"  # what the command reads back
        for typed in ("Maroko", "maroko", " MAROKO ", "Morocco", "morocco"):
            assert find_area(typed) == "morocco", typed
        assert find_area("Wybrzeże Gwinejskie") == find_area("wybrzeze gwinejskie") == "guinea"
        assert find_area("Afryka Południowo-Zachodnia") == find_area("afryka poludniowo-zachodnia") == "southwest"
        assert parse_piece("Kupiec w Kongo") == parse_piece("Trader in Congo") == ("trader", "congo")
        assert parse_piece("wholesaler:Kongo") == ("wholesaler", "congo")
        assert parse_conflict("Blue in Kongo") == ("congo", "blue")
        assert find_area("Atlantyda") is None
    with lang.use("it"):
        assert area_name("timbuktu") == "Timbuctù"
        assert find_area("Timbuctù") == find_area("timbuctu") == find_area("Timbuktu") == "timbuktu"
        assert find_area("Cuore dell’Africa") == "heart"


def test_the_panel_groups_and_labels_name_areas_in_polish() -> None:
    s, _ = started()
    for _ in range(200):  # on to a turn with many choices: the panel groups them by piece
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        if s["stage"] == "turn" and len(legal) > 12 and any(a["type"] == "move" for a in legal):
            break
        s, _ = GAME.apply(s, seat, legal[0] if s["stage"] != "auction" else legal[-1])
    mine = GAME.view(s, seat)
    ui = AfricaUI()
    with lang.use("pl"):
        words = lang.here("africa")
        groups = ui.panel_groups(mine, legal) or []
        labels = [ui.action_label(mine, a, words.say(GAME.describe(s, seat, a))) for a in legal]
    moves = [(a, g) for a, g in zip(legal, groups, strict=True) if a["type"] == "move"]
    assert moves and all(translated(a["from"], "pl") in g for a, g in moves)
    for a, text in zip(legal, labels, strict=True):
        for key in ("area", "from", "to"):
            if key in a:
                assert translated(a[key], "pl") in text, text
        assert len(text) <= 100


@pytest.mark.parametrize("language", ["pl", "it"])
def test_the_board_and_the_crop_draw_the_areas_in_the_reader_language(language: str) -> None:
    s, _ = started()
    seat = GAME.to_act(s)[0]
    with lang.use(language), recording() as drawn:
        board_png(GAME.view(s, None))
        crop_png({**GAME.view(s, seat), "choices": GAME.legal_actions(s, seat)})
    texts = {d.text for d in drawn}
    assert {translated(a, language) for a in AREAS} <= texts
    assert not {str(AREA[a]["name"]) for a in AREAS if translated(a, language) != AREA[a]["name"]} & texts
    with lang.use(language):
        pending = {"pending": {"kind": "neutral_retreat", "chooser": "red", "from": "morocco"}, "outcome": None,
                   "players": [{"colour": "red", "seat": "s1"}]}
        assert translated("morocco", language) in asked(pending)


@pytest.mark.parametrize("language", ["en", "pl", "it"])
def test_every_area_name_fits_its_area_on_the_map(language: str) -> None:
    """A name wider than its area is broken into lines (between words, then after a hyphen) that fit,
    at the smallest at NAME_SMALLEST: "Afryka / Południowo- / Zachodnia"."""
    with lang.use(language):
        for a in AREAS:
            lines = broken(area_name(a), font(NAME_SMALLEST, True), name_room(a))
            assert all(font(NAME_SMALLEST, True).getlength(line) <= name_room(a) for line in lines), lines
    assert broken("Afryka Południowo-Zachodnia", font(NAME_SIZE, True), name_room("southwest")) == [
        "Afryka", "Południowo-", "Zachodnia"]
    assert broken("Sahara", font(NAME_SIZE, True), 10) == ["Sahara"]  # never cut


# --- through Discord ------------------------------------------------------------------------------

async def slash(sim: FakeDiscord, user: User, command: str, **options: Any) -> Any:
    result = await sim.slash(user, sim.channel, command, options=options)
    await settle()
    return result


async def test_a_polish_reader_is_offered_and_may_type_polish_names(fake_discord: FakeDiscord,
                                                                    tmp_path: Path) -> None:
    sim = fake_discord
    bot: TabletopBot = await start_bot(sim, sqlite(tmp_path), seed=SEED)
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "africa", "players": 2})
    table = message_of(opened)
    gid = int(re.search(r"table #(\d+)", table.text)[1])  # type: ignore[index]
    await sim.click(sim.bob, table, label="Join")
    await sim.click(sim.alice, table, label="Start")
    await settle()
    record = await bot.service.get(gid)
    blue = seat_of(record, sim.bob)
    assert record.to_act == [blue]
    sim.bob.locale = "pl"  # Bob's Discord speaks Polish

    legal = [a["area"] for a in record.game.legal_actions(record.state, blue)]
    offered = await sim.autocomplete(sim.bob, sim.channel, "africa start", focused="area")
    assert [c["name"] for c in offered] == [translated(a, "pl") for a in legal]
    assert [c["value"] for c in offered] == [AREA[a]["name"] for a in legal]  # read back in any language
    typed = await sim.autocomplete(sim.bob, sim.channel, "africa start", {"area": "wsch"}, focused="area")
    assert [c["name"] for c in typed] == ["Afryka Wschodnia"]

    inland = await slash(sim, sim.bob, "africa start", area="Sahara")
    assert said(inland).startswith("Sahara nie leży na wybrzeżu.")
    assert "Afryka Wschodnia" in said(inland)

    chosen = "morocco" if "morocco" in legal else legal[0]
    played = await slash(sim, sim.bob, "africa start", area=translated(chosen, "pl"))
    assert not played.errors
    record = await bot.service.get(gid)
    assert blue not in record.to_act
    assert view_of(record)["areas"][chosen]["traders"] == {"blue": 5}
    assert translated(chosen, "pl") in said(played)
    assert english(record.game.describe(record.state, blue, {"type": "start_area", "area": chosen})) \
        == f"Start in {AREA[chosen]['name']}"
