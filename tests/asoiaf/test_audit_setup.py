"""Audit (issue 31), written from seed 004 and not from the code: ASSEMBLING YOUR
WARBAND and PLAYING THE GAME's set-up — coins, loyalties, neutrals, the model
count, the roll-off, the winner's choice, agendas, deployment order and the
late placing of the 1st round. Each test quotes the passage it checks."""

from server.rules.asoiaf.setup import initial_state
from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.asoiaf.warband import check_list
from tests.asoiaf.conftest import mid_round, options, run

SMALL = {"size": "2-4-12"}
SOLDIERS = ["Baratheon Warden"] * 5 + ["Baratheon Crossbowman"] * 4
# The agenda shuffles' dice (a Fisher-Yates shuffle: one die of each size from the
# deck's down to 2), every one a 1, legal on any size. The second of the winner's
# choices deals the agendas: "Each player shuffles their own deck of 5 unique
# agenda cards and draws 2" (a d5, d4, d3 and d2 for each deck).
DECKS_SHUFFLED = (1,) * 8
# keeping one: "shuffle the other card back to their agenda deck" (a deck of 4 again)
CARD_SHUFFLED_BACK = (1,) * 3


def codes(report):
    return {p["code"] for p in report["problems"]}


def test_a_full_small_warband_is_legal():
    """ASSEMBLING YOUR WARBAND: "2 4 12 per player is a small size game": 2 gold
    (Robert on foot), 4 silver (Renly, Yohn Royce), 9 soldiers."""
    report = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon", "Renly Baratheon", "Yohn Royce", *SOLDIERS]}, SMALL)
    assert report["valid"], report["problems"]
    assert report["left"] == {"gold": 0, "silver": 0, "copper": 3}


def test_never_more_models_than_copper():
    """"your warband can never contain more models than the amount of copper you
    possess ... they cannot have more than 12 models in total"."""
    report = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon", "Renly Baratheon", "Yohn Royce", *(["Baratheon Warden"] * 10)]},
        SMALL)
    assert "too_many_models" in codes(report)


def test_coins_of_one_type_cannot_pay_for_another():
    """"cannot trade one type of coin for another": mounted Robert (3 gold, 1
    silver) "can never be part of your warband in a small size game, as these only
    allow 2 [gold] per player"."""
    report = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon (mounted)", "Renly Baratheon", *SOLDIERS]}, SMALL)
    assert "over_budget" in codes(report)


def test_gold_and_silver_must_be_spent_as_far_as_possible():
    """"players are required to spend as many [gold] and [silver] coins as
    possible": Robert and Renly leave 2 silver a champion could use."""
    report = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon", "Renly Baratheon", *SOLDIERS]}, SMALL)
    assert "coins_unspent" in codes(report)


def test_models_of_another_house_cannot_join():
    """"All models in a warband must belong to the same faction: their model cards
    must bear the same House emblem"."""
    report = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon", "Renly Baratheon", "Yohn Royce", *SOLDIERS[:-1],
        "Targaryen Crossbowman"]}, SMALL)
    assert "wrong_faction" in codes(report)


def test_at_most_one_neutral_of_each_type():
    """NEUTRALS MODELS: "Up to 1 Neutral hero, 1 Neutral champion, and 1 Neutral
    soldier can join a warband from another faction"."""
    report = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon", "Renly Baratheon", "Sellsword Captain", "Sellsword Captain",
        *SOLDIERS[:-2]]}, SMALL)
    assert codes(report) & {"too_many_neutrals", "duplicate_character"}
    two_soldiers = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon", "Renly Baratheon", "Yohn Royce", "Sellsword", "Sellsword",
        *SOLDIERS[:-4]]}, SMALL)
    assert "too_many_neutrals" in codes(two_soldiers)


def test_a_mounted_and_an_infantry_version_never_together():
    """MOUNTED CHARACTERS: "They are the same unique character, so these two models
    can't be fielded or on the battlefield at the same time"."""
    report = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon (mounted)", "Robert Baratheon", *SOLDIERS]}, {"size": "4-8-24"})
    assert codes(report) & {"both_versions", "duplicate_character"}


def test_one_equipment_token_per_model():
    """EQUIPMENT TOKENS: "A single model can only benefit from 1 equipment token"
    and unique ones: "you can only ever have 1 of these in your warband"."""
    report = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon", "Renly Baratheon", "Yohn Royce",
        {"card": "Baratheon Warden", "equipment": "Valyrian Steel"},
        {"card": "Baratheon Warden", "equipment": "Valyrian Steel"}, *SOLDIERS[:-3]]}, SMALL)
    assert "unique_equipment" in codes(report)


def _to_choice(a_die, b_die, ties=()):
    state = initial_state({"scenario": "learn_to_play", "warbands": {
        "a": "baratheon-small-robert", "b": "baratheon-small-arryn"}})
    return run(state, "a", "roll_off", dice=(*ties, a_die, b_die))


def test_the_roll_off_rerolls_every_tie():
    """PLAYING THE GAME: "each player rolling a [d10], rerolling ties. The player
    who rolled highest can choose"."""
    state, events = _to_choice(2, 9, ties=(6, 6, 10, 10))
    assert events[0].data["rolls"] == [[6, 6], [10, 10], [2, 9]]
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b"
    assert {o.type for o in decision.options} == {"choose_zone", "choose_first_player"}


