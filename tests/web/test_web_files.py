"""The committed web client without Node or a browser: the built files are
served at /, were built from the committed sources, and the server offers its
list picker ready-made lists for every points limit of the lobby."""

from __future__ import annotations

import hashlib
import json
import urllib.request

import pytest

from server.rules.sbh.lists import catalog
from tests.web.server_thread import DIST, ServerThread

WEB = DIST.parent


def sources_digest() -> str:
    """The digest build.mjs writes to dist/build.json (same files, same order)."""
    digest = hashlib.sha256()
    names = [f"src/{p.name}" for p in sorted((WEB / "src").iterdir(), key=lambda p: p.name)]
    for name in [*names, "package-lock.json"]:
        digest.update(name.encode() + b"\0" + (WEB / name).read_bytes() + b"\0")
    return digest.hexdigest()


def test_dist_was_built_from_the_committed_sources():
    built = json.loads((DIST / "build.json").read_text())
    assert built["sources_sha256"] == sources_digest(), (
        "clients/web/dist is stale: rebuild it with `make web` and commit dist/")


def test_the_bundle_needs_nothing_from_the_internet():
    page = (DIST / "index.html").read_text()
    assert 'src="app.js"' in page and 'href="style.css"' in page
    bundle = (DIST / "app.js").read_text()
    assert "decode" in bundle and "Connection" in bundle  # msgpack and our code, bundled
    for remote in ("https://", "http://", "//cdn", "unpkg", "jsdelivr"):
        assert f'src="{remote}' not in page and f"import('{remote}" not in bundle


def test_the_client_bundles_no_prices_of_its_own():
    """Points come from the server (`catalog`, `check_list`), never from a copy."""
    assert not (WEB / "src" / "presets.json").exists()
    bundle = (DIST / "app.js").read_text()
    assert "Goblin Horde" not in bundle and "Dwarf Holdguard" not in bundle


@pytest.mark.parametrize("limit", [200, 300, 400, 500])
def test_every_lobby_points_limit_has_ready_made_lists_for_two_players(limit):
    presets = catalog({"points_limit": limit})["presets"]
    fitting = [p for p in presets if not p["problems"]]
    assert len(fitting) >= 2
    assert all(p["points"] <= limit for p in fitting)


def test_the_server_serves_the_built_client(tmp_path):
    server = ServerThread(f"sqlite+aiosqlite:///{tmp_path / 'warband.db'}").start()
    try:
        with urllib.request.urlopen(server.http_url, timeout=10) as response:
            assert response.headers["Content-Type"].startswith("text/html")
            assert b"app.js" in response.read()
        with urllib.request.urlopen(server.http_url + "app.js", timeout=10) as response:
            assert "javascript" in response.headers["Content-Type"]
    finally:
        server.stop()
