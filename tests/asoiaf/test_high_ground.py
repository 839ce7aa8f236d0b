"""High Ground (seed 004, TERRAINS, HIGH GROUND) on the Learn to Play battlefield,
whose hill is the squares (9-11, 2-4). Dice scripted."""

from server.rules.asoiaf.state import Model
from tests.asoiaf.conftest import mid_round, run

# Baratheon Warden: Halberd, 2 dice hitting on 6+
ATTACK = {"mode": 0, "target": "b1", "improvements": []}


def wardens(attacker, defender):
    return mid_round((Model("a1", "Baratheon Warden", "a", 2, square=attacker, ap=2,
                            activated=True),
                      Model("b1", "Baratheon Warden", "b", 2, square=defender)))


def attack_results(state, defence=()):
    """The attack results of a1's rolled 4 and 3, then `defence`: a defence die
    (a 1) for each hit."""
    _, events = run(state, "a", "attack", ATTACK, (4, 3, *defence))
    rolled = next(e for e in events if e.type == "attack_rolled")
    return rolled.data["attack_results"]


def test_a_model_on_high_ground_gains_2_against_an_enemy_below():
    """seed 004, TERRAINS, HIGH GROUND: "Models on High Ground gain +2 to attack rolls
    against enemies not on High Ground" (the terrain card's requirement on_high_ground)."""
    assert attack_results(wardens((9, 4), (9, 5)), defence=(1,)) == [6, 5]


def test_no_bonus_when_both_stand_on_high_ground_or_the_attacker_is_below():
    """seed 004, TERRAINS, HIGH GROUND: "against enemies not on High Ground" — and only
    for "Models on High Ground"."""
    assert attack_results(wardens((9, 3), (9, 4))) == [4, 3]
    assert attack_results(wardens((9, 5), (9, 4))) == [4, 3]
