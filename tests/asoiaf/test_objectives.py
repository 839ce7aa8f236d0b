"""Objectives (seed 004, OBJECTIVES TOKENS, OBJECTIVE CARDS, PLAYING THE GAME,
THE END PHASE) on Village Skirmish, objectives at (2, 4), (7, 6), (11, 9)."""

import json

from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import SPECTATOR, Viewer
from tests.asoiaf.conftest import mid_round, run, scripted

AGENDA_DICE = (1, 1, 1, 1) * 2  # the two agenda decks' shuffles (test_agendas.py)


def dealt():
    state = SYSTEM.initial({"options": {"scenario": "village_skirmish"}})
    state, _ = run(state, "a", "roll_off", dice=(8, 3))
    state, _ = run(state, "a", "choose_zone", {"zone": "gold"})
    # 5 dice shuffle the 6 cards (highest each: the sorted order), 2 the 3 objectives
    return run(state, "b", "choose_first_player", {"first_player": "a"},
               dice=(6, 5, 4, 3, 2) + (3, 2) + AGENDA_DICE)


def test_objective_cards_are_dealt_face_down_one_per_objective_seen_by_nobody():
    """seed 004, PLAYING THE GAME: "The 1st player shuffles the objective cards and
    keeps them face down. Their opponent selects an objective at random, draws the
    top card of the deck and place it next to the objective chosen. Repeat this
    process until all objectives on the battlefield have been assigned one"."""
    state, events = dealt()
    assert state.objective_cards == ((2, 4, "Field Surgeon's Tent"),
                                     (7, 6, "Maester's Ravens"), (11, 9, "Sept Shrine"))
    [deal] = [e for e in events if e.type == "objectives_dealt"]
    for viewer in (Viewer("a"), Viewer("b"), SPECTATOR):
        assert dict(deal.for_viewer(viewer).data) == {
            "objectives": [[2, 4], [7, 6], [11, 9]]}
        view = SYSTEM.view(state, viewer)
        assert [o["card"] for o in view["objectives"]] == [None, None, None]
        assert "Sept Shrine" not in json.dumps(view)


def table(models, round_=1, rounds=5):
    return mid_round(models, scenario="village_skirmish", rounds=rounds, copper=(5, 5),
                     round=round_,
                     objective_cards=((2, 4, "Watchtower"), (7, 6, "War Horn"),
                                      (11, 9, "Supply Cache")))


def test_a_model_standing_on_an_objective_turns_its_card_face_up():
    """seed 004, OBJECTIVE CARDS: "A model who controls an objective can, during its
    activation, use the action associated with the card attached to the objective"
    (so the card is read when first controlled: our reading, asoiaf.md)."""
    state = table((Model("a1", "Baratheon Warden", "a", 2, square=(2, 3), ap=2,
                         activated=True),
                   Model("b1", "Baratheon Warden", "b", 2, square=(12, 12))))
    state, _ = run(state, "a", "move", {"square": [2, 4]})
    view = SYSTEM.view(state, SPECTATOR)
    assert [o["card"] for o in view["objectives"]] == ["Watchtower", None, None]


def test_each_model_controlling_an_objective_scores_1_vp_in_the_end_phase():
    """seed 004, THE END PHASE: "Each model that controls an objective scores 1 VP for
    their player"; OBJECTIVES TOKENS: "any model that stands on this square controls
    it. Objectives are controlled or not, never contested"."""
    state = table((Model("a1", "Baratheon Warden", "a", 2, square=(2, 4), ap=1,
                         activated=True),
                   Model("a2", "Baratheon Warden", "a", 2, square=(7, 6), activated=True),
                   Model("b1", "Baratheon Warden", "b", 2, square=(11, 9), activated=True),
                   Model("b2", "Baratheon Warden", "b", 2, square=(10, 9), activated=True)))
    state, _ = run(state, "a", "end_activation")
    assert state.round == 2 and state.vp == {"a": 2, "b": 1}


def test_objectives_beyond_the_packs_cards_stay_bare():
    """seed 004, PLAYING THE GAME: "Repeat this process until all objectives on the
    battlefield have been assigned one objective card": the book's deck has 10
    cards, a pack may have fewer; the objectives left over get none (ours)."""
    from server.rules.asoiaf import objectives
    spots = [(x, 0) for x in range(3)]
    # a d2 shuffles the 2 cards, a d3 and a d2 the 3 objectives
    with scripted(2, 3, 2) as dice:
        dealt = objectives.deal(spots, ["One", "Two"], dice)
    assert len(dealt) == 2 and {card for _, _, card in dealt} == {"One", "Two"}
