"""A whole game of each of the four games, played by new users through the simulator (the games'
own drivers decide as `python -m games.simulate` does for the seed), watching for what gets in the
way of asynchronous play:

- no stale refusal: a seat whose panel was opened while others still had to act clicks that older
  panel for its next move; while the action it names is still legal, the click is accepted (the move
  is made), never answered "out of date";
- no single-answer question: no panel or select offers a seat exactly one choice, and no seat is
  waited on while it has exactly one legal action;
- no Discord limit exceeded: every message, component, modal and autocomplete answer the bot sends
  is checked by the simulator (localdiscord/limits.py), and every command a driver types first has
  each of its autocompleted options asked, as a player would.
"""
from __future__ import annotations

import fcntl
import json
import os
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest

import lang
from localdiscord.interactions import find_command
from tests.e2e.africa_driver import AfricaPlayers
from tests.e2e.harness import (
    act_id,
    message_of,
    option_of,
    settle,
    sqlite,
    start_bot,
    table_button,
    table_id,
    turn_messages,
    user_of,
)
from tests.e2e.mali_driver import MaliPlayers
from tests.e2e.maquis_driver import MaquisPlayers
from tests.e2e.texts import Sent, drawn_images, game_names, player_names, pseudo_checked, unmarked_drawn, unmarked_sent
from tests.e2e.westerplatte_driver import WesterplattePlayers
from tests.fakediscord import FakeDiscord, Message, User


@dataclass
class Early:
    """A panel a seat opened before another seat moved: its message, and the legal actions and
    version it was drawn from."""

    message: Message
    legal: list[dict[str, Any]]
    version: int


@dataclass
class Findings:
    stale: list[str] = field(default_factory=list)
    single: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # what Discord (the simulator) refused
    unnamed: list[str] = field(default_factory=list)  # where the end of the game does not name a player
    stale_clicks: int = 0
    autocompletes: int = 0
    interactions: int = 0
    gid: int = 0  # the game's number
    where: int = 0  # the id of the channel or thread it was played in
    unmarked: list[str] = field(default_factory=list)  # pseudo-locale: texts sent or drawn not all marked
    images: int = 0  # images drawn (in this process)


def watching(driver_class: type[Any]) -> type[Any]:
    """The driver, playing as before, and also: opening the panels of every other seat that owes a
    move before each move, clicking such an older panel for that seat's next move when it shows
    it, asking the autocompletes of every command it types, and noting what it finds."""

    class Watching(driver_class):  # type: ignore[misc, valid-type]
        findings: Findings
        early: dict[str, Early]

        async def do(self, seat: str, record: Any, action: dict[str, Any]) -> None:
            legal = record.game.legal_actions(record.state, seat)
            if len(legal) == 1:
                self.findings.single.append(f"{seat} was waited on with one legal action: {legal[0]}")
            old = self.early.pop(seat, None)
            if old is not None and old.version != record.state_version and action in old.legal \
                    and await self.click_old(seat, record, old, action):
                return
            for other in record.to_act:
                if other != seat and other not in self.early:
                    opened = await self.open_panel(other, record)
                    if opened is not None:
                        self.early[other] = opened
            await super().do(seat, record, action)

        async def open_panel(self, seat: str, record: Any) -> Early | None:
            posts = turn_messages(self.sim, self.where(record), self.gid)
            if not posts:
                return None
            opened = await self.sim.click(user_of(self.sim, seat, record), posts[-1], custom_id=f"tr:p:{self.gid}")
            await settle()
            panel = opened.message
            if panel is None or not panel.ephemeral:
                return None
            return Early(panel, record.game.legal_actions(record.state, seat), record.state_version)

        async def click_old(self, seat: str, record: Any, old: Early, action: dict[str, Any]) -> bool:
            """Click the older panel's control for `action`; False when it shows none (grouped, or retired)."""
            idx = str(old.legal.index(action))
            user = user_of(self.sim, seat, record)
            panel = self.sim.messages[old.message.id]
            for c in panel.components:
                if c.disabled or not c.custom_id:
                    continue
                value = option_of(c.option_values, idx) if c.is_select else None
                if c.custom_id == act_id(panel, self.gid, old.version, idx):
                    answer = await self.sim.click(user, panel, custom_id=c.custom_id)
                elif value is not None and c.custom_id.startswith(f"tr:s:{self.gid}:"):
                    answer = await self.sim.select(user, panel, c.custom_id, [value])
                else:
                    continue
                await settle()
                self.findings.stale_clicks += 1
                # accepted: the move was made (read from the game, never from the reply's words)
                if (await self.bot.service.get(self.gid)).state_version == record.state_version:
                    texts = [m.content for m in answer.messages] + [self.sim.messages[panel.id].content]
                    self.findings.stale.append(f"{seat}'s click on {action} (panel of version {old.version}, now "
                                               f"{record.state_version}): " + " | ".join(texts)[:300])
                    return False  # refused: the driver plays it another way
                return True
            return False

        async def slash(self, seat: str, record: Any, command: str, **options: Any) -> None:
            await self.ask_autocompletes(seat, record, command, options)
            await super().slash(seat, record, command, **options)

        async def ask_autocompletes(self, seat: str, record: Any, command: str, options: dict[str, Any]) -> None:
            channel = self.where(record)
            node = find_command(self.sim, channel, command.split()[0])
            for part in command.split()[1:]:
                node = next(o for o in node.get("options") or [] if o["name"] == part)
            given: dict[str, Any] = {"game": self.gid}
            for option in node.get("options") or []:
                name = option["name"]
                if name not in options:
                    continue
                if option.get("autocomplete") and name != "game":
                    self.findings.autocompletes += 1
                    await self.sim.autocomplete(user_of(self.sim, seat, record), channel, command,
                                                {**given, name: ""}, focused=name)
                given[name] = options[name]

    return Watching


