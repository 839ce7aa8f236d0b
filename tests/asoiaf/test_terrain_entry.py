"""Terrain effects on entering a square (seed 004, MOVE ACTION: "If a model
enters a square that has a terrain effect, the effect applies immediately, even
if the move action isn't finished yet"; TERRAINS, DITCH WITH STAKES and DEAD
LEAVES; the bonfire of MOVEMENT's example). Village Skirmish: the Ditch with
Stakes at (9, 5), Dead Leaves over a ditch at (5, 8), the camp's bonfire at
(10, 9). Defence dice scripted."""

import pytest

from server.rules.asoiaf import terrain_entry
from server.rules.asoiaf.battlefield import Battlefield, TerrainZone
from server.rules.asoiaf.scenarios import build_scenario, load_tiles
from server.rules.asoiaf.state import Model, replace
from server.rules.asoiaf.system import SYSTEM, _field, _pack
from server.rules.board.square import Square, SquareKind
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, options, play, scripted

S = Square


def village(square, wounds=2, ap=2, friend=None):
    models = [Model("a1", "Baratheon Warden", "a", wounds, square=square, ap=ap,
                    activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(0, 13))]
    if friend:
        models.append(Model("a2", "Baratheon Warden", "a", 2, square=friend))
    return mid_round(tuple(models), scenario="village_skirmish")


def move(state, square, *faces):
    return play(state, Command("a", "move", {"square": list(square)}), *faces)


def test_moving_onto_a_ditch_with_stakes_suffers_a_hit_rolled_against_defence():
    """TERRAINS, DITCH WITH STAKES: "When a model enters this square, they suffer
    1 hit": a defence die (Warden: 5+) that fails lets it wound."""
    state, events = move(village((9, 3)), (9, 5), 2)
    assert events[0].data["entered"] == [[[9, 5], [9, 5]]] and events[0].data["faces"] == [2]
    assert state.model("a1").square == (9, 5) and state.model("a1").wounds_left == 1
    blocked, _ = move(village((9, 3)), (9, 5), 6)  # a 6 blocks the hit
    assert blocked.model("a1").wounds_left == 2


def test_a_way_past_the_ditch_is_taken_around_it():
    """MOVE ACTION: only a square entered applies its terrain; of the ways to a
    square the engine takes one entering no terrain when there is one (our
    reading: a careful player walks around the stakes)."""
    state, events = move(village((8, 5)), (10, 5))
    assert "entered" not in events[0].data and state.model("a1").wounds_left == 2


def test_a_model_killed_on_the_way_stops_there_and_its_activation_ends():
    """MOVE ACTION: the effect "applies immediately, even if the move action isn't
    finished yet": a Warden with 1 wound left dies in the bonfire (1 wound)."""
    state, events = move(village((10, 7), wounds=1), (10, 9))
    assert events[0].data["entered"] == [[[10, 9], [10, 9]]]
    assert state.model("a1").removed == "killed" and state.active_model != "a1"


def test_dead_leaves_are_flipped_and_the_ditch_beneath_wounds_then_stays():
    """TERRAINS, DEAD LEAVES: "When a model enters this square, flip this token. If
    it is a Ditch with Stakes, they suffer 1 [wound]" (no defence die); after that
    the square is a Ditch with Stakes: the next model entering suffers its hit."""
    state, events = move(village((5, 6)), (5, 8))
    assert events[0].data["faces"] == [] and state.model("a1").wounds_left == 1
    assert state.leaves_flipped == frozenset({(5, 8)})
    assert terrain_entry.terrain_at(state, _field(state), (5, 8)) == "ditch_with_stakes"
    again = replace(village((5, 6)), leaves_flipped=frozenset({(5, 8)}))
    after, events = move(again, (5, 8), 1)
    assert events[0].data["faces"] == [1] and after.model("a1").wounds_left == 1


