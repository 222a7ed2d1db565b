"""The local table in a real headless browser: the README's run command without a token serves the
page; three people (alice, bob, carol), one tab each, open a table, join, and play the whole first
round of each game, by slash command (options from live autocomplete) and from their panels; each
sees their own secrets and nobody else's, no reply says something went wrong, and everyone sees the
public board post after the round.

Skipped, saying why, where no Chromium (or Selenium) is installed.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.browser.table import Panel, Table, assert_no_error, browser_refusal, local_table, play_until

pytestmark = pytest.mark.skipif(browser_refusal() is not None, reason=browser_refusal() or "")

PLAYERS = ("alice", "bob", "carol")
SEED = int(os.environ.get("LOCAL_TABLE_TEST_SEED", "1"))  # the games' seeds: the same game every run
SHOTS = os.environ.get("LOCAL_TABLE_SCREENSHOTS")  # a folder: save the README's screenshots there
QUIET = ("Undo", "Back")  # never pressed by the generic policies


def open_table(table: Table, game: str, **options: str) -> str:
    """alice opens a table for `game`, bob and carol join by button, alice starts; the game's number."""
    for user in PLAYERS:
        table.open(user)
    table.as_user("alice")
    table.command("game new", game=game, players="3", **options)
    opened = table.wait_text("opened a table for")
    found = re.search(r"table #(\d+)", opened)
    assert found, opened
    gid = found[1]
    for user in ("bob", "carol"):
        table.as_user(user)
        table.click("Join", within=f"table #{gid}")
        table.wait_text(f"joined table #{gid}")
    table.as_user("alice")
    table.wait_text(re.compile(rf"<?@?carol>? joined table #{gid}|carol joined table #{gid}"))
    table.click("Start", within=f"table #{gid}")
    table.wait_text(re.compile(rf"#{gid} starts"))
    return gid


def see_only_own(table: Table, secrets: dict[str, str | re.Pattern[str]]) -> None:
    """Each user's page shows their secret text, and no other user's page does."""
    pages = {}
    for user in PLAYERS:
        table.as_user(user)
        pages[user] = table.page_text()
    for user, secret in secrets.items():
        for other in PLAYERS:
            page = pages[other]
            shown = bool(secret.search(page)) if isinstance(secret, re.Pattern) else secret in page
            assert shown == (other == user), f"{secret!r} (for {user}) shown to {other}: {shown}"


def everyone_sees_board(table: Table, header: str | re.Pattern[str]) -> None:
    """Every player's page shows the public post whose text matches `header`, with its board image."""
    for user in PLAYERS:
        table.as_user(user)
        post = table.public_post(header)
        assert post["images"], f"{user}: the public post has no image: {post['text'][:300]!r}"
        table.wait(lambda: table.public_post(header)["images"][0]["loaded"], "the board image loaded")


def check_table(table: Table, tmp_path: Path) -> None:
    """Private replies reach only the user who acted; no message, and no line of the bot's log, says
    something went wrong."""
    private, shown = {}, {}
    for user in PLAYERS:
        table.as_user(user)
        private[user] = table.message_ids(private=True)
        shown[user] = table.message_ids()
        assert private[user], f"{user} got no private reply"
        assert_no_error(*table.texts(), table.status())
    for user in PLAYERS:
        for other in PLAYERS:
            if other != user:
                leaked = private[user] & shown[other]
                assert not leaked, f"{user}'s private replies {leaked} are on {other}'s page"
    log = (tmp_path / "bot.log").read_text()
    assert "Traceback" not in log and " ERROR " not in log, log[-3000:]


def pick(panel: Panel, *wanted: str, fallback: bool = True) -> tuple[str, str] | None:
    """The first control matching one of `wanted` (in that order); else, with `fallback`, the first
    select option or button that is not Undo or Back."""
    for text in wanted:
        found = panel.find(text)
        if found:
            return found
    if not fallback:
        return None
    for c in panel.controls:
        if c["options"]:
            return str(c["id"]), str(c["options"][0][0])
    for c in panel.controls:
        if not any(q in c["label"] for q in QUIET):
            return str(c["id"]), ""
    return None


