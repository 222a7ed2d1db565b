"""The core's words (issue #25): who reads what, stored lines worded at delivery, refusals as words.

A Polish reader at an English table reads their own answers in Polish while the table's public posts
stay English, and the other way round at an Italian table; a DM follows its player's language; the
service's lines (time-outs, resignations, undos, seats handed over) are stored as Says and worded
when told; every refusal of the service is a Say; games.base's refusals read in Polish and Italian.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path
from typing import Any

import pytest

import lang
from bot.computers import name_words
from bot.service import errors
from bot.service.errors import NotYourTurn, english_words, mentions, of_game, word
from bot.service.records import event_words
from bot.service.service import line_event
from games import registry
from games.base import IllegalAction, english, resolve_options, say, say_n
from tests.e2e.harness import answer_of, message_of, said, settle, sqlite, start_bot
from tests.e2e.texts import game_names, player_names, unmarked
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
CORE_COGS = ["lobby", "common", "panel", "gamecog", "listing"]
REFUSALS = {name for name, c in vars(errors).items()
            if inspect.isclass(c) and issubclass(c, errors.ServiceError)} | {"IllegalAction"}


def plain_text(node: ast.expr) -> bool:
    """An English text written in place: a string literal, an f-string, or one joined with +."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    return isinstance(node, ast.BinOp) and (plain_text(node.left) or plain_text(node.right))


def core_sources() -> list[Path]:
    return [*sorted((ROOT / "bot").rglob("*.py")), *(ROOT / "cogs" / f"{m}.py" for m in CORE_COGS),
            ROOT / "games" / "base.py"]


def test_every_refusal_of_the_core_is_words() -> None:
    """No ServiceError (nor IllegalAction) in bot/, the core cogs or games.base is made from an
    English text: each takes a Say (say, say_n, say_p) worded per reader."""
    found: list[str] = []
    for path in core_sources():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called in REFUSALS and plain_text(node.args[0]):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {called}(…)")
    assert not found, "refusals made of plain English: " + ", ".join(found)


def test_the_check_finds_a_plain_refusal() -> None:
    """The syntax-tree check above sees each kind of plain text (so that it can fail)."""
    for source in ('raise NotAllowed("no")', 'raise NotAllowed(f"no {x}")', 'raise Illegal("a" + b)'):
        call = ast.parse(source).body[0].exc  # type: ignore[attr-defined]
        assert isinstance(call, ast.Call) and plain_text(call.args[0])
    ok = ast.parse('raise NotAllowed(say("no"))').body[0].exc  # type: ignore[attr-defined]
    assert not plain_text(ok.args[0])


@pytest.mark.parametrize(("language", "unknown", "must"), [
    ("pl", "Nieznana opcja gry Mali", "musi mieć jedną z wartości"),
    ("it", "Opzione sconosciuta per Mali", "deve essere una di"),
])
def test_options_refusals_read_in_polish_and_italian(language: str, unknown: str, must: str) -> None:
    game = registry.get("mali")
    with pytest.raises(IllegalAction) as exc:
        resolve_options(game, {"no_such_option": True})
    assert str(exc.value).startswith("Unknown option for Mali")  # the English stays for logs and tests
    worded = lang.texts(language, "core").say(exc.value.words)
    assert worded.startswith(unknown) and "no_such_option" in worded
    option = game.options[0]
    with pytest.raises(IllegalAction) as bad:
        option.validate("not a choice")
    assert str(bad.value).startswith(f"Option {option.name} must be one of: ")
    worded = lang.texts(language, "core").say(bad.value.words)
    assert must in worded and option.name in worded


def test_a_refusal_names_a_computer_in_the_readers_words() -> None:
    refusal = NotYourTurn(say("It's not your turn: the game is waiting on {players}.",
                              players=mentions(["22", "cpu:hard:1"])))
    assert str(refusal) == "It's not your turn: the game is waiting on <@22>, Computer 1 (hard)."
    with lang.use("pl"):
        assert refusal.message == "To nie twoja kolej: gra czeka na: <@22>, Komputer 1 (trudny)."
    with lang.use("it"):
        assert refusal.message == "Non è il tuo turno: la partita aspetta <@22>, Computer 1 (difficile)."
    assert english(mentions([])) == "nobody" and english(name_words("cpu:easy:2")) == "Computer 2 (easy)"


