"""Driving the local table in a real headless Chromium (the system's, through Selenium).

`local_table(tmp_path)` runs the README's run command (`python -m bot`, no DISCORD_TOKEN) in a
subprocess and yields the page's address; `Table` is one browser with a tab per player.
Nothing is downloaded: the browser and its driver come from the system's packages
(`apt-get install chromium chromium-driver`, done by scripts/test.sh as root on Debian).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BROWSER = next((p for p in (os.environ.get("CHROMIUM"), shutil.which("chromium"), shutil.which("chromium-browser"),
                            "/usr/bin/chromium") if p and Path(p).is_file()), None)
DRIVER = next((p for p in (os.environ.get("CHROMEDRIVER"), shutil.which("chromedriver"), "/usr/bin/chromedriver")
               if p and Path(p).is_file()), None)


def browser_refusal() -> str | None:
    """None when a headless browser can be driven here, else why the browser tests are skipped."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "no browser test: selenium is not installed (pip install -r requirements-dev.txt)"
    if BROWSER is None or DRIVER is None:
        return ("no browser test: Chromium and its driver are not installed "
                "(apt-get install chromium chromium-driver; scripts/test.sh does it as root on Debian)")
    return None


@contextmanager
def local_table(tmp_path: Path, *, timeout: float = 120.0, seed: int | None = None) -> Iterator[str]:
    """`python -m bot` without a token, with its SQLite file in tmp_path; yields the page's URL.
    With `seed`, the games started get the seeds seed, seed+1, ... (LOCAL_TABLE_SEED): a test's
    moves replay the same game every time."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LOCAL_TABLE", "LOCAL_TABLE_SEED")}
    env.update(PYTHONPATH=str(ROOT), LOCAL_TABLE_PORT="0", LOCAL_TABLE_OPEN="0", LOG_LEVEL="WARNING",
               DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}")
    if seed is not None:
        env["LOCAL_TABLE_SEED"] = str(seed)
    log = (tmp_path / "bot.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=log, text=True)
    try:
        assert proc.stdout is not None
        end = time.monotonic() + timeout
        url = None
        printed = []
        while time.monotonic() < end and url is None:
            line = proc.stdout.readline()
            if not line:
                break
            printed.append(line)
            found = re.search(r"Open (http://127\.0\.0\.1:\d+/) in a browser", line)
            url = found[1] if found else None
        assert url, "the local table did not print its address:\n" + "".join(printed) + (
            tmp_path / "bot.log").read_text()
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
        log.close()


class Table:
    """One headless Chromium; one tab per player (`?user=name`)."""

    def __init__(self, url: str, *, width: int = 1280, height: int = 900, language: str = "en-US") -> None:
        """`language`: the browser's (its Accept-Language and navigator.languages)."""
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = str(BROWSER)
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                    f"--window-size={width},{height}", f"--lang={language}"):
            options.add_argument(arg)
        options.add_experimental_option("prefs", {"intl.accept_languages": language})
        self.url = url
        self.driver = webdriver.Chrome(options=options, service=Service(executable_path=str(DRIVER)))
        self.driver.set_script_timeout(30)
        self.tabs: dict[str, str] = {}
        self.user = ""

    def close(self) -> None:
        self.driver.quit()

    # -- tabs ------------------------------------------------------------------------------------
    def open(self, user: str, channel: str | None = None) -> None:
        """A tab playing as `user` (opened the first time)."""
        if user not in self.tabs:
            if self.tabs:
                self.driver.switch_to.new_window("tab")
            query = f"?user={user}" + (f"&channel={channel}" if channel else "")
            self.driver.get(self.url + query)
            self.tabs[user] = self.driver.current_window_handle
            self.user = user
            self.wait(lambda: self.js("return document.querySelectorAll('#channel-list a').length") > 0,
                      "the channel list")
        self.as_user(user)

    def as_user(self, user: str) -> None:
        if self.user != user:
            self.driver.switch_to.window(self.tabs[user])
            self.user = user
        self.refresh()

    def open_channel(self, label: str) -> None:
        """Open a channel from the sidebar by its label ("# general", "your DMs")."""
        link = self.wait(lambda: self.js(
            "return [...document.querySelectorAll('#sidebar a')].find(a => a.textContent.includes(arguments[0]))",
            label), f"a channel {label!r}")
        link.click()
        self.wait(lambda: self.js("return [...document.querySelectorAll('#sidebar a[aria-current=page]')]"
                                  ".some(a => a.textContent.includes(arguments[0]))", label),
                  f"the channel {label!r}")
        self.refresh()

    def refresh(self) -> None:
        """Fetch the world and the messages now (the page also polls them every second)."""
        self.driver.execute_async_script("const done = arguments[0]; loadWorld().then(loadMessages).then(done);")

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def wait(self, predicate: Callable[[], Any], what: str, timeout: float = 30.0) -> Any:
        end = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.user}'s page never showed {what}; status: {self.status()!r}; "
                                     f"last messages:\n{self.texts()[-3:]}")
            time.sleep(0.2)

    # -- reading ---------------------------------------------------------------------------------
    def texts(self) -> list[str]:
        """The text of every message this tab shows, oldest first."""
        return list(self.js("return [...document.querySelectorAll('#messages > li.msg')].map(li => li.innerText)"))

    def page_text(self) -> str:
        return str(self.js("return document.querySelector('#messages').innerText"))

    def status(self) -> str:
        return str(self.js("return document.getElementById('status').textContent"))

    def message_ids(self, *, private: bool = False) -> set[str]:
        """The ids of the messages this tab shows (only the private replies, with `private`)."""
        kind = "li.ephemeral" if private else "li.msg"
        return set(self.js(f"return [...document.querySelectorAll('#messages > {kind}')].map(li => li.dataset.id)"))

    def public_post(self, text: str | re.Pattern[str], timeout: float = 30.0) -> dict[str, Any]:
        """Wait for the latest public message matching `text`; its text and its images (loaded or not)."""
        def found() -> Any:
            return self.js("""
                const [text, flags] = arguments;
                const match = (t) => flags === null ? t.includes(text) : new RegExp(text, flags).test(t);
                const li = [...document.querySelectorAll('#messages > li.msg:not(.ephemeral)')].reverse()
                    .find(li => match(li.innerText));
                if (li) li.scrollIntoView({block: 'end'});  // as a reader would: lazy images load in view
                return li ? {text: li.innerText, images: [...li.querySelectorAll('img')].map(
                    i => ({src: i.src, loaded: i.complete && i.naturalWidth > 0}))} : null;""",
                text if isinstance(text, str) else text.pattern, None if isinstance(text, str) else "i")
        return dict(self.wait(found, f"a public post with {text!r}", timeout))

    def count(self) -> int:
        return len(self.texts())

    def wait_text(self, text: str | re.Pattern[str], timeout: float = 30.0) -> str:
        def found() -> str | None:
            for t in reversed(self.texts()):
                if (text.search(t) if isinstance(text, re.Pattern) else text in t):
                    return t
            return None
        return str(self.wait(found, repr(text), timeout))

    def wait_new(self, before: int, timeout: float = 30.0) -> list[str]:
        self.wait(lambda: self.count() > before, "a new message", timeout)
        time.sleep(0.3)
        self.refresh()
        return self.texts()[before:]

    def wait_change(self, before: list[str], timeout: float = 30.0) -> list[str]:
        """Wait until the messages differ from `before` (a new one, or one edited in place)."""
        self.wait(lambda: self.texts() != before, "a new or edited message", timeout)
        time.sleep(0.3)
        self.refresh()
        return self.texts()

    # -- acting ----------------------------------------------------------------------------------
    def command(self, path: str, **options: str) -> None:
        """Type `/path`, fill its options in the form the page shows, and send it."""
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        box = self.driver.find_element(By.ID, "command-input")
        box.clear()
        box.send_keys("/" + path)
        self.wait(lambda: self.js("return state.current && state.current.path") == path, f"the form of /{path}")
        for name, value in options.items():
            field = self.driver.find_element(By.ID, f"opt-{name}")
            if field.tag_name == "select":
                select = Select(field)
                try:
                    select.select_by_value(value)
                except Exception:  # noqa: BLE001 - no option has that value: try it as the shown text
                    select.select_by_visible_text(value)
            else:
                field.clear()
                field.send_keys(value)
        self.driver.find_element(By.ID, "send").click()
        self.wait(lambda: self.js("return !state.busy"), f"the answer to /{path}", timeout=40)
        error = self.status()
        assert not error or error.startswith("Sending"), f"/{path} {options}: {error}"
        self.refresh()

    def autocomplete(self, path: str, option: str, typed: str = "", **filled: str) -> list[str]:
        """Type into an autocomplete option of `/path` (after filling `filled`); the values offered."""
        return [value for value, _ in self.choices(path, option, typed, **filled)]

    def choices(self, path: str, option: str, typed: str = "", **filled: str) -> list[tuple[str, str]]:
        """Like `autocomplete`, with each choice's label: [(value, label)]."""
        from selenium.webdriver.common.by import By

        box = self.driver.find_element(By.ID, "command-input")
        box.clear()
        box.send_keys("/" + path)
        self.wait(lambda: self.js("return state.current && state.current.path") == path, f"the form of /{path}")
        for name, value in filled.items():  # the other options first: the bot's choices may depend on them
            self.js("document.getElementById('opt-' + arguments[0]).value = arguments[1]", name, value)
        self.js("delete document.getElementById(`opt-${arguments[0]}-choices`).dataset.answered", option)
        field = self.driver.find_element(By.ID, f"opt-{option}")
        field.click()  # focusing the option asks the bot for choices; typing asks again
        if typed:
            field.send_keys(typed)
        self.wait(lambda: self.js(f"return document.getElementById('opt-{option}-choices').dataset.answered"),
                  f"the choices for {option}")
        pairs = self.js(f"return [...document.querySelectorAll('#opt-{option}-choices option')]"
                        ".map(o => [o.value, o.label])")
        return [(str(v), str(label)) for v, label in pairs]

    def click(self, label: str, *, within: str | None = None) -> None:
        """Press the last enabled button labelled `label` (in the last message containing `within`)."""
        self._act("""
            const [label, within] = arguments;
            const items = [...document.querySelectorAll('#messages > li.msg')]
                .filter(li => !within || li.innerText.includes(within));
            for (const li of items.reverse()) {
                const b = [...li.querySelectorAll('button')].find(b => !b.disabled
                    && (b.textContent.trim() === label || b.textContent.trim().endsWith(' ' + label)));
                if (b) { b.scrollIntoView({block: 'center'}); return b; }
            }
            return null;""", label, within, what=f"a button {label!r}")

    def choose(self, option_text: str) -> None:
        """Choose the option containing `option_text` in the last select that offers it."""
        from selenium.webdriver.support.ui import Select

        element = self.wait(lambda: self.js("""
            const text = arguments[0];
            for (const s of [...document.querySelectorAll('#messages select')].reverse()) {
                if ([...s.options].some(o => o.textContent.includes(text)) && !s.disabled) {
                    s.scrollIntoView({block: 'center'}); return s; }
            }
            return null;""", option_text), f"a select offering {option_text!r}")
        select = Select(element)
        value = next(o.get_attribute("value") for o in select.options if option_text in o.text)
        if element.get_attribute("multiple") is not None:
            select.select_by_value(str(value))
            element.find_element("xpath", "following-sibling::button").click()
        else:
            select.select_by_value(str(value))
        self._settle()

    def _act(self, script: str, *args: Any, what: str) -> None:
        element = self.wait(lambda: self.js(script, *args), what)
        element.click()
        self._settle()

    def _settle(self) -> None:
        time.sleep(0.2)
        self.wait(lambda: self.js("return !state.pending"), "the answer", timeout=40)
        self.refresh()

    # -- fast panel play (see Panel, play_until) ----------------------------------------------------
    def panel(self, message: str | None = None) -> Panel | None:
        """This user's private reply `message` (else the latest one) as a Panel."""
        data = self.js(PANEL_JS, message)
        return Panel(self.user, data) if data else None

    def my_turn(self, gid: str) -> Panel:
        """Press "My turn" under game `gid`'s latest post; the private reply."""
        message = self.wait(lambda: self.driver.execute_async_script(MY_TURN_JS, gid), f"a My turn of game #{gid}")
        panel = self.panel(message)
        assert panel is not None
        return panel

    def press(self, panel: Panel, control: tuple[str, str]) -> Panel:
        """Press a button (or choose a select's value) of `panel`; the panel as the answer left it."""
        custom_id, value = control
        answer = self.driver.execute_async_script(ACT_JS, panel.message, custom_id, value)
        assert answer == "ok", f"{self.user} pressed {control} in {panel.text!r}: {answer}"
        after = self.panel(panel.message)
        assert after is not None, f"{self.user}'s panel went away"
        return after

    def screenshot(self, path: Path, width: int, height: int) -> None:
        self.driver.set_window_size(width, height)
        time.sleep(0.5)
        self.js("const l = document.getElementById('messages'); l.scrollTop = l.scrollHeight;")
        time.sleep(0.3)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))


