"""A table-changing spell's place chosen on the terminal's map (no server): its
point by the cursor (or typed), then what goes there from a list, a wall's run
by the list or typed, each checked against the prompt's "terrain_change"
description before sending; the server's own place parameter accepts what is
sent."""

from __future__ import annotations

import random

from clients.tui.described import place_refusal
from clients.tui.match import MatchModel
from server.rules.kernel import Viewer
from server.rules.sns.system import SYSTEM
from tests.sns.table import table
from tests.tui.test_sns_map import unsuggested


def wizard_model(spells: tuple[str, ...], *others):
    """Seat a's Wizard in the ranged phase on the wood-and-boulder table, holding
    `spells` (`others`: more figures): the model as the server would leave it,
    and the state."""
    state = table(("a1", "Wizard", 260, 200), *(others or (("b1", "Orc", 30, 30, 180),)),
                  phase="ranged", layout="wood_and_boulder", hands=(("a1", spells),))
    model = MatchModel("m", seat="a", system="sns")
    model.take({"type": "view", "seq": 1, "view": SYSTEM.view(state, Viewer("a"))})
    model.take({"type": "prompt", "seq": 1, "waiting": [],
                "decision": SYSTEM.prompt(state).for_seat("a").to_wire()})
    return model, state


def pick_cast(model: MatchModel, spell: str) -> None:
    model.picker.index = next(i for i, c in enumerate(model.choices())
                              if c.value["args"].get("spell") == spell)
    assert model.enter() is None


def server_place(state, spell: str):
    """The server's own `place` parameter of the spell's cast (its judge)."""
    options = SYSTEM.prompt(state).for_seat("a").options
    return next(o for o in options if o.args.get("spell") == spell).params["place"]


def test_a_stone_wall_placed_by_the_cursor_then_its_run_chosen_or_typed():
    """seed 003, Stone Wall: "10" long, 3" high, ½" thick, Permanent, Range = 10"":
    any point in range where it fits, its length running any way."""
    model, state = wizard_model(("Stone Wall",))
    pick_cast(model, "Stone Wall")
    assert model.picker.free() and model.picker.param == "place"
    wizard = model.board.figures["a1"]
    model.cursor = unsuggested(model, wizard["pos"][0] - 2, wizard["pos"][1] - 4)
    point = model.board.point_at(model.cursor)
    assert model.enter() is None and model.picker.placing
    assert "What goes there?" in model.picker.question()
    lines = [c.label for c in model.choices()]
    assert len(lines) == 8 and lines[2].startswith("a wall at") and \
        lines[2].endswith("running east")
    model.picker.index = 2
    kind, args = model.enter()
    assert (kind, args["place"]) == ("cast", ["wall", *point, 90])
    assert args["place"] in server_place(state, "Stone Wall")
    # again, the run typed; escape takes the point back first
    model.accepted()
    pick_cast(model, "Stone Wall")
    assert model.type_in("3 NW") is None and model.picker.placing
    model.escape()
    assert model.picker.param == "place" and not model.picker.placing
    assert model.type_in("3 NW") is None
    kind, args = model.type_in("NE")
    assert args["place"][0] == "wall" and args["place"][3] == 45
    assert args["place"] in server_place(state, "Stone Wall")


def test_alter_terrain_removes_the_boulder_under_the_cursor():
    """seed 003, Alter Terrain: "Change the terrain in a 5" Radius permanently, (Add or
    remove obstacles), Range = 10"": the boulder of the default table goes."""
    model, state = wizard_model(("Alter Terrain",))
    pick_cast(model, "Alter Terrain")
    model.cursor = unsuggested(model, 26, 12)  # (the boulder: 24" to 28", 10" to 14")
    assert model.board.piece_at(model.cursor)["name"] == "boulder"
    assert model.enter() is None
    lines = [c.label for c in model.choices()]
    assert [line.split(" at ")[0] for line in lines] == [
        "clear the terrain", "a boulder", "a patch of mud"]
    kind, args = model.enter()  # (the first line: clear it)
    assert args["place"][0] == "remove" and args["place"] in server_place(state,
                                                                           "Alter Terrain")


def test_a_wall_s_point_and_run_are_checked_against_the_description_before_sending():
    """seed 003, Stone Wall: "10" long, 3" high, ½" thick": it may not be raised on
    a figure (docs/rules/sns.md; the prompt's "terrain_change" description names
    the bases). A point on the Orc's base is refused in words; beside it, the run
    that would cover the Orc is refused and nothing sent; another run is sent and
    the server's own place parameter accepts it."""
    model, state = wizard_model(("Stone Wall",), ("b1", "Orc", 240, 150, 180))
    pick_cast(model, "Stone Wall")
    assert model.type_in("24, 15") is None and not model.picker.placing
    assert model.message == "Not there: the wall would stand on Orc. Choose another point."
    assert model.type_in("23, 14.1") is None and model.picker.placing
    lines = [c.label for c in model.choices()]
    assert lines[2].endswith("running east (no: the wall would stand on Orc)")
    assert lines[0].endswith("running north")
    model.picker.index = 2  # (its half inch reaches 4 tenths from the Orc's centre)
    assert model.enter() is None and not model.sending and model.picker.placing
    assert model.message == ("Not there: the wall would stand on Orc. Choose another way "
                             "(or escape: another point).")
    assert ["wall", 230, 141, 90] not in server_place(state, "Stone Wall")
    model.picker.index = 0
    kind, args = model.enter()
    assert args["place"] == ["wall", 230, 141, 0] and args["place"] in server_place(
        state, "Stone Wall")


def test_the_terminal_s_place_check_is_the_server_s_and_the_tint_its_reach():
    """The terminal's refusals agree with the server's place parameter on many
    random places of Alter Terrain ("Add or remove obstacles", Range = 10") with
    figures about; the map tints the cells whose centre is in range (a patch of
    mud fits at each, and at no other)."""
    model, state = wizard_model(("Alter Terrain",), ("b1", "Orc", 240, 150, 180),
                                ("b2", "Orc", 280, 160, 180), ("a2", "Swordsman", 230, 190))
    places = server_place(state, "Alter Terrain")
    described = places.describe()
    rng = random.Random(7)
    refused = 0
    for _ in range(2000):
        value = [rng.choice(("remove", "boulder", "mud", "wall")),
                 260 + rng.randint(-115, 115), 200 + rng.randint(-115, 115)]
        why = place_refusal(described, value)
        assert (why is None) == (value in places), value
        refused += why is not None and "would stand on" in why
    assert refused > 5
    pick_cast(model, "Alter Terrain")
    board = model.board
    cells = {board.axial(c, r) for r in range(board.height) for c in range(board.width)}
    held = {h for h in cells if ["mud", *board.point_at(h)] in places}
    assert held and model.region() == held