def shot(table: Table, user: str, name: str, width: int, height: int) -> None:
    if SHOTS:
        table.as_user(user)
        table.screenshot(Path(SHOTS) / name, width, height)
        table.driver.set_window_size(1280, 900)


# ---------------------------------------------------------------------------------------- Mali
def mali_move(panel: Panel) -> tuple[str, str] | None:
    """Round 1's movement: peek with card 4's action, step while points are left, then end the turn;
    None once round 2 asks for cards."""
    if "Round 2 begins" in panel.text or "Choose your movement card" in panel.text:
        return None
    steps = next((c for c in panel.controls if c["options"]), None)  # a menu of moves (steps, jumps…)
    if steps:
        peek = panel.find("look at the top of the order deck")
        return peek or (str(steps["id"]), str(steps["options"][0][0]))
    return pick(panel, "End turn")


def test_mali_round_one(tmp_path: Path) -> None:
    with local_table(tmp_path, seed=SEED) as url:
        table = Table(url)
        try:
            gid = open_table(table, "mali", variant="extended")
            everyone_sees_board(table, f"game #{gid} · Before round 1")  # the public start

            # Secret objectives: alice and carol keep theirs from the panel, bob by command with
            # the combinations offered by live autocomplete
            kept = {}
            for user in ("alice", "carol"):
                table.as_user(user)
                panel = table.my_turn(gid)
                label = panel.options()[0]
                assert label.startswith("Keep "), panel.text
                after = table.press(panel, panel.find(label) or ("", ""))
                assert_no_error(after.text)
                kept[user] = re.findall(r"S\d\d", label)
            table.as_user("bob")
            offered = table.choices("mali objectives", "keep")
            assert offered, "no objectives offered to bob"
            table.command("mali objectives", keep=offered[0][0])
            kept["bob"] = offered[0][0].split(",")
            table.wait_text("Your objectives")
            assert all(len(ids) == 3 for ids in kept.values()), kept
            see_only_own(table, {user: re.compile(r"Your objectives:[^\n]*\b" + ids[0]) for user, ids in kept.items()})
            see_only_own(table, {user: re.compile("|".join(rf"\b{i}\b" for i in ids)) for user, ids in kept.items()})

            # Movement cards, secret until all chose: alice from her panel, bob by command (the
            # card from autocomplete), carol from her panel
            table.as_user("alice")
            panel = table.my_turn(gid)
            table.press(panel, panel.find("Play movement card 2") or ("", ""))
            table.as_user("bob")
            assert "3" in table.autocomplete("mali card", "value")
            table.command("mali card", value="3")
            table.wait_text("You play card 3")
            table.as_user("carol")
            panel = table.my_turn(gid)
            table.press(panel, panel.find("Play movement card 4") or ("", ""))
            see_only_own(table, {"alice": "You play card 2", "bob": "You play card 3", "carol": "You play card 4"})
            for user in PLAYERS:  # then revealed to everyone
                table.as_user(user)
                table.public_post(re.compile(r"Movement cards: .*2.*3.*4|card order|order of play", re.IGNORECASE))

            # alice (card 2) moves first: a scout walks by command, scout and place from autocomplete
            table.as_user("alice")
            scouts = table.choices("mali move", "scout")
            assert scouts, "alice has no scout to move"
            places = table.choices("mali move", "to", scout=scouts[0][0])
            assert places, f"nowhere to go for {scouts[0]}"
            table.command("mali move", scout=scouts[0][0], to=places[0][0])
            table.wait_text(re.compile(r"moves|walks", re.IGNORECASE))

            # then whoever must act, acts from their panel: first until carol (card 4) has peeked at
            # the order deck, which only she sees, then on until round 2
            peeked: list[str] = []

            def until_peek(panel: Panel) -> tuple[str, str] | None:
                control = None if peeked else mali_move(panel)
                if control and control == panel.find("look at the top of the order deck"):
                    peeked.append(panel.user)
                return control

            played = play_until(table, gid, until_peek, players=PLAYERS, max_steps=40,
                                what="Mali round 1 until the peek")
            assert peeked == ["carol"], played
            see_only_own(table, {"carol": "Top of the order deck: O"})
            shot(table, "carol", "local-table-desktop.png", 1280, 900)  # her panel, with her secret
            played += play_until(table, gid, mali_move, "Round 2 begins", players=PLAYERS, max_steps=40,
                                 what="Mali round 1")
            movers = list(dict.fromkeys(user for user, _ in played))
            assert movers[-2:] == ["bob", "carol"] or movers == ["alice", "bob", "carol"], played
            everyone_sees_board(table, f"game #{gid} · Round 2 ·")
            assert "Orange looks at the top 1 order card" in table.page_text()  # that she peeked is public
            check_table(table, tmp_path)
            shot(table, "bob", "local-table-phone.png", 390, 844)
        finally:
            table.close()


