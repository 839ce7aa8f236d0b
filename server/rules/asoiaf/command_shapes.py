"""What the command abilities' effects can be (command_abilities.py applies
them): the one list the engine offers by (command, activation, will and coin
trigger abilities, and through them the other triggers, the end phase and
objective actions) and the pack checker refuses by (cards/engine_shapes.py),
so a card the engine would never use is refused at load with the reason
`unsupported` gives. Rule module: never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import agenda_plays, lasting
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    DealHits,
    DealWounds,
    DrawAgenda,
    GainCoins,
    GrantAction,
    ModifyRoll,
    ModifyValue,
    MoveModel,
    RemoveCondition,
    RestoreWounds,
    ScoreVP,
    WillTest,
)
from server.rules.asoiaf.picks import CHOOSERS

# the actions an ability may grant (granted.py offers each; seed 004, LIST OF
# ACTIONS)
GRANTABLE = ("move", "attack", "charge", "charge_terrain", "interact", "idle")
# what the command abilities do, in a card author's words
KNOWN = ("conditions given or taken, will tests, wounds dealt or restored, hits, "
         "lasting roll or value changes, granted actions, picked models' moves, "
         "coins, VP and agenda cards")
_AIMS = (*CHOOSERS, "chosen", "self", "trigger_model")


def granted_later_problem(effect: GrantAction, whose: str) -> str | None:
    """Why a grant made outside an activation (an aftermath, a motivation, the start
    of the game: granted.py carries it out later) could never be: an action the
    engine does not grant, or a 'free' one (a free action is made only by a model
    as it activates). `whose` names the card part in the reason: "an aftermath's"."""
    if effect.action not in GRANTABLE:
        return (f"{whose} grant_action grants '{effect.action}', which is not an action "
                f"the engine grants ({', '.join(GRANTABLE)})")
    if effect.free:
        return (f"{whose} grant_action is 'free', but a free action is made only by a "
                "model as it activates; drop 'free'")
    return None


def supported(effects, activation: bool = False) -> bool:
    return unsupported(effects, activation) is None


def unsupported(effects, activation: bool = False) -> str | None:
    """Why the engine cannot apply every effect (None: it can): conditions,
    will tests, wounds dealt or restored and hits (hits.py) on 1 model (or on
    every friendly or enemy model the words fit: `count` 0), a lasting change
    (lasting.py), an action granted to the chosen model(s) and picked models'
    moves (WISE WORDS; GRANTABLE, granted.py: several wait their turn,
    grant_queue.py), coins its player gains (DOWAGER'S RESOURCES) and agenda
    cards it draws (in events as it is used, secret_events.ability_draws;
    inside a will test, as many as its result draws: Recorded.drawn). On an
    `activation` ability (`activation`), a `free` grant of a move or an attack
    to the model itself: it "immediately performs 1 [action] as a free action,
    before announcing their first action", as an agenda's (agenda_plays.py).
    Effects with different target words pick their models each (picks.py)."""
    for effect in effects:
        reason = _effect_problem(effect, activation)
        if reason:
            return reason
    return None


def _effect_problem(effect, activation: bool) -> str | None:
    tag = effect.__struct_config__.tag
    if isinstance(effect, WillTest):  # (its cards drawn as it is used: Recorded.drawn)
        inner = unsupported(effect.on_success + effect.on_failure)
        if inner:
            return f"inside its will test, {inner}"
    elif isinstance(effect, ModifyRoll | ModifyValue):
        reason = lasting.unstored(effect)  # (maximum wounds are not kept: lasting.VALUES)
        if reason:
            return reason
    elif isinstance(effect, GrantAction):
        if effect.action not in GRANTABLE:
            return f"'{effect.action}' is not an action the engine grants"
        if effect.free and not (activation and effect.target.who == "self"
                                and effect.action in agenda_plays.FREE_EVENT):
            return ("a 'free' grant_action is the model's own move or attack on its "
                    "'activation' ability; drop 'free'")
    elif isinstance(effect, MoveModel):  # a picked model's move waits (grant_queue.py)
        if effect.target.who not in (*CHOOSERS, "chosen"):
            return (f"a 'move_model' of '{effect.target.who}' is not made by this "
                    "ability; it moves 'friendly', 'enemy' or 'chosen' models its "
                    "player picks (a model's own move is a move action's or a "
                    "'movement' ability's)")
    elif isinstance(effect, GainCoins | ScoreVP | DrawAgenda):  # its player's: no target
        return None
    elif not isinstance(effect, ApplyCondition | RemoveCondition | DealWounds | DealHits
                        | RestoreWounds):
        return f"a '{tag}' effect is none the engine applies here (it applies {KNOWN})"
    if effect.target.who not in _AIMS:
        return (f"a '{tag}' effect aims at '{effect.target.who}', and this ability aims at "
                "'self', 'trigger_model' or 'friendly' / 'enemy' models its player picks "
                "(then 'chosen')")
    if effect.target.count != 1 and not many(effect):
        return (f"a '{tag}' effect has count {effect.target.count} on "
                f"'{effect.target.who}', which is one model; only 'friendly' or 'enemy' "
                "targets count several")
    return None


def many(effect) -> bool:
    """Several friendly or enemy models (`count` 2 or more, picked; 0, every such
    model): a token, wounds, hits, wounds back, a lasting change, a will test or
    a grant for each, one model after the other (a grant waits its turn:
    grant_queue.py)."""
    return effect.target.who in CHOOSERS and effect.target.count != 1


def command_unsupported(ability) -> str | None:
    """Why a `command` or `activation` ability of a model card is never offered
    (command_abilities.specs), None when it can be: an activation ability is
    used "as this model activates", before its first action, for no AP."""
    if ability.timing == "activation" and ability.ap:
        return ("an 'activation' ability is used as the model activates, before its first "
                "action, and costs no AP; drop its 'ap' (or make it a 'command' ability)")
    return unsupported(ability.effects, ability.timing == "activation")


def will_unsupported(ability) -> str | None:
    """Why a `will` ability never waits for its player after a passed will test
    (will_waiting.will_abilities_wait), None when it can."""
    if "will_test_passed" not in ability.requires:
        return ("a 'will' ability is used \"after passing a will test\": its 'requires' "
                "must list 'will_test_passed'")
    return unsupported(ability.effects)
