"""Heart of Africa's 24 map areas in the reader's language (Polish, Italian): the engine's narration
and labels, the cog's texts, autocomplete and typed names, and the images name each area as its
reader reads it ("Maroko", "Marocco"), while the engine's state and actions keep the area ids and
the commands read back the English name, the id or the reader's own name. In a sentence each area
takes the form the sentence asks for ("{area:in}": "w Egipcie", "na Saharze", "nel Sahara")."""

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
from cogs.africa import area_refusal, find_area, parse_conflict, parse_piece, piece_name, piece_value
from cogs.africa.data_texts import AREA_FORMS, AREA_NAMES, AREAS_FROM, AREAS_IN, AREAS_TO
from cogs.africa.ui import AfricaUI, area_english, area_name
from games.africa import GAME, flow
from games.africa.apply import advance, do_retreat
from games.africa.board import AREA, AREAS, area_say, route_say
from games.africa.describe import describe, plain
from games.africa.state import new_state
from games.base import english, say
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


# Every form begins with the preposition the place takes: Polish "w Egipcie", "na Saharze", "nad
# Wielkimi Jeziorami"; Italian "in Egitto", "nel Sahara", "a Timbuctù", "dall'Egitto".
PREPOSITIONS: dict[tuple[str, str], tuple[str, ...]] = {
    ("pl", "in"): ("w ", "na ", "nad "), ("pl", "to"): ("do ", "na ", "nad "), ("pl", "from"): ("z ", "znad "),
    ("it", "in"): ("in ", "a ", "nel ", "nello ", "nella ", "nell'", "nei ", "sulla "),
    ("it", "to"): ("in ", "a ", "nel ", "nello ", "nella ", "nell'", "nei ", "sulla "),
    ("it", "from"): ("da ", "dal ", "dallo ", "dalla ", "dall'", "dai "),
}


def translated(area: str, language: str) -> str:
    return NAMES[str(AREA[area]["name"])][LANGUAGES[language]]


def form(area: str, language: str, which: str) -> str:
    return catalog(language)[(f"area:{which}", str(AREA[area]["name"]))]


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


def test_every_form_of_every_area_is_marked() -> None:
    assert AREA_FORMS == ("in", "to", "from")
    assert AREAS_IN == AREAS_TO == AREAS_FROM == AREA_NAMES
    template = (ROOT / "lang" / "locales" / "africa.pot").read_text(encoding="utf-8")
    for which in AREA_FORMS:
        for name in NAMES:
            assert f'msgctxt "area:{which}"\nmsgid "{name}"\n' in template, (which, name)


@pytest.mark.parametrize("language", ["pl", "it"])
def test_every_area_has_every_form_with_its_preposition(language: str) -> None:
    have = catalog(language)
    for which in AREA_FORMS:
        for name, both in NAMES.items():
            found = have.get((f"area:{which}", name), "")
            assert found.startswith(PREPOSITIONS[language, which]), (which, name, found)
            assert found != both[LANGUAGES[language]]


def test_the_forms_polish_and_italian_readers_expect() -> None:
    expected = {
        ("pl", "in"): {"egypt": "w Egipcie", "madagascar": "na Madagaskarze", "sahara": "na Saharze",
                       "guinea": "na Wybrzeżu Gwinejskim", "great_lakes": "nad Wielkimi Jeziorami",
                       "east_africa": "w Afryce Wschodniej", "libya": "w Trypolitanii", "congo": "w Kongu",
                       "timbuktu": "w Timbuktu", "bornu": "w Bornu", "heart": "w Sercu Afryki"},
        ("pl", "to"): {"egypt": "do Egiptu", "madagascar": "na Madagaskar", "sahara": "na Saharę",
                       "cameroon": "do Kamerunu", "great_lakes": "nad Wielkie Jeziora"},
        ("pl", "from"): {"egypt": "z Egiptu", "madagascar": "z Madagaskaru", "sahara": "z Sahary",
                         "algeria": "z Algierii", "great_lakes": "znad Wielkich Jezior"},
        ("it", "in"): {"egypt": "in Egitto", "sahara": "nel Sahara", "congo": "nel Congo", "timbuktu": "a Timbuctù",
                       "cape": "nella Colonia del Capo", "great_lakes": "nei Grandi Laghi",
                       "guinea": "sulla Costa di Guinea", "east_africa": "nell'Africa Orientale"},
        ("it", "from"): {"egypt": "dall'Egitto", "morocco": "dal Marocco", "timbuktu": "da Timbuctù",
                         "cape": "dalla Colonia del Capo", "great_lakes": "dai Grandi Laghi",
                         "zambezi": "dallo Zambesi"},
    }
    for (language, which), forms in expected.items():
        assert {a: form(a, language, which) for a in forms} == forms


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
    assert form(area, language, "in" if language == "pl" else "from") in words  # "zaczyna w Maroku"
    if translated(area, language) != AREA[area]["name"]:
        assert str(AREA[area]["name"]) not in words
    assert GAME.view(s, None)["areas"][area]["traders"]  # the state keeps the id


