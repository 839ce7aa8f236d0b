"""The terminal client's Swords & Sorcery pieces without a server: the character
map of the measured table, destinations by any cell, typed text and laid paths,
facings by keys, the prompt's other values in words, the log in words, the odds
of a hit. Views and prompts are the rules package's own (the wire form)."""

from __future__ import annotations

import pytest

from clients.bots.sns import HeuristicBot
from clients.tui.board_window import render_board
from clients.tui.events import format_event
from clients.tui.match import MatchModel
from clients.tui.measured_board import MeasuredBoardModel, destinations
from clients.tui.odds import candidate, odds_words
from clients.tui.sns_events import place_words
from clients.tui.typed import Unreadable, read_facing, read_point
from server.rules.dice import SeededDice
from server.rules.kernel import Command, Viewer
from server.rules.runner import apply_command
from server.rules.sns.system import SYSTEM


def model_at(state, seat: str = "a", seq: int = 1) -> MatchModel:
    """The client's model as the server would leave it: the view, then the prompt."""
    model = MatchModel("m", seat=seat, system="sns")
    model.take({"type": "view", "seq": seq, "view": SYSTEM.view(state, Viewer(seat))})
    decision = SYSTEM.prompt(state).for_seat(seat)
    model.take({"type": "prompt", "seq": seq, "waiting": [],
                "decision": None if decision is None else decision.to_wire()})
    return model


def to_slow_move():
    """A match past the start and the spell swap, in the slow movement phase with
    seat a to move (the fast phase ended at once)."""
    state, dice = SYSTEM.initial({}), SeededDice(b"sns-tui-map-test")
    for _ in range(20):
        decision = SYSTEM.prompt(state).decisions[0]
        types = [o.type for o in decision.options]
        if "move_path" in types and state.phase == "slow_move" and decision.seat == "a":
            return state
        kind = "start" if "start" in types else "end_phase"
        state, _ = apply_command(SYSTEM, state, Command(decision.seat, kind, {}), dice,
                                 checksums=False, keep_input=False)
    raise AssertionError("no slow movement phase for seat a")


def unsuggested(model: MatchModel, col: int, row: int) -> tuple[int, int]:
    """A cell at or west of (col, row) that no listed point lies in."""
    lit = model.highlights()
    return next((c, row) for c in range(col, -1, -1) if (c, row) not in lit)


def pick_spec(model: MatchModel, kind: str, figure: str) -> None:
    index = next(i for i, c in enumerate(model.choices())
                 if c.value["type"] == kind and c.value["args"].get("figure") == figure)
    model.picker.index = index
    assert model.enter() is None


def test_the_table_drawn_with_terrain_figures_sides_and_facings():
    """seed 003, TERRAIN: the layout's wood (rough, blocks sight) and boulder
    (impassable); BASIC SCENARIO: each side along its own edge facing the enemy."""
    model = model_at(SYSTEM.initial({}))
    board = model.board
    assert isinstance(board, MeasuredBoardModel) and (board.width, board.height) == (36, 24)
    picture = render_board(board).plain
    rows = picture.split("\n")
    assert "b1↓" in rows[3] and "a2↑" in rows[21]  # b at the north facing south; a south
    assert "w" in rows[10] and "#" in rows[11]
    wood = board.describe((8, 11))
    assert wood.startswith('(8.5", 11.5") wood: rough ground, blocks sight')
    a1 = board.figures["a1"]
    assert board.describe(tuple(a1["pos"])).endswith("Kings Champion at (8.5\", 21\") facing "
                                                     "north (0°)")
    coarse, cursor = board.rescaled(model.view, 20, tuple(a1["pos"]))  # "-": 2" a cell
    assert (coarse.width, coarse.height) == (18, 12) and cursor == (4, 10)
    model.rescale(1)
    assert model.board.unit == 20 and "one cell = 2\"" in model.board.legend()


