"""Hits and wounds an ability deals outside the attack sequence (the vocabulary's
`deal_hits`: "it rolls a defence die for each, as in attack step 5";
`deal_wounds`: "no defence roll blocks them"), and a model left with no wounds
by them (seed 004, ATTACK SEQUENCE: "The defender rolls as many dice as hits
received ... Each [die] scoring equal or above their [defence] blocks 1 hit";
"Each unblocked hit causes the defender to suffer 1 [wound]"; MOUNTED
CHARACTERS: a mount's death leaves its rider; MOTIVATIONS CARDS: "Right before
a hero would be killed, flip their motivation card").

The defence roll counts what the attack's step 5 counts for a roll with no
attack: the model's passive and equipment defence modifiers, its passive
defence value, its shaken token (then lost: "After this roll is made, remove
the [shaken token]"). No defence ability and no coins: those are the
defender's choices within an attack (step 4). Rule module: reads state.py,
never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    attack,
    capture,
    charge_terrain,
    conditions,
    equipment,
    lasting,
    passives,
    requirements,
)
from server.rules.asoiaf.state import Condition, State, replace

HITS = "seed 004, ATTACK SEQUENCE steps 5-6 (hits rolled against the defence)"


def hit_count(pack, model, effect) -> int:
    """`hits`, or `large_hits` for a large model when the card gives them."""
    if effect.large_hits is not None and pack.models[model.card].large:
        return effect.large_hits
    return effect.hits


def defend(state: State, pack, uid: str, hits: int, dice) -> tuple[State, int]:
    """Model `uid` rolls a defence die per hit: (state with its shaken token
    spent, the unblocked hits)."""
    model = state.model(uid)
    if not hits or not model.on_battlefield:
        return state, 0
    field = charge_terrain.field_now(state)
    words = requirements.standing(state, pack, field, uid)
    modifier = passives.roll_modifier(state, pack, field, uid, "defence") \
        + equipment.roll_modifier(pack, model, "defence", words)
    value = pack.models[model.card].defence + passives.value_change(state, pack, field, uid,
                                                                     "defence")
    faces = attack.roll_defence(dice, hits)
    results = conditions.results(faces, Condition.SHAKEN in model.conditions, modifier)
    state = lasting.rolled(state.with_model(conditions.after_roll(model)), uid, "defence")
    return state, hits - attack.blocks(faces, results, value, hits)


def wound(state: State, pack, uid: str, wounds: int, by: str = "") -> State:
    """Model `uid` suffers `wounds` (none blocked). Left with none it dies: a
    mounted one loses only its mount (its player places the rider,
    `State.dismounting`); a hero so killed flips to its Deceased side, `by`
    the model that killed it. Outside an attack an enemy `by` killed it as an
    attack's attacker would: `State.killers` and its Alive side's kills_enemy."""
    from server.rules.asoiaf import motivations  # (it wounds killers through here)

    model = state.model(uid)
    if not wounds or not model.on_battlefield:
        return state
    lost = min(wounds, model.wounds_left)
    model = replace(model, wounds_left=max(0, model.wounds_left - wounds))
    state = state.with_model(model)
    if model.wounds_left:  # OLDEST BROTHER "right after they lose a [wound]"
        from server.rules.asoiaf import wounds_outside

        return wounds_outside.queue(state, pack, uid, lost)
    card = pack.models[model.card]
    if card.large and card.infantry:  # seed 004, MOUNTED CHARACTERS: only the mount dies
        return replace(state, dismounting=state.dismounting + (uid,))
    squares = model.squares
    state = capture.kill(state, uid)
    if by and not state.attack and state.model(by).seat != model.seat:
        # a kill like an attack's: the killer's kills_enemy triggers and Alive side
        state = replace(state, killers=state.killers + ((uid, by),))
        state = motivations.alive_triggers(state, by, uid, "killed", pack.models,
                                           pack.motivations)
    return motivations.deceased_side(state, uid, pack.models, pack.motivations, squares, by)


def restore(state: State, pack, uid: str, wounds: int) -> State:
    """Model `uid` regains up to `wounds` lost wounds, never beyond its card's
    (and its equipment's: HEIRLOOM ARMOR)."""
    model = state.model(uid)
    most = pack.models[model.card].wounds + equipment.extra_wounds(pack, model)
    return state.with_model(replace(model, wounds_left=min(most, model.wounds_left + wounds)))
