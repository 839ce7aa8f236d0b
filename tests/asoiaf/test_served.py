"""A Song of Ice & Fire: Tactics hosted by the same server (issue 31, "Through the whole
product"): two players create and join an ASOIAF match over the protocol, play it from
their prompts to the end (seed 004, PLAYING THE GAME: set-up to the last round), and
its replay verifies. On SQLite and PostgreSQL."""

from __future__ import annotations

from clients.client import Client
from server.replays import replay_document, verify_document
from server.rules.asoiaf.random_player import random_command
from tests.served_match import two_guests_play

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


async def test_an_asoiaf_match_is_played_over_the_protocol_and_its_replay_verifies(server):
    async def odds_of_the_first_attack(client, match_id, decision) -> None:
        await check_odds(client, match_id, decision, ODDS_SEEN)

    match_id, over, (waiting, joined) = await two_guests_play(
        server.url, "asoiaf", SETUP, random_command, odds_of_the_first_attack)
    # the match's system, for a client to choose its board before the first view
    assert waiting["system"] == joined["system"] == "asoiaf"
    assert over["result"]["reason"]
    assert ODDS_SEEN, "no attack was offered in the whole match"
    ODDS_SEEN.clear()
    document = await replay_document(server.store, match_id)
    assert document["system"] == "asoiaf" and len(document["events"]) > 10
    verdict = verify_document(document)
    assert verdict.status == "verified", verdict
