"""The place of a table-changing spell, described (docs/protocol.md, "Described
parameters", shape "terrain_change"; issue 34): seed 003, SPELLS, Stone Wall
"10" long, 3" high, ½" thick, Permanent, Range = 10"", Fire Wall "10" long, 3"
high, ... Range = 10"" and Alter Terrain "Change the terrain in a 5" Radius
permanently, (Add or remove obstacles), Range = 10"". The description's judge
(measured_areas.terrain_change_fits) agrees with the server's own parameter on
many random values both ways, bots sample from it, and the listed sample stays."""

import random

from server.rules.board.measured_areas import (
    sample_description,
    terrain_change_blocker,
    terrain_change_fits,
    terrain_change_removes,
)
from server.rules.dice import SeededDice
from server.rules.kernel import CommandSpec, Decision, Prompt
from server.rules.sns import terrain_spells
from server.rules.sns.placements import Placements
from server.rules.sns.random_player import random_command
from server.rules.sns.spells import spells
from server.rules.sns.system import SYSTEM
from tests.sns.table import table

CROWD = (("a1", "Wizard", 100, 150), ("a2", "Swordsman", 130, 150),
         ("b1", "Orc", 100, 95, 180), ("b2", "Orc", 60, 175, 180), ("b3", "Troll", 150, 80, 180))
ODD = ("wall", "boulder", "remove", "mud", "tower", None, 3)


def _value(rng: random.Random, centre, spread: int) -> list:
    """A value as a client might send it, well-formed or not (a kind not
    offered, a bearing past 359, a float, a bool, a missing or extra number)."""
    kind = rng.choice(ODD)
    value = [kind, centre[0] + rng.randint(-spread, spread),
             centre[1] + rng.randint(-spread, spread)]
    if kind == "wall" or rng.random() < 0.05:
        value.append(rng.randint(-10, 370) if rng.random() < 0.1 else rng.randint(0, 359))
    if rng.random() < 0.03:
        value[1] = float(value[1])
    if rng.random() < 0.02:
        value[2] = True
    if rng.random() < 0.02:
        value.pop()
    return value


def _agree(places: Placements, centre, spread: int, seed: int, draws: int = 1500) -> dict:
    """The description's judge decides every drawn value as `in` does; the
    count of values taken, refused for a base, and refused otherwise."""
    rng = random.Random(seed)
    described = places.describe()
    seen = {"in": 0, "on_a_base": 0, "out": 0}
    for _ in range(draws):
        value = _value(rng, centre, spread)
        inside = value in places
        assert inside == terrain_change_fits(described, value), value
        if inside:
            seen["in"] += 1
        elif value[0] in described["clear"] and len(value) > 2 and terrain_change_fits(
                {**described, "clear": []}, value):
            seen["on_a_base"] += 1
            assert terrain_change_blocker(described, value) is not None
        else:
            seen["out"] += 1
    assert all(terrain_change_fits(described, v) for v in places)  # (the listed sample)
    return seen


def test_stone_wall_s_place_is_described_exactly():
    """Stone Wall: a point within 10" of the caster's rim, a bearing for its 10"
    length, ½" thick, clear of every base (the caster's own too)."""
    state = table(*CROWD, phase="ranged", hands=(("a1", ("Stone Wall",)),))
    places = Placements(state, state.figure("a1"), spells()["Stone Wall"])
    described = places.describe()
    assert {k: described[k] for k in ("shape", "kinds", "from", "radius", "reach", "table",
                                       "clear", "wall")} == {
        "shape": "terrain_change", "kinds": ["wall"], "from": [100, 150], "radius": 5,
        "reach": 100, "table": [360, 240], "clear": ["wall"],
        "wall": {"length": 100, "thickness": 5}}
    assert described["bases"][2] == {"figure": "b1", "name": "Orc", "at": [100, 95],
                                     "radius": 5}
    assert len(described["bases"]) == len(CROWD) and "remove" not in described
    seen = _agree(places, (100, 150), 120, seed=1)
    assert min(seen.values()) > 20, seen  # (each way tried many times)
    # a wall across the Orc is named as the server names it
    blocker = terrain_change_blocker(described, ["wall", 100, 97, 90])
    assert blocker["name"] == "Orc" and ["wall", 100, 97, 90] not in places