def test_a_diagonal_step_past_a_blocked_square_takes_the_side_squares_terrain():
    """MOVEMENT: "Each time a model moves diagonally it must choose 1 of the 2
    squares that compose that diagonal and apply all terrain effects from that
    square" (the Honor Guard passing the rock through the bonfire)."""
    field = Battlefield(5, 5, {S(1, 0): SquareKind.BLOCKED},
                        zones=(TerrainZone("bonfire", frozenset({S(0, 1)})),))
    state = mid_round((Model("a1", "Baratheon Warden", "a", 2, square=(0, 0), ap=2),))
    entered = terrain_entry.way(state, _pack(), field, "a1", (1, 1), 3)
    assert entered == [(S(0, 1), (0, 0))]  # it passes the bonfire standing on its start
    after = terrain_entry.through(state, _pack(), field, "a1", (1, 1), entered, None)
    assert after.model("a1").wounds_left == 1 and after.model("a1").square == (1, 1)


def test_a_large_model_takes_only_its_moving_squares_terrain():
    """LARGE MODEL MOVEMENT: "The square chosen determines if the model takes
    terrain effects ... If they didn't go through a bonfire, but the rest of the
    squares occupied by the model did, the model doesn't suffer"; DITCH WITH
    STAKES: "Large models suffer 2 hits"."""
    field = Battlefield(6, 6, zones=(TerrainZone("ditch_with_stakes", frozenset({S(3, 0)})),))
    robert = Model("a1", "Robert Baratheon (mounted)", "a", 4, square=(0, 0), ap=2,
                   large=True)
    state = mid_round((robert,))
    assert terrain_entry.way(state, _pack(), field, "a1", (2, 0), 3) == []  # covers it, unhurt
    with scripted(1, 2) as dice:
        hurt = terrain_entry.enter(state, _pack(), field, "a1", [(S(3, 0), (2, 0))], dice)
    assert hurt.model("a1").wounds_left == 2  # 2 hits, neither blocked


def test_a_scenarios_dead_leaves_must_say_what_they_hide():
    """TERRAINS, DEAD LEAVES: "If it is a Ditch with Stakes": the scenario's map
    says what lies under each token; a scenario that does not is refused."""
    raw = {"id": "t", "name": "T", "coins": [2, 4, 12], "rounds": 3, "tiles": [["camp"]],
           "terrain": [{"terrain": "dead_leaves", "squares": [[1, 1]]}],
           "deployment": [{"colour": "gold", "rect": [0, 0, 7, 2]},
                          {"colour": "silver", "rect": [0, 5, 7, 2]}]}
    with pytest.raises(ValueError, match="dead_leaves needs `under`"):
        build_scenario(raw, load_tiles())


def test_a_charge_killed_by_the_stakes_on_its_way_makes_no_attack():
    """CHARGE ACTION: "The charging model must perform 1 [move] action towards its
    target": the move's terrain applies as a move action's; Robert with 1 wound
    left dies in the ditch and his charge ends there."""
    models = (Model("a1", "Robert Baratheon", "a", 1, square=(9, 7), ap=2, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(9, 4)),
              Model("b2", "Baratheon Warden", "b", 2, square=(0, 13)))
    state = mid_round(models, scenario="village_skirmish")
    charge = next(o for o in options(state, "charge") if o.args.get("mode") == 0
                  and [9, 5] in o.params["square"])
    assert "b1" in charge.params["target"]
    state, events = play(state, Command("a", "charge", {"mode": 0, "target": "b1",
                                                        "square": [9, 5],
                                                        "improvements": []}), 1)
    assert [e.type for e in events] == ["charged"] and events[0].data["faces"] == [1]
    assert state.model("a1").removed == "killed" and state.attack is None


def test_surging_forth_into_the_ditch_suffers_its_hit():
    """ATTACK SEQUENCE step 10: "surge forth 1 square into a square previously
    occupied by the model killed": entering the Ditch with Stakes, 1 hit."""
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(9, 4), ap=2, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(9, 5)),
              Model("b2", "Baratheon Warden", "b", 2, square=(0, 13)))
    state = mid_round(models, scenario="village_skirmish")
    state, _ = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 9, 9, 9, 1, 1, 1)
    assert state.model("b1").removed == "killed" and state.attack.step == "surge"
    state, events = play(state, Command("a", "surge", {"square": [9, 5]}), 2)
    assert events[0].data["entered"] == [[[9, 5], [9, 5]]]
    assert state.model("a1").square == (9, 5) and state.model("a1").wounds_left == 3