def test_stored_lines_are_words_worded_at_delivery() -> None:
    """The service's own lines keep their English as "text" and their words as a core Say; a game's
    words inside them (an undo's) are worded in the game's catalog; an older row (text only) shows
    its English in every language."""
    hours = line_event("timeout", say_n("Time is up for {players}: the table waits another {count} hour.",
                                        "Time is up for {players}: the table waits another {count} hours.",
                                        5, players=mentions(["7"])), mode="wait")
    assert hours["text"] == "Time is up for <@7>: the table waits another 5 hours." and hours["domain"] == "core"
    with lang.use("pl"):
        assert event_words("mali", hours) == "Czas minął dla: <@7>; stół czeka jeszcze 5 godzin."
    resign = line_event("dropped", say("{player} resigns and leaves the game.", player=name_words("cpu:easy:1")))
    with lang.use("it"):
        assert event_words("mali", resign) == "Computer 1 (facile) si ritira e lascia la partita."
    moved = say("{player} moves {scout} to {space}.", player="Green", scout=1, space="Wola")
    undo = line_event("undo", say("{player} takes back: {moves}", player="<@7>", moves=of_game("mali", [moved])),
                      taken_back=english_words(of_game("mali", [moved])))
    assert undo["text"] == "<@7> takes back: Green moves 1 to Wola." and undo["taken_back"] == "Green moves 1 to Wola."
    with lang.use("pl"):
        polish = event_words("mali", undo)
    assert polish.startswith("<@7> cofa: ") and "Wola" in polish
    # a toy game without a catalog: its words in English, never a failure
    assert word("nim", of_game("nim", [say("{n} stones left.", n=3)])) == "3 stones left."
    old = {"type": "dropped", "text": "<@7> resigns and leaves the game."}
    for language in ("en", "pl", "it"):
        with lang.use(language):
            assert event_words("mali", old) == old["text"]


def gid_of(text: str) -> int:
    found = re.findall(r"(?:#|nr |n\. )(\d+)", text)
    assert found, text
    return int(found[-1])


def newest(sim: FakeDiscord) -> str:
    return sim.channel_messages(sim.channel)[-1].text


async def test_a_polish_reader_at_an_english_table(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Bob reads Polish (his `/game language`) at an English table: his own answers, his click's
    answer and his DMs are Polish; the table's posts, made while handling his click, are English."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    await sim.slash(sim.bob, sim.channel, "game language", options={"language": "pl"})
    table = message_of(await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2}))
    gid = gid_of(table.text)
    await sim.click(sim.bob, table, label="Join")
    await sim.click(sim.alice, table, label="Start")
    await settle()
    record = await bot.service.get(gid)
    assert record.status == "running"
    bob_dms = "\n".join(m.text for m in sim.dm_messages(sim.bob))
    alice_dms = "\n".join(m.text for m in sim.dm_messages(sim.alice))
    assert f"gra nr {gid} się zaczęła" in bob_dms and f"game #{gid} has started" in alice_dms
    # His click on the public "My turn" button (an English label) answers him in Polish.
    post = [m for m in sim.channel_messages(sim.channel) if any(c.custom_id == f"tr:p:{gid}" for c in m.components)][-1]
    assert f"· game #{gid}" in post.text and "My turn: show my choices" in [c.label for c in post.buttons]
    sim.carol.locale = "pl"  # a Polish onlooker's click: answered in her client's language
    onlooker = await sim.click(sim.carol, post, custom_id=f"tr:p:{gid}")
    assert said(onlooker).startswith(f"Nie grasz w grze nr {gid}. Gra czeka na: <@")
    asked = message_of(await sim.slash(sim.bob, sim.channel, "game resign"))
    assert asked.ephemeral and asked.text.startswith(f"Poddać się w grze nr {gid}")
    done = await sim.click(sim.bob, asked, label="Tak, poddaję się")
    await settle()
    assert f"Opuściłeś grę nr {gid}." in answer_of(done).text  # the question, edited in place
    public = newest(sim)
    assert "resigns and leaves the game." in public and f"· game #{gid}" in public
    assert "poddaje" not in public and "gra nr" not in public


