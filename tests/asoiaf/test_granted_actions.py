"""Actions an ability grants beside a move or an attack (the vocabulary's
`grant_action`; seed 004, ABILITY 0, the WISE WORDS example: "may perform 1
[move] immediately. If he does not, he forfeits this action ... He does not
activate by performing this action"; LIST OF ACTIONS: CHARGE, INTERACT, IDLE),
and grants made by an aftermath or a motivation. Dice scripted."""

import msgspec

from server.rules.asoiaf import (
    aftermaths,
    charge_terrain,
    command_abilities,
    command_shapes,
    motivation_shapes,
    plunder,
    start_of_game,
)
from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import GrantAction, Target
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, options, run, send


def _granted(action, robert=(1, 11), warden=(4, 11)):
    """Jon Arryn (a1, active); Robert (a2, activated, no AP left) granted `action`."""
    return mid_round((Model("a1", "Jon Arryn", "a", 3, square=(3, 2), ap=1, activated=True),
                      Model("a2", "Robert Baratheon", "a", 4, square=robert, activated=True),
                      Model("b1", "Baratheon Warden", "b", 2, square=warden),
                      Model("b2", "Baratheon Warden", "b", 2, square=(12, 0))),
                     granted=("a2", action))


def test_a_granted_charge_moves_and_attacks_spending_no_ap():
    """CHARGE ACTION ("combines a [move] and an ATTACK 1 action") granted: Robert
    charges the Warden though he has activated and has no AP; the grant is done."""
    state = _granted("charge")
    [decision] = SYSTEM.prompt(state).decisions
    charges = [o for o in decision.options if o.type == "granted_charge"]
    assert charges and decision.options[-1].type == "forfeit_action"
    assert [3, 11] in charges[0].params["square"] and "b1" in charges[0].params["target"]
    state, events = run(state, "a", "granted_charge", {"mode": 0, "target": "b1",
                                                       "square": [3, 11],
                                                       "improvements": []}, (9, 9, 1, 1, 1))
    assert [e.type for e in events] == ["charged", "attack_rolled", "defended"]
    assert events[0].data["ap"] == 0 and events[1].data["ap"] == 0
    assert state.model("b1").removed == "killed" and state.model("a2").ap == 0
    assert state.granted == () and state.active_model == "a1"


def test_a_granted_interact_takes_a_plunder_token_spending_no_ap():
    """INTERACT ("A model in contact with an element can interact with it")
    granted: Robert, beside Learn to Play's coin token at (3, 7), takes it."""
    state = _granted("interact", robert=(3, 6))
    [decision] = SYSTEM.prompt(state).decisions
    [option] = [o for o in decision.options if o.type == "granted_interact"]
    assert option.params == {"square": [[3, 7]]}
    vp, purse = state.vp["a"], state.purses["a"]
    state = send(state, "a", "granted_interact", {"square": [3, 7]})
    assert state.vp["a"] == vp + 2 and (3, 7) in state.plundered
    assert state.model("a2").ap == 0 and state.granted == () and state.active_model == "a1"
    coin = plunder.COIN_GAINED  # PLUNDER TOKENS: "scores 2 VP and gains 1" coin
    assert getattr(state.purses["a"], coin) == getattr(purse, coin) + 1


def test_a_granted_idle_action_does_nothing_and_ends_the_grant():
    """IDLE ACTION: "The model simply does nothing"."""
    state = _granted("idle")
    assert [o.type for o in SYSTEM.prompt(state).decisions[0].options] == [
        "granted_idle", "forfeit_action"]
    after, [event] = run(state, "a", "granted_idle", {"model": "a2"})
    assert event.data == {"model": "a2", "square": None, "idle": True}
    assert after.granted == () and after.model("a2") == state.model("a2")


def test_which_grants_abilities_may_make():
    """The vocabulary's grant_action: every action of LIST OF ACTIONS, the
    charge terrain action too; `free` only the model's own move or attack as it
    activates (ABILITY 0; an agenda's: agenda_plays.py); an aftermath may grant
    one to itself, the attacker, the defender or a friendly model, a motivation
    to the hero on its Alive side, to the friends around him on its Deceased
    side (seed 004, MOTIVATIONS CARDS: the Deceased hero is gone)."""
    friendly = Target(who="friendly")
    for action in ("move", "attack", "charge", "charge_terrain", "interact", "idle"):
        assert command_abilities.supported([GrantAction(action=action, target=friendly)])
        assert aftermaths.known([GrantAction(action=action, target=friendly)])
    assert not command_abilities.supported([GrantAction(action="move", free=True)])
    assert command_abilities.supported([GrantAction(action="move", free=True)],
                                       activation=True)
    assert not aftermaths.known([GrantAction(action="move", free=True)])
    assert not aftermaths.known([GrantAction(action="move", target=Target(who="enemy"))])
    assert motivation_shapes.known(GrantAction(action="attack"), "kills_enemy")
    assert not motivation_shapes.known(GrantAction(action="attack"), "killed")
    assert motivation_shapes.known(GrantAction(action="move", target=Target(
        who="friendly", within="short_range", count=0)), "killed")


