"""A motivation's Alive side moving, granting an action to, or touching models
its player picks, one pick per target words (picks.py), as an ability does:
seed 004, MOTIVATIONS CARDS: "Every rule that applies to abilities tied to an
icon also applies to motivations tied to the same icon"; seed 004, GRANTED
ACTIONS: "Actions granted by model's abilities don't activate the model that
receive them. They must be used immediately." Motivations of our own built in
the test on tests/asoiaf/packs/vocabulary (the hero Test Lord); dice scripted."""

import msgspec
import pytest

from server.rules.asoiaf import motivation_shapes
from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    GrantAction,
    ModifyRoll,
    MoveModel,
    ScoreVP,
    Target,
)
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command, RulesError
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import mid_round, run, send

FRIEND = Target(who="friendly", within="short_range")
ENEMY = Target(who="enemy", within="short_range")


def _alive(pack, *effects, trigger="kills_enemy") -> Ability:
    ability = Ability(name="Rally", timing="trigger", trigger=trigger,
                      text="When he kills an enemy: (the test's words).", effects=list(effects))
    card = pack.motivations["Test Lord"]
    pack.motivations["Test Lord"] = msgspec.structs.replace(card, alive=[ability])
    return ability


def _killed():
    """The Lord (a1) kills b1 in contact: a2 a friend and b2 an enemy in short
    range, a3 and b9 far away."""
    models = (Model("a1", "Test Lord", "a", 3, square=(3, 11), ap=2, activated=True),
              Model("a2", "Baratheon Warden", "a", 2, square=(2, 11)),
              Model("a3", "Baratheon Warden", "a", 2, square=(12, 11)),
              Model("b1", "Baratheon Warden", "b", 1, square=(4, 11)),
              Model("b2", "Baratheon Warden", "b", 2, square=(6, 11)),
              Model("b9", "Baratheon Warden", "b", 2, square=(12, 0)))
    state = attack(mid_round(models), "b1", (9, 9, 1, 1))
    assert state.pending == (("a", "a1", "Rally"),)
    return state


def _after_the_attack(state):
    """The attack's surge held: a grant made during an attack waits until the
    sequence is over (docs/rules/asoiaf.md, granted actions)."""
    assert state.attack and state.attack.step == "surge"
    return send(state, "a", "hold")


def _use_option(state):
    return next(o for o in SYSTEM.prompt(state).decisions[0].options
                if o.type == "use_motivation")


def test_a_picked_friend_moves_in_its_turn(vocabulary_pack):
    """"1 friendly model in short range may move up to 2 squares" (ours): the
    Warden a2 is picked (not a3, 9 squares away); its move waits as a granted
    move does and its player moves it or lets it stay; it does not activate
    (seed 004, GRANTED ACTIONS: "Actions granted by model's abilities don't
    activate the model that receive them")."""
    _alive(vocabulary_pack, MoveModel(squares=2, direction="free", target=FRIEND))
    state = _killed()
    assert _use_option(state).params == {"target": ["a2"]}
    state, [event] = run(state, "a", "use_motivation", {"target": "a2"})
    assert event.data["target"] == "a2"
    assert state.granted == ("a2", "move", 2, "free", "a1")
    state = _after_the_attack(state)
    [decision] = SYSTEM.prompt(state).decisions
    assert [o.type for o in decision.options] == ["granted_move", "forfeit_action"]
    state = send(state, "a", "granted_move", {"model": "a2", "square": [0, 11]})
    assert state.model("a2").square == (0, 11) and not state.model("a2").activated


def test_a_picked_enemy_is_pushed_away_from_the_hero(vocabulary_pack):
    """"1 enemy model in short range moves 1 square away from him" (ours; seed
    004, COMMON GAME TERMS, AWAY: "must end this compulsory move as far away as
    possible from the model who initiated the away action"): the Lord's player
    picks the square, no forfeit offered."""
    _alive(vocabulary_pack, MoveModel(squares=1, direction="away", target=ENEMY))
    state = send(_killed(), "a", "use_motivation", {"target": "b2"})
    assert state.granted == ("b2", "move", 1, "away", "a1")
    state = _after_the_attack(state)
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "a" and [o.type for o in decision.options] == ["granted_move"]
    assert all(sq[0] == 7 for sq in decision.options[0].params["square"])