async def test_an_english_reader_at_an_italian_table(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The reverse: Alice reads English at a table opened in Italian; the table's posts, made while
    handling her click, are Italian."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    sim.bob.locale = "it"
    table = message_of(await sim.slash(sim.alice, sim.channel, "game new",
                                       options={"game": "mali", "players": 2, "language": "it"}))
    gid = gid_of(table.embeds[0]["title"])
    await sim.click(sim.bob, table, label="Unisciti")
    await sim.click(sim.alice, table, label="Inizia")
    await settle()
    assert (await bot.service.get(gid)).status == "running"
    post = newest(sim)
    assert f"· partita n. {gid}" in post
    asked = message_of(await sim.slash(sim.alice, sim.channel, "game resign"))
    assert asked.text.startswith(f"Resign from game #{gid}")
    done = await sim.click(sim.alice, asked, label="Yes, resign")
    await settle()
    assert f"You left game #{gid}." in answer_of(done).text
    public = newest(sim)
    # The post's own words are the table's (its lines' words are worded by the game's cog).
    assert public.startswith(f"**Mali Powstańcy. Warszawa 1944** · partita n. {gid}") and "game #" not in public
    log: Any = await sim.slash(sim.bob, sim.channel, "game log", options={"game": gid})
    assert "si ritira e lascia la partita." in said(log)  # bob's client is Italian: his own answer too
    mine: Any = await sim.slash(sim.alice, sim.channel, "game log", options={"game": gid})
    assert "resigns and leaves the game." in said(mine)


async def test_the_cores_answers_are_all_marked_in_the_pseudo_language(fake_discord: FakeDiscord,
                                                                       tmp_path: Path) -> None:
    """With every reader and the server in the pseudo-language, what the core itself says (the
    lists, figures, notices, questions and their buttons, the turn post's buttons, the DMs' heads and
    the public post's head) is made only of marked texts and values: no English word left."""
    sim = fake_discord
    bot = await start_bot(sim, sqlite(tmp_path), seed=1)
    assert sim.guild is not None
    for user in (sim.alice, sim.bob, sim.carol):
        await bot.service.set_language(user.id, lang.PSEUDO)
    await bot.service.set_server_language(sim.guild.id, lang.PSEUDO)
    names = player_names(sim) | game_names("mali")
    table = message_of(await sim.slash(sim.alice, sim.channel, "game new", options={"game": "mali", "players": 2}))
    gid = gid_of(table.embeds[0]["title"])
    await sim.click(sim.bob, table, custom_id=table.buttons[0].custom_id)  # join
    await sim.click(sim.alice, table, custom_id=table.buttons[2].custom_id)  # start
    await settle()
    texts: list[str] = []
    for command, options in (("game list", {}), ("game stats", {}), ("game leaderboard", {"game": "mali"}),
                             ("game notify", {"mode": "dm", "quiet_from": 1, "quiet_to": 5}), ("game undo", {})):
        texts.append(said(await sim.slash(sim.alice, sim.channel, command, options=options)))
    texts.append(said(await sim.slash(sim.carol, sim.channel, "game resign")))  # not playing
    asked = message_of(await sim.slash(sim.bob, sim.channel, "game resign"))
    texts += [asked.text, *(c.label or "" for c in asked.buttons)]
    post = [m for m in sim.channel_messages(sim.channel) if any(c.custom_id == f"tr:p:{gid}" for c in m.components)][-1]
    texts += [post.text.split("\n")[0].split(" · ")[0] + " · " + post.text.split("\n")[0].split(" · ")[1],
              *(c.label or "" for c in post.buttons)]
    texts += [m.text.split("\n")[0] for u in (sim.alice, sim.bob) for m in sim.dm_messages(u)]
    await sim.click(sim.bob, asked, custom_id=asked.buttons[0].custom_id)  # resign: the game ends
    await settle()
    texts.append(said(await sim.slash(sim.alice, sim.channel, "game history")))
    texts.append(said(await sim.slash(sim.alice, sim.channel, "game abandon")))  # over already
    found = {text: words for text in texts if (words := unmarked(text, allowed=names))}
    assert all(texts) and not found, found