# ------------------------------------------------------------------------------ Heart of Africa
class AfricaRound:
    """Round 1 as the test steers it: `first` starts in South West Africa (by command), the next
    company in the neighbouring Cape Colony; `first` wins the auction, walks a trader into Cape
    Colony and fights its owner, both committing in secret; then scores, and round 2 begins."""

    def __init__(self, first: str) -> None:
        self.first = first
        self.moved = False
        self.added: list[str] = []  # who added a token to their commitment
        self.committed: list[str] = []
        self.pause: str | None = "added"  # stop once someone has "added" a token, or "committed"

    def start(self, panel: Panel) -> tuple[str, str] | None:
        if not any(o.startswith("Start in") for o in panel.options() + panel.buttons()):
            return None
        return pick(panel, "Start in Cape Colony")

    def decide(self, panel: Panel) -> tuple[str, str] | None:
        labels = panel.options() + panel.buttons()
        if any(label.startswith("Bid ") for label in labels):  # the open auction: `first` wins it
            return pick(panel, "Bid ") if panel.user == self.first else pick(panel, "Pass", "Bid ")
        if any(label.startswith("Commit ") for label in labels):  # a commitment, in secret
            if (self.pause == "added" and self.added) or (self.pause == "committed" and self.committed):
                return None
            if panel.user not in self.added and panel.find("Add "):
                self.added.append(panel.user)
                return panel.find("Add ")
            self.committed.append(panel.user)
            return pick(panel, "Commit 1 cube", "Commit 0 cubes")
        if not self.moved:
            move = panel.find("Move trader South West Africa → Cape Colony")
            if move:
                self.moved = True
                return move
            if panel.find("Trader in South West Africa"):
                return panel.find("Trader in South West Africa")
        return pick(panel, "Neutral into", "Conflict with", "Keep the token", "Retreat to", "Score and end the turn")