def test_a_destination_is_any_cell_a_typed_distance_or_point_and_a_facing_by_keys():
    """seed 003, MOVEMENT: a figure moves up to its move in any direction; the
    server judges the point (the client suggests some, and sends any)."""
    model = model_at(to_slow_move())
    pick_spec(model, "move", "a3")
    assert model.picker.free() and model.picker.hex_param
    a3 = model.board.figures["a3"]
    model.cursor = unsuggested(model, a3["pos"][0], a3["pos"][1] - 3)  # north: no suggestion
    assert model.enter() is None and model.picker.param == "facing"
    assert model.picker.chosen["to"] == model.board.point_at(model.cursor)
    assert [c.label for c in model.choices()][:2] == ["north (0°)", "north-east (45°)"]
    model.picker.index = 2  # east, by the arrow keys' list
    kind, args = model.enter()
    assert kind == "move" and args["facing"] == 90 and args["figure"] == "a3"
    model.accepted()
    pick_spec(model, "move", "a3")
    assert model.type_in("3 N") is None  # 3" north, typed
    assert model.picker.chosen["to"] == [a3["x"], a3["y"] - 30]
    kind, args = model.type_in("b3")  # facing figure b3, typed
    b3 = model.board.figures["b3"]
    assert args["facing"] == read_facing("b3", (a3["x"], a3["y"] - 30), model.board.figures)
    assert b3["y"] < a3["y"] and (args["facing"] < 45 or args["facing"] > 315)
    model.accepted()
    pick_spec(model, "move", "a3")
    assert model.type_in("far away") is None and "not a destination" in model.message
    assert model.picker.param == "to"  # nothing chosen, nothing sent


def test_a_path_laid_by_waypoints_with_the_cursor():
    """seed 003, TERRAIN: "Nonflying units will in general move around obstacles":
    a path of waypoints, each an enter on the map, the last one entered again."""
    model = model_at(to_slow_move())
    pick_spec(model, "move_path", "a4")
    a4 = model.board.figures["a4"]
    first = model.cursor = unsuggested(model, a4["pos"][0], a4["pos"][1] - 1)
    assert model.enter() is None and "Waypoint 1" in model.message
    model.cursor = (first[0], first[1] - 5)  # (past the 3" move: refused, not laid)
    assert model.enter() is None and "the figure may move 3\"" in model.message
    model.cursor = (first[0], first[1] - 1)
    assert model.enter() is None and "Waypoint 2" in model.message
    model.escape()  # the last waypoint taken back
    assert model.picker.waypoints == [model.board.point_at(first)]
    second = model.cursor = unsuggested(model, first[0], first[1] - 1)
    model.enter()
    assert model.enter() is None  # the same cell again: the path is laid, facing next
    kind, args = model.enter()
    assert kind == "move_path" and args["path"] == [
        [a4["x"], a4["y"]], model.board.point_at(first), model.board.point_at(second)]


def test_typed_text_is_read_in_inches_compass_points_bearings_and_figures():
    mover = {"x": 100, "y": 200, "radius": 5}
    figures = {"b2": {"x": 100, "y": 100, "radius": 8}}
    assert read_point("6 NE", mover, figures) == [142, 158]
    assert read_point('4.5" south', mover, figures) == [100, 245]
    assert read_point("2 90", mover, figures) == [120, 200]
    assert read_point("3 b2", mover, figures) == [100, 170]
    assert read_point("b2", mover, figures) == [100, 113]  # bases touching, not overlapping
    assert read_point("12, 8.5", None, figures) == [120, 85]
    assert read_facing("north-west", None, figures) == 315
    assert read_facing("b2", (100, 200), figures) == 0
    for text in ("NE 6", "6", "12;8", "b9"):
        with pytest.raises(Unreadable):
            read_point(text, mover, figures)
    with pytest.raises(Unreadable, match="not a facing"):
        read_facing("up", None, figures)


def test_destinations_are_read_through_one_function_whatever_the_shape():
    """Today the prompt lists sample points; an area described instead suggests
    the points it carries (or none: the cursor and typing still choose)."""
    assert destinations([[10, 20], [30, 40]]) == [[10, 20], [30, 40]]
    assert destinations({"from": [10, 20], "allowance": 60, "sample": [[5, 5]]}) == [[5, 5]]
    assert destinations({"from": [10, 20], "allowance": 60}) == []


