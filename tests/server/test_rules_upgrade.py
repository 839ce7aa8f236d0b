"""A match that is being played when the server is upgraded to other rules goes
on under the new rules; its record then belongs to no single rules version, and
the resumed match says so (matches.rules_version None), so `replay verify` does
not re-decide it as one version's (server/replays.py)."""

from __future__ import annotations

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from server.rules.sbh.system import SYSTEM
from server.store.store import Store
from tests.server.test_full_match import SETUP


async def start(database_url, tmp_path) -> WarbandServer:
    server = WarbandServer(ServerOptions(port=0, database_url=database_url,
                                         static_dir=tmp_path / "static"))
    await server.start()
    return server


async def active_match(server: WarbandServer) -> str:
    ann, bob = await Client.connect(server.url), await Client.connect(server.url)
    try:
        await ann.request("guest", name="Ann")
        await bob.request("guest", name="Bob")
        match_id = (await ann.request("create_match", system="sbh", **SETUP))["match_id"]
        await bob.request("join", match_id=match_id)
        return match_id
    finally:
        await ann.close()
        await bob.close()


async def test_a_match_resumed_under_other_rules_names_no_rules_version(database_url, tmp_path):
    server = await start(database_url, tmp_path)
    try:
        older, same = await active_match(server), await active_match(server)
        assert (await server.store.match(older))["rules_version"] == SYSTEM.rules_version
    finally:
        await server.stop()
    store = await Store.open(database_url)
    try:  # as if `older` was created by a server running the rules before these
        await store.set_match(older, rules_version=SYSTEM.rules_version - 1)
    finally:
        await store.close()

    server = await start(database_url, tmp_path)  # (resumes both)
    try:
        assert (await server.store.match(older))["rules_version"] is None
        assert (await server.store.match(same))["rules_version"] == SYSTEM.rules_version
    finally:
        await server.stop()
