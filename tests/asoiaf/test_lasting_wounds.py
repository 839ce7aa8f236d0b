"""A lasting change of a model's maximum wounds (the vocabulary's
`modify_value` of "wounds": "Change one of the target's card values by `by`
while `until` lasts"; seed 004, MODELS: a card's [wounds] value; HEIRLOOM ARMOR
"+1 [wound]"): our reading, docs/rules/asoiaf.md. Raised, the model gains the
wounds now and may regain up to the new maximum; lowered, its wounds left are
cut to it (never below 1); when the change ends, the wounds left are cut to the
maximum then (lasting.fit_wounds). From aftermaths of our own built in the test
on tests/asoiaf/packs/vocabulary. Dice scripted."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import ModifyValue, RestoreWounds, Target
from server.rules.asoiaf.state import Model, replace
from tests.asoiaf.conftest import mid_round, send


def _rapier_aftermath(pack, *effects):
    duelist = pack.models["Test Duelist"]
    rapier = msgspec.structs.replace(duelist.attacks[0], aftermath=[Ability(
        name="Second Wind", timing="aftermath", text="Maximum wounds change.",
        effects=list(effects))])
    pack.models["Test Duelist"] = msgspec.structs.replace(duelist, attacks=[rapier])


def _attacked(wounds_left=2):
    table = mid_round((Model("a1", "Test Duelist", "a", wounds_left, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)),
                       Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))))
    table = replace(table, active_model="a1")
    return send(table, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                (1, 1))


def test_a_raised_maximum_gives_the_wounds_and_ends_with_the_activation(vocabulary_pack):
    """"+1 wounds until the end of the activation" (the Duelist's card: 2): it
    stands at 3 of 3; its activation over, it is cut back to 2."""
    _rapier_aftermath(vocabulary_pack, ModifyValue(value="wounds", by=1, until="activation"))
    state = send(_attacked(), "a", "aftermath", {"ability": "Second Wind"})
    assert state.model("a1").wounds_left == 3
    state = send(state, "a", "end_activation")
    assert state.model("a1").wounds_left == 2


def test_a_raised_maximum_lets_a_model_regain_up_to_it(vocabulary_pack):
    """"+1 wounds until the round ends, then regain 2 wounds": the wounded Duelist
    (1 of 2) gains 1, then regains up to its new maximum, 3 (not 4)."""
    _rapier_aftermath(vocabulary_pack, ModifyValue(value="wounds", by=1, until="round"),
                      RestoreWounds(wounds=2))
    state = send(_attacked(wounds_left=1), "a", "aftermath", {"ability": "Second Wind"})
    assert state.model("a1").wounds_left == 3


def test_a_lowered_maximum_cuts_the_wounds_left_never_below_one(vocabulary_pack):
    """"The defender's maximum wounds -1 (or -5) until the round ends": the
    Warden (2 of 2) is left with 1; a change of a card value kills nobody."""
    for by in (-1, -5):
        _rapier_aftermath(vocabulary_pack, ModifyValue(value="wounds", by=by, until="round",
                                                       target=Target(who="defender")))
        state = send(_attacked(), "a", "aftermath", {"ability": "Second Wind"})
        assert state.model("b1").wounds_left == 1 and state.model("b1").on_battlefield
