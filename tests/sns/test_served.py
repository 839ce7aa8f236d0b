"""Swords & Sorcery hosted by the same server (issue 34, "Through the whole
product"): two random bots create and join an `sns` match over the protocol,
play it from their prompts to the end, and its replay verifies."""

from __future__ import annotations

import asyncio
import random

from clients.client import Client, ServerError
from server.replays import replay_document, verify_document
from server.rules.kernel import Decision, Prompt
from server.rules.sns.random_player import random_command

SETUP = {"options": {"layout": "open", "last_turn": 3}}


async def play(client: Client, match_id: str, seat: str, seed: int) -> dict:
    """Act from the prompts until the match ends; the match_over push."""
    rng = random.Random(seed)
    while True:
        push = await client.next_push("prompt", "match_over")
        if push["type"] == "match_over":
            return push
        if push["decision"] is None or not client.pushes.empty():
            continue
        command = random_command(Prompt((Decision.from_wire(push["decision"]),)), seat, rng)
        while True:
            try:
                await client.request("command", match_id=match_id, command=command.type,
                                     args=dict(command.args), at_seq=push["seq"])
            except ServerError as refused:
                if refused.code == "rate_limited":  # (a bot's pace: retryable)
                    await asyncio.sleep(0.2)
                    continue
                # the other seat declared first: a newer prompt comes
                assert refused.code == "stale_prompt", refused
            break


async def test_an_sns_match_is_played_over_the_protocol_and_its_replay_verifies(server):
    """seed 003, BASIC SCENARIO, to its end (abandoning the field or the turn limit)."""
    ann, bob = await Client.connect(server.url), await Client.connect(server.url)
    try:
        await ann.request("guest", name="Ann")
        await bob.request("guest", name="Bob")
        created = await ann.request("create_match", system="sns", **SETUP)
        match_id = created["match_id"]
        await ann.request("subscribe", match_id=match_id)
        await bob.request("join", match_id=match_id)
        await bob.request("subscribe", match_id=match_id)
        over, _ = await asyncio.wait_for(asyncio.gather(
            play(ann, match_id, "a", 1), play(bob, match_id, "b", 2)), 120)
    finally:
        await ann.close()
        await bob.close()
    assert over["result"]["reason"]
    document = await replay_document(server.store, match_id)
    assert document["system"] == "sns" and len(document["events"]) > 10
    verdict = verify_document(document)
    assert verdict.status == "verified", verdict
