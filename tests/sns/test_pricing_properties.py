"""Properties of the Swords & Sorcery builder over random kits (seed 003, UNIT
COSTS): the cost is the base figure plus its rows, whatever their order."""

from hypothesis import given, settings
from hypothesis import strategies as st

from server.rules.sns.army.catalog import Weapon, load
from server.rules.sns.army.pricing import price_kit

CATALOG = load()
NAMES = sorted([*CATALOG.rows, *CATALOG.weapons, *CATALOG.abilities])
SHORT = {n for n, w in CATALOG.weapons.items() if w.category == "short"}
kits = st.lists(st.sampled_from([n for n in NAMES if n != "Figure"]), max_size=8)


@settings(max_examples=150, deadline=None)
@given(kits, st.randoms(use_true_random=False))
def test_the_order_of_a_kit_does_not_change_its_cost(kit, random):
    """The one free short weapon ("get one free") is free wherever it is listed."""
    shuffled = list(kit)
    random.shuffle(shuffled)
    assert price_kit(kit).gold == price_kit(shuffled).gold


@settings(max_examples=150, deadline=None)
@given(kits)
def test_without_short_weapons_a_kit_costs_five_plus_each_item_alone(kit):
    """"The Base cost of a figure is 5 gold", then each row adds its own cost: only
    the short weapon's price depends on the rest of the kit."""
    kit = [n for n in kit if n not in SHORT]
    alone = sum(price_kit([n], base=False).gold for n in kit)
    assert price_kit(kit).gold == 5 + alone


@settings(max_examples=100, deadline=None)
@given(kits)
def test_a_short_weapon_costs_nothing_only_as_the_first_without_a_hth_weapon(kit):
    """"+0 Short 1H weapon ... (get one free if unit has no other HTH weapons,
    otherwise cost +1)": adding a dagger adds 0 or 1, 0 exactly when the kit has no
    HTH weapon and no short weapon yet."""
    entries = [CATALOG.entry(n) for n in kit]
    armed = any(isinstance(e, Weapon) and e.category in ("hth", "short") for e in entries)
    added = price_kit([*kit, "Dagger"]).gold - price_kit(kit).gold
    assert added == (1 if armed else 0)
