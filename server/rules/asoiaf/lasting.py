"""Changes an ability makes that outlast it (the vocabulary's `modify_value`:
"Change one of the target's card values by `by` while `until` lasts", and
`modify_roll` lasting a turn, a round or the game; one lasting the activation
is State.roll_bonuses'). Each waits in `State.lasting` (uid, "value" or
"roll", the value or roll, by, until) and counts with the passives
(passives.value_change, passives.roll_modifier).

When each ends (seed 004, PLAYING THE GAME: "During a round, both players use
their whole warband, one model at a time. Each time a player does so, it is
during their turn"; THE END PHASE: "Some game effects that last until the end
of the round are removed"): "activation" and "turn" at the end of the
activation in progress, "round" at the end of the round, "game" never. A
change for the next roll or action alone is not stored: the abilities that
make one apply it to their own roll (coins.py). Rule module: reads state.py,
never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf.cards.vocabulary import ModifyRoll, ModifyValue
from server.rules.asoiaf.state import State, replace

LASTING = "seed 004, PLAYING THE GAME and THE END PHASE (effects lasting a turn or a round)"
# the `until`s stored; "roll" and "action" are an attack's own
UNTILS = ("activation", "turn", "round", "game")
# the card values a change may touch here ("wounds" is HEIRLOOM ARMOR's token)
VALUES = ("defence", "will", "attack_value", "attack_dice")


def stored(effect) -> bool:
    """A change this module keeps."""
    if isinstance(effect, ModifyValue):
        return effect.until in UNTILS and effect.value in VALUES
    return isinstance(effect, ModifyRoll) and effect.until in UNTILS


def add(state: State, uid: str, effect) -> State:
    kind, which = ("value", effect.value) if isinstance(effect, ModifyValue) \
        else ("roll", effect.roll)
    return replace(state, lasting=state.lasting + ((uid, kind, which, effect.by,
                                                    effect.until),))


def value_change(state: State, uid: str, value: str) -> int:
    return sum(by for holder, kind, which, by, _ in state.lasting
               if holder == uid and kind == "value" and which == value)


def roll_change(state: State, uid: str, roll: str) -> int:
    return sum(by for holder, kind, which, by, _ in state.lasting
               if holder == uid and kind == "roll" and which in (roll, "any"))


def forget(state: State, per: str) -> State:
    """The end of an activation ("activation") or of a round ("round")."""
    ended = {"activation", "turn"} | ({"round"} if per == "round" else set())
    kept = tuple(c for c in state.lasting if c[4] not in ended)
    return state if kept == state.lasting else replace(state, lasting=kept)