def test_heart_of_africa_round_one(tmp_path: Path) -> None:
    with local_table(tmp_path, seed=SEED) as url:
        table = Table(url)
        try:
            gid = open_table(table, "africa")
            everyone_sees_board(table, f"Heart of Africa · game #{gid}")
            # each company's private information comes by DM, which only its owner can open
            colours = {}
            for user in PLAYERS:
                table.as_user(user)
                table.open_channel("your DMs")
                dm = table.wait_text(f"game #{gid} has started. Your private information comes here.")
                found = re.search(r"You are (\w+)", dm)
                assert found, dm
                colours[user] = found[1]
                table.open_channel("# general")
            assert len(set(colours.values())) == 3, colours

            # the first company picks its start area by command, the area from autocomplete
            first = None
            for user in PLAYERS:
                table.as_user(user)
                areas = table.choices("africa start", "area")
                if areas:  # not this company's turn: nothing offered
                    first = user
                    area = next(value for value, label in areas if label == "South West Africa")
                    table.command("africa start", area=area)
                    table.wait_text(re.compile(r"starts in South West Africa"))
                    break
            assert first, "no company could pick its start area by command"
            # the other two from their panels: the next one next door, in Cape Colony
            round_one = AfricaRound(first)
            played = play_until(table, gid, round_one.start, players=PLAYERS, max_steps=6,
                                what="Africa's start areas")
            assert [label for _, label in played][:1] == ["Start in Cape Colony"], played
            neighbour = played[0][0]
            # every company drew a special victory token in secret: the last to pick a start area
            # reads its face in the reply to that pick, the others in their DM
            tokens = {}
            for user in PLAYERS:
                table.as_user(user)
                if user != played[-1][0]:
                    table.open_channel("your DMs")
                line = table.wait_text("Your special victory token")
                found = re.search(r"Your special victory token: ([^.\n]+)", line)
                assert found
                tokens[user] = found[1]
                table.open_channel("# general")
            assert len(set(tokens.values())) == 3, tokens
            see_only_own(table, {played[-1][0]: "Your special victory token"})  # the channel's pages
            # and nobody can read another's DMs, even asking the page's server directly
            table.as_user("alice")
            alice_dm = table.js("return state.world.dm")
            table.as_user("bob")
            answer = table.driver.execute_async_script(
                "const done = arguments[1]; api('/api/messages?user=bob&channel=' + arguments[0]).then(done);",
                alice_dm)
            assert "someone else's direct messages" in answer.get("error", ""), answer

            # the auction (first wins it), first's turn up to the first secret commitment
            played = play_until(table, gid, round_one.decide, r"^Round 2\.", players=PLAYERS, max_steps=40,
                                what="Africa's round 1 up to the conflict")
            assert round_one.added == [first] and not round_one.committed, played
            added = re.sub(r"^Add (.*) \(\+\d+\)$", r"\1", played[-1][1])  # the token's name
            # only the committing company knows what it added to its commitment ...
            see_only_own(table, {first: "to your commitment"})
            round_one.pause = "committed"
            first_then_others = (first, *(u for u in PLAYERS if u != first))
            played += play_until(table, gid, round_one.decide, players=first_then_others, max_steps=5,
                                 what="Africa's first commitment")
            assert round_one.committed == [first], played
            # ... the others see that it committed, not what
            for user in PLAYERS:
                table.as_user(user)
                post = table.public_post(f"{colours[first]} has committed")
                assert "has committed" in post["text"]
                if user != first:
                    assert "to your commitment" not in table.page_text()
                    assert f"Tokens added so far: {added}" not in table.page_text()
            # the defender commits (by command or panel), the conflict resolves, first scores
            round_one.pause = None
            played += play_until(table, gid, round_one.decide, r"^Round 2\.", players=PLAYERS, max_steps=40,
                                 what="Africa's round 1")
            assert neighbour in round_one.committed, played
            everyone_sees_board(table, f"game #{gid} · round 2 ·")
            check_table(table, tmp_path)
        finally:
            table.close()


# ------------------------------------------------------------------------- 7 Days of Westerplatte
def westerplatte_turn(panel: Panel) -> tuple[str, str] | None:
    """An officer's turn: the team's forced choices first; fire if a troop is in front, else fire
    the mortar or take ammunition when standing there, else step to an outpost; then end the turn
    (the Germans follow)."""
    if "Your choice for the team" in panel.text:
        return pick(panel)
    return pick(panel, "Attack path", "Mortar: 2 damage", "Take ammunition", "Move to outpost",
                "End moves and actions")


