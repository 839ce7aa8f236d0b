"""The takeback error codes' scenarios for test_errors.py (docs/protocol.md, Takebacks),
kept here so that file stays readable: each plays secret bids (a bid is one event and a
decision of its own) and returns the refusal."""

from __future__ import annotations


async def takebacks_not_allowed(server):
    from tests.server.test_errors import expect, started_match
    ann, bob, match_id = await started_match(server, system="faulty-bids", takebacks=False)
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    return await expect(server, ann, "takeback_offer", match_id=match_id, to_seq=0)


async def not_a_decision_point(server):
    from tests.server.test_errors import expect, started_match
    ann, bob, match_id = await started_match(server, system="faulty-bids")
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    return await expect(server, ann, "takeback_offer", match_id=match_id, to_seq=1)


async def takeback_pending(server):
    from tests.server.test_errors import expect, started_match
    ann, bob, match_id = await started_match(server, system="faulty-bids")
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    await ann.request("takeback_offer", match_id=match_id, to_seq=0)
    return await expect(server, bob, "takeback_offer", match_id=match_id, to_seq=1)


async def no_takeback_offer(server):
    from tests.server.test_errors import expect, started_match
    ann, bob, match_id = await started_match(server, system="faulty-bids")
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    return await expect(server, bob, "takeback_answer", match_id=match_id, accept=True)