def skip_without_browser() -> None:
    reason = browser_refusal()
    if reason:
        pytest.skip(reason)



# -- fast panel play: one WebDriver round trip per look and per action ------------------------------
PANEL_JS = """
    // A private reply (the one with id arguments[0], else the latest): its text and its controls.
    const li = arguments[0] ? document.getElementById('m' + arguments[0])
        : [...document.querySelectorAll('#messages > li.ephemeral')].pop();
    if (!li) return null;
    const controls = [...li.querySelectorAll('[data-custom-id]')].filter(c => !c.disabled).map(c => ({
        id: c.dataset.customId,
        label: c.tagName === 'SELECT' ? c.getAttribute('aria-label') : c.textContent.trim(),
        options: c.tagName === 'SELECT' ? [...c.options].filter(o => o.value).map(o => [o.value, o.textContent]) : [],
    }));
    return {message: li.dataset.id, text: li.innerText, controls};
"""

ACT_JS = """
    // Press a button, or choose a value in a select, of one message; call back once answered.
    const [message, customId, value, done] = arguments;
    const li = document.getElementById('m' + message);
    const c = li && li.querySelector(`[data-custom-id="${CSS.escape(customId)}"]`);
    if (!c || c.disabled) { done('gone'); return; }
    if (c.tagName === 'SELECT') { c.value = value; c.dispatchEvent(new Event('change')); } else c.click();
    const wait = () => state.pending ? setTimeout(wait, 25)
        : done(document.getElementById('status').textContent || 'ok');
    wait();
"""

