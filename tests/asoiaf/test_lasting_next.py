"""Changes lasting only the next roll or the next action (the vocabulary's
Until: "roll": the next roll it applies to; "action"), made by abilities that
are not that roll's own (lasting.py): a command ability, a start-of-game
ability. Cards of our own built in the test on the test pack
tests/asoiaf/packs/vocabulary. Dice scripted."""

import msgspec

from server.rules.asoiaf import charge_terrain, lasting, start_of_game
from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.timings import timing_problems
from server.rules.asoiaf.cards.vocabulary import ModifyRoll, ModifyValue
from server.rules.asoiaf.state import Model, replace
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import mid_round, run, send
from tests.asoiaf_packs import knows

ATTACK = {"mode": 0, "target": "b1", "improvements": []}


def _scout_with(pack, ability: Ability) -> None:
    """The Test Scout (Knife: 2 dice, 6+) knows `ability` (this test's pack copy)."""
    knows(pack, "Test Scout", ability)


def _duel(**fields):
    return mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                      Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)),
                      Model("b2", "Baratheon Warden", "b", 2, square=(12, 0))), **fields)


def test_a_change_for_the_next_attack_roll_counts_once(vocabulary_pack):
    """Until "roll": "+3 to this model's next attack roll" (ours): the Scout's 3s
    hit 6+ on the attack after it, and the change is gone with that roll."""
    _scout_with(vocabulary_pack, Ability(
        name="Steady Aim", timing="command", ap=0, text="+3 to its next attack roll.",
        effects=[ModifyRoll(roll="attack", by=3, until="roll")]))
    state = send(_duel(), "a", "ability", {"ability": "Steady Aim"})
    assert state.lasting == (("a1", "roll", "attack", 3, "roll"),)
    state, events = run(state, "a", "attack", ATTACK, (3, 3, 6, 6))
    assert events[0].type == "attack_rolled" and events[0].data["hits"] == 2
    assert state.lasting == ()


def test_a_change_for_the_next_will_test_ends_with_it(vocabulary_pack):
    """Until "roll" on "will" (and a will value lasting that roll): a will test
    counts them and ends them; another kind of roll leaves them be."""
    state = _duel(lasting=(("a1", "roll", "will", 2, "roll"), ("a1", "value", "will", -1, "roll"),
                           ("a1", "roll", "attack", 1, "roll")))
    state = lasting.rolled(state, "a1", "defence")
    assert len(state.lasting) == 3
    state = lasting.rolled(state, "a1", "will")
    assert state.lasting == (("a1", "roll", "attack", 1, "roll"),)


def test_a_change_for_the_next_action_lasts_until_the_models_action_ends(vocabulary_pack):
    """Until "action", made before the model acts (at the start of the game): it
    holds through the model's next action, a move here, and ends with it."""
    state = _duel(lasting=(("a1", "roll", "any", 1, "action"),))
    state = send(state, "a", "move", {"square": [2, 10]})
    assert state.lasting == ()
    other = _duel(lasting=(("b1", "roll", "any", 1, "action"),))
    assert send(other, "a", "move", {"square": [2, 10]}).lasting == other.lasting


def test_an_action_change_made_by_the_action_lasts_the_next_one(vocabulary_pack):
    """A command ability (an action) giving "+1 to its rolls during its next
    action" (ours): using it does not end the change; the attack after does."""
    _scout_with(vocabulary_pack, Ability(
        name="Focus", timing="command", ap=1, text="+1 to its rolls during its next action.",
        effects=[ModifyRoll(roll="any", by=1, until="action")]))
    state = send(_duel(), "a", "ability", {"ability": "Focus"})
    assert state.lasting == (("a1", "roll", "any", 1, "action"),)
    state = attack(state, "b1", (5, 5, 1, 1))  # 5s hit 6+ with the +1
    assert state.model("b1").removed == "killed" and state.attack is None
    assert state.lasting == ()


def test_a_start_of_game_ability_may_give_the_next_roll_or_action():
    """PLAYING THE GAME, "At the Start of the Game": a change lasting the next
    roll or action is queued (the model's first roll or action comes later);
    the pack checker refuses an activation or a turn there, and an action at
    the end of the game (none follows)."""
    roll = Ability(name="Omen", timing="start_of_game", text="+1 to its next will test.",
                   effects=[ModifyRoll(roll="will", by=1, until="roll")])
    action = Ability(name="Rouse", timing="start_of_game", text="-1 defence next action.",
                     effects=[ModifyValue(value="defence", by=-1, until="action")])
    assert start_of_game._other(roll) and start_of_game._other(action)
    assert timing_problems(action) == []
    ending = msgspec.structs.replace(action, timing="end_of_game")
    assert timing_problems(ending) == ["a 'modify_value' effect lasts the action, but no "
                                       "action is in progress at a 'end_of_game' ability"]


def test_a_start_of_game_change_is_used_by_the_models_first_roll(vocabulary_pack):
    """The Scout's "+3 to its next attack roll" taken before round 1 (it asks
    nothing: applied as the queue reaches it) counts on its first attack."""
    _scout_with(vocabulary_pack, Ability(
        name="Omen", timing="start_of_game", text="+3 to its next attack roll.",
        effects=[ModifyRoll(roll="attack", by=3, until="roll")]))
    state = start_of_game.queue(_duel(active=""), vocabulary_pack,
                                charge_terrain.field_of("learn_to_play", ()))
    assert not state.start_abilities
    assert state.lasting == (("a1", "roll", "attack", 3, "roll"),)
    state = replace(state, active_model="a1")
    state, events = run(state, "a", "attack", ATTACK, (3, 3, 6, 6))
    assert events[0].data["hits"] == 2 and state.lasting == ()


def test_a_will_test_counts_a_change_for_its_roll_and_ends_it():
    """WISE WORDS' will test (seed 004, ABILITY 0): Robert (will 5+) rolls a 3;
    "+2 to his next will test" makes it 5, a pass, and is spent by it."""
    state = mid_round((Model("a1", "Jon Arryn", "a", 3, square=(3, 9), ap=2, activated=True),
                       Model("a2", "Robert Baratheon", "a", 4, square=(5, 9), activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 0))),
                      lasting=(("a2", "roll", "will", 2, "roll"),))
    state = send(state, "a", "ability", {"ability": "Wise Words", "target": "a2"}, (3,))
    assert state.granted == ("a2", "move") and state.lasting == ()


def test_a_move_an_ability_forces_is_no_action_of_the_model_moved(vocabulary_pack):
    """Until "action" ends with the model's own action: a picked model's move
    made by another's ability (granted.py, `move_model`) is not one; a granted
    move (WISE WORDS: "may perform 1 [move]") is."""
    pushed = _duel(lasting=(("b1", "roll", "any", 1, "action"),),
                   granted=("b1", "move", 1, "away", "a1"))
    [move] = [o for o in SYSTEM.prompt(pushed).decisions[0].options if o.type == "granted_move"]
    after = send(pushed, "a", "granted_move", {"model": "b1",
                                               "square": move.params["square"][0]})
    assert after.lasting == pushed.lasting and after.granted == ()
    granted = _duel(lasting=(("b1", "roll", "any", 1, "action"),), granted=("b1", "move"))
    [move] = [o for o in SYSTEM.prompt(granted).decisions[0].options if o.type == "granted_move"]
    after = send(granted, "b", "granted_move", {"model": "b1",
                                                "square": move.params["square"][0]})
    assert after.lasting == ()
