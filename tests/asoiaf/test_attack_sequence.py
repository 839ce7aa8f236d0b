"""The attack sequence's decisions through the kernel face (seed 004, ATTACK
SEQUENCE and ATTACK MODES): coins and improvements, defence abilities,
aftermaths, kill or capture, surging forth. Dice scripted."""

from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, play


def board(*models, a_copper=11, b_copper=12):
    """Models on the open bottom rows of the Learn to Play battlefield; the first
    is a's active model."""
    first = models[0]
    models = (Model(first[0], first[1], "a", first[2], square=first[3], ap=2,
                    activated=True),) + tuple(
        Model(uid, card, uid[0], wounds, square=square) for uid, card, wounds, square
        in models[1:])
    return mid_round(models, copper=(a_copper, b_copper), active=first[0])


def options(state, kind):
    decision = SYSTEM.prompt(state).decisions[0]
    return decision.seat, [o for o in decision.options if o.type == kind]


def test_the_books_stark_spends_7_copper_and_the_lannister_ripostes():
    """seed 004, ATTACK SEQUENCE example: "They decide to spend 7 [copper] extra ...
    thanks to PAID BY THE STRIKE ... a total of 5 [dice] ... they roll 6, 5, 7, 3
    and 9 ... 3 hits ... They roll 7, 6 and 5 ... suffering 1 ... EXPERT RIPOSTE
    ... They spend 1 [copper] and deal 1 [wound] to the Stark"."""
    state = board(("a1", "Stark Sellsword", 2, (3, 11)),
                  ("b1", "Lannister Guardsman", 2, (4, 11)),
                  ("b2", "Lannister Guardsman", 2, (12, 0)))
    _, attacks = options(state, "attack")
    assert attacks[0].params["improvements"] == [[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 3]]
    attack = Command("a", "attack", {"mode": 0, "target": "b1", "improvements": [0, 1, 2, 3]})
    state, events = play(state, attack, 6, 5, 7, 3, 9, 7, 6, 5)
    assert events[0].data["spent"] == {"gold": 0, "silver": 0, "copper": 7}
    assert events[0].data["hits"] == 3 and events[1].data["wounds"] == 1
    assert state.purses["a"].copper == 4 and state.model("b1").wounds_left == 1
    seat, riposte = options(state, "aftermath")  # step 8: the defender's aftermath
    assert seat == "b" and riposte[0].args == {"ability": "Expert Riposte"}
    state, _ = play(state, Command("b", "aftermath", {"ability": "Expert Riposte"}))
    assert state.model("a1").wounds_left == 1 and state.purses["b"].copper == 11
    assert state.attack is None and SYSTEM.prompt(state).decisions[0].seat == "a"


def test_improvements_on_offer_are_the_ones_the_purse_covers():
    """seed 004, ATTACK MODES: "For 1 [copper] this model can roll 1 extra die ...
    a 2nd die for another extra 1, a 3rd die for 2 more and finally a 4th die for
    an extra 3"; "make sure you have enough left before attacking"."""
    state = board(("a1", "Stark Sellsword", 2, (3, 11)),
                  ("b1", "Lannister Guardsman", 2, (4, 11)), a_copper=4)
    _, attacks = options(state, "attack")
    assert attacks[0].params["improvements"] == [[], [0], [0, 1], [0, 1, 2]]


def test_a_spend_x_attack_mode_is_paid_every_attack_and_needs_the_coin():
    """seed 004, ATTACK MODES: "Some attack modes require spending coins in addition
    to the attack's AP cost ... the required amount to spend for each attack"."""
    state = board(("a1", "Vale Archer", 2, (1, 11)),
                  ("b1", "Lannister Guardsman", 2, (8, 11)), a_copper=1)
    _, attacks = options(state, "attack")
    assert [a.label for a in attacks] == ["Longbow"]
    state, events = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                        "improvements": []}), 1, 1)
    assert events[0].data["spent"]["copper"] == 1 and state.purses["a"].copper == 0
    _, attacks = options(state, "attack")
    assert attacks == []  # no copper left for the Longbow; the Dagger needs contact