def single_answer_panels(sim: FakeDiscord, gid: int) -> list[str]:
    """Every panel (as sent, and as edited) that offered exactly one choice: one enabled action
    button and no select, or a select of one option."""
    found: list[str] = []
    for message in list(sim.messages.values()):
        versions = [message.raw_components] + [v.get("components") or [] for v in message.history]
        for components in versions:
            # a retired panel (its turn passed: every control disabled) asks nothing
            leaves = [c for row in components for c in (row.get("components") or [row]) if not c.get("disabled")]
            actions = [c for c in leaves if str(c.get("custom_id", "")).startswith(f"tr:a:{gid}:")]
            selects = [c for c in leaves if re.match(rf"tr:[sg]:{gid}:", str(c.get("custom_id", "")))]
            offered = len(actions) + sum(len(c.get("options") or []) for c in selects)
            if (actions or selects) and offered == 1:
                labels = [c.get("label") for c in actions] + [o.get("label") for c in selects
                                                              for o in c.get("options") or []]
                found.append(f"{message.content[:80]!r}: {labels}")
    return found


async def open_table(sim: FakeDiscord, bot: Any, key: str, players: int, options: dict[str, Any],
                     language: str = "en", by: str = "service") -> tuple[list[User], Message, int]:
    """New users open a table of `key` and start it, every one of them reading `language`, as does
    the server (so the table plays in it): stored with the bot (`by="service"`: what `/game
    server-language` and `/game language` store), or as Discord says it (`by="locale"`: the guild's
    preferred locale and the users' client locale; not for the pseudo-locale, which no Discord
    client has). Nothing is read from words: the table's number and its buttons from their custom_ids.
    The users, the table's card and its number."""
    assert sim.guild is not None
    assert by in ("service", "locale"), by
    locale = language if by == "locale" and language != "en" else "en-US"
    users = [sim.add_member(sim.guild, sim.add_user(f"new{i}", locale=locale)).user for i in range(players)]
    if language != "en" and by == "locale":
        assert language in lang.LANGUAGES, f"no Discord locale reads {language!r}"
        sim.guild.preferred_locale = language
    elif language != "en":
        await bot.service.set_server_language(sim.guild.id, language)
        for user in users:
            await bot.service.set_language(user.id, language)
    table = message_of(await sim.slash(users[0], sim.channel, "game new",
                                       options={"game": key, "players": players, **options}))
    gid = table_id(table)
    assert (await bot.service.get(gid)).settings.get("language") == language
    for user in users[1:]:
        await sim.click(user, table, custom_id=table_button(table, "join"))
    await sim.click(users[0], table, custom_id=table_button(table, "start"))
    await settle()
    return users, table, gid


