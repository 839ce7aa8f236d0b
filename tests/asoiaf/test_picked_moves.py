"""An ability moving the model its player picks (the vocabulary's `move_model`
with a friendly or enemy target; seed 004, COMMON GAME TERMS: AWAY "must end
this compulsory move as far away as possible from the model who initiated the
away action"), from command abilities of our own built in the test on
tests/asoiaf/packs/vocabulary: the move waits after the ability, as a granted
move does (granted.py)."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import MoveModel, Target
from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.board.square import distance
from tests.asoiaf.conftest import mid_round, run, send
from tests.asoiaf_packs import knows


def _scout_with(pack, ability: Ability):
    knows(pack, "Test Scout", ability)


def _table():
    return mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                      Model("a2", "Baratheon Warden", "a", 2, square=(2, 11)),
                      Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)),
                      Model("b2", "Baratheon Warden", "b", 2, square=(12, 0))))


def test_a_picked_friend_may_move_up_to_its_squares(vocabulary_pack):
    """"1 friendly model in short range may move up to 2 squares" (ours): its
    player moves the Warden by the MOVE ACTION's rules, or lets it stay; it does
    not activate and the Scout stays the active model."""
    _scout_with(vocabulary_pack, Ability(
        name="Lead On", timing="command", ap=1,
        text="1 friendly model in short range may move up to 2 squares.",
        effects=[MoveModel(squares=2, direction="free",
                           target=Target(who="friendly", within="short_range"))]))
    state = send(_table(), "a", "ability", {"ability": "Lead On", "target": "a2"})
    assert state.granted == ("a2", "move", 2, "free", "a1")
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "a" and [o.type for o in decision.options] == [
        "granted_move", "forfeit_action"]
    reach = decision.options[0].params["square"]
    assert [0, 11] in reach and all(distance((2, 11), sq) <= 2 for sq in reach)
    state = send(state, "a", "granted_move", {"model": "a2", "square": [0, 11]})
    assert state.model("a2").square == (0, 11) and state.granted == ()
    assert state.active_model == "a1" and not state.model("a2").activated


def test_a_picked_enemy_is_pushed_away_as_far_as_it_can_go(vocabulary_pack):
    """"1 enemy model in contact moves 2 squares away from this model" (ours;
    AWAY): compulsory, its squares the farthest from the Scout, chosen by the
    Scout's player (our reading of ties); no forfeit is offered."""
    _scout_with(vocabulary_pack, Ability(
        name="Shove Off", timing="command", ap=1,
        text="1 enemy model in contact moves 2 squares away from this model.",
        effects=[MoveModel(squares=2, direction="away",
                           target=Target(who="enemy", within="contact"))]))
    state, _ = run(_table(), "a", "ability", {"ability": "Shove Off", "target": "b1"})
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "a" and [o.type for o in decision.options] == ["granted_move"]
    reach = decision.options[0].params["square"]
    assert reach and all(distance((3, 11), sq) == 3 for sq in reach)
    state = send(state, "a", "granted_move", {"model": "b1", "square": reach[0]})
    assert state.model("b1").square == tuple(reach[0]) and state.granted == ()


def test_an_end_phase_move_of_a_friend_comes_before_the_rounds_end(vocabulary_pack):
    """THE END PHASE: "Players may use end of round effects": "1 friendly model
    in short range may move up to 1 square" (ours); the round ends (its VP, the
    next round) only once that move is made."""
    bannerman = vocabulary_pack.models["Test Bannerman"]
    vocabulary_pack.abilities["Close Ranks"] = Ability(
        name="Close Ranks", timing="end_phase",
        text="In the end phase, 1 friendly model in short range may move up to 1 square.",
        effects=[MoveModel(squares=1, direction="free",
                           target=Target(who="friendly", within="short_range"))])
    vocabulary_pack.models["Test Bannerman"] = msgspec.structs.replace(
        bannerman, abilities=["Close Ranks"])
    state = mid_round((Model("a1", "Test Bannerman", "a", 2, square=(3, 11), ap=1,
                             activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 11), activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 0), activated=True)))
    state = send(state, "a", "end_activation")  # the round's last: its end phase
    assert state.end_phase_waiting == (("a", "a1", "Close Ranks"),)
    state = send(state, "a", "end_phase_ability", {"ability": "Close Ranks", "target": "a2"})
    assert state.round == 1 and state.granted == ("a2", "move", 1, "free", "a1")
    state = send(state, "a", "granted_move", {"model": "a2", "square": [2, 12]})
    assert state.model("a2").square == (2, 12) and state.granted == ()
    assert state.round == 2 and not state.end_phase_begun


