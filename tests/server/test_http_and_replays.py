"""The plain-HTTP side of `warband serve` (health, metrics, the static client) and
the replay command line: export a finished match, verify it, and show where a
tampered replay first diverges."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

import pytest

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from server.cli import main
from server.rules import registry


def http_get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers["Content-Type"], refused.read()


async def test_health_metrics_and_static_files(tmp_path):
    static = tmp_path / "dist"
    static.mkdir()
    (static / "index.html").write_text("<!doctype html><title>warband</title>")
    (tmp_path / "secret.txt").write_text("not for the web")
    server = WarbandServer(ServerOptions(port=0, static_dir=static, database_url=f"sqlite+"
                                         f"aiosqlite:///{tmp_path / 'http.db'}"))
    await server.start()
    base = f"http://127.0.0.1:{server.port}"
    try:
        async with await Client.connect(server.url) as client:
            await client.request("ping")
            assert await asyncio.to_thread(http_get, base + "/healthz") == \
                (200, "text/plain; charset=utf-8", b"ok\n")
            status, kind, body = await asyncio.to_thread(http_get, base + "/metrics")
            assert status == 200 and kind.startswith("text/plain; version=0.0.4")
            assert 'warband_requests_total{type="ping"} 1.0' in body.decode()
            assert "warband_connections 1.0" in body.decode()
        status, kind, body = await asyncio.to_thread(http_get, base + "/")
        assert (status, kind) == (200, "text/html") and b"<title>warband" in body
        for outside in ("/../secret.txt", "/%2e%2e/secret.txt", "/missing.js"):
            status, _, body = await asyncio.to_thread(http_get, base + outside)
            assert status == 404 and b"not for the web" not in body
    finally:
        await server.stop()


async def finished_bids_match(database_url: str) -> str:
    """Two guests play secret bids to the end (ties first, then a rolled score)."""
    server = WarbandServer(ServerOptions(port=0, database_url=database_url))
    await server.start()
    try:
        ann, bob = await Client.connect(server.url), await Client.connect(server.url)
        await ann.request("guest", name="Ann")
        await bob.request("guest", name="Bob")
        match_id = (await ann.request("create_match", system="secret-bids",
                                      options={"target": 5}))["match_id"]
        await bob.request("join", match_id=match_id)
        await ann.request("subscribe", match_id=match_id)
        while True:
            await ann.request("command", match_id=match_id, command="bid", args={"amount": 3})
            done = await bob.request("command", match_id=match_id, command="bid",
                                     args={"amount": 1})
            prompt = await ann.next_push("prompt")
            while prompt["seq"] < done["last_seq"]:
                prompt = await ann.next_push("prompt")
            if not prompt["waiting"]:  # nobody is asked anything: the match is over
                await ann.next_push("match_over")
                break
        for client in (ann, bob):
            await client.close()
        return match_id
    finally:
        await server.stop()


@pytest.fixture
def bids_system(monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")


def test_replay_export_verify_and_a_tampered_file(bids_system, tmp_path, capsys):
    url = f"sqlite+aiosqlite:///{tmp_path / 'replays.db'}"
    match_id = asyncio.run(finished_bids_match(url))

    assert main(["replay", "export", match_id, "--database", url]) == 0
    exported = capsys.readouterr().out
    document = json.loads(exported)
    assert document["match_id"] == match_id and len(document["seed"]) == 64
    replay = tmp_path / "match.json"
    replay.write_text(exported)
    assert main(["replay", "verify", str(replay)]) == 0
    assert "verified" in capsys.readouterr().out
    assert main(["replay", "verify", match_id, "--database", url]) == 0  # straight from the store
    capsys.readouterr()

    scored = next(e for e in document["events"] if e["event"]["type"] == "scored")
    scored["event"]["data"]["dice"][0] = 7 - scored["event"]["data"]["dice"][0]  # a loaded die
    replay.write_text(json.dumps(document))
    assert main(["replay", "verify", str(replay)]) == 1
    said = capsys.readouterr().out
    assert "DIVERGES" in said and f"event seq {scored['seq']} " in said

    document = json.loads(exported)
    document["seed"] = "00" * 32  # a seed other than the one committed to at the start
    replay.write_text(json.dumps(document))
    assert main(["replay", "verify", str(replay)]) == 1
    assert "commitment" in capsys.readouterr().out


def test_a_replay_recorded_under_other_rules_is_checked_but_not_re_decided(
        bids_system, tmp_path, capsys):
    """A rule fixed since a match was played changes what its commands decide to;
    the replay must then not read as tampered, nor as verified."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'replays.db'}"
    match_id = asyncio.run(finished_bids_match(url))
    assert main(["replay", "export", match_id, "--database", url]) == 0
    exported = capsys.readouterr().out
    assert json.loads(exported)["rules_version"] == 1  # (the match's row keeps it)
    replay = tmp_path / "match.json"

    def verify_with(change) -> tuple[int, str]:
        document = json.loads(exported)
        change(document)
        replay.write_text(json.dumps(document))
        return main(["replay", "verify", str(replay)]), capsys.readouterr().out

    def newer_rules(document):
        document["rules_version"] = 2  # (tests.kernel_example runs version 1)
    status, said = verify_with(newer_rules)
    assert status == 3 and "NOT RE-DECIDED" in said and "under rules version 2" in said
    assert "every event rebuilds to its recorded checksum" in said

    def newer_rules_and_a_loaded_die(document):
        newer_rules(document)
        scored = next(e for e in document["events"] if e["event"]["type"] == "scored")
        scored["event"]["data"]["dice"][0] = 7 - scored["event"]["data"]["dice"][0]
    status, said = verify_with(newer_rules_and_a_loaded_die)
    assert status == 1 and "DIVERGES" in said and "state checksum differs" in said

    def unstamped(document):  # (recorded before matches carried a rules version)
        document.pop("rules_version")
    assert verify_with(unstamped)[0] == 0  # re-deciding gives the record: verified

    def unstamped_and_decided_otherwise(document):
        unstamped(document)
        bid = next(c for c in document["commands"] if c["type"] == "bid")
        bid["args"]["amount"] = 2  # (as a rule fixed since would decide it otherwise)
    status, said = verify_with(unstamped_and_decided_otherwise)
    assert status == 3 and "before matches carried a rules version" in said


