"""Passive abilities on attack and defence rolls (seed 004, ABILITIES), dice
scripted."""

from server.rules.asoiaf import passives
from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import _field, _pack
from server.rules.kernel import Command
from tests.asoiaf.conftest import decide, mid_round


def table(active, *others, seat="b"):
    uid, card, square = active
    models = (Model(uid, card, uid[0], 3, square=square, ap=2, activated=True),) + tuple(
        Model(o_uid, o_card, o_uid[0], 4, square=o_square) for o_uid, o_card, o_square in others)
    return mid_round(models, copper=(0, 0), active=uid, seat=seat)


def test_two_wardens_of_the_stag_give_robert_only_plus_1():
    """seed 004, ABILITIES: "Robert Baratheon is engaged with the enemy and in contact
    with two Baratheon Wardens from his warband. He only receives +1 to rolls since
    both WARDEN OF THE STAG don't stack"."""
    state = table(("b1", "Stark Sellsword", (4, 11)),
                  ("a1", "Robert Baratheon", (3, 11)),
                  ("a2", "Baratheon Warden", (3, 10)),
                  ("a3", "Baratheon Warden", (3, 12)))
    pack, field = _pack(), _field(state)
    assert passives.roll_modifier(state, pack, field, "a1", "defence") == 1
    assert passives.roll_modifier(state, pack, field, "a1", "attack") == 0
    assert passives.roll_modifier(state, pack, field, "a2", "defence") == 0  # not a hero
    events = decide(state, Command("b", "attack", {"mode": 0, "target": "a1",
                                                   "improvements": []}), 8, 4)
    assert events[1].data["defence_results"] == [5] and events[1].data["wounds"] == 0


def test_a_hero_not_engaged_gets_nothing_from_the_warden():
    """WARDEN OF THE STAG: "Friendly heroes engaged with this model gain +1": only
    while the hero is engaged."""
    state = table(("b1", "Stark Sellsword", (10, 11)),
                  ("a1", "Robert Baratheon", (3, 11)),
                  ("a2", "Baratheon Warden", (3, 10)))
    assert passives.roll_modifier(state, _pack(), _field(state), "a1", "defence") == 0


def test_sword_of_the_morning_takes_1_from_engaged_enemy_soldiers_defence():
    """seed 004, ABILITIES: "are passive abilities. These are always active"; SWORD
    OF THE MORNING (our card): "Enemy soldiers engaged with this model subtract 1
    from their defence rolls"."""
    state = table(("b1", "Arthur Dayne", (4, 11)),
                  ("a1", "Baratheon Warden", (3, 11)),
                  ("a2", "Baratheon Warden", (10, 11)))
    events = decide(state, Command("b", "attack", {"mode": 0, "target": "a1",
                                                   "improvements": []}), 6, 1, 1, 5)
    assert events[1].data["defence_results"] == [4] and events[1].data["wounds"] == 1
