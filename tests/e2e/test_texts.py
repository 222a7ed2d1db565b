"""The pseudo-locale check's Discord side (tests/e2e/texts.py): the checker on tricky texts, the
walker on every text field of Discord's payloads, and both on what the real bot sends.

The pseudo-locale test itself is tests/e2e/test_whole_games.py's `test_no_unmarked_word`: each whole
game is played in the pseudo-locale once, for it and the games' other checks;
`test_an_english_game_is_all_backlog` measures what an English game leaves (PSEUDO_REPORT).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, cast

import pytest

from tests.e2e.harness import settle, sqlite, start_bot
from tests.e2e.test_whole_games import GAMES, open_and_play
from tests.e2e.texts import (
    Sent,
    by_kind,
    callback_texts,
    command_texts,
    game_names,
    message_texts,
    player_names,
    pseudo_checked,
    sent_texts,
    shape,
    shapes_by_kind,
    unmarked,
    unmarked_sent,
)
from tests.fakediscord import FakeDiscord, Message

REPORT = os.environ.get("PSEUDO_REPORT", "")  # a file for the English game's backlog, kind by kind


# -- the checker ---------------------------------------------------------------------------------


def test_marked_text_and_values_leave_nothing() -> None:
    assert unmarked("⟦Red moves Janek to⟧ <#123> ⟦(card 5)⟧") == []
    assert unmarked("⟦Your turn, {}⟧ <@42> <@!43> <@&44> <t:1700000000:R> <t:1700000000>") == []
    assert unmarked("**⟦Round⟧ 5** · 12/20 · 3,5 · -1 · +2 · 50% · #12 · → ✅ 🎲 <:token:99> <a:spin:98>") == []
    assert unmarked("⟦see⟧ https://example.com/rules?a=b#x — `</mali move:1234>` > ||⟦secret⟧||") == []
    assert unmarked("⟦order⟧ O06, ⟦space⟧ A3, x2, 4B") == []
    assert unmarked("") == [] and unmarked("   \n") == []


def test_texts_of_one_template_share_a_shape() -> None:
    assert shape("<@1> moves to Wola (card 5, 3 left)", {"Wola"}) == shape(
        "<@22> moves to Ochota (card 4, 10 left)", {"Ochota"}
    )
    assert shape("Round 5") != shape("Turn 5")


def test_markers_nest_and_a_stray_marker_is_a_finding() -> None:
    assert unmarked("⟦Alice delivers ⟦order⟧ to ⟦the square⟧ now⟧") == []
    assert unmarked("⟦outer ⟦inner⟧ outer⟧ tail") == ["tail"]
    assert unmarked("⟦never closed") == ["⟦"]
    assert unmarked("closed⟧ ⟦fine⟧") == ["closed", "⟧"]
    assert unmarked("«Hello» [Hello]", open="«", close="»") == ["Hello"]
    assert unmarked("<<one <<two>> one>> three", open="<<", close=">>") == ["three"]


def test_a_single_english_word_fails_wherever_it_is() -> None:
    assert unmarked("⟦Tura⟧ 5 of ⟦10⟧") == ["of"]
    assert unmarked("⟦Ruch⟧s") == ["s"]  # glued to a marked part: still a word of its own
    assert unmarked("a") == ["a"]
    assert unmarked("⟦Sei⟧ 3rd") == ["3rd"]  # an English ordinal is no id
    assert unmarked("24h ⟦left⟧") == ["24h"]  # nor an untranslated unit
    assert unmarked("Red's ⟦turn⟧") == ["Red's"]
    assert unmarked("__Round__ ⟦5⟧") == ["Round"]  # markdown around a word hides nothing
    assert unmarked("[Rules](https://example.com) ⟦here⟧") == ["Rules"]  # a link's text is text


def test_allowed_names_are_whole_words_or_phrases_only() -> None:
    allowed = {"alice", "Stacja Filtrów", "Wola", "Rue Baradat"}
    assert unmarked("alice ⟦moves to⟧ Stacja Filtrów, Wola", allowed=allowed) == []
    assert unmarked("Rue Baradat: ⟦patrol⟧", allowed=allowed) == []
    assert unmarked("Stacja ⟦moves⟧", allowed=allowed) == ["Stacja"]  # half a phrase is no name
    assert unmarked("alices Wolarz", allowed=allowed) == ["alices", "Wolarz"]
    assert unmarked("Alice", allowed=allowed) == ["Alice"]  # names are matched as written
    assert unmarked("Żoliborz ⟦i⟧ Śródmieście", allowed=game_names("mali")) == []
    assert unmarked("Mali Powstańcy. Warszawa 1944 #3 Janek", allowed=game_names("mali")) == []
    assert "Pont du Nord" in game_names("maquis") and "Fence" not in game_names("maquis")
    assert {"Europe", "Arabia"} <= game_names("africa")  # the board data's names that stay
    assert not {"Morocco", "Guinea Coast"} & game_names("africa")  # the areas are translated


# -- the walker ----------------------------------------------------------------------------------

MESSAGE: dict[str, Any] = {
    "content": "c",
    "thread_name": "tn",
    "allowed_mentions": {"parse": []},
    "flags": 64,
    "embeds": [
        {
            "title": "et",
            "description": "ed",
            "url": "https://x",
            "color": 1,
            "author": {"name": "ea"},
            "footer": {"text": "ef", "icon_url": "https://i"},
            "image": {"url": "attachment://b.png"},
            "thumbnail": {"url": "https://t", "description": "etd"},
            "fields": [{"name": "fn", "value": "fv", "inline": True}],
        }
    ],
    "attachments": [{"id": 0, "filename": "board.png", "description": "ad"}],
    "poll": {"question": {"text": "pq"}, "answers": [{"poll_media": {"text": "pa", "emoji": {"name": "🎲"}}}]},
    "components": [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": "bl", "custom_id": "tr:a:1", "emoji": {"name": "🎲"}},
                {"type": 2, "style": 5, "label": "ll", "url": "https://link"},
            ],
        },
        {
            "type": 1,
            "components": [
                {
                    "type": 3,
                    "custom_id": "tr:s:1",
                    "placeholder": "sp",
                    "options": [{"label": "ol", "value": "0", "description": "od", "emoji": {"name": "✅"}}],
                }
            ],
        },
        {
            "type": 17,
            "components": [
                {"type": 10, "content": "td"},
                {
                    "type": 9,
                    "components": [{"type": 10, "content": "std"}],
                    "accessory": {"type": 11, "media": {"url": "https://m"}, "description": "thd"},
                },
                {"type": 12, "items": [{"media": {"url": "https://g"}, "description": "gd"}]},
                {"type": 1, "components": [{"type": 5, "custom_id": "u", "placeholder": "up"}]},
            ],
        },
    ],
}
EVERY_MESSAGE_TEXT = {
    "c": "content",
    "tn": "thread name",
    "et": "embed title",
    "ed": "embed description",
    "ea": "embed author",
    "ef": "embed footer",
    "etd": "embed thumbnail description",
    "fn": "embed field name",
    "fv": "embed field value",
    "ad": "attachment description",
    "pq": "poll question",
    "pa": "poll answer",
    "bl": "button label",
    "ll": "button label",
    "sp": "string_select placeholder",
    "ol": "string_select option label",
    "od": "string_select option description",
    "td": "text_display content",
    "std": "text_display content",
    "thd": "thumbnail description",
    "gd": "media_gallery item description",
    "up": "user_select placeholder",
}


def test_every_text_field_of_a_message_and_nothing_else() -> None:
    found = list(message_texts(MESSAGE, "here"))
    assert {s.text: s.kind for s in found} == EVERY_MESSAGE_TEXT
    assert len(found) == len(EVERY_MESSAGE_TEXT)
    places = {s.text: s.place for s in found}
    assert places["fv"] == "here embeds[0].fields[0].value"
    assert places["od"] == "here components[1].components[0].options[0].description"
    assert places["thd"] == "here components[2].components[1].accessory[0].description"


def test_every_text_of_a_modal_choices_and_commands() -> None:
    modal = {
        "type": 9,
        "data": {
            "custom_id": "m",
            "title": "mt",
            "components": [
                {
                    "type": 18,
                    "label": "lb",
                    "description": "lbd",
                    "component": {"type": 4, "custom_id": "t", "style": 1, "placeholder": "tp", "value": "tv"},
                },
                {"type": 1, "components": [{"type": 4, "custom_id": "t2", "label": "tl", "style": 2}]},
            ],
        },
    }
    assert {(s.text, s.kind) for s in callback_texts(modal, "m")} == {
        ("mt", "modal title"),
        ("lb", "label label"),
        ("lbd", "label description"),
        ("tp", "text_input placeholder"),
        ("tv", "text_input value"),
        ("tl", "text_input label"),
    }
    choices = {
        "type": 8,
        "data": {
            "choices": [
                {"name": "one", "value": "v1"},
                {"name": "two", "value": 2, "name_localizations": {"pl": "dwa"}},
            ]
        },
    }
    assert [(s.text, s.place) for s in callback_texts(choices, "a")] == [
        ("one", "a autocomplete choices[0].name"),
        ("two", "a autocomplete choices[1].name"),
        ("dwa", "a autocomplete choices[1].name_localizations[pl]"),
    ]
    update = {"type": 7, "data": {"content": "new", "components": []}}
    assert [s.text for s in callback_texts(update, "u")] == ["new"]
    assert list(callback_texts({"type": 6}, "d")) == [] and list(callback_texts({"type": 5, "data": {}}, "d")) == []
    command = {
        "name": "mali",
        "description": "md",
        "description_localizations": {"it": "mdi"},
        "options": [
            {
                "type": 1,
                "name": "move",
                "name_localizations": {"pl": "ruch"},
                "description": "mv",
                "options": [
                    {
                        "type": 3,
                        "name": "to",
                        "description": "dest",
                        "autocomplete": True,
                        "choices": [{"name": "Wola", "value": "wola"}],
                    }
                ],
            }
        ],
    }
    checked = [s.text for s in command_texts(command, "command sync (request 1) [0]") if pseudo_checked(s)]
    assert checked == ["mdi"]  # a reader sees the localizations; names cannot hold markers
    assert pseudo_checked(Sent("two", "interaction 5 autocomplete choices[1].name", "autocomplete choice"))
    assert [(s.text, s.kind) for s in command_texts(command, "sync")] == [
        ("mali", "command name"),
        ("md", "command description"),
        ("mdi", "command description"),
        ("move", "option name"),
        ("ruch", "option name"),
        ("mv", "option description"),
        ("to", "option name"),
        ("dest", "option description"),
        ("Wola", "command choice"),
    ]


def shown(message: Message) -> list[str]:
    """What a person sees of a message as it is now: its texts and its controls' words."""
    words = [message.content] + [
        t for e in message.embeds for t in (e.get("title"), e.get("description")) if isinstance(t, str)
    ]
    words += [t for e in message.embeds for f in e.get("fields") or [] for t in (f.get("name"), f.get("value"))]
    words += [c.label or "" for c in message.components] + [c.placeholder or "" for c in message.components]
    words += [o.get("label", "") for c in message.components for o in c.options]
    return [w for w in words if w and w.strip()]