NARRATED = {
    "pl": ["Niebieski zaczyna w Afryce Wschodniej z 5 kupcami.",
           "Kupiec neutralny wycofuje się z Mozambiku na Madagaskar.",
           "Kupiec neutralny nad Wielkimi Jeziorami nie może się wycofać i schodzi z mapy.",
           "Kupiec gracza Niebieski wycofuje się z Afryki Wschodniej na Wybrzeże Gwinejskie.",
           "Niebieski przesuwa hurtownika z Algierii na Saharę i się zatrzymuje.",
           "Niebieski wprowadza nowego kupca do Kamerunu za 4 PA.",
           "Konflikt w Trypolitanii: Niebieski kontra Czerwony. Obie strony deklarują w tajemnicy."],
    "it": ["Blu parte dall'Africa Orientale con 5 Commercianti.",
           "Un Commerciante Neutrale si ritira dal Mozambico in Madagascar.",
           "Un Commerciante Neutrale nei Grandi Laghi non può ritirarsi ed esce dalla mappa.",
           "Il Commerciante di Blu si ritira dall'Africa Orientale sulla Costa di Guinea.",
           "Blu muove il Commerciante all'Ingrosso dall'Algeria nel Sahara e si ferma.",
           "Blu fa entrare un nuovo Commerciante in Camerun per 4 PA.",
           "Conflitto in Tripolitania: Blu contro Rosso. Entrambi scelgono in segreto."],
}