async def open_and_play(sim: FakeDiscord, tmp_path: Path, key: str, players: int, options: dict[str, Any],
                        seed: int, driver_class: type[Any], language: str = "en", by: str = "service") -> Findings:
    """A whole game (`open_table`'s, in `language`), and what watching it found."""
    bot = await start_bot(sim, sqlite(tmp_path), seed=seed)
    users, _, gid = await open_table(sim, bot, key, players, options, language, by)
    driver = watching(driver_class)(sim, bot, gid, seed)
    driver.findings, driver.early, driver.language = Findings(), {}, language
    record = await driver.play()
    assert record.status == "finished"
    findings: Findings = driver.findings
    findings.single += single_answer_panels(sim, gid)
    ending = sim.channel_messages(sim.channels[record.where])[-1].content
    status = "\n".join(m.content for m in (await sim.slash(users[0], sim.channel, "game status",
                                                            options={"game": gid})).messages)
    history = "\n".join(m.content for m in (await sim.slash(users[0], sim.channel, "game history")).messages)
    for where, text in (("the final post", ending), ("/game status", status), ("/game history", history)):
        findings.unnamed += [f"{where} does not name {user.name}: {text[:300]!r}"
                             for user in users if f"<@{user.id}>" not in text]
    await settle()
    findings.refused += [str(r) for r in sim.rejections] + [repr(r) for r in sim.failed_interactions]
    findings.interactions = len(sim.interactions)
    findings.gid, findings.where = gid, record.where
    assert driver.used, "the driver played nothing through Discord"
    return findings


GAMES = [
    pytest.param("mali", 2, {"variant": "extended"}, 6, MaliPlayers, id="mali-2p-extended"),
    pytest.param("africa", 3, {"options": "sealed_auction=true"}, 3, AfricaPlayers, id="africa-3p-sealed"),
    pytest.param("westerplatte", 4, {"variant": "medium"}, 7, WesterplattePlayers, id="westerplatte-4p"),
    pytest.param("maquis", 2, {"options": "missions=chosen mission_left=infiltration "
                                          "mission_right=officers_mansion"}, 32, MaquisPlayers, id="maquis-2p"),
]