def test_a_granted_move_takes_the_terrain_it_enters():
    """ABILITY 0 (WISE WORDS): the granted model "may perform 1 [move]
    immediately": a move action's, so entering the ditch deals its hit."""
    models = (Model("a1", "Jon Arryn", "a", 3, square=(6, 3), ap=2, activated=True),
              Model("a2", "Robert Baratheon", "a", 4, square=(9, 3), activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(0, 13)))
    state = mid_round(models, scenario="village_skirmish", granted=("a2", "move"))
    state, events = play(state, Command("a", "granted_move", {"model": "a2",
                                                              "square": [9, 5]}), 3)
    assert events[0].data["entered"] == [[[9, 5], [9, 5]]] and events[0].data["faces"] == [3]
    assert state.model("a2").square == (9, 5) and state.model("a2").wounds_left == 3
    assert state.granted == () and state.active_model == "a1"


def test_an_abilitys_move_takes_the_terrain_it_enters(vocabulary_pack):
    """VANGUARD (test pack: "this model may move up to 2 squares", at the start of
    the game): a move by the MOVE ACTION's rules, so the ditch it ends in deals its
    hit (the defence die kept in the event's `will_faces` with the ability's)."""
    models = (Model("a1", "Test Outrider", "a", 2, square=(9, 3)),
              Model("b1", "Baratheon Warden", "b", 2, square=(0, 13)))
    state = mid_round(models, scenario="village_skirmish", active="",
                      start_abilities=(("a", "a1", "Vanguard"),))
    [option] = options(state, "start_ability")
    assert [9, 5] in option.params["square"]
    state, events = play(state, Command("a", "start_ability", {**option.args,
                                                              "square": [9, 5]}), 2)
    assert events[0].data["will_faces"] == [2]
    assert state.model("a1").square == (9, 5) and state.model("a1").wounds_left == 1


def test_a_charge_terrain_move_takes_the_terrain_on_its_way():
    """CHARGE TERRAIN ACTION: "The charging model must perform 1 [move] action
    towards its target": from (6, 9) to the cabin door's (3, 6) the only 3-square
    way crosses the Dead Leaves at (5, 8), a ditch beneath (1 wound). With 2
    wounds the Warden reaches the door and rolls (2 dice, 7+); with 1 it dies on
    the way and rolls nothing."""
    charge = Command("a", "charge_terrain", {"opening": 0, "square": [3, 6]})
    state = village((6, 9))
    option = next(o for o in options(state, "charge_terrain") if o.args == {"opening": 0})
    assert [3, 6] in option.params["square"]
    state, [event] = play(state, charge, 8, 1)
    assert event.data["entered"] == [[[5, 8], [5, 8]]] and event.data["terrain_faces"] == []
    assert event.data["faces"] == [8, 1] and event.data["destroyed_into"] == "broken"
    assert state.model("a1").wounds_left == 1 and state.model("a1").square == (3, 6)
    dead, [event] = play(village((6, 9), wounds=1), charge)
    assert event.data["faces"] == [] and not event.data["destroyed_into"]
    assert dead.model("a1").removed == "killed" and dead.doors == ()


def test_a_motivations_move_into_the_ditch_rolls_its_defence(vocabulary_pack):
    """GLORY (test pack, Alive side: "he may move up to 1 square") into Village
    Skirmish's Ditch with Stakes: its hit's defence die is rolled with the
    motivation (`faces`) and replayed, a 3 against the Warlord's 5+: 1 wound."""
    from tests.asoiaf.attacking import attack

    models = (Model("a1", "Test Warlord", "a", 3, square=(9, 4), ap=2, activated=True),
              Model("b1", "Baratheon Warden", "b", 1, square=(10, 4)),
              Model("b9", "Baratheon Warden", "b", 2, square=(0, 13)))
    state = attack(mid_round(models, scenario="village_skirmish"), "b1", (9, 9, 1, 1))
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    assert [9, 5] in use.params["square"]
    state, [event] = play(state, Command("a", "use_motivation", {"square": [9, 5]}), 3)
    assert event.data["faces"] == [3]
    assert state.model("a1").square == (9, 5) and state.model("a1").wounds_left == 2
