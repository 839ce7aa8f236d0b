"""Fixtures of the browser tests: Debian's Chromium driven by Playwright (never
a downloaded browser), and a real server in a thread of this process."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.web.pages import CHROMIUM, new_page, shot
from tests.web.server_thread import DIST, ServerThread


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[dev]')"
    if not Path(CHROMIUM).exists():
        return f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)"
    if not (DIST / "index.html").exists():
        return "clients/web/dist is not built (make web)"
    return None


@pytest.fixture(scope="module")
def browser():
    reason = _missing()
    if reason:
        if os.environ.get("WARBAND_REQUIRE_CHROMIUM") == "1":
            pytest.fail(reason + "; it is required here (WARBAND_REQUIRE_CHROMIUM=1)",
                        pytrace=False)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=["--no-sandbox"])
        try:
            yield instance
        finally:
            instance.close()


@pytest.fixture
def server(tmp_path):
    instance = ServerThread(f"sqlite+aiosqlite:///{tmp_path / 'warband.db'}").start()
    try:
        yield instance
    finally:
        instance.stop()


@pytest.fixture
def pages(browser, server):
    """Three fresh browser contexts; on failure each is screenshotted as failed-N.png."""
    errors: list[str] = []
    opened = [new_page(browser, server, errors) for _ in range(3)]
    try:
        yield (*opened, errors)
    except BaseException:
        raise
    finally:
        for index, page in enumerate(opened):
            try:
                shot(page, f"last-{index}")
            finally:
                page.context.close()
