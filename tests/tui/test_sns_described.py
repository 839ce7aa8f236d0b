"""A spell's point, Teleport's landing and a climb's far side chosen anywhere on
the terminal's map (cursor or typed), checked against the prompt's description
(docs/protocol.md, "Described parameters") before anything is sent: outside,
a refusal in words and nothing sent; inside, the command, which the server's own
parameter accepts. No server: the states are the rules' own."""

from __future__ import annotations

from dataclasses import replace

from clients.tui.board_window import render_board
from clients.tui.described import refusal
from clients.tui.match import MatchModel
from server.rules.kernel import Viewer
from server.rules.sns.system import SYSTEM
from tests.sns.table import table
from tests.sns.test_described_spells import WALL, _ranged_caster


def seated(state) -> MatchModel:
    model = MatchModel("m", seat="a", system="sns")
    model.take({"type": "view", "seq": 1, "view": SYSTEM.view(state, Viewer("a"))})
    model.take({"type": "prompt", "seq": 1, "waiting": [],
                "decision": SYSTEM.prompt(state).for_seat("a").to_wire()})
    return model


def choose(model: MatchModel, label: str) -> None:
    model.picker.index = next(i for i, c in enumerate(model.choices())
                              if c.value.get("label") == label)
    assert model.enter() is None


def server_values(state, label: str, param: str):
    """The server's own parameter (its judge) of the option with `label`."""
    option = next(o for o in SYSTEM.prompt(state).for_seat("a").options if o.label == label)
    return option.params[param]


def test_a_fireball_s_point_typed_out_of_range_is_refused_in_words_then_one_in_range_sent():
    """seed 003, Fireball: "Range = 10" affects all units in 2" radius": a point
    past 10" of the caster's rim is refused before sending; one inside is cast."""
    state = _ranged_caster()  # (the Wizard at 6", 20")
    model = seated(state)
    choose(model, "Wizard casts Fireball")
    assert model.picker.param == "point" and model.picker.free()
    assert model.type_in("30, 3") is None
    assert model.message.startswith("Not there: the spell reaches 10\" from the caster's base")
    assert model.picker.param == "point" and not model.sending
    kind, args = model.type_in("12, 14")  # (6" east, 6" north: 8.5" from the centre)
    assert kind == "cast" and args["point"] == [120, 140]
    assert args["point"] in server_values(state, "Wizard casts Fireball", "point")


def test_teleport_lands_by_the_cursor_anywhere_but_not_on_a_base():
    """seed 003, Teleport: "Move self or unit within 10" anywhere on table": a cell on
    the Orc's base is refused (a base may not stand on another); a far empty cell
    no listed point lies in is sent."""
    state = _ranged_caster()
    model = seated(state)
    choose(model, "Wizard casts Teleport on Swordsman")
    assert model.picker.param == "to" and model.picker.free()
    model.cursor = model.board.locate([300, 40])  # (the second Orc stands there)
    assert model.enter() is None
    assert model.message == ("Not there: the base would stand on another figure's base. "
                             "Choose another point.")
    landing = [330, 200]
    assert landing not in [list(v) for v in model.picker.values()]  # (not a listed sample)
    model.cursor = model.board.locate(landing)
    kind, args = model.enter()
    assert kind == "cast" and args["target"] == "a2"
    assert args["to"] in server_values(state, "Wizard casts Teleport on Swordsman", "to")


def test_a_climb_s_far_side_is_checked_on_the_wall_too_far_and_beyond():
    """seed 003, TERRAIN: "Noncavalry units can climb at a rate of 1" turn": the far
    side of the stone wall within 3" (a scaler's climb), the base clear of the wall."""
    state = table(("a1", "Goblin Scout", 100, 141), ("b1", "Orc", 300, 30, 180),
                  phase="slow_move", acting="a")
    state = replace(state, layout=replace(state.layout, added=(WALL,)))
    model = seated(state)
    label = 'Goblin Scout climbs the stone wall 1 (1" a turn)'
    choose(model, label)
    assert model.picker.param == "to" and model.picker.free()
    assert model.type_in("10, 13.2") is None  # (on the wall: 13" to 13.5")
    assert "would stand on stone wall 1" in model.message
    assert model.type_in("10, 9") is None
    assert "a climb this turn reaches 3\"" in model.message
    assert model.type_in("12, 15") is None  # (not across it: this side)
    assert "not over stone wall 1" in model.message
    kind, args = model.type_in("9.5, 12")
    assert kind == "climb" and args["to"] == [95, 120]
    assert args["to"] in server_values(state, label, "to")


