"""The attack sequence (seed 004, ATTACK SEQUENCE), dice scripted."""

from server.rules.asoiaf.attack import Exchange, roll_attack, roll_defence, surge_square
from server.rules.asoiaf.capture import kill
from server.rules.asoiaf.state import Model, Purse, State
from server.rules.dice import ScriptedDice
from tests.asoiaf.conftest import scripted


def test_the_books_stark_against_lannister_example():
    """seed 004: "Their attack value is 6+ and they roll 6, 5, 7, 3 and 9 ... 3
    hits. The Lannister's [defence] is excellent at 6+ ... They roll 7, 6 and 5.
    They therefore block 2 hits ... thus suffering 1"."""
    with scripted(6, 5, 7, 3, 9, 7, 6, 5) as dice:
        attack = roll_attack(dice, 5)
        hits = Exchange(attack, 6, (), 11).hits
        assert hits == 3
        exchange = Exchange(attack, 6, roll_defence(dice, hits), 6)
    assert exchange.blocked == 2 and exchange.wounds == 1


def test_natural_tens_add_a_hit_and_always_block():
    """seed 004: "Any attack [die] that rolled a natural 10 causes 1 extra hit" and
    "Any defense that rolled a natural 10 successfully blocks 1 hit, regardless of
    any modifiers"."""
    exchange = Exchange((10, 2), 6, (10, 3), 11)
    assert exchange.hits == 2 and exchange.blocked == 1 and exchange.wounds == 1
    assert roll_defence(ScriptedDice(), 0) == ()


def board():
    models = (Model("a1", "Robert Baratheon", "a", 5, square=(1, 1)),
              Model("b1", "Stark Sworn Sword", "b", 1, square=(2, 1)),
              Model("b2", "Ned Stark", "b", 5, square=(5, 5)))
    return State("test", 3, models, {"a": Purse(), "b": Purse()}, {"a": 0, "b": 0})


def test_an_unengaged_attacker_surges_into_the_killed_models_square():
    """seed 004, step 10: "An unengaged attacker may surge forth 1 square into a
    square previously occupied by the model killed"."""
    state = board()
    killed = kill(state, "b1")
    assert surge_square(killed, "a1", (2, 1), attacker_engaged=False) == (2, 1)
    assert surge_square(killed, "a1", (2, 1), attacker_engaged=True) is None
    assert surge_square(killed, "a1", None, attacker_engaged=False) is None