def test_for_the_king_offers_only_the_improvement_its_position_allows():
    """seed 004, ABILITIES example: "He's not engaged with a hero, so can't use the
    1st improvement. But he can use the 2nd one to grant himself a bonus of +3 on
    his rolls against each hit by spending 4"."""
    state = board(("a1", "Stark Sellsword", 2, (3, 11)),
                  ("b1", "Targaryen Honor Guard", 2, (4, 11)),
                  ("b2", "Targaryen Honor Guard", 2, (12, 0)))
    state, events = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                        "improvements": []}), 8)
    assert [e.type for e in events] == ["attack_rolled"]  # the defender decides now
    seat, defend = options(state, "defend")
    assert seat == "b"
    assert defend[0].params["abilities"] == [[], [["For the King!", [1]]]]
    state, events = play(state, Command("b", "defend", {"abilities": [["For the King!", [1]]]}),
                         2)
    assert events[0].data["defence_results"] == [5] and events[0].data["wounds"] == 0
    assert state.purses["b"].copper == 8


def test_the_attacker_chooses_to_kill_or_capture_a_champion_then_surges():
    """seed 004, step 9: "Champions and heroes that have lost all [wounds] because of
    a close combat attack can either be killed or captured. The attacker chooses";
    step 10: "An unengaged attacker may surge forth 1 square"; CAPTURED: "The
    captured model remains alive with 1 [wound] left ... Place a [capture token] on
    the model that captured"."""
    state = board(("a1", "Robert Baratheon", 4, (3, 11)),
                  ("b1", "Brandon Stark", 3, (4, 11)),
                  ("b2", "Stark Sellsword", 2, (12, 0)))
    state, _ = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 9, 9, 9, 1, 1, 1)
    seat, remove = options(state, "remove")
    assert seat == "a" and remove[0].params == {"removal": ["killed", "captured"]}
    state, _ = play(state, Command("a", "remove", {"removal": "captured"}))
    captive = state.model("b1")
    assert captive.removed == "captured" and captive.wounds_left == 1
    assert state.model("a1").captive == "b1"
    seat, surge = options(state, "surge")
    assert surge[0].params == {"square": [[4, 11]]}
    state, _ = play(state, Command("a", "surge", {"square": [4, 11]}))
    assert state.model("a1").square == (4, 11) and state.attack is None
    assert state.model("a1").ap == 1


def test_a_soldier_or_a_ranged_kill_has_no_capture_choice():
    """seed 004, step 9: "Soldiers that have lost all [wounds] are killed"; only a
    close combat attack captures."""
    state = board(("a1", "Stark Archer", 2, (1, 11)),
                  ("b1", "Brandon Stark", 1, (8, 11)),
                  ("b2", "Stark Sellsword", 2, (12, 0)))
    state, _ = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 9, 1, 1)
    assert state.model("b1").removed == "killed" and state.attack is None


def test_an_attacker_still_engaged_may_not_surge_and_may_hold():
    """seed 004, step 10: only "An unengaged attacker may surge forth"."""
    state = board(("a1", "Robert Baratheon", 4, (3, 11)),
                  ("b1", "Stark Sellsword", 1, (4, 11)),
                  ("b2", "Stark Sellsword", 2, (3, 12)))
    state, _ = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 9, 1, 1, 1)
    assert state.model("b1").removed == "killed" and state.attack is None
    free = board(("a1", "Robert Baratheon", 4, (3, 11)),
                 ("b1", "Stark Sellsword", 1, (4, 11)),
                 ("b2", "Stark Sellsword", 2, (12, 0)))
    free, _ = play(free, Command("a", "attack", {"mode": 0, "target": "b1",
                                                 "improvements": []}), 9, 1, 1, 1)
    free, events = play(free, Command("a", "hold"))
    assert events[0].data == {"square": None} and free.model("a1").square == (3, 11)
