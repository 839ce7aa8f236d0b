"""The browser client follows its match to the node that runs it (docs/cluster.md,
"Told where to go"; issue 35; clients/web/src/following.js). Two nodes (north, south)
on one database and NATS, each advertising its own address: Ann's page, loaded from
north, creates an SBH match that Bob joins from south (so south runs it). Ann's page
opens a second websocket to south and sends the match's commands there (counted from
the frames Chromium sends, by socket); when south closes that socket, the page goes
back to north (forwarded), resubscribes from its last seq, does not open south again
for a while, and play goes on, every event once and in order. Behind nginx
(deploy/nginx/compose.conf), the told path is followed through nginx. Skips without
NATS (and the nginx test without nginx)."""

from __future__ import annotations

import asyncio
import threading
import time

import msgspec
import pytest

from server.app import ServerOptions, WarbandServer
from tests.cluster.test_nodes import nats_running
from tests.web.clicking import act
from tests.web.pages import TIMEOUT_MS, ended, page_error, shot, sign_in_as_guest, state
from tests.web.server_thread import DIST

pytestmark = pytest.mark.skipif(not nats_running(),
                                reason="no NATS server at 127.0.0.1:4222 for several nodes")


STOP_SECONDS = 60  # (a node's stop is bounded step by step: 10 s each, its matches 30)


async def _waiting_tasks() -> str:
    """Where each task of the loop is waiting (a stop that overran)."""
    current = asyncio.current_task()
    return "; ".join(f"{task.get_name()}: {task.get_stack(limit=3)}"
                     for task in asyncio.all_tasks() if task is not current)


class TwoNodes:
    """Two nodes on one event loop in a thread of their own; `advertise`: each tells
    its nginx location (/node/<name>/ws) rather than its own address."""

    def __init__(self, database_url: str, names=("north", "south"),
                 advertise: bool = False) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True,
                                       name="warband-nodes")
        self.advertise = advertise
        self.servers = {name: WarbandServer(ServerOptions(
            port=0, database_url=database_url, static_dir=DIST, node_id=name,
            lease_ttl=1.5, rate=500, burst=500,
            advertise_url=f"/node/{name}/ws" if advertise else None)) for name in names}

    def run(self, coroutine, timeout: float = 30):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def start(self) -> TwoNodes:
        self.thread.start()
        for server in self.servers.values():
            self.run(server.start())
            if not self.advertise:
                server.hub.node_url = server.url  # (port 0 until listening)
        return self

    def stop(self) -> None:
        try:
            for name, server in self.servers.items():
                try:
                    self.run(server.stop(), STOP_SECONDS)
                except TimeoutError:  # (say where it stands: its steps are bounded)
                    raise AssertionError(f"{name} did not stop in {STOP_SECONDS} s; waiting: "
                                         + self.run(_waiting_tasks(), 10)) from None
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()

    def close_connections_of(self, name: str, display_name: str) -> int:
        """The node closes the sockets signed in as `display_name` (as when it fails)."""
        server = self.servers[name]

        async def close() -> int:
            mine = [c for c in server.clients
                    if c.account is not None and c.account.display_name == display_name]
            for client in mine:
                await client.websocket.close()
            return len(mine)

        return self.run(close())


@pytest.fixture
def two_nodes(tmp_path):
    nodes = TwoNodes(f"sqlite+aiosqlite:///{tmp_path / 'warband.db'}").start()
    try:
        yield nodes
    finally:
        nodes.stop()


class Sockets:
    """The page's websockets in the order opened, and the requests sent on each."""

    def __init__(self, page) -> None:
        self.opened: list[dict] = []
        page.on("websocket", self._opened)

    def _opened(self, websocket) -> None:
        entry = {"url": websocket.url, "sent": [], "closed": False}
        self.opened.append(entry)
        websocket.on("framesent", lambda payload: entry["sent"].append(
            msgspec.msgpack.decode(payload)))
        websocket.on("close", lambda _: entry.update(closed=True))

    def to(self, url: str) -> list[dict]:
        return [s for s in self.opened if s["url"] == url]

    def sent(self, url: str, kind: str) -> list[dict]:
        return [f for s in self.to(url) for f in s["sent"] if f.get("type") == kind]


def open_page(browser, url: str, errors: list):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda error: errors.append(page_error(error)))
    sockets = Sockets(page)
    page.goto(url)
    return page, sockets


