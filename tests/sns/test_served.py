"""Swords & Sorcery hosted by the same server (issue 34, "Through the whole
product"): two random bots create and join an `sns` match over the protocol,
play it from their prompts to the end, and its replay verifies."""

from __future__ import annotations

from server.replays import replay_document, verify_document
from server.rules.sns.random_player import random_command
from tests.served_match import two_guests_play

SETUP = {"options": {"layout": "open", "last_turn": 3}}


async def test_an_sns_match_is_played_over_the_protocol_and_its_replay_verifies(server):
    """seed 003, BASIC SCENARIO, to its end (abandoning the field or the turn limit)."""
    match_id, over, _ = await two_guests_play(server.url, "sns", SETUP, random_command)
    assert over["result"]["reason"]
    document = await replay_document(server.store, match_id)
    assert document["system"] == "sns" and len(document["events"]) > 10
    verdict = verify_document(document)
    assert verdict.status == "verified", verdict