def test_the_refusals_agree_with_the_server_on_every_point_round_a_climb():
    """The terminal's check is the server's: on a grid round the wall, a point is
    refused exactly when the server's far side does not hold it."""
    state = table(("a1", "Goblin Scout", 100, 141), ("b1", "Orc", 300, 30, 180),
                  phase="slow_move", acting="a")
    state = replace(state, layout=replace(state.layout, added=(WALL,)))
    label = 'Goblin Scout climbs the stone wall 1 (1" a turn)'
    far = server_values(state, label, "to")
    described = far.describe()
    held = 0
    for x in range(60, 141, 4):
        for y in range(105, 180, 3):
            inside = [x, y] in far
            assert (refusal(described, [x, y]) is None) == inside, (x, y)
            held += inside
    assert held > 10


def test_a_path_s_waypoints_are_checked_leg_by_leg_as_they_are_laid():
    """seed 003, MOVEMENT: a move of straight legs round what is in the way, its
    length within the figure's move: a leg into the stone wall, or one past the
    move's length, is refused in words and not laid; the path ended is sent and
    the server's own parameter accepts it."""
    state = table(("a1", "Goblin Scout", 100, 141), ("b1", "Orc", 300, 30, 180),
                  phase="slow_move", acting="a")
    state = replace(state, layout=replace(state.layout, added=(WALL,)))
    model = seated(state)
    label = "Goblin Scout moves along a path"
    choose(model, label)
    assert model.picker.param == "path" and model.picker.free()
    assert model.type_in("10, 12") is None  # (north, through the wall)
    assert model.message.startswith("Not there: the move from [100, 141] to [100, 120] "
                                    "runs into stone wall 1") and not model.picker.waypoints
    assert model.type_in("13, 14.1") is None  # (3" east, along the wall)
    assert model.picker.waypoints == [[130, 141]] and model.message.startswith("Waypoint 1")
    assert model.type_in("13, 23") is None  # (9" more: past the 5" move)
    assert "the figure may move 5\"" in model.message and model.picker.waypoints == [[130, 141]]
    assert model.type_in("13, 16") is None  # (1.9" south)
    assert model.type_in("13, 16") is None  # (the same point again ends the path)
    assert model.picker.param == "facing" and model.message == ""
    kind, args = model.type_in("S")
    assert kind == "move_path" and args["path"] == [[100, 141], [130, 141], [130, 160]]
    assert args["path"] in server_values(state, label, "path")


def test_the_described_region_is_tinted_on_the_map_as_the_server_holds_it():
    """The climb's far side (seed 003, TERRAIN, "climb at a rate of 1" turn") drawn
    on the terminal's map: the tinted cells are those whose centre the server's
    own far side holds, and only while the climb is being chosen."""
    state = table(("a1", "Goblin Scout", 100, 141), ("b1", "Orc", 300, 30, 180),
                  phase="slow_move", acting="a")
    state = replace(state, layout=replace(state.layout, added=(WALL,)))
    model = seated(state)
    assert model.region() == set()  # (choosing what to do: nothing described yet)
    label = 'Goblin Scout climbs the stone wall 1 (1" a turn)'
    choose(model, label)
    far = server_values(state, label, "to")
    board = model.board
    cells = {board.axial(c, r) for r in range(board.height) for c in range(board.width)}
    held = {h for h in cells if board.point_at(h) in far}
    assert held and model.region() == held
    text = render_board(board, cursor=None, region=model.region())
    tinted = {span.start for span in text.spans if "dark_green" in str(span.style)}
    assert len(tinted) == 2 * len(held)  # (each cell's two markers)
