"""A Song of Ice & Fire events in the terminal's log: the web's sentences
(clients/web/src/asoiaf_words.js FORMATS), names and squares in words, dice and coins."""

from __future__ import annotations

import pytest

from clients.tui.asoiaf_events import is_asoiaf_event
from clients.tui.board import short_name
from clients.tui.events import _generic, format_event
from clients.tui.match import MatchModel
from clients.tui.picker import Picker
from clients.tui.square_board import SquareBoardModel, lasting_words
from tests.asoiaf_engine_events import engine_events
from tests.asoiaf_table_view import seat_a_view
from tests.web.asoiaf_event_samples import EVENTS, VARIANTS
from tests.web.test_browser_asoiaf import NAMES as WEB_NAMES
from tests.web.test_browser_asoiaf import server_event_types

NAMES = {"a1": "Robert Baratheon", "b1": "Unsullied", "b2": "Baratheon Warden"}


def event(kind: str, **data) -> dict:
    return {"type": kind, "v": 1, "data": data}


def say(kind: str, system: str | None = "asoiaf", **data) -> str | None:
    return format_event(event(kind, **data), NAMES, "a", system)


def test_every_event_the_asoiaf_rules_make_has_a_sample():
    """The samples the web test checks cover every Event("type") in server/rules/asoiaf."""
    assert server_event_types() <= {kind for kind, _ in EVENTS}


@pytest.mark.parametrize(("kind", "data"), EVENTS, ids=[kind for kind, _ in EVENTS])
def test_every_asoiaf_event_is_a_sentence_not_the_generic_form(kind, data):
    """Each event type the ASOIAF rules make is said in words of its own, with the
    system known or (from its type or shape) not known yet."""
    line = format_event({"type": kind, "data": data}, NAMES, "a", "asoiaf")
    assert line and line.endswith("."), line
    assert line != _generic(kind, data, lambda uid: NAMES.get(uid, str(uid)))
    assert "_" not in line and "a1" not in line and "b1" not in line, line
    assert format_event({"type": kind, "data": data}, NAMES, "a", None) == line
    assert is_asoiaf_event(kind, data)


def test_an_attack_roll_spends_coins_and_counts_hits():
    """seed 004, ATTACKS: the attack dice rolled and the coins spent on improvements."""
    assert say("attack_rolled", attacker="a1", target="b1", mode=0,
               spent={"gold": 1, "copper": 2}, attack_faces=[7, 10, 3], hits=2) == \
        "Robert Baratheon attacks Unsullied spending 1 gold, 2 copper (rolled 7, 10, 3): 2 hits."
    assert say("attack_rolled", attacker="a1", target="b1", spent={}, attack_faces=[4],
               hits=1) == "Robert Baratheon attacks Unsullied (rolled 4): 1 hit."


def test_a_defence_names_its_abilities_dice_and_wounds():
    """seed 004, DEFENCE: the defence dice and the wounds that get through."""
    assert say("defended", target="b1", abilities=[["Shield Wall", []]],
               defence_faces=[8, 2, 1], wounds=2) == \
        "Unsullied defends with Shield Wall (rolled 8, 2, 1): 2 wounds."
    assert say("defended", target="b1", abilities=[], defence_faces=[9], wounds=0) == \
        "Unsullied defends (rolled 9): 0 wounds."


def test_kill_or_capture_and_a_charge_spending_coins():
    """seed 004, KILL OR CAPTURE; CHARGE (coins spent on its improvements)."""
    assert say("removed", removal="captured") == "The target is captured."
    assert say("removed", removal="killed") == "The target is killed."
    assert say("charged", model="b2", square=[6, 16], ap=2,
               spent={"gold": 0, "silver": 1, "copper": 0}) == \
        "Baratheon Warden charges to square 7, 17, spending 1 silver."


def test_a_door_used_and_terrain_entered():
    """seed 004, INTERACT (doors) and terrain entered with its defence dice."""
    assert say("door_used", model="a1", opening=0, action="Destroy", square=[2, 5]) == \
        "Robert Baratheon breaks down the door and steps to square 3, 6."
    assert say("door_used", model="a1", opening=0, action="Open") == \
        "Robert Baratheon opens the door."
    assert say("moved", model="a1", square=[1, 17], entered=[[[1, 17], [1, 17]]],
               faces=[3]) == ("Robert Baratheon moves to square 2, 18. It enters terrain at "
                              "square 2, 18; defence (rolled 3).")


def test_seats_hidden_events_and_quiet_ones():
    """The viewer's seat is "(you)"; a hidden agenda stays hidden, a secret event is
    redacted, an ability nobody used leaves no line (as in the web's log)."""
    assert say("rolled_off", rolls=[[4, 4], [7, 2]], winner="a") == \
        "Roll-off: 4 against 4, then 7 against 2; a (you) wins and chooses first."
    assert say("agenda_kept", seat="b") == "b keeps an agenda (hidden)."
    assert say("agenda_kept", seat="a", agenda="Thrifty Purse") == \
        "a (you) keeps an agenda: Thrifty Purse."
    assert format_event(None, NAMES, "a", "asoiaf") == "(a secret event)"
    assert say("wounds_ability_used", model="b1", ability=None) is None
    assert say("aftermath_used", ability="") is None


def test_an_event_of_another_system_is_not_taken_for_asoiafs():
    """SBH's and S&S's events of the same name keep their own sentences."""
    assert not is_asoiaf_event("moved", {"figure": "a3", "to": [1, 2]})
    assert not is_asoiaf_event("rolled_off", {"phase": "ranged", "rolls": [[3, 5]],
                                              "first": "b"})
    assert say("moved", None, figure="a3", to=[1, 2]) == "a3 moves to [1, 2]"


