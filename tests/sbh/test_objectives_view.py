"""What the SBH view shows of the scenario objects (seed 000, SCENARIOS), so
clients can draw them: treasure tokens, the found treasure or Quest item, the
Place of Power (and the features to nominate it from), and Ambush markers,
whose contents only their owner may see."""

from __future__ import annotations

from server.rules.board.hex import hex_at
from server.rules.kernel import SPECTATOR, Command, Viewer
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, h
from tests.sbh.test_ambush import ambush_state
from tests.sbh.test_scenarios import treasure_state

EVERYONE = (Viewer("a"), Viewer("b"), SPECTATOR)


def test_treasure_tokens_are_shown_to_everyone_and_follow_the_search(dice):
    """seed 000, TREASURE HUNT: the tokens are placed openly; the found treasure
    lies in its token's hex until picked up, then goes with its carrier."""
    state = treasure_state()
    for viewer in EVERYONE:
        view = SYSTEM.view(state, viewer)
        assert view["tokens"] == [[7, 5], [7, 9], [9, 9]]
        assert view["treasure"] is None and view["place_of_power"] == []
    dice.fix(3, 5)  # activation, then the search die: found
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "step", dice, to=h(6, 5))
    for viewer in EVERYONE:
        view = SYSTEM.view(state, viewer)
        assert view["tokens"] == [] and view["treasure"] == {"at": [7, 5], "carrier": None}
    state.treasure_at, state.treasure_carrier = None, "a1"
    assert SYSTEM.view(state, SPECTATOR)["treasure"] == {"at": None, "carrier": "a1"}


def test_the_quest_item_is_shown_where_it_lies_and_with_its_carrier(dice):
    """seed 000, QUEST FOR A MAGIC ITEM: found like the treasure; once picked up the
    view also names the item rolled on the magic items table."""
    state = treasure_state()
    state.options["scenario"] = "quest_for_a_magic_item"
    state.tokens = ()
    state.treasure_at = hex_at(6, 5)
    dice.fix(4, 4, 4, 3)  # three successes, then the magic items table
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3)
    assert SYSTEM.view(state, Viewer("b"))["treasure"] == {"at": [6, 5], "carrier": None}
    state, _ = act(state, "a", "pick_up", dice)
    for viewer in EVERYONE:
        view = SYSTEM.view(state, viewer)
        assert view["treasure"] == {"at": None, "carrier": "a1"}
        assert view["magic_item"]["carrier"] == "a1" and view["magic_item"]["name"]


def test_the_place_of_power_and_the_features_to_nominate_it_from(dice):
    """seed 000, PLACE OF POWER: the nominator picks a feature by its number; the
    view lists the features in that numbering while the choice is open, then the
    nominated hexes."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (20, 20)),
                   scenario="place_of_power",
                   terrain={(7, 5): "woods", (8, 5): "woods", (15, 15): "hill"})
    state.phase, state.place_nominator = "scenario", "b"
    for viewer in EVERYONE:
        features = SYSTEM.view(state, viewer)["features"]
        assert features == [{"kind": "woods", "hexes": [[7, 5], [8, 5]]},
                            {"kind": "hill", "hexes": [[15, 15]]}]
    [event] = SYSTEM.decide(state, Command("b", "nominate_place", {"feature": 0}), dice)
    state = SYSTEM.evolve(state, event)
    for viewer in EVERYONE:
        view = SYSTEM.view(state, viewer)
        assert view["place_of_power"] == [[7, 5], [8, 5]] and "features" not in view


def test_ambush_markers_show_their_contents_to_the_defender_only():
    """seed 000, AMBUSH: everyone sees where the markers are; only the defender
    knows which hide a figure and which are dummies."""
    state = ambush_state()  # b defends: m1 hides b1, m3 hides b2, m2 and m4 are dummies
    shown = {viewer.seat: SYSTEM.view(state, viewer)["markers"] for viewer in EVERYONE}
    assert [m["hides"] for m in shown["b"]] == ["b1", "dummy", "b2", "dummy"]
    for seat in ("a", None):
        assert shown[seat] == [{"marker": m["marker"], "at": m["at"]} for m in shown["b"]]
    hidden = SYSTEM.view(state, Viewer("a"))["figures"]
    assert [f["pos"] for f in hidden if f["id"] in ("b1", "b2")] == [None, None]