def test_the_winner_picks_a_zone_and_the_other_the_first_player():
    """"select a deployment zone for their warband. Their opponent must use the other
    deployment zone, but decides which player gets the 1st player token"."""
    state, _ = _to_choice(8, 3)
    state, _ = run(state, "a", "choose_zone", {"zone": "silver"})
    assert state.zones == {"a": "silver", "b": "gold"}
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and [o.type for o in decision.options] == ["choose_first_player"]
    state, _ = run(state, "b", "choose_first_player", {"first_player": "b"}, DECKS_SHUFFLED)
    assert state.first_player == "b"


def test_or_the_winner_picks_the_first_player_and_the_other_a_zone():
    """"select which player gets the 1st player token. Their opponent chooses a
    deployment zone for their warband"."""
    state, _ = _to_choice(8, 3)
    state, _ = run(state, "a", "choose_first_player", {"first_player": "a"})
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and [o.type for o in decision.options] == ["choose_zone"]
    state, _ = run(state, "b", "choose_zone", {"zone": "gold"}, DECKS_SHUFFLED)
    assert state.zones == {"a": "silver", "b": "gold"} and state.first_player == "a"


def _to_agendas():
    state, _ = _to_choice(8, 3)
    state, _ = run(state, "a", "choose_first_player", {"first_player": "b"})
    return run(state, "b", "choose_zone", {"zone": "silver"}, DECKS_SHUFFLED)[0]


def test_each_player_draws_two_agendas_and_keeps_one():
    """"Each player shuffles their own deck of 5 unique agenda cards and draws 2.
    Then they select one and shuffle the other card back"."""
    state = _to_agendas()
    assert {seat: len(hand) for seat, hand in state.agenda_hands.items()} == {"a": 2, "b": 2}
    seat = SYSTEM.prompt(state).decisions[0].seat
    hand = state.agenda_hands[seat]
    state, _ = run(state, seat, "keep_agenda", {"agenda": hand[0]}, CARD_SHUFFLED_BACK)
    assert state.agendas[seat] == (hand[0],)
    assert len(state.agenda_decks[seat]) == 4 and hand[1] in state.agenda_decks[seat]


def test_the_first_player_deploys_first_heroes_then_champions_then_soldiers():
    """"The 1st player then places their models ... Then their opponent"; "start by
    placing all their heroes, then all their champions, and finally all their
    soldiers"."""
    state = _to_agendas()
    for _ in range(2):
        seat = SYSTEM.prompt(state).decisions[0].seat
        state, _ = run(state, seat, "keep_agenda", {"agenda": state.agenda_hands[seat][0]},
                       CARD_SHUFFLED_BACK)
    order = []
    while state.phase.value == "deploy":
        decision = SYSTEM.prompt(state).decisions[0]
        option = decision.options[0]
        model = state.model(option.args["model"])
        order.append((decision.seat, SYSTEM_TYPES[model.card]))
        state, _ = run(state, decision.seat, "deploy",
                       {**option.args, "square": option.params["square"][0]})
    seats = [seat for seat, _ in order]
    assert seats == ["b"] * 12 + ["a"] * 12  # b holds the 1st player token
    for seat in "ab":
        ranks = [t for s, t in order if s == seat]
        assert ranks == sorted(ranks, key=("hero", "champion", "soldier").index)
    assert state.phase.value == "activations" and state.to_act == "b"


SYSTEM_TYPES = {"Robert Baratheon": "hero", "Jon Arryn": "hero", "Renly Baratheon": "champion",
                "Yohn Royce": "champion", "Davos Seaworth": "champion",
                "Sellsword Captain": "champion", "Baratheon Warden": "soldier",
                "Baratheon Crossbowman": "soldier", "Vale Archer": "soldier"}


def test_a_model_left_out_is_placed_in_round_one_for_a_copper_as_its_activation():
    """"a model that was not deployed can be placed anywhere inside the player's
    deployment zone during the 1st round. Placing a model this way requires
    spending 1 [copper], just like a regular activation, and the model is
    activated for this round"."""
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(0, 0)),
              Model("a2", "Baratheon Warden", "a", 2),
              Model("b1", "Baratheon Warden", "b", 2, square=(0, 13)))
    state = mid_round(models, active="")
    place = options(state, "place")
    assert place and place[0].args == {"model": "a2"}
    assert all(tuple(sq)[1] <= 2 for sq in place[0].params["square"])  # the gold zone
    state, _ = run(state, "a", "place", {"model": "a2", "square": [5, 1]})
    assert state.model("a2").square == (5, 1) and state.model("a2").activated
    assert state.purses["a"].copper == 10


def test_a_model_still_off_the_battlefield_at_the_first_end_phase_is_killed():
    """"If a model is not on the battlefield before the 1st round's end phase, it is
    killed": a's last copper went on a1, so a2 is never placed."""
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(0, 0), ap=2, activated=True),
              Model("a2", "Baratheon Warden", "a", 2),
              Model("b1", "Baratheon Warden", "b", 2, square=(0, 13), activated=True))
    state = mid_round(models, copper=(0, 5))
    state, _ = run(state, "a", "end_activation")
    assert state.model("a2").removed == "killed"
    assert state.round == 2


def test_every_player_holds_the_scenarios_full_coins_in_battle():
    """PLAYING THE GAME: "A player that didn't spend all the allotted coins during
    warband creation still has access to the full number of coins given by the
    scenario, to spend during the battle" — Learn to Play is 2-4-12."""
    state = initial_state({"scenario": "learn_to_play", "warbands": {
        "a": "baratheon-small-robert", "b": "baratheon-small-arryn"}})
    assert {seat: (p.gold, p.silver, p.copper) for seat, p in state.purses.items()} == \
        {"a": (2, 4, 12), "b": (2, 4, 12)}