def test_replay_of_an_unfinished_or_unknown_match_is_a_clear_error(tmp_path, capsys):
    url = f"sqlite+aiosqlite:///{tmp_path / 'empty.db'}"
    assert main(["db", "upgrade", "--database", url]) == 0
    capsys.readouterr()
    assert main(["replay", "export", "nope", "--database", url]) == 1
    assert capsys.readouterr().err == "warband: error: there is no match 'nope'\n"


async def test_metrics_time_the_group_commit_and_the_garbage_collector(tmp_path, bids_system):
    import gc

    server = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                         f"{tmp_path / 'gc.db'}"))
    await server.start()
    try:
        ann, bob = await Client.connect(server.url), await Client.connect(server.url)
        await ann.request("guest", name="Ann")
        await bob.request("guest", name="Bob")
        match_id = (await ann.request("create_match", system="secret-bids"))["match_id"]
        await bob.request("join", match_id=match_id)
        await ann.request("command", match_id=match_id, command="bid", args={"amount": 3})
        for client in (ann, bob):
            await client.close()
        gc.collect()
        text = server.metrics.render().decode()
        assert 'warband_gc_pause_seconds_count{generation="2"}' in text
        assert "warband_commit_transaction_seconds_count 1.0" in text
        assert "warband_commit_transaction_appends_sum 1.0" in text
    finally:
        await server.stop()
    assert server.metrics._on_gc not in gc.callbacks, "the callback goes with the server"
