"""Two clients play a complete SBH match through the protocol, on SQLite and on
PostgreSQL; a spectator watches; the exported replay verifies."""

from __future__ import annotations

import asyncio
import random

from clients.client import Client, ServerError
from server.replays import replay_document, verify_document
from server.rules.kernel import Decision, Prompt
from server.rules.registry import get_system
from server.rules.sbh.random_player import random_command
from tests.sbh.test_games import WARBANDS

SETUP = {"board_size": 24, "scenario": "all_out_battle", "points_limit": 400,
         "options": {"turn_limit": 4}}


async def play_seat(client: Client, match_id: str, seat: str, seed: int) -> list[int]:
    """Act from prompts until the match ends; returns the seqs of every event seen."""
    return [push["seq"] for push in await play_seat_events(client, match_id, seat, seed)]


async def play_seat_events(client: Client, match_id: str, seat: str,
                           seed: int) -> list[dict]:
    """Act from prompts until the match ends; returns every event push seen."""
    rng = random.Random(seed)
    seen: list[dict] = []
    while True:
        push = await client.next_push("event", "prompt", "match_over")
        if push["type"] == "event":
            seen.append(push)
        elif push["type"] == "match_over":
            return seen
        elif push["decision"] is not None and client.pushes.empty():
            prompt = Prompt((Decision.from_wire(push["decision"]),))
            command = random_command(prompt, seat, rng, WARBANDS[seat])
            try:
                await client.request("command", match_id=match_id, command=command.type,
                                     args=dict(command.args), at_seq=push["seq"])
            except ServerError as refused:  # the other seat moved first: a newer prompt comes
                assert refused.code == "stale_prompt", refused


async def watch(client: Client) -> list[dict]:
    frames = []
    while True:
        push = await client.next_push()
        frames.append(push)
        if push["type"] == "match_over":
            return frames


async def test_two_clients_play_to_the_end_and_the_replay_verifies(server):
    ann, bob, eve = [await Client.connect(server.url) for _ in range(3)]
    try:
        await ann.request("guest", name="Ann")
        await bob.request("register", username="bob", password="correct horse")
        await eve.request("guest", name="Eve")
        created = await ann.request("create_match", system="sbh", **SETUP)
        match_id = created["match_id"]
        assert created["seat"] == "a" and len(created["seed_commitment"]) == 64
        listed = await bob.request("list_open", system="sbh")
        assert [m["match_id"] for m in listed["matches"]] == [match_id]
        await ann.request("subscribe", match_id=match_id)  # waits for the start
        joined = await bob.request("join", match_id=match_id)
        assert joined == {"match_id": match_id, "seat": "b", "status": "active"}
        subscribed = await bob.request("subscribe", match_id=match_id)
        assert subscribed["players"] == {"a": "Ann (guest)", "b": "bob"}
        await eve.request("subscribe", match_id=match_id)  # a spectator
        ann_seen, bob_seen, eve_frames = await asyncio.wait_for(asyncio.gather(
            play_seat(ann, match_id, "a", 1), play_seat(bob, match_id, "b", 2), watch(eve)), 120)
    finally:
        for client in (ann, bob, eve):
            await client.close()

    document = await replay_document(server.store, match_id)
    last = document["events"][-1]["seq"]
    assert ann_seen == bob_seen == list(range(1, last + 1)), "every seat's stream is gapless"
    eve_seqs = [f["seq"] for f in eve_frames if f["type"] == "event"]
    assert eve_seqs == list(range(1, last + 1))
    secret = [e for e in document["events"] if e["event"].get("visible_to") is not None]
    assert secret, "the warband lists are secret events"
    shown = {f["seq"]: f["event"] for f in eve_frames if f["type"] == "event"}
    for record in secret:  # the spectator got the public part or a bare placeholder
        public = record["event"]["redacted"]
        got = shown[record["seq"]]
        assert got is None if public is None else got["data"] == public, record["seq"]
        assert "salt" not in repr(got) and "models" not in repr(got)
    assert document["result"]["winner"] in ("a", "b", None)
    assert verify_document(document).verified
    assert document["rules_version"] == get_system("sbh").rules_version