@pytest.mark.parametrize("language", ["en", "pl", "it"])
def test_the_engine_narrates_each_area_in_the_form_its_sentence_asks(language: str) -> None:
    s, _ = started()
    s["players"][0]["colour"], s["players"][1]["colour"] = "blue", "red"
    events: list[dict[str, Any]] = []
    flow.place_start(s, 0, "east_africa", events)
    s["areas"]["mozambique"]["neutrals"] = s["areas"]["great_lakes"]["neutrals"] = 1
    do_retreat(s, {"kind": "neutral_retreat", "from": "mozambique"}, "madagascar", events)
    do_retreat(s, {"kind": "neutral_retreat", "from": "great_lakes"}, None, events)
    do_retreat(s, {"kind": "trader_retreat", "owner": 0, "piece": "trader", "from": "east_africa"}, "guinea", events)
    told = [e["say"] for e in events]
    who = told[0]["args"]["player"]
    told += [say("{player} moves a wholesaler from {area} to {to} and stops.", player=who,  # as apply.h_move says it
                 area=area_say("algeria"), to=area_say("sahara")),
             say("{player} brings a new trader into {area} for {cost} AP.", player=who, area=area_say("cameroon"),
                 cost=4)]
    s["areas"]["libya"]["traders"][1] = 1
    s["active"], s["turn"] = 0, {"step": "conflicts"}
    conflict: list[dict[str, Any]] = []
    flow.start_player_conflict(s, "libya", 1, conflict)
    told.append(conflict[0]["say"])
    if language == "en":
        assert [english(t) for t in told] == [
            "Blue starts in East Africa with 5 traders.", "A neutral retreats from Mozambique to Madagascar.",
            "A neutral in Great Lakes cannot retreat and leaves the map.",
            "Blue's trader retreats from East Africa to Guinea Coast.",
            "Blue moves a wholesaler from Algeria to Sahara and stops.",
            "Blue brings a new trader into Cameroon for 4 AP.",
            "Conflict in Tripolitania: Blue against Red. Both commit in secret."]
        assert [lang.texts("en", "africa").say(t) for t in told] == [english(t) for t in told]
        return
    assert [lang.texts(language, "africa").say(t) for t in told] == NARRATED[language]


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
        assert piece_name("trader", "congo") == "Kupiec w Kongu"
        assert piece_name("wholesaler", "madagascar") == "Hurtownik na Madagaskarze"
        assert piece_value("trader", "congo") == "Trader in Congo"  # what the command reads back
        for typed in ("Maroko", "maroko", " MAROKO ", "Morocco", "morocco"):
            assert find_area(typed) == "morocco", typed
        assert find_area("Wybrzeże Gwinejskie") == find_area("wybrzeze gwinejskie") == "guinea"
        assert find_area("Afryka Południowo-Zachodnia") == find_area("afryka poludniowo-zachodnia") == "southwest"
        assert parse_piece("Kupiec w Kongu") == parse_piece("Trader in Congo") == ("trader", "congo")
        assert parse_piece("kupiec w kongo") == parse_piece("Kupiec Kongo") == ("trader", "congo")  # as typed
        assert parse_piece("Hurtownik na Madagaskarze") == parse_piece("hurtownik madagaskar") == (
            "wholesaler", "madagascar")
        assert parse_piece("Kupiec w Atlantydzie") is None
        assert parse_piece("wholesaler:Kongo") == ("wholesaler", "congo")
        assert parse_conflict("Blue in Kongo") == ("congo", "blue")
        assert find_area("Atlantyda") is None
        view: dict[str, Any] = {"areas": {}}
        assert area_refusal({"type": "recruit", "area": "madagascar"}, [], view) == (
            "Nowy kupiec nie może teraz wejść na Madagaskar: tylko do pustego obszaru przybrzeżnego lub "
            "przybrzeżnego obszaru, który zajmujesz sam (4 PA), albo do obszaru zajmowanego samodzielnie z "
            "faktorią (2 PA), jeśli możesz zapłacić. Możesz wybrać: .")
        assert area_refusal({"type": "move_neutral", "from": "great_lakes", "to": "egypt"}, [], view) == (
            "Kupiec neutralny nie może przejść znad Wielkich Jezior do Egiptu: tylko o jeden obszar, do "
            "sąsiedniego. Możesz przesunąć: .")
        assert area_refusal({"type": "start_area", "area": "great_lakes"}, [], view) == (
            "Obszar Wielkie Jeziora nie leży na wybrzeżu. Twoich 5 kupców zaczyna w obszarze przybrzeżnym bez "
            "neutralnych i bez innej kompanii: .")
        assert f"{area_name('sahara')}" == "Sahara" and f"{area_name('sahara'):in}" == "na Saharze"
    with lang.use("it"):
        assert area_name("timbuktu") == "Timbuctù"
        assert piece_name("trader", "timbuktu") == "Commerciante a Timbuctù"
        assert parse_piece("Commerciante a Timbuctù") == parse_piece("Commerciante in Timbuctù") == (
            "trader", "timbuktu")
        assert parse_piece("Commerciante all'Ingrosso nel Congo") == ("wholesaler", "congo")
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
    assert moves and all(form(a["from"], "pl", "in") in g for a, g in moves)
    for a, text in zip(legal, labels, strict=True):
        for key in ("area", "from", "to"):
            if key in a:
                assert any(name in text for name in (translated(a[key], "pl"), *(form(a[key], "pl", which)
                                                                                  for which in AREA_FORMS))), text
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
    assert {"Europa", "Arabia"} <= texts and "Europe" not in texts  # the closed grey areas
    with lang.use(language):
        pending = {"pending": {"kind": "neutral_retreat", "chooser": "red", "from": "morocco"}, "outcome": None,
                   "players": [{"colour": "red", "seat": "s1"}]}
        assert asked(pending) == {"pl": "Czerwony wycofuje kupca neutralnego z Maroka",
                                  "it": "Rosso fa ritirare un Neutrale dal Marocco"}[language]


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
    assert said(inland).startswith("Obszar Sahara nie leży na wybrzeżu.")
    assert "Afryka Wschodnia" in said(inland)

    chosen = "morocco" if "morocco" in legal else legal[0]
    played = await slash(sim, sim.bob, "africa start", area=translated(chosen, "pl"))
    assert not played.errors
    record = await bot.service.get(gid)
    assert blue not in record.to_act
    assert view_of(record)["areas"][chosen]["traders"] == {"blue": 5}
    assert said(played).startswith(f"Niebieski zaczyna {form(chosen, 'pl', 'in')} z 5 kupcami.")
    assert english(record.game.describe(record.state, blue, {"type": "start_area", "area": chosen})) \
        == f"Start in {AREA[chosen]['name']}"
