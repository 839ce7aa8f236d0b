"""A whole match of any rules system played over the protocol by two guests acting
from their prompts with a rules package's random player (tests/asoiaf, tests/sns):
each seat sends what its player picks from the pushed decision, and the replay is
then checked by the caller."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

from clients.client import Client, ServerError
from server.rules.kernel import Decision, Prompt


async def play(client: Client, match_id: str, seat: str, seed: int, choose,
               before: Callable[[Client, str, dict], Awaitable[None]] | None = None,
               decisions: int | None = None) -> dict | None:
    """Act from the prompts until the match ends (`choose(prompt, seat, rng)` gives the
    command; `before` sees each decision first); the match_over push. Or, given
    `decisions`, stop after that many (then None)."""
    rng = random.Random(seed)
    while decisions is None or decisions > 0:
        push = await client.next_push("prompt", "match_over")
        if push["type"] == "match_over":
            return push
        if push["decision"] is None or not client.pushes.empty():
            continue
        if before is not None:
            await before(client, match_id, push["decision"])
        command = choose(Prompt((Decision.from_wire(push["decision"]),)), seat, rng)
        while True:
            try:
                await client.request("command", match_id=match_id, command=command.type,
                                     args=dict(command.args), at_seq=push["seq"])
            except ServerError as refused:
                if refused.code == "rate_limited":  # (a bot's pace: retryable, as it says)
                    await asyncio.sleep(0.2)
                    continue
                # the other seat moved (or declared) first: a newer prompt comes
                assert refused.code == "stale_prompt", refused
            break
        decisions = None if decisions is None else decisions - 1
    return None


async def two_guests_play(url: str, system: str, setup: dict, choose, before=None):
    """Ann creates, Bob joins, both play to the end: (match id, the match_over push,
    Ann's and Bob's subscribe replies)."""
    ann, bob = await Client.connect(url), await Client.connect(url)
    try:
        await ann.request("guest", name="Ann")
        await bob.request("guest", name="Bob")
        match_id = (await ann.request("create_match", system=system, **setup))["match_id"]
        waiting = await ann.request("subscribe", match_id=match_id)
        await bob.request("join", match_id=match_id)
        joined = await bob.request("subscribe", match_id=match_id)
        over, _ = await asyncio.wait_for(asyncio.gather(
            play(ann, match_id, "a", 1, choose, before),
            play(bob, match_id, "b", 2, choose, before)), 120)
    finally:
        await ann.close()
        await bob.close()
    return match_id, over, (waiting, joined)