MY_TURN_JS = """
    // Press the latest "My turn" button of game arguments[0]; call back with the reply's message id.
    const [gid, done] = arguments;
    const before = [...document.querySelectorAll('#messages > li.ephemeral')].map(li => li.dataset.id);
    const b = [...document.querySelectorAll(`#messages [data-custom-id="tr:p:${gid}"]`)].pop();
    if (!b) { done(null); return; }
    b.click();
    const wait = () => {
        if (state.pending) { setTimeout(wait, 25); return; }
        const li = [...document.querySelectorAll('#messages > li.ephemeral')]
            .filter(li => !before.includes(li.dataset.id)).pop();
        done(li ? li.dataset.id : null);
    };
    wait();
"""

PRIVATE = ("tr:a:", "tr:s:", "tr:g:", "tr:b:")  # a panel's actions, its group menu and Back


class Panel:
    """A player's private panel as the page shows it."""

    def __init__(self, user: str, data: dict[str, Any]) -> None:
        self.user = user
        self.message = str(data["message"])
        self.text = str(data["text"])
        self.controls: list[dict[str, Any]] = [c for c in data["controls"] if str(c["id"]).startswith(PRIVATE)]

    def buttons(self) -> list[str]:
        return [c["label"] for c in self.controls if not c["options"]]

    def options(self) -> list[str]:
        return [label for c in self.controls for _, label in c["options"]]

    def find(self, text: str) -> tuple[str, str] | None:
        """The control (custom id, value) whose button label or select option contains `text`."""
        for c in self.controls:
            if not c["options"] and text in c["label"]:
                return str(c["id"]), ""
            for value, label in c["options"]:
                if text in label:
                    return str(c["id"]), str(value)
        return None


