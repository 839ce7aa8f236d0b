"""The terminal client follows its match to the node that runs it (docs/cluster.md,
"Told where to go"; issue 35): two nodes on one database and NATS, the app signed in on
north creates a private match that Bob joins on south (which then runs it); the app's
match traffic goes to south and its list, submitted by keystrokes, is acknowledged
there. `warband play --no-follow` keeps it on north."""

from __future__ import annotations

import pytest

from clients.tui.app import LobbyScreen, WarbandApp
from server.cli import build_parser
from tests.cluster.test_nodes import nats_running, node
from tests.tui.conftest import opponent
from tests.tui.driver import create_first, until, until_match

pytestmark = pytest.mark.skipif(not nats_running(),
                                reason="no NATS server at 127.0.0.1:4222 for several nodes")


@pytest.fixture
async def nodes(tmp_path, monkeypatch):
    # (seeded dice, as the other terminal tests; SQLite shared by both nodes)
    monkeypatch.setattr("server.lobby.new_seed", lambda: b"tui-tests-dice-seed-000000000000")
    started = [await node(f"sqlite+aiosqlite:///{tmp_path}/t.db", tmp_path, name)
               for name in ("north", "south")]
    for server in started:  # (port 0 until listening: the address is known only now)
        server.hub.node_url = server.url
    yield started
    for server in started:
        await server.stop()


async def test_the_terminal_app_plays_its_match_on_the_node_that_runs_it(nodes):
    north, south = nodes
    app = WarbandApp(north.url, name="Ann")  # (following is the default)
    async with app.run_test(size=(170, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await create_first(pilot, app, "p")  # a private match, created on north
        await until_match(pilot, app)
        model = app.screen.model
        async with opponent(south.url, "Bob", seed=3, create=False,
                            invite_code=model.invite_code):  # (his join starts it on south)
            await until(pilot, lambda: app.session.followed_url(model.match_id) == south.url,
                        what="the match followed to south")
            await until(pilot, lambda: model.picker is not None, what="the first prompt")
            assert not north.hub.forwarder.relays  # (nothing of Ann's relayed by north)
            await pilot.press("1", "enter", "2", "enter")  # submit_list, the second list
            await until(pilot, lambda: any(e and e["type"] == "list_submitted"
                                           and e["data"]["seat"] == "a"
                                           for e in model.events), what="our list")
            assert app.session.followed_url(model.match_id) == south.url
            assert app.session.follows == 1 and not north.hub.forwarder.relays


def test_warband_play_follows_unless_no_follow():
    assert build_parser().parse_args(["play"]).follow is True
    assert build_parser().parse_args(["play", "--no-follow"]).follow is False
    assert "--no-follow" in build_parser()._subparsers._group_actions[0].choices[
        "play"].format_help()
