"""Leaving melee and free hacks (seed 000, RECOILING, LEAVING MELEE COMBAT,
LEAVING MELEE - MULTIPLE OPPONENTS)."""

from __future__ import annotations

from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types


def test_leaving_two_enemies_owner_orders_the_free_hacks(dice):
    """seed 000, LEAVING MELEE - MULTIPLE OPPONENTS: 'the order in which these
    Free Hacks are rolled is chosen by the retreating model'."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                   fig("b2", "Goblin", 4, 2, (5, 6)))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(4, 5))
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "a"
    assert decision.options[0].type == "free_hack_order"
    assert sorted(decision.options[0].params["hacker"]) == ["b1", "b2"]
    # Outnumbered, the elf defends at C2 (seed 000, OUTNUMBERED: 'applied to
    # any Free Hacks performed against him'): goblin 2+3 vs 2+3 tie; orc 3+2 vs 2+5.
    dice.fix(3, 3, 2, 5)
    state, events = act(state, "a", "free_hack_order", dice, hacker="b2")
    hacks = [e for e in events if e.type == "melee"]
    assert [e.data["attacker"] for e in hacks] == ["b2", "b1"]
    assert all(e.data["free_hack"] for e in hacks)
    assert state.figures["a1"].pos[:2] == (4, 5)  # both missed: the elf moves away


def test_a_free_hack_that_strikes_stops_the_rest_and_the_move(dice):
    """seed 000, LEAVING MELEE - MULTIPLE OPPONENTS: 'If the effect of a Free
    Hack makes the retreating model an invalid target for further Free Hacks ...
    the additional Free Hacks are not performed.'"""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                   fig("b2", "Goblin", 4, 2, (5, 6)))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "step", dice, to=h(4, 5))
    dice.fix(4, 2)  # orc 3+4 = 7 vs elf 3-1 (outnumbered)+2 = 4: falls (even)
    state, events = act(state, "a", "free_hack_order", dice, hacker="b1")
    assert types(events).count("melee") == 1
    assert state.figures["a1"].fallen and state.figures["a1"].pos[:2] == (5, 5)


def test_free_hack_defender_cannot_hurt_the_hacker(dice):
    """seed 000, MELEE: 'The target of the Free Hack rolls a combat die as
    normal, but his roll is purely defensive.'"""
    state = battle(fig("a1", "Elf", 3, 5, (5, 5)), fig("b1", "Goblin", 4, 1, (6, 5)))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(1, 6)  # goblin 1+1 vs elf 5+6: the elf "wins" but cannot hurt
    state, events = act(state, "a", "step", dice, to=h(4, 5))
    assert first(events, "melee").data["result"] == "none"
    assert state.figures["b1"].on_table and state.figures["a1"].pos[:2] == (4, 5)


def test_flying_model_disengaging_is_hacked_only_by_the_flyer(dice):
    """seed 000, LEAVING MELEE COMBAT EXAMPLE: 'A Flying model is trying to
    disengage from a melee with two enemies, one Flying and one not. The
    retreating model will receive a Free Hack from the Flying opponent but NOT
    from the non-Flying opponent.'"""
    state = battle(fig("a1", "Griffin", 3, 4, (5, 5), rules=["Flying"]),
                   fig("b1", "Harpy", 4, 2, (6, 5), rules=["Flying"]),
                   fig("b2", "Orc", 4, 3, (5, 6)))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(2, 2)  # harpy 2+2 vs griffin 4+2: miss
    state, events = act(state, "a", "step", dice, to=h(4, 5))
    assert [e.data["attacker"] for e in events if e.type == "melee"] == ["b1"]


def test_no_free_hack_from_a_fallen_enemy(dice):
    """seed 000, LEAVING MELEE COMBAT: 'can do it freely if the opponent is
    fallen, entangled, or transfixed'."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5), fallen=True))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(4, 5))
    assert "melee" not in types(events)


def test_recoil_into_contact_with_another_enemy_gives_it_a_free_hack(dice):
    """seed 000, RECOILING: 'If the recoil brings the model in contact with any
    active ... opponent, the enemy model gets one Free Hack'."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                   fig("a2", "Elf", 3, 3, (8, 4)))
    dice.fix(3, 5, 2)  # elf 3+5 = 8 vs orc 3+2 = 5: recoil (odd, not doubled)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    dice.fix(2, 2)  # elf a2 free hack 3+2 vs orc 3+2: tie
    state, events = act(state, "b", "recoil", dice, to=h(7, 4))
    hack = first(events, "melee")
    assert hack.data["attacker"] == "a2" and hack.data["free_hack"]


def test_no_space_to_recoil_means_a_fall(dice):
    """seed 000, NO SPACE TO RECOIL: 'the recoiling model automatically falls'."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                   terrain={(7, 5): "boulder", (7, 4): "boulder", (6, 6): "boulder"})
    dice.fix(3, 5, 2)  # 8 vs 5: the orc recoils
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "fell").data["figure"] == "b1"


def test_recoiling_player_may_fall_instead(dice):
    """seed 000, NO SPACE TO RECOIL: 'A player may also declare that his model is
    falling instead of recoiling at any time.'"""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)))
    dice.fix(3, 5, 2)  # 8 vs 5: the orc recoils
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    state, events = act(state, "b", "fall", dice)
    assert state.figures["b1"].fallen and state.figures["b1"].pos[:2] == (6, 5)


def test_recoil_through_a_friend_lands_behind_it(dice):
    """seed 000, RECOILING: 'may also recoil through an adjacent friend (just
    place the recoiling model behind the friend)'."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                   fig("b2", "Orc", 4, 3, (7, 5)))
    dice.fix(3, 5, 2)  # 8 vs 5: the orc recoils
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    options = SYSTEM.prompt(state).decisions[0].options[0].params["to"]
    assert h(8, 5) in options and h(7, 5) not in options
