"""The local table in a real headless browser: the README's run command without a token serves the
page; three people, one tab each, open a table, join, and play the first moves by command and by
button; each sees their own secrets and nobody else's.

Skipped, saying why, where no Chromium (or Selenium) is installed.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.browser.table import Table, browser_refusal, local_table

pytestmark = pytest.mark.skipif(browser_refusal() is not None, reason=browser_refusal() or "")

PLAYERS = ("alice", "bob", "carol")
SHOTS = os.environ.get("LOCAL_TABLE_SCREENSHOTS")  # a folder: save the README's screenshots there


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


def see_only_own(table: Table, secrets: dict[str, str]) -> None:
    """Each user's page shows their secret text, and no other user's page does."""
    for user, secret in secrets.items():
        for other in PLAYERS:
            table.as_user(other)
            shown = secret in table.page_text()
            assert shown == (other == user), f"{secret!r} (for {user}) shown to {other}: {shown}"


def test_mali_three_players_by_command_and_button(tmp_path: Path) -> None:
    with local_table(tmp_path) as url:
        table = Table(url)
        try:
            gid = open_table(table, "mali")
            for user in PLAYERS:  # everyone sees the public start, with the board image
                table.as_user(user)
                table.wait_text(f"game #{gid} · Round 1")
                assert table.js("return document.querySelectorAll('#messages img').length") > 0

            # alice: her secrets, by button (an ephemeral reply only she sees)
            table.as_user("alice")
            table.click("My secrets")
            table.wait_text("Your private view of game")
            # alice chooses her card from her panel: "My turn" button, then the select
            table.click("My turn: show my choices")
            table.choose("Play movement card 2")
            alice_card = table.wait_text("You play card 2")

            # bob chooses by command, with the card offered by live autocomplete
            table.as_user("bob")
            choices = table.autocomplete("mali card", "value")
            assert "3" in choices, choices
            table.command("mali card", value="3")
            bob_card = table.wait_text("You play card 3")

            # carol by button and select too
            table.as_user("carol")
            table.click("My turn: show my choices")
            table.choose("Play movement card 4")
            carol_card = table.wait_text("You play card 4")

            assert alice_card and bob_card and carol_card
            see_only_own(table, {"alice": "You play card 2", "bob": "You play card 3", "carol": "You play card 4"})
            see_only_own(table, {"alice": "Your private view of game"})

            # the cards are revealed to everyone; the first to move plays by button from the panel
            for user in PLAYERS:
                table.as_user(user)
                table.wait_text(re.compile(r"moving|moves|card order|revealed", re.I))
            moved = play_turn_by_button(table)
            assert moved, "nobody could move from their panel"

            if SHOTS:
                shots = Path(SHOTS)
                table.as_user("alice")
                table.screenshot(shots / "local-table-desktop.png", 1280, 900)
                table.as_user("bob")
                table.screenshot(shots / "local-table-phone.png", 390, 844)
        finally:
            table.close()


def play_turn_by_button(table: Table, prefer: str = "button") -> str | None:
    """Whoever's turn it is presses My turn and a move their panel offers (the first button, or
    the last choice of a select); who moved."""
    for user in PLAYERS:
        table.as_user(user)
        count = table.count()
        table.click("My turn: show my choices")
        new = table.wait_new(count)
        if any("not your turn" in t or "Nothing to do for you" in t for t in new):
            continue
        panel = table.js("""
            const li = [...document.querySelectorAll('#messages > li.ephemeral')].pop();
            const b = li && [...li.querySelectorAll('button')].find(b => !b.disabled);
            const s = li && li.querySelector('select:not([disabled])');
            const option = s && [...s.options].filter(o => o.value).pop();
            if (b && (arguments[0] === 'button' || !option)) return ['button', b.textContent];
            return option ? ['select', option.textContent] : null;""", prefer)
        if not panel:
            continue
        kind, label = panel
        before = table.texts()
        if kind == "button":
            table.click(label)
        else:
            table.choose(label)
        table.wait_change(before)
        return str(user)
    return None


def test_heart_of_africa_secrets_by_dm_and_start_areas(tmp_path: Path) -> None:
    with local_table(tmp_path) as url:
        table = Table(url)
        try:
            gid = open_table(table, "africa")
            # each company's private information comes by DM, which only its owner can open
            colours = {}
            for user in PLAYERS:
                table.as_user(user)
                table.open_channel("your DMs")
                dm = table.wait_text(f"game #{gid} has started. Your private information comes here.")
                found = re.search(r"You are (\w+)", dm)
                assert found, dm
                colours[user] = found[1]
            assert len(set(colours.values())) == 3, colours
            for user in PLAYERS:
                table.as_user(user)
                shown = table.page_text()
                for other, colour in colours.items():
                    assert (f"You are {colour}" in shown) == (other == user), (user, other)
                table.open_channel("# general")

            # the first company picks its start area by command, with the areas from autocomplete
            table.as_user("alice")
            table.wait_text(f"Heart of Africa · game #{gid}")
            picked = 0
            for user in PLAYERS:
                table.as_user(user)
                areas = table.autocomplete("africa start", "area")
                if not areas:  # not this company's turn: nothing offered
                    continue
                before = table.count()
                table.command("africa start", area=areas[0])
                new = table.wait_new(before)
                assert not any("went wrong" in t for t in new), new
                picked += 1
                break
            assert picked == 1, "no company could pick its start area by command"
            # the other two by button: My turn, then the select of start areas
            for _ in range(2):
                assert play_turn_by_button(table, prefer="select"), "nobody could pick a start area"
            for user in PLAYERS:
                table.as_user(user)
                table.wait_text(re.compile(r"round 1|auction|bid", re.I))
        finally:
            table.close()


def test_westerplatte_first_turn_by_command_and_button(tmp_path: Path) -> None:
    with local_table(tmp_path) as url:
        table = Table(url)
        try:
            gid = open_table(table, "westerplatte")
            table.as_user("alice")
            table.wait_text(f"7 Days of Westerplatte · game #{gid}")
            # the officer whose turn it is walks by command (the routes come from autocomplete); a
            # choice the rules ask first (a German card's effect) is answered by button
            mover = None
            for _ in range(4):
                for user in PLAYERS:
                    table.as_user(user)
                    routes = table.autocomplete("westerplatte move", "to")
                    if routes:
                        mover = user
                        before = table.count()
                        table.command("westerplatte move", to=routes[0])
                        moved = table.wait_new(before)
                        assert not any("went wrong" in t for t in moved), moved
                        break
                if mover:
                    break
                assert play_turn_by_button(table), "nobody could act"
            assert mover, "no officer could move"
            # then ends the turn by button from the panel (unless nothing was left to do, and the
            # Germans followed at once): the next officer is asked
            if "German attack" not in "\n".join(moved):
                table.as_user(mover)
                table.click("My turn: show my choices")
                table.click("End moves and actions (the Germans follow)")
                table.wait_text(re.compile(r"ends (his|her|their) moves and actions"))
            for user in PLAYERS:
                table.as_user(user)
                table.wait_text(re.compile(r"German", re.I))
            assert play_turn_by_button(table), "the next officer could not play from the panel"
        finally:
            table.close()


def test_maquis_team_day_by_command_and_button(tmp_path: Path) -> None:
    with local_table(tmp_path) as url:
        table = Table(url)
        try:
            gid = open_table(table, "maquis")
            table.as_user("alice")
            table.wait_text(f"Maquis · game #{gid}")
            # Day 1's leader (seat 1: alice) places a partisan by command, the location from
            # autocomplete; a choice the rules ask first (the missions' exits) is answered by button
            leader = None
            for _ in range(3):
                for user in PLAYERS:
                    table.as_user(user)
                    places = table.autocomplete("maquis place", "location")
                    if places:
                        leader = user
                        before = table.count()
                        table.command("maquis place", location=places[0])
                        placed = table.wait_new(before)
                        assert not any("went wrong" in t for t in placed), placed
                        break
                if leader:
                    break
                assert play_turn_by_button(table), "nobody could act"
            assert leader == "alice", leader
            # the others watch: their "My turn" says whom the team waits on
            table.as_user("bob")
            count = table.count()
            table.click("My turn: show my choices")
            assert any("Nothing to do for you" in t for t in table.wait_new(count))
            # the leader goes on from the panel
            assert play_turn_by_button(table, prefer="select") == "alice"
        finally:
            table.close()