def test_the_other_values_of_the_prompt_in_words():
    """seed 003, SPELLS: Stone Wall's place (centre and the run of its length),
    Alter Terrain's change; the odds of an attack: the hit, then the damage."""
    assert place_words(["wall", 120, 85, 90]) == 'a wall at (12", 8.5") running east'
    assert place_words(["mud", 50, 60]) == 'a patch of mud at (5", 6")'
    odds = {"total": 144, "outcomes": [
        {"result": "killed", "ways": 9, "probability": 9 / 144},
        {"result": "wounded", "ways": 40, "probability": 40 / 144},
        {"result": "miss", "ways": 95, "probability": 95 / 144}],
        "modifiers": [[1, "charge"]], "damage_modifiers": [[-1, "heavy armor"]]}
    assert odds_words(odds, "b2") == ("Odds: b2 killed 6%, wounded 28%, miss 66% (+1 charge; "
                                      "damage -1 heavy armor)")


def test_every_event_of_whole_games_reads_as_a_sentence():
    """seed 003, TURN SEQUENCE to the end (two seeded games of the heuristic bots):
    movement, attacks, morale checks, rallies, spells and the end in words, never
    the bare type and data."""
    seen = set()
    for seed in range(2):
        state, dice = SYSTEM.initial({}), SeededDice(seed.to_bytes(8, "big"))
        bot = HeuristicBot(seed)
        for _ in range(3000):
            if SYSTEM.is_over(state):
                break
            decision = SYSTEM.prompt(state).decisions[0]
            kind, args = bot.choose(decision.to_wire(), SYSTEM.view(state, Viewer(decision.seat)))
            state, applied = apply_command(SYSTEM, state, Command(decision.seat, kind, args),
                                           dice, checksums=False, keep_input=False)
            for step in applied:
                event = step.event.to_wire()
                line = format_event(event, {}, "a", "sns")
                generic = event["type"].replace("_", " ").capitalize()
                assert not line.startswith(generic + ":"), line
                seen.add(event["type"])
    assert {"moved", "attacked", "morale_checked", "rallied", "game_over"} <= seen


def test_a_destination_described_as_an_area_is_still_chosen_by_cell_or_typing():
    """Another engineer may make the prompt describe the reachable area instead of
    listing points: the move is still chosen by any cell (or typed), and sent."""
    model = model_at(to_slow_move())
    decision = model.picker.decision
    for spec in decision["options"]:
        if spec["type"] == "move":
            spec["params"]["to"] = {"from": [0, 0], "allowance": 60, "table": [360, 240]}
    model.take({"type": "prompt", "seq": 2, "waiting": [], "decision": decision})
    move = next(c.value for c in model.choices() if c.value["type"] == "move")
    assert candidate(model.picker, move) is None  # (no odds asked of a move's line)
    pick_spec(model, "move", "a5")
    assert model.picker.free() and model.choices() == []
    a5 = model.board.figures["a5"]
    assert model.type_in("2 N") is None and model.picker.chosen["to"] == [a5["x"], a5["y"] - 20]


def test_the_flyers_declaration_in_words():
    """seed 003, TURN SEQUENCE: "Flyers must declare if they are engaging in HTH":
    the phase and each flyer's declaration read as sentences, with its name."""
    names = {"a1": "Elwylin"}
    began = {"type": "phase_began", "data": {"phase": "flyers", "first": "a", "turn": 2}}
    assert format_event(began, names, "a", "sns").endswith(
        "Turn 2: flyers declare whether they engage in hand to hand")
    lines = [format_event({"type": "flyer_declared", "data": {"figure": "a1", "engages": e}},
                          names, "a", "sns") for e in (True, False)]
    assert lines[0].endswith("Elwylin engages in hand to hand")
    assert lines[1].endswith("Elwylin stays aloft (no hand to hand with nonflyers this turn)")
