"""Ropes and ladders (seed 003, TERRAIN: "Only units described as "scalers" can
climb flat walls without ropes and ladders"; SAMPLE UNITS, Porter: "Carry
supplies such as ammo, ladders and ropes"): a figure on foot climbs a flat
wall with the Porter's ladders at hand (docs/rules/sns.md, "Ropes and
ladders")."""

from server.rules.kernel import Command
from server.rules.sns import climbing
from server.rules.sns.system import SYSTEM
from tests.sns.table import events_of, figure, run, table


def farm(*extra, **changes):
    """A Swordsman against the west field wall (1" high) of the walled farm."""
    return table(("a1", "Swordsman", 90, 89), *extra, ("b1", "Orc", 300, 200, 180),
                 layout="walled_farm", phase="slow_move", acting="a", **changes)


def test_a_porter_beside_a_climber_at_the_wall_brings_the_ladders(dice):
    """Without ropes and ladders the Swordsman (no Scaler) may not climb the
    wall; with a Porter in base contact with him and at the same wall he
    climbs it, the event naming whose ladders."""
    alone = farm()
    assert not climbing.may_climb(alone, alone.figure("a1"))
    state = farm(("a2", "Porter", 80, 89))
    assert climbing.may_climb(state, state.figure("a1"))
    climb = [o for d in SYSTEM.prompt(state).decisions for o in d.options
             if o.type == "climb" and o.args["figure"] == "a1"]
    assert climb and "Porter's ladders" in climb[0].label
    to = climbing.FarSide(state, state.figure("a1")).values()[0]
    state, events = run(state, Command("a", "climb", {"figure": "a1", "to": to}), dice)
    began = events_of(events, "climb_began")[0]
    assert began["ladder"] == "a2" and began["arrives"] == 2


def test_the_porter_climbs_with_its_own_ladders():
    """The Porter carries them: it climbs a wall itself."""
    state = farm(("a2", "Porter", 80, 89))
    assert climbing.may_climb(state, state.figure("a2"))


def test_no_ladders_from_a_porter_away_routing_or_of_the_enemy():
    """The ladders are where the Porter is: not from one out of contact with the
    climber, nor a routing one, nor the enemy's."""
    away = farm(("a2", "Porter", 60, 89))
    assert not climbing.may_climb(away, away.figure("a1"))
    routing = farm(figure("a2", "Porter", 80, 89, routing=True))
    assert not climbing.may_climb(routing, routing.figure("a1"))
    enemy = farm(("b2", "Porter", 80, 89, 180))
    assert not climbing.may_climb(enemy, enemy.figure("a1"))


def test_a_scaler_needs_no_ladders(dice):
    """"Only units described as "scalers" can climb flat walls without ropes and
    ladders": the Goblin Scout's climb names no ladders."""
    state = table(("a1", "Goblin Scout", 90, 89), ("a2", "Porter", 80, 89),
                  ("b1", "Orc", 300, 200, 180), layout="walled_farm", phase="slow_move",
                  acting="a")
    to = climbing.FarSide(state, state.figure("a1")).values()[0]
    _, events = run(state, Command("a", "climb", {"figure": "a1", "to": to}), dice)
    assert "ladder" not in events_of(events, "climb_began")[0]
