"""Moves and agenda cards from abilities at other timings than their own
action (the vocabulary's move_model "free": "Move the target up to `squares`
squares ... the ability player's choice"; draw_agenda; seed 004, MOVE ACTION,
AGENDA CARDS), from the test pack tests/asoiaf/packs/vocabulary. Dice scripted."""

from server.rules.asoiaf import aftermaths, charge_terrain, end_phase_abilities, forced_moves
from server.rules.asoiaf.cards.vocabulary import DrawAgenda, Target, WillTest
from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, run, send

FAR = Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))
FIELD = charge_terrain.field_of("learn_to_play", ())


def _javelineer_and(b1, **fields):
    return mid_round((Model("a1", "Test Javelineer", "a", 2, square=(3, 11), ap=2,
                            activated=True), b1, FAR), **fields)




def test_an_aftermath_moves_the_defender(vocabulary_pack):
    """SHOVE (test pack: "The defender may be moved up to 1 square"): seed 004,
    ATTACK SEQUENCE step 7; the vocabulary's move_model "free": the player of
    the aftermath picks the square, by the MOVE ACTION's rules (an engaged
    model moves 1 square)."""
    b1 = Model("b1", "Baratheon Warden", "b", 3, square=(4, 11))
    state = send(_javelineer_and(b1), "a", "attack",
                 {"mode": 0, "target": "b1", "improvements": []}, (9, 1, 1))
    [shove] = [o for o in SYSTEM.prompt(state).decisions[0].options
               if o.args.get("ability") == "Shove"]
    assert [5, 11] in shove.params["square"] and [4, 11] not in shove.params["square"]
    state = send(state, "a", "aftermath", {"ability": "Shove", "square": [5, 11]})
    assert state.model("b1").square == (5, 11)



def test_an_aftermath_draws_an_agenda_card_its_player_alone_sees(vocabulary_pack):
    """SPY'S REPORT (test pack: "Draw 1 agenda card"): seed 004, ATTACK SEQUENCE
    step 7; AGENDA CARDS: "kept secret until they are played"."""
    b1 = Model("b1", "Baratheon Warden", "b", 3, square=(4, 11))
    state = _javelineer_and(b1, agendas={"a": ("Hold the Field",), "b": ()},
                            agenda_decks={"a": ("Raid Their Camp", "Thrifty Purse"),
                                          "b": ()})
    state = send(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (9, 1, 1))
    state, events = run(state, "a", "aftermath", {"ability": "Spy's Report"})
    assert [e.type for e in events] == ["aftermath_used", "agenda_drawn"]
    assert events[1].visible_to == ("a",)
    assert state.agendas["a"] == ("Hold the Field", "Raid Their Camp")
    assert state.agenda_decks["a"] == ("Thrifty Purse",)



def test_a_trigger_moves_its_model(vocabulary_pack):
    """FALL BACK (test pack: "When an enemy model comes into short range of this
    model, this model may move up to 2 squares"): seed 004, ABILITIES, special
    trigger abilities; MOVE ACTION's rules for the squares offered."""
    models = (Model("b1", "Baratheon Warden", "b", 2, square=(3, 4), ap=2, activated=True),
              Model("a1", "Test Scout", "a", 2, square=(3, 10)), FAR)
    state = send(mid_round(models, active="b1", seat="b"), "b", "move", {"square": [3, 7]})
    [use] = [o for o in SYSTEM.prompt(state).decisions[0].options
             if o.type == "trigger_ability"]
    assert use.args["ability"] == "Fall Back" and [3, 12] in use.params["square"]
    assert [3, 13] not in use.params["square"]  # 3 squares away: beyond 2
    state, [event] = run(state, "a", "trigger_ability", {"ability": "Fall Back",
                                                         "square": [3, 12]})
    assert event.data["square"] == [3, 12] and state.model("a1").square == (3, 12)