def test_westerplatte_day_one(tmp_path: Path) -> None:
    with local_table(tmp_path, seed=SEED) as url:
        table = Table(url)
        try:
            gid = open_table(table, "westerplatte")
            everyone_sees_board(table, f"7 Days of Westerplatte · game #{gid} · day 1/7")
            # a choice the setup may ask of the team first (a morale loss) is answered from the panel
            played = play_until(table, gid, lambda p: pick(p) if "Your choice for the team" in p.text else None,
                                players=PLAYERS, max_steps=4, what="Westerplatte's setup")
            # the officer whose turn it is walks by command, the route from autocomplete
            found = re.search(r"@(\w+) plays the (\w+) officer", table.public_post(re.compile("plays the"))["text"])
            assert found, "no officer's turn announced"
            mover = found[1]
            table.as_user(mover)
            routes = table.choices("westerplatte move", "to")
            assert routes, f"{mover} can go nowhere"
            table.command("westerplatte move", to=routes[0][0])
            table.wait_text(f"{found[2]} officer moves to")
            # then whoever must act, acts from their panel: all three officers' turns, each
            # followed by the German attack, until day 2
            played += play_until(table, gid, westerplatte_turn, "Day 1 ends. Day 2 begins", players=PLAYERS,
                                 max_steps=80, what="Westerplatte's day 1")
            assert {user for user, _ in played} == set(PLAYERS), played
            turns = [user for i, (user, _) in enumerate(played) if i == 0 or played[i - 1][0] != user]
            assert len(turns) >= 4, f"the officers did not take turns: {played}"
            everyone_sees_board(table, f"game #{gid} · day 2/7")
            for user in PLAYERS:
                table.as_user(user)
                assert "German attack." in table.page_text()
            check_table(table, tmp_path)
        finally:
            table.close()


# ------------------------------------------------------------------------------------- Maquis
class MaquisDays:
    """Day 0 led by alice, Day 1 by bob, who hands the rest of it to carol after placing a partisan."""

    def __init__(self) -> None:
        self.bob_placed = False

    def decide(self, panel: Panel) -> tuple[str, str] | None:
        if panel.user == "bob" and "Day 1" in panel.text:
            if self.bob_placed and panel.find("Hand the rest of the Day to the next team member"):
                return panel.find("Hand the rest of the Day to the next team member")
            self.bob_placed = self.bob_placed or "place the next partisan" in panel.text
        activate = [label for c in panel.controls if c["label"].startswith("Activate") for _, label in c["options"]
                    if "do nothing" not in label and "airdrop" not in label]
        for label in activate:
            return panel.find(label)
        return pick(panel, "without fake papers", "Doctor ·", "Grocer ·", "Radio A ·", "Radio B ·", "Partisan on",
                    "do nothing", "End the action phase", fallback=False) or pick(
            panel, *(c["label"] for c in panel.controls if "Hand the rest" not in c["label"]))


def test_maquis_team_days(tmp_path: Path) -> None:
    with local_table(tmp_path, seed=SEED) as url:
        table = Table(url)
        try:
            gid = open_table(table, "maquis")
            everyone_sees_board(table, f"Maquis · game #{gid}")
            # Day 0's leader (seat 1: alice) puts the missions on their exits by command, the
            # answer from autocomplete, and places the first partisan by command too
            table.as_user("alice")
            exits = table.choices("maquis choose", "option")
            assert exits, "alice is not asked where the missions go"
            table.command("maquis choose", option=exits[0][0])
            places = table.choices("maquis place", "location")
            assert places, "alice cannot place a partisan"
            safe = next((value for value, label in places if label.startswith(("Doctor", "Grocer"))), places[0][0])
            table.command("maquis place", location=safe)
            table.wait_text("A partisan goes to")
            # the others watch: their "My turn" says whom the team waits on
            table.as_user("bob")
            panel = table.my_turn(gid)
            assert "Nothing to do for you" in panel.text and "@alice" in panel.text, panel.text
            # then the leaders go on from their panels to Day 2
            days = MaquisDays()
            played = play_until(table, gid, days.decide, "Day 2 begins", players=PLAYERS, max_steps=60,
                                what="Maquis's Days 0 and 1")
            assert ("bob", "Hand the rest of the Day to the next team member") in played, played
            assert {user for user, _ in played} == set(PLAYERS), played
            everyone_sees_board(table, f"game #{gid} · Day 2/")
            check_table(table, tmp_path)
        finally:
            table.close()
