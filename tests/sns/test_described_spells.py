"""Described parameters for spells and climbs (docs/protocol.md, "Described
parameters"): seed 003, SPELLS, Fireball "Range = 10" affects all units in 2"
radius" (a point within range: shape "point"), Teleport "Move self or unit
within 10" anywhere on table" (shape "placement" over the whole table); TERRAIN,
"Noncavalry units can climb at a rate of 1" turn" (the far side: shape
"climb"). Each description is exactly the server's test, bots sample from it,
and the listed sample stays."""

import random
from dataclasses import replace

from server.rules.board.measured_areas import (
    climb_fits,
    placement_fits,
    point_fits,
    sample_description,
)
from server.rules.dice import SeededDice
from server.rules.kernel import CommandSpec, Decision, Prompt
from server.rules.sns.casting import Landing, Points
from server.rules.sns.climbing import FarSide
from server.rules.sns.random_player import random_command
from server.rules.sns.spells import spells
from server.rules.sns.system import SYSTEM
from tests.sns.table import table

WALL = ("stone wall 1", ((50, 130), (150, 130), (150, 135), (50, 135)), "wall", True, 30)


def _agree(values, fits, centre, spread, rng, draws=600):
    """`fits(description)` judges exactly as the server's own parameter, on
    points drawn round `centre` (and the listing is inside)."""
    description = values.describe()
    inside = 0
    for _ in range(draws):
        p = [centre[0] + rng.randint(-spread, spread), centre[1] + rng.randint(-spread, spread)]
        assert (p in values) == fits(description, p), p
        inside += p in values
    assert 0 < inside < draws  # (both sides of the edge were tried)
    assert all(fits(description, p) for p in values)


def _ranged_caster():
    return table(("a1", "Wizard", 60, 200), ("a2", "Swordsman", 100, 190),
                 ("b1", "Orc", 120, 60, 180), ("b2", "Orc", 300, 40, 180),
                 phase="ranged", acting="a", hands=(("a1", ("Fireball", "Teleport")),))


def test_a_spell_point_is_described_as_a_point_within_reach():
    """Fireball "Range = 10"": any point on the table within 10" of the caster's
    rim (near the table's corner, so the edges are tried too)."""
    state = _ranged_caster()
    points = Points(state, state.figure("a1"), spells()["Fireball"])
    described = points.describe()
    assert described == {"shape": "point", "from": [60, 200], "radius": 5, "reach": 100,
                         "table": [360, 240]}
    _agree(points, point_fits, (60, 200), 130, random.Random(1))


def test_teleport_s_landing_is_a_placement_over_the_whole_table():
    """Teleport "anywhere on table": on the table, on no base, in no solid piece."""
    state = table(("a1", "Wizard", 100, 150), ("a2", "Swordsman", 120, 150),
                  ("b1", "Orc", 100, 100, 180), layout="walled_farm")
    landing = Landing(state, state.figure("a2"))
    described = landing.describe()
    assert described["shape"] == "placement" and described["rows"] == [0, 240]
    assert [150, 150] not in described["others"]  # (the teleported figure's own base)
    _agree(landing, placement_fits, (100, 110), 120, random.Random(2), draws=1500)


def test_a_climb_s_far_side_is_described():
    """A Goblin Scout ("scalers") at a 3" stone wall: its far side as "climb"."""
    state = table(("a1", "Goblin Scout", 100, 141), ("b1", "Orc", 300, 30, 180),
                  phase="slow_move", acting="a")
    state = replace(state, layout=replace(state.layout, added=(WALL,)))
    far = FarSide(state, state.figure("a1"))
    described = far.describe()
    assert described["shape"] == "climb" and described["reach"] == 30
    assert [p["name"] for p in described["climbable"]] == ["stone wall 1"]
    _agree(far, climb_fits, (100, 141), 40, random.Random(3), draws=1500)


def test_the_prompt_carries_the_descriptions_and_bots_sample_points_the_server_takes():
    """On the wire: the cast options describe their point and landing, the listed
    sample kept; a bot reading the wire prompt draws values the server accepts."""
    state = _ranged_caster()
    prompt = SYSTEM.prompt(state)
    casts = [s for s in prompt.for_seat("a").options if s.type == "cast"]
    wired = [CommandSpec.from_wire(s.to_wire()) for s in casts]
    fireball = next(w for w, s in zip(wired, casts, strict=True) if s.args["spell"] == "Fireball")
    assert fireball.to_wire()["described"]["point"]["shape"] == "point"
    assert list(fireball.params["point"]) == list(next(
        s for s in casts if s.args["spell"] == "Fireball").params["point"])
    teleports = [w for w in wired if w.args["spell"] == "Teleport"]
    assert teleports and all(w.to_wire()["described"]["to"]["shape"] == "placement"
                             for w in teleports)
    rng = random.Random(4)
    for spec in wired:
        for name, values in spec.params.items():
            if hasattr(values, "describe"):
                drawn = sample_description(values.describe(), rng)
                assert drawn is not None
                server = next(s for s in casts if s.args == spec.args).params[name]
                assert drawn in server
    wire_prompt = Prompt((Decision.from_wire(prompt.for_seat("a").to_wire()),))
    for seed in range(20):
        command = random_command(wire_prompt, "a", random.Random(seed))
        assert SYSTEM.decide(state, command, SeededDice(b"x%d" % seed))  # (accepted)
