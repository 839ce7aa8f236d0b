"""Changes an ability makes that outlast it (the vocabulary's `modify_value`:
"Change one of the target's card values by `by` while `until` lasts", and
`modify_roll` lasting a turn, a round or the game; one lasting the activation
is State.roll_bonuses'). A change of "wounds" moves the model's maximum wounds
(`most_wounds`, `fit_wounds`). Each waits in `State.lasting` (uid, "value" or
"roll", the value or roll, by, until) and counts with the passives
(passives.value_change, passives.roll_modifier).

When each ends (seed 004, PLAYING THE GAME: "During a round, both players use
their whole warband, one model at a time. Each time a player does so, it is
during their turn"; THE END PHASE: "Some game effects that last until the end
of the round are removed"): "activation" and "turn" at the end of the
activation in progress, "round" at the end of the round, "game" never;
"roll" when the model next makes a roll it changes (`rolled`: an attack roll
for "attack" and the attack values, a defence roll for "defence", a will test
for "will"; "any": the next roll of any kind), "action" when the model's next
action ends (`after_action`: the one in progress if it is acting, our reading
of "the next action"). An attack's own improvements and defence abilities for
"roll" or "action" are not stored: they apply to that attack (coins.py). Rule
module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf.cards.vocabulary import ModifyRoll, ModifyValue
from server.rules.asoiaf.state import State, replace

LASTING = "seed 004, PLAYING THE GAME and THE END PHASE (effects lasting a turn or a round)"
# the `until`s stored (an attack's improvements keep theirs to that attack)
UNTILS = ("roll", "action", "activation", "turn", "round", "game")
# the card values each roll reads: a value change lasting a roll ends with it
ROLL_VALUES = {"attack": ("attack_value", "attack_dice"), "defence": ("defence",),
               "will": ("will",)}
# the events of a model's action, with the model in `model` (an attack's end is
# seen as the attack leaving the table)
ACTION_EVENTS = ("moved", "ability_used", "objective_used", "plundered", "terrain_charged",
                 "granted_move", "door_used", "corpse_pile_tested", "idled")
# the card values a change may touch here ("wounds": the maximum, `fit_wounds`)
VALUES = ("defence", "will", "attack_value", "attack_dice", "wounds")


def stored(effect) -> bool:
    """A change this module keeps."""
    return unstored(effect) is None


def unstored(effect) -> str | None:
    """Why this module keeps no such change (None: it does); the pack checker
    names it to the card's author."""
    if not isinstance(effect, ModifyRoll | ModifyValue):
        return f"a '{effect.__struct_config__.tag}' effect is no lasting change"
    if effect.until not in UNTILS:
        return f"a change lasting '{effect.until}' is not kept (it lasts one of {UNTILS})"
    if isinstance(effect, ModifyValue) and effect.value not in VALUES:
        return (f"a 'modify_value' of '{effect.value}' is not kept by the engine; "
                f"change one of {', '.join(VALUES)}")
    if isinstance(effect, ModifyValue) and effect.value == "wounds" and effect.until == "roll":
        return ("a change of maximum wounds lasting the roll is read by no roll; make it "
                "last an action or longer")
    return None


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


def rolled(state: State, uid: str, roll: str) -> State:
    """Model `uid` made a `roll` roll: its changes lasting that roll end."""
    values = ROLL_VALUES[roll]
    kept = tuple(c for c in state.lasting
                 if not (c[0] == uid and c[4] == "roll"
                         and ((c[1] == "roll" and c[2] in (roll, "any"))
                              or (c[1] == "value" and c[2] in values))))
    return state if len(kept) == len(state.lasting) else replace(state, lasting=kept)


def after_action(before: State, after: State, event) -> State:
    """The changes lasting an action end with the acting model's action (not
    those its action made: they last its next one)."""
    if not any(c[4] == "action" for c in after.lasting):
        return after
    d = event.data
    actor = ""
    if event.type in ACTION_EVENTS and (event.type != "granted_move"
                                        or d["square"] is not None or d.get("idle")) \
            and not (event.type == "granted_move" and len(before.granted) > 2):
        # (a forfeited grant has no square: no action; an ability's move of a
        # picked model is no action of that model's)
        actor = d.get("model", "")
    elif before.attack and not after.attack:
        actor = before.attack.attacker
    kept = tuple(c for c in after.lasting
                 if not (c[0] == actor and c[4] == "action" and c in before.lasting))
    return after if len(kept) == len(after.lasting) else replace(after, lasting=kept)


def most_wounds(state: State, pack, model) -> int:
    """Model `model`'s maximum wounds: its card's, its equipment's (HEIRLOOM
    ARMOR), and the lasting changes of "wounds" (never below 1)."""
    from server.rules.asoiaf.equipment import extra_wounds

    return max(1, pack.models[model.card].wounds + extra_wounds(pack, model)
               + value_change(state, model.uid, "wounds"))


def fit_wounds(before: State, after: State, pack) -> State:
    """After an event, each model whose maximum wounds a lasting change moved:
    raised, it gains the wounds now; lowered (a change made, or one raising it
    ended), its wounds left are cut to the new maximum (our reading: a change of
    a card value deals no wounds, so it kills nobody)."""
    if not any(c[2] == "wounds" for c in before.lasting + after.lasting):
        return after
    for model in after.models:
        was = value_change(before, model.uid, "wounds")
        shift = value_change(after, model.uid, "wounds") - was
        if not shift or not model.on_battlefield or not model.wounds_left:
            continue  # (one left with none dies of its wounds all the same)
        left = model.wounds_left + shift if shift > 0 else model.wounds_left
        after = after.with_model(replace(model, wounds_left=min(
            most_wounds(after, pack, model), left)))
    return after