def missed(sim: FakeDiscord, found: list[Sent]) -> list[str]:
    """The texts of the simulator's messages (as last sent) that the walker did not find."""
    texts = {s.text for s in found}
    return [
        f"message {m.id}: {t!r}"
        for m in sim.messages.values()
        if m.author is sim.bot_user
        for t in shown(m)
        if t not in texts
    ]


async def test_the_walker_finds_what_the_bot_sent(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    sim = fake_discord
    await start_bot(sim, sqlite(tmp_path))
    opened = await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2, "thread": True})
    assert opened.message is not None
    gid = int(re.findall(r"table #(\d+)", opened.message.text)[0])
    choices = await sim.autocomplete(sim.alice, sim.channel, "game status", {"game": ""}, focused="game")
    await sim.click(sim.bob, opened.message, label="Join")
    await sim.click(sim.alice, opened.message, label="Start")
    await settle()
    found = list(sent_texts(sim))
    kinds = {s.kind for s in found}
    assert {
        "content",
        "button label",
        "autocomplete choice",
        "thread name",
        "command name",
        "command description",
        "option description",
    } <= kinds, kinds
    assert missed(sim, found) == []
    assert any(s.text == choices[0]["name"] and "(/game status by alice" in s.place for s in found)
    assert any(s.kind == "content" and "(/game new by alice in channel #general) response" in s.place for s in found)
    assert any(s.place.startswith("DM to bob new message") and s.kind == "content" for s in found)
    assert any(s.kind == "thread name" and f"#{gid}" in s.text and "channel #general" in s.place for s in found)
    assert any(s.kind == "button label" and s.text == "Join" and "channel #general" in s.place for s in found)
    # English today: every sentence is unmarked; the players' own names never are findings
    backlog = unmarked_sent(sim)
    assert any(item.sent.kind == "content" for item in backlog)
    assert not any(item.words == ["alice"] for item in backlog)


