"""When a scenario ends and what counts as defeated (seed 000, SCENARIOS:
ALL-OUT BATTLE, AMBUSH, ON DIFFICULT GROUND, QUEST FOR A MAGIC ITEM)."""

from __future__ import annotations

from server.rules.board.hex import hex_at
from server.rules.sbh.scenarios import victory_points
from tests.sbh.battle import act, battle, fig, first, types


def test_quest_counts_only_killed_or_routed_opponents():
    """seed 000, QUEST FOR A MAGIC ITEM, Victory conditions: '1 Victory point per 25
    points of defeated opponents (killed or routed off the table)': a knocked down
    model is not counted (in ALL-OUT BATTLE it is: 'killed, routed or knocked
    down')."""
    figures = (fig("a1", "Elf", 3, 3, (5, 5)),
               fig("b1", "Orc", 4, 3, (9, 9), points=25, fallen=True),
               fig("b2", "Orc", 4, 3, (20, 20), points=25, status="dead"),
               fig("b3", "Orc", 4, 3, (20, 22), points=25, status="fled"))
    assert victory_points(battle(*figures, scenario="quest_for_a_magic_item"))["a"] == 2
    assert victory_points(battle(*figures, scenario="treasure_hunt"))["a"] == 3


def test_a_figure_hidden_behind_an_ambush_marker_is_not_knocked_down(dice):
    """seed 000, AMBUSH: 'Play continues until ... all models on one side are routed
    off the table, knocked down or dead ... checked at the end of any turn in which
    all the models of a force are knocked down.' The defender's figure still hidden
    behind a marker is neither, so the turn passes."""
    state = battle(fig("a1", "Elf", 3, 3, (4, 19)),
                   fig("b1", "Orc", 4, 3, (4, 18), fallen=True),
                   fig("b2", "Orc", 4, 3, (0, 0)), scenario="ambush")
    state.attacker, state.attacker_edge = "a", "south"
    state.figures["b2"].pos = None
    state.markers = {"m1": {"at": hex_at(22, 2), "figure": "b2"}}
    state, events = act(state, "a", "pass", dice)
    assert "game_ended" not in types(events) and state.active_seat == "b"


def test_a_passenger_aboard_is_not_knocked_down_with_its_mount(dice):
    """seed 000, ALL-OUT BATTLE: 'all models on one side are defeated (routed off
    the table, knocked down or killed)'; MOUNTED: the carried friend is still in
    the game. Its fallen mount alone does not end it."""
    state = battle(fig("a1", "Elf", 3, 3, (4, 19)),
                   fig("b1", "Horse", 3, 3, (4, 18), rules=["Mounted"], fallen=True),
                   fig("b2", "Orc", 4, 3, (0, 0), carried_by="b1"))
    state.figures["b2"].pos = None
    state, events = act(state, "a", "pass", dice)
    assert "game_ended" not in types(events)


def test_all_out_battle_ends_when_every_model_of_a_side_is_knocked_down(dice):
    """seed 000, ALL-OUT BATTLE: 'the victory conditions should be checked at the
    end of any turn in which all the models of a force are knocked down'."""
    state = battle(fig("a1", "Elf", 3, 3, (4, 19)),
                   fig("b1", "Orc", 4, 3, (4, 18), fallen=True))
    state, events = act(state, "a", "pass", dice)
    assert first(events, "game_ended").data["reason"] == "all of b's figures are knocked down"


def test_on_difficult_ground_goes_on_while_knocked_down_models_remain(dice):
    """seed 000, ON DIFFICULT GROUND: 'Play continues until one player concedes or all
    models on one side have fled out of the tabletop or are dead' -- knocked down
    is not in the list (ALL-OUT BATTLE's 'knocked down' end is not repeated)."""
    state = battle(fig("a1", "Elf", 3, 3, (4, 19)),
                   fig("b1", "Orc", 4, 3, (4, 18), fallen=True),
                   scenario="on_difficult_ground")
    state, events = act(state, "a", "pass", dice)
    assert "game_ended" not in types(events) and state.active_seat == "b"


def test_scenarios_with_no_knocked_down_end_go_on(dice):
    """seed 000, TREASURE HUNT, PLACE OF POWER and QUEST FOR A MAGIC ITEM lay out the
    terrain 'as per All-Out Battle' but repeat none of its end ('all models on one
    side are defeated (routed off the table, knocked down or killed)'), so END OF THE
    GAME holds: 'Play continues until one side is wiped out (all models are killed or
    run off the table)'. A side lying all knocked down at the end of a turn plays on."""
    for scenario in ("treasure_hunt", "place_of_power", "quest_for_a_magic_item"):
        state = battle(fig("a1", "Elf", 3, 3, (4, 19)),
                       fig("b1", "Orc", 4, 3, (4, 18), fallen=True), scenario=scenario)
        state, events = act(state, "a", "pass", dice)
        assert "game_ended" not in types(events) and state.active_seat == "b", scenario


def test_ambush_ends_when_every_model_of_a_side_is_knocked_down(dice):
    """seed 000, AMBUSH: 'the victory conditions should be checked at the end of any
    turn in which all the models of a force are knocked down' (as ALL-OUT BATTLE)."""
    state = battle(fig("a1", "Elf", 3, 3, (4, 19)),
                   fig("b1", "Orc", 4, 3, (4, 18), fallen=True), scenario="ambush")
    state.attacker, state.attacker_edge = "a", "south"
    state, events = act(state, "a", "pass", dice)
    assert first(events, "game_ended").data["reason"] == "all of b's figures are knocked down"
