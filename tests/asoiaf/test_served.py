"""A Song of Ice & Fire: Tactics hosted by the same server (issue 31, "Through the whole
product"): two players create and join an ASOIAF match over the protocol, play it from
their prompts to the end (seed 004, PLAYING THE GAME: set-up to the last round), and
its replay verifies. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import random

from clients.client import Client, ServerError
from server.replays import replay_document, verify_document
from server.rules.asoiaf.random_player import random_command
from server.rules.kernel import Decision, Prompt

SETUP = {"options": {"scenario": "learn_to_play"}}


ODDS_SEEN: list[dict] = []


async def check_odds(client: Client, match_id: str, decision: dict, seen: list) -> None:
    """The first attack offered: its exact odds over the protocol (the web client's
    hover), each distribution summing to 1."""
    offered = [o for o in decision["options"] if o["type"] == "attack"]
    if seen or not offered:
        return
    args = {"mode": offered[0]["args"]["mode"], "target": offered[0]["params"]["target"][0]}
    odds = await client.request("odds", match_id=match_id, command="attack", args=args)
    assert odds["kind"] == "asoiaf_attack" and odds["target"] == args["target"]
    for choice in odds["choices"]:
        assert abs(sum(p for _, p, _ in choice["wounds"]) - 1) < 1e-9
    seen.append(odds)


async def play(client: Client, match_id: str, seat: str, seed: int) -> dict:
    """Act from the prompts until the match ends; the match_over push."""
    rng = random.Random(seed)
    while True:
        push = await client.next_push("prompt", "match_over")
        if push["type"] == "match_over":
            return push
        if push["decision"] is None or not client.pushes.empty():
            continue
        await check_odds(client, match_id, push["decision"], ODDS_SEEN)
        command = random_command(Prompt((Decision.from_wire(push["decision"]),)), seat, rng)
        while True:
            try:
                await client.request("command", match_id=match_id, command=command.type,
                                     args=dict(command.args), at_seq=push["seq"])
            except ServerError as refused:
                if refused.code == "rate_limited":  # (a bot's pace: retryable, as it says)
                    await asyncio.sleep(0.2)
                    continue
                # the other seat moved first: a newer prompt comes
                assert refused.code == "stale_prompt", refused
            break


async def test_an_asoiaf_match_is_played_over_the_protocol_and_its_replay_verifies(server):
    ann, bob = await Client.connect(server.url), await Client.connect(server.url)
    try:
        await ann.request("guest", name="Ann")
        await bob.request("guest", name="Bob")
        created = await ann.request("create_match", system="asoiaf", **SETUP)
        match_id = created["match_id"]
        waiting = await ann.request("subscribe", match_id=match_id)
        await bob.request("join", match_id=match_id)
        joined = await bob.request("subscribe", match_id=match_id)
        # the match's system, for a client to choose its board before the first view
        assert waiting["system"] == joined["system"] == "asoiaf"
        over, _ = await asyncio.wait_for(asyncio.gather(
            play(ann, match_id, "a", 1), play(bob, match_id, "b", 2)), 120)
    finally:
        await ann.close()
        await bob.close()
    assert over["result"]["reason"]
    assert ODDS_SEEN, "no attack was offered in the whole match"
    ODDS_SEEN.clear()
    document = await replay_document(server.store, match_id)
    assert document["system"] == "asoiaf" and len(document["events"]) > 10
    verdict = verify_document(document)
    assert verdict.status == "verified", verdict
