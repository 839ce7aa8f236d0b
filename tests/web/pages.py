"""Helpers of the browser tests: opening pages, screenshots, signing in, and
reading what the page shows (the prompt, the board's figures and hexes)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = os.environ.get("WARBAND_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
TIMEOUT_MS = 15_000


def page_error(error) -> str:
    """A page's uncaught error with where it was thrown (the first frame of its
    stack), so a failure names the line to look at."""
    frames = [line.strip() for line in (error.stack or "").splitlines()[1:2]]
    return " ".join([str(error), *frames])


def wait_for_library(page) -> None:
    """The app's library is loaded and the app has started (connected, signed in or
    not, its first screen drawn): a test may now replace the page's body with its own
    panel. Replacing it sooner let the app's start-up, finishing later, write into
    elements the test had removed (the connection badge, then the user box: 'Cannot
    set properties of null', CI under load)."""
    page.wait_for_function("() => window.warbandLib !== undefined && window.warband?.started")


def new_page(browser, server, errors: list):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda error: errors.append(page_error(error)))
    page.goto(server.http_url)
    wait_for_library(page)
    return page


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)


def sign_in_as_guest(page, name: str) -> None:
    page.fill("#guest-form input[name=name]", name)
    page.click("#guest-form button[type=submit]")
    page.wait_for_selector("#create-form")


# -- reading the page -----------------------------------------------------------------

STATE_JS = """() => {
  const panel = document.querySelector('.prompt');
  const figures = [...document.querySelectorAll('.board .figure')].map(f => ({
    id: f.dataset.figure, seat: f.dataset.seat, pos: f.dataset.pos,
    legal: f.classList.contains('legal'), states: f.dataset.states}));
  return {
    mine: panel ? panel.dataset.mine === 'true' && panel.dataset.busy !== 'true' : false,
    seq: panel ? panel.dataset.seq : '',
    over: !!document.querySelector('.prompt-head.over'),
    options: [...document.querySelectorAll('.prompt .option')].map(o => o.dataset.type),
    hexes: [...document.querySelectorAll('.legal-hex')].map(h => h.dataset.hex),
    figures,
  };
}"""


def state(page) -> dict:
    return page.evaluate(STATE_JS)


def ended(page) -> bool:
    """The match may end by itself (a warband routs when its Leader falls)."""
    return page.locator(".prompt-head.over").count() > 0


def hex_distance(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = (map(int, a.split(",")), map(int, b.split(",")))
    return max(abs(q1 - q2), abs(r1 - r2), abs((q1 + r1) - (q2 + r2)))


def wait_for_new_prompt(page, seq: str) -> None:
    page.wait_for_function(
        "seq => { const p = document.querySelector('.prompt');"
        " return p && p.dataset.busy !== 'true'"
        " && (p.dataset.seq !== seq || p.dataset.mine !== 'true'); }", arg=seq)


def click_option_button(page, option: str, selector: str = "button.do") -> None:
    page.click(f".prompt .option[data-type={option}] {selector}")

