"""Conditions (seed 004, MODEL TOKENS): the shaken and routed tokens, the only
two the book names, and the will test (seed 004, MODELS: "A model asked to roll
[a will test] rolls 1 die. To succeed it must roll equal to or above its
value"). Pure functions on `state.Model`; the dice come from the caller so the
faces land in an event."""

from __future__ import annotations

from server.rules.asoiaf.state import Condition, Model, replace
from server.rules.dice import Dice

TOKENS = "seed 004, MODEL TOKENS"
SHAKEN_PENALTY = 2  # "subtracts 2 to every die result during the model's next roll"
ROUTED_AP_LOSS = 1  # "it does so with 1 less AP"
NATURAL_TEN = 10
D10 = 10


def gain(model: Model, condition: Condition, immune: frozenset = frozenset()) -> Model:
    """Place the token, unless the model is immune to it ("This model may not
    become ..."). "can never have more than 1 [shaken] AND 1 [routed] token at
    the same time": a second one of a kind changes nothing."""
    if condition in immune:
        return model
    return replace(model, conditions=model.conditions | {condition})


def lose(model: Model, condition: Condition) -> Model:
    return replace(model, conditions=model.conditions - {condition})


def results(faces: tuple[int, ...], shaken: bool, modifier: int = 0) -> tuple[int, ...]:
    """Each die's result after modifiers: shaken subtracts 2 "to every die result
    ... (excluding a natural 10)"; a natural 10 keeps its 10 against any
    modifier (it is the roll's special case: seed 004, ATTACK SEQUENCE)."""
    change = modifier - (SHAKEN_PENALTY if shaken else 0)
    return tuple(f if f == NATURAL_TEN else f + change for f in faces)


def after_roll(model: Model) -> Model:
    """"After this roll is made, remove the [shaken token]"."""
    return lose(model, Condition.SHAKEN)


def activation_ap(model: Model, starting_ap: int) -> int:
    """"Routed means when the model next activates ... it does so with 1 less AP";
    "no models can have less than 1 AP when they activate" (Model.with_ap)."""
    loss = ROUTED_AP_LOSS if Condition.ROUTED in model.conditions else 0
    return starting_ap - loss


def after_activation(model: Model) -> Model:
    """"When a model with a [routed] token finishes their activation, remove the
    token"."""
    return lose(model, Condition.ROUTED)


def on_removal(model: Model) -> Model:
    """Step 9: "All [tokens] that might be attached to models that are removed from
    the battlefield are discarded"."""
    return replace(model, conditions=frozenset())


def will_test(dice: Dice, model: Model, will: int, modifier: int = 0) -> tuple[int, bool]:
    """Roll 1 die against the will value; a shaken model's die loses 2 (its next
    roll, "excluding a natural 10"); `modifier` is added (FLASK OF MEAD). Returns
    (face, passed); the caller removes the shaken token with `after_roll`."""
    face = dice.roll(1, D10)[0]
    result = results((face,), Condition.SHAKEN in model.conditions, modifier)[0]
    return face, result >= will