def test_a_payload_shaped_otherwise_is_said_plainly():
    """An ASOIAF event missing what its sentence needs falls back to its type and data."""
    assert say("attack_rolled", attacker="a1") == "Attack rolled: attacker Robert Baratheon"


def test_the_match_log_names_the_views_models_with_or_without_the_system_told():
    """A real view of the engine: the log says an attack roll (seed 004, ATTACKS) with
    the models' card names, whether the screen was told the system or read it off
    the view."""
    view = seat_a_view()
    mine, theirs = (next(m for m in view["models"] if m["seat"] == s) for s in "ab")
    for system in ("asoiaf", None):
        model = MatchModel("m1", seat="a", system=system, status="active")
        model.take({"type": "view", "seq": 9, "view": view})
        model.take({"type": "event", "seq": 10, "event": event(
            "attack_rolled", attacker=mine["uid"], target=theirs["uid"], mode=0,
            spent={"copper": 1}, attack_faces=[7, 10], hits=3)})
        assert model.log[-1] == (f"{model.names[mine['uid']]} attacks "
                                 f"{model.names[theirs['uid']]} spending 1 copper "
                                 "(rolled 7, 10): 3 hits.")
        assert model.log[-1].startswith(mine["card"].split(" (")[0])


def test_an_ability_of_several_picks_names_each():
    """An ability whose effects pick different models (picks.py: `picks`, one
    entry per pick, a model or a list of them) names them all."""
    assert say("ability_used", model="a1", ability="Rally and Threaten", target=None,
               picks=["b2", ["a1", "b1"]], will_faces=[]) == \
        ("Robert Baratheon uses Rally and Threaten on Baratheon Warden and Robert Baratheon "
         "and Unsullied.")


@pytest.mark.parametrize(("kind", "data", "sentence"), VARIANTS,
                         ids=[kind for kind, _, _ in VARIANTS])
def test_an_events_occasional_fields_are_said_as_the_web_says_them(kind, data, sentence):
    """The fields an event carries only at times (seed 004, ABILITY 0's granted
    actions; ATTACK SEQUENCE step 2's coins buying hits, "Each [die] scoring equal
    or above their [defence] blocks 1 hit"; EQUIPMENT TOKENS; wounds abilities
    "before the model would be killed"): the web's sentence, word for word
    (test_browser_asoiaf_words.py checks the same strings)."""
    assert format_event({"type": kind, "data": data}, WEB_NAMES, "a", "asoiaf") == sentence


def test_the_engines_own_events_are_said_as_the_web_says_them():
    """Events the engine makes, dice scripted (tests/asoiaf_engine_events.py): an
    ability of two picks (ABILITIES: "All abilities that target another friendly
    or enemy model do not activate the target"), an aftermath on two models
    (ATTACK SEQUENCE "7. ... aftermath"), bought hits with their defence dice, OLDEST
    BROTHER before a lethal wound and after an aftermath's ("right after they lose
    a [wound] ... to cause a friendly model in contact to suffer any [wounds] that
    would otherwise harm them"), a granted CHARGE TERRAIN ACTION."""
    said = {label: (format_event({"type": kind, "data": data}, names, "a", "asoiaf"),
                    sentence) for label, kind, data, names, sentence in engine_events()}
    assert len(said) == 12
    for label, (line, sentence) in said.items():
        assert line == sentence, label


def test_a_lasting_change_of_maximum_wounds_is_said_so():
    """A lasting modify_value of wounds moves a model's maximum wounds (lasting.py,
    docs/rules/asoiaf.md): the roster says so, as the web's lastingWords does."""
    assert lasting_words("value", "wounds", 1, "game") == "maximum wounds +1 for the game"
    assert lasting_words("value", "defence", -1, "round") == "defence -1 until the round ends"


def test_the_pickers_asoiaf_options_and_choices_are_in_words():
    """The granted actions (seed 004, ABILITY 0: "He does not activate by
    performing this action") and a door charge (CHARGE TERRAIN ACTION) name
    themselves, not their types; a pick of several models, coin improvements and
    kill or capture (ATTACK SEQUENCE, KILL OR CAPTURE) read as the web's buttons."""
    board = SquareBoardModel.from_view(seat_a_view())
    mine, theirs = (next(m for m in board.figures.values() if m["seat"] == s) for s in "ab")
    granted = {"seat": "a", "text": "A Warden may charge a door now.", "options": [
        {"type": "granted_charge_terrain", "args": {"opening": 0},
         "params": {"square": [[2, 6]]}},
        {"type": "granted_attack", "label": "Warhammer", "args": {"mode": 0},
         "params": {"target": [theirs["id"]], "improvements": [[], [0, 1]]}},
        {"type": "forfeit_action", "args": {}, "params": {}}]}
    picker = Picker(granted, seq=3)
    assert [c.label for c in picker.choices(board)] == [
        "charge the door (granted)", "attack (granted): Warhammer",
        "forfeit the granted action"]
    picker.pick(picker.specs[1])  # (its one target chosen without asking)
    assert picker.question() == "Which coin improvements?"
    assert [c.label for c in picker.choices(board)] == ["no improvement",
                                                        "improvements 1 + 2"]
    assert board.value_words("pick_2", [mine["id"], theirs["id"]]) == (
        f"{short_name(mine['name'])} {mine['id']}, {short_name(theirs['name'])} {theirs['id']}")
    assert board.value_words("removal", "captured") == "capture it"
