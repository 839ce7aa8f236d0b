"""Quick pairing's shared test steps (tests/server/test_seeks.py on one node,
tests/cluster/test_shared_pool.py across two): a rated player 400 points above a new
one, both seeking; with the window widening by the second, they are paired."""

from __future__ import annotations

from sqlalchemy import insert

from server import seeks
from server.store.schema import ratings

SBH_300 = {"system": "sbh", "scenario": "all_out_battle", "points_limit": 300,
           "board_size": 24}


async def paired_across_a_wide_gap(ann, bob, store, monkeypatch) -> dict:
    """Ann ("ann_strong", given 1900 here) and Bob (new: 1500) seek rated games; the
    window grows 300 points a second (not a minute): each is told of the same match,
    which is rated. Its seek_paired push."""
    async with store.engine.begin() as conn:  # (Ann has played: 1900)
        await conn.execute(insert(ratings).values(
            account_id=(await store.account(username="ann_strong"))["id"],
            system="sbh", category="standard", rating=1900.0, rd=60.0, volatility=0.06,
            games=40, last_played_at=None))
    monkeypatch.setattr(seeks, "WINDOW_GROWTH", 300.0)  # (seconds, not minutes, of waiting)
    monkeypatch.setattr(seeks, "SWEEP_SECONDS", 0.2)
    rated = SBH_300 | {"rated": True}
    assert (await ann.request("seek", **rated))["status"] == "waiting"
    assert (await bob.request("seek", **rated))["status"] == "waiting"  # 400 apart
    told = await bob.next_push("seek_paired", timeout=5)  # after about a second
    again = await ann.next_push("seek_paired", timeout=5)
    assert told["match_id"] == again["match_id"]
    assert (await store.match(told["match_id"]))["rated"]
    return told