def play(players: dict, steps: int, done: list[str]) -> None:
    """Both pages act on their prompts until `steps` more decisions are made."""
    goal, deadline = len(done) + steps, time.monotonic() + 90
    while len(done) < goal and not ended(players["a"][0]):
        assert time.monotonic() < deadline, f"too slow; did {done}"
        acted = False
        for seat, (page, preset) in players.items():
            if state(page)["mine"]:
                done.append(act(page, seat, preset))
                acted = True
        if not acted:
            time.sleep(0.05)


def followed(page, match_id: str):
    return page.evaluate("m => warband.conn.following.followedUrl(m)", match_id)


def ann_creates_bob_joins(ann, bob) -> str:
    """Ann (on her page's node) creates a 200-point match and Bob joins it from his: his
    join starts it on his node. The match's id, once Ann is asked for her list."""
    sign_in_as_guest(ann, "Ann")
    ann.select_option("#create-form select[name=points]", "200")
    ann.click("#create-form button[type=submit]")
    ann.wait_for_selector(".match-status >> text=open")
    match_id = ann.locator(".match-id").inner_text()
    sign_in_as_guest(bob, "Bob")
    bob.wait_for_selector(f"tr[data-match='{match_id}'] button[data-join]").click()
    ann.wait_for_selector(".prompt .option[data-type=submit_list]")
    return match_id


def test_a_page_plays_its_match_on_the_node_that_runs_it_and_falls_back(browser, two_nodes):
    north, south = two_nodes.servers["north"], two_nodes.servers["south"]
    errors: list[str] = []
    ann, ann_sockets = open_page(browser, f"http://127.0.0.1:{north.port}/", errors)
    bob, _ = open_page(browser, f"http://127.0.0.1:{south.port}/", errors)
    try:
        match_id = ann_creates_bob_joins(ann, bob)

        # south started the match: Ann's page follows it there
        ann.wait_for_function("m => warband.conn.following.followedUrl(m) !== null",
                              arg=match_id)
        assert followed(ann, match_id) == south.url
        main = f"ws://127.0.0.1:{north.port}/ws"
        assert [s["url"] for s in ann_sockets.opened] == [main, south.url]
        assert [f["type"] for f in ann_sockets.to(south.url)[0]["sent"]][:2] == [
            "authenticate", "subscribe"]
        players = {"a": (ann, "Human Patrol"), "b": (bob, "Orc Patrol")}
        done: list[str] = []
        play(players, 4, done)  # (lists, roles...)
        ann_commands = ann_sockets.sent(south.url, "command")
        assert ann_commands, f"Ann's commands went to south; did {done}"
        assert not ann_sockets.sent(main, "command")  # (none forwarded by north)
        assert not north.hub.forwarder.relays
        shot(ann, "following-01-followed")

        # a spectator's page on north asks to follow and is told where at once: north
        # sets up no shared watch (issue 35), and the page watches at south
        wes, wes_sockets = open_page(browser, f"http://127.0.0.1:{north.port}/", errors)
        sign_in_as_guest(wes, "Wes")
        wes.goto(f"http://127.0.0.1:{north.port}/#/watch/{match_id}")
        wes.wait_for_function("m => warband.conn.following.followedUrl(m) !== null",
                              arg=match_id)
        wes.wait_for_selector(".match-status >> text=active")
        [asked] = wes_sockets.sent(main, "subscribe")
        assert asked["follow"] is True and asked["spectate"] is True
        assert wes_sockets.sent(south.url, "subscribe")[0]["after_seq"] == 0
        assert not north.hub.forwarder.watches and not north.hub.forwarder.relays
        wes.context.close()

        # south closes Ann's socket there: back to north, forwarded; not followed
        # again at once (the address is not retried for 10 s)
        assert two_nodes.close_connections_of("south", "Ann") == 1
        ann.wait_for_function("m => warband.conn.following.followedUrl(m) === null",
                              arg=match_id)
        ann.wait_for_function(
            "() => warband.conn.following.unreachable.size === 1")
        play(players, 4, done)
        assert ann_sockets.sent(main, "command"), f"Ann's commands through north; did {done}"
        assert len(ann_sockets.to(south.url)) == 1 and followed(ann, match_id) is None
        assert [r.match_id for r in north.hub.forwarder.relays.values()] == [match_id]
        shot(ann, "following-02-forwarded")

        # every event once and in order, on both pages
        for page in (ann, bob):
            page.wait_for_function(
                "seq => document.querySelector('.prompt').dataset.seq === seq",
                arg=state(bob)["seq"])
        seqs = [int(s) for s in ann.locator(".log li").evaluate_all(
            "items => items.map(i => i.dataset.seq)")]
        assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) >= len(done)
        assert seqs == [int(s) for s in bob.locator(".log li").evaluate_all(
            "items => items.map(i => i.dataset.seq)")]
        assert not errors, errors
    finally:
        for page in (ann, bob):
            page.context.close()