# -- whole games ---------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(not REPORT, reason="the translation backlog is counted on demand: PSEUDO_REPORT=backlog.json")
async def test_an_english_game_is_all_backlog(
    fake_discord: FakeDiscord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Today every word is English and unmarked: a whole Mali game (in a thread) shows the walker
    finds every text of every message, and counts the distinct texts to translate per kind."""
    key, players, options, seed, driver = cast(tuple[str, int, dict[str, Any], int, type[Any]], tuple(GAMES[0].values))
    await open_and_play(fake_discord, tmp_path, key, players, {**options, "thread": True}, seed, driver)
    found = list(sent_texts(fake_discord))
    assert missed(fake_discord, found) == []
    names = game_names(key) | player_names(fake_discord)
    backlog = unmarked_sent(fake_discord, names)
    grouped, shapes = by_kind(backlog), shapes_by_kind(backlog, names)
    assert {"thread name", "string_select option label", "embed field value"} <= {s.kind for s in found}
    assert {"content", "button label", "autocomplete choice", "command description"} <= set(grouped), grouped.keys()
    assert "thread name" not in grouped  # "Mali Powstańcy. Warszawa 1944 #1": the title is the board's own
    Path(REPORT).write_text(json.dumps({k: sorted(v) for k, v in grouped.items()}, ensure_ascii=False, indent=1))
    with capsys.disabled():
        print(f"\nunmarked texts of an English {key} game by kind of place: distinct texts, distinct shapes")
        for kind, texts in grouped.items():
            print(f"  {len(texts):5} {len(shapes[kind]):5}  {kind}")
