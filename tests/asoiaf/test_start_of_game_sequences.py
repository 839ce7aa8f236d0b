"""Start-of-game abilities picking, granting, moving and testing several
models (seed 004, PLAYING THE GAME: "Once all models are on the battlefield
..., players resolve their abilities triggered At the Start of the Game,
starting with the 1st player ... When done, the 1st round of the game
begins"; ACTIONS: "Actions granted by model's abilities ... must be used
immediately"; MODELS: "A model asked to roll [a will test] rolls 1 die"), from
abilities of our own built in the test on tests/asoiaf/packs/vocabulary. Dice
scripted."""


from server.rules.asoiaf import charge_terrain, start_of_game
from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    DealWounds,
    DrawAgenda,
    GrantAction,
    MoveModel,
    Target,
    WillTest,
)
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, run, send
from tests.asoiaf_packs import knows

FIELD = charge_terrain.field_of("learn_to_play", ())


def _queued(pack, ability: Ability, *others: Model, **fields):
    """The Scout (a1, at (3, 11)) with `ability`, its start-of-game queue built."""
    knows(pack, "Test Scout", ability)
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11)), *others),
                      active="", **fields)
    return start_of_game.queue(state, pack, FIELD)


def _option(state):
    [option] = [o for o in SYSTEM.prompt(state).decisions[0].options
                if o.type == "start_ability"]
    return option


def test_two_effects_picking_the_same_enemy_pick_it_once(vocabulary_pack):
    """ABILITIES (LOYALLY REBELLIOUS: "force 1 enemy model in short range to
    become [shaken]. Then, that enemy ..."), at the start of the game (ours):
    "1 enemy model in short range becomes shaken and suffers 1 wound": both
    effects name the same words, so the enemy is picked once."""
    words = Target(who="enemy", within="short_range")
    state = _queued(vocabulary_pack, Ability(
        name="Ambush", timing="start_of_game",
        text="1 enemy model in short range becomes shaken and suffers 1 wound.",
        effects=[ApplyCondition(condition="shaken", target=words),
                 DealWounds(wounds=1, target=words)]),
        Model("b1", "Baratheon Warden", "b", 2, square=(5, 11)),
        Model("b2", "Baratheon Warden", "b", 2, square=(12, 0)))
    option = _option(state)
    assert option.params == {"target": ["b1"]}
    state = send(state, "a", "start_ability", {**option.args, "target": "b1"})
    assert state.model("b1").conditions == frozenset({Condition.SHAKEN})
    assert state.model("b1").wounds_left == 1 and not state.start_abilities


def test_a_friend_granted_a_move_then_an_attack(vocabulary_pack):
    """ACTIONS ("must be used immediately"), two grants of our own: "1 friendly
    model may perform 1 [move], then 1 [attack]": the move is asked, then the
    attack, before round 1's first activation."""
    state = _queued(vocabulary_pack, Ability(
        name="Forward", timing="start_of_game",
        text="1 friendly model may perform 1 move, then 1 attack.",
        effects=[GrantAction(action="move", target=Target(who="friendly")),
                 GrantAction(action="attack", target=Target(who="chosen"))]),
        Model("a2", "Baratheon Warden", "a", 2, square=(5, 11)),
        Model("b1", "Baratheon Warden", "b", 2, square=(5, 13)))
    state = send(state, "a", "start_ability", {**_option(state).args, "target": "a2"})
    assert state.granted == ("a2", "move") and state.grants_queued == (("a2", "attack"),)
    state = send(state, "a", "granted_move", {"model": "a2", "square": [5, 12]})
    assert state.granted == ("a2", "attack")
    [decision] = SYSTEM.prompt(state).decisions
    [attack] = [o for o in decision.options if o.type == "granted_attack"]
    assert attack.params["target"] == ["b1"]


def test_every_enemy_in_short_range_tests_its_will_in_turn(vocabulary_pack):
    """WILL TESTS for several models, at the start of the game (ours): "every
    enemy model in short range must pass a will test or become shaken": one
    die each, in table order (b1 rolls 3: shaken; b2 rolls 8: passes)."""
    state = _queued(vocabulary_pack, Ability(
        name="Dread", timing="start_of_game",
        text="Every enemy model in short range must pass a will test or become shaken.",
        effects=[WillTest(target=Target(who="enemy", within="short_range", count=0),
                          on_failure=[ApplyCondition(condition="shaken",
                                                     target=Target(who="chosen"))])]),
        Model("b1", "Baratheon Warden", "b", 2, square=(5, 11)),
        Model("b2", "Baratheon Warden", "b", 2, square=(4, 12)),
        Model("b3", "Baratheon Warden", "b", 2, square=(12, 0)))
    state, [event] = run(state, "a", "start_ability", _option(state).args, (3, 8))
    assert event.data["will_faces"] == [3, 8]
    assert state.model("b1").conditions == frozenset({Condition.SHAKEN})
    assert state.model("b2").conditions == frozenset() == state.model("b3").conditions


def test_a_passed_will_test_moves_the_model_and_draws_a_card(vocabulary_pack):
    """A will test whose effects move and draw (ours): "pass a will test: this
    model may move up to 2 squares and draws 1 agenda card" (AGENDA CARDS:
    hidden from the opponent): passed (7 against 6+), the card is drawn in an
    event its player alone sees, and the move waits for its square."""
    state = _queued(vocabulary_pack, Ability(
        name="Scouting", timing="start_of_game",
        text="Pass a will test: this model may move up to 2 squares and draw 1 agenda.",
        effects=[WillTest(on_success=[MoveModel(squares=2, direction="free"),
                                      DrawAgenda(cards=1)])]),
        Model("b1", "Baratheon Warden", "b", 2, square=(12, 0)),
        agenda_decks={"a": ("Raid Their Camp", "Thrifty Purse"), "b": ()},
        agenda_hands={"a": (), "b": ()})
    state, events = run(state, "a", "start_ability", _option(state).args, (7,))
    assert [e.type for e in events] == ["start_ability_used", "agenda_drawn"]
    assert events[1].visible_to == ("a",) and "Raid Their Camp" in state.agendas["a"]
    assert state.granted == ("a1", "move", 2, "free", "a1")
    state = send(state, "a", "granted_move", {"model": "a1", "square": [3, 9]})
    assert state.model("a1").square == (3, 9) and state.granted == ()
