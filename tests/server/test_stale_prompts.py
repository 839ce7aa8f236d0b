"""`at_seq` (docs/protocol.md, `command`): a command sent from a prompt is refused as
`stale_prompt` once that prompt is used up: the seat acted since, or the match moved on
in a way that changed what the seat is asked. Only other seats acting, leaving its
decision as it was, does not make it stale: two players who submit their secret lists
at the same moment both get them in (seed 000, SELECTING FIGURES: both lists are
chosen before either is revealed)."""

from __future__ import annotations

import pytest

from clients.client import ServerError
from clients.session import Session
from server.matches.actor import MatchActor
from server.matches.rules_host import Asked, Status, Wire
from server.rules.sbh.presets import preset


async def guest(server, name: str) -> Session:
    session = await Session.open(server.url)
    await session.guest(name)
    return session


async def test_lists_submitted_at_once_are_both_taken(server):
    async with await guest(server, "Ann") as ann, await guest(server, "Bob") as bob:
        match_id = (await ann.create_match("sbh", board_size=24))["match_id"]
        await bob.join(match_id)
        ann_stream, bob_stream = await ann.watch(match_id), await bob.watch(match_id)
        first = [(await stream.next("prompt")) for stream in (ann_stream, bob_stream)]
        assert [p["seq"] for p in first] == [0, 0]
        assert all(p["decision"]["options"][0]["type"] == "submit_list" for p in first)

        await ann.command(match_id, "submit_list", {"list": preset("elves"), "salt": "a"},
                          at_seq=0)
        # Bob chose his list from the prompt at seq 0; Ann's commitment (seq 1) left his
        # decision as it was, so his command still stands.
        answer = await bob.command(match_id, "submit_list",
                                   {"list": preset("goblins"), "salt": "b"}, at_seq=0)
        assert answer["first_seq"] == 2
        while (await ann_stream.next("event"))["event"]["type"] != "lists_revealed":
            pass

        # Ann's own command used her prompt at seq 0 up: sending from it again is stale.
        with pytest.raises(ServerError) as refused:
            await ann.command(match_id, "submit_list", {"list": preset("elves"), "salt": "c"},
                              at_seq=0)
        assert refused.value.code == "stale_prompt"
        assert refused.value.details["seq"] >= 3


def test_a_decision_changed_by_the_other_seat_uses_the_prompt_up():
    """The actor's bookkeeping, seq by seq: Bob's command at seq 1 leaves Ann's
    decision as it was (her prompt at seq 0 still stands); his command at seq 2
    changes it (her prompts before seq 2 are used up). (Her own command using her
    prompts up is the test above, over the wire.)"""
    actor = MatchActor(None, "m", None, {}, {"a": "ann", "b": "bob"}, b"", None)
    choose, attack = Wire(b"\x81\xa1t\xa1c"), Wire(b"\x81\xa1t\xa1x")
    actor.take(Status(0, Asked(("a", "b"), {"a": choose, "b": choose}), False, None))
    actor.take(Status(1, Asked(("a",), {"a": choose}), False, None))  # Bob acted
    assert actor.prompt_is_current("a", 0) and actor.prompt_is_current("a", 1)
    assert not actor.prompt_is_current("b", 0)  # his decision went
    actor.take(Status(2, Asked(("a",), {"a": attack}), False, None))
    assert [actor.prompt_is_current("a", seq) for seq in (0, 1, 2, 3)] == [
        False, False, True, False]