Decide = Callable[[Panel], "tuple[str, str] | None"]


def waiting_for(text: str) -> list[str]:
    """The users a reply says the game is waiting on ("The game is waiting on @bob, @carol.")."""
    found = re.search(r"waiting on (.*)", text)
    return re.findall(r"@(\w+)", found[1]) if found else []


def play_until(table: Table, gid: str, decide: Decide, until: str | None = None, *, players: tuple[str, ...],
               max_steps: int, what: str) -> list[tuple[str, str]]:
    """Whoever must act, acts from their panel ("My turn", then what `decide` picks), until a reply
    matches the regular expression `until` (the next round begins) or `decide` returns None.

    Whom to ask first comes from the replies ("The game is waiting on @bob"), then `players` in
    order. Every reply is checked for an error. Returns (user, label) of each action, in order."""
    played: list[tuple[str, str]] = []
    candidates = list(players)
    panel: Panel | None = None
    for _ in range(max_steps):
        if panel is None or not panel.controls:
            panel = None
            for user in dict.fromkeys(candidates + list(players)):
                table.as_user(user)
                found = table.my_turn(gid)
                assert_no_error(found.text)
                assert "is finished" not in found.text, f"{what}: the game ended first; played {played[-12:]}"
                if found.controls:
                    panel = found
                    break
            if panel is None:  # nobody can act yet: the bot is still busy
                time.sleep(0.2)
                continue
        control = decide(panel)
        if control is None:  # the round is over for this player: stop here
            return played
        label = next(c["label"] if not c["options"] else dict(c["options"])[control[1]]
                     for c in panel.controls if c["id"] == control[0])
        played.append((table.user, str(label)))
        panel = table.press(panel, control)
        assert_no_error(panel.text)
        if until and re.search(until, panel.text, re.MULTILINE):
            return played
        if not panel.controls:
            candidates = waiting_for(panel.text) or list(players)
    raise AssertionError(f"{what}: not done after {max_steps} steps; played {played[-12:]}; "
                         f"status {table.status()!r}; last messages {table.texts()[-2:]}")


ERROR = re.compile(r"went wrong|traceback|\berror\b", re.IGNORECASE)


def assert_no_error(*texts: str) -> None:
    for text in texts:
        assert not ERROR.search(text), f"a message says something went wrong: {text!r}"