def test_an_end_phase_ability_moves_its_model(vocabulary_pack):
    """REGROUP (test pack: "In the end phase, this model may move up to 1
    square"): seed 004, THE END PHASE: "Players may use end of round effects";
    the MOVE ACTION's rules for the squares offered."""
    state = mid_round((Model("a1", "Test Bannerman", "a", 2, square=(3, 11)), FAR),
                      active="")
    state = end_phase_abilities.queue(state, vocabulary_pack, FIELD)
    [use] = [o for o in SYSTEM.prompt(state).decisions[0].options
             if o.type == "end_phase_ability"]
    assert [3, 12] in use.params["square"] and [3, 13] not in use.params["square"]
    state, [event] = run(state, "a", "end_phase_ability", {"ability": "Regroup",
                                                           "square": [3, 12]})
    assert event.data["square"] == [3, 12] and state.model("a1").square == (3, 12)


def test_an_aftermath_pushes_the_defender_away(vocabulary_pack):
    """SHIELD BASH (test pack: "The defender is pushed 2 squares away from this
    model"): seed 004, AWAY: "must end this compulsory move as far away as
    possible from the model who initiated the away action": only the squares 3
    steps from the javelineer are offered (our reading: its player picks among
    them)."""
    b1 = Model("b1", "Baratheon Warden", "b", 3, square=(4, 11))
    state = send(_javelineer_and(b1), "a", "attack",
                 {"mode": 0, "target": "b1", "improvements": []}, (9, 1, 1))
    [bash] = [o for o in SYSTEM.prompt(state).decisions[0].options
              if o.args.get("ability") == "Shield Bash"]
    offered = bash.params["square"]
    assert offered and all(max(abs(x - 3), abs(y - 11)) == 3 for x, y in offered)
    state = send(state, "a", "aftermath", {"ability": "Shield Bash", "square": offered[0]})
    assert state.model("b1").square == tuple(offered[0])


def test_a_towards_move_ends_as_near_as_it_can(vocabulary_pack):
    """Seed 004, TOWARDS: "must travel the shortest distance to end in contact
    with the model that initiated the towards movement": 2 squares from 5
    steps away, only the squares 3 steps from the initiator remain; in
    contact already, the model stays."""
    far = mid_round((Model("a1", "Test Javelineer", "a", 2, square=(3, 11)),
                     Model("b1", "Baratheon Warden", "b", 2, square=(3, 6)), FAR))
    offered = forced_moves.squares(far, FIELD, "b1", "a1", 2, "towards")
    assert offered and all(max(abs(x - 3), abs(y - 11)) == 3 for x, y in offered)
    near = mid_round((Model("a1", "Test Javelineer", "a", 2, square=(3, 11)),
                      Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)), FAR))
    assert [4, 11] in forced_moves.squares(near, FIELD, "b1", "a1", 2, "towards")


def test_a_trigger_pushes_the_trigger_model_away(vocabulary_pack):
    """REPEL (test pack: "When an enemy model comes into short range of this
    model, it is pushed 2 squares away from this model"): seed 004, AWAY, on
    the model that set the trigger off; only the farthest squares offered."""
    models = (Model("b1", "Baratheon Warden", "b", 2, square=(3, 4), ap=2, activated=True),
              Model("a1", "Test Herald", "a", 2, square=(3, 10)), FAR)
    state = send(mid_round(models, active="b1", seat="b"), "b", "move", {"square": [3, 7]})
    [use] = [o for o in SYSTEM.prompt(state).decisions[0].options
             if o.type == "trigger_ability"]
    offered = use.params["square"]
    assert use.args["ability"] == "Repel"
    assert offered and all(max(abs(x - 3), abs(y - 10)) == 5 for x, y in offered)
    state = send(state, "a", "trigger_ability", {"ability": "Repel", "square": offered[0]})
    assert state.model("b1").square == tuple(offered[0])


def test_an_aftermath_draw_inside_a_will_test_is_not_offered():
    """AGENDA CARDS: "kept secret": a card is drawn in an event only its player
    sees, made when the aftermath is used; one behind a will test's result is
    not known then, so such an aftermath is not offered (What is left)."""
    test = WillTest(target=Target(who="defender"), on_success=[DrawAgenda()])
    assert not aftermaths.known([test]) and aftermaths.known([DrawAgenda()])
