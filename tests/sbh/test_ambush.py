"""The Ambush scenario's hidden markers (seed 000, AMBUSH)."""

from __future__ import annotations

from server.rules.board.hex import hex_at
from server.rules.kernel import SPECTATOR, Command, Viewer
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types


def ambush_state():
    """Defender b with two figures hidden among four markers near the north edge."""
    state = battle(fig("a1", "Elf", 3, 3, (4, 19)), fig("b1", "Orc", 4, 3, (0, 0)),
                   fig("b2", "Orc", 4, 3, (0, 0)), scenario="ambush", active="a")
    state.attacker, state.attacker_edge = "a", "south"
    for f in ("b1", "b2"):
        state.figures[f].pos = None
    state.markers = {"m1": {"at": hex_at(3, 2), "figure": "b1"},
                     "m2": {"at": hex_at(6, 2), "figure": None},
                     "m3": {"at": hex_at(22, 2), "figure": "b2"},
                     "m4": {"at": hex_at(20, 2), "figure": None}}
    return state


def test_marker_contents_are_secret_from_the_attacker_and_spectators(dice):
    """seed 000, AMBUSH: the defender alone knows which markers are real."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 20)), fig("b1", "Orc", 4, 3, (0, 0)),
                   scenario="ambush")
    state.figures["b1"].pos = None
    state.phase, state.attacker, state.attacker_edge = "deploy", "a", "south"
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and decision.options[0].type == "place_marker"
    [event] = SYSTEM.decide(state, Command("b", "place_marker", {"hides": "b1", "to": [3, 2]}),
                            dice)
    for viewer in (Viewer("a"), SPECTATOR):
        assert "figure" not in event.for_viewer(viewer).data
    state = SYSTEM.evolve(state, event)
    assert SYSTEM.view(state, Viewer("a"))["markers"] == [{"marker": "m1", "at": [3, 2]}]
    assert SYSTEM.view(state, Viewer("b"))["markers"][0]["hides"] == "b1"


def test_enemy_within_long_reveals_markers(dice):
    """seed 000, AMBUSH: 'whenever an opponent moves within 1 X Long from the
    marker ... the defender must reveal whether the marker is real'."""
    state = ambush_state()
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "move", dice, to=h(3, 14))  # 12 from m1 and m2
    revealed = {e.data["marker"]: e.data["figure"] for e in events
                if e.type == "marker_revealed"}
    assert revealed == {"m1": "b1", "m2": None}
    assert state.figures["b1"].pos[:2] == (3, 2) and "m2" not in state.markers
    assert set(state.markers) == {"m3", "m4"}


def test_activating_a_marker_reveals_it_and_a_dummy_is_removed(dice):
    """seed 000, AMBUSH: 'whenever the defender rolls to activate it, the defender
    must reveal'; a dummy is removed from play."""
    state = ambush_state()
    state.active_seat = "b"
    state, events = act(state, "b", "activate_marker", dice, marker="m2", dice=1)
    assert first(events, "marker_revealed").data["figure"] is None
    assert "activated" not in types(events) and state.active_seat == "b"
    dice.fix(4)
    state, events = act(state, "b", "activate_marker", dice, marker="m1", dice=1)
    assert first(events, "activated").data["figure"] == "b1"


def test_when_every_figure_is_on_the_table_remaining_markers_go(dice):
    """seed 000, AMBUSH: 'When all the figures in the warband are on the table,
    remove any remaining markers.'"""
    state = ambush_state()
    state.active_seat = "b"
    dice.fix(1, 1)  # two activations that fail once each: the turn goes on
    state, _ = act(state, "b", "activate_marker", dice, marker="m1", dice=1)
    state, events = act(state, "b", "activate_marker", dice, marker="m3", dice=1)
    assert state.markers == {}
    assert "markers_cleared" in types(events)


def test_only_the_defender_activates_markers_and_bad_ids_are_refused(dice):
    """seed 000, AMBUSH: 'whenever the defender rolls to activate it' — the
    attacker cannot activate (and so reveal) the defender's markers; a marker
    id that is not a marker's name is a coded refusal, not a crash."""
    import pytest

    from server.rules.kernel import RulesError

    state = ambush_state()  # the attacker (a) is the active seat
    with pytest.raises(RulesError) as refused:
        act(state, "a", "activate_marker", dice, marker="m2", dice=1)
    assert refused.value.code == "illegal_command"
    assert "m2" in state.markers
    state.active_seat = "b"
    for marker, count in ((["m1"], 1), ({"m": 1}, 1), (None, 1), ("m9", 1), ("m1", True),
                          ("m1", 4)):
        with pytest.raises(RulesError) as refused:
            act(state, "b", "activate_marker", dice, marker=marker, dice=count)
        assert refused.value.code == "illegal_command", (marker, count)