def test_a_grant_made_later_says_why_it_cannot_be_free():
    """Seed 004, AGENDA CARDS: a free action is performed "before announcing their
    first action", so only a model activating has one; an aftermath's, a motivation's
    or a start-of-game grant (carried out later, granted.py) says so in one sentence."""
    free = GrantAction(action="move", free=True)
    assert command_shapes.granted_later_problem(free, "an aftermath's") == (
        "an aftermath's grant_action is 'free', but a free action is made only by a "
        "model as it activates; drop 'free'")
    assert aftermaths.unknown([free]) == command_shapes.granted_later_problem(
        free, "an aftermath's")
    assert command_shapes.granted_later_problem(GrantAction(action="attack"), "x") is None


def test_a_motivation_grants_the_hero_an_action(vocabulary_pack):
    """MOTIVATIONS CARDS, an Alive side of our own ("When he kills an enemy, he may
    perform 1 [attack] immediately"): used after the Test Lord's HURL SPEAR kill,
    the grant waits for his player."""
    lord = vocabulary_pack.models["Test Lord"]
    vocabulary_pack.models["Test Lord"] = msgspec.structs.replace(
        lord, abilities=[*lord.abilities, "Hurl Spear"])
    card = vocabulary_pack.motivations["Test Lord"]
    press = Ability(name="Press On", timing="trigger", trigger="kills_enemy",
                    text="When he kills an enemy, he may perform 1 attack immediately.",
                    effects=[GrantAction(action="attack")])
    vocabulary_pack.motivations["Test Lord"] = msgspec.structs.replace(card, alive=[press])
    state = mid_round((Model("a1", "Test Lord", "a", 3, square=(3, 11), ap=2, activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(6, 11),
                             conditions=frozenset({Condition.SHAKEN})),
                       Model("b2", "Baratheon Warden", "b", 2, square=(3, 12))))
    state = send(state, "a", "ability", {"ability": "Hurl Spear", "target": "b1"}, (1, 1))
    assert state.pending == (("a", "a1", "Press On"),)
    state = send(state, "a", "use_motivation")
    assert state.granted == ("a1", "attack")
    [attack] = options(state, "granted_attack")
    assert attack.params["target"] == ["b2"]  # the Warden in contact


def test_a_start_of_game_ability_grants_a_friend_a_move(vocabulary_pack):
    """PLAYING THE GAME, abilities "At the Start of the Game", with a grant of our
    own ("1 friendly model may perform 1 [move] immediately"): the move is offered
    once the start-of-game abilities are done, before round 1's first activation."""
    vocabulary_pack.abilities["Rally Forward"] = Ability(
        name="Rally Forward", timing="start_of_game",
        text="At the start of the game, 1 friendly model may perform 1 move immediately.",
        effects=[GrantAction(action="move", target=Target(who="friendly"))])
    scout = vocabulary_pack.models["Test Scout"]
    vocabulary_pack.models["Test Scout"] = msgspec.structs.replace(
        scout, abilities=["Rally Forward"])
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11)),
                       Model("a2", "Baratheon Warden", "a", 2, square=(5, 11)),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 0))), active="")
    state = start_of_game.queue(state, vocabulary_pack, charge_terrain.field_of("learn_to_play",
                                                                                 ()))
    [option] = options(state, "start_ability")
    assert "a2" in option.params["target"]
    state = send(state, "a", "start_ability", {**option.args, "target": "a2"})
    assert state.granted == ("a2", "move") and not state.start_abilities
    [move] = options(state, "granted_move")
    assert [5, 12] in move.params["square"]
    state = send(state, "a", "granted_move", {"model": "a2", "square": [5, 12]})
    assert state.model("a2").square == (5, 12) and state.granted == ()
    assert not state.model("a2").activated
