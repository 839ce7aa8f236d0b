"""What a figure did "this turn" ends with the turn, for both sides (seed 000,
DASHING; AMBUSH BONUS; COMBAT MASTER), and recoiling through a friend stops at
a wall behind it (seed 000, RECOILING; NO SPACE TO RECOIL)."""

from __future__ import annotations

from server.rules.sbh.combat import recoil_options
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h


def test_dashing_gives_nothing_on_a_free_hack_in_the_enemys_next_turn(dice):
    """seed 000, DASHING: 'The model receives +1 to his Combat score (in
    hand-to-hand combat only) if he attacks in the same turn he comes in contact
    with an enemy. On any other attack, his Combat score is unaffected.' The
    knight charges in its own turn with no action left to attack; in the man's
    turn the man walks away and the knight's free hack is a plain 3 + 2."""
    state = battle(fig("a1", "Knight", 3, 3, (5, 5), rules=("Dashing",)),
                   fig("b1", "Man", 3, 3, (8, 5)))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "move", dice, to=h(7, 5))
    assert first(events, "moved").data["contact"] is True
    assert state.active_seat == "b"  # (a1 was side a's only figure: the turn passed)
    assert not state.figures["a1"].contacted_this_turn
    dice.fix(3, 2, 2)  # b1's activation; the free hack: a1 2, b1 2
    state, _ = act(state, "b", "activate", dice, figure="b1", dice=1)
    state, events = act(state, "b", "move", dice, to=h(11, 5))
    melee = first(events, "melee").data
    assert melee["free_hack"] and melee["attacker"] == "a1"
    assert melee["modifiers"][0] == [] and melee["totals"] == [5, 5]


def test_an_ambusher_gets_no_ambush_bonus_on_a_free_hack_in_the_enemys_turn(dice):
    """seed 000, AMBUSH BONUS: 'Ambushers also attack in close combat at +1 in
    any turn which they started hidden.' The elf, hidden behind a building as
    its turn began, attacks at +1 (a tie); in the orc's turn the orc walks away
    and the elf's free hack has no bonus: that turn did not start with the elf
    hidden. Its attack count is back to 0 there (COMBAT MASTER's "first
    attack" counts within a turn)."""
    state = battle(fig("a1", "Elf", 3, 3, (4, 6)), fig("b1", "Orc", 4, 3, (9, 5)),
                   fig("b2", "Orc", 4, 3, (20, 20)), active="b",
                   terrain={(6, 5): "building", (7, 5): "building", (8, 5): "building"})
    state, _ = act(state, "b", "pass", dice)
    dice.fix(3, 3, 1, 2)  # two actions; the attack: a1 1 (+1 ambush), b1 2
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, _ = act(state, "a", "move", dice, to=[8, 6])
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee").data
    assert "ambush +1" in melee["modifiers"][0] and melee["totals"] == [5, 5]
    assert state.active_seat == "b"
    assert state.figures["a1"].melee_attacks == 0
    dice.fix(4, 2, 2)  # b1's activation; the free hack: a1 2, b1 2
    state, _ = act(state, "b", "activate", dice, figure="b1", dice=1)
    state, events = act(state, "b", "move", dice, to=h(12, 5))
    hack = first(events, "melee").data
    assert hack["free_hack"] and hack["attacker"] == "a1"
    assert hack["modifiers"][0] == [] and hack["totals"] == [5, 5]


def test_no_recoil_through_a_friend_across_a_tall_wall():
    """seed 000, RECOILING: 'the recoiling model may also recoil through an
    adjacent friend (just place the recoiling model behind the friend)'; NO
    SPACE TO RECOIL: 'with its back against an impassable scenic feature such
    as a tree or a wall'. The hex behind the friend lies across a tall wall."""
    walled = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                    fig("b2", "Orc", 4, 3, (7, 5)), edges=[((7, 5), (8, 5), "tall_wall")])
    open_ = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                   fig("b2", "Orc", 4, 3, (7, 5)))
    for state, through in ((open_, True), (walled, False)):
        options = recoil_options(state, state.figures["b1"], state.figures["a1"])
        assert sorted(tuple(o[:2]) for o in options) == \
            sorted([(6, 6), (7, 4)] + ([(8, 5)] if through else []))


def test_a_figure_whose_only_recoil_is_through_a_friend_into_a_wall_falls(dice):
    """seed 000, NO SPACE TO RECOIL: 'If a model must recoil ... with its back
    against an impassable scenic feature such as a tree or a wall, the recoiling
    model automatically falls'. The orc's other two ways back are walled, and
    behind its friend stands a tall wall: the elf's recoil result (MELEE EXAMPLE
    dice, 3 + 5 against 4 + 2) makes it fall."""
    walls = [((6, 5), (6, 6), "tall_wall"), ((6, 5), (7, 4), "tall_wall"),
             ((7, 5), (8, 5), "tall_wall")]
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 4, (6, 5)),
                   fig("b2", "Orc", 4, 3, (7, 5)), fig("a2", "Elf", 3, 3, (1, 1)),
                   edges=walls)
    dice.fix(3, 5, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "melee").data["result"] == "recoil"
    assert first(events, "fell").data == {"figure": "b1", "reason": "no space to recoil"}
    assert state.figures["b1"].fallen and state.figures["b1"].pos[:2] == (6, 5)
    assert not any(o.type == "recoil" for d in SYSTEM.prompt(state).decisions
                   for o in d.options)