@pytest.fixture
def shared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder every test worker of this run shares (pytest-xdist's workers: the parent of theirs)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


async def played(sim: FakeDiscord, tmp_path: Path, shared: Path, case: tuple[Any, ...]) -> Findings:
    """What playing the game found: each game is played once per run for its three checks (the
    first worker to ask plays it, under a lock; the others read what it found)."""
    key, players, options, seed, driver = case
    name = f"whole-{key}-{players}p-{seed}"
    lock = os.open(shared / f"{name}.lock", os.O_CREAT | os.O_RDWR)
    fcntl.flock(lock, fcntl.LOCK_EX)  # blocks this worker only, while another plays the game
    try:
        found = shared / f"{name}.json"
        if found.exists():
            return Findings(**json.loads(found.read_text()))
        findings = await pseudo_play(sim, tmp_path, key, players, options, seed, driver)
        found.write_text(json.dumps(asdict(findings)))
        return findings
    finally:
        fcntl.flock(lock, fcntl.LOCK_UN)
        os.close(lock)


def in_the_game(sent: Sent) -> bool:
    """What a pseudo-locale reader of a game reads: not the command tree's sync, whose localizations
    are the Polish and Italian ones, never pseudo (tests/lang/test_command_tree.py checks them)."""
    return pseudo_checked(sent) and not sent.place.startswith("command sync")


async def pseudo_play(sim: FakeDiscord, tmp_path: Path, key: str, players: int, options: dict[str, Any],
                      seed: int, driver: type[Any]) -> Findings:
    """The whole game in the pseudo-locale (the server's and every player's language: every
    translated text wrapped in ⟦…⟧), with every text it sends and every text drawn on its images
    (drawn in this process) checked: any word outside the marks that is no value nor name is a text
    that reaches players untranslated (issue 25). The game's other checks read the same run."""
    with drawn_images() as images:
        findings = await open_and_play(sim, tmp_path, key, players, options, seed, driver, language="pseudo")
    names = game_names(key)
    sent = [str(item) for item in unmarked_sent(sim, names, keep=in_the_game)]
    elsewise = [f"{image.place}: drawn in {image.language!r}, not the pseudo-locale" for image in images
                if image.language != "pseudo"]
    findings.unmarked = sent + elsewise + unmarked_drawn(images, names | player_names(sim))
    findings.images = len(images)
    if os.environ.get("PSEUDO_DUMP"):  # every finding, one a line, for whoever converts what is left
        Path(f"{os.environ['PSEUDO_DUMP']}.{key}").write_text("".join(f"{line}\n" for line in findings.unmarked),
                                                             encoding="utf-8")
    return findings


def cases(**marks: Any) -> list[Any]:
    """The games, with a mark for those whose check waits on another helper's part."""
    return [pytest.param(*g.values, id=g.id, marks=marks.get(str(g.id), ())) for g in GAMES]


@pytest.mark.slow
@pytest.mark.parametrize(("key", "players", "options", "seed", "driver"),
                         cases())
async def test_no_stale_refusal(fake_discord: FakeDiscord, tmp_path: Path, shared: Path, key: str, players: int,
                                options: dict[str, Any], seed: int, driver: type[Any]) -> None:
    findings = await played(fake_discord, tmp_path, shared, (key, players, options, seed, driver))
    assert findings.stale == [], "\n".join(findings.stale)


@pytest.mark.slow
@pytest.mark.parametrize(("key", "players", "options", "seed", "driver"), cases())
async def test_no_single_answer_question(fake_discord: FakeDiscord, tmp_path: Path, shared: Path, key: str,
                                         players: int, options: dict[str, Any], seed: int, driver: type[Any]) -> None:
    findings = await played(fake_discord, tmp_path, shared, (key, players, options, seed, driver))
    assert findings.single == [], "\n".join(findings.single)


@pytest.mark.slow
@pytest.mark.parametrize(("key", "players", "options", "seed", "driver"), cases())
async def test_the_end_names_every_player(fake_discord: FakeDiscord, tmp_path: Path, shared: Path, key: str,
                                          players: int, options: dict[str, Any], seed: int, driver: type[Any]) -> None:
    """The final post, `/game status` and `/game history` name the players (mentions, never seat labels)."""
    findings = await played(fake_discord, tmp_path, shared, (key, players, options, seed, driver))
    assert findings.unnamed == [], "\n".join(findings.unnamed)


@pytest.mark.slow
@pytest.mark.parametrize(("key", "players", "options", "seed", "driver"), cases())
async def test_no_discord_limit_exceeded(fake_discord: FakeDiscord, tmp_path: Path, shared: Path, key: str,
                                         players: int, options: dict[str, Any], seed: int, driver: type[Any]) -> None:
    findings = await played(fake_discord, tmp_path, shared, (key, players, options, seed, driver))
    assert findings.refused == [], "\n".join(findings.refused)
    # The run exercised what the checks watch: played through Discord, its autocompletes asked, and
    # older panels clicked where seats choose at once (Mali's cards and objectives, sealed bids).
    assert findings.interactions >= 50 and findings.autocompletes > 0
    assert findings.stale_clicks > 0 or key in ("westerplatte", "maquis")


@pytest.mark.slow
@pytest.mark.parametrize(("key", "players", "options", "seed", "driver"), cases())
async def test_no_unmarked_word(fake_discord: FakeDiscord, tmp_path: Path, shared: Path, key: str, players: int,
                                options: dict[str, Any], seed: int, driver: type[Any]) -> None:
    """The pseudo-locale check (issue 25): the whole game, played in the pseudo-locale, sends and
    draws only marked texts, values and names (tests/e2e/texts.py says which)."""
    findings = await played(fake_discord, tmp_path, shared, (key, players, options, seed, driver))
    assert findings.images > 0, "the game drew no image"
    assert findings.unmarked == [], "\n".join(findings.unmarked[:60]) + f"\n({len(findings.unmarked)} in all)"
