"""Agreed draws (docs/rules/sbh.md, "Agreed draws": not in the book, a convention of
competitive play on the server). Either player may offer a draw during the battle;
the opponent is asked at once, accepts (no winner) or declines, and playing on
declines it."""

from __future__ import annotations

import pytest

from server.rules.checksum import canonical, state_digest
from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, types


def two_sides():
    return battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (5, 12)))


def asked(state) -> dict[str, list[str]]:
    return {d.seat: [o.type for o in d.options] for d in SYSTEM.prompt(state).decisions}


def test_an_offer_asks_the_opponent_at_once_and_acceptance_ends_in_a_draw(dice):
    """Agreed draws: "the opponent is asked at once ... accepts (no winner)"."""
    state, events = act(two_sides(), "a", "offer_draw", dice)
    assert types(events) == ["draw_offered"]
    choices = asked(state)
    assert choices["b"][:2] == ["accept_draw", "decline_draw"]  # b answers on a's turn
    assert "activate" in choices["a"]  # a plays on meanwhile
    state, events = act(state, "b", "accept_draw", dice)
    ended = first(events, "game_ended")
    assert ended.data["winner"] is None and ended.data["reason"] == "draw agreed"
    assert SYSTEM.is_over(state) and SYSTEM.result(state).winner is None


def test_a_declined_offer_is_gone_and_the_opponent_no_longer_asked(dice):
    state, _ = act(two_sides(), "a", "offer_draw", dice)
    state, events = act(state, "b", "decline_draw", dice)
    assert first(events, "draw_declined").data == {"seat": "b", "reason": "declined"}
    assert list(asked(state)) == ["a"] and state.draw_offer is None
    with pytest.raises(RulesError):
        act(state, "b", "accept_draw", dice)


def test_playing_on_declines_the_offer(dice):
    """Agreed draws: "playing on declines it" - b offers on a's turn; a activates."""
    state, _ = act(two_sides(), "b", "offer_draw", dice)
    assert asked(state)["a"][:2] == ["accept_draw", "decline_draw"]
    dice.fix(4)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=1)
    assert types(events)[:2] == ["draw_declined", "activated"]
    assert first(events, "draw_declined").data["reason"] == "played on"
    assert state.draw_offer is None


def test_one_offer_at_a_time_and_none_before_the_battle(dice):
    state, _ = act(two_sides(), "a", "offer_draw", dice)
    for seat in ("a", "b"):
        with pytest.raises(RulesError, match="offer|answer"):
            act(state, seat, "offer_draw", dice)
    with pytest.raises(RulesError, match="no offer of a draw"):
        act(two_sides(), "b", "accept_draw", dice)
    setting_up = SYSTEM.initial({"options": {"scenario": "all_out_battle"}})
    with pytest.raises(RulesError, match="once the battle has begun"):
        act(setting_up, "a", "offer_draw", dice)


def test_a_state_with_no_offer_digests_as_before_draws_existed(dice):
    """docs/protocol.md, State checksums: a field that joined later is left out while at
    its default, so replays recorded before draws still fold to their checksums."""
    state = two_sides()
    assert "draw_offer" not in canonical(state)
    offered, _ = act(state, "a", "offer_draw", dice)
    assert canonical(offered)["draw_offer"] == "a"
    assert state_digest(offered) != state_digest(state)