def test_a_start_of_game_push_of_a_picked_enemy(vocabulary_pack):
    """PLAYING THE GAME, "At the Start of the Game", with a push of our own ("1
    enemy model within short range moves 1 square away from this model"): the
    enemy is picked with the ability, then its square (the farthest: AWAY) is
    asked of the ability's player, before round 1's first activation."""
    vocabulary_pack.abilities["Scatter"] = Ability(
        name="Scatter", timing="start_of_game",
        text="At the start of the game, 1 enemy model in short range moves 1 square away.",
        effects=[MoveModel(squares=1, direction="away",
                           target=Target(who="enemy", within="short_range"))])
    scout = vocabulary_pack.models["Test Scout"]
    vocabulary_pack.models["Test Scout"] = msgspec.structs.replace(scout, abilities=["Scatter"])
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11)),
                       Model("b1", "Baratheon Warden", "b", 2, square=(5, 11)),
                       Model("b2", "Baratheon Warden", "b", 2, square=(12, 0))), active="",
                      start_abilities=(("a", "a1", "Scatter"),))
    [option] = [o for o in SYSTEM.prompt(state).decisions[0].options
                if o.type == "start_ability"]
    assert option.params == {"target": ["b1"]}
    state = send(state, "a", "start_ability", {**option.args, "target": "b1"})
    assert state.granted == ("b1", "move", 1, "away", "a1") and not state.start_abilities
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "a" and all(distance((3, 11), sq) == 3
                                        for sq in decision.options[0].params["square"])
    state = send(state, "a", "granted_move", {"model": "b1", "square": [6, 11]})
    assert state.model("b1").square == (6, 11) and state.granted == ()


def test_an_aftermath_pushes_a_picked_enemy_once_the_attack_is_over(vocabulary_pack):
    """ATTACK SEQUENCE step 7, an aftermath of our own on the Scout's Knife ("1
    enemy model in short range moves 1 square away from this model"): picked with
    the aftermath, its square asked once the attack sequence is over (our
    reading: the sequence is not stopped halfway)."""
    scout = vocabulary_pack.models["Test Scout"]
    scatter = Ability(name="Scatter Them", timing="aftermath",
                      text="1 enemy model in short range moves 1 square away.",
                      effects=[MoveModel(squares=1, direction="away",
                                         target=Target(who="enemy", within="short_range"))])
    knife = msgspec.structs.replace(scout.attacks[0], aftermath=[scatter])
    vocabulary_pack.models["Test Scout"] = msgspec.structs.replace(scout, attacks=[knife])
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("b1", "Baratheon Warden", "b", 3, square=(4, 11)),
                       Model("b2", "Baratheon Warden", "b", 2, square=(5, 12))))
    state = send(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (9, 1, 1))  # 1 hit, not blocked: the Warden keeps 2 wounds
    [option] = [o for o in SYSTEM.prompt(state).decisions[0].options if o.type == "aftermath"]
    assert option.params == {"target": ["b1", "b2"]}
    state = send(state, "a", "aftermath", {"ability": "Scatter Them", "target": "b2"})
    while state.attack:  # the rest of the sequence, declined
        [decision] = SYSTEM.prompt(state).decisions
        state = send(state, decision.seat, decision.options[-1].type, decision.options[-1].args)
    assert state.granted == ("b2", "move", 1, "away", "a1")
    [decision] = SYSTEM.prompt(state).decisions
    square = decision.options[0].params["square"][0]
    assert decision.seat == "a" and distance((3, 11), square) == 3
    state = send(state, "a", "granted_move", {"model": "b2", "square": square})
    assert state.model("b2").square == tuple(square) and state.granted == ()


def test_a_trigger_moves_its_model_away_from_the_trigger_model(vocabulary_pack):
    """A trigger of our own ("When an enemy model comes into short range of this
    model, this model moves 2 squares away from it"): COMMON GAME TERMS, AWAY,
    from the model that set it off: only the farthest squares are offered."""
    _scout_with(vocabulary_pack, Ability(
        name="Skittish", timing="trigger", trigger="enters_square",
        trigger_within="short_range",
        text="When an enemy model comes into short range, this model moves 2 squares away.",
        effects=[MoveModel(squares=2, direction="away")]))
    models = (Model("b1", "Baratheon Warden", "b", 2, square=(3, 4), ap=2, activated=True),
              Model("a1", "Test Scout", "a", 2, square=(3, 10)),
              Model("b9", "Baratheon Warden", "b", 2, square=(12, 0)))
    state = send(mid_round(models, active="b1", seat="b"), "b", "move", {"square": [3, 7]})
    [use] = [o for o in SYSTEM.prompt(state).decisions[0].options
             if o.type == "trigger_ability"]
    offered = use.params["square"]
    assert offered and all(distance((3, 7), sq) == 5 for sq in offered)
    state = send(state, "a", "trigger_ability", {"ability": "Skittish", "square": offered[0]})
    assert state.model("a1").square == tuple(offered[0])
