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
def local_table(tmp_path: Path, *, timeout: float = 120.0) -> Iterator[str]:
    """`python -m bot` without a token, with its SQLite file in tmp_path; yields the page's URL."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LOCAL_TABLE")}
    env.update(PYTHONPATH=str(ROOT), LOCAL_TABLE_PORT="0", LOCAL_TABLE_OPEN="0", LOG_LEVEL="WARNING",
               DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}")
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

    def __init__(self, url: str, *, width: int = 1280, height: int = 900) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = str(BROWSER)
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                    f"--window-size={width},{height}", "--lang=en-US"):
            options.add_argument(arg)
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
                except Exception:
                    select.select_by_visible_text(value)
            else:
                field.clear()
                field.send_keys(value)
        self.driver.find_element(By.ID, "send").click()
        self.wait(lambda: self.js("return !state.busy"), f"the answer to /{path}", timeout=40)
        error = self.status()
        assert not error or error.startswith("Sending"), f"/{path} {options}: {error}"
        self.refresh()

    def autocomplete(self, path: str, option: str, typed: str = "") -> list[str]:
        """Type into an autocomplete option of `/path`; the choices the page offers."""
        from selenium.webdriver.common.by import By

        box = self.driver.find_element(By.ID, "command-input")
        box.clear()
        box.send_keys("/" + path)
        self.wait(lambda: self.js("return state.current && state.current.path") == path, f"the form of /{path}")
        field = self.driver.find_element(By.ID, f"opt-{option}")
        field.click()  # focusing the option asks the bot for choices; typing asks again
        if typed:
            field.send_keys(typed)
        self.wait(lambda: self.js(f"return document.getElementById('opt-{option}-choices').dataset.answered"),
                  f"the choices for {option}")
        values = self.js(f"return [...document.querySelectorAll('#opt-{option}-choices option')].map(o => o.value)")
        return [str(v) for v in values]

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