def test_an_action_granted_to_each_of_two_picked_friends_waits_its_turn(vocabulary_pack):
    """"2 friendly models in short range may perform 1 move action" (ours;
    WISE WORDS: "may perform 1 [move] immediately. If he does not, he forfeits
    this action"): the pick is `targets` (a set of 2; only a2 is in reach, so
    the set is [a2]) and a grant for each, one after the other."""
    near = Target(who="friendly", within="anywhere", count=2)
    _alive(vocabulary_pack, GrantAction(action="move", target=near))
    state = _killed()
    assert _use_option(state).params == {"targets": [["a2", "a3"]]}
    state, [event] = run(state, "a", "use_motivation", {"targets": ["a2", "a3"]})
    assert event.data["target"] == ["a2", "a3"]
    assert state.granted == ("a2", "move") and state.grants_queued == (("a3", "move"),)
    state = send(_after_the_attack(state), "a", "forfeit_action")
    assert state.granted == ("a3", "move") and state.grants_queued == ()


def test_two_picks_are_asked_one_after_the_other(vocabulary_pack):
    """"1 friendly model in short range gains +1 to its attack rolls this round;
    1 enemy model in short range becomes shaken" (ours; seed 004, ABILITIES):
    two target words, two picks (`pick_1`, `pick_2`), each effect on its own;
    a model one pick may not take is refused as `bad_pick`."""
    _alive(vocabulary_pack,
           ModifyRoll(roll="attack", by=1, until="round", target=FRIEND),
           ApplyCondition(condition="shaken", target=ENEMY), ScoreVP(vp=1))
    state = _killed()
    assert _use_option(state).params == {"pick_1": ["a2"], "pick_2": ["b2"]}
    with pytest.raises(RulesError) as refused:
        SYSTEM.decide(state, _command({"pick_1": "a2", "pick_2": "b9"}), None)
    assert refused.value.code == "bad_pick"
    state, [event] = run(state, "a", "use_motivation", {"pick_1": "a2", "pick_2": "b2"})
    assert event.data["picks"] == ["a2", "b2"]
    assert state.lasting == (("a2", "roll", "attack", 1, "round"),)
    assert state.model("b2").conditions == {Condition.SHAKEN} and state.vp["a"] == 1
    assert SYSTEM.evolve(_killed(), event) == state  # replayed from the event's picks


def _command(args):
    return Command("a", "use_motivation", args)


def test_the_pack_checker_accepts_these_and_refuses_their_deceased_neighbours():
    """The engine's predicate (cards/engine_shapes.py asks motivation_shapes):
    the Alive side's picked moves, grants and several picks are offered; the
    same on a Deceased side are refused in words (the hero is gone: from where
    would a pick be measured?), as is a 'free' grant to a picked model."""
    move = MoveModel(squares=2, direction="free", target=FRIEND)
    grant = GrantAction(action="attack", target=FRIEND)
    alive = Ability(name="Rally", timing="trigger", trigger="kills_enemy", text=".",
                    effects=[move, grant, ApplyCondition(condition="shaken", target=ENEMY)])
    assert motivation_shapes.unsupported(alive, "alive") is None
    dead = msgspec.structs.replace(alive, trigger="killed", effects=[move])
    assert motivation_shapes.unsupported(dead, "deceased") == (
        "a motivation's 'move_model' is on its Alive side: the hero's own 'free' move, "
        "or friendly or enemy models its player picks (count 1 or more)")
    free = msgspec.structs.replace(alive, effects=[GrantAction(action="move", free=True,
                                                               target=FRIEND)])
    assert motivation_shapes.unsupported(free, "alive") == (
        "a motivation's grant_action is 'free', but a free action is made only by a "
        "model as it activates; drop 'free'")
