"""A Hero Cleric's healing roll and the Hero's re-roll (seed 000, HERO (P):
"once per game, a Hero model can re-roll one die roll, be it a Combat or
Quality roll"; CLERIC (P): "By rolling one or more successes on his Quality
roll, a Cleric heals that many points of Quality loss")."""

from __future__ import annotations

from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, types


def test_a_hero_cleric_may_reroll_a_failed_healing_die(dice):
    """seed 000, HERO (P): the once-a-game re-roll covers any Quality roll, so
    the healing roll on three dice (one automatic success, two rolled) too."""
    state = battle(fig("a1", "High Priest", 3, 2, (5, 5), rules=["Cleric", "Hero"]),
                   fig("a2", "Knight", 3, 3, (6, 5), wounds=2),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(4, 4)  # activation on 3 dice: the automatic success and two rolled
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3)
    dice.fix(5, 1)  # healing on 3 dice: automatic, 5 and 1 -- two successes
    state, events = act(state, "a", "heal", dice, target="a2", dice=3)
    assert "healed" not in types(events) and state.pending[-1]["kind"] == "hero_quality"
    assert SYSTEM.prompt(state).for_seat("a").options[0].params == {"die": [1]}
    dice.fix(6)
    state, events = act(state, "a", "hero_reroll", dice, die=1)
    assert first(events, "hero_rerolled").data == {"figure": "a1", "old": 1, "new": 6}
    assert first(events, "healed").data["healed"] == 2
    assert state.figures["a2"].wounds == 0 and state.figures["a1"].hero_reroll_used
    assert state.activation.actions == 2
