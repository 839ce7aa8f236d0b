"""What an ability can never do at its timing: the pack checker refuses such a
card with a sentence naming why, rather than the engine silently never using
it (issue 31: "a community can add a card pack without writing Python").

Only what no table could ever make true is refused: a requirement the timing
never sees (requirements.BY_TIMING), the attacker or defender outside an
attack, a trigger model outside a trigger or gone from the battlefield (the
model a kill or capture removed), a `killed` trigger's own model (gone: a
motivation's Deceased side), a one-off effect on a passive
("always active": seed 004, ABILITIES), a nemesis after the battle began, a
change lasting the activation or turn when none is in progress (or the action
at the end of the game: none follows), a `free` grant anywhere but on the
model's own activation, a trigger's move with no model to move or to move
from or to.

    timing_problems(Ability(name="X", timing="passive", text="",
                            effects=[DealWounds(wounds=1)]))
        -> ["a 'deal_wounds' effect happens once, and a passive ability is ..."]
"""

from __future__ import annotations

from server.rules.asoiaf import requirements
from server.rules.asoiaf.cards.vocabulary import (
    ExtraDice,
    ExtraSquares,
    GrantAction,
    IgnoreEngagement,
    ImmuneToCondition,
    KillOutright,
    ModifyRoll,
    ModifyValue,
    MoveModel,
    Nemesis,
    RedirectWounds,
    SeeAll,
    Special,
)

# timings at which an attack is in progress (the attacker and defender exist)
IN_ATTACK = ("defence", "aftermath", "wounds", "movement")
# what a passive may say: lasting changes, nothing that happens once (a special
# hook is engine code that says for itself when it acts)
PASSIVE_KINDS = (ModifyRoll, ModifyValue, ExtraSquares, ImmuneToCondition, SeeAll, Special)
# triggers whose trigger model is the model this one killed or captured: gone
GONE_TRIGGER_MODEL = ("kills_enemy", "captures_enemy")
# triggers whose trigger model has left the battlefield (the enemy killed or
# captured) or is the model itself (model_triggers.py)
NO_TRIGGER_MODEL = ("kills_enemy", "captures_enemy", "interacts_plunder",
                    "spent_last_copper")
# what only an attack's own resolution does
ATTACK_ONLY = (ExtraDice, KillOutright)


def timing_problems(ability) -> list[str]:
    timing = ability.timing
    out = requirements.refused(timing, ability.requires)
    for effect in _all(ability.effects):
        tag = effect.__struct_config__.tag
        who = getattr(getattr(effect, "target", None), "who", None)
        if who in ("attacker", "defender") and timing not in IN_ATTACK:
            out.append(f"a '{tag}' effect aims at the {who}, but a '{timing}' ability is "
                       "not used during an attack")
        if who == "trigger_model" and timing != "trigger":
            out.append(f"a '{tag}' effect aims at the trigger model, but only a 'trigger' "
                       "ability has one")
        if who == "trigger_model" and ability.trigger in GONE_TRIGGER_MODEL:
            out.append(f"a '{tag}' effect aims at the trigger model, but the model killed "
                       "or captured has left the battlefield; aim at this model or at "
                       "friendly or enemy models")
        if who == "self" and ability.trigger == "killed" \
                and not isinstance(effect, MoveModel):  # (a move: _move_problems)
            out.append(f"a '{tag}' effect aims at this model, but a 'killed' ability is "
                       "used as it leaves the battlefield (a motivation's Deceased side); "
                       "aim at the model that killed it ('trigger_model') or at friendly "
                       "or enemy models")
        if timing == "passive" and not isinstance(effect, PASSIVE_KINDS):
            out.append(f"a '{tag}' effect happens once, and a passive ability is always "
                       "active with no moment to do it; make it a 'trigger' ability")
        if isinstance(effect, GrantAction) and effect.free and (
                timing != "activation" or who != "self"
                or effect.action not in ("move", "attack")):
            out.append("a 'free' grant_action is the model's own move or attack \"as a "
                       "free action, before announcing their first action\" (seed 004, "
                       "AGENDA CARDS); make it an 'activation' ability granting 'move' or "
                       "'attack' to the model itself ('self'), or drop 'free'")
        if isinstance(effect, MoveModel):
            out += _move_problems(ability.trigger, effect, who)
        if isinstance(effect, Nemesis) and timing != "start_of_game":
            out.append("a nemesis is chosen \"before the battle begins\"; make it a "
                       "'start_of_game' ability")
        if timing in ("start_of_game", "end_of_game"):
            # (at the start an "action" is the model's next: lasting.py)
            unheld = ("activation", "turn") if timing == "start_of_game" \
                else ("action", "activation", "turn")
            if getattr(effect, "until", "") in unheld:
                out.append(f"a '{tag}' effect lasts the {effect.until}, but no "
                           f"{effect.until} is in progress at a '{timing}' ability")
            if isinstance(effect, (*ATTACK_ONLY, IgnoreEngagement, RedirectWounds)):
                out.append(f"a '{tag}' effect needs an attack, move or wound in "
                           f"progress, and a '{timing}' ability has none")
    return out


def _move_problems(trigger, effect, who) -> list[str]:
    """A trigger's move with nothing to move, or nothing to move from or to:
    AWAY ends "as far away as possible from the model who initiated the away
    action", TOWARDS takes "the shortest way possible" into contact with it
    (seed 004, COMMON GAME TERMS)."""
    way = "away from" if effect.direction == "away" else "towards"
    if trigger == "killed" and who == "self":
        return ["a 'move_model' moves the model itself, but a 'killed' trigger is used "
                "once it is removed from the battlefield"]
    if trigger == "killed" and effect.direction != "free":
        return [f"a 'move_model' moves a model {way} the model itself, but a "
                "'killed' trigger is used once it is removed from the battlefield; make "
                "it 'free'"]
    if trigger in NO_TRIGGER_MODEL and who == "self" and effect.direction != "free":
        return [f"a 'move_model' moves the model itself {way} the "
                f"trigger model, but a '{trigger}' trigger has none on the battlefield "
                "to move from or to; make it 'free'"]
    return []


def _all(effects):
    """The effects and those inside their will tests."""
    for effect in effects:
        yield effect
        yield from _all(getattr(effect, "on_success", ()))
        yield from _all(getattr(effect, "on_failure", ()))
