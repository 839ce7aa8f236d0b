"""Described parameters (docs/protocol.md, "Described parameters"): a move's
reachable area, a retreat's, a deployment strip and a facing range go over the
wire as descriptions a client draws and tests a point against; bots sample
from them; the server's own parameter stays the judge."""

import random

from server.rules.board.measured_areas import sample_described
from server.rules.dice import SeededDice
from server.rules.kernel import Command, CommandSpec, Described, Viewer
from server.rules.runner import apply_command
from server.rules.sns.random_player import random_command
from server.rules.sns.system import SYSTEM

ROUNDS = {"options": {"last_turn": 3}}


def _moving_state():
    """The first state whose prompt offers a move (after the start and the spells)."""
    state, dice = SYSTEM.initial(ROUNDS), SeededDice(b"described")
    while True:
        prompt = SYSTEM.prompt(state)
        seat = prompt.seats[0]
        if any(s.type == "move" for s in prompt.for_seat(seat).options):
            return state
        options = prompt.for_seat(seat).options
        keep = next((s for s in options if s.type in ("start", "end_phase")), None)
        state, _ = apply_command(SYSTEM, state, Command(seat, keep.type, dict(keep.args)), dice)


def _spec(state, kind):
    prompt = SYSTEM.prompt(state)
    seat = prompt.seats[0]
    return seat, next(s for s in prompt.for_seat(seat).options if s.type == kind)


def test_a_move_describes_its_reachable_area_and_facing_on_the_wire():
    """seed 003, MOVEMENT RATES: a figure moves up to its rate; TERRAIN: "move
    around obstacles": the area is the start, the allowance, the table, the
    terrain and the bases; a facing is any whole degree."""
    state = _moving_state()
    _, spec = _spec(state, "move")
    wire = spec.to_wire()
    to = wire["described"]["to"]
    figure = state.figure(spec.args["figure"])
    assert to["shape"] == "reachable"
    assert to["from"] == [figure.x, figure.y] and to["radius"] == figure.radius
    assert to["allowance"] == spec.params["to"].reach.allowance
    assert to["table"] == [state.layout.width, state.layout.height]
    assert [p["name"] for p in to["terrain"]] == ["wood", "boulder"]
    assert wire["described"]["facing"]["shape"] == "bearing"
    assert (wire["described"]["facing"]["min"], wire["described"]["facing"]["max"]) == (0, 359)
    _, along = _spec(state, "move_path")
    assert along.to_wire()["described"]["path"]["max_waypoints"] == 8
    assert wire["params"]["to"] == [list(p) for p in spec.params["to"]]  # the listed sample


def test_a_wire_description_round_trips_and_bots_sample_points_the_server_accepts():
    """seed 003, MOVEMENT RATES: any point of the area is a legal move: points drawn
    from the description a client received are judged legal by the server."""
    state = _moving_state()
    seat, spec = _spec(state, "move")
    back = CommandSpec.from_wire(spec.to_wire())
    assert isinstance(back.params["to"], Described)
    assert back.to_wire() == spec.to_wire()
    rng = random.Random(7)
    drawn = [sample_described(back.params["to"], rng) for _ in range(20)]
    listed = [list(p) for p in spec.params["to"]]
    assert any(p not in listed for p in drawn)  # drawn, not picked from the listing
    for point in drawn:
        assert point in spec.params["to"]
        assert sample_described(back.params["facing"], rng) in spec.params["facing"]
    far = [spec.params["to"].reach.mover.x, 0]
    assert far not in spec.params["to"]  # the server stays the judge


def test_chosen_deployment_describes_the_strip():
    """docs/rules/sns.md, "Deployment" (chosen): within 6" of the own edge, on no
    other base and in no impassable piece."""
    state = SYSTEM.initial({"options": {"deployment": "chosen"}})
    seat, spec = _spec(state, "deploy")
    place = spec.to_wire()["described"]["to"]
    assert place["shape"] == "placement"
    assert place["rows"] == [state.layout.height - 60, state.layout.height]
    rng = random.Random(3)
    back = CommandSpec.from_wire(spec.to_wire())
    for _ in range(10):
        assert sample_described(back.params["to"], rng) in spec.params["to"]


def test_the_view_gives_moves_ranges_and_the_own_spell_cards():
    """seed 003, RANGED ATTACKS: "Double the listed range is long range"; SPELLS:
    a side sees its own casters' cards."""
    state = SYSTEM.initial(ROUNDS)
    prompt = SYSTEM.prompt(state)
    state, _ = apply_command(SYSTEM, state, random_command(prompt, "a", random.Random(1)),
                             SeededDice(b"cards"))
    view = SYSTEM.view(state, Viewer("a"))
    yeoman = next(f for f in view["figures"] if f["name"] == "Yeoman")
    assert yeoman["ranged"]["range"] > 0 and yeoman["move_inches"] > 0
    mine = [c for cards in view["hands"].values() if isinstance(cards, list) for c in cards]
    assert sorted(view["spells"]) == sorted(set(mine)) and mine
    assert all("range" in s and "radius" in s for s in view["spells"].values())


def test_a_cone_aimed_by_a_facing_is_described_for_drawing():
    """seed 003, Dragon: "Fire breath (Range = 4" affects all units in 30 degree cone"
    and Cone of Cold: "Range = 8" affects all units in 30 degree cone": the facing
    that aims either carries the cone (its length in units, its degrees), drawn by
    the client from the figure's rim; a plain facing carries none."""
    from server.rules.sns import casting, specials, spells
    from tests.sns.table import table

    state = table(("a1", "Dragon", 100, 200), ("a2", "Wizard", 200, 200),
                  ("b1", "Orc", 100, 150, 180), phase="ranged",
                  hands=(("a2", ("Cone of Cold",)),))
    [breath] = specials.options(state, state.figure("a1"))
    assert breath.to_wire()["described"]["facing"]["cone"] == {"length": 40, "degrees": 30}
    cone = casting.option(state, state.figure("a2"), spells.spells()["Cone of Cold"])
    assert cone.to_wire()["described"]["facing"]["cone"] == {"length": 80, "degrees": 30}
    _, move = _spec(_moving_state(), "move")
    assert "cone" not in move.to_wire()["described"]["facing"]