@pytest.fixture
def behind_nginx(tmp_path):
    """deploy/nginx/compose.conf (its addresses changed) in front of two nodes that
    advertise their locations there: (nginx's http address, the nodes by service)."""
    from tests.cluster.test_following_nginx import NODES, site_for_test
    from tests.deploy.test_nginx import free_port, nginx_binary, nginx_running

    nginx = nginx_binary()
    nodes = TwoNodes(f"sqlite+aiosqlite:///{tmp_path / 'warband.db'}",
                     names=tuple(NODES.values()), advertise=True).start()
    listen = free_port()
    ports = {service: nodes.servers[name].port for service, name in NODES.items()}
    (tmp_path / "site.conf").write_text(site_for_test(ports, listen))
    running = nginx_running(nginx, tmp_path, tmp_path / "site.conf", listen)
    try:
        nodes.run(running.__aenter__())
        try:
            yield f"http://127.0.0.1:{listen}", nodes
        finally:
            nodes.run(running.__aexit__(None, None, None))
    finally:
        nodes.stop()


def test_behind_nginx_a_page_follows_its_match_to_the_nodes_own_location(
        browser, behind_nginx):
    """The told address is a path, /node/<id>/ws, resolved against the page's
    websocket address (nginx's): the second websocket goes through nginx to the node
    that runs the match."""
    base, nodes = behind_nginx
    errors: list[str] = []
    before = {name: len(server.clients) for name, server in nodes.servers.items()}
    ann, ann_sockets = open_page(browser, base + "/", errors)
    pages = [ann]
    try:
        sign_in_as_guest(ann, "Ann")
        [home] = [n for n, server in nodes.servers.items() if len(server.clients) > before[n]]
        [other] = [n for n in nodes.servers if n != home]
        # (Bob straight to the other node: his join starts the match there)
        bob, _ = open_page(browser, f"http://127.0.0.1:{nodes.servers[other].port}/", errors)
        pages.append(bob)
        sign_in_as_guest(bob, "Bob")
        ann.select_option("#create-form select[name=points]", "200")
        ann.click("#create-form button[type=submit]")
        ann.wait_for_selector(".match-status >> text=open")
        match_id = ann.locator(".match-id").inner_text()
        bob.wait_for_selector(f"tr[data-match='{match_id}'] button[data-join]").click()
        ann.wait_for_function("m => warband.conn.following.followedUrl(m) !== null",
                              arg=match_id)
        main = base.replace("http:", "ws:") + "/ws"
        told = base.replace("http:", "ws:") + f"/node/{other}/ws"
        assert followed(ann, match_id) == told
        assert [s["url"] for s in ann_sockets.opened] == [main, told]
        done: list[str] = []
        play({"a": (ann, "Human Patrol"), "b": (bob, "Orc Patrol")}, 3, done)
        assert ann_sockets.sent(told, "command"), f"Ann's commands through /node; did {done}"
        assert not ann_sockets.sent(main, "command")
        assert not nodes.servers[home].hub.forwarder.relays and not errors, errors
    finally:
        for page in pages:
            page.context.close()


def test_a_page_asked_not_to_follow_stays_forwarded(browser, two_nodes):
    """`?follow=off` (as the terminal's --no-follow): Ann's page on north never asks to
    be told where, opens no second socket, and plays through north's relay."""
    north, south = two_nodes.servers["north"], two_nodes.servers["south"]
    errors: list[str] = []
    ann, ann_sockets = open_page(browser, f"http://127.0.0.1:{north.port}/?follow=off",
                                 errors)
    bob, _ = open_page(browser, f"http://127.0.0.1:{south.port}/", errors)
    try:
        match_id = ann_creates_bob_joins(ann, bob)
        players = {"a": (ann, "Human Patrol"), "b": (bob, "Orc Patrol")}
        play(players, 4, [])
        main = f"ws://127.0.0.1:{north.port}/ws"
        assert [s["url"] for s in ann_sockets.opened] == [main]
        assert ann_sockets.sent(main, "command") and followed(ann, match_id) is None
        assert all("follow" not in f for f in ann_sockets.sent(main, "subscribe"))
        assert [r.match_id for r in north.hub.forwarder.relays.values()] == [match_id]
        assert errors == []
    finally:
        for page in (ann, bob):
            page.context.close()
