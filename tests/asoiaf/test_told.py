"""Every change on the table is in the event that made it (told.py): a model
killed and by whom, captured and by whom, a captive freed, a mount killed, a
maximum of wounds moved, even when the event's subject is something else (a
declined wounds ability, a defence roll, step 9). Dice scripted."""

from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Event
from tests.asoiaf.conftest import mid_round, run, send
from tests.asoiaf.test_lasting_wounds import _attacked as _duel
from tests.asoiaf.test_lasting_wounds import _rapier_aftermath
from tests.asoiaf.test_mounted import KILL, mounted_target
from tests.asoiaf.test_wounds_lethal import OLDEST, _attacked, _burnt

ATTACK_B1 = {"mode": 0, "target": "b1", "improvements": []}


def _captor_table():
    """Robert (4 wounds) beside Brandon Stark, who holds a Sellsword of Robert's
    side captive."""
    return mid_round((Model("a1", "Robert Baratheon", "a", 4, square=(3, 11), ap=2,
                            activated=True),
                      Model("b1", "Brandon Stark", "b", 3, square=(4, 11), captive="a2"),
                      Model("a2", "Stark Sellsword", "a", 0, removed="captured"),
                      Model("b2", "Stark Sellsword", "b", 2, square=(12, 0))))


def test_a_declined_or_failed_wounds_ability_before_a_lethal_wound_says_the_kill():
    """seed 004, ABILITIES: wounds abilities "can be used anytime a model loses at
    least 1 [wound] and before the model would be killed": declined, or OLDEST
    BROTHER failed (3 against 4), the bonfire's wound kills Brandon, and the
    answer says so (a terrain: no killer)."""
    for command, args, dice in (("decline_wounds_ability", {}, ()),
                                ("wounds_ability", OLDEST, (3,))):
        _, [event] = run(_burnt(), "a", command, args, dice)
        assert event.data["killed"] == ["a1"] and "killed_by" not in event.data


def test_step_9s_killer_of_a_model_an_aftermath_wounded_is_in_the_event(vocabulary_pack):
    """seed 004, ATTACK SEQUENCE "9. If the defender has no [wounds] left ...":
    the Warden's aftermath left Brandon none; declined, step 9 kills him, the
    Warden named his killer (State.killers) in the decline's event."""
    _, [event] = run(_attacked(vocabulary_pack), "a", "decline_wounds_ability")
    assert event.data["killed"] == ["a1"] and event.data["killed_by"] == {"a1": "b1"}


def test_a_soldier_killed_with_no_choice_is_told_in_the_defence():
    """seed 004, step 9: a soldier left with no wounds is killed (no capture):
    step 9 runs inside the defence's event, which names the kill and the attacker."""
    robert = Model("a1", "Robert Baratheon", "a", 4, square=(3, 11), ap=2, activated=True)
    table = mid_round((robert, Model("b1", "Stark Sellsword", "b", 2, square=(4, 11)),
                       Model("b2", "Stark Sellsword", "b", 2, square=(12, 0))))
    _, events = run(table, "a", "attack", ATTACK_B1, (9, 9, 9, 1, 1, 1))
    assert [e.type for e in events] == ["attack_rolled", "defended"]
    assert "killed" not in events[0].data
    assert events[1].data["killed"] == ["b1"] and events[1].data["killed_by"] == {"b1": "a1"}


def test_a_kill_frees_its_captive_and_a_capture_names_its_captor():
    """seed 004, CAPTURED CHAMPIONS AND HEROES: "When a model with [a capture
    token] is killed ... place their captured champion or hero on the model's
    square"; "Place a [capture token] on the model that captured"."""
    state = send(_captor_table(), "a", "attack", ATTACK_B1, (9, 9, 9, 1, 1, 1))
    _, [killed] = run(state, "a", "remove", {"removal": "killed"})
    assert killed.data["killed"] == ["b1"] and killed.data["killed_by"] == {"b1": "a1"}
    assert killed.data["freed"] == ["a2"]
    _, [captured] = run(state, "a", "remove", {"removal": "captured"})
    assert captured.data["captured"] == [["b1", "a1"]] and "killed" not in captured.data


def test_a_mounts_death_is_told():
    """seed 004, MOUNTED CHARACTERS: "If the mounted model's wounds are reduced to
    0, only the mount dies": the defence's event says the mount died, no kill."""
    _, events = run(mounted_target(), "a", "attack", ATTACK_B1, KILL)
    assert events[-1].data["mount_died"] == ["b1"] and "killed" not in events[-1].data


def test_a_moved_maximum_of_wounds_says_the_wounds_left(vocabulary_pack):
    """The vocabulary's modify_value of "wounds" ("Change one of the target's card
    values by `by` while `until` lasts"; lasting.fit_wounds, our reading):
    raised, the Duelist gains the wound (3 of 3); its activation over, the
    maximum falls back and cuts it to 2."""
    from server.rules.asoiaf.cards.vocabulary import ModifyValue

    _rapier_aftermath(vocabulary_pack, ModifyValue(value="wounds", by=1, until="activation"))
    state, [raised] = run(_duel(), "a", "aftermath", {"ability": "Second Wind"})
    assert raised.data["max_wounds"] == [["a1", 3, 3]]
    _, [ended] = run(state, "a", "end_activation")
    assert ended.data["max_wounds"] == [["a1", 2, 2]]


def test_the_told_fields_change_no_state_and_decides_fold_is_the_replays():
    """evolve reads none of the told fields: the event folded without them gives
    the same state, and the state decide folded is the one a replay folds."""
    table = _captor_table()
    state = send(table, "a", "attack", ATTACK_B1, (9, 9, 9, 1, 1, 1))
    after, [event] = run(state, "a", "remove", {"removal": "killed"})
    bare = {k: v for k, v in event.data.items()
            if k not in ("killed", "killed_by", "freed")}
    SYSTEM._folded = []
    assert SYSTEM.evolve(state, Event(event.type, bare)) == after
    assert SYSTEM.evolve(state, event) == after
