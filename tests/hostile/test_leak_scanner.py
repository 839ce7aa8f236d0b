"""The leak scanner (tests/hostile/leak_scan.py) over whole matches with secrets:
secret lists in every scenario, Ambush markers, a delayed spectator; and a check
that the scanner itself catches a leak (a frame another seat was shown)."""

from __future__ import annotations

import pytest

from server.app import ServerOptions, WarbandServer
from server.replays import replay_document
from tests.hostile.leak_scan import Leak, play_watched_match, scan
from tests.server.test_full_match import SETUP

MATCHES = [("all_out_battle", 0, 1), ("ambush", 0, 2), ("ambush", 6, 3)]


@pytest.fixture
async def server(tmp_path):
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'leaks.db'}", rate=10_000,
                                           burst=10_000))
    await instance.start()
    yield instance
    await instance.stop()


@pytest.mark.parametrize(("scenario", "delay", "seed"), MATCHES)
async def test_no_party_sees_what_it_may_not(server, scenario, delay, seed):
    played = await play_watched_match(server, SETUP | {"scenario": scenario}, seed,
                                      spectator_delay=delay)
    replay = await replay_document(server.store, played.match_id)
    secret_events = {e["event"]["type"] for e in replay["events"]
                     if e["event"].get("visible_to")}
    assert "list_submitted" in secret_events
    if scenario == "ambush":
        assert "marker_placed" in secret_events
    assert played.switches >= 3, "identities changed while the match was played"
    assert scan(played, replay) == []
    for party in played.parties.values():
        await party.close()


async def test_the_scanner_catches_a_seat_frame_shown_to_another(server):
    played = await play_watched_match(server, SETUP, 4)
    replay = await replay_document(server.store, played.match_id)
    ann, bob = played.parties["ann"], played.parties["bob"]
    private = next(r for r in ann.frames if r.frame.get("type") == "prompt"
                   and r.frame.get("decision") is not None)
    # (Ann's own submission, in full: Bob's, which she sees redacted, may come first)
    submitted = next(r for r in ann.frames if r.frame.get("type") == "event"
                     and (r.frame["event"] or {}).get("type") == "list_submitted"
                     and "salt" in repr(r.frame["event"].get("data")))
    bob.frames += [type(private)(private.frame, bob.frames[-1].identity),
                   type(submitted)(submitted.frame, bob.frames[-1].identity)]
    found = {leak.what.split(" (")[0] for leak in scan(played, replay)}
    assert found >= {"seat a's decision", f"event {submitted.frame['seq']}",
                     "seat a's salt before the reveal"}
    assert all(isinstance(leak, Leak) for leak in scan(played, replay))
    for party in played.parties.values():
        await party.close()