def test_fire_wall_s_place_is_described_as_a_wall():
    """Fire Wall: "10" long, 3" high ... Range = 10"": the same wall's place."""
    state = table(*CROWD, phase="ranged", hands=(("a1", ("Fire Wall",)),))
    places = Placements(state, state.figure("a1"), spells()["Fire Wall"])
    assert places.describe()["kinds"] == ["wall"]
    seen = _agree(places, (100, 150), 120, seed=2)
    assert min(seen.values()) > 20, seen


def test_alter_terrain_s_place_is_described_with_what_it_removes():
    """Alter Terrain: remove every piece reaching into the 5" circle (any point
    in range), or add a 2" boulder (clear of every base) or a 5" patch of mud
    (anywhere in range, bases or not)."""
    state = table(("a1", "Wizard", 260, 200), ("b1", "Orc", 230, 130, 180),
                  ("a2", "Swordsman", 280, 160), ("b2", "Orc", 240, 170, 180),
                  ("a3", "Swordsman", 300, 200), ("b3", "Orc", 210, 190, 180), phase="ranged",
                  layout="wood_and_boulder", hands=(("a1", ("Alter Terrain",)),))
    spell = spells()["Alter Terrain"]
    places = Placements(state, state.figure("a1"), spell)
    described = places.describe()
    assert described["kinds"] == ["remove", "boulder", "mud"]
    assert described["clear"] == ["boulder"]
    assert (described["boulder"], described["mud"]) == ({"side": 20}, {"side": 50})
    assert described["remove"]["radius"] == 50
    assert [p["name"] for p in described["remove"]["terrain"]] == ["wood", "boulder"]
    seen = _agree(places, (260, 200), 120, seed=3, draws=3000)
    assert min(seen.values()) > 20, seen
    assert ["mud", 230, 130] in places and ["boulder", 230, 130] not in places  # (the Orc)
    rng = random.Random(4)
    for _ in range(300):  # what a remove clears, as the server clears it
        value = ["remove", 260 + rng.randint(-110, 110), 200 + rng.randint(-110, 110)]
        assert terrain_change_removes(described, value) == terrain_spells.alter(
            state, value[1:], "remove", spell.radius)["removed"]


def test_the_prompt_describes_the_places_and_bots_draw_places_the_server_takes():
    """On the wire the cast's place carries its description beside the listed
    sample; values drawn from the wire description are taken by the server, and
    a random bot reading the wire prompt casts them."""
    state = table(*CROWD, phase="ranged", hands=(("a1", ("Stone Wall", "Alter Terrain")),))
    prompt = SYSTEM.prompt(state)
    casts = [s for s in prompt.for_seat("a").options if s.type == "cast"]
    assert {s.args["spell"] for s in casts} == {"Stone Wall", "Alter Terrain"}
    rng = random.Random(5)
    for spec in casts:
        wired = CommandSpec.from_wire(spec.to_wire())
        assert spec.to_wire()["described"]["place"]["shape"] == "terrain_change"
        assert list(wired.params["place"]) == list(spec.params["place"])
        for _ in range(40):
            drawn = sample_description(wired.params["place"].describe(), rng)
            assert drawn is not None and drawn in spec.params["place"], drawn
    wire_prompt = Prompt((Decision.from_wire(prompt.for_seat("a").to_wire()),))
    cast = 0
    for seed in range(40):
        command = random_command(wire_prompt, "a", random.Random(seed))
        events = SYSTEM.decide(state, command, SeededDice(b"p%d" % seed))
        cast += command.type == "cast"
        assert events  # (accepted)
    assert cast
